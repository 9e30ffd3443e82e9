#!/usr/bin/env python3
"""Texel input from bench/chess_data.py output: one line `FEN;none;TARGET` a position, whole
games together, where TARGET = LAMBDA * result + (1 - LAMBDA) * sigmoid(K * score / 400), the
blend of the game's result and stockfish's score of the position that Ethereal-style tuners
use (the result alone is a noisy label for a position 60 moves before the end; the score alone
teaches only stockfish's opinion). K is fitted here: the value that makes sigmoid(K * score /
400) predict the results of these games best (least squares), so the score is turned into a
win probability on the games' own scale. Games are written in the order of their first
appearance, so `texel --block N` holds out whole stretches of games.
Usage: chess_labels.py [--lambda 0.5] [--clip 2000] DATA... > OUT"""
import argparse
import sys


def sigmoid(k, cp):
    return 1.0 / (1.0 + 10.0 ** (-k * cp / 400.0))


def fit_k(rows):
    def err(k):
        return sum((r - sigmoid(k, cp)) ** 2 for _, cp, r in rows) / len(rows)
    lo, hi = 0.1, 3.0
    for _ in range(40):
        a, b = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if err(a) < err(b):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2, err((lo + hi) / 2)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("data", nargs="+")
    ap.add_argument("--lambda", dest="lam", type=float, default=0.5)
    ap.add_argument("--clip", type=int, default=2000)
    a = ap.parse_args()
    games, order = {}, []
    for path in a.data:
        for line in open(path):
            f = line.rstrip("\n").split(";")
            if len(f) != 4:
                continue
            gid = path + ":" + f[1]
            if gid not in games:
                games[gid] = []
                order.append(gid)
            cp = max(-a.clip, min(a.clip, int(f[2])))
            games[gid].append((f[0], cp, float(f[3])))
    rows = [r for g in order for r in games[g]]
    k, e = fit_k(rows)
    print("%d positions of %d games (White %d, Black %d, drawn %d); score K = %.3f (error %.5f)" % (
        len(rows), len(order), sum(games[g][0][2] == 1 for g in order), sum(games[g][0][2] == 0 for g in order),
        sum(games[g][0][2] == 0.5 for g in order), k, e), file=sys.stderr)
    out = sys.stdout
    for fen, cp, r in rows:
        out.write("%s;none;%.4f\n" % (fen, a.lam * r + (1 - a.lam) * sigmoid(k, cp)))


if __name__ == "__main__":
    main()
