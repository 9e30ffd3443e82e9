/* The transposition table, shared by every search thread without locks. An entry is two
 * 64-bit words written and read with relaxed atomics; the first holds key ^ data, so a torn
 * pair (two threads writing at once) fails verification and reads as a miss. The key is
 * pos_key(): board, links and decision phase, so the same board under another map or with
 * another decision pending is another entry. */
#ifndef QEC_TT_H
#define QEC_TT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "../engine/types.h"

enum { TT_DEPTH_QS = 0, TT_DEPTH_NONE = -2 };

typedef struct {
    Move move;
    int score;  /* as stored: mate scores relative to the node (see search.c) */
    int eval;   /* static eval from the node's decider, or TT_EVAL_NONE */
    int depth;  /* turns */
    int bound;  /* BOUND_* of search.h */
} TTData;

#define TT_EVAL_NONE (-32767)

typedef struct TTBucket TTBucket;

/* One table: a search object owns it (core.h). Written only between searches (resize, clear,
 * new search); search threads start after. Only `written` changes during a search: the first
 * store sets it (an atomic, as several threads may store first). */
typedef struct {
    TTBucket *table; /* inside mem, on a 64-byte line */
    void *mem;       /* the allocation (what is freed) */
    size_t nbuckets;
    unsigned generation;
    atomic_bool written; /* an entry was stored since the table was made or cleared */
} TT;

/* Allocate mib MiB (at least 1), empty; false and unchanged if the memory is missing. A
 * zeroed TT is empty (no table: every probe would crash, so resize before searching). */
bool tt_resize(TT *tt, size_t mib);
/* A table of one bucket (64 bytes): valid to search with, and next to free to make. A search
 * object starts with it and makes its real table at the first search, because most sessions
 * (a GUI listing options, a fuzzer's input, `perft`) never search. false if even that is missing. */
bool tt_make_stub(TT *tt);
bool tt_is_stub(const TT *tt);
void tt_free(TT *tt);
/* Empties the table (a table nothing was stored in since it was made or emptied is left as
 * it is: clearing it again would only touch every page of it). */
void tt_clear(TT *tt);
/* Start a new search: entries of older searches become preferred victims. */
void tt_new_search(TT *tt);
bool tt_probe(const TT *tt, Key key, TTData *out);
void tt_store(TT *tt, Key key, Move move, int score, int eval, int depth, int bound);
void tt_prefetch(const TT *tt, Key key);
/* Per mille of sampled entries written by the current search. */
int tt_hashfull(const TT *tt);

#endif
