#!/usr/bin/env bash
# A whole network generation as jobs (issue 44, docs/dev/strength-loop.md): data on PROCS
# processes, the training after all of them, a gating SPRT match of the new net against the
# shipped one after that, and the manifest of what rebuilds the net. On Slurm each step is a
# job and each waits for the one before with --dependency=afterok (the data steps are one job
# array); with --runner parallel the same steps run here on GNU parallel. Every step resumes, so
# the same command again continues a generation that was stopped.
#
#   bench/generation.sh OUTDIR [--runner slurm|parallel|local] [--until train|gate|manifest]
#       [--variant qec|tether] [--procs N]
#       [--games N] [--nodes N] [--net PREV] [--init NET] [--seed S] [--epochs N] [--batch N]
#       [--lr X] [--hold N] [--links 0|1] [--gate-games N] [--gate-nodes N] [--gate-movetime MS]
#       [--gate-concurrency N] [--elo0 E] [--elo1 E] [--sbatch "ARGS"]
#   bench/generation.sh ship OUTDIR     copy OUTDIR/net.nnue over eval/<variant>.nnue, only
#                                       when its gate accepted H1
# --runner local: the data steps as plain background processes (no GNU parallel); --until: stop
# after that step (bench/qec_net_gen.sh is `--runner local --until train`).
# Defaults: runner parallel, until manifest, variant qec, procs 2, games 100 (per process), nodes 2000, seed 1,
# epochs 12, batch 16384, lr 0.001, hold 50, links 1 (--links 0: a QEC net without the link and
# pending inputs, qec_net_train's --links 0, as the shipped one); the gate: 400 games (pairs with colours swapped)
# at 20000 nodes a decision (--gate-movetime MS: MS milliseconds a decision instead, the clock
# a search change is judged at), SPRT elo0 0 elo1 5, concurrency 1. --sbatch adds arguments to every
# sbatch (a partition, an account, --time). A second run into the same OUTDIR must give the same
# settings (they are the generation: OUTDIR/generation.conf), but for --games, which may grow:
# the data steps then play the games still missing.
# On Slurm the script prints the four job ids and returns; `squeue` follows them, and OUTDIR/jobs/
# has their output. The checkout must be on a file system the nodes share, built (make).
set -euo pipefail
cd "$(dirname "$0")/.."
step=bench/generation-step.sh
die() { echo "generation.sh: $*" >&2; exit 2; }
[ $# -ge 1 ] || { sed -n '2,/^set/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 2; }

if [ "$1" = ship ]; then
    [ $# -eq 2 ] || die "usage: bench/generation.sh ship OUTDIR"
    out=$2
    v=$(sed -n 's/^variant=//p' "$out/generation.conf" 2>/dev/null) || true
    [ -n "$v" ] || die "no generation in $out (no generation.conf)"
    verdict=$(cat "$out/gate.verdict" 2>/dev/null || echo "not run")
    [ "$verdict" = H1 ] || { echo "generation.sh: not shipped: the gate's verdict is '$verdict', not H1" >&2; exit 1; }
    cp "$out/net.nnue" "eval/$v.nnue"
    echo "shipped: $out/net.nnue -> eval/$v.nnue (gate H1; rebuild with make, bench count changes)"
    exit 0
fi

out=$1; shift
runner=parallel until=manifest sbatch_args=""
declare -A C=([variant]=qec [games]=100 [nodes]=2000 [procs]=2 [net]= [init]= [seed]=1 [epochs]=12
    [batch]=16384 [lr]=0.001 [hold]=50 [links]=1 [gate_games]=400 [gate_nodes]=20000 [gate_movetime]=0 [gate_concurrency]=1 [elo0]=0 [elo1]=5)
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || die "$1 needs a value"
    case $1 in
    --runner) runner=$2 ;;
    --until) until=$2 ;;
    --sbatch) sbatch_args=$2 ;;
    --variant|--games|--nodes|--procs|--net|--init|--seed|--epochs|--batch|--lr|--hold|--links|--gate-games|--gate-nodes|--gate-movetime|--gate-concurrency|--elo0|--elo1)
        k=${1#--}; C[${k//-/_}]=$2 ;;
    *) die "unknown option $1" ;;
    esac
    shift 2
