#!/usr/bin/env python3
"""Classical SAN checked by a reader no one here wrote: Debian's pgn-extract reads random chess
games that qec's formatter wrote (notation_test --pgn), rewrites them in its own SAN (-Wsan)
and as UCI moves (-Wuci). Its SAN must equal ours move for move (disambiguation only where
needed, + and #, O-O, =Q) and its UCI moves must be the games' decisions.
Usage: pgn_extract_check.py NOTATION_TEST PGN_EXTRACT WORKDIR GAMES; prints
"pgn-extract: N passed, N failed"."""
import re
import subprocess
import sys


def movetexts(text):
    """The movetext of each game, tags dropped, without move numbers and result."""
    games = []
    for block in re.split(r"\n\s*\n(?=\[)", text.strip()):
        lines = [l for l in block.splitlines() if not l.startswith("[")]
        toks = " ".join(lines).split()
        toks = [t for t in toks if not re.fullmatch(r"\d+\.+", t)]
        toks = [re.sub(r"^\d+\.+", "", t) for t in toks]
        if toks and toks[-1] in ("*", "1-0", "0-1", "1/2-1/2"):
            toks = toks[:-1]
        games.append(toks)
    return games


def main():
    prog, extract, work, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    pgn, uci = f"{work}/games.pgn", f"{work}/games.uci"
    passed = failed = 0
    if subprocess.run([prog, "--pgn", pgn, uci, str(n)]).returncode != 0:
        print("FAIL: notation_test --pgn")
        print("pgn-extract: 0 passed, 1 failed")
        return 1
    ours = movetexts(open(pgn).read())
    want_uci = [l.split() for l in open(uci).read().splitlines()]
    outs = {}
    for mode in ("-Wsan", "-Wuci"):
        r = subprocess.run([extract, mode, "-s", "-w", "100000", pgn], capture_output=True, text=True)
        errors = [l for l in r.stderr.splitlines() if l.strip()]
        if r.returncode != 0 or errors:
            print(f"FAIL: pgn-extract {mode}: rc {r.returncode}: " + " | ".join(errors[:8]))
            failed += 1
        outs[mode] = movetexts(r.stdout)
    outs["-Wuci"] = [[t.lower() for t in g] for g in outs["-Wuci"]]  # it writes e7e8Q
    for mode, want in (("-Wsan", ours), ("-Wuci", want_uci)):
        got = outs[mode]
        if len(got) != n or len(want) != n:
            print(f"FAIL: {mode}: {len(got)} games read, {len(want)} written, {n} expected")
            failed += 1
            continue
        for g in range(n):
            if got[g] == want[g]:
                passed += 1
                continue
            i = next((k for k in range(min(len(got[g]), len(want[g]))) if got[g][k] != want[g][k]), None)
            at = "length differs" if i is None else f"decision {i + 1}: ours '{want[g][i]}', pgn-extract '{got[g][i]}'"
            print(f"FAIL: game {g} {mode}: {at}")
            failed += 1
    print(f"pgn-extract: {passed} passed, {failed} failed")
    return failed != 0


if __name__ == "__main__":
    sys.exit(main())
