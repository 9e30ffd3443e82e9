/* The baseline policies (policy.c), used by the Position family of the core (thread.c). Internal to search/. */
#ifndef QEC_POLICY_H
#define QEC_POLICY_H

#include "thread.h"

/* The baseline policies (POLICY_RANDOM, POLICY_GREEDY, POLICY_MINIMAX2) for the decision at
 * the root of t, among its root moves (searchmoves); t->pos is restored before returning.
 * *score is from the decider's view (centipawns of material, or a mate score); the decisions
 * made count as t's nodes. */
Move policy_decide(Thread *t, int policy, int *score);

#endif
