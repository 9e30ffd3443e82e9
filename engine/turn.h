/* The QEC turn as a sequence of decision points (RULES R2, R3): base move, forced reply,
 * reactive step. Used by pos_do; exposed for perft's bulk counting. */
#ifndef QEC_TURN_H
#define QEC_TURN_H

#include "position.h"

/* Low-level board change of one decision (links and keys included), no phase logic. */
void pos_apply_move(Position *p, StateInfo *st, Move m);
void pos_revert_move(Position *p, const StateInfo *st);
/* Apply decision m into the fresh state st and move on to the next decision point. */
void turn_after_decision(Position *p, StateInfo *st, Move m);
/* The square of the piece whose link can force a reply after base move m (R2.3): the
 * moved piece, or the rook for castling. */
static inline int turn_linked_mover(Move m) {
    int from = move_from(m), to = move_to(m);
    if (move_flag(m) == MF_CASTLE)
        return to > from ? from + 1 : from - 1;
    return to;
}

#endif
