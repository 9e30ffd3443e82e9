/* QEC perft (R6): the last two turns counted without pos_do (bulk counting per origin at the
 * last turn, engine/perft_last.c; the penultimate turn on the board alone, here); perft.c has
 * the other entry points. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "perft_internal.h"
#include "turn.h"
#include "variant.h"

/* Sequences that finish the current (last) turn from the decision point at hand. Bulk
 * counting: a decision that neither forces a reply nor gives check ends the turn, so it
 * counts 1 without being made; a mate counts 1 (R6.2). */
static uint64_t count_turn_end(Position *p) {
    Move list[CLASSICAL_MAX_MOVES];
    int phase = pos_phase(p);
    if (phase == PHASE_BASE || phase == PHASE_OVER)
        return 1;
    int n = pos_legal_decisions(p, list);
    if (phase == PHASE_REACT)
        return (uint64_t)n;
    CheckInfo ci;
    check_info_init(p, pos_decider(p), &ci);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        if (!gives_check(p, &ci, list[i])) {
            total++;
            continue;
        }
        pos_do(p, list[i]);
        total += count_turn_end(p);
        pos_undo(p);
    }
    return total;
}

/* The penultimate turn without pos_do: its decisions change the board and the links
 * (light_apply: no keys, no state; pos_revert_move back) and the turn's flow is
 * turn_after_decision()'s, written out for the three decision points of R2; only the last
 * turn's start (side, castling rights, en passant) is written to the state stack, for
 * qec_last_turn(). The perft suites and bulk_test hold it to pos_do's walk. */
static inline __attribute__((always_inline)) uint64_t two_last(Position *p, int owner, int cr, int ep,
                                                               const LastTurnCache *cache) {
    StateInfo *st = &p->st[p->ply + 1];
    st->stm = (uint8_t)(owner ^ 1);
    st->castling = (uint8_t)cr;
    st->phase = PHASE_BASE;
    st->ep = NO_SQ;
    /* R3.2: the right outlasts the turn only with the pawn on its arrival square and the
     * square it passed empty, and it is kept only when a capture is legal (R7.2). */
    if (ep != NO_SQ && (BB_PAWN_ATTACKS[owner][ep] & p->byType[PAWN] & p->byColor[owner ^ 1]) &&
        p->board[ep + (owner == WHITE ? 8 : -8)] == make_piece(owner, PAWN) && !p->board[ep] &&
        ep_capture_legal(p, owner ^ 1, ep))
        st->ep = (uint8_t)ep;
    p->ply++;
    uint64_t n = qec_last_turn(p, false, cache);
#ifdef QEC_DEBUG /* the debug build holds every reused count to a count from scratch */
    if (n != qec_last_turn(p, false, NULL))
        abort();
#endif
    p->ply--;
    return n;
}

static inline int unlink_sq(Position *p, int s) { /* R1.6: a link ends with either piece */
    int q = p->link[s];
    if (q != NO_SQ)
        p->link[q] = p->link[s] = NO_SQ;
    return q;
}

static inline void relink(Position *p, int from, int to) { /* a linked piece moved */
    int q = p->link[from];
    if (q != NO_SQ) {
        p->link[to] = (uint8_t)q;
        p->link[q] = (uint8_t)to;
        p->link[from] = NO_SQ;
    }
}

/* One decision of the penultimate turn on the board and the links only: pos_apply_move()
 * without the keys and the state nothing below reads, into a scratch StateInfo of which it
 * fills what pos_revert_move() reads (move, captured piece, partners) and the rights after
 * the move. */
