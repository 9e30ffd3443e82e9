/* Haft Schroedinger evaluation: material over the still-possible types, king candidates,
 * flexibility, pawn structure and mobility. Every term is a weight times a count, white minus
 * black (eval/worlds.h lists them), summed in 1/840ths so that means stay exact and the tuner's trace
 * (worlds_trace) is the evaluation itself. Weights tuned on self-play (see the table). */
#include "worlds.h"

#include <string.h>

#include "../engine/bitboard.h"

/* Tuned on self-play (issue 11 item 4; docs/dev/schroedinger.md, "Eval tuning"): texel --variant
 * schroedinger, LAMBDA 0.001, 2000 epochs, on 1,000 games of qec against itself at 1,200 nodes per
 * decision (bench/worlds_data.sh, seed 21: 117,774 quiet positions, every tenth game held out;
 * held-out error 0.0958 -> 0.0939), starting from the hand-set table (pawn 100, Q 900, R 500, B
 * 330, N 320, flexibility 0/8/14/18, king candidates -30/-12/-4, zone -6, shield 8, attacked -20,
 * mobility 2, passed 5..100, doubled -12, isolated -10, hanging -10, tempo 10). Against that table:
 * +49.8 +- 30.8 Elo (400 games at 2,000 nodes). LAMBDA 0 fitted the held-out games better (0.0927)
 * but lost -39.1 +- 30.3 (375 games): it moved weights far (a queen 1059, eight king candidates
 * +201) on correlations of 1,000 games. */
const int16_t WORLDS_EVAL_WEIGHTS[HE_NTERMS] = {
    [HE_PAWN] = 100,
    [HE_QUEEN] = 917,
    [HE_ROOK] = 519,
    [HE_BISHOP] = 288,
    [HE_KNIGHT] = 305,
    [HE_FLEX + 0] = -23,
    [HE_FLEX + 1] = 9,
    [HE_FLEX + 2] = 28,
    [HE_FLEX + 3] = 30,
    [HE_KING_CANDIDATES + 0] = -54,
    [HE_KING_CANDIDATES + 1] = -6,
    [HE_KING_CANDIDATES + 2] = 4,
    [HE_KING_CANDIDATES + 3] = 12,
    [HE_KING_CANDIDATES + 4] = -7,
    [HE_KING_CANDIDATES + 5] = -10,
    [HE_KING_CANDIDATES + 6] = 9,
    [HE_KING_CANDIDATES + 7] = 6,
    [HE_KING_ZONE] = -3,
    [HE_KING_SHIELD] = 16,
    [HE_KING_ATTACKED] = -20,
    [HE_MOBILITY] = 1,
    [HE_PASSED + 0] = 0,
    [HE_PASSED + 1] = 11,
    [HE_PASSED + 2] = 15,
    [HE_PASSED + 3] = 15,
    [HE_PASSED + 4] = 40,
    [HE_PASSED + 5] = 70,
    [HE_PASSED + 6] = 101,
    [HE_PASSED + 7] = 0,
    [HE_DOUBLED] = -25,
    [HE_ISOLATED] = -13,
    [HE_HANGING] = -24,
    [HE_TEMPO] = 10,
};

/* The baselines' fixed measure (pawn, queen, rook, bishop, knight): Policy greedy and minimax2
 * must not change when the eval's weights are tuned, and move ordering keeps its scale. */
static const int MEASURE[5] = {100, 900, 500, 330, 320};

/* The mean of the non-king types in `types` at the fixed measure; 0 for a piece that can only
 * be the king: its value is the game, not material. */
static int measure_type(unsigned types) {
    int sum = 0, n = 0;
    for (int t = 1; t < 5; t++)
        if (types & (1u << t))
            sum += MEASURE[t], n++;
    return n ? sum / n : 0;
}

static int measure_side(const WorldsState *s, int c, const unsigned types[16]) {
    int v = MEASURE[1] + 2 * (MEASURE[2] + MEASURE[3] + MEASURE[4]) + MEASURE[0] * popcount(s->pawns[c]);
    for (int id = 0; id < 8 + s->n_promo[c]; id++) {
        bool onBoard = s->major_sq[c][id] != NO_SQ;
        if (id < 8 && !onBoard)
            v -= measure_type(types[id]);
        else if (id >= 8 && onBoard)
            v += measure_type(types[id]);
    }
    return v;
}

