/* Move ordering (Stockfish's movepick): SEE, scores, killers and history. */
#include "movepick.h"

#include <stdlib.h>

const int SEE_VALUE[7] = {0, 100, 300, 300, 500, 900, 20000};

static int least_valuable(const Position *p, Bitboard attackers, int *pt) {
    for (*pt = PAWN; *pt <= KING; (*pt)++) {
        Bitboard b = attackers & p->byType[*pt];
        if (b)
            return lsb(b);
    }
    return NO_SQ;
}

/* The exchange's first two steps, the same in both SEEs: 1 or 0 when they settle it (not a
 * plain capture or move; a gain short of the threshold; still ahead after losing the piece),
 * -1 to play the exchange on from *swap. */
static inline int see_settled(const Position *p, Move m, int threshold, int *swap) {
    if (move_flag(m) != MF_NORMAL)
        return threshold <= 0;
    *swap = SEE_VALUE[piece_type(p->board[move_to(m)])] - threshold;
    if (*swap < 0)
        return 0;
    *swap = SEE_VALUE[piece_type(p->board[move_from(m)])] - *swap;
    return *swap <= 0 ? 1 : -1;
}

bool see_ge(const Position *p, Move m, int threshold) {
    int swap, settled = see_settled(p, m, threshold, &swap);
    if (settled >= 0)
        return settled;
    int from = move_from(m), to = move_to(m);
    Bitboard occ = p->byType[0] ^ sq_bb(from) ^ sq_bb(to);
    Bitboard attackers = pos_attackers_to(p, to, occ);
    Bitboard diag = p->byType[BISHOP] | p->byType[QUEEN], orth = p->byType[ROOK] | p->byType[QUEEN];
    int stm = piece_color(p->board[from]), res = 1;
    for (;;) {
        stm ^= 1;
        attackers &= occ;
        Bitboard mine = attackers & p->byColor[stm];
        if (!mine)
            break;
        res ^= 1;
        int pt, s = least_valuable(p, mine, &pt);
        if (pt == KING)
            return (attackers & p->byColor[stm ^ 1]) ? res ^ 1 : res;
        if ((swap = SEE_VALUE[pt] - swap) < res)
            break;
        occ ^= sq_bb(s);
        if (pt == PAWN || pt == BISHOP || pt == QUEEN)
            attackers |= bishop_attacks(to, occ) & diag;
        if (pt == ROOK || pt == QUEEN)
            attackers |= rook_attacks(to, occ) & orth;
    }
    return res;
}

/* rankMateExchange (T2.2): a piece of c can move onto `to` when any rank-mate's native reach covers it,
 * and a capture in native reach is a classical attack. So c's recapturers are all its pieces
 * (still in occ) on every rank holding one of its classical attackers of `to`; a pawn never
 * onto its first rank (T2.6). Recomputed after each capture: a lender that moved takes its
 * rank's reach with it, and x-rays open as in the classical exchange. */
static Bitboard rank_mate_recapturers(const Position *p, int to, Bitboard occ, int c) {
    Bitboard direct = pos_attackers_to(p, to, occ) & occ & p->byColor[c], ranks = 0;
    while (direct)
        ranks |= rank_bb(sq_rank(pop_lsb(&direct)));
    Bitboard r = ranks & occ & p->byColor[c] & ~sq_bb(to);
    if (sq_bb(to) & rank_bb(c == WHITE ? 0 : 7))
        r &= ~p->byType[PAWN];
    return r;
}

/* see_ge with rank-mate recaptures. The king may take only onto a square no enemy piece
 * attacks classically (T3.3), so its safety test stays classical. */
static bool see_ge_rank_mates(const Position *p, Move m, int threshold) {
    int swap, settled = see_settled(p, m, threshold, &swap);
    if (settled >= 0)
        return settled;
    int from = move_from(m), to = move_to(m);
    Bitboard occ = p->byType[0] ^ sq_bb(from);
    int stm = piece_color(p->board[from]), res = 1;
    for (;;) {
        stm ^= 1;
        Bitboard mine = rank_mate_recapturers(p, to, occ, stm);
        if (!mine)
            break;
        res ^= 1;
        int pt, s = least_valuable(p, mine, &pt);
        if (pt == KING)
            return (pos_attackers_to(p, to, occ ^ sq_bb(s)) & occ & p->byColor[stm ^ 1]) ? res ^ 1 : res;
        if ((swap = SEE_VALUE[pt] - swap) < res)
            break;
        occ ^= sq_bb(s);
    }
    return res;
}

