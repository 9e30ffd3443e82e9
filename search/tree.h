/* Small pieces both search trees share (search.c's Position tree and worlds_tree.c's Haft
 * Schroedinger tree, typed apart): mate scores by ply and their TT form, the triangular PV,
 * the bookkeeping of a child's value and the bound it stores, the selection sort step of the
 * move loop (the Position tree's scores are movepick.c's, Haft Schroedinger's worlds_tree.c's).
 * All static inline: each tree compiles its own. Internal to search/. */
#ifndef QEC_TREE_H
#define QEC_TREE_H

#include <stdbool.h>
#include <stddef.h>

#include "../engine/types.h"
#include "search.h"

static inline int mate_in(int ply) { return SCORE_MATE - ply; }
static inline int mated_in(int ply) { return -SCORE_MATE + ply; }

/* Mate scores count decisions from the root; the TT stores them from the node. */
static inline int score_to_tt(int s, int ply) {
    return s >= SCORE_MATE_BOUND ? s + ply : s <= -SCORE_MATE_BOUND ? s - ply : s;
}
static inline int score_from_tt(int s, int ply) {
    return s >= SCORE_MATE_BOUND ? s - ply : s <= -SCORE_MATE_BOUND ? s + ply : s;
}

/* The triangular PV (rows of `stride` moves): row ply becomes m, then row ply + 1's line. */
static inline void pv_rows_update(Move *pv, int stride, int *pvLen, int ply, Move m) {
    Move *row = pv + (size_t)ply * (size_t)stride;
    const Move *next = row + stride;
    row[ply] = m;
    int len = pvLen[ply + 1];
    for (int i = ply + 1; i < len; i++)
        row[i] = next[i];
    pvLen[ply] = len > ply + 1 ? len : ply + 1;
}

/* A child's value v for move m: best raised to it if above; true when it also passes alpha,
 * which is raised and m made the best move (the caller then extends its PV and cuts at beta). */
static inline bool raise_best(int v, Move m, int *best, int *alpha, Move *bestMove) {
    if (v <= *best)
        return false;
    *best = v;
    if (v <= *alpha)
        return false;
    *alpha = v;
    *bestMove = m;
    return true;
}

/* What a quiescence node's best value is worth in the TT: a lower bound at a cut-off, exact
 * above the window's start, else an upper bound. */
static inline int qs_bound(int best, int origAlpha, int beta) {
    return best >= beta ? BOUND_LOWER : best > origAlpha ? BOUND_EXACT : BOUND_UPPER;
}

/* Brings the best-scored remaining move to index i (the first of equals) and returns it. The
 * best score rides in a register and the scan has no branch to mispredict (perf, tether: the
 * scan that re-read scores[b] was a tenth of the search's samples). */
static inline Move pick(Move *list, int *scores, int n, int i) {
    int b = i, best = scores[i];
    for (int j = i + 1; j < n; j++) {
        int s = scores[j];
        bool better = s > best;
        b = better ? j : b;
        best = better ? s : best;
    }
    Move m = list[b];
    int s = scores[b];
    list[b] = list[i];
    scores[b] = scores[i];
    list[i] = m;
    scores[i] = s;
    return m;
}

#endif
