#!/usr/bin/env python3
"""Where qec's lost chess games went wrong (issue 12): for every game of a qecmatch PGN that
ENGINE lost, replays the moves (SAN, converted with qec's own `go perft 1` list), lets Debian's
stockfish at full strength score the position before and after each of ENGINE's moves (`go
nodes N`, one thread), and prints the first move that lost more than DROP centipawns by
stockfish's count, with stockfish's move there and its score before it. A tally at the end says
how many losses started with such a drop (a tactical miss) and how many were a slow slide.
Usage: blunders.py PGN [--engine qec] [--opponent-prefix sf24] [--nodes 200000] [--drop 150]
       [--qec ./qec] [--stockfish /usr/games/stockfish]"""
import argparse
import re
import sys

from tactics import BenchError, UciEngine, san_to_uci

TAG_RE = re.compile(r'^\[(\w+) "(.*)"\]$')
MOVE_RE = re.compile(r"^(?:\d+\.+)?([A-Za-z][A-Za-z0-9=+#\-]*)$")


def read_games(path):
    """[(tags, [san, ...])] of a PGN file; comments and results dropped."""
    games, tags, text = [], {}, []
    for line in open(path, encoding="utf-8"):
        m = TAG_RE.match(line.strip())
        if m:
            if text:
                games.append((tags, text))
                tags, text = {}, []
            tags[m.group(1)] = m.group(2)
        elif line.strip():
            text.append(line.strip())
    if tags:
        games.append((tags, text))
    out = []
    for tags, lines in games:
        body = re.sub(r"\{[^}]*\}", " ", " ".join(lines))
        sans = [m.group(1) for tok in body.split() for m in [MOVE_RE.match(tok)] if m]
        out.append((tags, [s for s in sans if s not in ("1-0", "0-1")]))
    return out


def fen_after(qec, fen, uci):
    qec.send("position fen %s moves %s" % (fen, uci))
    qec.send("d")
    for line in qec.expect("Decider"):
        if line.startswith("Fen: "):
            return line[5:]
    raise BenchError("no Fen line from qec's d")


def sf_score(sf, fen, nodes):
    """(score in cp from the side to move, mate as +-100000, best move) at fen."""
    sf.set_position(fen)
    sf.send("go nodes %d" % nodes)
    score, best = 0, "0000"
    for line in sf.expect("bestmove"):
        w = line.split()
        if "score" in w:
            i = w.index("score")
            v = int(w[i + 2])
            score = v if w[i + 1] == "cp" else (100000 - abs(v)) * (1 if v > 0 else -1)
        if w[:1] == ["bestmove"]:
            best = w[1]
    return score, best


def analyse(tags, sans, me, qec, sf, args):
    """The first move of `me` that dropped more than args.drop, or None."""
    fen = tags.get("FEN", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    mine = "w" if tags.get("White") == me else "b"
    for san in sans:
        legal = qec.legal_moves(fen)
        uci = san_to_uci(san, fen, legal)
        nxt = fen_after(qec, fen, uci)
        if fen.split()[1] == mine:
            before, best = sf_score(sf, fen, args.nodes)
            after = -sf_score(sf, nxt, args.nodes)[0]
            if before - after > args.drop and before > -args.drop * 2:
                return "move %s %s (%s): stockfish %+d before, %+d after; it plays %s" % (
                    fen.split()[5], san, uci, before, after, best)
        fen = nxt
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pgn")
    ap.add_argument("--engine", default="qec")
    ap.add_argument("--opponent-prefix", default="")
    ap.add_argument("--nodes", type=int, default=200000)
    ap.add_argument("--drop", type=int, default=150)
    ap.add_argument("--qec", default="./qec")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    args = ap.parse_args()
    try:
        qec, sf = UciEngine(args.qec), UciEngine(args.stockfish)
        qec.set_option("UCI_Variant", "chess")
        sf.set_option("Threads", 1)
        sf.set_option("Hash", 16)
        tactical = slide = 0
        for tags, sans in read_games(args.pgn):
            me, res = args.engine, tags.get("Result")
            opp = tags.get("Black") if tags.get("White") == me else tags.get("White")
            lost = (tags.get("White") == me and res == "0-1") or (tags.get("Black") == me and res == "1-0")
            if not lost or me not in (tags.get("White"), tags.get("Black")) or not opp.startswith(args.opponent_prefix):
                continue
            sf.new_game()
            found = analyse(tags, sans, me, qec, sf, args)
            tactical, slide = tactical + bool(found), slide + (not found)
            print("%s %s vs %s: %s" % (tags.get("Round"), tags.get("White"), tags.get("Black"),
                                       found or "no single drop (a slow slide)"), flush=True)
        print("losses: %d, with a drop > %d cp: %d, slow slides: %d" % (tactical + slide, args.drop, tactical, slide))
    except (BenchError, OSError) as e:
        print("blunders.py: error: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
