#include "perft.h"

#include "movegen.h"
#include "turn.h"

static uint64_t perft_chess(Position *p, int depth) {
    Move list[MAX_MOVES];
    int n = gen_legal(p, pos_turn(p), ~0ULL, true, list);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pos_do(p, list[i]);
        total += perft_chess(p, depth - 1);
        pos_undo(p);
    }
    return total;
}

/* depth: turns left, the one in progress included. */
static uint64_t perft_qec(Position *p, int depth) {
    Move list[MAX_MOVES];
    int phase = pos_phase(p);
    int n = pos_legal_decisions(p, list);
    if (depth == 1 && phase == PHASE_REACT)
        return (uint64_t)n; /* every step ends the turn */
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pos_do(p, list[i]);
        int next = pos_phase(p);
        if (next == PHASE_OVER) /* R6.2: a mate is a leaf of its own turn */
            total += depth == 1;
        else if (next == PHASE_BASE)
            total += depth == 1 ? 1 : perft_qec(p, depth - 1);
        else
            total += perft_qec(p, depth);
        pos_undo(p);
    }
    return total;
}

uint64_t perft(Position *p, int depth) {
    if (depth <= 0)
        return 1;
    if (pos_phase(p) == PHASE_OVER)
        return 0;
    return p->variant == VARIANT_CHESS ? perft_chess(p, depth) : perft_qec(p, depth);
}

int perft_divide(Position *p, int depth, Move *moves, uint64_t *counts) {
    int n = pos_legal_decisions(p, moves);
    for (int i = 0; i < n; i++) {
        pos_do(p, moves[i]);
        int next = pos_phase(p);
        if (next == PHASE_OVER)
            counts[i] = depth == 1;
        else if (next == PHASE_BASE) /* the turn ended */
            counts[i] = perft(p, depth - 1);
        else
            counts[i] = perft(p, depth);
        pos_undo(p);
    }
    return n;
}
