#!/usr/bin/env python3
"""Fits UCI_ShowWDL's model (variants/variants.h WdlModel) to qec's own self-play games
(bench/wdl_games.sh): every decision's last reported score (`info ... score cp X`, from the
deciding engine's view, docs/gui/protocol.md "info") beside the game's result from that engine's view.
The model is Stockfish's win_rate_model shape with constant parameters: a score x wins with
probability 1/(1+exp((a-x)/b)), loses with 1/(1+exp((a+x)/b)), draws with the rest; a and b are
the maximum-likelihood fit over all decisions (a >= 0), by a pattern search (no numpy).
Mate scores are left out (the model gives them 1000/0/0 or 0/0/1000 without a fit).
Prints the fit, then observed against modelled W/D/L per score bin.

Usage: bench/wdl_fit.py OUT/VARIANT.pgn OUT/VARIANT.log"""
import math
import re
import sys

RESULT = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}
LINE = re.compile(r"^\[\d+\] (\S+) ([<>]) (.*)$")


def pgn_games(path):
    games = []
    for chunk in open(path).read().split("[Event ")[1:]:
        tag = dict(re.findall(r'\[(\w+) "([^"]*)"\]', chunk))
        games.append((tag.get("White"), tag.get("Black"), RESULT.get(tag.get("Result"))))
    return games


def log_decisions(path):
    """Per game (split at A's ucinewgame): a list of (engine, cp score) for each bestmove."""
    games, cur, last = [], None, {}
    for raw in open(path, errors="replace"):
        m = LINE.match(raw.rstrip("\n"))
        if not m:
            continue
        name, way, text = m.groups()
        if way == "<" and text == "ucinewgame" and name == "A":
            cur = []
            games.append(cur)
            last = {}
        elif way == ">" and text.startswith("info ") and " score " in text:
            w = text.split()
            i = w.index("score")
            last[name] = (w[i + 1], int(w[i + 2]))
        elif way == ">" and text.startswith("bestmove") and cur is not None:
            if name in last and last[name][0] == "cp":
                cur.append((name, last[name][1]))
            last.pop(name, None)
    return games


def probs(x, a, b):
    w = 1.0 / (1.0 + math.exp(max(-50.0, min(50.0, (a - x) / b))))
    l = 1.0 / (1.0 + math.exp(max(-50.0, min(50.0, (a + x) / b))))
    return w, max(1e-9, 1.0 - w - l), l


def loglik(data, a, b):
    s = 0.0
    for x, r in data:
        w, d, l = probs(x, a, b)
        s += math.log(max(1e-12, w if r == 1.0 else l if r == 0.0 else d))
    return s


def fit(data):
    """The maximum-likelihood (a, b) on whole centipawns: a pattern search from (200, 200),
    steps halving from 64 to 1 (the log-likelihood of this model is smooth and single-peaked
    in practice; a coarse grid over a 0..800, b 20..1200 found the same optimum on qec's data)."""
    a, b = 200, 200
    best = loglik(data, a, b)
    step = 64
    while step >= 1:
        moved = False
        for da, db in ((step, 0), (-step, 0), (0, step), (0, -step)):
            na, nb = a + da, b + db
            if na < 0 or nb < 2:
                continue
            v = loglik(data, na, nb)
            if v > best:
                best, a, b, moved = v, na, nb, True
                break
        if not moved:
            step //= 2
    return best, a, b


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    games, logs = pgn_games(sys.argv[1]), log_decisions(sys.argv[2])
    if len(games) != len(logs):
        sys.exit("%d games in the PGN, %d in the log: not the same run" % (len(games), len(logs)))
    data = []
    for (white, black, result), decisions in zip(games, logs):
        if result is None:
            continue
        for name, cp in decisions:
            data.append((cp, result if name == white else 1.0 - result))
    n = len(games)
    wins = sum(1 for g in games if g[2] in (0.0, 1.0))
    print("games %d (decisive %d, drawn %d), decisions with a cp score %d" % (n, wins, n - wins, len(data)))
    ll, a, b = fit(data)
    print("fit: a = %d, b = %d  (log-likelihood %.1f, %.4f per decision)" % (a, b, ll, ll / len(data)))
    print("%-14s %6s   %-17s   %-17s" % ("score (cp)", "n", "observed W/D/L %", "model W/D/L %"))
    edges = [-100000, -800, -400, -200, -100, -50, 0, 50, 100, 200, 400, 800, 100000]
    for lo, hi in zip(edges, edges[1:]):
        pts = [(x, r) for x, r in data if lo <= x < hi]
        if not pts:
            continue
        k = len(pts)
        ow = 100.0 * sum(r == 1.0 for _, r in pts) / k
        ol = 100.0 * sum(r == 0.0 for _, r in pts) / k
        mw = 100.0 * sum(probs(x, a, b)[0] for x, _ in pts) / k
        ml = 100.0 * sum(probs(x, a, b)[2] for x, _ in pts) / k
        label = "[%s, %s)" % ("-inf" if lo < -10000 else lo, "inf" if hi > 10000 else hi)
        print("%-14s %6d   %4.0f %4.0f %4.0f    %4.0f %4.0f %4.0f" % (label, k, ow, 100 - ow - ol, ol, mw,
                                                                    100 - mw - ml, ml))


if __name__ == "__main__":
    main()
