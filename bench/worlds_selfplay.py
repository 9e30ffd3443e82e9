#!/usr/bin/env python3
"""Haft Schroedinger strength, a quick in-tree comparison (not a test): the search against a
baseline policy (`Policy greedy|minimax2`, the interim search's) over GAMES games, colours
alternating, each game opened by two random legal plies per side (seeded). Every game ends by
the rules (S3, read from `d`'s Result line) or is a draw at MAXPLIES. The lead's 200-game runs
use qecmatch; this is for quick checks.

Usage: bench/worlds_selfplay.py [--games N] [--baseline minimax2] [--go "movetime 100"]
                             [--base-go "movetime 100"] [--seed S] [--maxplies P] [--exe ./qec]
                             [--base-exe OLD_QEC] [--verbose]"""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from uci_pipe import Engine  # noqa: E402


def worlds_engine(exe, policy):
    e = Engine(exe)
    e.send("setoption name UCI_Variant value schroedinger")
    e.send("setoption name Policy value " + policy)
    e.sync()
    return e


def legal(e, moves):
    e.send("position startpos moves " + " ".join(moves))
    e.send("legal")
    line = e.wait_for("info string legal")
    return line.split()[3:]


def result(e, moves):
    """'1-0', '0-1', '1/2-1/2' once the game is over (S3), else None."""
    e.send("position startpos moves " + " ".join(moves))
    e.send("d")
    e.send("isready")
    res = None
    while True:
        line = e.readline()
        if line.startswith("Result: "):
            res = line.split()[1]
            result.why = line[len("Result: ") + len(res) + 1:]
        if line == "readyok":
            return res


def play(engines, go, rng, maxplies):
    """engines[0] is white. Returns the result from white's view."""
    moves = []
    for _ in range(4):  # two random plies per side: varied openings
        choice = legal(engines[0], moves)
        if not choice:
            break
        moves.append(rng.choice(choice))
    while len(moves) < maxplies:
        res = result(engines[0], moves)
        if res:
            play.moves = moves
            return res
        e = engines[len(moves) % 2]
        e.send("position startpos moves " + " ".join(moves))
        e.send("go " + go[len(moves) % 2])
        best = e.wait_for("bestmove").split()[1]
        moves.append(best)
    result.why = "ply limit"
    play.moves = moves
    return result(engines[0], moves) or "1/2-1/2"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--baseline", default="minimax2")
    ap.add_argument("--go", default="movetime 100")
    ap.add_argument("--base-go", default="movetime 100")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--maxplies", type=int, default=300)
    ap.add_argument("--exe", default="./qec")
    ap.add_argument("--base-exe", default=None, help="the baseline's binary (default: --exe), e.g. an older build "
                    "with --baseline search")
    ap.add_argument("--verbose", action="store_true", help="print each game's moves")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    search, base = worlds_engine(a.exe, "search"), worlds_engine(a.base_exe or a.exe, a.baseline)
    w = d = l = 0
    for g in range(a.games):
        searchWhite = g % 2 == 0
        engines = (search, base) if searchWhite else (base, search)
        go = (a.go, a.base_go) if searchWhite else (a.base_go, a.go)
        res = play(engines, go, rng, a.maxplies)
        score = {"1-0": 1, "0-1": 0}.get(res, 0.5)
        score = score if searchWhite else 1 - score
        w, d, l = w + (score == 1), d + (score == 0.5), l + (score == 0)
        print("game %d: search %s, %s (%s) -> W %d D %d L %d" % (g + 1, "white" if searchWhite else "black", res,
                                                               result.why, w, d, l), flush=True)
        if a.verbose:
            print("  moves " + " ".join(play.moves), flush=True)
    print("search vs %s: +%d =%d -%d, score %.1f%%" % (a.baseline, w, d, l, 100.0 * (w + d / 2) / max(1, w + d + l)))
    search.quit()
    base.quit()


if __name__ == "__main__":
    main()
