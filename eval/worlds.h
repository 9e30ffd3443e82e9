/* Static evaluation of a Haft Schroedinger position (docs/players/rules-schroedinger.md, issue 11 item 4) from
 * what is known: the types each major can still have over the consistent worlds (S1.4), the
 * pieces that may still be the king, the value of keeping types open, pawn structure and
 * mobility. Exactly linear in a table of weights (WORLDS_EVAL_WEIGHTS, tuned on self-play, see
 * eval/worlds.c), so a tuner can pass its own table to worlds_evaluate_with or read the coefficients
 * (worlds_trace).
 * Read-only tables, no state. */
#ifndef QEC_EVAL_WORLDS_H
#define QEC_EVAL_WORLDS_H

#include "../engine/worlds.h"

enum {
    HE_PAWN,                         /* material, one pawn */
    HE_QUEEN,                        /* the value of each type (a major's value is taken over */
    HE_ROOK,                         /* the types it can still be) */
    HE_BISHOP,
    HE_KNIGHT,
    HE_FLEX,                         /* [open non-king types 1..4 - 1]: per major on the board */
    HE_KING_CANDIDATES = HE_FLEX + 4, /* [majors that may be the king, 1..8 - 1] */
    HE_KING_ZONE = HE_KING_CANDIDATES + 8, /* per enemy attack next to a king candidate (mean) */
    HE_KING_SHIELD,                  /* per own pawn in front of a king candidate (mean) */
    HE_KING_ATTACKED,                /* a king candidate attacked by an enemy piece (mean) */
    HE_MOBILITY,                     /* per square a major reaches by its possible types */
    HE_PASSED,                       /* [relative rank] */
    HE_DOUBLED = HE_PASSED + 8,
    HE_ISOLATED,
    HE_HANGING,                      /* a major attacked by a pawn */
    HE_TEMPO,
    HE_NTERMS
};

extern const int16_t WORLDS_EVAL_WEIGHTS[HE_NTERMS];

/* Means over type sets (1..4 types) and king candidates (1..8) are kept exact by counting in
 * 1/840ths (840 = lcm(1..8)): a coefficient of the trace is 840 times the term's count. */
enum { WORLDS_EVAL_SCALE = 840 };

/* Centipawns from the side to move's view. */
int worlds_evaluate(const WorldsPos *p);
int worlds_evaluate_with(const WorldsPos *p, const int16_t *w);
/* The same with every identity's types already known (worlds_all_types of p). */
int worlds_evaluate_known(const WorldsPos *p, const unsigned types[2][16], const int16_t *w);
/* The tuner's view: coef[i] (side to move's view, in 1/WORLDS_EVAL_SCALE) such that
 * worlds_evaluate_with(p, w) == worlds_eval_round(sum of coef[i] * w[i]) for every table w. */
void worlds_trace(const WorldsPos *p, int32_t coef[HE_NTERMS]);
int worlds_eval_round(int64_t scaled);
/* Material only (pawn 100, a major the mean of its possible types at fixed values Q 900, R 500,
 * B 330, N 320; the baseline policies' measure, which tuning does not change): the side to
 * move's minus the opponent's. */
int worlds_eval_material(const WorldsPos *p);
/* The mean value of the non-king types in a type mask at those fixed values (0 for the king
 * alone): move ordering. */
int worlds_type_value(unsigned types);

#endif
