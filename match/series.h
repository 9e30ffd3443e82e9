/* Series mode (seed 004 §5): a best-of-three series between two players A and B.
 *   - A decisive game is a win for one player. A dual-king game (0-0) is a loss for both
 *     (a "mutual loss"); a drawn game is a win for nobody.
 *   - The first player to win two games wins the series.
 *   - As soon as a second mutual loss happens (series still open), the next game is a single
 *     sudden-death game: a decisive result wins the series, anything else is a rollover.
 *   - After three regular games: more wins takes the series; no win on either side (draws and
 *     mutual losses only, "draws throughout") is a rollover; 1-1 goes to a sudden-death game.
 *   - A rollover means nobody wins the series (the prize rolls over); it is reported as such.
 * Pure logic, no I/O: the tournament feeds it one result at a time. */
#ifndef QEC_MATCH_SERIES_H
#define QEC_MATCH_SERIES_H

#include <stdbool.h>

enum { SERIES_WIN_A, SERIES_WIN_B, SERIES_DRAW, SERIES_BOTH_LOSE };
enum { SERIES_OPEN, SERIES_WON_A, SERIES_WON_B, SERIES_ROLLOVER };

typedef struct {
    int games;         /* games played, sudden death included */
    int wins[2];       /* [0] = A, [1] = B */
    int draws, mutualLosses;
    bool suddenDeath;  /* the next (or last) game is the sudden-death game */
    int outcome;       /* SERIES_* */
} Series;

void series_init(Series *s);
/* Records one game (SERIES_WIN_A …) and returns the series outcome so far. Once the series
 * is decided, further games are ignored. */
int series_add(Series *s, int game);
const char *series_outcome_name(int outcome);

#endif
