/* Haft Schroedinger internals shared by hsc.c (moves, do/undo) and hsc_query.c (counts, types,
 * keys, results, text). Not part of the module's API: include hsc.h instead. */
#ifndef QEC_HSC_INTERNAL_H
#define QEC_HSC_INTERNAL_H

#include "bitboard.h"
#include "hsc.h"

/* type_mask[i][T]: the assignments in which original major i has a type in T (type bits). */
const HscSet *hsc_type_mask(int id, unsigned types);

/* Live king pairs: bit kw * 8 + kb is set when that pair has at least one consistent world. */
uint64_t hsc_live_pairs(const HscState *s);

/* Types of major id (0-15) of colour c over the live pairs `live`. */
unsigned hsc_live_types(const HscState *s, int c, int id, uint64_t live);

/* The same in two steps, for many pieces of one colour: u = the union of c's live blocks, then
 * the types of id in it (u is not read for promoted pieces). */
void hsc_live_union(const HscState *s, int c, uint64_t live, HscSet *u);
unsigned hsc_union_types(const HscState *s, int c, int id, uint64_t live, const HscSet *u);

/* The same, computed once per state and kept in it (a move clears the cache): the search asks
 * for them several times per node (moves, eval, key). */
uint64_t hsc_known_live(HscState *s);
const uint8_t *hsc_known_types(HscState *s, int c);

/* Exact number of consistent worlds of s. */
uint64_t hsc_state_count(const HscState *s);

/* S1.3 check constraints for colour us on the board of s: after a move by us, us's king must not
 * be attacked in the world. Narrows s's sets. */
void hsc_apply_king_safety(HscState *s, int us);

/* Types that could go (or attack) from `from` to `to` on occupancy occ: king step, knight jump,
 * open rook / bishop line (S1.3: the classical patterns; symmetric in from and to). */
static inline unsigned hsc_pattern_types(int from, int to, Bitboard occ) {
    Bitboard b = sq_bb(to);
    unsigned t = 0;
    if (BB_KING[from] & b)
        t |= HSC_K;
    if (BB_KNIGHT[from] & b)
        t |= HSC_N;
    if (rook_attacks(from, occ) & b)
        t |= HSC_R | HSC_Q;
    if (bishop_attacks(from, occ) & b)
        t |= HSC_B | HSC_Q;
    return t;
}

/* Whether a well-formed move m leaves a consistent world (S2.1), without building the state
 * after it: the same constraints as the full update, tested pair by pair (hsc_legal.c). live:
 * the king pairs to try, a superset of those live now (a move only removes worlds, S2.1). */
bool hsc_legal_after(const HscState *s, Move m, uint64_t live);

static inline bool hsc_block_empty(const HscSet *set, int k) {
    uint64_t x = 0;
    for (int i = 0; i < HSC_BLOCK_WORDS; i++)
        x |= set->w[k * HSC_BLOCK_WORDS + i];
    return x == 0;
}

static inline int hsc_block_count(const HscSet *set, int k) {
    int n = 0;
    for (int i = 0; i < HSC_BLOCK_WORDS; i++)
        n += __builtin_popcountll(set->w[k * HSC_BLOCK_WORDS + i]);
    return n;
}

#endif
