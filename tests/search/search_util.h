/* Helpers shared by the search test programs that play one position at a time (chess_test,
 * tether_search_test): tokens for messages, legality of an answer, limits without a clock. */
#ifndef QEC_TESTS_SEARCH_UTIL_H
#define QEC_TESTS_SEARCH_UTIL_H

#include <string.h>

#include "../../search/search.h"

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

#endif
