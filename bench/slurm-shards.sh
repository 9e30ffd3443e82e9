#!/usr/bin/env bash
#SBATCH --job-name=qecmatch
#SBATCH --array=0-3
#SBATCH --cpus-per-task=2
#SBATCH --output=slurm-qecmatch-%A_%a.out
# One shard of a qecmatch match as a Slurm job-array task (issue 14). Submit from the
# repository root (built, on a file system the nodes share):
#   sbatch --array=0-31 bench/slurm-shards.sh OUTDIR -engine cmd=./qec-dev -engine cmd=./qec-master \
#          -each tc=10+0.1 timemargin=50 -games 20000 -repeat -concurrency 2 \
#          -openings file=book/openings-qec.epd order=random -seed 1 -sprt elo0=0 elo1=5
#   # after the array, or as a job that waits for it (JOBID: what sbatch --parsable printed)
#   ./qecmatch merge OUTDIR/shard-*.json
#   sbatch --dependency=afterok:JOBID --wrap "./qecmatch merge -jsonout OUTDIR/merged.json OUTDIR/shard-*.json"
# Task I of the array plays `-shard I/N` with N = SLURM_ARRAY_TASK_COUNT (the array's size, set
# by Slurm; SHARDS=N overrides it), through bench/shard-run.sh. The --array line above is
# only a default: --array on the sbatch command line wins. -concurrency should match
# --cpus-per-task (two engine processes per game, which mostly wait for each other).
# A task run again alone: SHARDS=32 sbatch --array=7 bench/slurm-shards.sh OUTDIR ARGS... (an
# array of one task has SLURM_ARRAY_TASK_COUNT=1). Without Slurm, run a task by hand (as
# tests/match does; tests/slurm submits the script to a real one-node Slurm):
#   SLURM_ARRAY_TASK_ID=2 SHARDS=4 bench/slurm-shards.sh OUTDIR ARGS...
# docs/testers/slurm.md: running the shards on a cluster, and the one-node set-up.
set -eu
[ $# -ge 1 ] || { echo "usage: sbatch --array=0-(N-1) $0 OUTDIR [qecmatch arguments ...]" >&2; exit 2; }
: "${SLURM_ARRAY_TASK_ID:?not a Slurm array task (set SLURM_ARRAY_TASK_ID and SHARDS to run one by hand)}"
n=${SHARDS:-${SLURM_ARRAY_TASK_COUNT:-}}
[ -n "$n" ] || { echo "$0: SHARDS or SLURM_ARRAY_TASK_COUNT is needed" >&2; exit 2; }
# sbatch runs a copy of the script from a spool directory: the checkout is where it was submitted.
root=${SLURM_SUBMIT_DIR:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root"
out=$1
shift
exec bench/shard-run.sh "$SLURM_ARRAY_TASK_ID" "$n" "$out" "$@"
