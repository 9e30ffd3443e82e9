#!/usr/bin/env bash
# Long fuzzing (docs/testers/fuzzing.md; not a test, not in `make test`): every libFuzzer target
# tests/fuzz/fuzz_*.c (built by `make fuzz-progs`) for RUNS inputs each (default 10 M), from its
# seeds and a corpus kept between runs in build/fuzz/corpus-<target>. A line per target:
# inputs run, seconds, inputs/second, and the time 10 M inputs take at that rate. A crash,
# sanitizer report, hang or leak stops that target; its input is kept as
# build/fuzz/<target>-crash-… (reproduce: build/fuzz/<target> that-file).
#   bench/fuzz.sh [target …]     all targets when none are named (fuzz_uci, fuzz_pgn, …)
#   RUNS=N      inputs per target (default 10000000)
#   MAX_TIME=S  stop each target after S seconds as well (default 0: no limit)
#   JOBS=N      targets run side by side (default 1)
#   NICE=N      niceness (default 10: the machine is shared)
#   bench/fuzz.sh --totals      inputs per target summed over the ledger (below)
# Each run adds a line to build/fuzz/ledger.tsv: date, target, commit, inputs, seconds, result
# (ok; stopped: a run ended by SIGINT to the target, which still reports its count; FAILED).
# Logs are build/fuzz/logs/<target>-<pid>.log, so two runs of one target (one a core, sharing
# the corpus) may go side by side; their counts add up in the ledger.
# 10 M inputs may take several runs from the kept corpus (a machine shared for a few hours at a
# time); --totals sums the clean ones per target and names their commits.
set -u
cd "$(dirname "$0")/.."
LEDGER=build/fuzz/ledger.tsv
if [ "${1:-}" = --totals ]; then
    [ -s "$LEDGER" ] || { echo "no runs in $LEDGER yet"; exit 0; }
    awk -F'\t' '$6 != "FAILED" { n[$2] += $4; s[$2] += $5; runs[$2]++; c[$2] = c[$2] (index(c[$2], $3) ? "" : " " $3) }
        $6 == "FAILED" { bad[$2]++ }
        END { for (t in n) printf "%-18s %11d inputs in %3d runs, %7.0f s%s   commits:%s\n", t, n[t], runs[t], s[t],
                  bad[t] ? sprintf(" (and %d FAILED)", bad[t]) : "", c[t] }' "$LEDGER" | sort
    exit 0
fi
RUNS=${RUNS:-10000000}
MAX_TIME=${MAX_TIME:-0}
JOBS=${JOBS:-1}
NICE=${NICE:-10}
make -s -j2 fuzz-progs || { echo "the fuzz targets do not build (clang with libFuzzer needed)"; exit 1; }
targets=${*:-$(ls tests/fuzz/fuzz_*.c | xargs -n1 basename | sed 's/\.c$//')}
mkdir -p build/fuzz/logs

one() {
    local t=$1 log=build/fuzz/logs/$1-$$.log
    mkdir -p "build/fuzz/corpus-$t"
    local start; start=$(date +%s.%N)
    nice -n "$NICE" "build/fuzz/$t" -runs="$RUNS" -max_total_time="$MAX_TIME" -max_len=4096 -timeout=10 \
        -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="build/fuzz/$t-" \
        "build/fuzz/corpus-$t" "tests/fuzz/seeds/$t" >"$log" 2>&1
    local rc=$?
    local n; n=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+)/\1/p' "$log" | tail -n 1)
    local what=ok result=ok
    if [ $rc -eq 72 ] && grep -q 'libFuzzer: run interrupted' "$log"; then
        what="stopped (SIGINT)" result=stopped
    elif [ $rc -ne 0 ]; then
        what="FAILED (rc $rc, see $log)" result=FAILED
    fi
    local secs; secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
    printf '%s\t%s\t%s\t%s\t%.0f\t%s\n' "$(date -u +%FT%TZ)" "$t" "$COMMIT" "${n:-0}" "$secs" "$result" >>"$LEDGER"
    awk -v t="$t" -v n="${n:-0}" -v secs="$secs" -v what="$what" 'BEGIN {
        rate = secs > 0 ? n / secs : 0
        est = rate > 0 ? sprintf("%.2f", 1e7 / rate / 3600) : "?"
        printf "%-18s %10d inputs %9.0f s %9.1f /s   10 M: %6s h   %s\n", t, n, secs, rate, est, what }'
}
COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
git diff --quiet HEAD -- 2>/dev/null || COMMIT="$COMMIT+changes"
export -f one
export RUNS MAX_TIME NICE LEDGER COMMIT
printf '%s\n' $targets | xargs -P "$JOBS" -I{} bash -c 'one {}'
