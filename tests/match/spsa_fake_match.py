#!/usr/bin/env python3
"""A scripted stand-in for qecmatch (QECMATCH=this, tests/match/spsa.sh): plays nothing and
writes the -jsonout summary bench/spsa.py reads, with plus scoring FAKE_PLUS of the -games
games (FAKE_PLUS=all: every game), so an update's sign and size are known in advance. The
options each engine got are kept in the JSON ("options"), the -each words in "each", for the
test to compare."""
import json
import os
import sys

a = sys.argv[1:]
games = int(a[a.index("-games") + 1])
out = a[a.index("-jsonout") + 1]
plus_pts = games if os.environ.get("FAKE_PLUS", "all") == "all" else int(os.environ["FAKE_PLUS"])
opts, who, each, in_each = {"plus": {}, "minus": {}}, None, [], False
for x in a:
    if x.startswith("-") and not x[1:2].isdigit():
        in_each = x == "-each"
    elif in_each:
        each.append(x)
    if x.startswith("name="):
        who = x[5:]
    elif x == "-each":
        who = None
    elif x.startswith("option.") and who:
        k, v = x[7:].split("=", 1)
        opts[who][k] = int(v)
eng = lambda name, p: {"name": name, "points": p, "wins": int(p), "losses": games - int(p), "draws": 0, "dualKing": 0}
json.dump({"games": games, "engines": [eng("plus", plus_pts), eng("minus", games - plus_pts)],
           "encounters": [{"first": "plus", "second": "minus", "pentanomial": [0, 0, 0, 0, games // 2]}],
           "options": opts, "each": each}, open(out, "w"))
