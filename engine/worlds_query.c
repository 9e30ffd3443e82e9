/* Haft Schroedinger Chess: what a position says about its worlds (count, types, key, check)
 * and the game end (S3). Its text (S4) is worlds_text.c. */
#include <assert.h>
#include <string.h>
#include <xxhash.h>

#include "bitboard.h"
#include "worlds_internal.h"

/* In pair (kw, kb), colour c's own king and the enemy king. */
static inline int own_king(int c, int pair) { return c == WHITE ? pair >> 3 : pair & 7; }
static inline int enemy_king(int c, int pair) { return c == WHITE ? pair & 7 : pair >> 3; }

void worlds_live_union(const WorldsState *s, int c, uint64_t live, WorldsSet *u) {
    memset(u, 0, sizeof *u);
    for (uint64_t l = live; l;) {
        int pair = pop_lsb(&l), k = own_king(c, pair), k2 = enemy_king(c, pair);
        for (int i = k * WORLDS_BLOCK_WORDS; i < (k + 1) * WORLDS_BLOCK_WORDS; i++)
            u->w[i] |= s->side[c][k2].w[i];
    }
}

/* The types of `within` id has in the live worlds (a type outside `within` is not looked for). */
static unsigned union_types_within(const WorldsState *s, int c, int id, uint64_t live, const WorldsSet *u, unsigned within) {
    unsigned types = 0;
    if (id >= 8) {
        for (uint64_t l = live; l;)
            types |= s->promo[c][id - 8][enemy_king(c, pop_lsb(&l))];
        return types;
    }
    for (unsigned t = 1; t < 32; t <<= 1) {
        if (!(within & t))
            continue;
        const WorldsSet *m = worlds_type_mask(id, t);
        uint64_t x = 0;
        /* a block (one own king) at a time, to the first world where id has type t: a type
         * that is there is usually found in the first blocks, one that is not reads all 80 words */
        for (int b = 0; b < WORLDS_SET_WORDS && !x; b += WORLDS_BLOCK_WORDS)
            for (int i = b; i < b + WORLDS_BLOCK_WORDS; i++)
                x |= u->w[i] & m->w[i];
        if (x)
            types |= t;
    }
    return types;
}

unsigned worlds_union_types(const WorldsState *s, int c, int id, uint64_t live, const WorldsSet *u) {
    return union_types_within(s, c, id, live, u, WORLDS_ALL);
}

unsigned worlds_live_types(const WorldsState *s, int c, int id, uint64_t live) {
    WorldsSet u;
    if (id < 8)
        worlds_live_union(s, c, live, &u);
    return worlds_union_types(s, c, id, live, &u);
}

uint64_t worlds_known_live(WorldsState *s) {
    if (!(s->known & 1)) {
        s->live = worlds_live_pairs(s);
        s->known |= 1;
    }
    return s->live;
}

const uint8_t *worlds_known_types(WorldsState *s, int c) {
    if (!(s->known & (2 << c))) {
        uint64_t live = worlds_known_live(s);
        WorldsSet u;
        worlds_live_union(s, c, live, &u);
        /* the world set only shrinks along a line (S2.1): an identity's types are among those
         * it had before the move when the state carries them (WORLDS_TYPES_BOUND) */
        bool bound = s->known & (WORLDS_TYPES_BOUND << c);
        for (int id = 0; id < 16; id++)
            s->types[c][id] = (uint8_t)(id < 8 + s->n_promo[c]
                                            ? union_types_within(s, c, id, live, &u, bound ? s->types[c][id] : WORLDS_ALL)
                                            : 0);
        s->known |= (uint8_t)(2 << c);
    }
    return s->types[c];
}

uint64_t worlds_state_count(const WorldsState *s) {
    uint64_t total = 0;
    for (int kw = 0; kw < 8; kw++)
        for (int kb = 0; kb < 8; kb++) {
            uint64_t a = (uint64_t)worlds_block_count(&s->side[WHITE][kb], kw);
            if (!a)
                continue;
            uint64_t prod = a * (uint64_t)worlds_block_count(&s->side[BLACK][kw], kb);
            for (int p = 0; p < s->n_promo[WHITE]; p++)
                prod *= (uint64_t)__builtin_popcount(s->promo[WHITE][p][kb]);
            for (int p = 0; p < s->n_promo[BLACK]; p++)
                prod *= (uint64_t)__builtin_popcount(s->promo[BLACK][p][kw]);
            total += prod; /* at most 5040^2 * 4^16 < 2^57 */
        }
    return total;
}

uint64_t worlds_world_count(const WorldsPos *p) { return worlds_state_count(worlds_st(p)); }

unsigned worlds_types(const WorldsPos *p, int sq) {
    WorldsState *s = worlds_st(p);
    if (sq < 0 || sq >= 64 || !s->board[sq] || worlds_piece_id(s->board[sq]) == WORLDS_PAWN_ID)
        return 0;
    return worlds_known_types(s, worlds_piece_color(s->board[sq]))[worlds_piece_id(s->board[sq])];
}

unsigned worlds_identity_types(const WorldsPos *p, int c, int id) {
    WorldsState *s = worlds_st(p);
    if (id >= 8 + s->n_promo[c])
        return worlds_live_types(s, c, id, worlds_known_live(s)); /* as before: a promoted id not yet used */
    return worlds_known_types(s, c)[id];
}

