/* Haft Schroedinger evaluation: material over the still-possible types, king candidates,
 * flexibility, pawn structure and mobility. Every term is a weight times a count, white minus
 * black (eval/hsc.h lists them). Hand-set weights; see the table for why each is what it is. */
#include "hsc.h"

#include "../engine/bitboard.h"

const int16_t HSC_EVAL_WEIGHTS[HE_NTERMS] = {
    [HE_PAWN] = 100,
    [HE_QUEEN] = 900,
    [HE_ROOK] = 500,
    [HE_BISHOP] = 330,
    [HE_KNIGHT] = 320,
    /* An open type set is worth something: the owner may still move the piece as any of them
     * (S2.2) and the opponent cannot tell which piece is the queen. */
    [HE_FLEX + 0] = 0, [HE_FLEX + 1] = 8, [HE_FLEX + 2] = 14, [HE_FLEX + 3] = 18,
    /* Few pieces that may be the king make it a target; many hide it (S1.4). */
    [HE_KING_CANDIDATES + 0] = -30, [HE_KING_CANDIDATES + 1] = -12, [HE_KING_CANDIDATES + 2] = -4,
    [HE_KING_ZONE] = -6,
    [HE_KING_SHIELD] = 8,
    [HE_KING_ATTACKED] = -20,
    [HE_MOBILITY] = 2,
    [HE_PASSED + 1] = 5, [HE_PASSED + 2] = 10, [HE_PASSED + 3] = 20, [HE_PASSED + 4] = 35,
    [HE_PASSED + 5] = 60, [HE_PASSED + 6] = 100,
    [HE_DOUBLED] = -12,
    [HE_ISOLATED] = -10,
    [HE_HANGING] = -10,
    [HE_TEMPO] = 10,
};

/* The mean value of the non-king types in `types` (weights HE_QUEEN..HE_KNIGHT); 0 for a piece
 * that can only be the king: its value is the game, not material. */
static int type_value(unsigned types, const int16_t *w) {
    int sum = 0, n = 0;
    for (int t = 1; t < 5; t++)
        if (types & (1u << t))
            sum += w[HE_QUEEN + t - 1], n++;
    return n ? sum / n : 0;
}

/* Whatever the world, a side's eight original majors are Q + 2R + 2B + 2N (S1.2), so the
 * originals still on the board are worth that total minus what the captured ones were (each the
 * mean of its possible types, S1.4): learning a type by moving changes nothing, capturing a
 * piece known to be the queen gains a queen. Promoted pieces on the board count the mean. */
static int material(const HscState *s, int c, const unsigned types[16], const int16_t *w) {
    int v = w[HE_QUEEN] + 2 * (w[HE_ROOK] + w[HE_BISHOP] + w[HE_KNIGHT]) + w[HE_PAWN] * popcount(s->pawns[c]);
    for (int id = 0; id < 8 + s->n_promo[c]; id++) {
        bool onBoard = s->major_sq[c][id] != NO_SQ;
        if (id < 8 && !onBoard)
            v -= type_value(types[id], w);
        else if (id >= 8 && onBoard)
            v += type_value(types[id], w);
    }
    return v;
}

int hsc_eval_material(const HscPos *p) {
    unsigned types[2][16];
    const HscState *s = hsc_st(p);
    hsc_all_types(p, types);
    return material(s, s->stm, types[s->stm], HSC_EVAL_WEIGHTS) - material(s, !s->stm, types[!s->stm], HSC_EVAL_WEIGHTS);
}

int hsc_type_value(unsigned types) { return type_value(types, HSC_EVAL_WEIGHTS); }

/* Squares in front of sq for colour c, on sq's file and its neighbours. */
static Bitboard front_span(int c, int sq) {
    int r = sq_rank(sq), f = sq_file(sq);
    Bitboard files = file_bb(f) | (f > 0 ? file_bb(f - 1) : 0) | (f < 7 ? file_bb(f + 1) : 0);
    Bitboard ahead = c == WHITE ? (r < 7 ? ~0ULL << (8 * (r + 1)) : 0) : (r > 0 ? (1ULL << (8 * r)) - 1 : 0);
    return files & ahead;
}

