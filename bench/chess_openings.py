#!/usr/bin/env python3
"""Random balanced classical openings for qecmatch -variant chess: from the start position,
PLIES random legal moves (the legal moves come from a UCI engine's `go perft 1`), kept when the
engine's `go depth DEPTH` score of the result is within +-MAXCP centipawns (and the game is not
over). Prints one FEN per line (EPD for qecmatch -openings file=… format=epd), reproducible per seed.
Usage: chess_openings.py COUNT [--seed S] [--plies 8] [--depth 10] [--maxcp 50] [--engine stockfish]"""
import argparse
import random
import shutil
import subprocess
import sys


class Engine:
    def __init__(self, cmd):
        self.p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def until(self, word):
        lines = []
        for line in self.p.stdout:
            lines.append(line.rstrip("\n"))
            if line.startswith(word):
                return lines
        raise RuntimeError("engine ended before '%s'" % word)

    def legal(self, moves, root="startpos"):
        """The legal moves after `moves` from root ("startpos" or "fen FEN")."""
        self.send("position %s moves %s" % (root, " ".join(moves)))
        self.send("go perft 1")
        out = self.until("Nodes searched")
        return sorted(l.split(":")[0] for l in out if ":" in l and not l.startswith(("info", "Nodes")))

    def fen(self, moves):
        self.send("position startpos moves " + " ".join(moves))
        self.send("d")
        return [l for l in self.until("Checkers") if l.startswith("Fen: ")][0][5:]

    def score(self, moves, depth):
        self.send("position startpos moves " + " ".join(moves))
        self.send("go depth %d" % depth)
        cp = None
        for l in self.until("bestmove"):
            w = l.split()
            if "score" in w:
                i = w.index("score")
                cp = int(w[i + 2]) if w[i + 1] == "cp" else 100000
        return cp

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("count", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plies", type=int, default=8)
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--maxcp", type=int, default=50)
    ap.add_argument("--engine", default=shutil.which("stockfish") or "/usr/games/stockfish")
    a = ap.parse_args()
    rng, eng, seen, tries = random.Random(a.seed), Engine(a.engine), set(), 0
    while len(seen) < a.count and tries < 200 * a.count:
        tries += 1
        moves = []
        for _ in range(a.plies):
            legal = eng.legal(moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        if len(moves) < a.plies or not eng.legal(moves):
            continue
        cp = eng.score(moves, a.depth)
        fen = eng.fen(moves)
        if cp is not None and abs(cp) <= a.maxcp and fen not in seen:
            seen.add(fen)
            print(fen, flush=True)
    eng.close()
    if len(seen) < a.count:
        sys.exit("only %d balanced openings in %d tries" % (len(seen), tries))


if __name__ == "__main__":  # bench/chess_data.py imports Engine
    main()
