# Clocks that hold (issue 41), sourced by tests/match/run.sh: every decision counts in the
# overrun statistics, the forfeited one too; a runner that is late to read does not forfeit an
# engine that answered in time, nor spare one that did not. The margins are seconds against
# clocks of 200 ms, so a busy machine cannot flip an outcome.

# JSON check: engine NAME has DECISIONS decisions, OVERRUNS overruns, worst in [LO, HI] ms.
overrun_counts() { # file name decisions overruns lo hi
    python3 - "$@" <<'PY'
import json, sys
f, name, dec, over, lo, hi = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]), float(sys.argv[6])
e = {x["name"]: x for x in json.load(open(f))["engines"]}[name]
worst = e["worstOverrunMs"] or 0
print(e)
sys.exit(0 if e["decisions"] == dec and e["overruns"] == over and lo <= worst <= hi else 1)
PY
}

# An engine that sleeps 1 s from its 3rd decision on, against 200 ms a decision and a 50 ms
# margin: the runner gives up 250 ms after go, so each game's 3rd decision of Late forfeits,
# and that decision is an overrun of at least the margin (the 1 s sleep bounds it above).
# Before issue 41 a forfeited decision was not counted (the summary said "worst 4.0 ms").
# Good, which must not forfeit, has its own 10 s margin (an -engine key wins over -each).
out=$(timeout 60 $RUNNER -engine cmd="$FIX random" name=Good timemargin=10000 \
    -engine cmd="env FIXTURE_SLEEP_MS=1000 $FIX random 2" name=Late -each st=0.2 timemargin=50 -games 2 -maxmoves 30 -jsonout "$TMP/clk-forfeit.json" -pgnout "$TMP/clk-forfeit.pgn" 2>&1); rc=$?
check "clocks: forfeit run exit 0 ($rc)" [ $rc -eq 0 ]
check "clocks: Late forfeits both games on time" grep -q "Forfeits of Late: time forfeit 2" <<<"$out"
check "clocks: the forfeited decisions are overruns in the summary" \
    grep -qE "^Overruns of Late: 2 of 6 decisions \(33.33%\), worst ([5-9][0-9]|[1-7][0-9][0-9])\.[0-9] ms" <<<"$out"
check "clocks: JSON counts them (6 decisions, 2 overruns, worst 50..800 ms)" overrun_counts "$TMP/clk-forfeit.json" Late 6 2 50 800
check "clocks: Good is not an overrun" overrun_counts "$TMP/clk-forfeit.json" Good "$(python3 -c "
import json; print({x['name']: x for x in json.load(open('$TMP/clk-forfeit.json'))['engines']}['Good']['decisions'])")" 0 0 0
check "clocks: the note says what the runner saw and what was given" \
    grep -qE "loses on time: no bestmove after [0-9.]+ ms \(the pipe read again past the deadline\), 200\.0 ms given \+ 50 ms margin; the engine ran [0-9.]+ ms on a CPU meanwhile" "$TMP/clk-forfeit.pgn"

# The same sleep forgiven by a 5 s margin, from the first decision on: every decision of Late
# is counted, none forfeits, and each is 800 ms past the 200 ms (at most the margin more on a
# machine that is very late to run the fixture). The 5 s are Late's own, over -each's 50 ms:
# an -engine key overrides -each (else Late would forfeit at its first decision).
out=$(timeout 90 $RUNNER -engine cmd="$FIX random" name=Good timemargin=10000 \
    -engine cmd="env FIXTURE_SLEEP_MS=1000 $FIX random 0" name=Late timemargin=5000 -each st=0.2 timemargin=50 -games 1 -maxmoves 2 -jsonout "$TMP/clk-forgiven.json" 2>&1); rc=$?
late=$(python3 -c "
import json; print({x['name']: x for x in json.load(open('$TMP/clk-forgiven.json'))['engines']}['Late']['decisions'])" 2>/dev/null)
check "clocks: forgiven run exit 0 ($rc), no forfeit, Late asked (${late:-0} decisions)" \
    eval '[ $rc -eq 0 ] && ! grep -q "Forfeits of" <<<"$out" && [ "${late:-0}" -ge 1 ]'
check "clocks: each of Late's decisions an overrun of 800 ms or more" \
    overrun_counts "$TMP/clk-forgiven.json" Late "${late:-0}" "${late:-0}" 800 5800

# A runner that is late to read: the hook holds it 1 s after each go is written, before it
# looks at the pipe (a runner thread descheduled there), against 200 ms + 50 ms. The fixture
# answers at once, in time: no forfeit, and nothing of the runner's second is charged. Before
# issue 41 the runner found its deadline passed and forfeited every game without reading.
out=$(QECMATCH_TEST_LATE_US=1000000 timeout 120 $HOOKS -engine cmd="$FIX random" name=a -engine cmd="$FIX random 0 2" \
    name=b -each st=0.2 timemargin=50 -games 2 -maxmoves 2 -debug -jsonout "$TMP/clk-late.json" 2>"$TMP/clk-late.err"); rc=$?
check "late runner: exit 0 ($rc), 2 games, no forfeit" python3 -c "
import json, sys
d = json.load(open('$TMP/clk-late.json'))
sys.exit(0 if d['games'] == 2 and not d['forfeits'] and all(e['overruns'] == 0 for e in d['engines']) else 1)"
check "late runner: -debug tells each decision's times (1 s the runner's own)" python3 -c "
import re, sys
rows = [re.search(r'timing: seen (\d+) us .*runner.s own (\d+) us, charged (\d+) us of (\d+) allowed', l)
        for l in open('$TMP/clk-late.err') if 'timing:' in l]
sys.exit(0 if rows and all(r and int(r.group(1)) >= 1000000 and int(r.group(2)) >= 1000000 - 1000
                             and int(r.group(3)) < 200000 and int(r.group(4)) == 250000 for r in rows) else 1)"

# ... nor spares an engine that did not answer: the runner is held 400 ms, past the 250 ms,
# while the engine sleeps 2 s; the pipe is read again and found empty: a time forfeit. Good
# has its own 10 s margin: the case above shows a prompt engine is not forfeited at 50 ms.
out=$(QECMATCH_TEST_LATE_US=400000 timeout 60 $HOOKS -engine cmd="$FIX random" name=Good timemargin=10000 \
    -engine cmd="env FIXTURE_SLEEP_MS=2000 $FIX random 0" name=Late -each st=0.2 timemargin=50 -games 2 -maxmoves 30 2>&1); rc=$?
check "late runner, silent engine: exit 0 ($rc), Late forfeits both" \
    eval '[ $rc -eq 0 ] && grep -q "Forfeits of Late: time forfeit 2" <<<"$out" && ! grep -q "Forfeits of Good" <<<"$out"'
