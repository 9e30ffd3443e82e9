/* Helpers shared by the search test programs (search_test, chess_test, tether_search_test,
 * search_smp_test):
 * tokens for messages, legality of an answer, limits without a clock, a trace's evaluation, a
 * soak's step. */
#ifndef QEC_TESTS_SEARCH_UTIL_H
#define QEC_TESTS_SEARCH_UTIL_H

#include <stdio.h>
#include <string.h>

#include "../../eval/eval.h"
#include "../../search/search.h"
#include "../rng.h"

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

/* m is one of p's legal decisions: its token, in p's variant's notation, reads back as m. */
static inline bool is_legal(const Position *p, Move m) {
    char t[6];
    move_to_uci_variant(m, p->variant, t);
    return m != MOVE_NONE && pos_parse_decision(p, t) == m;
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

/* One decision of a soak's random walk from p: one time in three a search of the root (depth
 * 1 to 4, at most `nodes` nodes), whose answer must be legal and leave p as it was (counted in
 * *bad, the first five printed; searches in *searched; roots in check in *inCheck unless NULL);
 * then a random one of the n legal decisions in list. */
static inline void soak_step(Search *s, Position *p, const Move *list, int n, uint64_t nodes, uint64_t *seed,
                             int *searched, int *bad, int *inCheck) {
    if (test_rand(seed) % 3 == 0) {
        Key before = pos_key(p);
        if (inCheck)
            *inCheck += pos_in_check(p, pos_turn(p));
        SearchLimits l = depth_nodes_limits(1 + (int)(test_rand(seed) % 4), nodes);
        Move m = search_run(s, p, &l, NULL);
        if (!is_legal(p, m) || pos_key(p) != before) {
            if ((*bad)++ < 5)
                printf("FAIL soak: %s at ply %d\n", tok(m), p->ply);
        }
        (*searched)++;
    }
    pos_do(p, list[test_rand(seed) % (uint64_t)n]);
}

#endif
