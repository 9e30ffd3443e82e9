/* What the record's files share (record.c, write.c, read.c, replay.c); not part of
 * the record's API (record.h). */
#ifndef QEC_RECORD_INTERNAL_H
#define QEC_RECORD_INTERNAL_H

#include "record.h"

/* Sets p to the game's root: the FEN tag (the start position when absent) and, in a variant with
 * links, the EntMap tag (the default map when absent). */
bool pgn_root_position(const PgnGame *g, Position *p, char *err, size_t errlen);

#endif