done
case $runner in slurm|parallel|local) ;; *) die "--runner slurm, parallel or local, not '$runner'" ;; esac
case $until in train|gate|manifest) ;; *) die "--until train, gate or manifest, not '$until'" ;; esac
case ${C[variant]} in qec|tether) ;; *) die "--variant qec or tether" ;; esac
for k in games nodes procs seed epochs batch hold gate_games gate_nodes gate_concurrency; do
    [[ ${C[$k]} =~ ^[0-9]+$ ]] && [ "${C[$k]}" -gt 0 ] || die "--${k//_/-} wants a positive number, not '${C[$k]}'"
done
case ${C[links]} in 1) ;; 0) [ "${C[variant]}" = qec ] || die "--links 0 is for QEC (a tether net has no link inputs)" ;;
    *) die "--links 0 or 1, not '${C[links]}'" ;; esac
[[ ${C[gate_movetime]} =~ ^[0-9]+$ ]] || die "--gate-movetime wants milliseconds (0: nodes), not '${C[gate_movetime]}'"
for k in net init; do
    [ -z "${C[$k]}" ] || [ -f "${C[$k]}" ] || die "--$k: no file '${C[$k]}'"
    [ -z "${C[$k]}" ] || C[$k]=$(realpath "${C[$k]}")
done

mkdir -p "$out/jobs"
conf=$(for k in variant games nodes procs net init seed epochs batch lr hold links gate_games gate_nodes gate_movetime gate_concurrency elo0 elo1; do
    echo "$k=${C[$k]}"; done)
# the data may grow; the gate may be played again; links=1 is what a configuration without the
# key (written before it existed) means
same() { grep -v '^games=' | grep -v '^gate_' | grep -v '^links=1$'; }
if [ -f "$out/generation.conf" ] && [ "$(same <"$out/generation.conf")" != "$(same <<<"$conf")" ]; then
    die "$out holds another generation (its generation.conf differs: $(diff <(same <<<"$conf") <(same <"$out/generation.conf") | grep '^>' | tr '\n' ' '))"
fi
printf '%s\n' "$conf" >"$out/generation.conf"
make --no-print-directory -s qec qecmatch build/release/tools/qec_net_data build/release/tools/qec_net_train

if [ "$runner" != slurm ]; then
    if [ "$runner" = parallel ]; then
        command -v parallel >/dev/null && parallel --version 2>/dev/null | grep -q 'GNU parallel' ||
            die "GNU parallel is missing (Debian package parallel; tools/deps.sh installs it)"
        seq 1 "${C[procs]}" | parallel --halt now,fail=1 -j "${C[procs]}" "$step" data "$out" {}
    else
        pids=()
        for i in $(seq 1 "${C[procs]}"); do "$step" data "$out" "$i" & pids+=($!); done
        for p in "${pids[@]}"; do wait "$p"; done
    fi
    cat "$out/data.log"
    "$step" train "$out"
    [ "$until" = train ] && exit 0
    "$step" gate "$out"
    [ "$until" = gate ] && exit 0
    "$step" manifest "$out" >/dev/null
    echo "generation done: $out/net.nnue, gate $(cat "$out/gate.verdict"), manifest $out/manifest.txt"
    exit 0
fi

command -v sbatch >/dev/null || die "sbatch is missing (Slurm: Debian package slurm-wlm)"
# shellcheck disable=SC2086 # --sbatch is a list of words
sb() { sbatch --parsable $sbatch_args "$@"; }
data=$(sb --array=1-"${C[procs]}" --output="$out/jobs/data-%a.out" "$step" data "$out")
train=$(sb --dependency=afterok:"$data" --cpus-per-task="${C[procs]}" --output="$out/jobs/train.out" "$step" train "$out")
printf 'data %s\ntrain %s\n' "$data" "$train" | tee "$out/jobs/ids"
[ "$until" = train ] && exit 0
gate=$(sb --dependency=afterok:"$train" --cpus-per-task="${C[gate_concurrency]}" --output="$out/jobs/gate.out" "$step" gate "$out")
echo "gate $gate" | tee -a "$out/jobs/ids"
[ "$until" = gate ] && exit 0
manifest=$(sb --dependency=afterok:"$gate" --output="$out/jobs/manifest.out" "$step" manifest "$out")
echo "manifest $manifest" | tee -a "$out/jobs/ids"
