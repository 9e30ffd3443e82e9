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
 * moved piece, or the rook for castling; after the move (mover) and before it (origin). */
static inline int turn_linked_mover(Move m) {
    int from = move_from(m), to = move_to(m);
    if (move_flag(m) == MF_CASTLE)
        return to > from ? from + 1 : from - 1;
    return to;
}

/* Could base move m force a reply (R2.3)? True when the moving piece (the rook when
 * castling) is linked and the move neither promotes (R3.3) nor takes its own counterpart
 * (R1.6). Whether the counterpart then has a legal move is not checked here. */
static inline int turn_linked_origin(Move m) {
    int from = move_from(m), to = move_to(m);
    return move_flag(m) == MF_CASTLE ? (to > from ? from + 3 : from - 4) : from;
}
static inline bool turn_may_force(const Position *p, Move m) {
    int from = move_from(m), to = move_to(m);
    if (move_flag(m) == MF_CASTLE)
        return p->link[turn_linked_origin(m)] != NO_SQ;
    int q = p->link[from];
    if (q == NO_SQ || move_is_promo(m))
        return false;
    return q != (move_flag(m) == MF_EP ? to + (from < to ? -8 : 8) : to);
}

#endif
