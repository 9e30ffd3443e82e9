/* The Haft Schroedinger search's thread and search object, shared by its tree (hsc_tree.c), its
 * family of the search core (hsc_search.c, core.h) and its baseline policies (hsc_policy.c).
 * Internal to search/; the API is hsc_search.h. */
#ifndef QEC_HSC_THREAD_H
#define QEC_HSC_THREAD_H

#include <pthread.h>
#include <stdatomic.h>

#include "core.h"
#include "hsc_search.h"

enum { HSC_MAX_PLY = 128 };
/* The first aspiration window's half-width (core.c): the Position family's is a row's tunable
 * number (variants/search_params.h), Haft Schroedinger's stays this one. */
enum { HSC_ASPIRATION_DELTA = 20 };

typedef struct HscThread {
    SearchThread core; /* first: the core's view of this thread (core.h) */
    HscPos pos;        /* the root and its history, then the line being searched */
    int pvLen[HSC_MAX_PLY + 1];
    Move pv[HSC_MAX_PLY + 1][HSC_MAX_PLY + 1];
    Move killers[HSC_MAX_PLY + 1][2];
    bool nullMove[HSC_MAX_PLY + 1]; /* the move that led to this ply was a null move */
    int16_t history[2][64][64];      /* [side to move][from][to] */
    bool pollDue; /* a check in quiescence left the caller's poll to the main tree (hsc_tree.c) */
} HscThread;

/* The search object of hsc_search.h: the core (first), the root of its asynchronous search and
 * the random policy's seed. */
struct HscSearch {
    SearchCore core;
    HscPos root; /* the asynchronous search's root (a copy), when rootValid */
    bool rootValid;
    uint64_t seed;
};

static inline bool hsc_stopped(const HscThread *t) { return core_stopped(&t->core); }
/* The HscSearch that t belongs to (its core is the HscSearch's first member). */
static inline const HscSearch *hsc_search_of(const HscThread *t) { return (const HscSearch *)t->core.sc; }

/* hsc_tree.c: the value of t's position at ply for the side to move, depth plies deep. */
void hsc_tree_init(void);
int hsc_tree(HscThread *t, int alpha, int beta, int depth, int ply);

/* hsc_see.c: the material m wins (negative: loses) when both sides recapture on its square with
 * their least valuable piece that may reach it, majors at the mean of their possible types. */
int hsc_see(const HscState *s, const unsigned types[2][16], Move m);

/* hsc_policy.c: the baseline policies (random, greedy, minimax2) on t's position; *score is
 * in centipawns of material for the side to move. */
Move hsc_policy_decide(HscThread *t, int policy, int *score);

#endif
