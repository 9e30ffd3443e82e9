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
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { sed -n '2,/^set/p' "$0" | grep '^#'; exit 2; }
out=$1; shift
variant=qec games=100 nodes=2000 procs=2 net= init= seed=1 epochs=12 batch=16384 lr=0.001 hold=50
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || { echo "qec_net_gen.sh: $1 needs a value" >&2; exit 2; }
    case $1 in
        --variant) variant=$2 ;; --games) games=$2 ;; --nodes) nodes=$2 ;; --procs) procs=$2 ;;
        --net) net=$2 ;; --init) init=$2 ;; --seed) seed=$2 ;; --epochs) epochs=$2 ;; --batch) batch=$2 ;; --lr) lr=$2 ;;
        --hold) hold=$2 ;;
        *) echo "qec_net_gen.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift 2
done
case $variant in qec|tether) ;; *) echo "qec_net_gen.sh: --variant qec or tether" >&2; exit 2 ;; esac
make --no-print-directory -s build/release/tools/qec_net_data build/release/tools/qec_net_train
mkdir -p "$out"
netopt=()
[ -n "$net" ] && netopt=(--net "$net")
initopt=()
[ -n "$init" ] && initopt=(--init "$init")
# The whole games already in file $1 (a last line without its newline, cut by a stop, is removed).
games_in() {
    local f=$1
    [ -s "$f" ] || { echo 0; return; }
    if [ -n "$(tail -c 1 "$f")" ]; then
        truncate -s $(($(stat -c %s "$f") - $(tail -n 1 "$f" | wc -c))) "$f"
    fi
    wc -l <"$f"
}
pids=()
for i in $(seq 1 "$procs"); do
    have=$(games_in "$out/data-$i.txt")
    [ "$have" -ge "$games" ] && continue
    [ "$have" -gt 0 ] && echo "data-$i.txt: $have games there, playing games $have to $((games - 1))" >>"$out/data.log"
    build/release/tools/qec_net_data -o "$out/data-$i.txt" --variant "$variant" --first "$have" --games $((games - have)) \
        --nodes "$nodes" --seed $((seed * 100 + i)) --book "book/openings-$variant.epd" "${netopt[@]}" >>"$out/data.log" &
    pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
cat "$out/data.log"
build/release/tools/qec_net_train -o "$out/net.nnue" --epochs "$epochs" --batch "$batch" --lr "$lr" --hold "$hold" \
    --threads "$procs" --seed "$seed" "${initopt[@]}" "$out"/data-*.txt | tee "$out/train.log"
