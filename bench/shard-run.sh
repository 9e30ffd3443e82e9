#!/usr/bin/env bash
# One shard of a qecmatch match (issue 14): the job a scheduler runs, GNU parallel
# (bench/shards-parallel.sh) or Slurm (bench/slurm-shards.sh).
#   bench/shard-run.sh I N OUTDIR [qecmatch arguments ...]
# runs `qecmatch ARGS -shard I/N -pgnout OUTDIR/shard-I.pgn -jsonout OUTDIR/shard-I.json`
# with its progress in OUTDIR/shard-I.log, and exits with qecmatch's status. The arguments
# must be the same for every shard and include -seed (qecmatch refuses -shard without it).
# QECMATCH=path picks the runner (default: ./qecmatch of this checkout).
set -eu
[ $# -ge 3 ] || { echo "usage: $0 I N OUTDIR [qecmatch arguments ...]" >&2; exit 2; }
i=$1 n=$2 out=$3
shift 3
root=$(cd "$(dirname "$0")/.." && pwd)
runner=${QECMATCH:-$root/qecmatch}
mkdir -p "$out"
rm -f "$out/shard-$i.pgn" # -pgnout appends: a rerun of a shard must not count games twice
exec "$runner" "$@" -shard "$i/$n" -pgnout "$out/shard-$i.pgn" -jsonout "$out/shard-$i.json" >"$out/shard-$i.log" 2>&1
