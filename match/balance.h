/* The balance check of random openings (issue 14): no game may start from a position that is
 * decided before both players have decided anything. The first engine scores the candidate
 * (the position after the random turns) with `go nodes N`; a mate score for either side, or a
 * score beyond +-window cp, rejects it. With fixed nodes the check is as reproducible as the
 * engine, so the shards of a match (-shard) pick the same openings. */
#ifndef QEC_MATCH_BALANCE_H
#define QEC_MATCH_BALANCE_H

#include <stddef.h>

#include "openings.h"
#include "player.h"

enum { BALANCE_OK, BALANCE_REJECTED, BALANCE_ENGINE_FAILED };

/* Starts pl if needed, sends ucinewgame and the opening's map, then the check. *score gets the
 * engine's score (PLAYER_MATE_SCORE - n for a mate), 0 without one (such an answer is OK: no
 * score, no evidence). BALANCE_ENGINE_FAILED with detail when the engine could not answer. */
int balance_check(Player *pl, const Variant *variant, const Opening *o, int nodes, int window, int *score, char *detail,
                  size_t len);

#endif
