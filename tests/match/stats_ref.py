#!/usr/bin/env python3
"""An independent reference for qecmatch's statistics (match/stats.c), written from the
published formulas, not from stats.c, and checked against the numbers the reference
implementations publish for their own tests (`selftest`).

Sources (read, not copied; every line below is written from the formula):
  * Elo, its 95% error and normalized Elo over games: fastchess
    app/src/matchmaking/elo/elo_wdl.cpp, EloWDL::EloWDL / calcScore / calcVariance /
    scoreToNeloDiff; over game pairs: elo_pentanomial.cpp, EloPentanomial::EloPentanomial /
    scoreToNeloDiff (sqrt(2 * variance)).
  * LOS: cutechess's 0.5 * (1 + erf((W - L) / sqrt(2 (W + L)))) (tests/match/match_test.c checks
    it against published cutechess outputs).
  * The SPRT's generalized log-likelihood ratio, exact form: N * sum phat_i log(p1_i / p0_i),
    with p0, p1 the maximum-likelihood distributions under H0 and H1 -- for logistic Elo bounds
    M. Van den Bergh, "Comparing the approximations for the generalized log likelihood ratio of
    a multinomial distribution", Proposition 1.1 (fastchess app/src/matchmaking/sprt/sprt.cpp,
    SPRT::getLLR_logistic); for normalized bounds, "Comments on normalized Elo", section 4.1
    (fastchess SPRT::getLLR_normalized, OpenBench OpenBench/stats.py PentanomialSPRT and
    MLE_tvalue). Empty bins count 1e-3 (both). The secular equations are solved here by plain
    bisection; fastchess uses the ITP method, OpenBench scipy's brentq: the root is the same.
    For normalized bounds far from the counts (hundreds of nElo) the paper's fixed point has
    no root from its uniform start (fastchess asserts there); both here and in stats.c it is
    then reached by continuation from the observed distribution.

Usage:
  stats_ref.py selftest                      the published numbers; exit 1 on a mismatch
  stats_ref.py wld E0 E1 W L D               "llr_norm llr_log elo err nelo nerr los"
  stats_ref.py penta E0 E1 LL LD DD+WL WD WW "llr_norm llr_log elo err nelo nerr"
A figure the counts do not define prints as "na" (as `match_test wld|penta` prints it).
"""
import math
import sys
from statistics import NormalDist

SCALE = 800 / math.log(10)          # normalized Elo per (score difference / standard deviation)
Z = NormalDist().inv_cdf(0.975)     # fastchess's CI95ZSCORE, 1.959963984540054


def logistic_elo(s):
    return -400 * math.log10(1 / s - 1)


def logistic_score(elo):
    return 1 / (1 + 10 ** (-elo / 400))


def mean_var(p, a):
    mu = sum(pi * ai for pi, ai in zip(p, a))
    return mu, sum(pi * (ai - mu) ** 2 for pi, ai in zip(p, a))


def elo_estimate(counts, scores, pairs):
    """(elo, err, nelo, nerr), None where undefined."""
    n = sum(counts)
    if n == 0:
        return None, None, None, None
    mu, var = mean_var([c / n for c in counts], scores)
    if mu <= 0 or mu >= 1:
        return None, None, None, None
    elo = logistic_elo(mu)
    if var == 0:
        return elo, None, None, None
    sd = math.sqrt(var / n)
    lo, hi = mu - Z * sd, mu + Z * sd
    err = (logistic_elo(hi) - logistic_elo(lo)) / 2 if 0 < lo and hi < 1 else None
    sigma = math.sqrt(2 * var if pairs else var)
    nelo = (mu - 0.5) / sigma * SCALE
    nerr = ((hi - 0.5) / sigma * SCALE - (lo - 0.5) / sigma * SCALE) / 2
    return elo, err, nelo, nerr


def bisect(f, lo, hi):
    """The root of a function falling from + to - on (lo, hi)."""
    for _ in range(300):
        mid = (lo + hi) / 2
        if mid <= lo or mid >= hi:
            break
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def secular(phat, x):
    """theta with sum phat_i x_i / (1 + theta x_i) = 0, 1 + theta x_i > 0 for all i."""
    return bisect(lambda t: sum(p * xi / (1 + t * xi) for p, xi in zip(phat, x)), -1 / max(x), -1 / min(x))


