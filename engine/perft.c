#include "perft.h"

#include "movegen.h"
#include "turn.h"

static uint64_t perft_chess(Position *p, int depth) {
    Move list[MAX_MOVES];
    int n = gen_legal(p, pos_turn(p), ~0ULL, true, list);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pos_do(p, list[i]);
        total += perft_chess(p, depth - 1);
        pos_undo(p);
    }
    return total;
}

/* Sequences that finish the current (last) turn from the decision point at hand. Bulk
 * counting: a decision that neither forces a reply nor gives check ends the turn, so it
 * counts 1 without being made; a mate counts 1 (R6.2). */
static uint64_t count_turn_end(Position *p) {
    Move list[MAX_MOVES];
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

/* Board-only make/unmake for counting the last turn: keys, links and rights are not needed
 * there, because nothing is generated after the turn ends. */
static int board_apply(Position *p, Move m) {
    int from = move_from(m), to = move_to(m), flag = move_flag(m), pc = p->board[from];
    int capsq = flag == MF_EP ? to + (piece_color(pc) == WHITE ? -8 : 8) : to, cap = p->board[capsq];
    if (cap)
        pos_remove_piece(p, capsq);
    if (flag >= MF_PROMO) {
        pos_remove_piece(p, from);
        pos_put_piece(p, make_piece(piece_color(pc), move_promo_type(m)), to);
    } else
        pos_move_piece(p, from, to);
    if (flag == MF_CASTLE)
        pos_move_piece(p, to > from ? from + 3 : from - 4, to > from ? from + 1 : from - 1);
    return cap;
}

static void board_revert(Position *p, Move m, int cap) {
    int from = move_from(m), to = move_to(m), flag = move_flag(m);
    if (flag == MF_CASTLE)
        pos_move_piece(p, to > from ? from + 1 : from - 1, to > from ? from + 3 : from - 4);
    if (flag >= MF_PROMO) {
        int c = piece_color(p->board[to]);
        pos_remove_piece(p, to);
        pos_put_piece(p, make_piece(c, PAWN), from);
    } else
        pos_move_piece(p, to, from);
    if (cap)
        pos_put_piece(p, cap, flag == MF_EP ? to + (piece_color(p->board[from]) == WHITE ? -8 : 8) : to);
}

/* Steps the king of colour c has (R2.5), or 1 for a mate, which is a leaf (R6.2). */
static uint64_t steps_or_mate(const Position *p, int c) {
    Move list[MAX_MOVES];
    int n = gen_king_steps(p, c, list);
    return n ? (uint64_t)n : 1;
}

/* The bitboards after a base move, without touching the position: enough to count the
 * counterpart's replies; the board itself is changed only for the rare replies that check. */
typedef struct {
    Bitboard occ, col[2], type[7];
    int king[2];
} BoardView;

static void view_after(const Position *p, Move m, BoardView *v) {
    int from = move_from(m), to = move_to(m), flag = move_flag(m), pc = p->board[from];
    int us = piece_color(pc), pt = piece_type(pc);
    int capsq = flag == MF_EP ? to + (us == WHITE ? -8 : 8) : to, cap = p->board[capsq];
    Bitboard ft = sq_bb(from) | sq_bb(to);
    for (int t = 1; t < 7; t++)
        v->type[t] = p->byType[t];
    v->col[us] = p->byColor[us] ^ ft;
    v->col[us ^ 1] = p->byColor[us ^ 1] & ~sq_bb(capsq);
    if (cap)
        v->type[piece_type(cap)] ^= sq_bb(capsq);
    if (flag >= MF_PROMO) {
        v->type[PAWN] ^= sq_bb(from);
        v->type[move_promo_type(m)] ^= sq_bb(to);
    } else
        v->type[pt] ^= ft;
    if (flag == MF_CASTLE) {
        Bitboard r = sq_bb(to > from ? from + 3 : from - 4) | sq_bb(to > from ? from + 1 : from - 1);
        v->col[us] ^= r;
        v->type[ROOK] ^= r;
    }
    v->occ = v->col[WHITE] | v->col[BLACK];
    v->king[us] = pt == KING ? to : pos_king(p, us);
    v->king[us ^ 1] = pos_king(p, us ^ 1);
}

static Bitboard view_attackers(const BoardView *v, int s, int by) {
    return ((BB_PAWN_ATTACKS[by ^ 1][s] & v->type[PAWN]) | (BB_KNIGHT[s] & v->type[KNIGHT]) |
            (BB_KING[s] & v->type[KING]) | (bishop_attacks(s, v->occ) & (v->type[BISHOP] | v->type[QUEEN])) |
            (rook_attacks(s, v->occ) & (v->type[ROOK] | v->type[QUEEN]))) &
           v->col[by];
}

/* Sliders of colour `by` that the king on k would newly see if the piece on s were gone:
 * only possible with nothing between k and s, and then one look from s along the line. */
static Bitboard view_xray(const BoardView *v, int k, int s, int by) {
    if (!BB_LINE[k][s] || (BB_BETWEEN[k][s] & v->occ))
        return 0;
    bool diagonal = sq_file(k) != sq_file(s) && sq_rank(k) != sq_rank(s);
    Bitboard sliders = (diagonal ? v->type[BISHOP] : v->type[ROOK]) | v->type[QUEEN];
    sliders &= v->col[by] & BB_LINE[k][s];
    if (!sliders)
        return 0;
    return (diagonal ? bishop_attacks(s, v->occ) : rook_attacks(s, v->occ)) & sliders;
}

/* Base move m and one forced reply made on the board, then the base mover's steps. */
static uint64_t reply_then_steps(Position *p, Move m, int from, int to, int promo, int mover) {
    Move r = promo ? make_promo(from, to, promo) : make_move(from, to, MF_NORMAL);
    int cap = board_apply(p, m), cap2 = board_apply(p, r);
    uint64_t n = steps_or_mate(p, mover);
    board_revert(p, r, cap2);
    board_revert(p, m, cap);
    return n;
}

/* After base move m (seen through v), the forced replies of the piece on c, each followed by
 * the base mover's step if the reply checks it, counted over destination bitboards. The
 * rules are those of gen_piece_moves() and gen_king_steps(); the perft suites hold the two
 * paths together. */
static uint64_t count_replies(Position *p, const BoardView *v, Move m, int c, bool baseChecked) {
    int us = piece_color(p->board[c]), mover = us ^ 1, pt = piece_type(p->board[c]);
    int ksq = v->king[us], theirK = v->king[mover];
    Bitboard occ = v->occ, them = v->col[mover], occ2 = occ ^ sq_bb(c);
    Bitboard checkers = baseChecked ? view_attackers(v, ksq, mover) : 0;
    if (more_than_one(checkers))
        return 0;
    Bitboard target = (checkers ? BB_BETWEEN[ksq][lsb(checkers)] | checkers : ~0ULL) & ~v->col[us];
    if (view_xray(v, ksq, c, mover)) /* pinned */
        target &= BB_LINE[ksq][c];
    Bitboard tos;
    if (pt == PAWN) {
        int up = us == WHITE ? 8 : -8;
        Bitboard one = sq_bb(c + up) & ~occ, two = 0;
        if (one && relative_rank(us, sq_rank(c)) == 1)
            two = sq_bb(c + 2 * up) & ~occ;
        tos = (one | two | (BB_PAWN_ATTACKS[us][c] & them)) & target;
    } else
        tos = piece_attacks(pt, c, occ) & target;
    if (!tos)
        return 0;
    /* Checks on the base mover: directly from the new square, or uncovered behind c. */
    Bitboard uncover = view_xray(v, theirK, c, us) ? ~BB_LINE[c][theirK] : 0;
    Bitboard promos = pt == PAWN ? tos & (rank_bb(0) | rank_bb(7)) : 0, plain = tos & ~promos;
    Bitboard direct = pt == PAWN ? BB_PAWN_ATTACKS[mover][theirK] : piece_attacks(pt, theirK, occ2);
    Bitboard checking = plain & (direct | uncover);
    uint64_t total = (uint64_t)popcount(plain & ~checking);
    while (checking)
        total += reply_then_steps(p, m, c, pop_lsb(&checking), 0, mover);
    while (promos) {
        int to = pop_lsb(&promos);
        for (int t = KNIGHT; t <= QUEEN; t++)
            total += (piece_attacks(t, to, occ2) & sq_bb(theirK)) || (uncover & sq_bb(to))
                         ? reply_then_steps(p, m, c, to, t, mover)
                         : 1;
    }
    return total;
}

/* The last turn from its base move, without pos_do: only what R2.3-R2.5 need is computed,
 * mostly on bitboards. This mirrors turn_after_decision(); the perft suites check the two
 * against the reference counts. */
static uint64_t last_turn_from_base(Position *p) {
    Move list[MAX_MOVES];
    int us = pos_turn(p), them = us ^ 1;
    int n = gen_legal(p, us, ~0ULL, true, list);
    CheckInfo ci;
    check_info_init(p, us, &ci);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        Move m = list[i];
        bool check = gives_check(p, &ci, m);
        uint64_t replies = 0;
        if (turn_may_force(p, m)) {
            BoardView v;
            view_after(p, m, &v);
            replies = count_replies(p, &v, m, p->link[turn_linked_origin(m)], check);
        }
        if (replies)
            total += replies;
        else if (!check) /* no reply and no check: the turn is over */
            total++;
        else { /* the checked side steps */
            int cap = board_apply(p, m);
            total += steps_or_mate(p, them);
            board_revert(p, m, cap);
        }
    }
    return total;
}

