/* Haft Schroedinger Chess: what a position says about its worlds (count, types, key, check)
 * and the game end (S3). Its text (S4) is hsc_text.c. */
#include <assert.h>
#include <string.h>
#include <xxhash.h>

#include "bitboard.h"
#include "hsc_internal.h"

/* In pair (kw, kb), colour c's own king and the enemy king. */
static inline int own_king(int c, int pair) { return c == WHITE ? pair >> 3 : pair & 7; }
static inline int enemy_king(int c, int pair) { return c == WHITE ? pair & 7 : pair >> 3; }

void hsc_live_union(const HscState *s, int c, uint64_t live, HscSet *u) {
    memset(u, 0, sizeof *u);
    for (uint64_t l = live; l;) {
        int pair = pop_lsb(&l), k = own_king(c, pair), k2 = enemy_king(c, pair);
        for (int i = k * HSC_BLOCK_WORDS; i < (k + 1) * HSC_BLOCK_WORDS; i++)
            u->w[i] |= s->side[c][k2].w[i];
    }
}

/* The types of `within` id has in the live worlds (a type outside `within` is not looked for). */
static unsigned union_types_within(const HscState *s, int c, int id, uint64_t live, const HscSet *u, unsigned within) {
    unsigned types = 0;
    if (id >= 8) {
        for (uint64_t l = live; l;)
            types |= s->promo[c][id - 8][enemy_king(c, pop_lsb(&l))];
        return types;
    }
    for (unsigned t = 1; t < 32; t <<= 1) {
        if (!(within & t))
            continue;
        const HscSet *m = hsc_type_mask(id, t);
        uint64_t x = 0;
        /* a block (one own king) at a time, to the first world where id has type t: a type
         * that is there is usually found in the first blocks, one that is not reads all 80 words */
        for (int b = 0; b < HSC_SET_WORDS && !x; b += HSC_BLOCK_WORDS)
            for (int i = b; i < b + HSC_BLOCK_WORDS; i++)
                x |= u->w[i] & m->w[i];
        if (x)
            types |= t;
    }
    return types;
}

unsigned hsc_union_types(const HscState *s, int c, int id, uint64_t live, const HscSet *u) {
    return union_types_within(s, c, id, live, u, HSC_ALL);
}

unsigned hsc_live_types(const HscState *s, int c, int id, uint64_t live) {
    HscSet u;
    if (id < 8)
        hsc_live_union(s, c, live, &u);
    return hsc_union_types(s, c, id, live, &u);
}

uint64_t hsc_known_live(HscState *s) {
    if (!(s->known & 1)) {
        s->live = hsc_live_pairs(s);
        s->known |= 1;
    }
    return s->live;
}

const uint8_t *hsc_known_types(HscState *s, int c) {
    if (!(s->known & (2 << c))) {
        uint64_t live = hsc_known_live(s);
        HscSet u;
        hsc_live_union(s, c, live, &u);
        /* the world set only shrinks along a line (S2.1): an identity's types are among those
         * it had before the move when the state carries them (HSC_TYPES_BOUND) */
        bool bound = s->known & (HSC_TYPES_BOUND << c);
        for (int id = 0; id < 16; id++)
            s->types[c][id] = (uint8_t)(id < 8 + s->n_promo[c]
                                            ? union_types_within(s, c, id, live, &u, bound ? s->types[c][id] : HSC_ALL)
                                            : 0);
        s->known |= (uint8_t)(2 << c);
    }
    return s->types[c];
}

uint64_t hsc_state_count(const HscState *s) {
    uint64_t total = 0;
    for (int kw = 0; kw < 8; kw++)
        for (int kb = 0; kb < 8; kb++) {
            uint64_t a = (uint64_t)hsc_block_count(&s->side[WHITE][kb], kw);
            if (!a)
                continue;
            uint64_t prod = a * (uint64_t)hsc_block_count(&s->side[BLACK][kw], kb);
            for (int p = 0; p < s->n_promo[WHITE]; p++)
                prod *= (uint64_t)__builtin_popcount(s->promo[WHITE][p][kb]);
            for (int p = 0; p < s->n_promo[BLACK]; p++)
                prod *= (uint64_t)__builtin_popcount(s->promo[BLACK][p][kw]);
            total += prod; /* at most 5040^2 * 4^16 < 2^57 */
        }
    return total;
}

uint64_t hsc_world_count(const HscPos *p) { return hsc_state_count(hsc_st(p)); }

unsigned hsc_types(const HscPos *p, int sq) {
    HscState *s = hsc_st(p);
    if (sq < 0 || sq >= 64 || !s->board[sq] || hsc_piece_id(s->board[sq]) == HSC_PAWN_ID)
        return 0;
    return hsc_known_types(s, hsc_piece_color(s->board[sq]))[hsc_piece_id(s->board[sq])];
}

