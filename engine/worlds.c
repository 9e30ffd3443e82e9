/* Haft Schroedinger Chess: tables, the start position, candidate moves, do/undo with the
 * incremental narrowing of the world sets (S1.3, S2.1), perft. Counting, types, keys, results
 * and text are in worlds_query.c. */
#include "worlds_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "bitboard.h"

/* Read-only after worlds_init(). */
static WorldsSet TYPE_MASK[8][32];
static WorldsSet FULL_SET;
static Key Z_WORLDS[2][17][64];
static Key Z_WORLDS_EP[65];
static Key Z_WORLDS_SIDE;

static const int TYPE_BIT[5] = {WORLDS_K, WORLDS_Q, WORLDS_R, WORLDS_B, WORLDS_N};

const WorldsSet *worlds_type_mask(int id, unsigned types) { return &TYPE_MASK[id][types & WORLDS_ALL]; }

/* Enumerates the arrangements of the multiset left[] (counts of Q, R, B, N) over the identities
 * slots[0..n), in lexicographic order, setting each assignment's bit in the masks. */
static void enumerate(int king, const int *slots, int n, int depth, int *left, int *types, int *r) {
    if (depth == n) {
        int bit = king * WORLDS_BLOCK_BITS + *r;
        (*r)++;
        FULL_SET.w[bit / 64] |= 1ULL << (bit % 64);
        TYPE_MASK[king][WORLDS_K].w[bit / 64] |= 1ULL << (bit % 64);
        for (int i = 0; i < n; i++)
            TYPE_MASK[slots[i]][TYPE_BIT[types[i]]].w[bit / 64] |= 1ULL << (bit % 64);
        return;
    }
    for (int t = 1; t < 5; t++) {
        if (!left[t])
            continue;
        left[t]--;
        types[depth] = t;
        enumerate(king, slots, n, depth + 1, left, types, r);
        left[t]++;
    }
}

static void init_once(void) {
    bb_init();
    for (int k = 0; k < 8; k++) {
        int slots[7], n = 0, r = 0, types[7];
        int left[5] = {0, 1, 2, 2, 2}; /* K Q R B N: the king is identity k (S1.2) */
        for (int i = 0; i < 8; i++)
            if (i != k)
                slots[n++] = i;
        enumerate(k, slots, n, 0, left, types, &r);
    }
    /* Unions over the single-type masks: TYPE_MASK[i][T] for every T. */
    for (int i = 0; i < 8; i++)
        for (unsigned T = 1; T < 32; T++) {
            if (!(T & (T - 1)))
                continue;
            for (int w = 0; w < WORLDS_SET_WORDS; w++) {
                uint64_t x = 0;
                for (int t = 0; t < 5; t++)
                    if (T & TYPE_BIT[t])
                        x |= TYPE_MASK[i][TYPE_BIT[t]].w[w];
                TYPE_MASK[i][T].w[w] = x;
            }
        }
    for (int c = 0; c < 2; c++)
        for (int id = 0; id < 17; id++)
            for (int s = 0; s < 64; s++) {
                uint64_t in[4] = {0x45C1, (uint64_t)c, (uint64_t)id, (uint64_t)s};
                Z_WORLDS[c][id][s] = XXH64(in, sizeof in, 0x5C0D);
            }
    for (int s = 0; s < 65; s++) {
        uint64_t in[2] = {0x45C2, (uint64_t)s};
        Z_WORLDS_EP[s] = s == NO_SQ ? 0 : XXH64(in, sizeof in, 0x5C0D);
    }
    uint64_t in[1] = {0x45C3};
    Z_WORLDS_SIDE = XXH64(in, sizeof in, 0x5C0D);
}

void worlds_init(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, init_once);
}

/* ---- board edits (keys follow) ---- */

static void put_piece(WorldsState *s, int sq, int c, int id) {
    s->board[sq] = (uint8_t)(1 + (c << 5 | id));
    s->by_color[c] |= sq_bb(sq);
    if (id == WORLDS_PAWN_ID)
        s->pawns[c] |= sq_bb(sq);
    else
        s->major_sq[c][id] = (uint8_t)sq;
    s->board_key ^= Z_WORLDS[c][id][sq];
}

static void remove_piece(WorldsState *s, int sq) {
    int pc = s->board[sq], c = worlds_piece_color(pc), id = worlds_piece_id(pc);
    s->board[sq] = WORLDS_EMPTY;
    s->by_color[c] &= ~sq_bb(sq);
    s->pawns[c] &= ~sq_bb(sq);
    if (id != WORLDS_PAWN_ID)
        s->major_sq[c][id] = NO_SQ;
    s->board_key ^= Z_WORLDS[c][id][sq];
}

