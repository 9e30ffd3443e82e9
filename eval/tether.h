/* Tether Chess evaluation (RULES-TETHER T2): the classical terms of eval.h plus what
 * transporter moves change. The search selects it once per search (Thread.eval). */
#ifndef QEC_EVAL_TETHER_H
#define QEC_EVAL_TETHER_H

#include "../engine/position.h"

/* Centipawns from the view of the side to move, like evaluate(). */
int evaluate_tether(const Position *p);
/* The tether terms alone, from White's view (tests: symmetry, apex threats). */
int tether_terms_white(const Position *p);

#endif
