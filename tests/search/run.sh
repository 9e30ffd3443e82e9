#!/usr/bin/env bash
# Search and evaluation suite (issue 4): chess_test (the search in UCI_Variant chess: evasions,
# mates in moves, draws, underpromotion, a 2,000-position soak), search_test (mates, forced replies chosen by their
# owner, draws, TT keys, determinism, policies, limits, eval symmetry) from build/release and
# build/debug (ASan+UBSan, keys re-verified after every make/unmake), and search_smp_test (the
# threaded API with 2 threads) from build/release, build/debug and build/tsan.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
run_program build/release/tests/search_test
run_program build/release/tests/search_smp_test 2
run_program build/release/tests/chess_test
run_program -o build/debug/tests/search_test
run_program -o build/debug/tests/search_smp_test 2
run_program -o build/debug/tests/chess_test
TSAN_OPTIONS="halt_on_error=1 exitcode=66" run_program -o build/tsan/tests/search_smp_test 2
# Issue 12's reproduction through the UCI front-end, in every build: a bestmove, no crash.
for exe in ./qec ./qec-debug ./qec-tsan; do
    [ -x $exe ] || { [ $exe = ./qec ] && { echo "FAIL: $exe not built"; fail=$((fail + 1)); }; continue; }
    out=$( (printf 'setoption name UCI_Variant value chess\nposition fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1\ngo depth 9\n'
            sleep 0.2; printf 'isready\n'; while sleep 0.2; do printf 'isready\n'; done) | timeout 120 $exe 2>&1 | sed '/^bestmove/q')
    if printf '%s\n' "$out" | grep -q '^bestmove [a-h][1-8][a-h][1-8]'; then
        pass=$((pass + 1)); echo "$exe chess-mode go depth 9 -> $(printf '%s\n' "$out" | tail -n 1)"
    else
        fail=$((fail + 1)); echo "FAIL: $exe chess-mode go depth 9: $(printf '%s\n' "$out" | tail -n 3)"
    fi
done
echo "search: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
