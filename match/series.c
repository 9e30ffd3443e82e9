#include "series.h"

#include <string.h>

enum { REGULAR_GAMES = 3, WINS_NEEDED = 2, MUTUAL_FOR_SUDDEN_DEATH = 2 };

void series_init(Series *s) {
    memset(s, 0, sizeof *s);
    s->outcome = SERIES_OPEN;
}

static int sudden_death_result(int game) {
    return game == SERIES_WIN_A ? SERIES_WON_A : game == SERIES_WIN_B ? SERIES_WON_B : SERIES_ROLLOVER;
}

int series_add(Series *s, int game) {
    if (s->outcome != SERIES_OPEN)
        return s->outcome;
    s->games++;
    if (s->suddenDeath)
        return s->outcome = sudden_death_result(game);
    if (game == SERIES_WIN_A || game == SERIES_WIN_B)
        s->wins[game]++;
    else if (game == SERIES_DRAW)
        s->draws++;
    else
        s->mutualLosses++;

    if (s->wins[0] >= WINS_NEEDED)
        return s->outcome = SERIES_WON_A;
    if (s->wins[1] >= WINS_NEEDED)
        return s->outcome = SERIES_WON_B;
    if (game == SERIES_BOTH_LOSE && s->mutualLosses == MUTUAL_FOR_SUDDEN_DEATH) {
        s->suddenDeath = true;
        return s->outcome;
    }
    if (s->games < REGULAR_GAMES)
        return s->outcome;
    if (s->wins[0] != s->wins[1])
        return s->outcome = s->wins[0] > s->wins[1] ? SERIES_WON_A : SERIES_WON_B;
    if (s->wins[0] == 0)
        return s->outcome = SERIES_ROLLOVER;
    s->suddenDeath = true; /* 1-1 after three games */
    return s->outcome;
}

const char *series_outcome_name(int outcome) {
    static const char *const NAMES[] = {"open", "won by A", "won by B", "rollover"};
    return outcome >= 0 && outcome <= SERIES_ROLLOVER ? NAMES[outcome] : "?";
}
