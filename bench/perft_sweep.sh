#!/usr/bin/env bash
# QEC perft's shortcuts under a debug build, over many positions (not a test: too long for
# `make test`; run it after changing engine/perft_*.c). Every FEN of the classical perft file
# under QEC rules, with the maps `random 1` .. `random SEEDS`, counted at DEPTH by a
# `-DQEC_DEBUG` build of perft_bench (build/perft-check): that build checks the position's
# keys after every make and unmake, and counts each last-turn position whose origin counts come
# from the cache (engine/perft_reuse.c) from scratch as well, stopping at a difference. No
# expected value is needed: a run that stops is a failure. Positions a map cannot be applied
# to are left out and counted apart.
#   bench/perft_sweep.sh [DEPTH=3] [SEEDS=6]
# Ends with "perft sweep: N counted, M unmapped, K failed" (exit 1 on a failure).
set -u
cd "$(dirname "$0")/.."
DEPTH=${1:-3} SEEDS=${2:-6}
DATA=${QEC_DATA:-tests/data}
PB=build/perft-check/tools/perft_bench
make -s BUILD=build/perft-check OPT="-O2 -march=native -DQEC_DEBUG" "$PB" >/dev/null || exit 1
counted=0 unmapped=0 failed=0
while IFS= read -r line; do
    fen=${line%% ;*}
    [ -n "$fen" ] || continue
    for seed in $(seq "$SEEDS"); do
        out=$("$PB" qec "$DEPTH" "$fen" "random $seed" 1 2>&1)
        rc=$?
        if [ $rc -eq 0 ] && [[ $out == nodes* ]]; then
            counted=$((counted + 1))
        elif [ $rc -ne 0 ] && [ $rc -lt 128 ] && ! [[ $out == nodes* ]]; then
            unmapped=$((unmapped + 1)) # the tool refused the position or the map
        else
            failed=$((failed + 1))
            echo "FAIL (exit $rc): $fen; links random $seed; depth $DEPTH"
        fi
    done
done <"$DATA/perftsuite.epd"
echo "perft sweep: $counted counted, $unmapped unmapped, $failed failed"
[ "$failed" -eq 0 ]
