#!/usr/bin/env python3
"""Tactics benchmark for classical chess (issue 12): the share of an EPD suite's positions
(default: the 300 of Win At Chess, bench/data/wac.epd) where an engine's final `bestmove` after
`go nodes N` (or `go movetime MS`) is one of the position's `bm` moves. A measuring stick for
the search, not a test: scores and times depend on the machine and the engine build.

The `bm` moves are SAN; each is matched against the engine's own legal UCI moves (`go perft 1`)
and the EPD's board, so no chess library is needed. UCI_Variant chess is sent only to engines
that offer the option (qec does; Stockfish does not know it).

Usage: tactics.py [--epd FILE] [--nodes N | --movetime MS] [--first K] [--engine CMD]...
                  [--threads 1] [--hash 16]"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import time

from chess_openings import Engine

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_EPD = os.path.join(HERE, "data", "wac.epd")
DEFAULT_ENGINES = ["./qec", "/usr/games/stockfish"]
SAN_RE = re.compile(r"^([KQRBN])?([a-h])?([1-8])?(x)?([a-h][1-8])(?:=?([QRBN]))?$")


class BenchError(Exception):
    """A problem that ends the run with one clear message (bad engine, bad EPD)."""


class UciEngine(Engine):
    """chess_openings.Engine for a command with arguments, remembering the options it offers."""

    def __init__(self, cmd):
        argv = shlex.split(cmd)
        self.name = os.path.basename(argv[0]) if argv else cmd
        try:
            self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL, text=True, bufsize=1)
        except (OSError, IndexError) as e:
            raise BenchError("cannot start engine '%s': %s" % (cmd, e))
        self.send("uci")
        lines = self.expect("uciok")
        self.options = {l.split(" type ")[0][len("option name "):].lower()
                        for l in lines if l.startswith("option name ") and " type " in l}

    def send(self, line):
        try:
            super().send(line)
        except (BrokenPipeError, OSError):
            raise BenchError("engine '%s' closed its input (sent: %s)" % (self.name, line))

    def expect(self, word):
        try:
            return self.until(word)
        except RuntimeError:
            raise BenchError("engine '%s' ended before '%s'" % (self.name, word))

    def set_option(self, name, value):
        if name.lower() in self.options:
            self.send("setoption name %s value %s" % (name, value))

    def set_position(self, fen):
        self.send("position fen " + fen)

    def legal_moves(self, fen):
        """The UCI moves `go perft 1` divides into; an engine rejecting the FEN is an error."""
        self.set_position(fen)
        self.send("go perft 1")
        out = self.expect("Nodes searched")
        errors = [l for l in out if l.startswith("info string error")]
        if errors:
            raise BenchError("engine '%s' rejects '%s': %s" % (self.name, fen, errors[0]))
        return [l.split(":")[0] for l in out if re.match(r"^[a-h][1-8][a-h][1-8][qrbn]?: ", l)]

    def new_game(self):
        self.send("ucinewgame")
        self.send("isready")
        self.expect("readyok")

    def best_move(self, fen, go):
        """(bestmove, nodes of the last info line, seconds) for one search."""
        self.set_position(fen)
        start = time.monotonic()
        self.send("go " + go)
        out = self.expect("bestmove")
        elapsed = time.monotonic() - start
        nodes = 0
        for l in out:
            w = l.split()
            if w[:1] == ["info"] and "nodes" in w:
                nodes = int(w[w.index("nodes") + 1])
        best = out[-1].split()
        return (best[1] if len(best) > 1 else "0000"), nodes, elapsed

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=10)
        except (BenchError, subprocess.TimeoutExpired):
            self.p.kill()


def epd_operations(text):
    """{opcode: operand text} from an EPD's operations ('bm Qg6; id "WAC.001";')."""
    ops = {}
    for op in text.split(";"):
        words = op.split(None, 1)
        if words:
            ops[words[0]] = words[1].strip() if len(words) > 1 else ""
    return ops


def parse_epd(path):
    """[(id, fen with clocks, [bm SAN])] from an EPD file with `bm` and `id` operations."""
    try:
        with open(path) as f:
            lines = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    except OSError as e:
        raise BenchError("cannot read EPD '%s': %s" % (path, e))
    records = []
    for n, line in enumerate(lines, 1):
        fields = line.split(None, 4)
        ops = epd_operations(fields[4]) if len(fields) == 5 else {}
        if "bm" not in ops:
            raise BenchError("%s line %d: need 4 FEN fields and a 'bm' operation" % (path, n))
        ident = ops.get("id", "#%d" % n).strip('"')
        records.append((ident, " ".join(fields[:4]) + " 0 1", ops["bm"].split()))
    return records


