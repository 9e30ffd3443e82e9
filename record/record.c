/* The game record: the decisions of a game and the tags around them (record.h). Writing, reading
 * and replaying a record are write.c, read.c and replay.c. */
#include "record.h"

#include <stdlib.h>
#include <string.h>

void pgn_init(PgnGame *g) {
    memset(g, 0, sizeof *g);
    pgn_clear(g);
}

void pgn_free(PgnGame *g) {
    free(g->dec);
    g->dec = NULL;
    g->ndec = g->cap = 0;
}

void pgn_clear(PgnGame *g) {
    PgnDecision *dec = g->dec;
    int cap = g->cap;
    memset(g, 0, sizeof *g);
    g->dec = dec;
    g->cap = cap;
    strcpy(g->result, "*");
    g->variant = variant_default();
}

bool pgn_push(PgnGame *g, const char *tok, int phase) {
    if (g->ndec == g->cap) {
        int cap = g->cap ? 2 * g->cap : 256;
        PgnDecision *d = realloc(g->dec, sizeof *d * (size_t)cap);
        if (!d)
            return false;
        g->dec = d;
        g->cap = cap;
    }
    PgnDecision *d = &g->dec[g->ndec++];
    snprintf(d->tok, sizeof d->tok, "%s", tok);
    d->phase = (unsigned char)phase;
    return true;
}

const char *pgn_end_name(int reason) {
    switch (reason) {
    case END_MATE: return "mate";
    case END_DUAL_KING: return "dual king";
    case END_STALEMATE: return "stalemate";
    case END_REPETITION: return "repetition";
    case END_FIFTY: return "fifty turns";
    case END_MATERIAL: return "insufficient material";
    default: return "";
    }
}

const char *pgn_end_result(const GameEnd *end) {
    if (end->winner == WHITE)
        return "1-0";
    if (end->winner == BLACK)
        return "0-1";
    return end->winner == RESULT_BOTH_LOSE ? "0-0" : "1/2-1/2";
}
