/* The tree (search.c), called at the root by the core (core.c, through thread.c) and set up
 * by search_init (thread.c).
 * Internal to search/; the search API is search.h. */
#ifndef QEC_SEARCH_INTERNAL_H
#define QEC_SEARCH_INTERNAL_H

#include "thread.h"

/* t's reduction table from its knobs.params (lmrBase, lmrDivisor), which it records. */
void search_lmr_table(Thread *t);
/* The value of the position of t at ply for its decider, searched depth turns deep. cutNode:
 * a null-window node expected to fail high (Stockfish's cut node; read in chess only). */
int search(Thread *t, int alpha, int beta, int depth, int ply, bool cutNode);

#endif
