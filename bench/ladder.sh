#!/usr/bin/env bash
# Classical-chess strength ladder (issue 12): ./qec in chess mode against Debian's stockfish
# with UCI_LimitStrength at several UCI_Elo levels (the anchors) and against the other Debian
# UCI engines at full strength, through qecmatch -variant chess: a gauntlet, random balanced
# openings (bench/chess_openings.py: random moves, kept when stockfish scores them within
# +-50 cp), each opening played with both colours.
# Prints every encounter's score with its Elo difference and 95% error bar, and qec's Elo
# implied by the anchors (bench/ladder_fit.py, which also reads a saved JSON): weighted least
# squares over the anchors' estimates UCI_Elo + diff (anchors at 0% or 100% have no finite
# estimate and are left out of it), and the maximum-likelihood fit of the logistic model over
# every anchor game (which uses them too).
# The UCI_Elo scale is stockfish's (calibrated by its authors against CCRL 40/4 at 60+0.6);
# at a faster clock it is only roughly right, so the estimate is "qec on stockfish's UCI_Elo
# scale at this clock".
# Usage: bench/ladder.sh [games per opponent (even, default 40)]
#   env TC=time control (default 10+0.1), ELOS="1400 1800 2200 2600 2800",
#       OTHERS="ethereal-chess toga2 glaurung" (the installed ones are used), SEED (1),
#       CONC=concurrency (1), MARGIN=ms of time overrun tolerated (200), OUT=directory (build/ladder)
set -eu
cd "$(dirname "$0")/.."
GAMES=${1:-40}
TC=${TC:-10+0.1}
ELOS=${ELOS:-"1400 1800 2200 2600 2800"}
OTHERS=${OTHERS-"ethereal-chess toga2 glaurung"}
SEED=${SEED:-1}
CONC=${CONC:-1}
MARGIN=${MARGIN:-200}
OUT=${OUT:-build/ladder}
find_engine() { command -v "$1" 2>/dev/null || { [ -x "/usr/games/$1" ] && echo "/usr/games/$1"; } || true; }
SF=$(find_engine stockfish)
[ -n "$SF" ] || { echo "ladder: stockfish is not installed (apt-get install stockfish)"; exit 1; }
# The plain release (since 2026-11-30 faster than `make profile-build`, docs/testers/building.md);
# removed first, so that a profile-built ./qec, newer than the objects, is not kept.
rm -f qec && make -s qec >/dev/null
make -s qecmatch >/dev/null
mkdir -p "$OUT"
# Enough openings for every game pair of every encounter, then shuffled by the seed.
nelo=$(wc -w <<<"$ELOS")
python3 bench/chess_openings.py $(( (GAMES / 2 + 1) * (nelo + 3) )) --seed "$SEED" --engine "$SF" >"$OUT/openings.epd"
engines=(-engine cmd=./qec name=qec)
for e in $ELOS; do
    engines+=(-engine cmd="$SF" name="sf$e" option.UCI_LimitStrength=true option.UCI_Elo="$e")
done
for o in $OTHERS; do
    cmd=$(find_engine "$o")
    if [ -n "$cmd" ]; then engines+=(-engine cmd="$cmd" name="$o"); else echo "ladder: $o is not installed, skipped"; fi
done
echo "== qec (chess) gauntlet: $GAMES games per opponent, tc=$TC, openings $OUT/openings.epd (seed $SEED)"
echo "qecmatch -variant chess ${engines[*]} -each tc=$TC timemargin=$MARGIN option.Hash=16 -games $GAMES -repeat -tournament gauntlet ..."
nice ./qecmatch -variant chess "${engines[@]}" -each tc="$TC" timemargin="$MARGIN" option.Hash=16 \
    -games "$GAMES" -repeat -tournament gauntlet -concurrency "$CONC" -seed "$SEED" \
    -openings file="$OUT/openings.epd" format=epd order=random seed="$SEED" \
    -pgnout "$OUT/ladder.pgn" -jsonout "$OUT/ladder.json" >"$OUT/ladder.log" 2>&1 || true
grep -E "^(Terminations|Forfeits)" "$OUT/ladder.log" | awk '!seen[$0]++' || true
python3 bench/ladder_fit.py "$OUT/ladder.json"
