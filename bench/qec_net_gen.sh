#!/usr/bin/env bash
# One generation of the QEC or tether network (issue 31, docs/dev/qec-network.md):
# tools/qec_net_data on PROCS processes (qec searching with its hand-made evaluation, or with
# --net PREV, the previous generation's net: generation n+1 is labelled by generation n), then
# tools/qec_net_train on all of it. Reproducible: process i of seed S plays games with seed S*100+i.
#
# Usage: bench/qec_net_gen.sh OUTDIR [--variant qec|tether] [--games N] [--nodes N] [--procs N]
#                             [--net PREV] [--init NET] [--seed S] [--epochs N] [--batch N] [--lr X] [--hold N]
#   --games: per process (default 100); --nodes: per searched decision (default 2000);
#   --procs: processes, one per free core (default 2); --epochs 12, --batch 16384, --lr 0.001, --hold 50;
#   --init: start the training from this net (e.g. PREV, or eval/chess.nnue: the shipped nets
#           started from chess's) instead of random weights.
# Writes OUTDIR/data-<i>.txt, OUTDIR/data.log, OUTDIR/train.log and OUTDIR/net.nnue (a QEC net in
# nnue_links.h's format, a tether net in nnue.h's).
# Resumable: the same command again continues a run that was stopped (a reboot, a kill, a
# session's end). Each game is one line and independent of the others (game g's opening, map and
# randomness come from the seed and g; the search is cleared before each), so a process keeps the
# whole games in its file, drops a line cut by the stop, and plays the games still missing from
# the next index (--first): the data equals an uninterrupted run's. A file already at --games is
# not added to; the training runs over what is there.
# The steps are bench/generation-step.sh's (data, train); this is bench/generation.sh with
# --runner local --until train: the same generation, without the gate (docs/dev/strength-loop.md).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { sed -n '2,/^set/p' "$0" | grep '^#'; exit 2; }
exec bench/generation.sh "$@" --runner local --until train
