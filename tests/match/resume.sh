# Resumable matches (issue 33, -state FILE), sourced by tests/match/run.sh after shard.sh (uses
# check/ok/bad, $TMP, $REL, $FIX, $HOOKS, summary_of and same_counts). The runner is $HOOKS, the
# test build with the kill hook; ./qecmatch has none (checked at the end).
#   - a match killed with SIGKILL (in the middle of a PGN record, after a record but before the
#     state file, after the state file, in the middle of a game: the fixture kills the runner at
#     its N-th `go`), and killed again while resuming, then resumed to the end, ends with the
#     summary, JSON and PGN of the same match run without a stop: game pairs, SPRT, balanced
#     random openings, series, a 3-engine gauntlet shard, concurrency 2;
#   - a finished match run again plays nothing and reports the same; a state file moved in the
#     middle of a match, or copied, resumes from its new path;
#   - refusals: other arguments, a truncated / damaged / inconsistent state file, a PGN shorter
#     than the state file counts, a changed openings file; the state file is left as it was.
# Every kill comes from a hook at a chosen game or decision (QECMATCH_TEST_KILL, the fixture's
# FIXTURE_KILL_RUNNER), never from a timer, and the fixtures restart their random choices at
# every game (FIXTURE_GAME_SEEDED), so a replayed game is the same game: the verdicts do not
# depend on timing.
RS="$TMP/resume"
mkdir -p "$RS"

# The JSON of two runs is the same but for the clock's overrun figures.
same_json() {
    python3 - "$1" "$2" <<'PY'
import json, sys
def load(p):
    d = json.load(open(p))
    for e in d.get("engines", []):
        e.pop("overruns", None)
        e.pop("worstOverrunMs", None)
    return d
a, b = load(sys.argv[1]), load(sys.argv[2])
if a != b:
    print("JSON differs:\n ", a, "\n ", b)
sys.exit(0 if a == b else 1)
PY
}
no_date() { grep -v '^\[Date ' "$1"; }
sanitizer_clean() { ! grep -qE "AddressSanitizer|runtime error|LeakSanitizer|ThreadSanitizer" "$@"; }

