/* Tether Chess evaluation (rules-tether.md T2): the classical terms of eval.h plus what
 * transporter moves change (the T_TETHER_* terms), all weighted by TETHER_WEIGHTS. The search
 * selects it once per search (Thread.eval). */
#ifndef QEC_EVAL_TETHER_H
#define QEC_EVAL_TETHER_H

#include "../engine/position.h"
#include "eval.h"

/* Centipawns from the view of the side to move, like evaluate(). */
int evaluate_tether(const Position *p, PawnCache *pc);
/* The tether terms alone, from White's view (tests: symmetry, apex threats). */
int tether_terms_white(const Position *p);
/* Coefficients of every term of TETHER_WEIGHTS at p, and its phase (the tuner). */
void tether_trace(const Position *p, EvalTrace *t);

extern const int16_t TETHER_WEIGHTS[TETHER_NTERMS][2];

#endif