void worlds_all_types(const WorldsPos *p, unsigned types[2][16]) {
    WorldsState *s = worlds_st(p);
    for (int c = 0; c < 2; c++) {
        const uint8_t *t = worlds_known_types(s, c);
        for (int id = 0; id < 16; id++)
            types[c][id] = t[id];
    }
}

/* The world set is the disjoint union over live king pairs of products; a non-empty product
 * determines its factors, so hashing each live pair's factors (after the live mask, which names
 * the pairs) is canonical. One XXH3 call over them all: a call per pair cost a fifth of a search
 * node's time with 64 live pairs (the opening). */
enum { PAIR_WORDS = 2 * WORLDS_BLOCK_WORDS + 2 };

/* A block's words: in WebAssembly one by one, not by memcpy, where a copy of 80 bytes becomes
 * memory.copy, which V8 runs as a call out of the module, dearer than the copy itself (a
 * schroedinger search in node 1.042x [1.027, 1.056] as fast); natively memcpy (one by one: 0.976x). */
static inline void copy_block(uint64_t *restrict dst, const uint64_t *restrict src) {
#ifdef __wasm__
    _Static_assert(WORLDS_BLOCK_WORDS == 10, "copy_block copies ten words");
    dst[0] = src[0], dst[1] = src[1], dst[2] = src[2], dst[3] = src[3], dst[4] = src[4];
    dst[5] = src[5], dst[6] = src[6], dst[7] = src[7], dst[8] = src[8], dst[9] = src[9];
#else
    memcpy(dst, src, WORLDS_BLOCK_WORDS * sizeof *dst);
#endif
}

static Key world_hash(WorldsState *s) {
    uint64_t buf[1 + 64 * PAIR_WORDS], live = worlds_known_live(s), *w = buf + 1;
    buf[0] = live;
    for (uint64_t l = live; l; w += PAIR_WORDS) {
        int pair = pop_lsb(&l), kw = pair >> 3, kb = pair & 7;
        copy_block(w, &s->side[WHITE][kb].w[kw * WORLDS_BLOCK_WORDS]);
        copy_block(w + WORLDS_BLOCK_WORDS, &s->side[BLACK][kw].w[kb * WORLDS_BLOCK_WORDS]);
        uint8_t pt[16] = {0};
        for (int p = 0; p < s->n_promo[WHITE]; p++)
            pt[p] = s->promo[WHITE][p][kb];
        for (int p = 0; p < s->n_promo[BLACK]; p++)
            pt[8 + p] = s->promo[BLACK][p][kw];
        memcpy(w + 2 * WORLDS_BLOCK_WORDS, pt, sizeof pt);
    }
    return XXH3_64bits(buf, (size_t)(w - buf) * sizeof *buf);
}

Key worlds_key(WorldsPos *p) {
    WorldsState *s = worlds_st(p);
    if (!s->key_valid) {
        s->world_key = world_hash(s);
        s->key_valid = 1;
    }
    return s->board_key ^ s->world_key;
}

int worlds_check_status(const WorldsPos *p) {
    static_assert(sizeof(WorldsState) < 16384, "WorldsState on the stack");
    const WorldsState *s = worlds_st(p);
    WorldsState safe = *s;
    /* The worlds in which the side to move's king is not attacked (S3.1). */
    worlds_apply_king_safety(&safe, s->stm);
    uint64_t all = worlds_state_count(s), ok = worlds_state_count(&safe);
    return ok == all ? WORLDS_CHECK_NONE : ok == 0 ? WORLDS_CHECK_ALL : WORLDS_CHECK_SOME;
}

/* S3.3: the world set only shrinks along a game (S2.1), so on one line equal counts mean
 * equal sets; the board key covers identities, side to move and the ep square. Counts the
 * earlier occurrences of the current position, stopping at `want`. */
static int occurrences(const WorldsPos *p, int want) {
    const WorldsState *s = worlds_st(p);
    uint64_t count = 0;
    int seen = 0;
    for (int i = p->top - 2; i >= 0 && i >= p->top - s->halfmove; i -= 2) {
        if (p->stack[i].board_key != s->board_key)
            continue;
        if (!count)
            count = worlds_state_count(s);
        if (worlds_state_count(&p->stack[i]) == count && ++seen >= want)
            break;
    }
    return seen;
}

static bool third_occurrence(const WorldsPos *p) { return occurrences(p, 2) >= 2; }

bool worlds_repeated(const WorldsPos *p) { return occurrences(p, 1) >= 1; }

int worlds_result(WorldsPos *p) {
    if (!worlds_has_legal_move(p)) /* S3.2 */
        return worlds_check_status(p) == WORLDS_CHECK_ALL ? WORLDS_CHECKMATE : WORLDS_STALEMATE;
    const WorldsState *s = worlds_st(p); /* after the legality tests: they may grow the stack */
    if (popcount(s->by_color[WHITE]) == 1 && popcount(s->by_color[BLACK]) == 1)
        return WORLDS_BARE;
    if (s->halfmove >= 100)
        return WORLDS_FIFTY;
    if (third_occurrence(p))
        return WORLDS_REPETITION;
    return WORLDS_ONGOING;
}
