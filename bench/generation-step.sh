#!/usr/bin/env bash
#SBATCH --job-name=qec-generation
#SBATCH --cpus-per-task=1
# One step of a network generation (issue 44, docs/dev/strength-loop.md). bench/generation.sh
# writes OUTDIR/generation.conf and runs the steps, on Slurm as jobs chained by afterok or here
# on GNU parallel; bench/qec_net_gen.sh runs the data and train steps on local processes.
#   bench/generation-step.sh data OUTDIR [I]   process I's games (I: SLURM_ARRAY_TASK_ID when
#                                                 not given), into OUTDIR/data-I.txt
#   bench/generation-step.sh train OUTDIR      every data-*.txt -> OUTDIR/net.nnue
#   bench/generation-step.sh gate OUTDIR       SPRT: the new net against the shipped one ->
#                                                 OUTDIR/gate.verdict (H1, H0 or none)
#   bench/generation-step.sh manifest OUTDIR   what rebuilds the net: OUTDIR/manifest.txt
# Every step resumes: data keeps the whole games already written and plays the missing ones
# (game g depends only on the seed and g), the gate match continues from its -state file,
# train and manifest are done again from what is there. Process I of seed S plays with seed
# S*100+I, so a generation is reproduced by its configuration alone.
set -euo pipefail
# sbatch runs a copy of the script from its spool directory: the checkout is where it was submitted.
root=${SLURM_SUBMIT_DIR:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root"
usage() { sed -n '4,15p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[ $# -ge 2 ] || usage
step=$1 out=$2
conf=$out/generation.conf
[ -f "$conf" ] || { echo "generation-step.sh: no $conf (bench/generation.sh writes it)" >&2; exit 2; }

# The configuration: only the known keys, each a plain word (no shell is run from it).
declare -A C=()
while IFS='=' read -r k v; do
    [ -z "$k" ] || [[ $k == \#* ]] && continue
    case $k in
    variant|games|nodes|procs|net|init|seed|epochs|batch|lr|hold|links|gate_games|gate_nodes|gate_movetime|gate_concurrency|elo0|elo1) ;;
    *) echo "generation-step.sh: $conf: unknown key '$k'" >&2; exit 2 ;;
    esac
    [[ $v =~ ^[A-Za-z0-9_./+-]*$ ]] || { echo "generation-step.sh: $conf: bad value for $k: '$v'" >&2; exit 2; }
    C[$k]=$v
done <"$conf"
for k in variant games nodes procs seed epochs batch lr hold; do
    [ -n "${C[$k]:-}" ] || { echo "generation-step.sh: $conf: '$k' is missing" >&2; exit 2; }
done
variant=${C[variant]}
case $variant in qec|tether) ;; *) echo "generation-step.sh: variant qec or tether, not '$variant'" >&2; exit 2 ;; esac
# links: 1 (the default, also when the key is absent) or, for QEC, 0 (no link or pending inputs)
case ${C[links]:-1} in 1) ;; 0) [ "$variant" = qec ] || { echo "generation-step.sh: $conf: links=0 is for QEC" >&2; exit 2; } ;;
    *) echo "generation-step.sh: $conf: links 0 or 1, not '${C[links]}'" >&2; exit 2 ;; esac

# The whole games already in file $1 (a last line without its newline, cut by a stop, is removed).
games_in() {
    local f=$1
    [ -s "$f" ] || { echo 0; return; }
    if [ -n "$(tail -c 1 "$f")" ]; then
        truncate -s $(($(stat -c %s "$f") - $(tail -n 1 "$f" | wc -c))) "$f"
    fi
    wc -l <"$f"
}

step_data() {
    local i=${1:-${SLURM_ARRAY_TASK_ID:-}} have netopt=()
    [[ $i =~ ^[0-9]+$ ]] || { echo "generation-step.sh data: which process? (I, or SLURM_ARRAY_TASK_ID)" >&2; exit 2; }
    make --no-print-directory -s build/release/tools/qec_net_data
    have=$(games_in "$out/data-$i.txt")
    [ "$have" -ge "${C[games]}" ] && return 0
    [ "$have" -gt 0 ] && echo "data-$i.txt: $have games there, playing games $have to $((C[games] - 1))" >>"$out/data.log"
    [ -n "${C[net]:-}" ] && netopt=(--net "${C[net]}")
    build/release/tools/qec_net_data -o "$out/data-$i.txt" --variant "$variant" --first "$have" \
        --games $((C[games] - have)) --nodes "${C[nodes]}" --seed $((C[seed] * 100 + i)) \
        --book "book/openings-$variant.epd" "${netopt[@]}" >>"$out/data.log"
}