bool search_see_ge(const Thread *t, Move m, int threshold) {
    return t->knobs.rankMateExchange ? see_ge_rank_mates(&t->pos, m, threshold) : see_ge(&t->pos, m, threshold);
}

int cont_history(const Thread *t, Move m, int ply) {
    if (!t->knobs.continuationHistory || !t->contHist) /* NULL until such a root (thread.h) */
        return 0;
    int k = moved_key(&t->pos, m), v = 0;
    if (ply >= 1)
        v += t->contHist[t->moved[ply - 1]][k];
    if (ply >= 2)
        v += t->contHist[t->moved[ply - 2]][k];
    return v;
}

void score_moves(const Thread *t, const Move *list, int *scores, int n, Move ttMove, int ply) {
    const Position *p = &t->pos;
    int phase = pos_phase(p), us = pos_decider(p);
    const Move *k = t->killers[ply];
    for (int i = 0; i < n; i++) {
        Move m = list[i];
        if (m == ttMove)
            scores[i] = SCORE_TT;
        else if (is_tactical(p, m)) {
            int victim = captured_type(p, m);
            int mvvlva = SEE_VALUE[victim] * 8 - piece_type(p->board[move_from(m)]) +
                         (move_is_promo(m) ? SEE_VALUE[QUEEN] : 0);
            if (t->knobs.captureHistory) /* the victim first, then what this capture has done before */
                mvvlva = SEE_VALUE[victim] * 16 + (move_is_promo(m) ? 16 * SEE_VALUE[QUEEN] : 0) +
                         t->captHist[moved_key(p, m)][victim] / 2;
            scores[i] = (search_see_ge(t, m, 0) ? SCORE_GOOD_CAPTURE : SCORE_BAD_CAPTURE) + mvvlva;
        } else if (phase == PHASE_BASE && (m == k[0] || m == k[1]))
            scores[i] = SCORE_KILLER + (m == k[0]);
        else
            scores[i] = t->history[phase][us][move_from(m)][move_to(m)] + cont_history(t, m, ply);
    }
}

static inline void history_update(int16_t *h, int bonus) {
    int v = *h + bonus - *h * abs(bonus) / 16384;
    *h = (int16_t)(v > 16000 ? 16000 : v < -16000 ? -16000 : v);
}

/* continuationHistory: the history of m after the decisions 1 and 2 plies before ply (none
 * without the knob, as cont_history reads none). */
static void update_cont(Thread *t, int ply, Move m, int bonus) {
    if (!t->knobs.continuationHistory || !t->contHist)
        return;
    int k = moved_key(&t->pos, m);
    if (ply >= 1)
        history_update(&t->contHist[t->moved[ply - 1]][k], bonus);
    if (ply >= 2)
        history_update(&t->contHist[t->moved[ply - 2]][k], bonus);
}

/* The history bonus of a cut-off at depth: quadratic, or linear with linearHistoryBonus (more
 * weight to the cut-offs of middle depths: +23.5 +- 28.4 at 20,000 nodes, docs/dev/search.md). */
static int stat_bonus(const Thread *t, int depth) {
    int bonus = t->knobs.linearHistoryBonus ? 300 * depth - 200 : depth * depth * 32 + 64;
    return bonus > 2000 ? 2000 : bonus;
}

void update_capture_stats(Thread *t, Move best, const Move *tried, int ntried, int depth) {
    const Position *p = &t->pos;
    int bonus = stat_bonus(t, depth);
    if (best)
        history_update(&t->captHist[moved_key(p, best)][captured_type(p, best)], bonus);
    for (int i = 0; i < ntried; i++)
        if (tried[i] != best)
            history_update(&t->captHist[moved_key(p, tried[i])][captured_type(p, tried[i])], -bonus);
}

void update_quiet_stats(Thread *t, int ply, Move best, const Move *tried, int ntried, int depth) {
    const Position *p = &t->pos;
    int phase = pos_phase(p), us = pos_decider(p);
    int bonus = stat_bonus(t, depth);
    if (phase == PHASE_BASE && t->killers[ply][0] != best) {
        t->killers[ply][1] = t->killers[ply][0];
        t->killers[ply][0] = best;
    }
    history_update(&t->history[phase][us][move_from(best)][move_to(best)], bonus);
    update_cont(t, ply, best, bonus);
    for (int i = 0; i < ntried; i++)
        if (tried[i] != best) {
            history_update(&t->history[phase][us][move_from(tried[i])][move_to(tried[i])], -bonus);
            update_cont(t, ply, tried[i], -bonus);
        }
}
