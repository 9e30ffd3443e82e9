#!/usr/bin/env bash
# Flake hunting (issue 41): runs test suites again and again on a machine made busy on purpose
# and reports every test that ever failed, with how often. A test that waits for a fixed time
# or reads the first state it sees fails here sooner or later; one that polls for its
# condition only gets slower.
#   bench/flake.sh [-n RUNS] [-hogs K] [-clone] SUITE... | all
#     SUITE    a folder of tests/ (match, web, protocol, ...): `bash tests/SUITE/run.sh`, in this
#              checkout, with the builds it has (make test builds them all);
#     all      the whole suite: tests/run_tests.sh here, or `make test` in a fresh clone (-clone);
#     -n       how many times (default 3);
#     -hogs    CPU hogs beside the runs, `yes > /dev/null` at nice 0 (default: one a core);
#     -clone   each run in a fresh clone of this checkout's HEAD, in a folder with nothing
#              beside it, as CI runs it (CI=true: a skip fails too). Commit first.
# Logs: build/flake/<date>/run-K.log. The closing lines: each run's result and time, the load
# average, then "flaky: ..." for each failure line seen in some runs, or "flaky: none".
set -u
cd "$(dirname "$0")/.."
runs=3 hogs=$(nproc 2>/dev/null || echo 2) clone=0 suites=()
while [ $# -gt 0 ]; do
    case $1 in
    -n) runs=$2; shift 2 ;;
    -hogs) hogs=$2; shift 2 ;;
    -clone) clone=1; shift ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    -*) echo "bench/flake.sh: unknown flag '$1' (see -h)" >&2; exit 2 ;;
    *) suites+=("$1"); shift ;;
    esac
done
[ ${#suites[@]} -gt 0 ] || { echo "bench/flake.sh: name a suite of tests/ or 'all' (see -h)" >&2; exit 2; }
case $runs$hogs in *[!0-9]*) echo "bench/flake.sh: -n and -hogs take numbers" >&2; exit 2 ;; esac
for s in "${suites[@]}"; do
    [ "$s" = all ] || [ -f "tests/$s/run.sh" ] || { echo "bench/flake.sh: no suite tests/$s" >&2; exit 2; }
done

out=build/flake/$(date -u +%Y%m%d-%H%M%S)
mkdir -p "$out"
hog_pids=()
stop_hogs() { [ ${#hog_pids[@]} -gt 0 ] && kill "${hog_pids[@]}" 2>/dev/null; hog_pids=(); }
trap 'stop_hogs' EXIT
trap 'stop_hogs; exit 130' INT TERM
for ((h = 0; h < hogs; h++)); do
    nice -n 0 yes >/dev/null &
    hog_pids+=($!)
done
echo "flake: ${suites[*]}, $runs run(s), $hogs CPU hog(s) beside them, logs in $out"

# One run of everything asked, its output in $1; each suite's closing line in `closings`
# (a suite without one: "SUITE: no closing line").
CLOSING='^([A-Za-z0-9_-]+: )?[0-9]+ passed, [0-9]+ failed'
one_run() {
    local log=$1 s dir from line
    closings=()
    for s in "${suites[@]}"; do
        from=$(($([ -f "$log" ] && wc -l <"$log" || echo 0) + 1))
        if [ $clone = 1 ]; then
            dir=$(mktemp -d /tmp/qec-flake.XXXXXX)
            git clone -q . "$dir/qec"
            if [ "$s" = all ]; then
                (cd "$dir/qec" && CI=true make test) >>"$log" 2>&1
            else
                (cd "$dir/qec" && make -s -j"$(nproc)" all test-progs tools >/dev/null && CI=true bash "tests/$s/run.sh") >>"$log" 2>&1
            fi
            rm -rf "$dir"
        elif [ "$s" = all ]; then
            bash tests/run_tests.sh >>"$log" 2>&1
        else
            bash "tests/$s/run.sh" >>"$log" 2>&1
        fi
        line=$(tail -n +"$from" "$log" | grep -E "$CLOSING" | tail -n 1)
        closings+=("${line:-$s: no closing line}")
    done
}

results=()
for ((k = 1; k <= runs; k++)); do
    log=$out/run-$k.log
    started=$SECONDS
    one_run "$log"
    joined=$(printf '%s; ' "${closings[@]}")
    results+=("run $k: ${joined%; } ($((SECONDS - started)) s, load $(cut -d' ' -f1-3 /proc/loadavg))")
    echo "${results[-1]}"
done
stop_hogs

echo
printf '%s\n' "${results[@]}"
# Every failure line, with the number of runs it appeared in.
flaky=$(for ((k = 1; k <= runs; k++)); do grep -hE '^ *FAIL' "$out/run-$k.log" | sort -u; done | sort | uniq -c | sort -rn)
if [ -z "$flaky" ]; then
    echo "flaky: none (no test failed in $runs run(s))"
else
    printf '%s\n' "$flaky" | sed -E "s/^ *([0-9]+) /flaky: in \1 of $runs run(s): /"
    exit 1
fi
