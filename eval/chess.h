/* Classical chess evaluation (issue 12): the classical terms of eval.h plus chess-only terms
 * (threats, king danger, passed-pawn extras, rook on the 7th, outposts, space: the T_CH_*
 * terms), all weighted by CHESS_WEIGHTS. QEC and tether never see these terms. */
#ifndef QEC_EVAL_CHESS_H
#define QEC_EVAL_CHESS_H

#include "../engine/position.h"
#include "eval.h"

/* Chess's evaluation in the search: the network (nnue.h), from the side to move's view, on
 * the scale of evaluate_chess (CHESS_NET_SCALE), which the search's margins were set for. */
int evaluate_chess_net(const Position *p, EvalCache *ec);
/* evaluate_chess / stockfish's centipawns, in 1/64ths (bench/nnue_train.c measures it: the least
 * squares slope of evaluate_chess over stockfish's scores is 2.24). */
enum { CHESS_NET_SCALE = 143 };
/* The hand-made evaluation (the tuner's; no longer the search's, docs/dev/chess-network.md):
 * centipawns from the view of the side to move, like evaluate(). */
int evaluate_chess(const Position *p, PawnCache *pc);
/* The chess-only terms alone with CHESS_WEIGHTS, from White's view (tests). */
int chess_terms_white(const Position *p);
/* The endgame part is scaled by chess_scale_for(p, eg) / CHESS_SCALE_NORMAL (0 = dead draw)
 * after the linear sum, for material the side ahead rarely converts (no pawns and at most a
 * minor more, bishops of opposite colours, few pawns left): not linear, so outside the table. */
enum { CHESS_SCALE_NORMAL = 128 };
/* The scale of the endgame sum eg (its sign says who is ahead) at p. */
int chess_scale_for(const Position *p, int eg);
/* The scale evaluate_chess applies at p (the tuner keeps it fixed per position). */
int chess_scale(const Position *p);
/* The most a piece of type pt (PAWN..QUEEN) is worth to evaluate_chess: its material, its
 * best piece-square entry and its best mobility entry, in the larger phase (what capturing it
 * can gain on the eval's scale). */
int chess_piece_worth(int pt);
/* Coefficients of every term of CHESS_WEIGHTS at p, and its phase (the tuner). */
void chess_trace(const Position *p, EvalTrace *t);
/* Name of term t of CHESS_WEIGHTS (eval_term_name for the classical ones). */
const char *chess_term_name(int t, char *buf, size_t len);

extern const int16_t CHESS_WEIGHTS[CHESS_NTERMS][2];

#endif
