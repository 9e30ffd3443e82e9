# SPSA tuning of the search (issue 44), sourced by tests/match/run.sh (uses its check/ok/bad,
# skip_check, $TMP). About 15 s.
#   - the tuning build (./qec-tune, make tune): its bench count at the defaults is ./qec's, a
#     number set as an option changes the search and set back restores it, bad values are
#     refused; each on/off technique of the row (Knob…) is listed with the row's value and changes
#     the search when set either way (it replaces every row's), a value not true or false is
#     refused; ./qec lists none of the numbers or switches and refuses them as unknown options;
#   - bench/spsa.py, 2 iterations of 2 game pairs at 300 nodes through qecmatch, checked by
#     tests/match/spsa_check.py: the schedule, the perturbations, the result read from each
#     match's own JSON and the update rule recomputed; the same seed gives the same file, and
#     the same run in 2 shards on GNU parallel too;
#   - resume: a torn last line is dropped with a message and the run ends as the uninterrupted
#     one, byte for byte; a finished run plays nothing more; damaged, foreign or empty state
#     files and another configuration are refused with a message, the file left as it was;
#   - clamping, with a scripted runner (tests/match/spsa_fake_match.py: plus wins every game)
#     and a large r_end: the updates leave the ranges and are clamped to them;
#   - --limit (a clock instead of nodes): the match is given its words, a resumed run must
#     repeat it, a --limit without a search limit is refused;
#   - the SPRT command of the tuned values against the defaults, too short to decide: none.
SP="$TMP/spsa"
mkdir -p "$SP"
if [ ! -x ./qec-tune ]; then
    skip_check "SPSA (./qec-tune not built: make tune)"
else
    bench_count() { awk '/Nodes searched/ {print $NF}'; }
    n_rel=$(./qec bench 2>&1 | bench_count)
    n_tune=$(./qec-tune bench 2>&1 | bench_count)
    check "qec-tune at its defaults: the bench count of ./qec ($n_rel, $n_tune)" eval '[ -n "$n_rel" ] && [ "$n_rel" = "$n_tune" ]'
    counts=$(printf 'bench 16 1 6\nsetoption name LmrBase value 90\nbench 16 1 6\nsetoption name lmrbase value 50\nbench 16 1 6\nquit\n' |
        ./qec-tune 2>&1 | bench_count | tr '\n' ' ')
    read -r c0 c1 c2 <<<"$counts"
    check "qec-tune: LmrBase 90 changes the search, 50 again restores it ($counts)" \
        eval '[ -n "$c2" ] && [ "$c0" != "$c1" ] && [ "$c0" = "$c2" ]'
    out=$(printf 'setoption name LmrBase value 151\nsetoption name AspirationDelta value x\nsetoption name FutilityBase\nquit\n' | ./qec-tune 2>&1)
    check "qec-tune: out of range, not a number, no value: refused ($out)" eval \
        '[ "$(grep -c "^info string error: setoption \(LmrBase\|AspirationDelta\|FutilityBase\):" <<<"$out")" -eq 3 ]'
    out=$(printf 'uci\nquit\n' | ./qec-tune)
    check "qec-tune: uci lists 12 numbers as spins and as spsa lines" eval \
        '[ "$(grep -c "^info string spsa [A-Za-z]*,[0-9]*,[0-9]*,[0-9]*,[0-9]*,0.0020$" <<<"$out")" -eq 12 ] &&
         grep -q "^option name ForcedReplyFutility type spin default 200 min 50 max 600$" <<<"$out"'
    for v in qec chess tether; do # a row shipping tuned values keeps them in their ranges
        out=$(printf 'setoption name UCI_Variant value %s\nuci\nquit\n' "$v" | ./qec-tune)
        check "qec-tune: $v's row values are in their ranges" python3 -c '
