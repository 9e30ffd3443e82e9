#!/usr/bin/env bash
# Notation (R5.3, seed 004 §12): goldens from the seeds, classical SAN, lenient input, errors,
# and round trips of random QEC and chess games; Haft Schroedinger's long form (goldens, errors,
# seeded random games to their end); in release and under ASan+UBSan; then
# classical SAN read by Debian's pgn-extract (a reader no one here wrote), when installed.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
run_program build/release/tests/notation_test
run_program -o build/debug/tests/notation_test
run_program build/release/tests/worlds_notation_test
run_program -o build/debug/tests/worlds_notation_test
extract=$(command -v pgn-extract || ls /usr/games/pgn-extract 2>/dev/null)
if [ -n "$extract" ] && [ -x build/release/tests/notation_test ]; then
    work=$(mktemp -d)
    run_program -t 300 tests/notation/pgn_extract_check.py build/release/tests/notation_test "$extract" "$work" 300
    rm -rf "$work"
else
    skip_check "classical SAN read by pgn-extract (pgn-extract is not installed, or notation_test is not built)"
fi
summary notation
[ "$fail" -eq 0 ]
