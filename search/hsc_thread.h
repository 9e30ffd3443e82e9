/* The Haft Schroedinger search's threads and control state, shared by its tree (hsc_tree.c),
 * its root and thread pool (hsc_search.c) and its baseline policies (hsc_policy.c). Internal
 * to search/; the API is hsc_search.h. */
#ifndef QEC_HSC_THREAD_H
#define QEC_HSC_THREAD_H

#include <pthread.h>
#include <stdatomic.h>

#include "hsc_search.h"

enum { HSC_MAX_PLY = 128, HSC_MAX_THREADS = 64 };
#define HSC_SCORE_NONE (-SCORE_INFINITE - 1)

typedef struct {
    Move move;
    int score, prevScore; /* score is HSC_SCORE_NONE until searched in this iteration */
    int bound, seldepth, pvLen;
    Move pv[HSC_MAX_PLY];
} HscRootMove;

typedef struct HscThread {
    HscPos pos; /* the root and its history, then the line being searched */
    HscSearch *hs;
    int idx; /* 0: the main thread, which reports and decides */
    pthread_t tid;
    _Atomic uint64_t nodes; /* written by its thread only */
    int seldepth, rootDepth, completedDepth;
    int nRoot, pvIdx, multiPV;
    HscRootMove root[HSC_MAX_MOVES];
    int pvLen[HSC_MAX_PLY + 1];
    Move pv[HSC_MAX_PLY + 1][HSC_MAX_PLY + 1];
    Move killers[HSC_MAX_PLY + 1][2];
    bool nullMove[HSC_MAX_PLY + 1]; /* the move that led to this ply was a null move */
    int16_t history[2][64][64];      /* [side to move][from][to] */
} HscThread;

struct HscSearch {
    HscThread *threads[HSC_MAX_THREADS];
    int nthreads;
    SearchOptions opt;
    SearchLimits lim;
    SearchReport rep;
    _Atomic bool stop, ponder, busy;
    int64_t startMs, softMs, hardMs;
    uint64_t seed;
    SearchInfo last; /* the main thread's last report (line 1) */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    pthread_t controller;
    bool controllerJoinable;
    HscPos root; /* the asynchronous search's root (a copy), when rootValid */
    bool rootValid;
};

static inline bool hsc_stop_raised(const HscSearch *hs) {
    return atomic_load_explicit(&hs->stop, memory_order_relaxed);
}
/* The main thread always completes depth 1, so its answer is a searched move. */
static inline bool hsc_stopped(const HscThread *t) {
    return hsc_stop_raised(t->hs) && (t->idx != 0 || t->completedDepth > 0);
}
static inline void hsc_raise_stop(HscSearch *hs) { atomic_store(&hs->stop, true); }

uint64_t hsc_total_nodes(const HscSearch *hs);
/* Node and hard time limits: raises the stop flag (main thread). */
void hsc_check_limits(HscSearch *hs);

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
