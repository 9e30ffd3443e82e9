/* Static evaluation. The score is linear in a table of (middlegame, endgame) weights, tapered
 * by the material phase, so the same code serves the search (evaluate) and the texel tuner
 * (eval_trace: the coefficient of every weight). Read-only tables, no globals written. */
#ifndef QEC_EVAL_H
#define QEC_EVAL_H

#include "../engine/position.h"

/* Every weight, grouped; the tuner and eval/weights.h use these indices. */
enum {
    T_MATERIAL = 0,                 /* [pt - PAWN], pawn..queen */
    T_PST = T_MATERIAL + 5,         /* [pt - PAWN][relative rank * 4 + folded file], pawn..king */
    T_MOB_N = T_PST + 6 * 32,       /* [safe squares 0..8] */
    T_MOB_B = T_MOB_N + 9,          /* [0..13] */
    T_MOB_R = T_MOB_B + 14,         /* [0..14] */
    T_MOB_Q = T_MOB_R + 15,         /* [0..27] */
    T_PASSED = T_MOB_Q + 28,        /* [relative rank] */
    T_DOUBLED = T_PASSED + 8,
    T_ISOLATED,
    T_PHALANX,
    T_SUPPORTED,
    T_BISHOP_PAIR,
    T_ROOK_OPEN,
    T_ROOK_SEMIOPEN,
    T_SHIELD,                       /* own pawns in front of the king */
    T_KING_ATTACK,                  /* [pt - KNIGHT]: attacks on squares next to the enemy king */
    T_KING_ESCAPES = T_KING_ATTACK + 4, /* [0..8] safe one-square king steps (R2.5 mate risk) */
    T_ENT_CONTROL = T_KING_ESCAPES + 9, /* [officer pt - KNIGHT]: our pawns linked to enemy officers */
    T_PULLABLE = T_ENT_CONTROL + 4, /* [officer pt - KNIGHT]: ... whose pawn can move right now */
    T_COUNTER_MOB = T_PULLABLE + 4, /* mobility of enemy officers our pawn moves would free */
    T_FREE_PAWN,                    /* unlinked pawns: moves that hand the enemy no reply */
    T_FREE_RATIO,                   /* 16 * unlinked officers / officers */
    T_TEMPO,                        /* the turn owner */
    EVAL_NTERMS,                    /* QEC's and chess's table ends here (EVAL_WEIGHTS) */
    /* Tether only (eval/tether.c, RULES-TETHER T2): TETHER_WEIGHTS holds every term above, tuned
     * on tether games, and these. */
    T_TETHER_MOB = EVAL_NTERMS,     /* safe squares of each piece's rank union (T2.2), / 4 */
    T_TETHER_KINDS,                 /* per extra piece kind on a rank, per piece there */
    T_TETHER_APEX,                  /* pawns that can promote by their next move (T2.6) */
    T_TETHER_APEX2,                 /* pawns on the rank before a last-rank reach */
    T_TETHER_EXPOSED,               /* king-ring squares in the enemy's rank unions */
    TETHER_NTERMS
};

enum { EVAL_PHASE_MAX = 24 };

/* Coefficients of one position, white minus black, and its phase (EVAL_PHASE_MAX = all
 * officers on the board). eval = taper(sum weights * coef). */
typedef struct {
    int16_t coef[TETHER_NTERMS];
    int phase;
} EvalTrace;

/* One weight table: {middlegame, endgame} per term. */
typedef const int16_t (*EvalWeights)[2];

/* Untapered sums of the classical terms with the weights w (a variant's evaluation adds its
 * own terms, then calls eval_taper). */
typedef struct {
    int mg, eg, phase;
} EvalSum;

/* Centipawns from the view of the player who decides at p (pos_decider: at a turn start,
 * the turn owner). Only meaningful for a position that is not over. */
int evaluate(const Position *p);
/* The same evaluation from White's view. */
int evaluate_white(const Position *p);
/* Classical chess: the same terms weighted by CHESS_WEIGHTS (tuned on chess games), same view. */
int evaluate_chess(const Position *p);
/* The static evaluation of a variant's positions (evaluate, evaluate_chess, evaluate_tether):
 * the one place a variant chooses its weight table; the search asks once per search. */
typedef int (*EvalFn)(const Position *p);
EvalFn eval_function(int variant);
void eval_trace(const Position *p, EvalTrace *t);
/* Material only, pawn = 100, from colour c's view (the baseline policies' measure). */
int eval_material(const Position *p, int c);
const char *eval_term_name(int term, char *buf, size_t len);
/* The classical terms with the weights w (and their coefficients into t, if not NULL). */
void eval_accumulate(const Position *p, EvalWeights w, EvalTrace *t, EvalSum *out);
static inline int eval_taper(const EvalSum *s) {
    return (s->mg * s->phase + s->eg * (EVAL_PHASE_MAX - s->phase)) / EVAL_PHASE_MAX;
}

extern const int16_t EVAL_WEIGHTS[EVAL_NTERMS][2];
extern const int16_t CHESS_WEIGHTS[EVAL_NTERMS][2];

#endif
