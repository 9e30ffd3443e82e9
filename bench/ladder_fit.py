#!/usr/bin/env python3
"""The ladder's table and fit from a qecmatch -jsonout summary (bench/ladder.sh): every
encounter of the first engine, with the Elo difference of its score and a 95% error bar (normal
approximation of the score's standard error over W/L/D, carried to Elo by the derivative of the
logistic curve: finite for any score strictly between 0 and 1); opponents named sf<N> are the
stockfish UCI_Elo N anchors. qec's Elo: the weighted least-squares mean of N + difference over
the anchors with a finite difference (weights 1/sigma^2), and the maximum-likelihood fit of the
logistic model over every anchor game (scores of 0% and 100% included). Several summaries (runs
on other opening seeds, say) are pooled: each opponent's games are summed over the files.
Usage: ladder_fit.py SUMMARY.json [MORE.json ...]"""
import json
import math
import re
import sys

Z = 1.959964


def elo(s):
    return -400 * math.log10(1 / s - 1) + 0.0  # + 0.0: an even score prints +0, not -0


def diff_and_error(w, l, d):
    n = w + l + d
    s = (w + d / 2) / n
    if s <= 0 or s >= 1:
        return s, None, None
    var = (w * (1 - s) ** 2 + l * s ** 2 + d * (0.5 - s) ** 2) / n
    se = math.sqrt(var / n)
    return s, elo(s), Z * se * 400 / (math.log(10) * s * (1 - s))


def ml_fit(anchors):
    p = lambda x, r: 1 / (1 + 10 ** ((r - x) / 400))
    ll = lambda x: sum(s * math.log(p(x, r)) + (n - s) * math.log(1 - p(x, r)) for r, s, n in anchors)
    lo, hi = -1000.0, 5000.0
    for _ in range(300):  # the log-likelihood is concave in x
        a, b = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        lo, hi = (a, hi) if ll(a) < ll(b) else (lo, b)
    x = (lo + hi) / 2
    k = math.log(10) / 400
    info = sum(n * k * k * p(x, r) * (1 - p(x, r)) for r, s, n in anchors)
    return x, Z / math.sqrt(info)


def pooled(paths):
    """One summary of every file: encounters summed per (first, second), forfeits concatenated."""
    encounters, forfeits = {}, []
    for path in paths:
        d = json.load(open(path))
        forfeits += d.get("forfeits", [])
        for e in d["encounters"]:
            k = (e["first"], e["second"])
            if k not in encounters:
                encounters[k] = dict(e, dualKing=e.get("dualKing", 0))
            else:
                for f in ("games", "wins", "losses", "draws"):
                    encounters[k][f] += e[f]
                encounters[k]["dualKing"] += e.get("dualKing", 0)
    return {"encounters": list(encounters.values()), "forfeits": forfeits}


def main():
    d = pooled(sys.argv[1:])
    first = d["encounters"][0]["first"] if d["encounters"] else "?"
    print("%-16s %7s %5s %10s %7s %17s %15s  %s" % ("opponent", "UCI_Elo", "games", "W-L-D", "score", "Elo diff (95%)",
                                                  first + " implied", "opp. forfeits"))
    lost = {}  # engine -> forfeits (time, illegal, crash, ...) in the encounter
    for f in d.get("forfeits", []):
        lost[f["engine"]] = lost.get(f["engine"], 0) + 1
    lsq, anchors = [], []
    for e in d["encounters"]:
        opp, n = e["second"], e["games"]
        w, l, dr = e["wins"], e["losses"], e["draws"] + e.get("dualKing", 0)
        if not n:
            continue
        m = re.match(r"sf(\d+)$", opp)
        r = int(m.group(1)) if m else None
        s, diff, err = diff_and_error(w, l, dr)
        text = "%+.0f +- %.0f" % (diff, err) if diff is not None else ("+inf" if s >= 1 else "-inf")
        implied = "%.0f +- %.0f" % (r + diff, err) if r is not None and diff is not None else "-"
        print("%-16s %7s %5d %10s %6.1f%% %17s %15s  %d" % (opp, r or "-", n, "%d-%d-%d" % (w, l, dr), 100 * s, text,
                                                           implied, lost.get(opp, 0)))
        if r is not None:
            anchors.append((r, w + dr / 2, n))
            if diff is not None:
                lsq.append((r + diff, err / Z))
    print("%s forfeits: %d (every reason, every opponent)" % (first, lost.get(first, 0)))
    if lsq:
        wts = [1 / sg ** 2 for _, sg in lsq]
        x = sum(wt * v for wt, (v, _) in zip(wts, lsq)) / sum(wts)
        print("%s Elo, weighted least squares over %d anchors: %.0f +- %.0f (95%%)" % (first, len(lsq), x, Z / math.sqrt(sum(wts))))
    if anchors and all(s in (0, n) for _, s, n in anchors) and len({s == 0 for _, s, n in anchors}) == 1:
        print("%s Elo, maximum likelihood: unbounded (every anchor game won, or every one lost)" % first)
    elif anchors:
        x, err = ml_fit(anchors)
        print("%s Elo, maximum likelihood over %d anchors (%d games): %.0f +- %.0f (95%%)" % (first, len(anchors),
              sum(a[2] for a in anchors), x, err))


main()
