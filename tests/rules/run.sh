#!/usr/bin/env bash
# Rule unit tests (QEC, Tether, a rules row's extra state: counters_test) and random playouts,
# in release and under ASan+UBSan with key checks after every make/unmake (build/debug is
# compiled with -DQEC_DEBUG; a counted skip without `make debug`). rule_refs.py: every rule number the code and tests cite has its own heading or
# label in docs/players/rules-*.md, so that docs and code cannot drift apart.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
for bin in build/release/tests/rules_test build/release/tests/playout_test build/release/tests/tether_test \
    build/release/tests/counters_test; do
    run_program "$bin"
done
for bin in build/debug/tests/rules_test build/debug/tests/playout_test build/debug/tests/tether_test \
    build/debug/tests/counters_test; do
    run_program -o "$bin"
done
run_program -t 60 tests/rules/rule_refs.py
summary rules
[ "$fail" -eq 0 ]
