#!/usr/bin/env bash
# Where the browser engine's time goes: the one-thread WebAssembly engine (make wasm-node: the
# same objects and flags as qec.wasm, ./qec's command line, function names kept) runs a command
# in node under `perf record`; node's --perf-prof names V8's compiled functions, `perf inject
# --jit` joins them to the samples, and the top of the profile is printed (functions as
# "JS:NAME-INDEX-turbofan"). The profile is kept in build/wasm/node/perf.jit.data for
#   perf annotate -i build/wasm/node/perf.jit.data --stdio -s 'JS:NAME-INDEX-turbofan'
# (the instructions V8 made, with their share of the samples). --no-liftoff: every function
# compiled once, by the optimising compiler, so that no two functions share an address (with
# V8's tiering, a baseline copy's addresses are reused and samples land on the wrong name).
# Compare with `perf record ./qec bench` for the native engine (docs/players/play-in-browser.md,
# "Speed and size").
#   bench/wasm-profile.sh [TOP [qec arguments...]]   default: 40 lines, bench
set -eu
cd "$(dirname "$0")/.."
top=${1:-40}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- bench
command -v perf >/dev/null || { echo "error: perf not found (Debian package linux-perf)" >&2; exit 1; }
command -v node >/dev/null || { echo "error: node not found (tools/deps.sh installs it)" >&2; exit 1; }
nice -n 10 make -s wasm-node >/dev/null
dir=build/wasm/node
rm -f "$dir"/jit-*.dump "$dir"/perf.data "$dir"/perf.jit.data "$dir"/jitted-*.so "$dir"/isolate-*.log
# perf-prof writes jit-PID.dump in the working directory: run there
(cd "$dir" && perf record -q -k mono -e cpu-clock -F 10000 -o perf.data \
    node --no-liftoff --perf-prof --no-write-protect-code-memory qec.js "$@" >/dev/null 2>&1)
(cd "$dir" && perf inject -i perf.data --jit -o perf.jit.data)
perf report -i "$dir/perf.jit.data" --no-children --sort symbol 2>/dev/null | grep -v '^#' | grep . |
    sed -E 's/ +- +- *$//' | head -n "$top"
