#!/usr/bin/env bash
# Search speed benchmarks (issue 4), measured side by side in one run:
#  1. nodes/second, one thread: tools/searchbench.c (search_run over 14 positions and
#     maps at a fixed depth) against Debian Stockfish's `stockfish bench` (its default: 16 MiB,
#     1 thread, depth 13); target >= 0.7x.
#  2. nodes/second with 2 threads vs 1 (Lazy SMP); target >= 1.8x.
#  3. time to depth TTD (default 12) on the same positions, 2 threads vs 1.
# Each measurement is repeated REPEAT times (default 3), interleaved, and the best kept (most
# nodes/second, least time): on a machine shared with other jobs, the best run is the one
# least disturbed. The load average is printed at the end.
# Usage: bench/search.sh [nps-depth (11)] [ttd-depth (12)]   env STOCKFISH, REPEAT
set -eu
cd "$(dirname "$0")/.."
NPS_DEPTH=${1:-11}
TTD_DEPTH=${2:-12}
REPEAT=${REPEAT:-3}
SF=${STOCKFISH:-/usr/games/stockfish}
make -s build/release/tools/searchbench >/dev/null
SB=build/release/tools/searchbench

field() { sed -nE "s|^$1 *: *([0-9]+).*|\1|p" | tail -n 1; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
max() { [ "$1" -gt "$2" ] && echo "$1" || echo "$2"; }
min() { [ "$1" -lt "$2" ] && echo "$1" || echo "$2"; }

sf=0 q1=0 q2=0 t1=999999999 t2=999999999 sig=""
for i in $(seq "$REPEAT"); do
    sf=$(max "$sf" "$(cd /tmp && "$SF" bench 2>&1 | field "Nodes/second")")
    out=$("$SB" "$NPS_DEPTH" 1)
    q1=$(max "$q1" "$(printf '%s\n' "$out" | field "Nodes/second")")
    sig=$(printf '%s\n' "$out" | field "Nodes searched")
    q2=$(max "$q2" "$("$SB" "$NPS_DEPTH" 2 | field "Nodes/second")")
    t1=$(min "$t1" "$("$SB" "$TTD_DEPTH" 1 | field "Total time \(ms\)")")
    t2=$(min "$t2" "$("$SB" "$TTD_DEPTH" 2 | field "Total time \(ms\)")")
done

echo "== 1. nodes/second, 1 thread: searchbench depth $NPS_DEPTH vs $SF bench (best of $REPEAT)"
echo "stockfish bench     : $sf nodes/s"
echo "qec searchbench     : $q1 nodes/s (signature $sig nodes)"
echo "ratio qec/stockfish : $(ratio "$q1" "$sf")  (target >= 0.70)"
echo "== 2. nodes/second, 2 threads vs 1 (depth $NPS_DEPTH)"
echo "1 thread            : $q1 nodes/s"
echo "2 threads           : $q2 nodes/s"
echo "ratio 2T/1T         : $(ratio "$q2" "$q1")  (target >= 1.80)"
echo "== 3. time to depth $TTD_DEPTH over the 14 positions, 2 threads vs 1"
echo "1 thread            : $t1 ms"
echo "2 threads           : $t2 ms"
echo "speed-up 1T/2T      : $(ratio "$t1" "$t2")"
echo "load average        : $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
