/* The targets that read QEC, chess and tether decisions check the UCI tokens of a position's
 * legal decisions the same way: each decision's token is its own (PROTOCOL: a token names one
 * decision), so a token read back finds the decision it was written from. */
#ifndef QEC_FUZZ_TOKENS_H
#define QEC_FUZZ_TOKENS_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/position.h"

/* toks[i] is the token of list[i]. */
static inline void write_tokens(const Move *list, int n, int variant, char toks[][6]) {
    for (int i = 0; i < n; i++)
        move_to_uci_variant(list[i], variant, toks[i]);
}

static int compare_tokens(const void *a, const void *b) { return strcmp(a, b); }

/* No two of the n tokens alike (they are sorted in place: read them back before). */
static inline bool tokens_all_different(char toks[][6], int n) {
    qsort(toks, (size_t)n, sizeof toks[0], compare_tokens);
    for (int i = 1; i < n; i++)
        if (!strcmp(toks[i - 1], toks[i]))
            return false;
    return true;
}

#endif
