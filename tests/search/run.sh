#!/usr/bin/env bash
# Search and evaluation suite (issue 4): chess_test (the search in UCI_Variant chess: evasions,
# mates in moves, draws, underpromotion, a 2,000-position soak), pawn_cache_test (cached and
# uncached evaluations equal in QEC, chess and tether), nnue_test (the chess network: its file,
# cached = fresh accumulators, colour symmetry, agreement with stockfish), nnue_qec_test (the QEC
# network's inputs and file, cached = fresh through forced replies, reactive steps and broken links;
# tether's net loaded at run time; the search with both), search_test (mates, forced replies chosen by their
# owner, draws, TT keys, determinism, policies, limits, eval symmetry) from build/release and
# build/debug (ASan+UBSan, keys re-verified after every make/unmake), and search_smp_test (the
# threaded API with 2 threads) from build/release, build/debug and build/tsan; texel.sh (the weight
# tables are what tools/texel.c writes back, and tether's and chess's name QEC's blocks, not copy them);
# qec_net_pipeline.sh (the QEC and tether network pipeline end to end on a tiny scale);
# qec_net_quality.sh (the compiled-in QEC and tether nets against held-out scored games).
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
run_program build/release/tests/search_test
run_program build/release/tests/search_smp_test 2
run_program build/release/tests/chess_test
run_program build/release/tests/tether_search_test
run_program build/release/tests/pawn_cache_test
run_program build/release/tests/nnue_test
run_program build/release/tests/nnue_qec_test
run_program tests/search/texel.sh
run_program tests/search/qec_net_pipeline.sh
run_program tests/search/qec_net_quality.sh
run_program -o build/debug/tests/search_test
run_program -o build/debug/tests/search_smp_test 2
run_program -o build/debug/tests/chess_test
run_program -o build/debug/tests/tether_search_test
run_program -o build/debug/tests/pawn_cache_test
run_program -o build/debug/tests/nnue_test
run_program -o build/debug/tests/nnue_qec_test
TSAN_OPTIONS="halt_on_error=1 exitcode=66" run_program -o build/tsan/tests/search_smp_test 2
# Issue 12's reproduction through the UCI front-end, in every build: a bestmove, no crash.
for exe in ./qec ./qec-debug ./qec-tsan; do
    if [ ! -x $exe ]; then
        if [ $exe = ./qec ]; then echo "FAIL: $exe not built"; fail=$((fail + 1)); else skip_check "$exe chess-mode go depth 9 ($exe not built)"; fi
        continue
    fi
    out=$( (printf 'setoption name UCI_Variant value chess\nposition fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1\ngo depth 9\n'
            sleep 0.2; printf 'isready\n'; while sleep 0.2; do printf 'isready\n'; done) | timeout 120 $exe 2>&1 | sed '/^bestmove/q')
    if printf '%s\n' "$out" | grep -q '^bestmove [a-h][1-8][a-h][1-8]'; then
        pass=$((pass + 1)); echo "$exe chess-mode go depth 9 -> $(printf '%s\n' "$out" | tail -n 1)"
    else
        fail=$((fail + 1)); echo "FAIL: $exe chess-mode go depth 9: $(printf '%s\n' "$out" | tail -n 3)"
    fi
done
# Balanced openings (issue 14): `openings` keeps distinct positions of ongoing games, in the
# EPD form qecmatch reads; the shipped book loads in qecmatch; bad arguments are refused.
ok() { if eval "$2"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi; }
book=$(./qec openings 30 4 100 7 3 | grep -v '^info')
ok "openings: 30 lines" '[ "$(printf "%s\n" "$book" | grep -c "; links [a-h]")" = 30 ]'
ok "openings: 30 distinct" '[ "$(printf "%s\n" "$book" | sort -u | wc -l)" = 30 ]'
ok "openings: reproducible" '[ "$(./qec openings 30 4 100 7 3 | grep -v "^info")" = "$book" ]'
ok "openings: bad count" '[ "$(./qec openings 0 | grep -c "^info string error: openings count")" = 1 ]'
ok "openings: too many words" '[ "$(./qec openings 1 2 3 4 5 6 | grep -c "^info string error: openings")" = 1 ]'
if [ -x ./qecmatch ]; then
    for v in qec chess tether; do # the shipped balanced books, one per variant
        f=book/openings-$v.epd
        ok "$f has 2000 openings" '[ "$(grep -vc "^#" $f)" = 2000 ]'
        ok "$f has no repeated line" '[ "$(grep -v "^#" $f | sort -u | wc -l)" = 2000 ]'
        ok "qecmatch -variant $v loads $f" './qecmatch -variant $v -engine cmd=./qec -engine cmd=./qec -each depth=1 \
            -openings file=$f start=2000 -games 1 -rounds 1 -maxmoves 1 >/dev/null 2>&1'
    done
else
    echo "FAIL: ./qecmatch not built (make all)"; fail=$((fail + 1))
fi
summary search
[ "$fail" -eq 0 ]
