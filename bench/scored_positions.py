#!/usr/bin/env python3
"""Classical positions with Debian stockfish's score, for tests that hold an evaluation to an
independent opinion (tests/search/nnue_test.c): from each opening of an EPD file, stockfish plays
PLIES moves at --nodes per move, each move random with probability --random (so material is
often uneven), and the last position is scored by `go depth DEPTH`. Kept when the side to move is
not in check, stockfish's best move there is not a capture or promotion, and no mate is announced.
Prints `FEN; sf CP` (cp from the side to move's view), one per opening, reproducible per seed.
Usage: scored_positions.py OPENINGS.epd COUNT [--plies 30] [--nodes 1000] [--random 0.15]
       [--depth 14] [--seed 1]"""
import argparse
import random
import shutil

from nnue_data import Stockfish


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("openings")
    ap.add_argument("count", type=int)
    ap.add_argument("--plies", type=int, default=30)
    ap.add_argument("--nodes", type=int, default=1000)
    ap.add_argument("--random", type=float, default=0.15)
    ap.add_argument("--depth", type=int, default=14)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engine", default=shutil.which("stockfish") or "/usr/games/stockfish")
    a = ap.parse_args()
    rng, sf = random.Random(a.seed), Stockfish(a.engine)
    fens = [l.split(";")[0].strip() for l in open(a.openings) if l.strip() and not l.startswith("#")]
    kept = 0
    for fen in fens:
        if kept >= a.count:
            break
        moves, root = [], "fen " + fen
        for _ in range(a.plies):
            best, _ = sf.search(moves, a.nodes, root)
            if best is None:
                break
            if rng.random() < a.random:
                best = rng.choice(sf.legal(moves, root))
            moves.append(best)
        sf.send("position fen %s moves %s" % (fen, " ".join(moves)))
        sf.send("d")
        out = sf.until("Checkers")
        final = [l for l in out if l.startswith("Fen: ")][0][5:].strip()
        if out[-1].split(":", 1)[1].strip():
            continue  # in check
        sf.send("go depth %d" % a.depth)
        info = [l for l in sf.until("bestmove")]
        w = [l for l in info if " score " in l][-1].split()
        best = info[-1].split()[1]
        if w[w.index("score") + 1] != "cp" or best == "(none)":
            continue
        # a capture or promotion: the target square is occupied, or a pawn reaches the last rank
        board = final.split()[0]
        rows = board.split("/")
        f, r = ord(best[2]) - 97, int(best[3])
        row = "".join(c if not c.isdigit() else "." * int(c) for c in rows[8 - r])
        if row[f] != "." or len(best) == 5:
            continue
        print("%s; sf %s" % (final, w[w.index("score") + 2]))
        kept += 1


if __name__ == "__main__":
    main()
