/* Zobrist keys, generated deterministically with xxHash (no hand-typed tables).
 * Full key = board ^ entanglement ^ phase (RULES R4.4 plus the decision point). */
#ifndef QEC_ZOBRIST_H
#define QEC_ZOBRIST_H

#include "types.h"

extern Key Z_PIECE[16][64];
extern Key Z_CASTLING[16];
extern Key Z_EP_FILE[8];
extern Key Z_SIDE;           /* black owns the turn */
extern Key Z_LINK[64][64];   /* [pawn square][officer square] */
extern Key Z_PHASE[4][65];   /* [phase][pending square]; phase 0 (base) keys are zero */
/* A rules row's extra state (engine/variant.h `counters`): at most POS_MAX_COUNTERS counters of
 * 0..255 each. Value 0 keys are zero, so a row without counters keeps its keys. */
#define POS_MAX_COUNTERS 2
extern Key Z_COUNTER[POS_MAX_COUNTERS][256]; /* [slot][value] */

void zobrist_init(void);
/* A deterministic 64-bit value for (domain, index): the one hash used for keys and maps. */
uint64_t zobrist_hash(uint64_t domain, uint64_t index);

#endif
