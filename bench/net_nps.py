#!/usr/bin/env python3
"""What the QEC and tether networks cost a node (issue 31: at most 2x the hand-made evaluation's
time per node), side by side in one binary: the bench positions of a variant (the ones `./qec
bench` searches, read from its own report) searched at the bench depth, after `ucinewgame` each,
with `Use NNUE true` (the compiled-in network) and `Use NNUE false` (the hand-made evaluation),
one thread, Hash 16. The two modes alternate and the runs repeat; each mode keeps its least time
per position (on a shared machine, the least disturbed run). Prints each mode's nodes, time and
nodes per second per variant, and the cost a node, network / hand-made (the ratio of their nodes
per second). A measurement, not a test: it asserts nothing.
Usage: net_nps.py [--engine ./qec] [--variants qec,tether] [--repeat 3] [--depth 9]"""
import argparse
import re
import subprocess
import time

from chess_openings import Engine

# "Position: 2/24 (FEN) map MAP moves M1 M2: bestmove ..." (uci/bench.c's report on stderr)
POSITION = re.compile(r"^Position: (\d+)/\d+ \((.*?)\)(?: map (.*?))?(?: moves (.*?))?: bestmove")
# bench order: 13 qec, 4 chess, 3 tether, 4 schroedinger (variants/variants.c)
RANGES = {"qec": range(1, 14), "chess": range(14, 18), "tether": range(18, 21)}


def bench_positions(engine):
    out = subprocess.run([engine, "bench"], capture_output=True, text=True, check=True).stderr
    found = {}
    for line in out.splitlines():
        m = POSITION.match(line)
        if m:
            found[int(m.group(1))] = (m.group(2), m.group(3), m.group(4))
    return found


def search(e, pos, depth):
    fen, emap, moves = pos
    e.send("ucinewgame")
    if emap:
        e.send("setoption name EntMap value " + emap)
    e.send("position fen %s%s" % (fen, " moves " + moves if moves else ""))
    start = time.monotonic()
    e.send("go depth %d" % depth)
    lines = e.until("bestmove")
    elapsed = time.monotonic() - start
    last = [l.split() for l in lines if l.startswith("info") and " nodes " in l]
    return elapsed, int(last[-1][last[-1].index("nodes") + 1]) if last else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="./qec")
    ap.add_argument("--variants", default="qec,tether")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--depth", type=int, default=9)
    a = ap.parse_args()
    positions = bench_positions(a.engine)
    for variant in a.variants.split(","):
        best = {}  # (mode, index) -> (time, nodes)
        for _ in range(a.repeat):
            for mode in ("true", "false"):
                e = Engine(a.engine)
                for line in ("setoption name UCI_Variant value " + variant, "setoption name Hash value 16",
                             "setoption name Threads value 1", "setoption name Use NNUE value " + mode):
                    e.send(line)
                for i in RANGES[variant]:
                    t, n = search(e, positions[i], a.depth)
                    if (mode, i) not in best or t < best[(mode, i)][0]:
                        best[(mode, i)] = (t, n)
                e.send("quit")
                e.p.wait()
        nps = {}
        for mode, name in (("true", "network"), ("false", "hand-made")):
            t = sum(best[(mode, i)][0] for i in RANGES[variant])
            n = sum(best[(mode, i)][1] for i in RANGES[variant])
            nps[mode] = n / t if t > 0 else 0
            print("%-7s %-9s %9d nodes %7.3f s %10.0f nodes/s" % (variant, name, n, t, nps[mode]))
        print("%-7s cost a node, network / hand-made: %.2fx" % (variant, nps["false"] / nps["true"] if nps["true"] else 0))


if __name__ == "__main__":
    main()
