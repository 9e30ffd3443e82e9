/* Perft per RULES R6: distinct sequences of whole turns, every decision point branching. */
#ifndef QEC_PERFT_H
#define QEC_PERFT_H

#include "position.h"

/* perft(depth) from the decision point at hand; a turn in progress counts as the first. */
uint64_t perft(Position *p, int depth);
/* Divide: per root decision, the count below it; returns the number of root decisions. */
int perft_divide(Position *p, int depth, Move *moves, uint64_t *counts);

#endif
