/* The baseline policies (policy.c), used by the Position family of the core (thread.c). Internal to search/. */
#ifndef QEC_POLICY_H
#define QEC_POLICY_H

#include "search.h"

/* The baseline policies (POLICY_RANDOM, POLICY_GREEDY, POLICY_MINIMAX2) for the decision at
 * hand; p is restored before returning. *score is from the decider's view (centipawns of
 * material, or a mate score); *nodes counts the decisions made. */
Move policy_decide(Position *p, int policy, int *score, uint64_t *nodes);

#endif
