#!/usr/bin/env bash
# Perft cost in instructions per leaf, independent of the machine's load (issue 45): each count
# runs under `valgrind --tool=callgrind` and the same command at depth 0 (start-up: tables,
# position, links) is subtracted. Lines: QEC startpos depth 4 with the default map and the
# mid-game lines of the public QEC file at depth 3 (what bench/perft.sh times), classical
# startpos depth 5 and Kiwipete depth 4, and with TETHER=1 the tether file at depth 3 against
# classical depth 4 of the same FENs (what bench/perft_tether.sh times). Prints each line, the
# totals and the ratios (classical instructions per leaf / QEC's: the speed ratio).
#   bench/perft_ir.sh [perft_bench]   default: an x86-64-v3 build in build/v3 (valgrind 3.19
#                                     stops on AVX-512 instructions, so not the native build)
set -eu
cd "$(dirname "$0")/.."
DATA=${QEC_DATA:-tests/data}
PB=${1:-build/v3/tools/perft_bench}
if [ $# -eq 0 ]; then
    nice -n 10 make -s -j2 BUILD=build/v3 ARCH=x86-64-v3 "$PB" >/dev/null
fi
command -v valgrind >/dev/null || { echo "valgrind not found (apt-get install valgrind)"; exit 1; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT

ir() { # variant depth fen links -> instructions (callgrind's total); the count goes to $out
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$PB" "$1" "$2" "$3" "$4" 1 2>&1 >"$out" |
        sed -nE 's/.*Collected : ([0-9]+).*/\1/p'
}
T=0 N=0
count() { # label variant depth fen links: adds to T (instructions) and N (leaves)
    local a b n
    a=$(ir "$2" 0 "$4" "$5"); b=$(ir "$2" "$3" "$4" "$5"); n=$(awk '{print $2}' "$out")
    printf '%-40s %12s leaves %8.2f instructions/leaf\n' "$1" "$n" "$(echo "($b - $a) / $n" | bc -l)"
    T=$((T + b - a)); N=$((N + n))
}
links_of() { local l; l=$(echo "$1" | sed -nE 's/.*; links ([^;]*);.*/\1/p'); echo "${l:-none}"; }
START="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWI="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

count "qec startpos d4 (default map)" qec 4 "$START" default
while IFS= read -r l; do
    fen=${l%%;*}
    count "qec ${fen:0:28}.. d3" qec 3 "$fen" "$(links_of "$l")"
done < <(tail -n +3 "$DATA/qec-perft-public.epd")
qT=$T qN=$N T=0 N=0
count "chess startpos d5" chess 5 "$START" none
count "chess kiwipete d4" chess 4 "$KIWI" none
cT=$T cN=$N
q=$(echo "$qT / $qN" | bc -l) c=$(echo "$cT / $cN" | bc -l)
printf 'QEC %.2f, classical %.2f instructions/leaf: QEC/classical speed %.3fx  (target >= 0.5x)\n' "$q" "$c" \
    "$(echo "$c / $q" | bc -l)"

if [ -n "${TETHER:-}" ]; then
    T=0 N=0
    while IFS= read -r l; do count "tether ${l:0:28}.. d3" tether 3 "${l%% ;*}" none; done <"$DATA/tether-perft-public.epd"
    tT=$T tN=$N T=0 N=0
    while IFS= read -r l; do count "chess ${l:0:28}.. d4" chess 4 "${l%% ;*}" none; done <"$DATA/tether-perft-public.epd"
    t=$(echo "$tT / $tN" | bc -l) c=$(echo "$T / $N" | bc -l)
    printf 'tether %.2f, classical %.2f instructions/leaf: tether/classical speed %.3fx  (target >= 2.5x)\n' "$t" "$c" \
        "$(echo "$c / $t" | bc -l)"
fi
