#!/usr/bin/env python3
"""Elo of each engine of a qecmatch round robin or gauntlet (its -jsonout file), relative to
the last engine listed (0): the maximum-likelihood fit of the logistic model over every game
(a draw counts half a win and half a loss; dual-king double losses are left out), by gradient
ascent (no numpy). Prints every encounter with the Elo difference its own games give (95%
interval from the score's spread), then each engine's Elo with a rough 95% error bar (from the
fit's curvature; a step whose games all went one way has no finite estimate, and the fit then
pins it at the +-1500 clamp: read that step's bound from the encounter's line). Several files (one match per pair of levels, bench/levels_gauntlet.sh with
PAIRS=adjacent) are fitted together; engines are ordered by first appearance.
Usage: bench/levels_fit.py RUN.json [RUN.json ...]"""
import json
import math
import sys


def elo_of(score):
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / score - 1)


def encounter_elo(w, l, d):
    """The Elo difference one encounter's games give, with the 95% interval of its score
    (the games' own spread: win 1, draw 1/2, loss 0); open-ended where the score is 0 or 1."""
    n = w + l + d
    if n == 0:
        return "-"
    s = (w + d / 2) / n
    sd = math.sqrt((w * (1 - s) ** 2 + l * s ** 2 + d * (0.5 - s) ** 2) / n / n)
    lo, hi = s - 1.96 * sd, s + 1.96 * sd
    if s <= 0 or s >= 1:
        # all games one way: the score's exact 95% bound (binomial, 2.5% a side), 1 - 0.025^(1/n)
        edge = 1 - 0.025 ** (1 / n)
        return "below %.0f (all %d lost)" % (elo_of(edge), n) if s <= 0 else "above %.0f (all %d won)" % (elo_of(1 - edge), n)
    return "%.0f [%s, %s]" % (elo_of(s), "%.0f" % elo_of(lo) if lo > 0 else "-inf", "%.0f" % elo_of(hi) if hi < 1 else "+inf")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    names, enc = [], []
    for path in sys.argv[1:]:
        d = json.load(open(path))
        names += [e["name"] for e in d["engines"] if e["name"] not in names]
        enc += [(x["first"], x["second"], x["wins"], x["losses"], x["draws"]) for x in d["encounters"]]
    print("%-10s %-10s %5s %9s %7s  %s" % ("first", "second", "games", "W-L-D", "score", "Elo (first - second), 95%"))
    for a, b, w, l, dr in enc:
        n = w + l + dr
        print("%-10s %-10s %5d %3d-%d-%d %6.1f%%  %s" % (a, b, n, w, l, dr, 100.0 * (w + dr / 2) / max(1, n),
                                                      encounter_elo(w, l, dr)))
    r = {n: 0.0 for n in names}
    k = math.log(10) / 400

    def grad():
        g = {n: 0.0 for n in names}
        h = {n: 0.0 for n in names}
        for a, b, w, l, dr in enc:
            n = w + l + dr
            p = 1 / (1 + math.exp(-k * (r[a] - r[b])))
            s = w + dr / 2
            g[a] += k * (s - n * p)
            g[b] -= k * (s - n * p)
            h[a] += k * k * n * p * (1 - p)
            h[b] += k * k * n * p * (1 - p)
        return g, h

    for _ in range(20000):
        g, h = grad()
        for n in names[:-1]:
            r[n] = max(-1500.0, min(1500.0, r[n] + 2000.0 * g[n]))
    _, h = grad()
    print("%-10s %8s" % ("engine", "Elo"))
    for n in names:
        err = 1.96 / math.sqrt(h[n]) if h[n] > 0 and n != names[-1] else 0.0
        print("%-10s %8.0f %s" % (n, r[n] - r[names[-1]], "+/- %.0f" % err if err else "(anchor)"))


if __name__ == "__main__":
    main()
