#!/usr/bin/env bash
# Perft against tests/data (counted by an independent implementation, RULES R6):
# classical suite with variant chess (depth <= 4, all depths with QEC_PERFT_FULL=1) and the
# QEC public suite (all depths), the Tether public suite (T7; depth <= 3, all with
# QEC_PERFT_FULL=1), in release and, for the QEC file, under ASan+UBSan with
# every key re-verified after each make/unmake (build/debug, -DQEC_DEBUG). bulk_test checks
# perft's bulk counting of the last turn against a plain decision-by-decision walk; magic_test
# the slider attack tables against rays walked square by square, and engine/magic_seeds.inc
# against the magics' search.
set -u
cd "$(dirname "$0")/../.."
data=${QEC_DATA:-tests/data}
depth=4 tdepth=3; [ -n "${QEC_PERFT_FULL:-}" ] && depth=9 tdepth=9
. tests/lib.sh
run_program -t 7200 build/release/tests/perft_suite "$data/perftsuite.epd" chess "$depth"
run_program build/release/tests/perft_suite "$data/qec-perft-public.epd" qec 9
run_program build/release/tests/bulk_test
run_program build/release/tests/magic_test
run_program build/release/tests/perft_suite "$data/tether-perft-public.epd" tether "$tdepth"
run_program -o build/debug/tests/perft_suite "$data/qec-perft-public.epd" qec 3
run_program -o build/debug/tests/perft_suite "$data/perftsuite.epd" chess 3 1 40
run_program -o build/debug/tests/bulk_test 4
run_program -o build/debug/tests/magic_test
run_program -o build/debug/tests/perft_suite "$data/tether-perft-public.epd" tether 3
summary perft
[ "$fail" -eq 0 ]
