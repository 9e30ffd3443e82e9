/* Time management: a soft limit, checked between iterations and scaled by the stability of
 * the answer, and a hard limit checked inside the tree (Stockfish's timeman). */
#include "timeman.h"

#include <math.h>
#include <time.h>

int64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Sudden death: the clock is spread over a horizon of TM_HORIZON more decisions (their
 * increments counted, each one's Move Overhead kept back). A decision's share of that budget
 * grows with the game's ply: early moves need less (the position is known, the book-like
 * openings are quick), and a game that has lasted long is likely to last less than the horizon
 * still (Stockfish's timeman has the same shape). At most a fifth of the clock is the aim, and
 * the hard limit is a few times the aim, never more than 80% of the clock. */
enum { TM_HORIZON = 50 };

static void sudden_death(int64_t time, int64_t inc, int gamePly, int64_t overhead, int64_t *soft, int64_t *hard) {
    int64_t budget = time + inc * (TM_HORIZON - 1) - overhead * (TM_HORIZON + 2);
    if (budget < 1)
        budget = 1;
    double share = 0.0085 + 0.0042 * sqrt(gamePly + 3.0), cap = 0.2 * (double)time / (double)budget;
    double hardTimes = 4.0 + gamePly / 12.0;
    *soft = (int64_t)((share < cap ? share : cap) * (double)budget);
    *hard = (int64_t)((hardTimes < 7.0 ? hardTimes : 7.0) * (double)*soft);
    if (*hard > time * 8 / 10 - overhead)
        *hard = time * 8 / 10 - overhead;
}

/* Per decision: the clock of the root decider (the UCI layer sends both clocks; the decider
 * of a forced reply or reactive step may be the player whose turn it is not). The hard limit
 * is never more than the clock minus Move Overhead. */
void time_limits(const SearchLimits *l, int decider, int gamePly, int64_t overhead, int64_t *softMs, int64_t *hardMs) {
    *softMs = *hardMs = 0; /* 0 = no limit */
    if (l->infinite)
        return;
    if (l->movetime > 0) { /* a fixed time is used in full: no soft limit */
        *hardMs = l->movetime - overhead > 1 ? l->movetime - overhead : 1;
        return;
    }
    if (l->time[decider] < 0)
        return;
    int64_t time = l->time[decider], left = time - overhead, inc = l->inc[decider] > 0 ? l->inc[decider] : 0;
    if (left < 1)
        left = 1;
    int mtg = l->movestogo > 0 ? (l->movestogo < 50 ? l->movestogo : 50) : 0;
    int64_t soft, hard;
    if (mtg == 0)
        sudden_death(time, inc, gamePly < 0 ? 0 : gamePly, overhead, &soft, &hard);
    else if (mtg == 1) {
        hard = left * 9 / 10;
        soft = hard / 2;
    } else {
        soft = left / mtg + inc * 3 / 4;
        if (soft > left / 2)
            soft = left / 2;
        hard = soft * 4;
        if (hard > left * 3 / 4)
            hard = left * 3 / 4;
    }
    *softMs = soft > 1 ? soft : 1;
    *hardMs = hard > 1 ? hard : 1;
}

bool soft_time_up(int64_t elapsedMs, int64_t softMs, int nRoot, int drop, int stableIters) {
    if (!softMs)
        return false;
    if (nRoot == 1) /* one option: nothing to think about */
        return true;
    double scale = stableIters >= 4 ? 0.5 : stableIters >= 2 ? 0.8 : 1.3;
    if (drop > 30)
        scale *= 1.4;
    return (double)elapsedMs >= softMs * scale;
}
