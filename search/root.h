/* The root: iterative deepening with aspiration windows, the root decisions and their
 * lines, and the reports. Internal to search/. */
#ifndef QEC_ROOT_H
#define QEC_ROOT_H

#include "thread.h"

/* A root decision's score, or its last iteration's while it is unsearched in this one. */
int root_score(const RootMove *rm);
/* A root decision finished searching: keep its score and PV if it is the first or a new best
 * (the others are marked unsearched, so an interrupted iteration sorts them last). */
void root_record(Thread *t, Move m, int v, int alpha, int beta, bool first);
/* All the MultiPV lines of one thread, line 1 first (line 1 is the answer). */
void report_iteration(Thread *t);
/* One thread's search (main or helper), until a limit or the stop flag. */
void iterative_deepening(Thread *t);

#endif
