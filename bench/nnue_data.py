#!/usr/bin/env python3
"""Training games for qec's classical-chess network (eval/nnue.c, tools/nnue_train.c): Debian
stockfish plays itself at a fixed node count; every position of a game is written with
stockfish's score of it, so the network learns stockfish's opinion of a position (distillation;
the trainer drops the positions in check and those whose played move was stockfish's capture).

Variety: each game starts from PLIES random legal moves (legal moves from `go perft 1`), and later
moves are random with probability --random (the search sees many positions no good player would
reach; a net trained only on good play has never seen a piece left hanging).

Output, one line a game:  START_FEN|M1 M2 ...|S1 S2 ...|FLAGS|RESULT
  Si     stockfish's score of the position before Mi, cp from White's view (+-30000: a mate;
         '-' for the random opening plies, which are not scored)
  FLAGS  one character per move: 'o' a random opening ply, 'b' stockfish's best move, 'r' a
         random one
  RESULT 1, 0.5, 0 from White: mate or stalemate on the board, else adjudicated (|score| >= 1000
         for 4 plies in a row: a win; |score| <= 10 for 16 plies after ply 80, or 400 plies: a draw)
Usage: nnue_data.py OUT [--games N] [--nodes 1500] [--plies 8] [--random 0.05] [--seed 1]"""
import argparse
import random
import shutil

from chess_openings import Engine  # the UCI pipe (send, until, legal)

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
MATE = 30000


class Stockfish(Engine):
    def __init__(self, cmd):
        super().__init__(cmd)
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 16")

    def search(self, moves, nodes, root="startpos"):
        """Best move (None when there is none) and score, cp from the side to move, after `moves`
        from root ("startpos" or "fen FEN")."""
        self.send("position %s moves %s" % (root, " ".join(moves)))
        self.send("go nodes %d" % nodes)
        score = 0
        for l in self.until("bestmove"):
            if l.startswith("info") and " score " in l:
                w = l.split()
                i = w.index("score")
                score = int(w[i + 2]) if w[i + 1] == "cp" else (MATE if int(w[i + 2]) > 0 else -MATE)
            elif l.startswith("bestmove"):
                best = l.split()[1]
                return (None if best == "(none)" else best), score
        return None, score


def play(sf, rng, a):
    moves, scores, flags = [], [], ""
    for _ in range(a.plies):
        legal = sf.legal(moves)
        if not legal:
            return None
        moves.append(rng.choice(legal))
    scores, flags = ["-"] * len(moves), "o" * len(moves)
    sf.send("ucinewgame")
    result, streak, quiet, last = None, 0, 0, 0
    while result is None:
        best, score = sf.search(moves, a.nodes)
        white = score if len(moves) % 2 == 0 else -score
        if best is None:  # mate or stalemate on the board
            result = 0.5 if score == 0 else (0.0 if len(moves) % 2 == 0 else 1.0)
            break
        sign = (white >= 1000) - (white <= -1000)
        streak = streak + 1 if sign and sign == last else (1 if sign else 0)
        last = sign
        quiet = quiet + 1 if abs(white) <= 10 and len(moves) >= 80 else 0
        scores.append(white)
        if rng.random() < a.random:
            moves.append(rng.choice(sf.legal(moves)))
            flags += "r"
        else:
            moves.append(best)
            flags += "b"
        if streak >= 4:
            result = 1.0 if white > 0 else 0.0
        elif quiet >= 16 or len(moves) >= 400:
            result = 0.5
    if len(scores) == a.plies:
        return None
    return "%s|%s|%s|%s|%s" % (START, " ".join(moves), " ".join(map(str, scores)), flags, result)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--games", type=int, default=1000000)
    ap.add_argument("--nodes", type=int, default=1500)
    ap.add_argument("--plies", type=int, default=8)
    ap.add_argument("--random", type=float, default=0.05)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engine", default=shutil.which("stockfish") or "/usr/games/stockfish")
    a = ap.parse_args()
    rng, sf = random.Random(a.seed), Stockfish(a.engine)
    with open(a.out, "a") as out:
        for g in range(a.games):
            line = play(sf, rng, a)
            if line:
                out.write(line + "\n")
                out.flush()


if __name__ == "__main__":
    main()
