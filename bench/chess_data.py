#!/usr/bin/env python3
"""Classical-chess training positions for `texel --variant chess` (issue 12): Debian stockfish
plays itself at a fixed node count from the openings of an EPD file (one game per opening, in
order; a second pass over the file uses more nodes, so its games differ), and every quiet
position of the game is written with stockfish's search score and, when the game ends, its
result. "Quiet": the side to move is not in check and the move stockfish chose is neither a
capture nor a promotion (so the static evaluation of the position is not about a pending
exchange, which qec's quiescence would resolve first).

Output, one line a position, whole games in order:  FEN;GAME;SCORE;RESULT
  GAME   the game's number (worker * 1000000 + n), so that a tuner can hold out whole games
  SCORE  stockfish's score of its own search at that position, cp from White's view
  RESULT 1, 0.5, 0 from White
Games end by mate, stalemate, threefold repetition, the fifty-move rule, K+minor v K, or
adjudication: |score| >= 1000 for 6 plies in a row (a win), |score| <= 15 for 20 plies after
ply 100 (a draw), or 400 plies (a draw). bench/chess_labels.py turns this into texel's input.
Usage: chess_data.py OPENINGS.epd OUT [--nodes 6000] [--worker 0] [--workers 1] [--passes 1]"""
import argparse
import sys

from chess_openings import Engine  # the UCI pipe (send, until)


class Stockfish(Engine):
    def __init__(self, cmd):
        super().__init__(cmd)
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 16")

    def new_game(self):
        self.send("ucinewgame")
        self.send("isready")
        self.until("readyok")

    def board(self, root, moves):
        """FEN and whether the side to move is in check."""
        self.send("position fen %s moves %s" % (root, " ".join(moves)))
        self.send("d")
        out = self.until("Checkers")
        fen = [l for l in out if l.startswith("Fen: ")][0][5:]
        return fen, out[-1].split(":", 1)[1].strip() != ""

    def search(self, nodes):
        """Best move and score (cp, or +-100000 for a mate) from the side to move."""
        self.send("go nodes %d" % nodes)
        cp = 0
        for l in self.until("bestmove"):
            w = l.split()
            if w[0] == "info" and "score" in w:
                i = w.index("score")
                if w[i + 1] == "cp":
                    cp = int(w[i + 2])
                else:
                    cp = 100000 if int(w[i + 2]) > 0 else -100000
            if w[0] == "bestmove":
                return w[1], cp
        return "(none)", cp


def squares(fen):
    """Board part of a FEN as a dict square -> piece letter."""
    board = {}
    for r, row in enumerate(fen.split()[0].split("/")):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board["abcdefgh"[f] + str(8 - r)] = ch
                f += 1
    return board


def is_noisy(fen, move):
    board = squares(fen)
    if len(move) == 5 or move[2:4] in board:
        return True
    ep = fen.split()[3]
    return move[2:4] == ep and board.get(move[:2], "") in "Pp"


def insufficient(fen):
    pieces = [c for c in fen.split()[0] if c.isalpha() and c not in "Kk"]
    return not pieces or (len(pieces) == 1 and pieces[0] in "NBnb")


def play(sf, root, nodes):
    """One game; returns [(fen, white cp)] of its quiet positions and the result from White."""
    sf.new_game()
    moves, seen, quiet = [], {}, []
    big = small = 0
    for ply in range(400):
        fen, check = sf.board(root, moves)
        white = fen.split()[1] == "w"
        key = " ".join(fen.split()[:4])
        seen[key] = seen.get(key, 0) + 1
        if seen[key] >= 3 or int(fen.split()[4]) >= 100 or insufficient(fen):
            return quiet, 0.5
        move, cp = sf.search(nodes)
        if move == "(none)":
            return quiet, (0.0 if white else 1.0) if check else 0.5
        wcp = cp if white else -cp
        if not check and not is_noisy(fen, move) and abs(cp) < 100000:
            quiet.append((fen, wcp))
        big = big + 1 if abs(cp) >= 1000 else 0
        small = small + 1 if abs(cp) <= 15 and ply >= 100 else 0
        if big >= 6:
            return quiet, 1.0 if wcp > 0 else 0.0
        if small >= 20:
            return quiet, 0.5
        moves.append(move)
    return quiet, 0.5


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("openings")
    ap.add_argument("out")
    ap.add_argument("--nodes", type=int, default=6000)
    ap.add_argument("--worker", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--passes", type=int, default=1)
    ap.add_argument("--engine", default="/usr/games/stockfish")
    a = ap.parse_args()
    roots = [l.split(";")[0].strip() for l in open(a.openings) if l.strip() and not l.startswith("#")]
    sf = Stockfish(a.engine)
    n = 0
    with open(a.out, "a") as out:
        for p in range(a.passes):
            for i in range(a.worker, len(roots), a.workers):
                quiet, res = play(sf, roots[i], a.nodes + 2000 * p)
                gid = a.worker * 1000000 + n
                n += 1
                for fen, cp in quiet:
                    out.write("%s;%d;%d;%g\n" % (fen, gid, cp, res))
                out.flush()
                print("game %d: %d positions, %g" % (gid, len(quiet), res), file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