def mle_mean(phat, a, s):
    x = [ai - s for ai in a]
    if not min(x) < 0 < max(x):     # a 0% or 100% mean: Elo bounds in the thousands
        return None
    theta = secular(phat, x)
    return [p / (1 + theta * xi) for p, xi in zip(phat, x)]


def mle_t_from(phat, a, t, p):
    """The fixed point of "Comments on normalized Elo" section 4.1 iterated from p; None when an
    iterate's secular equation has no root."""
    for _ in range(200):
        mu, var = mean_var(p, a)
        sigma = math.sqrt(var)
        phi = [ai - 0.5 - 0.5 * t * sigma * (1 + ((ai - mu) / sigma) ** 2) for ai in a]
        if not min(phi) < 0 < max(phi):
            return None
        theta = secular(phat, phi)
        q = [pi / (1 + theta * f) for pi, f in zip(phat, phi)]
        change = max(abs(u - v) for u, v in zip(p, q))
        p = q
        if change < 1e-13:
            break
    return p


def mle_t_continued(phat, a, t, steps=32):
    """The same fixed point reached from the observed distribution (which has its own t) in small
    steps of t: for bounds far from the counts, where the uniform start has no root."""
    mu, var = mean_var(phat, a)
    t0, p = (mu - 0.5) / math.sqrt(var), list(phat)
    for k in range(1, steps + 1):
        p = mle_t_from(phat, a, t0 + (t - t0) * k / steps, p)
        if p is None:
            return None
    return p


def mle_t(phat, a, t):
    """From the uniform distribution, as the paper, fastchess and OpenBench; else continued."""
    return mle_t_from(phat, a, t, [1 / len(a)] * len(a)) or mle_t_continued(phat, a, t)


def llr(counts, scores, pairs, elo0, elo1, model):
    c = [x if x > 0 else 1e-3 for x in counts]
    n = sum(c)
    phat = [x / n for x in c]
    if model == "logistic":
        p0, p1 = (mle_mean(phat, scores, logistic_score(e)) for e in (elo0, elo1))
    else:
        k = math.sqrt(2) if pairs else 1.0      # a pair's t is sqrt(2) times a game's
        p0, p1 = (mle_t(phat, scores, k * e / SCALE) for e in (elo0, elo1))
    if p0 is None or p1 is None:
        return None
    return n * sum(p * (math.log(b) - math.log(a)) for p, a, b in zip(phat, p0, p1))


WLD = [1, 0, 0.5]                   # counts given as W, L, D
PENTA = [0, 0.25, 0.5, 0.75, 1]     # counts given as LL, LD, DD+WL, WD, WW


def los(w, l):
    return 0.5 * (1 + math.erf((w - l) / math.sqrt(2 * (w + l)))) if w + l else None


def figures(kind, e0, e1, counts):
    scores, pairs = (PENTA, True) if kind == "penta" else (WLD, False)
    out = [llr(counts, scores, pairs, e0, e1, "normalized"), llr(counts, scores, pairs, e0, e1, "logistic")]
    out += elo_estimate(counts, scores, pairs)
    if kind == "wld":
        out.append(los(counts[0], counts[1]))
    return out


