#!/usr/bin/env bash
# Rule unit tests (QEC and Tether) and random playouts, in release and under ASan+UBSan with key checks
# after every make/unmake (build/debug is compiled with -DQEC_DEBUG).
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
for bin in build/release/tests/rules_test build/release/tests/playout_test build/release/tests/tether_test \
           build/debug/tests/rules_test build/debug/tests/playout_test build/debug/tests/tether_test; do
    run_program "$bin"
done
summary rules
[ "$fail" -eq 0 ]
