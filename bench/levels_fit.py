#!/usr/bin/env python3
"""Elo of each engine of a qecmatch round robin or gauntlet (its -jsonout file), relative to
the last engine listed (0): the maximum-likelihood fit of the logistic model over every game
(a draw counts half a win and half a loss; dual-king double losses are left out), by gradient
ascent (no numpy). Prints every encounter, then each engine's Elo with a rough 95% error bar
(from the fit's curvature).
Usage: bench/levels_fit.py RUN.json"""
import json
import math
import sys


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    d = json.load(open(sys.argv[1]))
    names = [e["name"] for e in d["engines"]]
    enc = [(x["first"], x["second"], x["wins"], x["losses"], x["draws"]) for x in d["encounters"]]
    print("%-10s %-10s %5s %9s %7s" % ("first", "second", "games", "W-L-D", "score"))
    for a, b, w, l, dr in enc:
        n = w + l + dr
        print("%-10s %-10s %5d %3d-%d-%d %6.1f%%" % (a, b, n, w, l, dr, 100.0 * (w + dr / 2) / max(1, n)))
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
