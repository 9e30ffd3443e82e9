#!/usr/bin/env python3
"""Compares qecmatch PGN files game by game (issue 14, -shard): each game is keyed by its
Round tag ("pair.game", or the job number), which is the same in a shard as in the unsharded
run, and compared by White, Black, EntMap, Result, Termination and the whole movetext.
  pgn_rounds.py EXPECTED.pgn GOT.pgn [GOT2.pgn ...]   exit 0 if the games are the same set"""
import re
import sys


def games(path):
    out = {}
    text = open(path).read()
    for block in re.split(r"\n(?=\[Event )", text.strip()):
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', block, re.M))
        moves = " ".join(l for l in block.splitlines() if l and not re.match(r'^\[\w+ "', l))
        key = tags.get("Round")
        if key in out:
            sys.exit(f"{path}: round {key} twice")
        out[key] = tuple(tags.get(k) for k in ("White", "Black", "EntMap", "Result", "Termination")) + (moves,)
    return out


want = games(sys.argv[1])
got = {}
for p in sys.argv[2:]:
    for k, v in games(p).items():
        if k in got:
            sys.exit(f"round {k} played by two shards")
        got[k] = v
bad = [k for k in sorted(set(want) | set(got)) if want.get(k) != got.get(k)]
for k in bad[:5]:
    print(f"round {k}: expected {want.get(k)}\n  got {got.get(k)}")
print(f"pgn_rounds: {len(want)} games expected, {len(got)} got, {len(bad)} differ")
sys.exit(1 if bad or not want else 0)
