#!/usr/bin/env bash
# Skill levels in one variant (issue 42, docs/results/levels.md): a round robin of ./qec at
# several `Skill Level`s, each decision limited to NODES nodes (so the run does not depend on the
# machine's load, and full strength is bounded), random openings with both colours; then every
# level's Elo relative to the top one (bench/levels_fit.py, maximum likelihood over all games).
# Usage: bench/levels_gauntlet.sh VARIANT [games per encounter, even (10)]
#   env LEVELS="0 6 12 20" NODES=20000 SEED=21 QEC=./qec QECMATCH=./qecmatch OUT=build/levels
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
engines=()
for l in $LEVELS; do engines+=(-engine cmd="$QEC" name="L$l" option."Skill Level"="$l"); done
echo "== $V: Skill Levels $LEVELS round robin, $GAMES games per encounter, nodes=$NODES ($(date -u +%FT%TZ))"
nice "${QECMATCH:-./qecmatch}" -variant "$V" "${engines[@]}" -each tc=inf nodes="$NODES" option.Hash=16 \
    -games "$GAMES" -repeat -tournament round-robin -concurrency 1 -seed "$SEED" \
    -openings random seed="$SEED" plies=4 balance=off -maxmoves 200 \
    -pgnout "$OUT/$V.pgn" -jsonout "$OUT/$V.json" >"$OUT/$V.log" 2>&1 || true
python3 bench/levels_fit.py "$OUT/$V.json"
