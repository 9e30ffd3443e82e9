#!/usr/bin/env bash
# Skill levels in one variant (issue 42, docs/results/levels.md): a round robin of ./qec at
# several `Skill Level`s, each decision limited to NODES nodes (so the run does not depend on the
# machine's load, and full strength is bounded), random openings with both colours; then every
# level's Elo relative to the top one (bench/levels_fit.py, maximum likelihood over all games).
# Usage: bench/levels_gauntlet.sh VARIANT [games per encounter, even (10)]
#   env LEVELS="0 6 12 20" NODES=20000 SEED=21 QEC=./qec QECMATCH=./qecmatch OUT=build/levels
#   PAIRS=adjacent: one match per pair of neighbouring levels (0-6, 6-12, 12-20) instead of the
#   round robin, CONCURRENCY games at a time (1): each step measured by its own games, at a
#   fraction of the cost when the top levels' games are long. A level's node limit in the
#   variant (docs/gui/protocol.md#levels) applies under NODES, so NODES is the top level's.
set -eu
cd "$(dirname "$0")/.."
V=$1
GAMES=${2:-10}
LEVELS=${LEVELS:-"0 6 12 20"}
NODES=${NODES:-20000}
SEED=${SEED:-21}
QEC=${QEC:-./qec}
OUT=${OUT:-build/levels}
mkdir -p "$OUT"
CONCURRENCY=${CONCURRENCY:-1}
BALANCE=${BALANCE:-balance=off} # or balance=200: openings the first engine scores within 200 cp
match() { # OUTNAME LEVEL...
    local name=$1 engines=()
    shift
    for l in "$@"; do engines+=(-engine cmd="$QEC" name="L$l" option."Skill Level"="$l"); done
    nice "${QECMATCH:-./qecmatch}" -variant "$V" "${engines[@]}" -each tc=inf nodes="$NODES" option.Hash=16 \
        -games "$GAMES" -repeat -tournament round-robin -concurrency "$CONCURRENCY" -seed "$SEED" \
        -openings random seed="$SEED" plies=4 $BALANCE -maxmoves 200 \
        -pgnout "$OUT/$name.pgn" -jsonout "$OUT/$name.json" >"$OUT/$name.log" 2>&1 || true
}
if [ "${PAIRS:-}" = adjacent ]; then
    echo "== $V: Skill Levels $LEVELS, neighbours only, $GAMES games per encounter, nodes=$NODES ($(date -u +%FT%TZ))"
    set -- $LEVELS
    files=()
    while [ $# -ge 2 ]; do
        match "$V-L$1-L$2" "$1" "$2"
        files+=("$OUT/$V-L$1-L$2.json")
        shift
    done
    python3 bench/levels_fit.py "${files[@]}"
else
    echo "== $V: Skill Levels $LEVELS round robin, $GAMES games per encounter, nodes=$NODES ($(date -u +%FT%TZ))"
    match "$V" $LEVELS
    python3 bench/levels_fit.py "$OUT/$V.json"
fi