step_train() {
    local trainopt=()
    make --no-print-directory -s build/release/tools/qec_net_train
    [ -n "${C[init]:-}" ] && trainopt=(--init "${C[init]}")
    [ "${C[links]:-1}" = 0 ] && trainopt+=(--links 0)
    build/release/tools/qec_net_train -o "$out/net.nnue" --epochs "${C[epochs]}" --batch "${C[batch]}" --lr "${C[lr]}" \
        --hold "${C[hold]}" --threads "${C[procs]}" --seed "${C[seed]}" "${trainopt[@]}" "$out"/data-*.txt | tee "$out/train.log"
}

# The new net (EvalFile) against the build's compiled-in one from the variant's balanced
# openings (QEC's with random maps), an SPRT; the verdict is what qecmatch's JSON says. The
# limit: gate_nodes a decision, or gate_movetime milliseconds when that is set (not 0), with a
# margin that forgives a slow process on a busy machine rather than forfeiting it.
step_gate() {
    local limit=("nodes=${C[gate_nodes]:-20000}")
    [[ ${C[gate_movetime]:-0} =~ ^[0-9]+$ ]] ||
        { echo "generation-step.sh: $conf: gate_movetime wants milliseconds (0: nodes), not '${C[gate_movetime]}'" >&2; exit 2; }
    [ "${C[gate_movetime]:-0}" -gt 0 ] &&
        limit=("st=$(printf '%d.%03d' $((C[gate_movetime] / 1000)) $((C[gate_movetime] % 1000)))" timemargin=2000)
    make --no-print-directory -s qec qecmatch
    [ -s "$out/net.nnue" ] || { echo "generation-step.sh gate: no $out/net.nnue (train first)" >&2; exit 1; }
    # the openings file's QEC lines carry their own random maps (links …)
    ./qecmatch -variant "$variant" -engine cmd=./qec name=new "option.EvalFile=$(realpath "$out/net.nnue")" \
        -engine cmd=./qec name=shipped -each "${limit[@]}" \
        -openings "file=book/openings-$variant.epd" order=random -seed "${C[seed]}" -repeat \
        -games "${C[gate_games]:-400}" -concurrency "${C[gate_concurrency]:-1}" \
        -sprt "elo0=${C[elo0]:-0}" "elo1=${C[elo1]:-5}" -state "$out/gate.state" -jsonout "$out/gate.json" \
        -pgnout "$out/gate.pgn" >"$out/gate.log" 2>&1
    python3 - "$out/gate.json" >"$out/gate.verdict" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
r = (d.get("sprt") or {}).get("result")
print(r if r in ("H0", "H1") else "none")
PY
    echo "gate: $(cat "$out/gate.verdict") ($(grep -E '^SPRT' "$out/gate.log" | tail -n 1))"
}

step_manifest() {
    local f
    {
        echo "# What rebuilds $out/net.nnue (bench/generation-step.sh manifest, $(date -u +%F))"
        echo "commit $(git rev-parse HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)')"
        echo "configuration:"
        sed 's/^/  /' "$conf"
        echo "commands:"
        echo "  bench/generation-step.sh data $out I   (I = 1..${C[procs]}; seed ${C[seed]}*100+I)"
        echo "  bench/generation-step.sh train $out"
        echo "  bench/generation-step.sh gate $out"
        echo "files (sha256, bytes, games or positions):"
        for f in "$out"/data-*.txt; do
            [ -e "$f" ] && echo "  $(sha256sum "$f" | cut -d' ' -f1) $(stat -c %s "$f") $(wc -l <"$f") games $(basename "$f")"
        done
        [ -e "$out/net.nnue" ] && echo "  $(sha256sum "$out/net.nnue" | cut -d' ' -f1) $(stat -c %s "$out/net.nnue") net.nnue"
        echo "training: $(grep -E 'positions|held-out' "$out/train.log" 2>/dev/null | tail -n 2 | tr '\n' ' ')"
        echo "gate: $(cat "$out/gate.verdict" 2>/dev/null || echo 'not run')"
    } >"$out/manifest.txt"
    cat "$out/manifest.txt"
}

case $step in
data) step_data "${3:-}" ;;
train) step_train ;;
gate) step_gate ;;
manifest) step_manifest ;;
*) usage ;;
esac
