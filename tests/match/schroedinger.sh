# qecmatch -variant schroedinger (issue 11, docs/players/rules-schroedinger.md), sourced by tests/match/run.sh
# (uses check/ok/bad, cli_case, $TMP, $FIX, $REL, $RUNNER). The runner keeps the game on
# engine/worlds.h's worlds: every engine move checked against S2.1, the S3 ends adjudicated with
# their reason, records with [Variant "Schroedinger"] in long algebraic with M, each move's
# coordinate token in a comment, that replay (pgn_check on the worlds, and qec itself via
# `position startpos moves …`, S4.2).
H="$TMP/worlds"
mkdir -p "$H"
worlds_people_form() { # PGN: each move in the long form with M (`Mb1-c3`, `e7-e8=M`), then its 4-letter token (S4.1, S2.5) in a comment
    python3 - "$1" <<'EOF'
import re, sys
for g in re.split(r"\n\s*\n(?=\[)", open(sys.argv[1]).read().strip()):
    body = g.split("\n\n", 1)[1]
    pairs = re.findall(r"(\S+) \{([a-h][1-8][a-h][1-8][^}]*)\}", body)
    if not pairs:
        sys.exit("no move with a token comment")
    for text, tok in pairs:
        if not re.fullmatch(r"M?[a-h][1-8][-x][a-h][1-8](=M)?[+#]?", text) or not re.fullmatch(r"[a-h][1-8][a-h][1-8]", tok):
            sys.exit("bad move %r {%s}" % (text, tok))
        if re.findall(r"[a-h][1-8]", text) != [tok[:2], tok[2:]]:
            sys.exit("move %r and token %r disagree" % (text, tok))
    rest = re.sub(r"\S+ \{[a-h][1-8][a-h][1-8][^}]*\}|\{[^}]*\}", " ", body).split()
    if any(not re.fullmatch(r"\d+\.|1-0|0-1|1/2-1/2", w) for w in rest):
        sys.exit("stray movetext words %r" % rest)
EOF
}

worlds_tokens() { # PGN: each game's moves as tokens, a line each (engine/'s reader, pgn_check --uci)
    "$REL/pgn_check" --uci "$1" | grep -E "^[a-h][1-8][a-h][1-8]"
}

# Random fixtures to the end of each game: S3's ends come up, every record replays.
out=$(timeout 300 $RUNNER -variant schroedinger -engine cmd="$FIX random" name=R1 -engine cmd="$FIX random 0 7" name=R2 \
    -each st=0.02 timemargin=1000 -games 12 -repeat -concurrency 2 -pgnout "$H/rand.pgn" -debug 2>"$H/rand.log"); rc=$?
check "schroedinger fixtures: exit 0 ($rc), no forfeit" eval '[ $rc -eq 0 ] && ! grep -q "Forfeits of" <<<"$out"'
check "schroedinger fixtures: 12 records replay on the worlds with their S3 ends (pgn_check)" "$REL/pgn_check" "$H/rand.pgn" 12
check "schroedinger fixtures: [Variant \"Schroedinger\"] in every record, never a FEN (S4.2)" \
    eval '[ "$(grep -c "^\[Variant \"Schroedinger\"\]$" "$H/rand.pgn")" = 12 ] && ! grep -qE "^\[(FEN|SetUp|EntMap) " "$H/rand.pgn"'
check "schroedinger fixtures: movetext in long algebraic with M, tokens without letters in comments (S4.1, S2.5)" worlds_people_form "$H/rand.pgn"
check "schroedinger fixtures: FinalFEN writes majors as M/m, never a type letter (S4.3)" \
    eval '! grep "^\[FinalFEN" "$H/rand.pgn" | cut -d"\"" -f2 | cut -d" " -f1 | grep -q "[KQRBNkqrbn]" && grep -q "^\[FinalFEN \"[^ ]*[Mm]" "$H/rand.pgn"'
check "schroedinger fixtures: every engine is sent UCI_Variant schroedinger, every game" \
    eval '[ "$(grep -c "< setoption name UCI_Variant value schroedinger$" "$H/rand.log")" = 24 ]'
check "schroedinger fixtures: only 'position startpos [moves …]' is sent (S4.2)" \
    eval 'grep -q "< position startpos moves " "$H/rand.log" && ! grep -q "< position fen" "$H/rand.log"'
