/* Time management: the limits of one decision's search, from the root decider's clock.
 * Internal to search/. */
#ifndef QEC_TIMEMAN_H
#define QEC_TIMEMAN_H

#include "thread.h"

int64_t now_ms(void); /* a monotonic clock */
/* Sets pool.softMs and pool.hardMs (0 = no limit) for a search by `decider`. */
void init_time(const SearchLimits *l, int decider);
/* Raises the stop flag when the node or hard time limit is reached; the main thread only. */
void check_limits(void);
/* After a completed iteration of the main thread: is the soft limit, scaled by how stable the
 * best decision was, used up? */
bool time_says_stop(const Thread *t, int prevBest, int stableIters);

#endif