unsigned hsc_identity_types(const HscPos *p, int c, int id) {
    HscState *s = hsc_st(p);
    if (id >= 8 + s->n_promo[c])
        return hsc_live_types(s, c, id, hsc_known_live(s)); /* as before: a promoted id not yet used */
    return hsc_known_types(s, c)[id];
}

void hsc_all_types(const HscPos *p, unsigned types[2][16]) {
    HscState *s = hsc_st(p);
    for (int c = 0; c < 2; c++) {
        const uint8_t *t = hsc_known_types(s, c);
        for (int id = 0; id < 16; id++)
            types[c][id] = t[id];
    }
}

/* The world set is the disjoint union over live king pairs of products; a non-empty product
 * determines its factors, so hashing each live pair's factors (after the live mask, which names
 * the pairs) is canonical. One XXH3 call over them all: a call per pair cost a fifth of a search
 * node's time with 64 live pairs (the opening). */
enum { PAIR_WORDS = 2 * HSC_BLOCK_WORDS + 2 };

static Key world_hash(HscState *s) {
    uint64_t buf[1 + 64 * PAIR_WORDS], live = hsc_known_live(s), *w = buf + 1;
    buf[0] = live;
    for (uint64_t l = live; l; w += PAIR_WORDS) {
        int pair = pop_lsb(&l), kw = pair >> 3, kb = pair & 7;
        memcpy(w, &s->side[WHITE][kb].w[kw * HSC_BLOCK_WORDS], HSC_BLOCK_WORDS * 8);
        memcpy(w + HSC_BLOCK_WORDS, &s->side[BLACK][kw].w[kb * HSC_BLOCK_WORDS], HSC_BLOCK_WORDS * 8);
        uint8_t pt[16] = {0};
        for (int p = 0; p < s->n_promo[WHITE]; p++)
            pt[p] = s->promo[WHITE][p][kb];
        for (int p = 0; p < s->n_promo[BLACK]; p++)
            pt[8 + p] = s->promo[BLACK][p][kw];
        memcpy(w + 2 * HSC_BLOCK_WORDS, pt, sizeof pt);
    }
    return XXH3_64bits(buf, (size_t)(w - buf) * sizeof *buf);
}

Key hsc_key(HscPos *p) {
    HscState *s = hsc_st(p);
    if (!s->key_valid) {
        s->world_key = world_hash(s);
        s->key_valid = 1;
    }
    return s->board_key ^ s->world_key;
}

int hsc_check_status(const HscPos *p) {
    static_assert(sizeof(HscState) < 16384, "HscState on the stack");
    const HscState *s = hsc_st(p);
    HscState safe = *s;
    /* The worlds in which the side to move's king is not attacked (S3.1). */
    hsc_apply_king_safety(&safe, s->stm);
    uint64_t all = hsc_state_count(s), ok = hsc_state_count(&safe);
    return ok == all ? HSC_CHECK_NONE : ok == 0 ? HSC_CHECK_ALL : HSC_CHECK_SOME;
}

/* S3.3: the world set only shrinks along a game (S2.1), so on one line equal counts mean
 * equal sets; the board key covers identities, side to move and the ep square. Counts the
 * earlier occurrences of the current position, stopping at `want`. */
static int occurrences(const HscPos *p, int want) {
    const HscState *s = hsc_st(p);
    uint64_t count = 0;
    int seen = 0;
    for (int i = p->top - 2; i >= 0 && i >= p->top - s->halfmove; i -= 2) {
        if (p->stack[i].board_key != s->board_key)
            continue;
        if (!count)
            count = hsc_state_count(s);
        if (hsc_state_count(&p->stack[i]) == count && ++seen >= want)
            break;
    }
    return seen;
}

static bool third_occurrence(const HscPos *p) { return occurrences(p, 2) >= 2; }

bool hsc_repeated(const HscPos *p) { return occurrences(p, 1) >= 1; }

int hsc_result(HscPos *p) {
    if (!hsc_has_legal_move(p)) /* S3.2 */
        return hsc_check_status(p) == HSC_CHECK_ALL ? HSC_CHECKMATE : HSC_STALEMATE;
    const HscState *s = hsc_st(p); /* after the legality tests: they may grow the stack */
    if (popcount(s->by_color[WHITE]) == 1 && popcount(s->by_color[BLACK]) == 1)
        return HSC_BARE;
    if (s->halfmove >= 100)
        return HSC_FIFTY;
    if (third_occurrence(p))
        return HSC_REPETITION;
    return HSC_ONGOING;
}
