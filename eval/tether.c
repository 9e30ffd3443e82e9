/* Tether terms on top of the classical evaluation (eval.c). Every piece moves along the union
 * of its rank-mates' native reach (T2.2), so what a side can do is decided rank by rank:
 * - transporter mobility: each piece counts the safe squares of its rank's union;
 * - rank-mate structure: a rank holding pieces of several kinds lends each of them every kind
 *   of movement (a lone piece only has its own);
 * - apex threats (T2.6): a pawn whose rank's union touches its last rank promotes next move
 *   (the seed's "Pawn-Knight Apex"), a pawn one rank short of that is a slower threat;
 * - king exposure: squares next to a king reached by the enemy's unions (a check there is
 *   classical, T3.1, but the borrowed reach shows where pieces can land next to the king).
 * Like the classical terms, they are linear in their weights (the T_TETHER_* entries of
 * TETHER_WEIGHTS, eval/weights_tether.c), so texel tunes them from tether_trace. */
#include "tether.h"

#include "../engine/tether.h"

enum { NT = TETHER_NTERMS - EVAL_NTERMS };

/* c's counts of each tether term (index term - EVAL_NTERMS). */
static void side_counts(const Position *p, int c, const Bitboard U[8], const Bitboard Uthem[8], int n[NT]) {
    Bitboard ours = p->byColor[c], pawns = ours & p->byType[PAWN];
    Bitboard enemyPawnAtt = pawn_attacks_bb(pos_pieces(p, c ^ 1, PAWN), c ^ 1);
    Bitboard lastRank = rank_bb(c == WHITE ? 7 : 0);
    int step = c == WHITE ? 1 : -1, mob = 0;
    for (int i = 0; i < NT; i++)
        n[i] = 0;
    for (int r = 0; r < 8; r++) {
        Bitboard onRank = ours & rank_bb(r);
        if (!onRank)
            continue;
        int cnt = popcount(onRank);
        mob += cnt * popcount(U[r] & ~enemyPawnAtt);
        int kinds = 0;
        for (int pt = PAWN; pt <= KING; pt++)
            kinds += (onRank & p->byType[pt]) != 0;
        if (kinds > 1)
            n[T_TETHER_KINDS - EVAL_NTERMS] += (kinds - 1) * cnt;
        Bitboard rp = onRank & pawns;
        if (!rp)
            continue;
        if (U[r] & lastRank) /* T2.6: any pawn on this rank promotes next move */
            n[T_TETHER_APEX - EVAL_NTERMS] += popcount(rp);
        else if (r + step >= 0 && r + step < 8 && (U[r + step] & lastRank))
            n[T_TETHER_APEX2 - EVAL_NTERMS] += popcount(rp);
    }
    n[T_TETHER_MOB - EVAL_NTERMS] = mob / 4;
    Bitboard enemyReach = 0;
    for (int r = 0; r < 8; r++)
        enemyReach |= Uthem[r];
    n[T_TETHER_EXPOSED - EVAL_NTERMS] = popcount(BB_KING[pos_king(p, c)] & enemyReach);
}

/* Adds the tether terms (white minus black) into s, and their coefficients into t if given. */
static void add_tether_terms(const Position *p, const EvalAttacks *at, EvalTrace *t, EvalSum *s) {
    Bitboard U[2][8];
    int nw[NT], nb[NT];
    tether_rank_unions(p, WHITE, U[WHITE]);
    tether_rank_unions(p, BLACK, U[BLACK]);
    side_counts(p, WHITE, U[WHITE], U[BLACK], nw);
    side_counts(p, BLACK, U[BLACK], U[WHITE], nb);
    eval_add_own_terms(TETHER_WEIGHTS, NT, nw, nb, t, s);
}

static const EvalVariant TETHER = {TETHER_WEIGHTS, add_tether_terms, NULL};

int tether_terms_white(const Position *p) { return eval_own_terms_white(p, &TETHER); }

int evaluate_tether(const Position *p, PawnCache *pc) { return eval_variant(p, &TETHER, pc); }

void tether_trace(const Position *p, EvalTrace *t) { eval_variant_trace(p, &TETHER, t); }
