#!/usr/bin/env bash
# Haft Schroedinger Chess rules core (RULES-SCHROEDINGER S1-S5): perft against
# ../shared/data/schroedinger-perft-public.epd (an independent implementation of seed 003's model)
# and the rules tests (hsc_test), in release and, when built, under ASan+UBSan (build/debug).
set -u
cd "$(dirname "$0")/../.."
data=${QEC_DATA:-../shared/data}
. tests/lib.sh
run_program build/release/tests/hsc_perft "$data/schroedinger-perft-public.epd" 3
run_program build/release/tests/hsc_test
run_program -o build/debug/tests/hsc_perft "$data/schroedinger-perft-public.epd" 3
run_program -o build/debug/tests/hsc_test quick
echo "hsc: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