static int pawn_structure(const HscState *s, int c, const int16_t *w) {
    Bitboard own = s->pawns[c], enemy = s->pawns[!c];
    int v = 0;
    for (int f = 0; f < 8; f++) {
        int n = popcount(own & file_bb(f));
        if (n > 1)
            v += w[HE_DOUBLED] * (n - 1);
        Bitboard adj = (f > 0 ? file_bb(f - 1) : 0) | (f < 7 ? file_bb(f + 1) : 0);
        if (n && !(own & adj))
            v += w[HE_ISOLATED] * n;
    }
    for (Bitboard b = own; b;) {
        int sq = pop_lsb(&b);
        if (!(front_span(c, sq) & enemy))
            v += w[HE_PASSED + relative_rank(c, sq_rank(sq))];
    }
    return v;
}

/* Attacks of one side: each major's by its possible types, and the pawns'. */
typedef struct {
    Bitboard piece[16], pawns, all;
} Attacks;

static void side_attacks(const HscState *s, int c, const unsigned types[16], Bitboard occ, Attacks *a) {
    a->pawns = pawn_attacks_bb(s->pawns[c], c);
    a->all = a->pawns;
    for (int id = 0; id < 16; id++) {
        int sq = s->major_sq[c][id];
        a->piece[id] = sq == NO_SQ ? 0 : hsc_reach(types[id], sq, occ);
        a->all |= a->piece[id];
    }
}

/* King safety over the candidates (the majors of c that may be the king): the mean over them
 * of the enemy attacks next to it, the own pawns in front of it and whether it is attacked (a
 * check in some world), plus how many candidates there are. */
static int king_safety(const HscState *s, int c, const unsigned types[16], const Attacks *enemy, const int16_t *w) {
    int n = 0, zone = 0, shield = 0, attacked = 0;
    for (int id = 0; id < 8; id++) {
        int sq = s->major_sq[c][id];
        if (sq == NO_SQ || !(types[id] & HSC_K))
            continue;
        n++;
        Bitboard ring = BB_KING[sq];
        for (int j = 0; j < 16; j++)
            zone += popcount(enemy->piece[j] & ring);
        zone += popcount(enemy->pawns & ring);
        shield += popcount(s->pawns[c] & ring & front_span(c, sq));
        attacked += (enemy->all & sq_bb(sq)) != 0;
    }
    if (!n)
        return 0;
    return w[HE_KING_CANDIDATES + n - 1] + (w[HE_KING_ZONE] * zone + w[HE_KING_SHIELD] * shield +
                                            w[HE_KING_ATTACKED] * attacked) / n;
}

/* Flexibility, mobility and majors attacked by pawns. */
static int pieces(const HscState *s, int c, const unsigned types[16], const Attacks *own, const Attacks *enemy,
                  const int16_t *w) {
    int v = 0;
    for (int id = 0; id < 16; id++) {
        int sq = s->major_sq[c][id];
        if (sq == NO_SQ)
            continue;
        int open = popcount(types[id] & HSC_PROMO_TYPES);
        if (open)
            v += w[HE_FLEX + open - 1];
        v += w[HE_MOBILITY] * popcount(own->piece[id] & ~s->by_color[c] & ~enemy->pawns);
        if (enemy->pawns & sq_bb(sq))
            v += w[HE_HANGING];
    }
    return v;
}

int hsc_evaluate_known(const HscPos *p, const unsigned types[2][16], const int16_t *w) {
    const HscState *s = hsc_st(p);
    Attacks att[2];
    Bitboard occ = s->by_color[WHITE] | s->by_color[BLACK];
    for (int c = 0; c < 2; c++)
        side_attacks(s, c, types[c], occ, &att[c]);
    int v = 0;
    for (int c = 0; c < 2; c++) {
        int sv = material(s, c, types[c], w) + pawn_structure(s, c, w) + king_safety(s, c, types[c], &att[!c], w) +
                 pieces(s, c, types[c], &att[c], &att[!c], w);
        v += c == WHITE ? sv : -sv;
    }
    return (s->stm == WHITE ? v : -v) + w[HE_TEMPO];
}

int hsc_evaluate_with(const HscPos *p, const int16_t *w) {
    unsigned types[2][16];
    hsc_all_types(p, types);
    return hsc_evaluate_known(p, types, w);
}

int hsc_evaluate(const HscPos *p) { return hsc_evaluate_with(p, HSC_EVAL_WEIGHTS); }