# resume_case NAME CONC KILLS ARGS...: the match ARGS at -concurrency CONC run without a stop,
# then with -state, killed at each of KILLS in turn ("pgn:N", "unsaved:N", "saved:N" for the
# runner's hook, "go:N" for the fixture's), then resumed to its end; the two must agree. With
# MOVE_STATE=1 the state file is moved to another folder after the last kill and the match is
# resumed from there.
resume_case() {
    local name=$1 conc=$2 kills=$3; shift 3
    local d="$RS/$name" k rc n=0 st="$RS/$name/state"
    mkdir -p "$d"
    env FIXTURE_GAME_SEEDED=1 timeout 300 "$HOOKS" "$@" -concurrency "$conc" -pgnout "$d/full.pgn" \
        -jsonout "$d/full.json" >"$d/full.out" 2>&1
    check "resume $name: the run without a stop exits 0 ($?)" [ $? -eq 0 ]
    local run=(timeout 300 "$HOOKS" "$@" -concurrency "$conc" -pgnout "$d/r.pgn" -jsonout "$d/r.json" -state "$d/state")
    for k in $kills; do
        n=$((n + 1))
        # In a command substitution the shell's "Killed" note goes to /dev/null with its stderr.
        rc=$({
            case $k in
            go:*) env FIXTURE_GAME_SEEDED=1 FIXTURE_KILL_RUNNER="${k#go:}" "${run[@]}" >"$d/kill$n.out" 2>&1 ;;
            *) env FIXTURE_GAME_SEEDED=1 QECMATCH_TEST_KILL="$k" "${run[@]}" >"$d/kill$n.out" 2>&1 ;;
            esac
            echo $?
        } 2>/dev/null)
        check "resume $name: killed at $k (exit $rc, want 137)" [ "$rc" -eq 137 ]
        case $k in # the fixture's kill lands inside a game: started, not finished
        go:*) check "resume $name: $k killed the runner in the middle of a game" \
            eval '[[ "$(grep -E "^(Started|Finished) game" "$d/kill$n.out" | tail -n 1)" == Started* ]]' ;;
        esac
        check "resume $name: no JSON from a killed run" [ ! -e "$d/r.json" ]
    done
    if [ "${MOVE_STATE:-}" = 1 ]; then
        st="$d/moved/state"
        mkdir -p "$d/moved" && mv "$d/state" "$st"
        run=("${run[@]:0:${#run[@]}-1}" "$st")
    fi
    env FIXTURE_GAME_SEEDED=1 "${run[@]}" >"$d/r.out" 2>&1
    check "resume $name: resumed run exits 0 ($?)" [ $? -eq 0 ]
    check "resume $name: resumed run says so" grep -q "^qecmatch: resumed from $st" "$d/r.out"
    check "resume $name: summary = the run without a stop's" diff <(summary_of "$d/full.out") <(summary_of "$d/r.out")
    check "resume $name: JSON = the run without a stop's" same_json "$d/full.json" "$d/r.json"
    if [ "$conc" -eq 1 ]; then # games end in schedule order: the very same file
        check "resume $name: PGN = the run without a stop's (no game twice, none cut)" \
            diff <(no_date "$d/full.pgn") <(no_date "$d/r.pgn")
    else
        check "resume $name: PGN has the same games as the run without a stop's" \
            eval 'python3 tests/match/pgn_rounds.py "$d/full.pgn" "$d/r.pgn" >/dev/null'
    fi
    check "resume $name: every record replays" \
        eval '"$REL/pgn_check" "$d/r.pgn" "$(grep -c "^\[Event " "$d/full.pgn")" >/dev/null'
    check "resume $name: no sanitizer report" sanitizer_clean "$d"/*.out
}

F2=(-engine cmd="$FIX random 0 1" name=a -engine cmd="$FIX random 0 2" name=b -each nodes=1000 -seed 3)
RAND=(-openings random seed=5 plies=2 balance=off)
# 12 games as 6 pairs, killed four times: in game 3's record (pair 2's first game; games 1-2
# saved), after game 4 reached the PGN but not the state (unsaved:2 of the resumed run), after
# game 4, played again, reached the state (saved:1: between pairs), then by the fixture in the
# middle of a game.
resume_case pairs 1 "pgn:3 unsaved:2 saved:1 go:25" "${F2[@]}" "${RAND[@]}" -games 12 -repeat
# An SPRT that stops after 10 games (H0; pentanomial [0, 2, 2, 1, 0], LLR -3.05 by
# tests/match/stats_ref.py): killed after game 3 reached the PGN but not the state.
resume_case sprt 1 "unsaved:3" "${F2[@]}" "${RAND[@]}" -games 40 -repeat -sprt elo0=200 elo1=400 alpha=0.1 beta=0.1
check "resume sprt: the resumed run stopped on H0 as the run without a stop did" \
    grep -q "llr -3.05, H0 accepted; stopping" "$RS/sprt/r.out"
# Forfeits (b sends an illegal decision at its 60th, if the game lasts; a fresh process every game, so every game
# is the same when played again): the forfeit notes and counts are restored.
resume_case forfeits 1 "saved:3 pgn:2" -engine cmd="$FIX random 0 1" name=a -engine cmd="$FIX illegal 60 2" name=b \
    restart=on -each nodes=1000 -seed 3 "${RAND[@]}" -games 8 -repeat
check "resume forfeits: the resumed run reports b's forfeits" grep -q "^Forfeits of b: illegal decision" "$RS/forfeits/r.out"
# Balanced random openings (the fixture's balance mode rejects 2 of 3 maps): a pair's second
# game is replayed from the opening its first game had, and the replaced candidates add up.
resume_case balance 1 "saved:3 go:30" -engine cmd="$FIX balance 0 1" name=a -engine cmd="$FIX random 0 2" name=b \
    -each nodes=1000 -seed 3 -openings random seed=21 plies=2 nodes=500 -games 8 -repeat
check "resume balance: candidates were replaced" \
    python3 -c "import json, sys; sys.exit(json.load(open('$RS/balance/r.json'))['openingsRejected'] < 1)"
# Series: killed inside series 2 and inside series 3.
resume_case series 1 "saved:4 pgn:2 go:40" "${F2[@]}" "${RAND[@]}" -series -rounds 4
# A 3-engine gauntlet, shard 1 of 2, killed mid-game and mid-record.
resume_case gauntlet-shard 1 "go:30 pgn:2" "${F2[@]}" -engine cmd="$FIX random 0 3" name=c "${RAND[@]}" \
    -tournament gauntlet -games 4 -repeat -shard 1/2
# A state file moved to another folder in the middle of the match resumes from its new path
# (the match is known by its arguments, games and openings, not by where its file lies), and
# records that path from then on.
MOVE_STATE=1 resume_case moved 1 "saved:3" "${F2[@]}" "${RAND[@]}" -games 8 -repeat
check "resume moved: the state file records its new path" \
    python3 -c "import json, sys; a = json.load(open(sys.argv[1]))['args']; sys.exit(a[a.index('-state') + 1] != sys.argv[1])" \
    "$RS/moved/moved/state"
check "resume moved: nothing left at the old path" [ ! -e "$RS/moved/state" ]
# Two games at a time: games finish out of order; the state keeps the set of finished games.
resume_case concurrency 2 "saved:3 saved:2" "${F2[@]}" "${RAND[@]}" -games 12 -repeat
check "resume concurrency: the state file has all 12 games" \
    python3 -c "import json; import sys; sys.exit(len(json.load(open('$RS/concurrency/state'))['games']) != 12)"

# ---- a finished match run again: nothing is played, the same report ----
d="$RS/pairs"
cp "$d/r.pgn" "$d/done.pgn"
env FIXTURE_GAME_SEEDED=1 timeout 60 "$HOOKS" "${F2[@]}" "${RAND[@]}" -games 12 -repeat -concurrency 1 -pgnout "$d/r.pgn" \
    -jsonout "$d/r.json" -state "$d/state" >"$d/again.out" 2>&1
check "resume: a finished match run again exits 0 ($?)" [ $? -eq 0 ]
check "resume: ... plays no game" eval '! grep -q "^Started game" "$d/again.out"'
check "resume: ... reports the same summary" diff <(summary_of "$d/full.out") <(summary_of "$d/again.out")
check "resume: ... and the same JSON" same_json "$d/full.json" "$d/r.json"
check "resume: ... and leaves the PGN as it was" cmp -s "$d/done.pgn" "$d/r.pgn"

# ---- refusals: exit 2, a message, nothing changed ----
# refused NAME WANT STATE-FILE [extra args]: the pairs match resumed from STATE-FILE is refused.
refused() {
    local name=$1 want=$2 st=$3; shift 3
    local out rc
    cp "$st" "$RS/before"
    cp "$d/r.pgn" "$RS/before.pgn"
    out=$(env FIXTURE_GAME_SEEDED=1 timeout 60 "$HOOKS" "${F2[@]}" "${RAND[@]}" -games 12 -repeat -concurrency 1 \
        -pgnout "$d/r.pgn" -jsonout "$d/r.json" -state "$st" "$@" 2>&1); rc=$?
    check "resume refuses $name: exit 2 ($rc)" [ $rc -eq 2 ]
    check "resume refuses $name: message '$want'" grep -q -- "$want" <<<"$out"
    check "resume refuses $name: no game played" eval '! grep -q "^Started game" <<<"$out"'
    check "resume refuses $name: state file and PGN unchanged" eval 'cmp -s "$st" "$RS/before" && cmp -s "$d/r.pgn" "$RS/before.pgn"'
    check "resume refuses $name: no sanitizer report" eval '! grep -qE "AddressSanitizer|runtime error|LeakSanitizer" <<<"$out"'
}
refused "one more argument" "this command has more arguments than the state file's: from argument 27, '-event'" \
    "$d/state" -event x
# Damaged copies of the pairs state file (the last refusals use it as it is).
python3 - "$d/state" "$RS" <<'PY'
import json, sys
src, out = sys.argv[1], sys.argv[2]
text = open(src).read()
open(out + "/cut.state", "w").write(text[: len(text) // 2])
open(out + "/empty.state", "w").write("")
open(out + "/garbage.state", "w").write("\x00\x01 not json {{{")
def variant(name, change):
    d = json.loads(text)
    d["args"][d["args"].index("-state") + 1] = out + "/" + name + ".state"  # as the runner writes it
    change(d)
    json.dump(d, open(out + "/" + name + ".state", "w"))
variant("games10", lambda d: d["args"].__setitem__(d["args"].index("-games") + 1, "10"))
variant("other", lambda d: d.update(format="something else"))
variant("version", lambda d: d.update(version=99))
variant("result", lambda d: d["games"][0].update(result="2-0"))
variant("number", lambda d: d["games"][0].update(job=1.5))
variant("type", lambda d: d["games"][1].update(decisions="many"))
variant("twice", lambda d: d["games"].append(d["games"][0]))
variant("job", lambda d: d["games"][0].update(job=999))
variant("colour", lambda d: d["games"][0].update(white=1))
variant("seed", lambda d: d.update(seed="-1"))
variant("games", lambda d: d.update(games={"a": 1}))
variant("forfeit", lambda d: d["games"][0].update(forfeit={"reason": "bored", "by": "white", "detail": ""}))
PY
refused "another argument" "argument 17 (in -games) is '10' in the state file but '12' in this command" \
    "$RS/games10.state"
refused "a truncated file" "is not valid JSON (cut short or damaged?); refusing to resume" "$RS/cut.state"
refused "an empty file" "is not valid JSON" "$RS/empty.state"
refused "garbage" "is not valid JSON" "$RS/garbage.state"
refused "another format" "is malformed (not a qecmatch state file" "$RS/other.state"
refused "another version" "is malformed (version: missing, or not a whole number in \[1, 1\])" "$RS/version.state"
refused "a bad result" "games\[0\].result: '2-0' is not 1-0" "$RS/result.state"
refused "a fraction" "games\[0\].job: missing, or not a whole number" "$RS/number.state"
refused "a wrong type" "games\[1\].decisions: missing, or not a list of two numbers" "$RS/type.state"
refused "a game twice" "games\[12\]: game 0 of job 0 given twice" "$RS/twice.state"
refused "a job not in the match" "games\[0\]: job 999 is not in this match" "$RS/job.state"
refused "wrong colours" "games\[0\]: game 0 of job 0 with the wrong colours" "$RS/colour.state"
refused "a bad seed" "is malformed (seed:" "$RS/seed.state"
refused "games not a list" "is malformed (games: missing, or not a list)" "$RS/games.state"
refused "an unknown forfeit" "forfeit: unknown reason 'bored'" "$RS/forfeit.state"
# A copy of a finished match's state file, run from its new path: nothing played, the same
# report; the copy is rewritten with its own path and nothing else changed; the original stays.
cp "$d/state" "$RS/copied.state"
cp "$d/state" "$RS/original.state"
env FIXTURE_GAME_SEEDED=1 timeout 60 "$HOOKS" "${F2[@]}" "${RAND[@]}" -games 12 -repeat -concurrency 1 -pgnout "$d/r.pgn" \
    -jsonout "$d/r.json" -state "$RS/copied.state" >"$d/copied.out" 2>&1
check "resume: a copied state file resumes from its new path ($?)" grep -q "^qecmatch: resumed from $RS/copied.state" "$d/copied.out"
check "resume: ... plays no game" eval '! grep -q "^Started game" "$d/copied.out"'
check "resume: ... reports the same summary" diff <(summary_of "$d/full.out") <(summary_of "$d/copied.out")
check "resume: ... the copy differs from the original in its -state path only" python3 - "$d/state" "$RS/copied.state" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
i = a["args"].index("-state") + 1
ok = a["args"][i] == sys.argv[1] and b["args"][i] == sys.argv[2]
a["args"][i] = b["args"][i] = ""
sys.exit(0 if ok and a == b else 1)
PY
check "resume: ... and the original is untouched" cmp -s "$d/state" "$RS/original.state"
head -c 100 "$d/r.pgn" >"$RS/short.pgn" && cp "$d/r.pgn" "$RS/full-copy.pgn" && cp "$RS/short.pgn" "$d/r.pgn"
refused "a PGN shorter than the state counts" "the PGN file $d/r.pgn has 100 bytes, fewer than" "$d/state"
cp "$RS/full-copy.pgn" "$d/r.pgn"

# An openings file changed between the runs.
head -n 12 book/openings-qec.epd >"$RS/book.epd"
rc=$({ env FIXTURE_GAME_SEEDED=1 QECMATCH_TEST_KILL=saved:2 timeout 60 "$HOOKS" "${F2[@]}" -openings file="$RS/book.epd" \
    order=random -games 6 -repeat -state "$RS/book.state" >"$RS/book1.out" 2>&1; echo $?; } 2>/dev/null)
check "resume: EPD match killed after 2 games (exit $rc)" [ "$rc" -eq 137 ]
sed -i '$d' "$RS/book.epd"
out=$(timeout 60 "$HOOKS" "${F2[@]}" -openings file="$RS/book.epd" order=random -games 6 -repeat -state "$RS/book.state" 2>&1)
check "resume refuses a changed openings file: exit 2 ($?)" [ $? -eq 2 ]
check "resume refuses a changed openings file: message" grep -q "was written for other openings or another schedule" <<<"$out"

# ---- the shipped runner has no test hooks ----
# The kill that stops the test build after its first game does nothing to ./qecmatch (nor to
# ./qecmatch-debug): both games played, exit 0; and no hook's name is in those binaries.
for r in ./qecmatch ./qecmatch-debug; do
    [ -x "$r" ] || continue
    rm -f "$RS/nohook.state"
    rc=$({ env QECMATCH_TEST_KILL=saved:1 timeout 60 "$r" "${F2[@]}" "${RAND[@]}" -games 2 -state "$RS/nohook.state" \
        >"$RS/nohook.out" 2>&1; echo $?; } 2>/dev/null)
    check "$r ignores QECMATCH_TEST_KILL=saved:1: exit $rc, want 0" [ "$rc" -eq 0 ]
    check "$r ignores QECMATCH_TEST_KILL: both games finished" [ "$(grep -c '^Finished game' "$RS/nohook.out")" -eq 2 ]
    check "$r names no test hook" eval '! grep -q QECMATCH_TEST_ "$r"'
done
rm -f "$RS/nohook.state"
rc=$({ env QECMATCH_TEST_KILL=saved:1 timeout 60 "$HOOKS" "${F2[@]}" "${RAND[@]}" -games 2 -state "$RS/nohook.state" \
    >"$RS/hook.out" 2>&1; echo $?; } 2>/dev/null)
check "the test build dies at the same hook: exit $rc, want 137" [ "$rc" -eq 137 ]
