/* Time management: the limits of one decision's search, from the root decider's clock.
 * Internal to search/. */
#ifndef QEC_TIMEMAN_H
#define QEC_TIMEMAN_H

#include "search.h"

/* The soft and hard limits (ms, 0 = no limit) of a search by `decider` under l, gamePly
 * decisions into the game (a full move is two). */
void time_limits(const SearchLimits *l, int decider, int gamePly, int64_t overhead, int64_t *softMs,
                 int64_t *hardMs);
/* The soft limit scaled by how stable the answer was (stableIters iterations with the same best
 * move) and by a score drop since the last iteration: is it used up after elapsedMs? */
bool soft_time_up(int64_t elapsedMs, int64_t softMs, int nRoot, int drop, int stableIters);

#endif
