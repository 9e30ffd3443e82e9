#!/usr/bin/env bash
# Perft speed, side by side in one run (issue 2's benchmark; not a test):
#  1. classical perft, one thread: qec (variant chess) vs Debian's Stockfish, startpos
#     depth 6 and Kiwipete depth 5 -> nodes/second each and the ratio qec/Stockfish;
#  2. QEC perft leaves/second (startpos depth 4 with the default map + the mid-game lines of
#     the public QEC file at their deepest listed depth) and its ratio to qec's classical
#     leaves/second of the same run.
# qec times itself in-process (perft_bench, caches warm); Stockfish's time is its wall time
# minus the wall time of a depth-1 run (start-up, network loading). Each timing is the best of
# $REPEAT runs to damp noise from other processes, and qec's classical and QEC counts are timed
# in interleaved rounds, so that a slow spell of the machine falls on both sides of the ratio.
#
#   bench/perft.sh --set qec|classical   one side's counts only, in-process, as "nps N" (leaves
#   over the summed best times): the figure bench/ab.py compares in interleaved rounds,
#     bench/ab.py --metric 'nps (\d+)' -a 'bench/perft.sh --set qec' -b 'bench/perft.sh --set classical'
set -eu
cd "$(dirname "$0")/.."
REPEAT=${REPEAT:-5}
SF=${STOCKFISH:-$(command -v stockfish || echo /usr/games/stockfish)}
DATA=${QEC_DATA:-tests/data}
# PB=path: another build's perft_bench (two builds side by side with --set), used as it is
if [ -z "${PB:-}" ]; then
    PB=build/release/tools/perft_bench
    make -s "$PB" >/dev/null
fi
START="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWI="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
CLASSICAL=("startpos|$START|6" "kiwipete|$KIWI|5")
QEC=("$START; links default; D4")
while IFS= read -r l; do QEC+=("$l"); done < <(tail -n +3 "$DATA/qec-perft-public.epd")

qec_once() { # variant depth fen links repeat -> "nodes ms": best of `repeat` runs, short counts repeated for 0.5 s
    "$PB" "$1" "$2" "$3" "$4" "$5" | awk '{print $2, $4}'
}
line_depth() { echo "$1" | grep -oE 'D[0-9]+' | tail -n 1 | tr -d D; } # a QEC line's deepest listed depth
count_line() { # classical|qec, an entry of CLASSICAL or QEC, repeat -> "nodes ms"
    local fen depth
    if [ "$1" = classical ]; then
        IFS='|' read -r _ fen depth <<<"$2"
        qec_once chess "$depth" "$fen" none "$3"
    else
        qec_once qec "$(line_depth "$2")" "${2%%;*}" "$(echo "$2" | sed -nE 's/.*; links ([^;]*);.*/\1/p')" "$3"
    fi
}

if [ "${1:-}" = --set ]; then
    case "${2:-}" in
    classical) lines=("${CLASSICAL[@]}") ;;
    qec) lines=("${QEC[@]}") ;;
    *) echo "usage: bench/perft.sh [--set qec|classical]" >&2; exit 2 ;;
    esac
    total=0 ms_sum=0
    for e in "${lines[@]}"; do
        read -r n ms < <(count_line "$2" "$e" 3)
        total=$((total + n)); ms_sum=$(echo "$ms_sum + $ms" | bc -l)
    done
    printf 'leaves %s ms %s nps %.0f\n' "$total" "$ms_sum" "$(echo "$total / $ms_sum * 1000" | bc -l)"
    exit 0
fi
[ -x "$SF" ] || { echo "Stockfish not found (apt-get install stockfish)"; exit 1; }

now_ms() { date +%s%3N; }
sf_ms() { # fen depth -> best wall ms
    local best=999999999 t0 t1
    for _ in $(seq "$REPEAT"); do
        t0=$(now_ms)
        printf 'position fen %s\ngo perft %s\nquit\n' "$1" "$2" | "$SF" >/dev/null
        t1=$(now_ms)
        [ $((t1 - t0)) -lt $best ] && best=$((t1 - t0))
    done
    echo "$best"
}
# qec, interleaved rounds: best ms per line
declare -a nodes best
all=("${CLASSICAL[@]}" "${QEC[@]}")
for _ in $(seq "$REPEAT"); do
    for i in "${!all[@]}"; do
        kind=qec
        [ "$i" -lt ${#CLASSICAL[@]} ] && kind=classical
        read -r n ms < <(count_line "$kind" "${all[$i]}" 2)
        nodes[$i]=$n
        if [ -z "${best[$i]:-}" ] || [ "$(echo "$ms < ${best[$i]}" | bc)" = 1 ]; then best[$i]=$ms; fi
    done
done

printf '%-34s %14s %10s %14s\n' "classical perft (1 thread)" "nodes" "ms" "nodes/s"
cl_nodes=0 cl_ms=0 sf_total_ms=0
for i in "${!CLASSICAL[@]}"; do
    IFS='|' read -r name fen depth <<<"${CLASSICAL[$i]}"
    n=${nodes[$i]} ms=${best[$i]}
    base=$(sf_ms "$fen" 1); full=$(sf_ms "$fen" "$depth"); sms=$((full - base))
    printf '%-34s %14s %10s %14.0f\n' "qec $name d$depth" "$n" "$ms" "$(echo "$n / $ms * 1000" | bc -l)"
    printf '%-34s %14s %10s %14.0f\n' "stockfish $name d$depth" "$n" "$sms" "$(echo "$n / $sms * 1000" | bc -l)"
    cl_nodes=$((cl_nodes + n)); cl_ms=$(echo "$cl_ms + $ms" | bc -l); sf_total_ms=$((sf_total_ms + sms))
done
cl_nps=$(echo "$cl_nodes / $cl_ms * 1000" | bc -l)
sf_nps=$(echo "$cl_nodes / $sf_total_ms * 1000" | bc -l)
printf 'classical ratio qec/stockfish: %.2fx  (target >= 2.0x)\n\n' "$(echo "$cl_nps / $sf_nps" | bc -l)"

printf '%-34s %14s %10s %14s\n' "QEC perft" "leaves" "ms" "leaves/s"
q_nodes=0 q_ms=0
for j in "${!QEC[@]}"; do
    i=$((j + ${#CLASSICAL[@]})); l=${QEC[$j]}; fen=${l%%;*}
    depth=$(line_depth "$l")
    n=${nodes[$i]} ms=${best[$i]}
    printf '%-34s %14s %10s %14.0f\n' "${fen:0:28}.. d$depth" "$n" "$ms" "$(echo "$n / $ms * 1000" | bc -l)"
    q_nodes=$((q_nodes + n)); q_ms=$(echo "$q_ms + $ms" | bc -l)
done
q_nps=$(echo "$q_nodes / $q_ms * 1000" | bc -l)
printf 'QEC leaves/s %.0f vs classical %.0f: ratio %.2fx  (target >= 0.5x)\n' "$q_nps" "$cl_nps" "$(echo "$q_nps / $cl_nps" | bc -l)"
