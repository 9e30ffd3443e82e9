/* Haft Schroedinger internals shared by hsc.c (moves, do/undo) and hsc_query.c (counts, types,
 * keys, results, text). Not part of the module's API: include hsc.h instead. */
#ifndef QEC_HSC_INTERNAL_H
#define QEC_HSC_INTERNAL_H

#include "hsc.h"

/* type_mask[i][T]: the assignments in which original major i has a type in T (type bits). */
const HscSet *hsc_type_mask(int id, unsigned types);

/* Live king pairs: bit kw * 8 + kb is set when that pair has at least one consistent world. */
uint64_t hsc_live_pairs(const HscState *s);

/* Types of major id (0-15) of colour c over the live pairs `live`. */
unsigned hsc_live_types(const HscState *s, int c, int id, uint64_t live);

/* Exact number of consistent worlds of s. */
uint64_t hsc_state_count(const HscState *s);

/* S1.3 check constraints for colour us on the board of s: after a move by us, us's king must not
 * be attacked in the world. Narrows s's sets. */
void hsc_apply_king_safety(HscState *s, int us);

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