int worlds_eval_material(const WorldsPos *p) {
    unsigned types[2][16];
    const WorldsState *s = worlds_st(p);
    worlds_all_types(p, types);
    return measure_side(s, s->stm, types[s->stm]) - measure_side(s, !s->stm, types[!s->stm]);
}

int worlds_type_value(unsigned types) { return measure_type(types); }

/* The evaluation's one path: every term goes through add(), which sums weight x count (counts
 * in 1/WORLDS_EVAL_SCALE, white's terms positive) and, for the tuner, the count itself. */
typedef struct {
    const int16_t *w;
    int32_t *coef; /* NULL: the value only */
    int64_t v;
    int sign; /* +1 while white's terms are added, -1 for black's */
} Acc;

static inline void add(Acc *a, int term, int count) {
    a->v += (int64_t)a->w[term] * count * a->sign;
    if (a->coef)
        a->coef[term] += count * a->sign;
}

/* A major of these types counts the mean of its non-king types (weights HE_QUEEN..HE_KNIGHT),
 * times dir (+1 or -1). */
static void add_type_mean(Acc *a, unsigned types, int dir) {
    int n = popcount(types & WORLDS_PROMO_TYPES);
    for (int t = 1; t < 5 && n; t++)
        if (types & (1u << t))
            add(a, HE_QUEEN + t - 1, dir * WORLDS_EVAL_SCALE / n);
}

/* Whatever the world, a side's eight original majors are Q + 2R + 2B + 2N (S1.2), so the
 * originals still on the board are worth that total minus what the captured ones were (each the
 * mean of its possible types, S1.4): learning a type by moving changes nothing, capturing a
 * piece known to be the queen gains a queen. Promoted pieces on the board count the mean. */
static void material(Acc *a, const WorldsState *s, int c, const unsigned types[16]) {
    add(a, HE_QUEEN, WORLDS_EVAL_SCALE);
    add(a, HE_ROOK, 2 * WORLDS_EVAL_SCALE);
    add(a, HE_BISHOP, 2 * WORLDS_EVAL_SCALE);
    add(a, HE_KNIGHT, 2 * WORLDS_EVAL_SCALE);
    add(a, HE_PAWN, WORLDS_EVAL_SCALE * popcount(s->pawns[c]));
    for (int id = 0; id < 8 + s->n_promo[c]; id++) {
        bool onBoard = s->major_sq[c][id] != NO_SQ;
        if (id < 8 && !onBoard)
            add_type_mean(a, types[id], -1);
        else if (id >= 8 && onBoard)
            add_type_mean(a, types[id], 1);
    }
}

static void pawn_structure(Acc *a, const WorldsState *s, int c) {
    Bitboard own = s->pawns[c], enemy = s->pawns[!c];
    for (int f = 0; f < 8; f++) {
        int n = popcount(own & file_bb(f));
        if (n > 1)
            add(a, HE_DOUBLED, WORLDS_EVAL_SCALE * (n - 1));
        Bitboard adj = BB_ADJACENT_FILES[f];
        if (n && !(own & adj))
            add(a, HE_ISOLATED, WORLDS_EVAL_SCALE * n);
    }
    for (Bitboard b = own; b;) {
        int sq = pop_lsb(&b);
        if (!(BB_FRONT_SPAN[c][sq] & enemy))
            add(a, HE_PASSED + relative_rank(c, sq_rank(sq)), WORLDS_EVAL_SCALE);
    }
}

/* Attacks of one side: each major's by its possible types, and the pawns'. */
typedef struct {
    Bitboard piece[16], pawns, all;
} Attacks;

static void side_attacks(const WorldsState *s, int c, const unsigned types[16], Bitboard occ, Attacks *a) {
    a->pawns = pawn_attacks_bb(s->pawns[c], c);
    a->all = a->pawns;
    for (int id = 0; id < 16; id++) {
        int sq = s->major_sq[c][id];
        a->piece[id] = sq == NO_SQ ? 0 : worlds_reach(types[id], sq, occ);
        a->all |= a->piece[id];
    }
}

/* King safety over the candidates (the majors of c that may be the king): the mean over them
 * of the enemy attacks next to it, the own pawns in front of it and whether it is attacked (a
 * check in some world), plus how many candidates there are. */