check "schroedinger fixtures: rule ends with S-rule comments" \
    eval 'grep -qE "^Terminations: .*(mate|stalemate|repetition|fifty turns|insufficient material)" <<<"$out" && grep -qE "\{.*\(S3\.[23]\)\}" "$H/rand.pgn"'
check "schroedinger fixtures: qec reads every record back to its final position and result" \
    python3 tests/match/qec_readback.py "$H/rand.pgn" ./qec

# A record that does not follow the worlds is caught: a major made to move as no type allows.
python3 - "$H/rand.pgn" "$H/tampered.pgn" <<'EOF'
import re, sys
game = re.split(r"\n\s*\n(?=\[)", open(sys.argv[1]).read().strip())[0]
# 1. Mb1-b3 is a rook/queen step over the b2 pawn: legal in no world (S2.1).
game = re.sub(r"\n\n1\. \S+ \{[^}]*\}", "\n\n1. Mb1-b3 {b1b3}", game, count=1)
open(sys.argv[2], "w").write(game + "\n\n")
EOF
out=$("$REL/pgn_check" "$H/tampered.pgn" 2>&1); rc=$?
check "pgn_check refuses a schroedinger record with a move no world allows ($rc)" \
    eval '[ $rc -ne 0 ] && grep -q "illegal move (.*): .Mb1-b3." <<<"$out"'

# A move no consistent world allows is a forfeit (S2.1), with the legal moves named.
out=$(timeout 60 $RUNNER -variant schroedinger -engine cmd="$FIX random" name=Good -engine cmd="$FIX illegal 3" name=Bad \
    -each st=0.05 timemargin=1000 -games 2 -pgnout "$H/illegal.pgn" 2>&1); rc=$?
check "schroedinger illegal move: exit 0 ($rc), Bad forfeits both games" \
    eval '[ $rc -eq 0 ] && [ "$(grep -c "^\[Termination \"illegal decision\"\]" "$H/illegal.pgn")" = 2 ] && grep -q "Forfeits of Bad: illegal decision 2" <<<"$out"'
check "schroedinger illegal move: the reason names the token and the legal moves" \
    grep -qE "\{(White|Black) \(Bad\) sends an illegal decision: '[a-h][1-8][a-h][1-8]' \(legal: [a-h][1-8][a-h][1-8]" "$H/illegal.pgn"
check "schroedinger illegal move: records replay (pgn_check)" "$REL/pgn_check" "$H/illegal.pgn" 2

# Openings: random move lists from the start position (no map, no FEN), a file of move lists,
# and a schroedinger PGN's first moves.
timeout 60 ./qecmatch -variant schroedinger -engine cmd="$FIX random" -engine cmd="$FIX random 0 2" -each st=0.02 \
    timemargin=1000 -games 4 -repeat -openings random seed=9 plies=6 balance=off -maxmoves 12 -pgnout "$H/ropen.pgn" >/dev/null 2>&1
check "schroedinger random openings: 4 games of 6 book plies, pairs share them, records replay" python3 - "$H/ropen.pgn" "$REL/pgn_check" <<'EOF'
import re, subprocess, sys
games = re.split(r"\n\s*\n(?=\[)", open(sys.argv[1]).read().strip())
heads = [" ".join(re.sub(r"\d+\.", " ", g.split("\n\n", 1)[1]).split()[:6]) for g in games]
ok = len(games) == 4 and all('[BookTurns "6"]' in g for g in games) and heads[0] == heads[1] and heads[2] == heads[3] \
    and heads[0] != heads[2] and subprocess.run([sys.argv[2], sys.argv[1], "4"], capture_output=True).returncode == 0
sys.exit(0 if ok else 1)
EOF
printf '%s\n' '# two openings' 'startpos moves b1c3 g8f6 e2e4' 'startpos moves d2d4 ;D1 30' >"$H/book.epd"
timeout 60 ./qecmatch -variant schroedinger -engine cmd="$FIX random" -engine cmd="$FIX random 0 2" -each st=0.02 \
    timemargin=1000 -games 4 -repeat -openings file="$H/book.epd" -maxmoves 8 -pgnout "$H/fopen.pgn" >/dev/null 2>&1
