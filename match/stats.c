#include "stats.h"

#include <math.h>
#include <stddef.h>

/* 800 / ln 10: converts a score difference per standard deviation into normalized Elo. */
static const double NELO_SCALE = 347.43558552260146;

double stats_elo_from_score(double score) {
    if (score <= 0)
        return -INFINITY;
    if (score >= 1)
        return INFINITY;
    return -400.0 * log10(1.0 / score - 1.0);
}

double stats_score_from_elo(double elo) { return 1.0 / (1.0 + pow(10.0, -elo / 400.0)); }

/* Acklam's rational approximation, then one Halley step on erfc: close to double precision. */
double stats_phi_inv(double p) {
    static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                               1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
    static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                               6.680131188771972e+01,  -1.328068155288572e+01};
    static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                               -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
    static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                               3.754408661907416e+00};
    if (p <= 0)
        return -INFINITY;
    if (p >= 1)
        return INFINITY;
    double x;
    if (p < 0.02425) {
        double q = sqrt(-2 * log(p));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    } else if (p > 1 - 0.02425) {
        double q = sqrt(-2 * log(1 - p));
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    } else {
        double q = p - 0.5, r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
            (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    }
    double e = 0.5 * erfc(-x / sqrt(2)) - p;
    double u = e * sqrt(2 * M_PI) * exp(x * x / 2);
    return x - u / (1 + x * u / 2);
}

/* Fills the estimate from the mean score per unit (a game or a pair), the variance of one
 * unit's score, the number of units, and the factor that turns one unit's standard deviation
 * into one game's (1 for games, sqrt 2 for pairs of games): fastchess's EloWDL and
 * EloPentanomial (app/src/matchmaking/elo/), with the figures they leave infinite or NaN named
 * instead. */
static void estimate(double mu, double var, int n, double perGame, bool pairs, EloEstimate *out) {
    double z = stats_phi_inv(0.975), sd = sqrt(var / n);
    out->valid = true;
    out->score = mu;
    if (mu >= 1 || mu <= 0) {
        /* Every game won (or lost): the score is 100% and the logistic Elo infinite. */
        out->eloWhy = out->errWhy = out->neloWhy = mu >= 1 ? "all games won" : "all games lost";
        return;
    }
    out->elo = stats_elo_from_score(mu);
    out->eloWhy = NULL;
    if (var <= 0) {
        /* One unit, or all alike: no spread, so no error bar and no normalized Elo. */
        out->errWhy = out->neloWhy = n == 1 ? (pairs ? "one pair" : "one game")
                                   : pairs  ? "every pair scored the same"
                                            : "every game drawn";
        return;
    }
    double sigmaGame = sqrt(var) * perGame;
    out->nelo = (mu - 0.5) / sigmaGame * NELO_SCALE;
    out->nerr = z * sd / sigmaGame * NELO_SCALE;
    out->neloWhy = NULL;
    double lo = mu - z * sd, hi = mu + z * sd;
    if (lo > 0 && hi < 1) {
        out->err = (stats_elo_from_score(hi) - stats_elo_from_score(lo)) / 2;
        out->errWhy = NULL;
    } else
        out->errWhy = "the 95% interval reaches a 0% or 100% score";
}

static void undefined(EloEstimate *out, int n, const char *why) {
    *out = (EloEstimate){NAN, NAN, NAN, NAN, NAN, n, false, why, why, why};
}

void stats_elo_wld(int wins, int losses, int draws, EloEstimate *out) {
    int games = wins + losses + draws;
    undefined(out, games, "no games");
    if (games <= 0)
        return;
    double n = games, w = wins / n, l = losses / n, d = draws / n;
    double mu = w + d / 2;
    double var = w * (1 - mu) * (1 - mu) + d * (0.5 - mu) * (0.5 - mu) + l * mu * mu;
    estimate(mu, var, games, 1.0, false, out);
}

static const double PENTA_SCORE[PENTA_BINS] = {0, 0.25, 0.5, 0.75, 1};
static const double WLD_SCORE[3] = {1, 0, 0.5};