static void start_state(WorldsState *s) {
    memset(s, 0, sizeof *s);
    memset(s->major_sq, NO_SQ, sizeof s->major_sq);
    for (int c = 0; c < 2; c++)
        for (int k = 0; k < 8; k++)
            s->side[c][k] = FULL_SET;
    for (int f = 0; f < 8; f++) {
        put_piece(s, make_sq(f, 0), WHITE, f);
        put_piece(s, make_sq(f, 1), WHITE, WORLDS_PAWN_ID);
        put_piece(s, make_sq(f, 6), BLACK, WORLDS_PAWN_ID);
        put_piece(s, make_sq(f, 7), BLACK, f);
    }
    s->stm = WHITE;
    s->ep = NO_SQ;
}

bool worlds_pos_init(WorldsPos *p) {
    worlds_init();
    p->cap = 8; /* doubled as play goes deeper (reserve): a session that never searches stays small */
    p->stack = malloc((size_t)p->cap * sizeof *p->stack);
    if (!p->stack) {
        p->cap = 0;
        return false;
    }
    worlds_pos_reset(p);
    return true;
}

void worlds_pos_free(WorldsPos *p) {
    free(p->stack);
    p->stack = NULL;
    p->cap = p->top = 0;
}

bool worlds_pos_copy(WorldsPos *dst, const WorldsPos *src) {
    WorldsState *st = malloc((size_t)src->cap * sizeof *st);
    dst->stack = NULL;
    dst->cap = dst->top = 0;
    if (!st)
        return false;
    memcpy(st, src->stack, (size_t)(src->top + 1) * sizeof *st);
    dst->stack = st;
    dst->cap = src->cap;
    dst->top = src->top;
    return true;
}

void worlds_pos_reset(WorldsPos *p) {
    p->top = 0;
    start_state(&p->stack[0]);
}

/* ---- types and reach ---- */

Bitboard worlds_reach(unsigned types, int sq, Bitboard occ) {
    Bitboard r = 0;
    if (types & WORLDS_K)
        r |= BB_KING[sq];
    if (types & WORLDS_N)
        r |= BB_KNIGHT[sq];
    if (types & (WORLDS_R | WORLDS_Q))
        r |= rook_attacks(sq, occ);
    if (types & (WORLDS_B | WORLDS_Q))
        r |= bishop_attacks(sq, occ);
    return r;
}

static void and_set(WorldsSet *a, const WorldsSet *m) {
    for (int i = 0; i < WORLDS_SET_WORDS; i++)
        a->w[i] &= m->w[i];
}

/* One-sided restriction: piece id of colour c has a type in T, whatever the enemy king. */
static void restrict_piece(WorldsState *s, int c, int id, unsigned T) {
    if (id < 8)
        for (int k = 0; k < 8; k++)
            and_set(&s->side[c][k], &TYPE_MASK[id][T]);
    else
        for (int k = 0; k < 8; k++)
            s->promo[c][id - 8][k] &= (uint8_t)T;
}

void worlds_apply_king_safety(WorldsState *s, int us) {
    int them = !us;
    Bitboard occ = s->by_color[WHITE] | s->by_color[BLACK];
    Bitboard majors = s->by_color[them] & ~s->pawns[them];
    for (int k = 0; k < 8; k++) {
        int sk = s->major_sq[us][k];
        if (sk == NO_SQ)
            continue;
        if (BB_PAWN_ATTACKS[us][sk] & s->pawns[them]) {
            /* A pawn attacker is world-independent: "k is not us's king". */
            for (int k2 = 0; k2 < 8; k2++)
                memset(&s->side[us][k2].w[k * WORLDS_BLOCK_WORDS], 0, WORLDS_BLOCK_WORDS * sizeof(uint64_t));
            continue;
        }
        Bitboard att = (BB_KING[sk] | BB_KNIGHT[sk] | rook_attacks(sk, occ) | bishop_attacks(sk, occ)) & majors;
        while (att) {
            int sj = pop_lsb(&att), j = worlds_piece_id(s->board[sj]);
            /* "if us's king is k, then j is none of the types that attack sk". */
            unsigned allowed = WORLDS_ALL & ~worlds_pattern_types(sj, sk, occ);
            if (j < 8)
                and_set(&s->side[them][k], &TYPE_MASK[j][allowed]);
            else
                s->promo[them][j - 8][k] &= (uint8_t)allowed;
        }
    }
}