check "schroedinger opening file: the games start with its move lists, in order, and replay" \
    eval '"$REL/pgn_check" "$H/fopen.pgn" 4 >/dev/null && [ "$(worlds_tokens "$H/fopen.pgn" | grep -c "^b1c3 g8f6 e2e4 ")" = 2 ] && [ "$(worlds_tokens "$H/fopen.pgn" | grep -c "^d2d4 ")" = 2 ] && grep -q "^\[BookTurns \"3\"\]" "$H/fopen.pgn"'
timeout 60 ./qecmatch -variant schroedinger -engine cmd="$FIX random" -engine cmd="$FIX random 0 2" -each st=0.02 \
    timemargin=1000 -games 2 -openings file="$H/rand.pgn" plies=5 -maxmoves 8 -pgnout "$H/popen.pgn" >/dev/null 2>&1
first5=$(worlds_tokens "$H/rand.pgn" | awk '{print $1, $2, $3, $4, $5; exit}')
check "schroedinger PGN openings: the first game's 5 moves ($first5)" \
    eval '"$REL/pgn_check" "$H/popen.pgn" 2 >/dev/null && [ "$(worlds_tokens "$H/popen.pgn" | awk "{print \$1, \$2, \$3, \$4, \$5; exit}")" = "$first5" ]'
worlds_open_fails() { # what file-line: a bad line stops the run (exit 2) with the reason
    printf '%s\n' "$3" >"$H/bad.epd"
    local want=$2 out rc; out=$(timeout 30 ./qecmatch -variant schroedinger -engine cmd="$FIX random" -engine cmd="$FIX random" -each st=0.02 \
        -openings file="$H/bad.epd" 2>&1); rc=$?
    check "schroedinger opening file, $1: refused ($rc) with '$2'" eval '[ $rc -ne 0 ] && grep -qF -- "$want" <<<"$out"'
}
worlds_open_fails "a FEN line" "a move list from the start position" "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
worlds_open_fails "a third knight jump" "bad.epd:1: move 5 (c1d3)" "startpos moves b1a3 a7a6 g1h3 a6a5 c1d3"
worlds_open_fails "a promotion letter" "bad.epd:1: move 1 (e2e4q)" "startpos moves e2e4q"
worlds_open_fails "not 'moves'" "want 'moves' after 'startpos'" "startpos e2e4"

# ./qec at fixed nodes: a reproducible match with the balance check of the random openings.
if [ "${ENG:-}" = ./qec ] || printf 'uci\nquit\n' | timeout 5 ./qec 2>/dev/null | grep -q 'var schroedinger'; then
    worlds_nodes() {
        timeout 300 ./qecmatch -variant schroedinger -engine cmd=./qec name=A -engine cmd=./qec name=B -each nodes=1500 \
            -games 2 -repeat -openings random seed=4 plies=4 nodes=1000 -maxmoves 60 -pgnout "$1" -debug 2>"$1.log" >/dev/null
    }
    worlds_nodes "$H/q1.pgn"; rc1=$?
    worlds_nodes "$H/q2.pgn"; rc2=$?
    check "qec schroedinger nodes=1500: exit 0 ($rc1, $rc2), 2 games that replay" \
        eval '[ $rc1 -eq 0 ] && [ $rc2 -eq 0 ] && "$REL/pgn_check" "$H/q1.pgn" 2 >/dev/null'
    check "qec schroedinger: the balance check scores 'position startpos moves …' with go nodes 1000" \
        eval 'grep -q "< position startpos moves [a-h1-8 ]*$" "$H/q1.pgn.log" && grep -q "< go nodes 1000$" "$H/q1.pgn.log"'
    check "qec schroedinger: the same games twice (fixed nodes)" \
        eval 'diff <(grep -v "^\[\(Date\|Time\|TimeControl\)" "$H/q1.pgn") <(grep -v "^\[\(Date\|Time\|TimeControl\)" "$H/q2.pgn") >/dev/null'
    check "qec schroedinger: qec reads its records back" python3 tests/match/qec_readback.py "$H/q1.pgn" ./qec
fi

