#!/usr/bin/env bash
# Search and evaluation suite (issue 4): search_test (mates, forced replies chosen by their
# owner, draws, TT keys, determinism, policies, limits, eval symmetry) from build/release and
# build/debug (ASan+UBSan, keys re-verified after every make/unmake), and search_smp_test (the
# threaded API with 2 threads) from build/release, build/debug and build/tsan.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
run_program build/release/tests/search_test
run_program build/release/tests/search_smp_test 2
run_program -o build/debug/tests/search_test
run_program -o build/debug/tests/search_smp_test 2
TSAN_OPTIONS="halt_on_error=1 exitcode=66" run_program -o build/tsan/tests/search_smp_test 2
echo "search: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