static void king_safety(Acc *a, const WorldsState *s, int c, const unsigned types[16], const Attacks *enemy) {
    int n = 0, zone = 0, shield = 0, attacked = 0;
    for (int id = 0; id < 8; id++) {
        int sq = s->major_sq[c][id];
        if (sq == NO_SQ || !(types[id] & WORLDS_K))
            continue;
        n++;
        Bitboard ring = BB_KING[sq];
        for (int j = 0; j < 16; j++)
            zone += popcount(enemy->piece[j] & ring);
        zone += popcount(enemy->pawns & ring);
        shield += popcount(s->pawns[c] & ring & BB_FRONT_SPAN[c][sq]);
        attacked += (enemy->all & sq_bb(sq)) != 0;
    }
    if (!n)
        return;
    add(a, HE_KING_CANDIDATES + n - 1, WORLDS_EVAL_SCALE);
    add(a, HE_KING_ZONE, zone * (WORLDS_EVAL_SCALE / n));
    add(a, HE_KING_SHIELD, shield * (WORLDS_EVAL_SCALE / n));
    add(a, HE_KING_ATTACKED, attacked * (WORLDS_EVAL_SCALE / n));
}

/* Flexibility, mobility and majors attacked by pawns. */
static void pieces(Acc *a, const WorldsState *s, int c, const unsigned types[16], const Attacks *own,
                   const Attacks *enemy) {
    for (int id = 0; id < 16; id++) {
        int sq = s->major_sq[c][id];
        if (sq == NO_SQ)
            continue;
        int open = popcount(types[id] & WORLDS_PROMO_TYPES);
        if (open)
            add(a, HE_FLEX + open - 1, WORLDS_EVAL_SCALE);
        add(a, HE_MOBILITY, WORLDS_EVAL_SCALE * popcount(own->piece[id] & ~s->by_color[c] & ~enemy->pawns));
        if (enemy->pawns & sq_bb(sq))
            add(a, HE_HANGING, WORLDS_EVAL_SCALE);
    }
}

/* Every term of both sides into a, from the side to move's view. */
static void evaluate(Acc *a, const WorldsPos *p, const unsigned types[2][16]) {
    const WorldsState *s = worlds_st(p);
    Attacks att[2];
    Bitboard occ = s->by_color[WHITE] | s->by_color[BLACK];
    for (int c = 0; c < 2; c++)
        side_attacks(s, c, types[c], occ, &att[c]);
    for (int c = 0; c < 2; c++) {
        a->sign = (c == s->stm) ? 1 : -1;
        material(a, s, c, types[c]);
        pawn_structure(a, s, c);
        king_safety(a, s, c, types[c], &att[!c]);
        pieces(a, s, c, types[c], &att[c], &att[!c]);
    }
    a->sign = 1;
    add(a, HE_TEMPO, WORLDS_EVAL_SCALE);
}

/* To the nearest centipawn, halves away from zero (so that colour-mirrored positions get
 * opposite values). */
int worlds_eval_round(int64_t scaled) {
    return scaled >= 0 ? (int)((scaled + WORLDS_EVAL_SCALE / 2) / WORLDS_EVAL_SCALE)
                       : -(int)((-scaled + WORLDS_EVAL_SCALE / 2) / WORLDS_EVAL_SCALE);
}

int worlds_evaluate_known(const WorldsPos *p, const unsigned types[2][16], const int16_t *w) {
    Acc a = {.w = w};
    evaluate(&a, p, types);
    return worlds_eval_round(a.v);
}

int worlds_evaluate_with(const WorldsPos *p, const int16_t *w) {
    unsigned types[2][16];
    worlds_all_types(p, types);
    return worlds_evaluate_known(p, types, w);
}

int worlds_evaluate(const WorldsPos *p) { return worlds_evaluate_with(p, WORLDS_EVAL_WEIGHTS); }

void worlds_trace(const WorldsPos *p, int32_t coef[HE_NTERMS]) {
    unsigned types[2][16];
    worlds_all_types(p, types);
    memset(coef, 0, sizeof(int32_t) * HE_NTERMS);
    Acc a = {.w = WORLDS_EVAL_WEIGHTS, .coef = coef};
    evaluate(&a, p, types);
}
