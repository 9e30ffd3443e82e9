#!/usr/bin/env python3
"""Feeds every game of a qecmatch PGN file to qec the way the format promises it can be read, and
checks that qec reaches the recorded end: its `Fen:` line must equal the FinalFEN tag, and for a
rule ending its `Result:` line must give the game's result.
  QEC records ([EntMap] tag): `setoption name EntMap value <EntMap>`, `position startpos|fen <FEN>
  moves <turn tokens>`, `d`. The turn tokens are the `{e2e4[h8h7]}` comments after each turn (the
  movetext itself is notation for people, R5.3), or the movetext words in old records.
  Classical chess records (standard PGN, SAN): `setoption name UCI_Variant value chess`, the moves
  as UCI tokens, `d`. SAN is turned into UCI by pgn-extract (-Wuci, an independent reader) when it
  is installed, else by `pgn_check --uci`.
  Tether records ([Variant "Tether"], SAN of T2): no chess tool reads them, so `pgn_check --uci`
  (engine/'s reader) gives the tokens, castling as king-takes-rook (T6.2); UCI_Variant tether.
  Schroedinger records ([Variant "Schroedinger"], coordinate tokens, S4.1): `setoption name
  UCI_Variant value schroedinger`, `position startpos moves <tokens>` (no FEN, S4.2), `d`.
Usage: qec_readback.py FILE.pgn ./qec [pgn-extract|PATH-TO-pgn_check]"""
import os
import re
import shutil
import subprocess
import sys

RESULTS = ("1-0", "0-1", "1/2-1/2", "0-0", "*")
RULE_ENDS = ("mate", "dual king", "stalemate", "repetition", "fifty turns", "insufficient material")


def split_games(text):
    out = []
    for g in re.split(r"\n\s*\n(?=\[)", text.strip()):
        if not g.strip():
            continue
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]\s*$', g, re.M))
        parts = re.split(r"\n\s*\n", g.strip(), maxsplit=1)
        body = parts[1] if len(parts) > 1 else ""
        toks = re.findall(r"\{([a-h][1-8][a-h][1-8][^}\s]*)\}", body)
        if not toks:
            body = re.sub(r"\{[^}]*\}", " ", body)
            toks = [t for t in body.split() if not re.match(r"^\d+\.+$", t) and t not in RESULTS]
        out.append((tags, toks))
    return out


def converter(arg):
    if arg:
        return arg
    for c in ("pgn-extract", "/usr/games/pgn-extract"):
        if shutil.which(c):
            return shutil.which(c)
    return os.path.join(os.path.dirname(__file__), "../../build/release/tests/pgn_check")


def to_uci(path, tool):
    if os.path.basename(tool).startswith("pgn-extract"):
        cmd = [tool, "-Wuci", "-s", "--nocomments", path]
    else:
        cmd = [tool, "--uci", path]
    return split_games(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)


def main():
    path, qec = sys.argv[1], sys.argv[2]
    games = split_games(open(path).read())
    hsc = lambda tags: tags.get("Variant") == "Schroedinger"
    tether = [g for g in games if g[0].get("Variant") == "Tether"]
    chess = [g for g in games if "EntMap" not in g[0] and not hsc(g[0]) and g not in tether]
    uci = to_uci(path, converter(sys.argv[3] if len(sys.argv) > 3 else None)) if chess else []
    own = to_uci(path, converter(os.path.join(os.path.dirname(__file__), "../../build/release/tests/pgn_check"))) if tether else []
    for conv in (uci, own):
        if conv and len(conv) != len(games):
            print("qec_readback: the converter gave %d games for %d" % (len(conv), len(games)))
            return 1
    bad = 0
    for n, (tags, toks) in enumerate(games, 1):
        if "EntMap" in tags:
            setup = "setoption name EntMap value %s\n" % tags["EntMap"]
        elif tags.get("Variant") == "Tether":
            setup, toks = "setoption name UCI_Variant value tether\n", own[n - 1][1]
        elif hsc(tags):
            setup = "setoption name UCI_Variant value schroedinger\n"
        else:
            setup, toks = "setoption name UCI_Variant value chess\n", uci[n - 1][1]
        root = "fen " + tags["FEN"] if "FEN" in tags else "startpos"
        cmd = "uci\n%sposition %s moves %s\nd\nquit\n" % (setup, root, " ".join(toks))
        out = subprocess.run([qec], input=cmd, capture_output=True, text=True, timeout=30).stdout
        fen = re.search(r"^Fen: (.*)$", out, re.M)
        result = re.search(r"^Result: (\S+)", out, re.M)
        rule = tags.get("Termination") in RULE_ENDS
        errors = re.findall(r"^info string error.*$", out, re.M)
        if errors or not fen or fen.group(1) != tags["FinalFEN"] or (rule and (not result or result.group(1) != tags["Result"])):
            bad += 1
            print("game %d: qec says %s / %s, the record %s / %s %s" % (n, fen and fen.group(1), result and result.group(1),
                                                                       tags["FinalFEN"], tags["Result"], errors[:1]))
    print("qec_readback: %d games (%d classical, %d tether), %d bad" % (len(games), len(chess), len(tether), bad))
    return 1 if bad or not games else 0


sys.exit(main())
