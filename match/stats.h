/* Match statistics: Elo from win/draw/loss counts (cutechess's and fastchess's formulas),
 * pentanomial Elo over game pairs, likelihood of superiority, and the GSPRT log-likelihood ratio
 * (the exact maximum-likelihood form of fastchess and fishtest / OpenBench). A dual-king game
 * (0-0, both lose) is symmetric between the two players, so every function here takes it as a
 * draw. A figure that the counts do not define is NAN with a reason beside it, never a number
 * that looks like a result (issue 41). */
#ifndef QEC_MATCH_STATS_H
#define QEC_MATCH_STATS_H

#include <stdbool.h>

/* Pentanomial bins: a pair of games with colours swapped, indexed by the first player's points
 * in the pair times two: 0 = LL, 1 = LD, 2 = DD or WL, 3 = WD, 4 = WW. */
enum { PENTA_BINS = 5 };

/* Below this many games (pairs, for the pentanomial figures) the summary says the result is not
 * yet meaningful. The 95% interval is the normal one (z = 1.96), as cutechess and fastchess
 * print it; OpenBench's Elo() (OpenBench/stats.py) takes Student's t with N - 1 degrees of
 * freedom instead, which is what a small sample needs: at 30 units t = 2.045, 4% wider than z,
 * at 6 units 2.571, 31% wider. From 30 units on, the printed interval is within 5% of the
 * small-sample one and says itself how much is known; below, the interval is too narrow. */
enum { STATS_MIN_UNITS = 30 };

typedef struct {
    double score;        /* mean score of the first player, 0..1; NAN without a game */
    double elo;          /* logistic Elo; NAN at a 100% / 0% score (eloWhy) */
    double err;          /* half-width of the 95% interval, in Elo; NAN when undefined (errWhy) */
    double nelo;         /* normalized Elo (fastchess); NAN when undefined (neloWhy) */
    double nerr;         /* its 95% half-width; defined exactly when nelo is */
    int units;           /* games, or pairs */
    bool valid;          /* at least one game / pair */
    const char *eloWhy;  /* NULL when elo is a number, else why not: "all games won", … */
    const char *errWhy;
    const char *neloWhy;
} EloEstimate;

double stats_elo_from_score(double score);
double stats_score_from_elo(double elo);
/* Inverse of the standard normal distribution function, 0 < p < 1. */
double stats_phi_inv(double p);

void stats_elo_wld(int wins, int losses, int draws, EloEstimate *out);
void stats_elo_penta(const int penta[PENTA_BINS], EloEstimate *out);
/* Likelihood of superiority, 0..1 (cutechess's formula); NAN without a decisive game. */
double stats_los(int wins, int losses);

enum { SPRT_NORMALIZED, SPRT_LOGISTIC };
typedef struct {
    double elo0, elo1, alpha, beta;
    int model;
} SprtConfig;
enum { SPRT_CONTINUE, SPRT_H0, SPRT_H1 };

void stats_sprt_bounds(const SprtConfig *c, double *lower, double *upper);
/* The LLR; NAN when no distribution over the scores fits a bound (an Elo bound far beyond what
 * the counts allow, e.g. in the thousands); the SPRT then continues. */
double stats_sprt_llr_wld(const SprtConfig *c, int wins, int losses, int draws);
double stats_sprt_llr_penta(const SprtConfig *c, const int penta[PENTA_BINS]);
int stats_sprt_decide(const SprtConfig *c, double llr);

#endif
