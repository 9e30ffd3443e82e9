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
#   - the file grows by appends (the same file, earlier bytes unchanged); a last line cut short
#     (a stop while appending) is dropped and its game played again; a version 1 file is read;
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
SF="import sys; sys.path.insert(0, 'tests/match'); import state_file"
# A state file deleted during the run (the hook deletes it before game 3 is saved): the runner
# writes it again whole, says so, and plays on; the file then holds every game, and the summary
# is the run without a stop's.
d="$RS/pairs"
env FIXTURE_GAME_SEEDED=1 QECMATCH_TEST_KILL=unlink:3 timeout 300 "$HOOKS" "${F2[@]}" "${RAND[@]}" -games 12 -repeat \
    -concurrency 1 -pgnout "$d/u.pgn" -jsonout "$d/u.json" -state "$d/u.state" >"$d/u.out" 2>&1
check "resume deleted: the run exits 0 ($?)" [ $? -eq 0 ]
check "resume deleted: the runner says it wrote the state file again" \
    grep -q "^qecmatch: the state file $d/u.state was gone; written again with the 3 games finished" "$d/u.out"
check "resume deleted: the state file has all 12 games" \
    python3 -c "$SF; sys.exit(len(state_file.load('$d/u.state')[1]) != 12)"
check "resume deleted: summary = the run without a stop's" diff <(summary_of "$d/full.out") <(summary_of "$d/u.out")
check "resume moved: the state file records its new path" \
    python3 -c "$SF; a = state_file.load(sys.argv[1])[0]['args']; sys.exit(a[a.index('-state') + 1] != sys.argv[1])" \
    "$RS/moved/moved/state"
