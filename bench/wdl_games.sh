#!/usr/bin/env bash
# Self-play games for the win/draw/loss model (UCI_ShowWDL, docs/results/wdl-model.md): qec
# against itself in one variant through qecmatch at a fixed node count per decision, random
# openings (unbalanced on purpose: the fit wants scores far from zero too), every line of the
# engines kept (-debug), so bench/wdl_fit.py reads each decision's last score beside the game's
# result without searching again.
# Usage: bench/wdl_games.sh VARIANT GAMES(even) [OUT=build/wdl]
#   env NODES=20000 SEED=1 QEC=./qec QECMATCH=./qecmatch
set -eu
V=$1
GAMES=$2
OUT=${3:-build/wdl}
NODES=${NODES:-20000}
SEED=${SEED:-1}
QEC=${QEC:-./qec}
QECMATCH=${QECMATCH:-./qecmatch}
mkdir -p "$OUT"
rm -f "$OUT/$V.pgn" "$OUT/$V.log"
# Concurrency 1: the log's games follow each other in the PGN's order (wdl_fit.py pairs them).
nice "$QECMATCH" -variant "$V" -engine cmd="$QEC" name=A -engine cmd="$QEC" name=B \
    -each tc=inf nodes="$NODES" option.Hash=16 -games "$GAMES" -repeat -concurrency 1 -seed "$SEED" \
    -openings random seed="$SEED" plies=4 balance=off -maxmoves 250 \
    -resign movecount=3 score=1500 -draw movenumber=60 movecount=8 score=5 \
    -pgnout "$OUT/$V.pgn" -debug 2>"$OUT/$V.log" >"$OUT/$V.out"
tail -3 "$OUT/$V.out"
