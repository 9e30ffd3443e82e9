#!/usr/bin/env bash
# Latency from `stop` during `go infinite` to `bestmove` (the target is < 50 ms), measured
# over pipes like a GUI sees it. Reports, asserts nothing.
#   bench/stop_latency.sh [exe=./qec] [rounds=10] [threads=1]
set -u
cd "$(dirname "$0")/.."
exe=${1:-./qec} rounds=${2:-10} threads=${3:-1}
PYTHONPATH=bench python3 - "$exe" "$rounds" "$threads" <<'PY'
import statistics, sys, time
from uci_pipe import Engine
exe, rounds, threads = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
e = Engine(exe)
e.send("setoption name Threads value %d" % threads)
positions = ["startpos", "startpos moves e2e3 e7e5", "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"]
lat = []
for i in range(rounds):
    e.send("position " + positions[i % len(positions)])
    e.sync()
    e.send("go infinite")
    time.sleep(0.3 + 0.1 * (i % 3))
    t0 = time.perf_counter()
    e.send("stop")
    e.wait_for("bestmove")
    lat.append((time.perf_counter() - t0) * 1000)
e.quit()
print("stop -> bestmove over %d rounds, %d thread(s): median %.2f ms, max %.2f ms (target < 50 ms)"
      % (rounds, threads, statistics.median(lat), max(lat)))
PY