static inline __attribute__((always_inline)) void light_apply(Position *p, StateInfo *u, Move m, int cr) {
    int from = move_from(m), to = move_to(m), flag = move_flag(m), pc = p->board[from];
    int capsq = flag == MF_EP ? to + (piece_color(pc) == WHITE ? -8 : 8) : to, cap = p->board[capsq];
    u->move = m;
    u->captured = (uint8_t)cap;
    u->capturedPartner = u->promoPartner = NO_SQ;
    if (cap) {
        u->capturedPartner = (uint8_t)unlink_sq(p, capsq);
        pos_remove_piece(p, capsq);
    }
    if (move_is_promo(m)) {
        u->promoPartner = (uint8_t)unlink_sq(p, from);
        pos_remove_piece(p, from);
        pos_put_piece(p, make_piece(piece_color(pc), move_promo_type(m)), to);
    } else {
        pos_move_piece(p, from, to);
        relink(p, from, to);
    }
    if (flag == MF_CASTLE) {
        int rfrom = to > from ? from + 3 : from - 4, rto = to > from ? from + 1 : from - 1;
        pos_move_piece(p, rfrom, rto);
        relink(p, rfrom, rto);
    }
    u->castling = (uint8_t)castling_after(cr, from, to);
}

/* The board and the links, the part of a Position the penultimate turn changes: a copy
 * restores them after a decision (cheaper than pos_revert_move). */
typedef struct {
    Bitboard byType[7], byColor[2];
    uint8_t board[64], link[64];
} BoardCopy;
_Static_assert(offsetof(Position, byType) == offsetof(BoardCopy, byType) &&
                   offsetof(Position, byColor) == offsetof(BoardCopy, byColor) &&
                   offsetof(Position, board) == offsetof(BoardCopy, board) &&
                   offsetof(Position, link) == offsetof(BoardCopy, link),
               "BoardCopy must mirror the front of Position");

static inline void board_save(const Position *p, BoardCopy *b) { memcpy(b, p, sizeof *b); }
static inline void board_load(Position *p, const BoardCopy *b) { memcpy(p, b, sizeof *b); }

/* R2.5's steps of the king of `mover`'s opponent, in check after the base move (and the
 * forced reply, if any) of `mover`'s side; a mate ends the branch (nothing below it, R6.2).
 * Out of line: most decisions check nothing. */
static __attribute__((noinline)) uint64_t two_steps(Position *p, int owner, int mover, int cr, int ep,
                                                    const LastTurnCache *cache) {
    int checked = mover ^ 1;
    Bitboard steps = king_step_squares(p->byType, p->byColor, checked);
    int ksq = pos_king(p, checked);
    uint64_t total = 0;
    BoardCopy b;
    if (steps)
        board_save(p, &b);
    while (steps) {
        StateInfo u;
        light_apply(p, &u, make_move(ksq, pop_lsb(&steps), MF_NORMAL), cr);
        total += two_last(p, owner, u.castling, ep, cache);
        board_load(p, &b);
    }
    return total;
}

/* After the base move (and the forced reply, if any) of `mover`'s side: the last turn, or
 * first the other king's steps if it is in check (`check`). */
static inline uint64_t two_react(Position *p, int owner, int mover, int cr, int ep, bool check,
                                 const LastTurnCache *cache) {
    return check ? two_steps(p, owner, mover, cr, ep, cache) : two_last(p, owner, cr, ep, cache);
}

/* One forced reply (rpt: the type c ends as) on the board copy `after` of the base move: its
 * check on the base mover's king k (nothing else can check it: the base move left it safe)
 * from its new square, or by uncovering the owner slider c shielded (`shield`), then R2.5. */
static inline __attribute__((always_inline)) uint64_t one_reply(Position *p, const BoardCopy *after, Move r, int rpt,
                                                                int us, int k, Bitboard occ, bool shield, int cr,
                                                                int ep, const LastTurnCache *cache) {
    int c = move_from(r), rto = move_to(r), them = us ^ 1;
    bool rcheck = (rpt == PAWN ? BB_PAWN_ATTACKS[them][rto] & sq_bb(k)
                               : piece_attacks(rpt, rto, occ | sq_bb(rto)) & sq_bb(k)) ||
                  (shield && !aligned(c, rto, k));
    StateInfo u;
    light_apply(p, &u, r, cr);
    uint64_t n = two_react(p, us, them, u.castling, ep, rcheck, cache);
    board_load(p, after);
    return n;
}

/* The cache for the position after a forced reply to rto, the base move having gone to `to`:
 * a reply that takes the base-moved piece may leave its square as it was on the board the
 * cache was taken on, with another piece (another link): no reuse there. */
static inline const LastTurnCache *reuse_after_reply(const LastTurnCache *reuse, int rto, int to) {
    return rto == to ? NULL : reuse;
}

