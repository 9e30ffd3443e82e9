/* Perft per RULES R6: distinct sequences of whole turns, every decision point branching. */
#ifndef QEC_PERFT_H
#define QEC_PERFT_H

#include "position.h"

/* perft(depth) from the decision point at hand; a turn in progress counts as the first. */
uint64_t perft(Position *p, int depth);
/* The count below a decision just made (pos_do) in a walk `depth` turns deep, the decision's
 * own turn included: a mate is a leaf only in the last turn (R6.2), a finished turn leaves
 * depth - 1 turns, else the turn goes on; `count` counts from the decision point reached. */
uint64_t perft_below(Position *p, int depth, uint64_t (*count)(Position *, int));
/* Divide: per root decision, the count below it; returns the number of root decisions. */
int perft_divide(Position *p, int depth, Move *moves, uint64_t *counts);

#endif
