/* Chess: correction history (Stockfish, Ethereal). The static eval of a pawn structure is
 * often wrong the same way all through a search (a blocked centre, a weak pawn the table
 * does not price); what searches of it returned, less its eval, is averaged per structure
 * and side to move and added to the static eval of every position with that structure.
 * Internal to search/. */
#ifndef QEC_CORRECTION_H
#define QEC_CORRECTION_H

#include "thread.h"

enum { CORR_GRAIN = 256, CORR_MAX = CORR_GRAIN * 64, CORR_WEIGHT_SCALE = 256 };

static inline unsigned pawn_index(const Position *p) {
    return (unsigned)(pawn_structure_hash(pos_pieces(p, WHITE, PAWN), pos_pieces(p, BLACK, PAWN)) >> (64 - CORR_BITS));
}

/* The static eval raw of the side to move us, corrected by what searches of its pawn
 * structure returned (never into the mate range). */
static inline int corrected_eval(const Thread *t, int us, int raw) {
    int v = raw + t->corrHist[us][pawn_index(&t->pos)] / CORR_GRAIN;
    return v >= SCORE_MATE_BOUND ? SCORE_MATE_BOUND - 1 : v <= -SCORE_MATE_BOUND ? -SCORE_MATE_BOUND + 1 : v;
}

/* A search of depth returned best where the static eval was raw: move the structure's
 * correction toward best - raw, more for a deeper search. */
static inline void update_correction(Thread *t, int us, int best, int raw, int depth) {
    int32_t *e = &t->corrHist[us][pawn_index(&t->pos)];
    int w = depth + 1 < 16 ? depth + 1 : 16;
    int64_t v = ((int64_t)*e * (CORR_WEIGHT_SCALE - w) + (int64_t)(best - raw) * CORR_GRAIN * w) / CORR_WEIGHT_SCALE;
    *e = (int32_t)(v > CORR_MAX ? CORR_MAX : v < -CORR_MAX ? -CORR_MAX : v);
}

#endif
