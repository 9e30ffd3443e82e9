/* Move ordering: static exchange evaluation, move scores for the selection sort, and the
 * killer and history tables that learn from cut-offs. Internal to search/. */
#ifndef QEC_MOVEPICK_H
#define QEC_MOVEPICK_H

#include "tree.h"
#include "thread.h"

extern const int SEE_VALUE[7]; /* by piece type */

static inline bool is_capture(const Position *p, Move m) {
    return p->board[move_to(m)] != NO_PIECE || move_flag(m) == MF_EP;
}
static inline bool is_tactical(const Position *p, Move m) {
    return is_capture(p, m) || (move_is_promo(m) && move_promo_type(m) == QUEEN);
}

/* Static exchange on the target square, classical recaptures only (a forced reply or a
 * reactive step can change the exchange; SEE only orders moves and prunes in quiescence). */
bool see_ge(const Position *p, Move m, int threshold);
/* see_ge for the search of t: tether's exchange counts recaptures through rank-mates (T2.2). */
bool search_see_ge(const Thread *t, Move m, int threshold);

enum { SCORE_TT = 1 << 30, SCORE_GOOD_CAPTURE = 1 << 28, SCORE_KILLER = 1 << 27, SCORE_BAD_CAPTURE = -(1 << 28) };

/* Scores list[0..n-1] for pick: the TT move, good captures and queen promotions (MVV-LVA),
 * killers, history, bad captures. */
void score_moves(const Thread *t, const Move *list, int *scores, int n, Move ttMove, int ply);

/* Chess: the quiet move m's piece and target as an index into contHist. */
static inline int moved_key(const Position *p, Move m) { return p->board[move_from(m)] * 64 + move_to(m); }
/* Chess: the continuation history of the quiet move m at ply (the decisions 1 and 2 plies
 * before it); 0 outside chess. */
int cont_history(const Thread *t, Move m, int ply);

/* The piece type a tactical move m takes (a pawn en passant; none for a quiet promotion). */
static inline int captured_type(const Position *p, Move m) {
    return move_flag(m) == MF_EP ? PAWN : piece_type(p->board[move_to(m)]);
}
/* Chess: a tactical decision caused a cut-off: its capture history rises and that of the
 * tactical decisions tried before it falls (best is MOVE_NONE after a quiet cut-off). */
void update_capture_stats(Thread *t, Move best, const Move *tried, int ntried, int depth);

/* A quiet decision caused a cut-off at ply: it becomes a killer (base moves only), its history
 * rises and that of the quiet decisions tried before it falls. */
void update_quiet_stats(Thread *t, int ply, Move best, const Move *tried, int ntried, int depth);

#endif