/* The enemy king identities k' under which every promoted piece of c keeps a type (S1.2). */
static unsigned promo_ok(const WorldsState *s, int c) {
    unsigned ok = 0xFF;
    for (int p = 0; p < s->n_promo[c]; p++)
        for (int k2 = 0; k2 < 8; k2++)
            if (!s->promo[c][p][k2])
                ok &= ~(1u << k2);
    return ok;
}

/* worlds_live_pairs(s) != 0, stopping at the first live pair (the legality test). */
static bool any_live_pair(const WorldsState *s) {
    unsigned ok[2] = {promo_ok(s, WHITE), promo_ok(s, BLACK)};
    for (int kw = 0; kw < 8; kw++) {
        if (s->major_sq[WHITE][kw] == NO_SQ || !(ok[BLACK] >> kw & 1))
            continue;
        for (int kb = 0; kb < 8; kb++)
            if (s->major_sq[BLACK][kb] != NO_SQ && (ok[WHITE] >> kb & 1) &&
                !worlds_block_empty(&s->side[WHITE][kb], kw) && !worlds_block_empty(&s->side[BLACK][kw], kb))
                return true;
    }
    return false;
}

uint64_t worlds_live_pairs(const WorldsState *s) {
    unsigned nz[2][8], ok[2] = {promo_ok(s, WHITE), promo_ok(s, BLACK)};
    for (int c = 0; c < 2; c++)
        for (int k2 = 0; k2 < 8; k2++) {
            nz[c][k2] = 0;
            for (int k = 0; k < 8; k++)
                if (s->major_sq[c][k] != NO_SQ && !worlds_block_empty(&s->side[c][k2], k))
                    nz[c][k2] |= 1u << k;
        }
    uint64_t live = 0;
    for (int kw = 0; kw < 8; kw++)
        for (int kb = 0; kb < 8; kb++)
            if ((nz[WHITE][kb] >> kw & 1) && (nz[BLACK][kw] >> kb & 1) && (ok[WHITE] >> kb & 1) &&
                (ok[BLACK] >> kw & 1))
                live |= 1ULL << (kw * 8 + kb);
    return live;
}

/* ---- candidates (S2.2) ---- */

static int add_targets(Move *list, int n, int from, Bitboard targets, int flag) {
    while (targets)
        list[n++] = make_move(from, pop_lsb(&targets), flag);
    return n;
}

static int gen_pawns(const WorldsState *s, Bitboard pawns, Move *list, int n) {
    int us = s->stm, them = !us, up = us == WHITE ? 8 : -8;
    Bitboard occ = s->by_color[WHITE] | s->by_color[BLACK];
    Bitboard last = rank_bb(relative_rank(us, 7));
    for (Bitboard b = pawns; b;) {
        int from = pop_lsb(&b), to = from + up;
        Bitboard t = BB_PAWN_ATTACKS[us][from] & s->by_color[them];
        if (!(occ & sq_bb(to))) {
            t |= sq_bb(to);
            if (sq_rank(from) == relative_rank(us, 1) && !(occ & sq_bb(to + up)))
                t |= sq_bb(to + up);
        }
        n = add_targets(list, n, from, t & ~last, MF_NORMAL);
        n = add_targets(list, n, from, t & last, MF_PROMO); /* S2.5: one move, no type */
        if (s->ep != NO_SQ && (BB_PAWN_ATTACKS[us][from] & sq_bb(s->ep)))
            list[n++] = make_move(from, s->ep, MF_EP); /* S2.4 */
    }
    return n;
}

int worlds_gen_candidates(const WorldsPos *p, Move *list) {
    const WorldsState *s = worlds_st(p);
    int us = s->stm, n = 0;
    Bitboard occ = s->by_color[WHITE] | s->by_color[BLACK];
    const uint8_t *known = worlds_known_types(worlds_st(p), us);
    for (int id = 0; id < 16; id++) {
        int sq = s->major_sq[us][id];
        if (sq == NO_SQ)
            continue;
        unsigned types = known[id];
        n = add_targets(list, n, sq, worlds_reach(types, sq, occ) & ~s->by_color[us], MF_NORMAL);
    }
    return gen_pawns(s, s->pawns[us], list, n);
}

/* ---- do / undo ---- */

