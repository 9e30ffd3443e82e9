#!/usr/bin/env python3
"""Haft Schroedinger games of a qecmatch PGN as tuner data (tools/texel_worlds.c): one line
per game, `RESULT;TOKEN ...`, RESULT 1, 0.5 or 0 from White, the tokens those qecmatch writes in
each move's comment (`Mg1-f3 {g1f3}`). Games without a result are left out.

Usage: bench/worlds_pgn_data.py FILE.pgn... > data.txt"""
import re
import sys

RESULTS = {"1-0": "1", "0-1": "0", "1/2-1/2": "0.5"}
TOKEN = re.compile(r"\{([a-h][1-8][a-h][1-8])\}")


def games(text):
    for chunk in text.split("[Event ")[1:]:
        m = re.search(r'\[Result "([^"]*)"\]', chunk)
        body = chunk.split("\n\n", 1)
        if m and m.group(1) in RESULTS and len(body) == 2:
            yield RESULTS[m.group(1)], TOKEN.findall(body[1])


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for path in sys.argv[1:]:
        with open(path) as f:
            for result, tokens in games(f.read()):
                if tokens:
                    print(result + ";" + " ".join(tokens))


if __name__ == "__main__":
    main()