/* Mean and variance of the scores a[] under the probabilities p[]. */
static void moments(const double *p, const double *a, int k, double *mu, double *var) {
    *mu = *var = 0;
    for (int i = 0; i < k; i++)
        *mu += p[i] * a[i];
    for (int i = 0; i < k; i++)
        *var += p[i] * (a[i] - *mu) * (a[i] - *mu);
}

void stats_elo_penta(const int penta[PENTA_BINS], EloEstimate *out) {
    int pairs = 0;
    for (int k = 0; k < PENTA_BINS; k++)
        pairs += penta[k];
    undefined(out, pairs, "no pairs");
    if (pairs <= 0)
        return;
    double p[PENTA_BINS], mu, var;
    for (int k = 0; k < PENTA_BINS; k++)
        p[k] = penta[k] / (double)pairs;
    moments(p, PENTA_SCORE, PENTA_BINS, &mu, &var);
    estimate(mu, var, pairs, sqrt(2.0), true, out);
}

double stats_los(int wins, int losses) {
    if (wins + losses == 0)
        return NAN;
    return 0.5 * (1 + erf((wins - losses) / sqrt(2.0 * (wins + losses))));
}

void stats_sprt_bounds(const SprtConfig *c, double *lower, double *upper) {
    *lower = log(c->beta / (1 - c->alpha));
    *upper = log((1 - c->beta) / c->alpha);
}

/* The root of the secular equation sum_i p_i x_i / (1 + theta x_i) = 0 on the interval where
 * every 1 + theta x_i > 0, given min x < 0 < max x and every p_i > 0: the left side falls from
 * +inf to -inf there, so bisection finds it. */
static double secular_root(const double *p, const double *x, int k) {
    double xmin = x[0], xmax = x[0];
    for (int i = 1; i < k; i++) {
        xmin = fmin(xmin, x[i]);
        xmax = fmax(xmax, x[i]);
    }
    double lo = -1 / xmax, hi = -1 / xmin;
    for (int it = 0; it < 200; it++) {
        double mid = lo + (hi - lo) / 2, f = 0;
        if (mid <= lo || mid >= hi)
            break;
        for (int i = 0; i < k; i++)
            f += p[i] * x[i] / (1 + mid * x[i]);
        if (f > 0)
            lo = mid;
        else
            hi = mid;
    }
    return lo + (hi - lo) / 2;
}

/* The distribution closest (maximum likelihood) to the observed phat[] whose mean score is s:
 * M. Van den Bergh, "Comparing the approximations for the generalized log likelihood ratio of a
 * multinomial distribution", Proposition 1.1 (fastchess SPRT::getLLR_logistic). False when no
 * distribution on the scores a[] has that mean. */
static bool mle_mean(const double *phat, const double *a, int k, double s, double *p) {
    double x[PENTA_BINS], lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < k; i++) {
        x[i] = a[i] - s;
        lo = fmin(lo, x[i]);
        hi = fmax(hi, x[i]);
    }
    if (!(lo < 0 && hi > 0)) /* s is 0% or 100% (an Elo bound in the thousands) */
        return false;
    double theta = secular_root(phat, x, k);
    for (int i = 0; i < k; i++)
        p[i] = phat[i] / (1 + theta * x[i]);
    return true;
}

/* One run of the fixed point of M. Van den Bergh, "Comments on normalized Elo", section 4.1:
 * the distribution closest (maximum likelihood) to the observed phat[] with (mean - 1/2) / sd
 * = t, iterated from p[]. False when an iterate's secular equation has no root (the linearised
 * constraint has no positive solution there). */
static bool mle_t_from(const double *phat, const double *a, int k, double t, double *p) {
    for (int it = 0; it < 200; it++) {
        double mu, var, phi[PENTA_BINS], lo = INFINITY, hi = -INFINITY;
        moments(p, a, k, &mu, &var);
        double sigma = sqrt(var);
        for (int i = 0; i < k; i++) {
            double zi = (a[i] - mu) / sigma;
            phi[i] = a[i] - 0.5 - 0.5 * t * sigma * (1 + zi * zi);
            lo = fmin(lo, phi[i]);
            hi = fmax(hi, phi[i]);
        }
        if (!(lo < 0 && hi > 0))
            return false;
        double theta = secular_root(phat, phi, k), change = 0;
        for (int i = 0; i < k; i++) {
            double q = phat[i] / (1 + theta * phi[i]);
            change = fmax(change, fabs(q - p[i]));
            p[i] = q;
        }
        if (change < 1e-13)
            break;
    }
    return true;
}

