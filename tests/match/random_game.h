/* Random games recorded the way the runner records them, for the match tests (match_test.c,
 * record_test.c). */
#ifndef QEC_TESTS_MATCH_RANDOM_GAME_H
#define QEC_TESTS_MATCH_RANDOM_GAME_H

#include "../../engine/position.h"
#include "../../record/record.h"

/* Plays random decisions from p through engine/ and pushes each onto g with its phase. */
static inline void random_game(PgnGame *g, Position *p, uint64_t seed, int maxDecisions) {
    uint64_t s = seed;
    for (int i = 0; i < maxDecisions; i++) {
        GameEnd end;
        if (pos_game_end(p, &end))
            break;
        Move list[MAX_MOVES];
        int n = pos_legal_decisions(p, list);
        Move m = list[splitmix64_next(&s) % (uint64_t)n];
        char tok[6];
        move_to_uci(m, tok);
        pgn_push(g, tok, pos_phase(p));
        pos_do(p, m);
        pos_compact(p);
    }
}

#endif
