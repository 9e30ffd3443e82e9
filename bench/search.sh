#!/usr/bin/env bash
# Search speed benchmarks (issue 4), measured side by side in one run:
#  1. nodes/second, one thread: tests/search/searchbench.c (search_run over 14 positions and
#     maps at a fixed depth) against Debian Stockfish's `stockfish bench` (its default: 16 MiB,
#     1 thread, depth 13, 50 positions); target >= 0.7x.
#  2. nodes/second with 2 threads vs 1 (Lazy SMP); target >= 1.8x.
#  3. time to depth DEPTH_TTD (default 12) on the same positions, 2 threads vs 1.
# Usage: bench/search.sh [nps-depth [ttd-depth]]   (env STOCKFISH=path to override)
# Needs idle cores: on a shared machine the ratios are only indicative.
set -eu
cd "$(dirname "$0")/.."
NPS_DEPTH=${1:-11}
TTD_DEPTH=${2:-12}
SF=${STOCKFISH:-/usr/games/stockfish}
make -s build/release/tools/searchbench >/dev/null
SB=build/release/tools/searchbench

field() { sed -nE "s|^$1 *: *([0-9]+).*|\1|p" | tail -n 1; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }

echo "== 1. nodes/second, 1 thread: qec searchbench depth $NPS_DEPTH vs $SF bench"
sf_out=$(cd /tmp && "$SF" bench 2>&1)
sf_nps=$(printf '%s\n' "$sf_out" | field "Nodes/second")
q1_out=$("$SB" "$NPS_DEPTH" 1)
q1_nps=$(printf '%s\n' "$q1_out" | field "Nodes/second")
q1_nodes=$(printf '%s\n' "$q1_out" | field "Nodes searched")
echo "stockfish bench     : $sf_nps nodes/s"
echo "qec searchbench     : $q1_nps nodes/s (signature $q1_nodes nodes)"
echo "ratio qec/stockfish : $(ratio "$q1_nps" "$sf_nps")  (target >= 0.70)"

echo "== 2. nodes/second, 2 threads vs 1 (depth $NPS_DEPTH)"
q2_out=$("$SB" "$NPS_DEPTH" 2)
q2_nps=$(printf '%s\n' "$q2_out" | field "Nodes/second")
echo "1 thread            : $q1_nps nodes/s"
echo "2 threads           : $q2_nps nodes/s"
echo "ratio 2T/1T         : $(ratio "$q2_nps" "$q1_nps")  (target >= 1.80)"

echo "== 3. time to depth $TTD_DEPTH, 2 threads vs 1"
t1=$("$SB" "$TTD_DEPTH" 1 | field "Total time \(ms\)")
t2=$("$SB" "$TTD_DEPTH" 2 | field "Total time \(ms\)")
echo "1 thread            : $t1 ms"
echo "2 threads           : $t2 ms"
echo "speed-up 1T/2T      : $(ratio "$t1" "$t2")"
echo "load average        : $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
