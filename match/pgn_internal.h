/* What the record's files share (pgn.c, pgn_write.c, pgn_read.c, pgn_replay.c); not part of
 * the record's API (pgn.h). */
#ifndef QEC_MATCH_PGN_INTERNAL_H
#define QEC_MATCH_PGN_INTERNAL_H

#include "pgn.h"

/* Sets p to the game's root: the FEN tag (the start position when absent) and, in a variant with
 * links, the EntMap tag (the default map when absent). */
bool pgn_root_position(const PgnGame *g, Position *p, char *err, size_t errlen);

#endif
