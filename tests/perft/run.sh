#!/usr/bin/env bash
# Perft against ../shared/data (counted by an independent implementation, RULES R6):
# classical suite with variant chess (depth <= 4, all depths with QEC_PERFT_FULL=1) and the
# QEC public suite (all depths), in release and, for the QEC file, under ASan+UBSan with
# every key re-verified after each make/unmake (build/debug, -DQEC_DEBUG). bulk_test checks
# perft's bulk counting of the last turn against a plain decision-by-decision walk.
set -u
cd "$(dirname "$0")/../.."
data=${QEC_DATA:-../shared/data}
depth=4; [ -n "${QEC_PERFT_FULL:-}" ] && depth=9
pass=0 fail=0
run() {
    local out; out=$("$@" 2>&1); local rc=$?
    printf '%s\n' "$out" | grep -E '^FAIL' | head -20
    local line; line=$(printf '%s\n' "$out" | tail -n 1)
    echo "$* -> $line"
    local p f
    p=$(printf '%s' "$line" | sed -nE 's/.*: ([0-9]+) passed, ([0-9]+) failed$/\1/p')
    f=$(printf '%s' "$line" | sed -nE 's/.*: ([0-9]+) passed, ([0-9]+) failed$/\2/p')
    [ -z "$p" ] && { p=0; f=1; }
    [ $rc -ne 0 ] && [ "$f" = 0 ] && f=1
    pass=$((pass + p)); fail=$((fail + f))
}
run build/release/tests/perft_suite "$data/perftsuite.epd" chess "$depth"
run build/release/tests/perft_suite "$data/qec-perft-public.epd" qec 9
run build/release/tests/bulk_test
if [ -x build/debug/tests/perft_suite ]; then
    run build/debug/tests/perft_suite "$data/qec-perft-public.epd" qec 3
    run build/debug/tests/perft_suite "$data/perftsuite.epd" chess 3 1 40
    run build/debug/tests/bulk_test 4
fi
echo "perft: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