static bool reserve(WorldsPos *p) {
    if (p->top + 1 < p->cap)
        return true;
    int cap = p->cap * 2;
    WorldsState *st = realloc(p->stack, (size_t)cap * sizeof *st);
    if (!st)
        return false;
    p->stack = st;
    p->cap = cap;
    return true;
}

/* Plays m on s (a copy of the position before it); false when no world stays consistent. */
static bool apply(WorldsState *s, Move m) {
    int us = s->stm, them = !us, from = move_from(m), to = move_to(m);
    int id = worlds_piece_id(s->board[from]);
    bool pawn = id == WORLDS_PAWN_ID;
    Bitboard occ = s->by_color[WHITE] | s->by_color[BLACK];
    int capsq = move_flag(m) == MF_EP ? to - (us == WHITE ? 8 : -8) : to;
    int cap = s->board[capsq];
    s->key_valid = s->known = 0;
    if (!pawn) {
        unsigned t = worlds_pattern_types(from, to, occ); /* S1.3: the board as it stood */
        if (!t)
            return false;
        restrict_piece(s, us, id, t);
    }
    if (cap) {
        int j = worlds_piece_id(cap);
        if (j < 8) /* S2.3: a captured major was not the king (implied by S1.3, kept explicit) */
            restrict_piece(s, them, j, WORLDS_ALL & ~WORLDS_K);
        remove_piece(s, capsq);
    }
    remove_piece(s, from);
    if (pawn && (sq_bb(to) & rank_bb(relative_rank(us, 7)))) {
        int p = s->n_promo[us]++; /* S2.5: an unknown major with types Q R B N */
        memset(s->promo[us][p], WORLDS_PROMO_TYPES, 8);
        id = 8 + p;
    }
    put_piece(s, to, us, id);
    s->board_key ^= Z_WORLDS_EP[s->ep] ^ Z_WORLDS_SIDE;
    s->ep = pawn && (to - from == 16 || from - to == 16) ? (uint8_t)((from + to) / 2) : NO_SQ;
    s->board_key ^= Z_WORLDS_EP[s->ep];
    s->halfmove = (pawn || cap) ? 0 : s->halfmove + 1;
    s->ply++;
    s->move = m;
    s->captured = (uint8_t)cap;
    s->stm = (uint8_t)them;
    worlds_apply_king_safety(s, us);
    return any_live_pair(s);
}

/* Whether m is a move of the side to move's pieces at all: a major's move to a square not its
 * own (its pattern and the worlds decide the rest), or one of a pawn's classical moves with the
 * right flag. Any 16-bit value can come in (a TT move, a corrupt list): never trust it. */
static bool well_formed(const WorldsState *s, Move m) {
    int from = move_from(m), to = move_to(m), pc = s->board[from];
    if (!pc || worlds_piece_color(pc) != s->stm || (s->by_color[s->stm] & sq_bb(to)))
        return false;
    if (worlds_piece_id(pc) != WORLDS_PAWN_ID)
        return move_flag(m) == MF_NORMAL;
    Move list[8];
    int n = gen_pawns(s, sq_bb(from), list, 0);
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return true;
    return false;
}

bool worlds_is_legal(WorldsPos *p, Move m) { return well_formed(worlds_st(p), m) && worlds_legal_after(worlds_st(p), m, ~0ULL); }

/* Equal sets: memcmp natively; in WebAssembly blocks of 16 words with no exit inside a block,
 * which the compiler vectorises: emscripten's libc memcmp compares byte by byte, and comparing
 * the 5 KB of a side's sets that way was 2% of a bench in the browser. */
static bool same_sets(const WorldsSet *a, const WorldsSet *b, int n) {
#ifndef __wasm__
    return !memcmp(a, b, (size_t)n * sizeof *a);
#else
    _Static_assert(WORLDS_SET_WORDS % 16 == 0, "whole blocks of 16 words");
    for (int i = 0; i < n; i++)
        for (int k = 0; k < WORLDS_SET_WORDS; k += 16) {
            uint64_t diff = 0;
            for (int j = k; j < k + 16; j++)
                diff |= a[i].w[j] ^ b[i].w[j];
            if (diff)
                return false;
        }
    return true;
#endif
}

/* The live pairs, the types and the world key are functions of the world set and of which
 * majors are on the board (worlds_live_pairs), colour c's types of the live pairs and c's part of
 * the set. A move that changed none of it (a piece whose type it already showed, no
 * king-safety cut) keeps what the state before it had computed, which the copy carried over;
 * one that changed only the mover's part keeps the other side's types if the live pairs stay:
 * recomputing them cost a third of a search node's time. */