/* depth: turns left, the one in progress included. */
static uint64_t perft_qec(Position *p, int depth) {
    if (depth == 1)
        return pos_phase(p) == PHASE_BASE ? last_turn_from_base(p) : count_turn_end(p);
    Move list[MAX_MOVES];
    int n = pos_legal_decisions(p, list);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pos_do(p, list[i]);
        int next = pos_phase(p);
        if (next == PHASE_BASE)
            total += perft_qec(p, depth - 1);
        else if (next != PHASE_OVER) /* R6.2: nothing below a mate */
            total += perft_qec(p, depth);
        pos_undo(p);
    }
    return total;
}

uint64_t perft(Position *p, int depth) {
    if (depth <= 0)
        return 1;
    if (pos_phase(p) == PHASE_OVER)
        return 0;
    return p->variant == VARIANT_CHESS ? perft_chess(p, depth) : perft_qec(p, depth);
}

int perft_divide(Position *p, int depth, Move *moves, uint64_t *counts) {
    int n = pos_legal_decisions(p, moves);
    for (int i = 0; i < n; i++) {
        pos_do(p, moves[i]);
        int next = pos_phase(p);
        if (next == PHASE_OVER)
            counts[i] = depth == 1;
        else if (next == PHASE_BASE) /* the turn ended */
            counts[i] = perft(p, depth - 1);
        else
            counts[i] = perft(p, depth);
        pos_undo(p);
    }
    return n;
}
