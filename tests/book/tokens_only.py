#!/usr/bin/env python3
"""Rewrites a qecmatch PGN file with the old movetext: each game's whole-turn tokens, taken from
the `{e2e4[h8h7]}` comments after its turns (docs/gui/record-format.md), without our reader.
Usage: tokens_only.py IN.pgn > OUT.pgn"""
import re
import sys

for block in re.split(r"\n\s*\n(?=\[Event )", open(sys.argv[1]).read().strip()):
    tags, moves = re.split(r"\n\s*\n", block, maxsplit=1)
    toks = re.findall(r"\{([a-h][1-8][a-h][1-8][^}\s]*)\}", moves)
    print(tags + "\n\n" + " ".join(toks + [moves.split()[-1]]) + "\n")
