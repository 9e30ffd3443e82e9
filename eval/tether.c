/* Tether terms on top of the classical evaluation (eval.c). Every piece moves along the union
 * of its rank-mates' native reach (T2.2), so what a side can do is decided rank by rank:
 * - transporter mobility: each piece counts the safe squares of its rank's union;
 * - rank-mate structure: a rank holding pieces of several kinds lends each of them every kind
 *   of movement (a lone piece only has its own);
 * - apex threats (T2.6): a pawn whose rank's union touches its last rank promotes next move
 *   (the seed's "Pawn-Knight Apex"), a pawn one rank short of that is a slower threat;
 * - king exposure: squares next to a king reached by the enemy's unions (a check there is
 *   classical, T3.1, but the borrowed reach shows where pieces can land next to the king).
 * Weights are hand-set (centipawns, middlegame/endgame) and not yet tuned on self-play. */
#include "tether.h"

#include "../engine/tether.h"
#include "eval.h"

enum {
    W_MOB_MG = 2, W_MOB_EG = 2,         /* per safe square of a piece's rank union, / 4 */
    W_KINDS_MG = 6, W_KINDS_EG = 3,     /* per extra piece kind on a rank, per piece there */
    W_APEX_MG = 60, W_APEX_EG = 120,    /* a pawn that can promote by its next move */
    W_APEX2_MG = 10, W_APEX2_EG = 25,   /* a pawn on the rank before its last-rank reach */
    W_EXPOSED_MG = 12, W_EXPOSED_EG = 4 /* per king-ring square in the enemy's unions */
};

typedef struct {
    int mg, eg;
} Score;

static inline void add(Score *s, int mg, int eg, int n) {
    s->mg += mg * n;
    s->eg += eg * n;
}

/* c's tether terms (positive = good for c). */
static Score side_terms(const Position *p, int c, const Bitboard U[8], const Bitboard Uthem[8]) {
    Score s = {0, 0};
    Bitboard ours = p->byColor[c], pawns = ours & p->byType[PAWN];
    Bitboard enemyPawnAtt = pawn_attacks_bb(pos_pieces(p, c ^ 1, PAWN), c ^ 1);
    Bitboard lastRank = rank_bb(c == WHITE ? 7 : 0);
    int step = c == WHITE ? 1 : -1, mob = 0;
    for (int r = 0; r < 8; r++) {
        Bitboard onRank = ours & rank_bb(r);
        if (!onRank)
            continue;
        int n = popcount(onRank);
        mob += n * popcount(U[r] & ~enemyPawnAtt);
        int kinds = 0;
        for (int pt = PAWN; pt <= KING; pt++)
            kinds += (onRank & p->byType[pt]) != 0;
        if (kinds > 1)
            add(&s, W_KINDS_MG, W_KINDS_EG, (kinds - 1) * n);
        Bitboard rp = onRank & pawns;
        if (!rp)
            continue;
        if (U[r] & lastRank) /* T2.6: any pawn on this rank promotes next move */
            add(&s, W_APEX_MG, W_APEX_EG, popcount(rp));
        else if (r + step >= 0 && r + step < 8 && (U[r + step] & lastRank))
            add(&s, W_APEX2_MG, W_APEX2_EG, popcount(rp));
    }
    add(&s, W_MOB_MG, W_MOB_EG, mob / 4);
    Bitboard ring = BB_KING[pos_king(p, c)], enemyReach = 0;
    for (int r = 0; r < 8; r++)
        enemyReach |= Uthem[r];
    add(&s, -W_EXPOSED_MG, -W_EXPOSED_EG, popcount(ring & enemyReach));
    return s;
}

static int phase_of(const Position *p) {
    int ph = popcount(p->byType[KNIGHT] | p->byType[BISHOP]) + 2 * popcount(p->byType[ROOK]) +
             4 * popcount(p->byType[QUEEN]);
    return ph > EVAL_PHASE_MAX ? EVAL_PHASE_MAX : ph;
}

int tether_terms_white(const Position *p) {
    Bitboard U[2][8];
    tether_rank_unions(p, WHITE, U[WHITE]);
    tether_rank_unions(p, BLACK, U[BLACK]);
    Score w = side_terms(p, WHITE, U[WHITE], U[BLACK]), b = side_terms(p, BLACK, U[BLACK], U[WHITE]);
    int ph = phase_of(p), mg = w.mg - b.mg, eg = w.eg - b.eg;
    return (mg * ph + eg * (EVAL_PHASE_MAX - ph)) / EVAL_PHASE_MAX;
}

int evaluate_tether(const Position *p) {
    int v = evaluate_white(p) + tether_terms_white(p);
    return pos_turn(p) == WHITE ? v : -v;
}
