#include "stats.h"

#include <math.h>

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
 * into one game's (1 for games, sqrt 2 for pairs of games). */
static void estimate(double mu, double var, double n, double perGame, EloEstimate *out) {
    double z = stats_phi_inv(0.975), sd = sqrt(var / n);
    out->valid = true;
    out->score = mu;
    out->elo = stats_elo_from_score(mu);
    double lo = mu - z * sd, hi = mu + z * sd;
    out->err = lo > 0 && hi < 1 ? (stats_elo_from_score(hi) - stats_elo_from_score(lo)) / 2 : NAN;
    if (var > 0) {
        double sigmaGame = sqrt(var) * perGame;
        out->nelo = (mu - 0.5) / sigmaGame * NELO_SCALE;
        out->nerr = z * sd / sigmaGame * NELO_SCALE;
    } else
        out->nelo = out->nerr = NAN;
}

void stats_elo_wld(int wins, int losses, int draws, EloEstimate *out) {
    double n = (double)wins + losses + draws;
    *out = (EloEstimate){0.5, 0, NAN, NAN, NAN, false};
    if (n <= 0)
        return;
    double w = wins / n, l = losses / n, d = draws / n;
    double mu = w + d / 2;
    double var = w * (1 - mu) * (1 - mu) + d * (0.5 - mu) * (0.5 - mu) + l * mu * mu;
    estimate(mu, var, n, 1.0, out);
}

static void penta_moments(const double cnt[PENTA_BINS], double *n, double *mu, double *var) {
    *n = *mu = *var = 0;
    for (int k = 0; k < PENTA_BINS; k++)
        *n += cnt[k];
    for (int k = 0; k < PENTA_BINS; k++)
        *mu += cnt[k] / *n * (k / 4.0);
    for (int k = 0; k < PENTA_BINS; k++)
        *var += cnt[k] / *n * (k / 4.0 - *mu) * (k / 4.0 - *mu);
}

void stats_elo_penta(const int penta[PENTA_BINS], EloEstimate *out) {
    double cnt[PENTA_BINS], n, mu, var;
    for (int k = 0; k < PENTA_BINS; k++)
        cnt[k] = penta[k];
    *out = (EloEstimate){0.5, 0, NAN, NAN, NAN, false};
    penta_moments(cnt, &n, &mu, &var);
    if (n <= 0)
        return;
    estimate(mu, var, n, sqrt(2.0), out);
}

double stats_los(int wins, int losses) {
    if (wins + losses == 0)
        return 0.5;
    return 0.5 * (1 + erf((wins - losses) / sqrt(2.0 * (wins + losses))));
}

void stats_sprt_bounds(const SprtConfig *c, double *lower, double *upper) {
    *lower = log(c->beta / (1 - c->alpha));
    *upper = log((1 - c->beta) / c->alpha);
}

/* The GSPRT's normal approximation: with the observed mean mu and variance var per unit, the
 * LLR of "mean is s1" against "mean is s0" over n units. Empty bins are given a count of 1e-3
 * first (as fastchess and OpenBench do) so that early, lopsided results stay finite. */
static double gsprt(const SprtConfig *c, double n, double mu, double var, double perGame) {
    if (n <= 0 || var <= 0)
        return 0;
    double s0, s1;
    if (c->model == SPRT_LOGISTIC) {
        s0 = stats_score_from_elo(c->elo0);
        s1 = stats_score_from_elo(c->elo1);
    } else {
        double sigmaGame = sqrt(var) * perGame;
        s0 = 0.5 + c->elo0 / NELO_SCALE * sigmaGame;
        s1 = 0.5 + c->elo1 / NELO_SCALE * sigmaGame;
    }
    return n * (s1 - s0) * (2 * mu - s0 - s1) / (2 * var);
}

static double regularize(int count) { return count > 0 ? count : 1e-3; }

double stats_sprt_llr_wld(const SprtConfig *c, int wins, int losses, int draws) {
    double w = regularize(wins), l = regularize(losses), d = regularize(draws), n = w + l + d;
    double mu = (w + d / 2) / n;
    double var = (w * (1 - mu) * (1 - mu) + d * (0.5 - mu) * (0.5 - mu) + l * mu * mu) / n;
    return gsprt(c, n, mu, var, 1.0);
}

double stats_sprt_llr_penta(const SprtConfig *c, const int penta[PENTA_BINS]) {
    double cnt[PENTA_BINS], n, mu, var;
    for (int k = 0; k < PENTA_BINS; k++)
        cnt[k] = regularize(penta[k]);
    penta_moments(cnt, &n, &mu, &var);
    return gsprt(c, n, mu, var, sqrt(2.0));
}

int stats_sprt_decide(const SprtConfig *c, double llr) {
    double lo, hi;
    stats_sprt_bounds(c, &lo, &hi);
    return llr >= hi ? SPRT_H1 : llr <= lo ? SPRT_H0 : SPRT_CONTINUE;
}