check "resume moved: nothing left at the old path" [ ! -e "$RS/moved/state" ]
# Two games at a time: games finish out of order; the state keeps the set of finished games.
resume_case concurrency 2 "saved:3 saved:2" "${F2[@]}" "${RAND[@]}" -games 12 -repeat
check "resume concurrency: the state file has all 12 games" \
    python3 -c "$SF; sys.exit(len(state_file.load('$RS/concurrency/state')[1]) != 12)"

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
    refused_out=$out
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
import sys
sys.path.insert(0, "tests/match")
import state_file
src, out = sys.argv[1], sys.argv[2]
text = open(src, "rb").read()
header, games, tail = state_file.load(src)
first = text.index(b"\n")
open(out + "/cut.state", "wb").write(text[: first // 2])  # the header cut short
open(out + "/empty.state", "w").write("")
open(out + "/garbage.state", "wb").write(b"\x00\x01 not json {{{")
def variant(name, change):
    h, g, t = state_file.load(src)
    state_file.set_state_path(h, out + "/" + name + ".state")  # as the runner writes it
    change(h, g)
    state_file.dump(out + "/" + name + ".state", h, g, t)
variant("games10", lambda h, g: h["args"].__setitem__(h["args"].index("-games") + 1, "10"))
variant("other", lambda h, g: h.update(format="something else"))
variant("version", lambda h, g: h.update(version=99))
variant("result", lambda h, g: g[0].update(result="2-0"))
variant("number", lambda h, g: g[0].update(job=1.5))
variant("type", lambda h, g: g[1].update(decisions="many"))
variant("twice", lambda h, g: g.append(g[0]))
variant("job", lambda h, g: g[0].update(job=999))
variant("colour", lambda h, g: g[0].update(white=1))
variant("seed", lambda h, g: h.update(seed="-1"))
variant("pgnbytes", lambda h, g: g[2].pop("pgnBytes"))
variant("forfeit", lambda h, g: g[0].update(forfeit={"reason": "bored", "by": "white", "detail": ""}))
# A line cut short in the middle of the file (it is no stop's doing: only the last line can be).
lines = text.split(b"\n")
open(out + "/middle.state", "wb").write(b"\n".join(lines[:3] + [lines[3][:20]] + lines[4:]))
open(out + "/blank.state", "wb").write(b"\n".join(lines[:3] + [b""] + lines[3:]))
open(out + "/notobject.state", "wb").write(b"\n".join(lines[:3] + [b"[1, 2]"] + lines[3:]))
PY
refused "another argument" "argument 17 (in -games) is '10' in the state file but '12' in this command" \
    "$RS/games10.state"
refused "a header cut short" "is not valid JSON (cut short or damaged?); refusing to resume" "$RS/cut.state"
refused "an empty file" "is not valid JSON" "$RS/empty.state"
refused "garbage" "is not valid JSON" "$RS/garbage.state"
refused "another format" "is malformed (not a qecmatch state file" "$RS/other.state"
refused "another version" "is malformed (version: missing, or not a whole number in \[1, 2\])" "$RS/version.state"
refused "a bad result" "(line 2: result: '2-0' is not 1-0" "$RS/result.state"
refused "a fraction" "(line 2: job: missing, or not a whole number" "$RS/number.state"
refused "a wrong type" "(line 3: decisions: missing, or not a list of two numbers" "$RS/type.state"
refused "a game twice" "(line 14: game 0 of job 0 given twice" "$RS/twice.state"
refused "a job not in the match" "(line 2: job 999 is not in this match" "$RS/job.state"
refused "wrong colours" "(line 2: game 0 of job 0 with the wrong colours" "$RS/colour.state"
refused "a bad seed" "is malformed (seed:" "$RS/seed.state"
refused "a game without pgnBytes" "(line 4: pgnBytes: missing" "$RS/pgnbytes.state"
refused "an unknown forfeit" "forfeit: unknown reason 'bored'" "$RS/forfeit.state"
refused "a line cut short before others" "(line 4: not one JSON object)" "$RS/middle.state"
refused "an empty line" "(line 4: empty)" "$RS/blank.state"
refused "a game line not an object" "(line 4: not an object)" "$RS/notobject.state"
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
import sys
sys.path.insert(0, "tests/match")
import state_file
a, b = (state_file.load(p) for p in sys.argv[1:])
i = a[0]["args"].index("-state") + 1
ok = a[0]["args"][i] == sys.argv[1] and b[0]["args"][i] == sys.argv[2]
a[0]["args"][i] = b[0]["args"][i] = ""
sys.exit(0 if ok and a == b else 1)
PY
check "resume: ... and the original is untouched" cmp -s "$d/state" "$RS/original.state"
head -c 100 "$d/r.pgn" >"$RS/short.pgn" && cp "$d/r.pgn" "$RS/full-copy.pgn" && cp "$RS/short.pgn" "$d/r.pgn"
refused "a PGN shorter than the state counts" "the PGN file $d/r.pgn has 100 bytes, fewer than" "$d/state"
cp "$RS/full-copy.pgn" "$d/r.pgn"

# A stop in the middle of appending a game's line: the pairs state file cut after 5 games and
# half of the 6th game's line. The half line is dropped with a message, the PGN cut back to game
# 5, games 6-12 played again; the end is the run without a stop's, and the file is whole again.
cp "$d/r.pgn" "$RS/pairs-done.pgn"
python3 - "$d/state" "$RS/torn.state" <<'PY'
import sys
sys.path.insert(0, "tests/match")
import state_file
h, g, _ = state_file.load(sys.argv[1])
state_file.set_state_path(h, sys.argv[2])
state_file.dump(sys.argv[2], h, g[:5], state_file.line(g[5])[:40].encode())
PY
env FIXTURE_GAME_SEEDED=1 timeout 60 "$HOOKS" "${F2[@]}" "${RAND[@]}" -games 12 -repeat -concurrency 1 -pgnout "$d/r.pgn" \
    -jsonout "$d/r.json" -state "$RS/torn.state" >"$RS/torn.out" 2>&1
check "resume: a last line cut short: exit 0 ($?)" [ $? -eq 0 ]
check "resume: ... says the line was dropped" \
    grep -q "^qecmatch: resuming: the state file $RS/torn.state ends in 40 bytes of a line cut short (line 7" "$RS/torn.out"
check "resume: ... plays games 6-12 again" [ "$(grep -c '^Started game' "$RS/torn.out")" -eq 7 ]
check "resume: ... reports the run without a stop's summary" diff <(summary_of "$d/full.out") <(summary_of "$RS/torn.out")
check "resume: ... and its PGN" diff <(no_date "$d/full.pgn") <(no_date "$d/r.pgn")
check "resume: ... and leaves a whole file of 12 games" \
    python3 -c "$SF; h, g, t = state_file.load('$RS/torn.state'); sys.exit(len(g) != 12 or t != b'')"
check "resume: ... no sanitizer report" sanitizer_clean "$RS/torn.out"
cp "$RS/pairs-done.pgn" "$d/r.pgn"
# The same cut file with a game in the wrong colours is refused and kept as it is, half line
# included, and nothing is said of dropping that line.
python3 -c "$SF; h, g, t = state_file.load('$d/state'); state_file.set_state_path(h, '$RS/torn2.state')
g[0]['white'] = 1
state_file.dump('$RS/torn2.state', h, g[:5], state_file.line(g[5])[:40].encode())"
refused "a file with a line cut short and wrong colours" "(line 2: game 0 of job 0 with the wrong colours" "$RS/torn2.state"
check "resume: ... without a word of dropping the line" eval '! grep -q "cut short" <<<"$refused_out"'

# A version 1 file (one JSON object, games in a list; what qecmatch wrote before appending) is
# read: the finished match plays nothing, reports the same, and its file is rewritten as
# version 2 with the same games.
python3 - "$d/state" "$RS/v1.state" <<'PY'
import json, sys
sys.path.insert(0, "tests/match")
import state_file
h, g, _ = state_file.load(sys.argv[1])
state_file.set_state_path(h, sys.argv[2])
h.update(version=1, pgnBytes=g[-1]["pgnBytes"], games=g)
for x in g:
    del x["pgnBytes"]
json.dump(h, open(sys.argv[2], "w"))
PY
env FIXTURE_GAME_SEEDED=1 timeout 60 "$HOOKS" "${F2[@]}" "${RAND[@]}" -games 12 -repeat -concurrency 1 -pgnout "$d/r.pgn" \
    -jsonout "$d/r.json" -state "$RS/v1.state" >"$RS/v1.out" 2>&1
check "resume: a version 1 file: exit 0 ($?)" [ $? -eq 0 ]
check "resume: ... plays no game" eval '! grep -q "^Started game" "$RS/v1.out"'
check "resume: ... reports the same summary" diff <(summary_of "$d/full.out") <(summary_of "$RS/v1.out")
check "resume: ... leaves the PGN as it was" cmp -s "$RS/pairs-done.pgn" "$d/r.pgn"
check "resume: ... is rewritten as version 2 with the same games" python3 - "$d/state" "$RS/v1.state" <<'PY'
import sys
sys.path.insert(0, "tests/match")
import state_file
(ha, ga, _), (hb, gb, tb) = (state_file.load(p) for p in sys.argv[1:])
# Version 1 kept the PGN's length after the last game only: every game now carries that one.
same = all(x.pop("pgnBytes") == ga[-1]["pgnBytes"] for x in gb)
for x in ga:
    del x["pgnBytes"]
sys.exit(0 if same and ga == gb and tb == b"" else 1)
PY

# The file grows by appends: a match killed after 2 games, resumed and killed after 3 more, then
# resumed to its end. A resumed run with nothing to change in the file only appends: the same
# file (inode), its earlier bytes unchanged, one line more per game.
A=(-engine cmd="$FIX random 0 1" name=a -engine cmd="$FIX random 0 2" name=b -each nodes=1000 -seed 3 "${RAND[@]}"
    -games 8 -repeat -concurrency 1 -pgnout "$RS/grow.pgn" -state "$RS/grow.state")
for k in saved:2 saved:3 end; do
    if [ $k = end ]; then
        env FIXTURE_GAME_SEEDED=1 timeout 60 "$HOOKS" "${A[@]}" >"$RS/grow-$k.out" 2>&1
    else
        { env FIXTURE_GAME_SEEDED=1 QECMATCH_TEST_KILL=$k timeout 60 "$HOOKS" "${A[@]}" >"$RS/grow-$k.out" 2>&1; } 2>/dev/null
    fi
    cp "$RS/grow.state" "$RS/grow-$k.state"
    stat -c %i "$RS/grow.state" >"$RS/grow-$k.inode"
done
check "resume: the state file after 2, 5 and 8 games has 3, 6 and 9 lines" \
    [ "$(wc -l <"$RS/grow-saved:2.state") $(wc -l <"$RS/grow-saved:3.state") $(wc -l <"$RS/grow-end.state")" = "3 6 9" ]
check "resume: ... each a prefix of the next (earlier bytes never rewritten)" eval \
    'cmp -s -n "$(stat -c %s "$RS/grow-saved:2.state")" "$RS/grow-saved:2.state" "$RS/grow-saved:3.state" &&
     cmp -s -n "$(stat -c %s "$RS/grow-saved:3.state")" "$RS/grow-saved:3.state" "$RS/grow-end.state"'
check "resume: ... and the same file throughout (appended to, not replaced)" \
    eval '[ "$(cat "$RS/grow-saved:2.inode")" = "$(cat "$RS/grow-end.inode")" ] && [ "$(cat "$RS/grow-saved:3.inode")" = "$(cat "$RS/grow-end.inode")" ]'
check "resume: ... the end is the run without a stop's" eval \
    'env FIXTURE_GAME_SEEDED=1 timeout 60 "$HOOKS" "${A[@]:0:${#A[@]}-4}" >"$RS/grow-full.out" 2>&1 &&
     diff <(summary_of "$RS/grow-full.out") <(summary_of "$RS/grow-end.out")'

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
