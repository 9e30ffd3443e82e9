#!/usr/bin/env bash
# Strength against the seed prototype's baseline policies (issue 4): ./qec (Policy search)
# against ./qec with Policy minimax2 and with Policy greedy, 100 ms per decision, from the
# variant's balanced book book/openings-<variant>.epd (each opening played with both colours;
# OPENINGS=random for random openings, OPENINGS=<file> for another book), through qecmatch.
# Targets: >= 95% against minimax2, >= 99% against greedy. A dual-king game counts as a draw
# in qecmatch's score (both lose, R4.2).
# Usage: bench/strength.sh [games per opponent (even, default 200)] [concurrency (default 1)]
#        env ST=seconds per decision (default 0.1), SEED (default 1), OPPONENTS="minimax2 greedy",
#        MARGIN=ms the runner tolerates beyond ST (default 100), OVERHEAD=Move Overhead (20),
#        VARIANT=qec|chess|tether|schroedinger (default qec; without a book for the variant the
#        openings are random: PLIES random legal moves from the start, default 8; schroedinger's
#        book is move lists from the start position, S4.2), NODES=n: fixed nodes per decision
#        instead of ST (a smoke run on a busy machine: no clock, no time forfeits)
# Falls back to the in-process tools/qecplay.c when qecmatch is not built.
set -eu
cd "$(dirname "$0")/.."
GAMES=${1:-200}
CONC=${2:-1}
ST=${ST:-0.1}
SEED=${SEED:-1}
OPPONENTS=${OPPONENTS:-"minimax2 greedy"}
VARIANT=${VARIANT:-qec}
[ -f "book/openings-$VARIANT.epd" ] || OPENINGS=${OPENINGS:-random}
if [ "${OPENINGS:-book}" = random ]; then
    OPEN=(-openings random seed="$SEED" plies="${PLIES:-$([ "$VARIANT" = qec ] && echo 0 || echo 8)}")
else
    OPEN=(-openings file="${OPENINGS:-book/openings-$VARIANT.epd}" order=random seed="$SEED")
fi
if [ -n "${NODES:-}" ]; then
    LIMIT=(tc=inf nodes="$NODES")
    PER="$NODES nodes"
else
    LIMIT=(st="$ST" timemargin="${MARGIN:-100}")
    PER="${ST}s"
fi
make -s qec >/dev/null
for opp in $OPPONENTS; do
    echo "== $VARIANT: qec (search) vs $opp: $GAMES games, $PER per decision, openings ${OPEN[*]}"
    if [ -x ./qecmatch ]; then
        out=$(./qecmatch -variant "$VARIANT" -engine cmd=./qec name=qec -engine cmd=./qec name="$opp" option.Policy="$opp" \
            -each "${LIMIT[@]}" option.Hash=16 "option.Move Overhead=${OVERHEAD:-20}" "${OPEN[@]}" -repeat \
            -games 2 -rounds $((GAMES / 2)) -concurrency "$CONC" -maxmoves 400 -seed "$SEED" 2>&1)
        printf '%s\n' "$out" | grep -E "^Score of" | tail -n 1
        printf '%s\n' "$out" | grep -E "^(Pentanomial|Terminations|Forfeits)" | awk '!seen[$0]++'
    else
        make -s build/release/tools/qecplay >/dev/null
        ms=$(awk -v s="$ST" 'BEGIN { printf "%d", s * 1000 }')
        build/release/tools/qecplay --games "$GAMES" --a search --b "$opp" --movetime "$ms" --seed "$SEED" --quiet
    fi
done
