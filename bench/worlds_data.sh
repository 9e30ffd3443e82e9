#!/usr/bin/env bash
# Haft Schroedinger self-play data for the tuner (texel --variant schroedinger, issue 11 item 4):
# ./qec against itself through qecmatch at NODES nodes per decision (no clock: the same games on
# a loaded machine), from the balanced book book/openings-schroedinger.epd, each opening with
# both colours, then every game as one line `RESULT;TOKEN ...` (RESULT 1, 0.5, 0 from White;
# the tokens from the PGN's comments, as `position startpos moves` takes them, S4.2).
# Usage: bench/worlds_data.sh OUT GAMES [concurrency (default 1)]
#        env NODES (default 1200), SEED (default 11), ENGINE (default ./qec), PGN (keep the PGN here)
set -eu
cd "$(dirname "$0")/.."
OUT=$1
GAMES=$2
CONC=${3:-1}
ENGINE=${ENGINE:-./qec}
PGN=${PGN:-$(mktemp /tmp/worlds_data.XXXXXX.pgn)}
make -s qec qecmatch >/dev/null
./qecmatch -variant schroedinger -engine cmd="$ENGINE" name=a -engine cmd="$ENGINE" name=b \
    -each tc=inf nodes="${NODES:-1200}" option.Hash=16 \
    -openings file=book/openings-schroedinger.epd order=random seed="${SEED:-11}" -repeat \
    -games 2 -rounds $((GAMES / 2)) -concurrency "$CONC" -maxmoves 300 -seed "${SEED:-11}" -pgnout "$PGN" |
    grep -E "^(Score of|Terminations)" | tail -n 2
bench/worlds_pgn_data.py "$PGN" >"$OUT"
echo "$OUT: $(grep -vc '^#' "$OUT") games"
