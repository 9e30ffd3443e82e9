#!/usr/bin/env bash
# Haft Schroedinger rules core speed (not a test): schroedinger perft 4 from the start against qec's
# classical perft 5 from the start (perft_bench, same machine, interleaved rounds, best of
# $REPEAT each) as a ratio of nodes/second, then worlds_bench's per-operation times.
set -eu
cd "$(dirname "$0")/.."
REPEAT=${REPEAT:-3}
make -s build/release/tools/perft_bench build/release/tools/worlds_bench >/dev/null
START="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
best_c=0 best_h=0
for _ in $(seq "$REPEAT"); do
    c=$(build/release/tools/perft_bench chess 5 "$START" none 1 | awk '{print $6}')
    h=$(build/release/tools/worlds_bench perft 4 | awk '{print $6}')
    best_c=$(awk -v a="$best_c" -v b="$c" 'BEGIN { print (b > a ? b : a) }')
    best_h=$(awk -v a="$best_h" -v b="$h" 'BEGIN { print (b > a ? b : a) }')
done
printf 'classical perft 5: %.0f nodes/s; schroedinger perft 4: %.0f nodes/s; ratio schroedinger/classical %.3f\n' \
    "$best_c" "$best_h" "$(awk -v a="$best_h" -v b="$best_c" 'BEGIN { print a / b }')"
build/release/tools/worlds_bench
