/* The baseline policies (policy.c), used by the thread pool (thread.c). Internal to search/. */
#ifndef QEC_POLICY_H
#define QEC_POLICY_H

#include "search.h"

/* The baseline policies (POLICY_RANDOM, POLICY_GREEDY, POLICY_MINIMAX2) for the decision at
 * hand; p is restored before returning. *score is from the decider's view (centipawns of
 * material, or a mate score); *nodes counts the decisions made. */
Move policy_decide(Position *p, int policy, int *score, uint64_t *nodes);

/* Reproducible per-position randomness: the same position and game length give the same
 * stream, another map or another point of the game another one. */
static inline uint64_t policy_splitmix(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

#endif
