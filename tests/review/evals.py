#!/usr/bin/env python3
"""Every decision of every game has its [%eval] (tests/review/run.sh).

Usage: evals.py UCI ANNOTATED. UCI is `pgn_check --uci` of the original records (one UCI token
per decision, whatever the variant), ANNOTATED qecreview's output. Prints one line per
mismatch and "evals: G games, D decisions, N bad"; exit status 1 when a game is bad.
"""
import re
import sys


def movetexts(path):
    """The movetext of each game: the text between a game's tags and the blank line after it."""
    games, text, in_moves = [], [], False
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("["):
            if in_moves and text:
                games.append(" ".join(text))
            text, in_moves = [], False
        elif line.strip():
            in_moves = True
            text.append(line)
    if text:
        games.append(" ".join(text))
    return games


uci = movetexts(sys.argv[1])
ann = movetexts(sys.argv[2])
bad = decisions = 0
if len(uci) != len(ann):
    print(f"{len(uci)} games in the original, {len(ann)} annotated")
    bad += 1
for i, (u, a) in enumerate(zip(uci, ann)):
    n = len([t for t in u.split() if re.fullmatch(r"[a-h][1-8][a-h][1-8][nbrq]?", t)])
    evals = re.findall(r"\{\[%eval (#[+-]?\d+|-?\d+\.\d\d)\]", a)
    decisions += n
    if len(evals) != n:
        print(f"game {i + 1}: {n} decisions, {len(evals)} [%eval] comments")
        bad += 1
    if n == 0:
        print(f"game {i + 1}: no decisions")
        bad += 1
print(f"evals: {len(ann)} games, {decisions} decisions, {bad} bad")
sys.exit(1 if bad else 0)
