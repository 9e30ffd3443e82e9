#!/usr/bin/env bash
# Notation (R5.3, seed 004 §12): goldens from the seeds, classical SAN, lenient input, errors,
# and round trips of random QEC and chess games, in release and under ASan+UBSan.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
run_program build/release/tests/notation_test
run_program build/debug/tests/notation_test
echo "notation: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
