#!/usr/bin/env bash
# Haft Schroedinger Chess rules core (docs/players/rules-schroedinger.md S1-S5): perft against
# tests/data/schroedinger-perft-public.epd (an independent implementation of seed 003's model)
# the rules tests (worlds_test) and the search (worlds_search_test: mates, legal answers, TT move
# checks, limits, threads, the tuner's trace, contempt) and the tuner end to end (texel.sh: texel
# --variant schroedinger), in release and, when built, under ASan+UBSan (build/debug) and, for the threaded search, TSan (build/tsan).
set -u
cd "$(dirname "$0")/../.."
data=${QEC_DATA:-tests/data}
. tests/lib.sh
run_program build/release/tests/worlds_perft "$data/schroedinger-perft-public.epd" 3
run_program build/release/tests/worlds_test
run_program build/release/tests/worlds_search_test
run_program tests/worlds/texel.sh
run_program -o build/debug/tests/worlds_perft "$data/schroedinger-perft-public.epd" 3
run_program -o build/debug/tests/worlds_test quick
run_program -o build/debug/tests/worlds_search_test quick
TSAN_OPTIONS="halt_on_error=1 exitcode=66" run_program -o build/tsan/tests/worlds_search_test quick
summary worlds
[ "$fail" -eq 0 ]
