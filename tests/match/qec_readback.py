#!/usr/bin/env python3
"""Feeds every game of a qecmatch PGN file to qec the way the format promises it can be read:
`setoption name EntMap value <EntMap tag>`, `position startpos|fen <FEN tag> moves <turn tokens>`,
`d`; qec's `Fen:` line must equal the FinalFEN tag, and for a rule ending its `Result:` line must
give the game's result. Usage: qec_readback.py FILE.pgn ./qec"""
import re
import subprocess
import sys

text = open(sys.argv[1]).read()
games = [g for g in re.split(r"\n\n(?=\[)", text.strip()) if g.strip()]
bad = 0
for n, g in enumerate(games, 1):
    tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', g, re.M))
    body = re.sub(r"\{[^}]*\}", " ", g.split("\n\n", 1)[1])
    toks = [t for t in body.split() if not re.match(r"^\d+\.+$", t) and t not in ("1-0", "0-1", "1/2-1/2", "0-0", "*")]
    root = "fen " + tags["FEN"] if "FEN" in tags else "startpos"
    cmd = "uci\nsetoption name EntMap value %s\nposition %s moves %s\nd\nquit\n" % (tags["EntMap"], root, " ".join(toks))
    out = subprocess.run([sys.argv[2]], input=cmd, capture_output=True, text=True, timeout=30).stdout
    fen = re.search(r"^Fen: (.*)$", out, re.M)
    result = re.search(r"^Result: (\S+)", out, re.M)
    rule = tags.get("Termination") in ("mate", "dual king", "stalemate", "repetition", "fifty turns", "insufficient material")
    if not fen or fen.group(1) != tags["FinalFEN"] or (rule and (not result or result.group(1) != tags["Result"])):
        bad += 1
        print("game %d: qec says %s / %s, the record %s / %s" % (n, fen and fen.group(1), result and result.group(1),
                                                                tags["FinalFEN"], tags["Result"]))
print("qec_readback: %d games, %d bad" % (len(games), bad))
sys.exit(1 if bad or not games else 0)
