#!/usr/bin/env bash
# Time from `go movetime T` to `bestmove`, over pipes like a GUI sees it: the search must
# answer within T (issue 4: time management that never overruns; `Move Overhead` is what the
# engine keeps back for the pipe and the scheduler). Reports the spread and the worst overrun
# beyond T; asserts nothing.
#   bench/movetime.sh [exe=./qec] [rounds=30] [movetime ms=50] [threads=1] [overhead ms=10]
set -u
cd "$(dirname "$0")/.."
exe=${1:-./qec} rounds=${2:-30} mt=${3:-50} threads=${4:-1} overhead=${5:-10}
PYTHONPATH=bench python3 - "$exe" "$rounds" "$mt" "$threads" "$overhead" <<'PY'
import statistics, sys, time
from uci_pipe import Engine
exe, rounds, mt, threads, overhead = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
e = Engine(exe)
e.send("setoption name Threads value %d" % threads)
e.send("setoption name Move Overhead value %d" % overhead)
moves = "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6"
took = []
for i in range(rounds):
    e.send("position startpos moves " + " ".join(moves.split()[: i % 7]))
    e.sync()
    t0 = time.perf_counter()
    e.send("go movetime %d" % mt)
    e.wait_for("bestmove")
    took.append((time.perf_counter() - t0) * 1000)
e.quit()
late = [t - mt for t in took if t > mt]
print("go movetime %d -> bestmove over %d rounds, %d thread(s), Move Overhead %d: median %.1f ms, max %.1f ms; "
      "%d over %d ms (worst by %.1f ms)" % (mt, rounds, threads, overhead, statistics.median(took), max(took),
                                          len(late), mt, max(late) if late else 0.0))
PY
