#!/usr/bin/env python3
"""Feeds every game of a qecmatch PGN file to qec the way the format promises it can be read, and
checks that qec reaches the recorded end: its `Fen:` line must equal the FinalFEN tag, and for a
rule ending its `Result:` line must give the game's result.
The variants, their PGN [Variant] tags and the rule endings come from the engine (`qec --list
variants|ends`): the game's tag names its variant (no tag: qec when there is an EntMap tag, else
standard chess, as record/read.c reads it), and a tag no variant has is a bad game, never
guessed. Each game is set up with `setoption name UCI_Variant value <name>` (and `setoption name
EntMap value <EntMap>` when tagged), then `position startpos|fen <FEN> moves <tokens>`, `d`. The
tokens:
  QEC records: the `{e2e4[h8h7]}` comments after each turn (the movetext itself is notation for
  people, R5.3), or the movetext words in old records.
  Coordinate movetext (Schroedinger, S4.1): the words as they are.
  Standard chess (SAN, no [Variant] tag): turned into UCI by pgn-extract (-Wuci, an independent
  reader) when it is installed, else by `pgn_check --uci`.
  Any other SAN (Tether's, T2): no chess tool reads it, so `pgn_check --uci` (engine/'s reader)
  gives the tokens, castling as king-takes-rook (T6.2).
Usage: qec_readback.py FILE.pgn ./qec [pgn-extract|PATH-TO-pgn_check]"""
import os
import re
import shutil
import subprocess
import sys

RESULTS = ("1-0", "0-1", "1/2-1/2", "0-0", "*")
COORDINATES = re.compile(r"^[a-h][1-8][a-h][1-8]\S*$")


def split_games(text):
    out = []
    for g in re.split(r"\n\s*\n(?=\[)", text.strip()):
        if not g.strip():
            continue
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]\s*$', g, re.M))
        parts = re.split(r"\n\s*\n", g.strip(), maxsplit=1)
        body = parts[1] if len(parts) > 1 else ""
        toks = re.findall(r"\{([a-h][1-8][a-h][1-8][^}\s]*)\}", body)
        commented = bool(toks)
        if not toks:
            body = re.sub(r"\{[^}]*\}", " ", body)
            toks = [t for t in body.split() if not re.match(r"^\d+\.+$", t) and t not in RESULTS]
        out.append((tags, toks, commented))
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
    # A game the converter cannot read is left out of its output: the count tells (main).
    return split_games(subprocess.run(cmd, capture_output=True, text=True, errors="replace").stdout)


def engine_list(qec, what):
    out = subprocess.run([qec, "--list", what], capture_output=True, text=True, timeout=30, check=True).stdout
    return [line.split("\t") for line in out.splitlines()]


def variant_names(rows):
    """{tag value, name or alias in lower case: the variant's name}; "" is the untagged row."""
    names = {}
    for name, _, aliases in rows:
        for s in [name] + ([] if aliases == "-" else aliases.split(",")):
            names[s.lower()] = name
    for name, tag, _ in rows:  # a tag wins over a name, as variant_of_pgn_tag reads it
        names["" if tag == "-" else tag.lower()] = name
    return names


def main():
    path, qec = sys.argv[1], sys.argv[2]
    rows = engine_list(qec, "variants")
    names, default = variant_names(rows), rows[0][0]
    rule_ends = {row[0] for row in engine_list(qec, "ends")}
    games = split_games(open(path).read())
    variant = [names.get(t["Variant"].lower()) if "Variant" in t else default if "EntMap" in t else names.get("")
               for t, _, _ in games]
    # How each game's tokens are read: "own" its comment or coordinate words, "san" standard
    # chess through the independent converter, "engine" any other SAN through pgn_check.
    how, bad = [], 0
    for n, (tags, toks, commented) in enumerate(games):
        if not variant[n]:
            bad += 1
            print("game %d: [Variant \"%s\"] is no variant of qec (%s)" % (n + 1, tags["Variant"], " ".join(r[0] for r in rows)))
        if not variant[n] or commented or all(COORDINATES.match(t) for t in toks):
            how.append("own")
        else:
            how.append("san" if variant[n] == names.get("") else "engine")
    uci = to_uci(path, converter(sys.argv[3] if len(sys.argv) > 3 else None)) if "san" in how else []
    own = to_uci(path, converter(os.path.join(os.path.dirname(__file__), "../../build/release/tests/pgn_check"))) \
        if "engine" in how else []
    for conv in (uci, own):
        if conv and len(conv) != len(games):
            print("qec_readback: the converter gave %d games for %d" % (len(conv), len(games)))
            return 1
    counts = {}
    for n, (tags, toks, _) in enumerate(games, 1):
        v = variant[n - 1]
        if not v:
            continue
        counts[v] = counts.get(v, 0) + 1
        setup = "setoption name UCI_Variant value %s\n" % v
        if "EntMap" in tags:
            setup += "setoption name EntMap value %s\n" % tags["EntMap"]
        toks = {"own": toks, "san": uci and uci[n - 1][1], "engine": own and own[n - 1][1]}[how[n - 1]]
        root = "fen " + tags["FEN"] if "FEN" in tags else "startpos"
        cmd = "uci\n%sposition %s moves %s\nd\nquit\n" % (setup, root, " ".join(toks))
        out = subprocess.run([qec], input=cmd, capture_output=True, text=True, timeout=30).stdout
        fen = re.search(r"^Fen: (.*)$", out, re.M)
        result = re.search(r"^Result: (\S+)", out, re.M)
        rule = tags.get("Termination") in rule_ends
        errors = re.findall(r"^info string error.*$", out, re.M)
        if errors or not fen or fen.group(1) != tags["FinalFEN"] or (rule and (not result or result.group(1) != tags["Result"])):
            bad += 1
            print("game %d: qec says %s / %s, the record %s / %s %s" % (n, fen and fen.group(1), result and result.group(1),
                                                                       tags["FinalFEN"], tags["Result"], errors[:1]))
    print("qec_readback: %d games (%s), %d bad" % (len(games), ", ".join("%s %d" % c for c in sorted(counts.items())), bad))
    return 1 if bad or not games else 0


sys.exit(main())
