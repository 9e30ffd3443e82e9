/* Helpers shared by the search test programs (search_test, chess_test, tether_search_test,
 * search_smp_test):
 * tokens for messages, legality of an answer, limits without a clock, a trace's evaluation. */
#ifndef QEC_TESTS_SEARCH_UTIL_H
#define QEC_TESTS_SEARCH_UTIL_H

#include <stdio.h>
#include <string.h>

#include "../../eval/eval.h"
#include "../../search/search.h"

/* The program's search, set to options o; NULL (the program's closing line printed) when there
 * is no memory for it. */
static inline Search *test_search_new(const char *program, SearchOptions o) {
    Search *s = search_new();
    if (!s) {
        printf("%s: 0 passed, 1 failed (out of memory)\n", program);
        return NULL;
    }
    search_set_options(s, &o);
    return s;
}

/* UCI token of m; four rotating buffers, so one printf can show several. */
static inline const char *tok(Move m) {
    static char buf[4][6];
    static int i;
    i = (i + 1) & 3;
    move_to_uci(m, buf[i]);
    return buf[i];
}

static inline bool is_legal(const Position *p, Move m) {
    Move list[MAX_MOVES];
    int n = pos_legal_decisions(p, list);
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return true;
    return false;
}

/* A search limited by depth (turns) and nodes only, 0 = no limit; no clock. */
static inline SearchLimits depth_nodes_limits(int depth, uint64_t nodes) {
    SearchLimits l;
    memset(&l, 0, sizeof l);
    l.time[0] = l.time[1] = -1;
    l.depth = depth;
    l.nodes = nodes;
    return l;
}

/* White's evaluation as the trace t and the table w give it (the first nterms terms): the
 * evaluation is linear in its table, so a test sums it here rather than trust the engine's sums
 * (and so checks the tuner's view of the evaluation). */
static inline int trace_white(const EvalTrace *t, EvalWeights w, int nterms) {
    int64_t mg = 0, eg = 0;
    for (int i = 0; i < nterms; i++) {
        mg += (int64_t)w[i][0] * t->coef[i];
        eg += (int64_t)w[i][1] * t->coef[i];
    }
    return (int)((mg * t->phase + eg * (EVAL_PHASE_MAX - t->phase)) / EVAL_PHASE_MAX);
}

#endif