def selftest():
    """The numbers fastchess's own tests publish (app/tests/elo_test.cpp, sprt_test.cpp; fastchess
    checks them to 1%), here to their printed two decimals, or 3e-4 of the value if that is
    wider: on the lopsided 4250-0-0 and 5550 WW pairs fastchess's ITP solver stops at theta
    +- 1e-7, which moves its LLR by 0.01 (120.56 against the exact root's 120.548, 111.82
    against 111.798). Stats(W, L, D) and Stats(LL, LD, WL, DD, WD, WW) as fastchess's
    app/src/matchmaking/stats.hpp orders them."""
    bad = 0

    def near(what, got, want):
        nonlocal bad
        if got is None or abs(got - want) > max(0.0051, 3e-4 * abs(want)):
            print("stats_ref selftest: %s = %s, published %.2f" % (what, got, want))
            bad += 1

    for (w, l, d), nelo, nerr, elo, err in [((76, 89, 123), -20.76, 40.13, None, None),
                                            ((136, 96, 111), 49.77, 36.77, 40.70, 30.43),
                                            ((34, 356, 0), -508.44, 34.48, None, None)]:
        e = elo_estimate([w, l, d], WLD, False)
        near("EloWDL(%d, %d, %d) nElo" % (w, l, d), e[2], nelo)
        near("EloWDL(%d, %d, %d) nElo error" % (w, l, d), e[3], nerr)
        if elo is not None:
            near("EloWDL(%d, %d, %d) Elo" % (w, l, d), e[0], elo)
            near("EloWDL(%d, %d, %d) error" % (w, l, d), e[1], err)
    for (ll, ld, wl, dd, wd, ww), nelo, nerr, elo, err in [
            ((34, 54, 31, 32, 64, 75), 57.94, 28.28, 55.58, 27.65),
            ((332, 433, 457, 41, 333, 334), -9.17, 10.96, -8.64, 10.33),
            ((7895, 8757, 5485, 200, 568, 9999), -19.01, 2.65, -21.04, 2.95)]:
        e = elo_estimate([ll, ld, wl + dd, wd, ww], PENTA, True)
        for what, got, want in (("nElo", e[2], nelo), ("nElo error", e[3], nerr), ("Elo", e[0], elo),
                                ("error", e[1], err)):
            near("EloPentanomial(%d, %d, %d, %d, %d, %d) %s" % (ll, ld, wl, dd, wd, ww, what), got, want)
    for (w, l, d), e0, e1, model, want in [((36433, 36027, 68692), 0, 2, "normalized", 0.92),
                                           ((10871, 10650, 20431), -1.75, 0.25, "normalized", 2.30),
                                           ((4250, 0, 0), 0, 10, "normalized", 120.56),
                                           ((21404, 21184, 40708), 0.5, 2.5, "logistic", -1.57),
                                           ((57433, 57030, 106593), 0, 2, "logistic", -2.59)]:
        near("trinomial LLR %s [%g, %g] of %d-%d-%d" % (model, e0, e1, w, l, d),
             llr([w, l, d], WLD, False, e0, e1, model), want)
    for (ll, ld, wl, dd, wd, ww), e0, e1, model, want in [
            ((365, 16618, 36029, 200, 16974, 390), 0, 2, "normalized", 2.25),
            ((127, 4883, 10311, 401, 5150, 104), -1.75, 0.25, "normalized", 3.01),
            ((0, 0, 0, 0, 0, 5550), 0, 5, "normalized", 111.82),
            ((223, 9863, 20279, 1000, 10037, 246), 0.5, 2.5, "logistic", -3.07),
            ((871, 26175, 55003, 980, 26678, 821), 0, 2, "logistic", -4.98)]:
        near("pentanomial LLR %s [%g, %g] of %s" % (model, e0, e1, (ll, ld, wl, dd, wd, ww)),
             llr([ll, ld, wl + dd, wd, ww], PENTA, True, e0, e1, model), want)
    # Where the uniform start converges, the continued one reaches the same fixed point.
    for counts, t in [([365, 16618, 36229, 16974, 390], 0.008), ([127, 4883, 10712, 5150, 104], -0.007),
                      ([0, 8, 7, 3, 2], 0.4), ([3, 9, 2], -0.3)]:
        scores = PENTA if len(counts) == 5 else WLD
        c = [x if x > 0 else 1e-3 for x in counts]
        phat = [x / sum(c) for x in c]
        u, v = mle_t_from(phat, scores, t, [1 / len(c)] * len(c)), mle_t_continued(phat, scores, t)
        if u is None or v is None or max(abs(x - y) for x, y in zip(u, v)) > 1e-9:
            print("stats_ref selftest: uniform and continued fixed points differ for %s, t %g" % (counts, t))
            bad += 1
    print("stats_ref selftest: %s" % ("ok" if not bad else "%d mismatches" % bad))
    return bad == 0


def main(argv):
    if argv[1:2] == ["selftest"]:
        return 0 if selftest() else 1
    kind, e0, e1 = argv[1], float(argv[2]), float(argv[3])
    counts = [int(x) for x in argv[4:]]
    if (kind, len(counts)) not in (("wld", 3), ("penta", 5)):
        print(__doc__)
        return 2
    print(" ".join("na" if x is None else "%.9f" % x for x in figures(kind, e0, e1, counts)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
