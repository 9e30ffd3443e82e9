/* EntMap: every form of docs/gui/protocol.md (default, none, random <seed>, square pairs, the seed's
 * JSON, a file), parsed once and resolved against a root position (RULES R1). */
#ifndef QEC_LINKS_H
#define QEC_LINKS_H

#include "position.h"

enum { ENTMAP_DEFAULT, ENTMAP_NONE, ENTMAP_RANDOM, ENTMAP_PAIRS };

typedef struct {
    int square;
    int piece; /* the piece the map expects there, or NO_PIECE for any (square pairs) */
} EntMapEnd;

typedef struct {
    int kind;
    uint64_t seed;
    int npairs;
    EntMapEnd pairs[32][2];
    EntMapEnd freePawn[2]; /* JSON "white_free_pawn"/"black_free_pawn"; square NO_SQ if absent */
} EntMap;

void entmap_default(EntMap *m);
/* Parse any textual form; on failure m is untouched and err names the problem. */
bool entmap_parse(const char *text, EntMap *m, char *err, size_t errlen);
/* Replace p's links by the map resolved against p's board; all or nothing. `default` keeps
 * the R1.4 pairs that fit the board (all 14 from the start position). */
bool entmap_apply(const EntMap *m, Position *p, char *err, size_t errlen);

/* p's links in the square-pairs form entmap_parse reads, pawn square first ("a2a8 b2b8"), or
 * "none"; cut at whole pairs when len is short. */
void entmap_text(const Position *p, char *buf, size_t len);

#endif
