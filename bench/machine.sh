#!/usr/bin/env bash
# The facts of this machine that decide speed figures, to print beside a measurement: the CPU
# (model, family, the vector and bit instructions ./qec's -march=native build uses), the cores,
# transparent huge pages, the load, and what a page fault and an mprotect() pair cost
# (tools/machine_probe.c). Ratios measured on two machines differ with these: ./qec's networks
# run 16 lanes wide with AVX-512 and 8 with AVX2, and on a virtual machine whose page faults cost
# microseconds the WebAssembly engine's first bench pays for V8's compiling far more than on
# another (docs/results/webassembly.md).
#   bench/machine.sh
set -eu
cd "$(dirname "$0")/.."
probe=build/release/tools/machine_probe
make -s "$probe" >/dev/null
field() { sed -n "s/^$1[[:space:]]*: //p" /proc/cpuinfo | head -n 1; }
flags=" $(field flags) "
has=""
for f in avx2 bmi2 avx512f avx512_vnni; do
    case "$flags" in *" $f "*) has="$has $f" ;; esac
done
echo "cpu: $(field 'model name'), family $(field 'cpu family') model $(field model), $(nproc) cores, ${has# }"
echo "transparent huge pages: $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || echo unknown)"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
"$probe"