static bool same_part(const WorldsState *a, const WorldsState *b, int c) {
    if (a->n_promo[c] != b->n_promo[c] || memcmp(a->promo[c], b->promo[c], sizeof a->promo[c]))
        return false;
    for (int id = 0; id < 16; id++)
        if ((a->major_sq[c][id] == NO_SQ) != (b->major_sq[c][id] == NO_SQ))
            return false;
    return same_sets(a->side[c], b->side[c], 8);
}

static void keep_world_cache(const WorldsState *prev, WorldsState *next) {
    if (!(prev->known & 1))
        return;
    bool same[2] = {same_part(prev, next, WHITE), same_part(prev, next, BLACK)};
    if (same[WHITE] && same[BLACK]) {
        next->known = prev->known;
        next->key_valid = prev->key_valid;
        return;
    }
    for (int c = 0; c < 2; c++) {
        if (same[c] && (prev->known & (2 << c)) && worlds_known_live(next) == prev->live) {
            next->known |= (uint8_t)(2 << c);
        } else if (prev->known & ((2 | WORLDS_TYPES_BOUND) << c)) {
            /* the parent's types bound the new ones; a piece promoted by this move has no bound */
            next->known |= (uint8_t)(WORLDS_TYPES_BOUND << c);
            for (int id = 8 + prev->n_promo[c]; id < 8 + next->n_promo[c]; id++)
                next->types[c][id] = WORLDS_ALL;
        }
    }
}

/* The full update decides on its own (worlds_is_legal's shortcut is checked against it in tests). */
bool worlds_do_move(WorldsPos *p, Move m) {
    if (!well_formed(worlds_st(p), m) || !reserve(p))
        return false;
    const WorldsState *prev = &p->stack[p->top];
    WorldsState *next = &p->stack[p->top + 1];
    memcpy(next, prev, sizeof *next);
    if (!apply(next, m))
        return false;
    keep_world_cache(prev, next);
    p->top++;
    return true;
}

void worlds_undo_move(WorldsPos *p) {
    if (p->top > 0)
        p->top--;
}

/* The side to move passes (a search's null move). No world is dropped: the caller makes sure
 * the passer is in check in no world (S1.3 would drop those). halfmove restarts so that the
 * repetition scans (S3.3) never look across the pass. */
bool worlds_do_null(WorldsPos *p) {
    if (!reserve(p))
        return false;
    WorldsState *next = &p->stack[p->top + 1];
    memcpy(next, &p->stack[p->top], sizeof *next);
    next->board_key ^= Z_WORLDS_EP[next->ep] ^ Z_WORLDS_SIDE ^ Z_WORLDS_EP[NO_SQ];
    next->ep = NO_SQ;
    next->halfmove = 0;
    next->ply++;
    next->move = MOVE_NONE;
    next->captured = 0;
    next->stm ^= 1;
    p->top++;
    return true;
}

int worlds_gen_legal(WorldsPos *p, Move *list) {
    Move cand[WORLDS_MAX_MOVES];
    int n = 0, nc = worlds_gen_candidates(p, cand);
    uint64_t live = worlds_known_live(worlds_st(p));
    for (int i = 0; i < nc; i++)
        if (worlds_legal_after(worlds_st(p), cand[i], live)) /* candidates are well formed */
            list[n++] = cand[i];
    return n;
}

bool worlds_has_legal_move(WorldsPos *p) {
    Move cand[WORLDS_MAX_MOVES];
    int nc = worlds_gen_candidates(p, cand);
    for (int i = 0; i < nc; i++)
        if (worlds_is_legal(p, cand[i]))
            return true;
    return false;
}

/* ---- perft (S5.1) ---- */

uint64_t worlds_perft(WorldsPos *p, int depth) {
    Move list[WORLDS_MAX_MOVES];
    if (depth <= 0)
        return 1;
    int n = worlds_gen_legal(p, list);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        worlds_do_move(p, list[i]);
        total += worlds_perft(p, depth - 1);
        worlds_undo_move(p);
    }
    return total;
}

int worlds_perft_divide(WorldsPos *p, int depth, Move *moves, uint64_t *counts) {
    int n = worlds_gen_legal(p, moves);
    for (int i = 0; i < n; i++) {
        worlds_do_move(p, moves[i]);
        counts[i] = worlds_perft(p, depth - 1);
        worlds_undo_move(p);
    }
    return n;
}