import re, sys
spins = re.findall(r"^option name (\w+) type spin default (-?\d+) min (-?\d+) max (-?\d+)$", sys.argv[1], re.M)
spsa = dict((l.split(",")[0], l.split(",")[1:4]) for l in re.findall(r"^info string spsa (\S+)$", sys.argv[1], re.M))
ok = len(spsa) == 12 and all(int(lo) <= int(d) <= int(hi) and spsa[n] == [d, lo, hi] for n, d, lo, hi in spins if n in spsa)
sys.exit(0 if ok and sum(n in spsa for n, *_ in spins) == 12 else 1)' "$out"
    done
    # the switches: a technique's check option follows the row, changes the search when flipped
    # and restores it when set back; a value that is not true or false is refused
    out=$(printf 'setoption name UCI_Variant value chess\nuci\nsetoption name UCI_Variant value qec\nuci\nquit\n' | ./qec-tune)
    check "qec-tune: KnobImproving follows the row (chess on, qec off), 14 switches" eval \
        '[ "$(grep -c "^option name Knob[A-Za-z]* type check default \(true\|false\)$" <<<"$out")" -eq 28 ] &&
         [ "$(grep "^option name KnobImproving " <<<"$out" | tr "\n" " ")" = "option name KnobImproving type check default true option name KnobImproving type check default false " ]'
    # (bench searches every game: a switch set replaces every row's, so "off" is chess's change)
    counts=$(printf 'bench 16 1 6\nsetoption name KnobCutNodeReduction value true\nbench 16 1 6\nsetoption name knobcutnodereduction value false\nbench 16 1 6\nsetoption name KnobCutNodeReduction value maybe\nbench 16 1 6\nquit\n' |
        ./qec-tune 2>&1 | bench_count | tr '\n' ' ')
    check "qec-tune: KnobCutNodeReduction on and off each change the search, 'maybe' changes nothing ($counts)" \
        python3 -c 'import sys; a = sys.argv[1].split(); sys.exit(0 if len(a) == 4 and len({a[0], a[1], a[2]}) == 3 and a[2] == a[3] else 1)' "$counts"
    out=$(printf 'setoption name KnobImproving value maybe\nquit\n' | ./qec-tune 2>&1)
    check "qec-tune: a switch set to neither true nor false is refused ($out)" eval \
        'grep -q "^info string error: setoption KnobImproving: .maybe. is not true or false" <<<"$out"'
    out=$(printf 'uci\nsetoption name LmrBase value 60\nquit\n' | ./qec)
    check "qec (normal build): no tunable number or switch in uci, LmrBase an unknown option" eval \
        '! grep -q "LmrBase type\|info string spsa\|option name Knob" <<<"$out" && grep -q "unknown option .LmrBase" <<<"$out"'

    ARGS=(--variant qec --iterations 2 --pairs 2 --nodes 300 --seed 5)
    out=$(nice timeout 120 bench/spsa.py --state "$SP/run" "${ARGS[@]}" 2>&1); rc=$?
    check "spsa: 2 iterations, exit 0 ($rc)" eval '[ $rc -eq 0 ] && [ "$(grep -c "^iteration [12]/2: " <<<"$out")" -eq 2 ]'
    check "spsa: prints theta and a final line" eval 'grep -q "^theta: LmrBase=50.00 " <<<"$out" && grep -q "^spsa: done, 2 iterations; tuned: option.LmrBase=" <<<"$out"'
    check "spsa: 3 lines (header, 2 iterations)" eval '[ "$(wc -l <"$SP/run")" -eq 3 ]'
    check "spsa: the update rule, recomputed from the matches" python3 tests/match/spsa_check.py "$SP/run" "$SP/run.d" --expect-iterations 2
    # the check can fail: a theta moved by 0.5 is caught
    python3 - "$SP/run" "$SP/moved" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
it = json.loads(lines[2]); it["theta"][0] += 0.5; lines[2] = json.dumps(it, sort_keys=True)
open(sys.argv[2], "w").write("\n".join(lines) + "\n")
PY
    check "spsa_check: refuses a theta the rule does not give" eval '! python3 tests/match/spsa_check.py "$SP/moved" "$SP/run.d" >/dev/null'
    nice timeout 120 bench/spsa.py --state "$SP/again" "${ARGS[@]}" >/dev/null 2>&1
    check "spsa: the same seed, the same state file" cmp -s "$SP/run" "$SP/again"
    if parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
        nice timeout 120 bench/spsa.py --state "$SP/par" "${ARGS[@]}" --runner parallel --shards 2 --concurrency 2 >"$SP/par.out" 2>&1
        check "spsa on GNU parallel, 2 shards: the same state file as here ($(tail -n 1 "$SP/par.out"))" cmp -s "$SP/run" "$SP/par"
    else
        skip_check "spsa on GNU parallel (parallel is not installed)"
    fi

    # resume: a torn last line (a stop in the middle of writing iteration 2)
    { head -n 2 "$SP/run"; sed -n 3p "$SP/run" | head -c 40; } >"$SP/torn"
    out=$(nice timeout 120 bench/spsa.py --state "$SP/torn" "${ARGS[@]}" 2>&1); rc=$?
    check "resume: a torn last line dropped with a message ($rc)" eval '[ $rc -eq 0 ] && grep -q "dropped a torn last line (40 bytes" <<<"$out"'
    check "resume: from iteration 2, the uninterrupted run's file" eval 'grep -q "from iteration 2$" <<<"$out" && cmp -s "$SP/run" "$SP/torn"'
    cp "$SP/run" "$SP/done"
    out=$(timeout 60 bench/spsa.py --state "$SP/done" "${ARGS[@]}" 2>&1); rc=$?
    check "resume: a finished run plays nothing more ($rc)" eval '[ $rc -eq 0 ] && ! grep -q "^iteration" <<<"$out" && cmp -s "$SP/run" "$SP/done"'
    refused() { # WHAT FILE MESSAGE [more spsa.py arguments]: exit 2 with MESSAGE, FILE unchanged
        local what=$1 f=$2 msg=$3 o r
        shift 3
        cp "$f" "$f.before"
        o=$(timeout 60 bench/spsa.py --state "$f" "${ARGS[@]}" "$@" 2>&1); r=$?
        check "refused: $what ($r: $o)" eval '[ $r -eq 2 ] && grep -qF -- "$msg" <<<"$o" && cmp -s "$f" "$f.before"'
    }
    { head -n 1 "$SP/run"; echo 'not json'; sed -n 3p "$SP/run"; } >"$SP/bad1"
    refused "a damaged line" "$SP/bad1" "line 2 is not JSON"
    { head -n 1 "$SP/run"; sed -n 3p "$SP/run"; sed -n 2p "$SP/run"; } >"$SP/bad2"
    refused "iterations out of order" "$SP/bad2" "line 2 is not iteration 1"
    { head -n 1 "$SP/run"; sed -n 2p "$SP/run" | sed 's/"theta": \[[^]]*\]/"theta": [1]/'; } >"$SP/bad3"
    refused "a theta of the wrong length" "$SP/bad3" "'theta' is not 12 numbers"
    echo '{"format": "something else"}' >"$SP/bad4"
    refused "a foreign file" "$SP/bad4" "line 1 is not a bench/spsa.py header"
    : >"$SP/bad5"
    refused "an empty file" "$SP/bad5" "is empty"
    cp "$SP/run" "$SP/other"
    refused "another configuration" "$SP/other" "was made with pairs = 2, this command has 3" --pairs 3
    out=$(timeout 60 bench/spsa.py --state "$SP/plain" "${ARGS[@]}" --engine ./qec 2>&1); rc=$?
    check "refused: the normal build as the engine ($rc: $out)" eval '[ $rc -eq 2 ] && grep -q "not a tuning build (make tune" <<<"$out"'

    # clamping: plus wins every game, r_end 50: the updates overshoot the ranges
    out=$(QECMATCH="$PWD/tests/match/spsa_fake_match.py" timeout 60 bench/spsa.py --state "$SP/clamp" --iterations 3 --pairs 2 \
        --nodes 300 --a 50 --params LmrBase,MoveCountBase,AspirationDelta 2>&1); rc=$?
    check "clamp run (scripted runner): exit 0 ($rc)" [ $rc -eq 0 ]
    check "clamp run: the rule with clamping, the engines given the recorded values" \
        python3 tests/match/spsa_check.py "$SP/clamp" "$SP/clamp.d" --expect-iterations 3 --expect-clamp
    check "clamp run: every theta ends at a bound" python3 - "$SP/clamp" <<'PY'
