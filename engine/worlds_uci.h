/* What the UCI layer needs of the Haft Schroedinger core beyond engine/worlds.h. */
#ifndef QEC_WORLDS_UCI_H
#define QEC_WORLDS_UCI_H

#include "worlds.h"

/* Drop the states before the last capture or pawn move: the repetition test (S3.3) looks no
 * further back, so the game's result is unchanged, but the position can no longer be undone
 * past that point. Keeps a long `position … moves` list at ~10.5 KB per reversible ply (at
 * most 101 states) instead of ~10.5 KB per ply of the whole game. */
void worlds_pos_compact(WorldsPos *p);

#endif
