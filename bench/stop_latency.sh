#!/usr/bin/env bash
# Latency from `stop` during `go infinite` to `bestmove` (the target is < 50 ms), measured
# over pipes like a GUI sees it. Reports, asserts nothing.
#   bench/stop_latency.sh [exe=./qec] [rounds=10] [threads=1]
set -u
cd "$(dirname "$0")/.."
exe=${1:-./qec} rounds=${2:-10} threads=${3:-1}
python3 - "$exe" "$rounds" "$threads" <<'PY'
import os, subprocess, sys, time, statistics, select
exe, rounds, threads = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
p = subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
buf = b""
def readline(timeout=10):
    global buf
    end = time.monotonic() + timeout
    while b"\n" not in buf:
        left = end - time.monotonic()
        if left <= 0 or not select.select([p.stdout], [], [], left)[0]:
            raise SystemExit("no answer from %s" % exe)
        chunk = os.read(p.stdout.fileno(), 65536)
        if not chunk:
            raise SystemExit("%s exited" % exe)
        buf += chunk
    line, buf = buf.split(b"\n", 1)
    return line.decode()
def send(s):
    p.stdin.write((s + "\n").encode()); p.stdin.flush()
send("setoption name Threads value %d" % threads)
positions = ["startpos", "startpos moves e2e3 e7e5", "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"]
lat = []
for i in range(rounds):
    send("position " + positions[i % len(positions)])
    send("isready")
    while readline() != "readyok":
        pass
    send("go infinite")
    time.sleep(0.3 + 0.1 * (i % 3))
    t0 = time.perf_counter()
    send("stop")
    while not readline().startswith("bestmove"):
        pass
    lat.append((time.perf_counter() - t0) * 1000)
send("quit")
p.wait(timeout=10)
print("stop -> bestmove over %d rounds, %d thread(s): median %.2f ms, max %.2f ms (target < 50 ms)"
      % (rounds, threads, statistics.median(lat), max(lat)))
PY
