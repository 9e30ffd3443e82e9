/* Match statistics: Elo from win/draw/loss counts (cutechess's formulas), pentanomial Elo over
 * game pairs, likelihood of superiority, and the GSPRT log-likelihood ratio (the normal
 * approximation of fastchess and OpenBench). A dual-king game (0-0, both lose) is symmetric
 * between the two players, so every function here takes it as a draw. */
#ifndef QEC_MATCH_STATS_H
#define QEC_MATCH_STATS_H

#include <stdbool.h>

/* Pentanomial bins: a pair of games with colours swapped, indexed by the first player's points
 * in the pair times two: 0 = LL, 1 = LD, 2 = DD or WL, 3 = WD, 4 = WW. */
enum { PENTA_BINS = 5 };

typedef struct {
    double score;      /* mean score of the first player, 0..1 */
    double elo;        /* logistic Elo; +-INFINITY at a 100% / 0% score */
    double err;        /* half-width of the 95% interval, in Elo; NAN when undefined */
    double nelo;       /* normalized Elo (fastchess); NAN when undefined */
    double nerr;
    bool valid;        /* at least one game / pair */
} EloEstimate;

double stats_elo_from_score(double score);
double stats_score_from_elo(double elo);
/* Inverse of the standard normal distribution function, 0 < p < 1. */
double stats_phi_inv(double p);

void stats_elo_wld(int wins, int losses, int draws, EloEstimate *out);
void stats_elo_penta(const int penta[PENTA_BINS], EloEstimate *out);
/* Likelihood of superiority, 0..1 (0.5 with no decisive game). */
double stats_los(int wins, int losses);

enum { SPRT_NORMALIZED, SPRT_LOGISTIC };
typedef struct {
    double elo0, elo1, alpha, beta;
    int model;
} SprtConfig;
enum { SPRT_CONTINUE, SPRT_H0, SPRT_H1 };

void stats_sprt_bounds(const SprtConfig *c, double *lower, double *upper);
double stats_sprt_llr_wld(const SprtConfig *c, int wins, int losses, int draws);
double stats_sprt_llr_penta(const SprtConfig *c, const int penta[PENTA_BINS]);
int stats_sprt_decide(const SprtConfig *c, double llr);

#endif