/* The fewest pieces of the last turn's side for which its origin counts are cached: with
 * fewer, more of its origins check or force checking replies and the cache is reused less
 * (2026-12-01, bench/perft.sh --set qec, 3 rounds, against no cache: always 1.07x, from 6
 * pieces 1.08x, from 9 1.10x, from 12 1.07x). */
enum { REUSE_MIN_PIECES = 9 };

static uint64_t qec_two(Position *p) {
    Move list[CLASSICAL_MAX_MOVES];
    const StateInfo *st = pos_state(p);
    int us = st->stm, them = us ^ 1, cr = st->castling, n = gen_legal_all(p, list);
    CheckInfo ci; /* which base moves check: their counterpart's replies and king know it */
    check_info_init(p, us, &ci);
    uint64_t total = 0;
    BoardCopy before, after;
    board_save(p, &before);
    LastTurnCache cache; /* their origins' counts, for the boards our decisions leave alike */
    const LastTurnCache *reuse = NULL;
    if (popcount(p->byColor[them]) >= REUSE_MIN_PIECES) {
        last_turn_cache(p, them, &cache);
        reuse = &cache;
    }
    for (int i = 0; i < n; i++) {
        Move m = list[i];
        int from = move_from(m), to = move_to(m);
        /* Only a base move's double step gives the right (R3.2). */
        int ep = (to - from == 16 || from - to == 16) && piece_type(p->board[from]) == PAWN ? (from + to) / 2 : NO_SQ;
        bool check = move_flag(m) == MF_NORMAL ? normal_check(&ci, from, to, piece_type(p->board[from]))
                                               : gives_check(p, &ci, m);
        StateInfo s;
        light_apply(p, &s, m, cr);
        int c = p->link[turn_linked_mover(m)];
        Bitboard tos = c != NO_SQ ? piece_targets(p, c, check) : 0; /* R2.3, never a king (R1.2) */
        if (!tos)
            total += two_react(p, us, us, s.castling, ep, check, reuse);
        else {
            int k = pos_king(p, us), cpt = piece_type(p->board[c]);
            Bitboard occ = p->byType[0] ^ sq_bb(c), owner = p->byColor[them];
            bool shield = BB_LINE[k][c] &&
                          ((bishop_attacks(k, occ) & owner & (p->byType[BISHOP] | p->byType[QUEEN])) |
                           (rook_attacks(k, occ) & owner & (p->byType[ROOK] | p->byType[QUEEN])));
            board_save(p, &after);
            Bitboard promos = cpt == PAWN ? tos & (rank_bb(0) | rank_bb(7)) : 0;
            tos ^= promos;
            while (tos) {
                int rto = pop_lsb(&tos);
                total += one_reply(p, &after, make_move(c, rto, MF_NORMAL), cpt, us, k, occ, shield, s.castling, ep,
                                   reuse_after_reply(reuse, rto, to));
            }
            while (promos) { /* R3.5: four choices each */
                int rto = pop_lsb(&promos);
                for (int t = KNIGHT; t <= QUEEN; t++)
                    total += one_reply(p, &after, make_promo(c, rto, t), t, us, k, occ, shield, s.castling, ep,
                                       reuse_after_reply(reuse, rto, to));
            }
        }
        board_load(p, &before);
    }
    return total;
}

/* depth: turns left, the one in progress included. */
static uint64_t qec_loop(Position *p, int depth) {
    if (depth == 1)
        return pos_phase(p) == PHASE_BASE ? qec_last_turn(p, true, NULL) : count_turn_end(p);
    if (depth == 2 && pos_phase(p) == PHASE_BASE)
        return qec_two(p);
    Move list[CLASSICAL_MAX_MOVES];
    int n = turn_decisions(p, list);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pos_do(p, list[i]);
        int next = pos_phase(p);
        if (next == PHASE_BASE)
            total += qec_loop(p, depth - 1);
        else if (next != PHASE_OVER) /* R6.2: nothing below a mate */
            total += qec_loop(p, depth);
        pos_undo(p);
    }
    return total;
}

uint64_t perft_qec(Position *p, int depth) { return qec_loop(p, depth); }
