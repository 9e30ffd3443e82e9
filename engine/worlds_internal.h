/* Haft Schroedinger internals shared by worlds.c (moves, do/undo) and worlds_query.c (counts, types,
 * keys, results, text). Not part of the module's API: include worlds.h instead. */
#ifndef QEC_WORLDS_INTERNAL_H
#define QEC_WORLDS_INTERNAL_H

#include "bitboard.h"
#include "worlds.h"

/* type_mask[i][T]: the assignments in which original major i has a type in T (type bits). */
const WorldsSet *worlds_type_mask(int id, unsigned types);

/* Live king pairs: bit kw * 8 + kb is set when that pair has at least one consistent world. */
uint64_t worlds_live_pairs(const WorldsState *s);

/* Types of major id (0-15) of colour c over the live pairs `live`. */
unsigned worlds_live_types(const WorldsState *s, int c, int id, uint64_t live);

/* The same in two steps, for many pieces of one colour: u = the union of c's live blocks, then
 * the types of id in it (u is not read for promoted pieces). */
void worlds_live_union(const WorldsState *s, int c, uint64_t live, WorldsSet *u);
unsigned worlds_union_types(const WorldsState *s, int c, int id, uint64_t live, const WorldsSet *u);

/* The same, computed once per state and kept in it (a move clears the cache): the search asks
 * for them several times per node (moves, eval, key). */
uint64_t worlds_known_live(WorldsState *s);
const uint8_t *worlds_known_types(WorldsState *s, int c);

/* Exact number of consistent worlds of s. */
uint64_t worlds_state_count(const WorldsState *s);

/* S1.3 check constraints for colour us on the board of s: after a move by us, us's king must not
 * be attacked in the world. Narrows s's sets. */
void worlds_apply_king_safety(WorldsState *s, int us);

/* Types that could go (or attack) from `from` to `to` on occupancy occ: king step, knight jump,
 * open rook / bishop line (S1.3: the classical patterns; symmetric in from and to). */
static inline unsigned worlds_pattern_types(int from, int to, Bitboard occ) {
    Bitboard b = sq_bb(to);
    unsigned t = 0;
    if (BB_KING[from] & b)
        t |= WORLDS_K;
    if (BB_KNIGHT[from] & b)
        t |= WORLDS_N;
    if (rook_attacks(from, occ) & b)
        t |= WORLDS_R | WORLDS_Q;
    if (bishop_attacks(from, occ) & b)
        t |= WORLDS_B | WORLDS_Q;
    return t;
}

/* Whether a well-formed move m leaves a consistent world (S2.1), without building the state
 * after it: the same constraints as the full update, tested pair by pair (worlds_legal.c). live:
 * the king pairs to try, a superset of those live now (a move only removes worlds, S2.1). */
bool worlds_legal_after(const WorldsState *s, Move m, uint64_t live);

static inline bool worlds_block_empty(const WorldsSet *set, int k) {
    uint64_t x = 0;
    for (int i = 0; i < WORLDS_BLOCK_WORDS; i++)
        x |= set->w[k * WORLDS_BLOCK_WORDS + i];
    return x == 0;
}

static inline int worlds_block_count(const WorldsSet *set, int k) {
    int n = 0;
    for (int i = 0; i < WORLDS_BLOCK_WORDS; i++)
        n += __builtin_popcountll(set->w[k * WORLDS_BLOCK_WORDS + i]);
    return n;
}

#endif