import json, sys
lines = [json.loads(x) for x in open(sys.argv[1])]
ps, theta = lines[0]["params"], lines[-1]["theta"]
sys.exit(0 if all(t in (p["min"], p["max"]) for p, t in zip(ps, theta)) else 1)
PY

    # at a clock (--limit): the engines get the limit words, not nodes=; the SPRT too, or its own
    out=$(QECMATCH="$PWD/tests/match/spsa_fake_match.py" timeout 60 bench/spsa.py --state "$SP/clock" "${ARGS[@]}" \
        --iterations 1 --limit "st=0.05 timemargin=200" --params LmrBase 2>&1); rc=$?
    check "spsa --limit: exit 0, said ($rc: $(head -n 1 <<<"$out"))" eval \
        '[ $rc -eq 0 ] && grep -q "1 iterations of 2 pairs at st=0.05 timemargin=200;" <<<"$out"'
    check "spsa --limit: the match's -each words are the limit's" python3 -c '
import json, sys
e = json.load(open(sys.argv[1]))["each"]
sys.exit(0 if e[:2] == ["st=0.05", "timemargin=200"] and not any(w.startswith("nodes=") for w in e) else 1)' "$SP/clock.d/iter-1/match.json"
    cp "$SP/clock" "$SP/clock2"
    refused "another limit" "$SP/clock2" "was made with limit = \"st=0.05 timemargin=200\", this command has \"st=0.1\"" \
        --iterations 1 --limit "st=0.1" --params LmrBase
    out=$(timeout 60 bench/spsa.py --state "$SP/nolimit" "${ARGS[@]}" --limit "timemargin=200" 2>&1); rc=$?
    check "refused: a --limit without a limit ($rc: $out)" eval '[ $rc -eq 2 ] && grep -q "^spsa: --limit \"timemargin=200\": want" <<<"$out" && [ ! -e "$SP/nolimit" ]'

    # the SPRT of the tuned values against the defaults: 4 games decide nothing
    out=$(nice timeout 120 bench/spsa.py --state "$SP/run" "${ARGS[@]}" --sprt --sprt-games 4 2>&1); rc=$?
    check "sprt: 4 games, no verdict, nothing ships ($rc: $(tail -n 1 <<<"$out"))" eval \
        '[ $rc -eq 0 ] && grep -q "^spsa: sprt none: the tuned values do not ship" <<<"$out" && [ "$(cat "$SP/run.d/sprt/sprt.verdict")" = none ]'
    check "sprt: the tuned engine plays the last theta's values" eval 'grep -q "name=tuned option.LmrBase=" <<<"$out"'
fi
