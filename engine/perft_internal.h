/* Perft's private parts: the view of the board after a base move (engine/perft.c and the QEC
 * count), and QEC's last turn (engine/perft_last.c) for the turns above it (perft_qec.c). */
#ifndef QEC_PERFT_INTERNAL_H
#define QEC_PERFT_INTERNAL_H

#include "movegen.h"
#include "position.h"

/* The bitboards after a base move, without touching the position: enough to count the
 * counterpart's replies and, after a check, the king's steps. */
typedef struct {
    Bitboard occ, col[2], type[7]; /* type[0] == occ */
    int king[2];
} BoardView;

static inline __attribute__((always_inline)) void view_after(const Position *p, Move m, BoardView *v) {
    int from = move_from(m), to = move_to(m), flag = move_flag(m), pc = p->board[from];
    int us = piece_color(pc), pt = piece_type(pc);
    int capsq = flag == MF_EP ? to + (us == WHITE ? -8 : 8) : to, cap = p->board[capsq];
    Bitboard ft = sq_bb(from) | sq_bb(to), capbb = cap ? sq_bb(capsq) : 0;
    int arrives = flag >= MF_PROMO ? move_promo_type(m) : pt;
    /* Each type written once, without indexing by a piece's type: a read-modify-write of one
     * entry at a computed index stalled the loads of the whole array after it (chess perft
     * 1.235x as fast without, bench/ab.py --set classical, 2026-12-01). */
    for (int t = 1; t < 7; t++)
        v->type[t] = (p->byType[t] & ~capbb) ^ (t == pt ? sq_bb(from) : 0) ^ (t == arrives ? sq_bb(to) : 0);
    Bitboard mine = p->byColor[us] ^ ft, other = p->byColor[us ^ 1] & ~capbb;
    if (flag == MF_CASTLE) {
        Bitboard r = sq_bb(to > from ? from + 3 : from - 4) | sq_bb(to > from ? from + 1 : from - 1);
        mine ^= r;
        v->type[ROOK] ^= r;
    }
    v->col[us] = mine;
    v->col[us ^ 1] = other;
    v->occ = v->type[0] = mine | other;
    v->king[us] = pt == KING ? to : pos_king(p, us);
    v->king[us ^ 1] = pos_king(p, us ^ 1);
}

/* gives_check() for a plain move (no promotion, castling or en passant) of a piece of type
 * pt: a QEC move never takes a blocker beyond its line (tether's transport, T2.2, can). */
static inline bool normal_check(const CheckInfo *ci, int from, int to, int pt) {
    return (ci->checkSq[pt] & sq_bb(to)) || ((ci->disc & sq_bb(from)) && !aligned(from, to, ci->ksq));
}

/* Origin counts of one side's last turn taken on a board B, for the last-turn positions the
 * penultimate turn makes from B: an origin's count stands on such a board when none of the
 * squares it was read from changed (`dep`: the origin, both kings, the lines that decide its
 * pin, a check it would uncover or give, its counterpart's reach and lines). A square is taken
 * as unchanged when its bitboards are: the caller passes no cache for a board where a piece
 * was taken and its taker taken on the same square, which may look as on B with other links.
 * Kept: the origins whose moves give no check and force only replies that do not check (a
 * promotion as none of its four pieces). One array per field: the test of all the origins vectorises. */
#define LAST_TURN_CACHED 16
typedef struct {
    Bitboard col[2], type[7]; /* B's bitboards: a square in none of their differences is unchanged */
    int n;
    Bitboard dep[LAST_TURN_CACHED], from[LAST_TURN_CACHED];
    uint64_t count[LAST_TURN_CACHED];
} LastTurnCache;

/* The counts of `side`'s origins on the position at hand (the other side to move). */
void last_turn_cache(const Position *p, int side, LastTurnCache *cache);

/* The last turn's sequences from its base move (the side to move's turn; mayBeInCheck: only
 * a root turn may start in check, R2.5, R7.4); cache (or NULL) holds counts of origins taken
 * on an earlier board (last_turn_cache). */
uint64_t qec_last_turn(const Position *p, bool mayBeInCheck, const LastTurnCache *cache);

#endif