# The runner's threads each keep their own worlds (variants/board.h) and build random openings
# at once (balance check included): three engines, three games at a time under TSan.
if [ -x ./qecmatch-tsan ]; then
    out=$(TSAN_OPTIONS="halt_on_error=1 exitcode=66" timeout 300 ./qecmatch-tsan -variant schroedinger -engine cmd="$FIX random" \
        -engine cmd="$FIX random 0 2" -engine cmd="$FIX random 0 3" -each st=0.05 timemargin=1000 -games 2 -repeat -concurrency 3 \
        -openings random seed=5 plies=4 nodes=500 -maxmoves 60 -pgnout "$H/tsan.pgn" 2>&1); rc=$?
    check "schroedinger under TSan (concurrency 3): exit 0 ($rc), no report, 6 records replay" \
        eval '[ $rc -eq 0 ] && ! grep -q ThreadSanitizer <<<"$out" && "$REL/pgn_check" "$H/tsan.pgn" 6 >/dev/null'
else
    skip_check "schroedinger games under TSan (./qecmatch-tsan not built: make tsan)"
fi

# `./qec openings` in schroedinger: balanced move lists (session/openings.c) and the shipped book.
worlds_qec() { printf '%s\n' "setoption name UCI_Variant value schroedinger" "$@" quit | timeout 120 ./qec | grep -v '^\(id\|option\|uciok\)'; }
lines=$(worlds_qec "openings 40 8 100 7 2" | grep -v '^info')
check "qec openings (schroedinger): 40 distinct lines of 8 moves from the start (S4.2)" \
    eval '[ "$(grep -cE "^startpos moves( [a-h][1-8][a-h][1-8]){8}$" <<<"$lines")" = 40 ] && [ "$(sort -u <<<"$lines" | wc -l)" = 40 ]'
check "qec openings (schroedinger): reproducible" eval '[ "$(worlds_qec "openings 40 8 100 7 2" | grep -v "^info")" = "$lines" ]'
check "qec openings (schroedinger): depth 3 refused with one error line" \
    eval '[ "$(worlds_qec "openings 5 8 100 1 3" | grep -c "^info string error: openings depth")" = 1 ]'
printf '%s\n' "$lines" >"$H/gen.epd"
check "qec openings (schroedinger): every line loads in qecmatch (legal, game not over)" \
    eval './qecmatch -variant schroedinger -engine cmd="$FIX random" -engine cmd="$FIX random" -each st=0.02 \
        -openings file="$H/gen.epd" start=40 -games 1 -maxmoves 1 >/dev/null 2>&1'
# Independently of the generator: in the first 8 lines the side to move has no mating move
# (each legal move played, then `d` must not say "mated", S3.2).
check "qec openings (schroedinger): no mate in one for the side to move" python3 - "$H/gen.epd" <<'PY'
import re, subprocess, sys
lines = [l.strip() for l in open(sys.argv[1]) if l.startswith("startpos")][:8]
def run(cmds):
    return subprocess.run(["./qec"], input="setoption name UCI_Variant value schroedinger\n" + "".join(c + "\n" for c in cmds) + "quit\n",
                          capture_output=True, text=True, timeout=120).stdout
for l in lines:
    legal = re.search(r"^info string legal (.*)$", run(["position " + l, "legal"]), re.M).group(1).split()
    out = run(sum((["position %s %s" % (l, m), "d"] for m in legal), []))
    if "mated" in out or "error" in out:
        sys.exit("%s: a mating move" % l)
PY
f=book/openings-schroedinger.epd
check "$f: 2000 distinct move lists" eval '[ "$(grep -vc "^#" $f)" = 2000 ] && [ "$(grep -v "^#" $f | sort -u | wc -l)" = 2000 ]'
check "qecmatch -variant schroedinger loads $f (every line checked) and plays its last opening" \
    eval './qecmatch -variant schroedinger -engine cmd="$FIX random" -engine cmd="$FIX random" -each st=0.02 \
        -openings file=$f start=2000 -games 1 -maxmoves 1 -pgnout "$H/book.pgn" >/dev/null 2>&1 &&
        "$REL/pgn_check" "$H/book.pgn" 1 >/dev/null && worlds_tokens "$H/book.pgn" | grep -q "^$(tail -n 1 $f | cut -d" " -f3-4) "'
