#!/usr/bin/env bash
# UCI_Elo calibration in chess (issue 42, docs/results/levels.md): for each ELO, ./qec with
# UCI_LimitStrength true and UCI_Elo ELO against Debian's stockfish at the same UCI_Elo, same
# clock, random balanced openings (bench/chess_openings.py), each opening with both colours.
# Prints qecmatch's score and Elo difference per level (qec's view).
# Usage: bench/levels_chess.sh [games per level, even (40)]
#   env ELOS="1500 2000 2500" TC=5+0.05 SEED=11 CONC=1 MARGIN=200 NICE=10 QEC=./qec OUT=build/levels
# NICE: the games' niceness (both engines inherit it); on a loaded machine 0 keeps the clock
# fairer to both than 10 against the load's other work.
set -eu
cd "$(dirname "$0")/.."
GAMES=${1:-40}
ELOS=${ELOS:-"1500 2000 2500"}
TC=${TC:-5+0.05}
SEED=${SEED:-11}
CONC=${CONC:-1}
MARGIN=${MARGIN:-200}
NICE=${NICE:-10}
QEC=${QEC:-./qec}
OUT=${OUT:-build/levels}
SF=$(command -v stockfish || echo /usr/games/stockfish)
[ -x "$SF" ] || { echo "levels_chess: stockfish is not installed (apt-get install stockfish)"; exit 1; }
mkdir -p "$OUT"
[ -s "$OUT/openings.epd" ] || python3 bench/chess_openings.py $((GAMES / 2 + 20)) --seed "$SEED" --engine "$SF" >"$OUT/openings.epd"
for e in $ELOS; do
    echo "== UCI_Elo $e: qec against stockfish, $GAMES games, tc=$TC ($(date -u +%FT%TZ))"
    nice -n "$NICE" "${QECMATCH:-./qecmatch}" -variant chess \
        -engine cmd="$QEC" name="qec$e" option.UCI_LimitStrength=true option.UCI_Elo="$e" \
        -engine cmd="$SF" name="sf$e" option.UCI_LimitStrength=true option.UCI_Elo="$e" \
        -each tc="$TC" timemargin="$MARGIN" option.Hash=16 -games "$GAMES" -repeat -concurrency "$CONC" \
        -seed "$SEED" -openings file="$OUT/openings.epd" format=epd order=random seed="$SEED" \
        -pgnout "$OUT/elo$e.pgn" -jsonout "$OUT/elo$e.json" >"$OUT/elo$e.log" 2>&1 || true
    grep -E "^Score of" "$OUT/elo$e.log" | tail -1; grep -E "^(Terminations|Forfeits)" "$OUT/elo$e.log" | tail -2
done