/* From the uniform distribution, as the paper, fastchess (SPRT::getLLR_normalized) and
 * OpenBench (stats.py MLE_tvalue) start. With bounds far from the counts (normalized Elo in the
 * hundreds) the first iterate can have no root, where fastchess asserts; then the same fixed
 * point is reached by continuation: from the observed distribution, which has its own t, in 32
 * steps to the bound's, each started from the last (where both converge they agree to 1e-12:
 * tests/match/stats_ref.py selftest). False if that fails too. */
static bool mle_t(const double *phat, const double *a, int k, double t, double *p) {
    for (int i = 0; i < k; i++)
        p[i] = 1.0 / k;
    if (mle_t_from(phat, a, k, t, p))
        return true;
    double mu, var;
    moments(phat, a, k, &mu, &var);
    double t0 = (mu - 0.5) / sqrt(var);
    for (int i = 0; i < k; i++)
        p[i] = phat[i];
    for (int step = 1; step <= 32; step++)
        if (!mle_t_from(phat, a, k, t0 + (t - t0) * step / 32, p))
            return false;
    return true;
}

/* The generalized LLR of H1 against H0 over the counts cnt[] of the scores a[] (games or
 * pairs): N * sum phat_i log(p1_i / p0_i), with p0, p1 the maximum-likelihood distributions
 * under each hypothesis. Empty bins get 1e-3 first, as in fastchess and OpenBench, so that
 * every p_i stays positive. This exact form replaced the normal approximation
 * N (s1 - s0)(2 mu - s0 - s1) / (2 var), which agrees on large samples but, on lopsided small
 * ones, has a variance near 0 in its denominator: it accepted H1 of [0, 5] (logistic) after
 * two won games (LLR 11.4; exact 0.03). */
static double gllr(const SprtConfig *c, const int *counts, const double *a, int k, double perGame) {
    double cnt[PENTA_BINS], n = 0, phat[PENTA_BINS], p0[PENTA_BINS], p1[PENTA_BINS];
    for (int i = 0; i < k; i++) {
        cnt[i] = counts[i] > 0 ? counts[i] : 1e-3;
        n += cnt[i];
    }
    for (int i = 0; i < k; i++)
        phat[i] = cnt[i] / n;
    bool fit = c->model == SPRT_LOGISTIC ? mle_mean(phat, a, k, stats_score_from_elo(c->elo0), p0) &&
                                               mle_mean(phat, a, k, stats_score_from_elo(c->elo1), p1)
                                         : mle_t(phat, a, k, c->elo0 / NELO_SCALE * perGame, p0) &&
                                               mle_t(phat, a, k, c->elo1 / NELO_SCALE * perGame, p1);
    if (!fit)
        return NAN;
    double llr = 0;
    for (int i = 0; i < k; i++)
        llr += phat[i] * (log(p1[i]) - log(p0[i]));
    return n * llr;
}

double stats_sprt_llr_wld(const SprtConfig *c, int wins, int losses, int draws) {
    int counts[3] = {wins, losses, draws};
    return gllr(c, counts, WLD_SCORE, 3, 1.0);
}

double stats_sprt_llr_penta(const SprtConfig *c, const int penta[PENTA_BINS]) {
    return gllr(c, penta, PENTA_SCORE, PENTA_BINS, sqrt(2.0));
}

int stats_sprt_decide(const SprtConfig *c, double llr) {
    double lo, hi;
    stats_sprt_bounds(c, &lo, &hi);
    return llr >= hi ? SPRT_H1 : llr <= lo ? SPRT_H0 : SPRT_CONTINUE;
}
