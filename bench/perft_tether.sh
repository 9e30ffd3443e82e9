#!/usr/bin/env bash
# Tether perft speed next to qec's own classical perft, side by side in one run (issue 10; not
# a test): for every position of the public Tether file, tether perft at TDEPTH (default 3)
# and classical perft (variant chess) at CDEPTH (default 4) of the same FEN, which give leaf
# counts of the same order. Each timing is the best of $REPEAT in-process runs
# (perft_bench), the two variants timed in interleaved rounds so that a slow spell of the
# shared machine falls on both sides. Prints leaves/s per line and the ratio of the totals.
set -eu
cd "$(dirname "$0")/.."
REPEAT=${REPEAT:-5} TDEPTH=${TDEPTH:-3} CDEPTH=${CDEPTH:-4}
PB=build/release/tools/perft_bench
DATA=${QEC_DATA:-tests/data}
make -s "$PB" >/dev/null
mapfile -t FENS < <(sed -E 's/ *;.*//' "$DATA/tether-perft-public.epd" | grep .)
declare -a tn tms cn cms
for _ in $(seq "$REPEAT"); do
    for i in "${!FENS[@]}"; do
        read -r n ms < <("$PB" tether "$TDEPTH" "${FENS[$i]}" none 2 | awk '{print $2, $4}')
        tn[$i]=$n; if [ -z "${tms[$i]:-}" ] || [ "$(echo "$ms < ${tms[$i]}" | bc)" = 1 ]; then tms[$i]=$ms; fi
        read -r n ms < <("$PB" chess "$CDEPTH" "${FENS[$i]}" none 2 | awk '{print $2, $4}')
        cn[$i]=$n; if [ -z "${cms[$i]:-}" ] || [ "$(echo "$ms < ${cms[$i]}" | bc)" = 1 ]; then cms[$i]=$ms; fi
    done
done
printf '%-30s %12s %8s %12s | %12s %8s %12s\n' "position" "tether d$TDEPTH" "ms" "leaves/s" "classical d$CDEPTH" "ms" "leaves/s"
tt=0 tm=0 ct=0 cm=0
for i in "${!FENS[@]}"; do
    printf '%-30s %12s %8s %12.0f | %12s %8s %12.0f\n' "${FENS[$i]:0:28}.." "${tn[$i]}" "${tms[$i]}" \
        "$(echo "${tn[$i]} / ${tms[$i]} * 1000" | bc -l)" "${cn[$i]}" "${cms[$i]}" "$(echo "${cn[$i]} / ${cms[$i]} * 1000" | bc -l)"
    tt=$((tt + tn[i])); tm=$(echo "$tm + ${tms[$i]}" | bc -l); ct=$((ct + cn[i])); cm=$(echo "$cm + ${cms[$i]}" | bc -l)
done
tnps=$(echo "$tt / $tm * 1000" | bc -l) cnps=$(echo "$ct / $cm * 1000" | bc -l)
printf 'tether leaves/s %.0f vs classical %.0f: ratio %.2fx  (target >= 2.5x)\n' "$tnps" "$cnps" "$(echo "$tnps / $cnps" | bc -l)"