def board_of(fen):
    """{square: piece letter} from a FEN's placement field."""
    board = {}
    for rank, row in zip("87654321", fen.split()[0].split("/")):
        file = 0
        for c in row:
            if c.isdigit():
                file += int(c)
            else:
                board["abcdefgh"[file] + rank] = c
                file += 1
    return board


def castle_match(san, board, uci):
    """O-O / O-O-O as the king's two-square step (the UCI form of standard chess)."""
    long_side = san.replace("0", "O") == "O-O-O"
    piece = board.get(uci[:2], "")
    return (piece.upper() == "K" and uci[0] == "e" and uci[1] == uci[3] and len(uci) == 4
            and uci[2] == ("c" if long_side else "g"))


def san_match(san, board, uci):
    """Does the legal UCI move `uci` play the SAN move `san` on `board`?"""
    san = san.rstrip("+#!?")
    if san.replace("0", "O") in ("O-O", "O-O-O"):
        return castle_match(san, board, uci)
    m = SAN_RE.match(san)
    if not m:
        return False
    piece, file, rank, _capture, dest, promo = m.groups()
    moving = board.get(uci[:2], "")
    return (moving.upper() == (piece or "P") and uci[2:4] == dest
            and (file is None or uci[0] == file) and (rank is None or uci[1] == rank)
            and (uci[4:] == (promo or "").lower()))


def san_to_uci(san, fen, legal):
    """The one legal UCI move the SAN names; none or several is a data error."""
    board = board_of(fen)
    hits = [u for u in legal if san_match(san, board, u)]
    if len(hits) != 1:
        raise BenchError("'%s' in '%s' matches %d legal moves %s" % (san, fen, len(hits), hits))
    return hits[0]


def run_engine(cmd, records, go, args):
    """Solve every record with one engine; returns a result dict."""
    eng = UciEngine(cmd)
    try:
        eng.set_option("UCI_Variant", "chess")
        eng.set_option("Threads", args.threads)
        eng.set_option("Hash", args.hash)
        result = {"name": eng.name, "solved": 0, "failed": [], "nodes": 0, "seconds": 0.0}
        for ident, fen, bms in records:
            want = {san_to_uci(san, fen, eng.legal_moves(fen)) for san in bms}
            eng.new_game()
            best, nodes, seconds = eng.best_move(fen, go)
            result["nodes"] += nodes
            result["seconds"] += seconds
            if best in want:
                result["solved"] += 1
            else:
                result["failed"].append(ident)
        return result
    finally:
        eng.close()


def report(result, total):
    print("%s: %d/%d solved, %d nodes, %.1f s" % (result["name"], result["solved"], total,
                                                   result["nodes"], result["seconds"]))
    print("  failed: %s" % (" ".join(result["failed"]) or "none"), flush=True)


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--epd", default=DEFAULT_EPD)
    ap.add_argument("--nodes", type=int, default=200000)
    ap.add_argument("--movetime", type=int, help="go movetime MS instead of go nodes N")
    ap.add_argument("--first", type=int, help="only the first K positions")
    ap.add_argument("--engine", action="append", help="engine command (repeatable)")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--hash", type=int, default=16)
    a = ap.parse_args()
    if (a.movetime is not None and a.movetime <= 0) or a.nodes <= 0 \
            or (a.first is not None and a.first <= 0) or a.threads <= 0 or a.hash <= 0:
        ap.error("--nodes, --movetime, --first, --threads and --hash must be positive")
    return a


def main():
    a = parse_args()
    go = "movetime %d" % a.movetime if a.movetime else "nodes %d" % a.nodes
    try:
        records = parse_epd(a.epd)[:a.first]
        results = []
        for cmd in a.engine or DEFAULT_ENGINES:
            results.append(run_engine(cmd, records, go, a))
            report(results[-1], len(records))
    except BenchError as e:
        sys.exit("tactics.py: error: %s" % e)
    print("%s (go %s)" % (", ".join("%s %d/%d" % (r["name"], r["solved"], len(records))
                                    for r in results), go))


if __name__ == "__main__":
    main()
