#!/usr/bin/env bash
# A bench's nodes per CPU-second (user + system time of the command and its children): on a
# machine shared with other work it holds stiller than the bench's own nodes per wall second.
# One search thread only (with more, CPU time counts every thread). Prints the command's output
# and a closing "Nodes/CPU-second: N" line (bench/ab.py --metric 'Nodes/CPU-second:\s*(\d+)').
#   bench/cpu-nps.sh ./qec bench 16 1 9
# node bench/wasm-bench.mjs prints the same line for the WebAssembly engine in Chromium.
set -eu
out=$("$@" 2>&1)
printf '%s\n' "$out"
nodes=$(printf '%s\n' "$out" | sed -n 's/^Nodes searched *: *\([0-9]*\).*/\1/p' | tail -n 1)
[ -n "$nodes" ] || { echo "error: no 'Nodes searched' line in the output" >&2; exit 1; }
# times: this shell's user and system times, then its children's (the line wanted); to a file,
# as a builtin in this shell (in a pipe or $(…) it would run in a subshell without children)
tmp=$(mktemp)
times >"$tmp"
read -r cu cs < <(tail -n 1 "$tmp")
rm -f "$tmp"
ms() { awk -v t="$1" 'BEGIN { split(t, a, "m"); sub("s", "", a[2]); printf "%d", (a[1] * 60 + a[2]) * 1000 }'; }
cpu=$(( $(ms "$cu") + $(ms "$cs") ))
echo "CPU time (ms)   : $cpu"
echo "Nodes/CPU-second: $(( nodes * 1000 / (cpu > 0 ? cpu : 1) ))"
