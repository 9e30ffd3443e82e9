#!/usr/bin/env python3
"""Chess-mode search speed of two qec builds, side by side (issue 12: what the chess-only terms
of eval/chess.c cost): each build searches the first N positions of an EPD file with `go nodes
NODES` after `ucinewgame` (one thread, Hash 16, UCI_Variant chess); the runs are interleaved
and repeated, and the least time of each build is kept (on a shared machine, the least
disturbed run). Prints both times, nodes per second and the ratio NEW / OLD of nodes per second.
Usage: chess_nps.py NEW OLD [--epd FILE] [--positions 20] [--nodes 200000] [--repeat 3]"""
import argparse
import time

from chess_openings import Engine


def run(cmd, fens, nodes):
    e = Engine(cmd)
    for line in ("setoption name UCI_Variant value chess", "setoption name Hash value 16",
                 "setoption name Threads value 1"):
        e.send(line)
    searched, start = 0, time.monotonic()
    for fen in fens:
        e.send("ucinewgame")
        e.send("position fen " + fen)
        e.send("go nodes %d" % nodes)
        last = [l for l in e.until("bestmove") if l.startswith("info") and " nodes " in l]
        w = last[-1].split() if last else []
        searched += int(w[w.index("nodes") + 1]) if "nodes" in w else 0
    elapsed = time.monotonic() - start
    e.send("quit")
    e.p.wait()
    return elapsed, searched


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("new")
    ap.add_argument("old")
    ap.add_argument("--epd", default="book/openings-chess.epd")
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--nodes", type=int, default=200000)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    fens = [l.split(";")[0].strip() for l in open(a.epd) if l.strip() and not l.startswith("#")][: a.positions]
    best = {}
    for _ in range(a.repeat):
        for cmd in (a.new, a.old):
            t, n = run(cmd, fens, a.nodes)
            if cmd not in best or t < best[cmd][0]:
                best[cmd] = (t, n)
    nps = {cmd: n / t for cmd, (t, n) in best.items()}
    for cmd in (a.new, a.old):
        print("%-30s %8.2f s %10d nodes %9.0f nodes/s" % (cmd, best[cmd][0], best[cmd][1], nps[cmd]))
    print("ratio new/old nodes per second: %.2f" % (nps[a.new] / nps[a.old]))


if __name__ == "__main__":
    main()
