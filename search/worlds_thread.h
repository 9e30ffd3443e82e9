/* The Haft Schroedinger search's thread and search object, shared by its tree (worlds_tree.c), its
 * family of the search core (worlds_search.c, core.h) and its baseline policies (worlds_policy.c).
 * Internal to search/; the API is worlds_search.h. */
#ifndef QEC_WORLDS_THREAD_H
#define QEC_WORLDS_THREAD_H

#include <pthread.h>
#include <stdatomic.h>

#include "core.h"
#include "worlds_search.h"

enum { WORLDS_MAX_PLY = 128 };
/* The first aspiration window's half-width (core.c): the Position family's is a row's tunable
 * number (variants/search_params.h), Haft Schroedinger's stays this one. */
enum { WORLDS_ASPIRATION_DELTA = 20 };

typedef struct WorldsThread {
    SearchThread core; /* first: the core's view of this thread (core.h) */
    WorldsPos pos;        /* the root and its history, then the line being searched */
    int pvLen[WORLDS_MAX_PLY + 1];
    Move pv[WORLDS_MAX_PLY + 1][WORLDS_MAX_PLY + 1];
    Move killers[WORLDS_MAX_PLY + 1][2];
    bool nullMove[WORLDS_MAX_PLY + 1]; /* the move that led to this ply was a null move */
    int16_t history[2][64][64];      /* [side to move][from][to] */
    bool pollDue; /* a check in quiescence left the caller's poll to the main tree (worlds_tree.c) */
} WorldsThread;

/* The search object of worlds_search.h: the core (first), the root of its asynchronous search and
 * the random policy's seed. */
struct WorldsSearch {
    SearchCore core;
    WorldsPos root; /* the asynchronous search's root (a copy), when rootValid */
    bool rootValid;
    uint64_t seed;
};

static inline bool worlds_stopped(const WorldsThread *t) { return core_stopped(&t->core); }
/* The WorldsSearch that t belongs to (its core is the WorldsSearch's first member). */
static inline const WorldsSearch *worlds_search_of(const WorldsThread *t) { return (const WorldsSearch *)t->core.sc; }

/* worlds_tree.c: the value of t's position at ply for the side to move, depth plies deep. */
void worlds_tree_init(void);
int worlds_tree(WorldsThread *t, int alpha, int beta, int depth, int ply);

/* worlds_see.c: the material m wins (negative: loses) when both sides recapture on its square with
 * their least valuable piece that may reach it, majors at the mean of their possible types. */
int worlds_see(const WorldsState *s, const unsigned types[2][16], Move m);

/* worlds_policy.c: the baseline policies (random, greedy, minimax2) on t's position; *score is
 * in centipawns of material for the side to move. */
Move worlds_policy_decide(WorldsThread *t, int policy, int *score);

#endif
