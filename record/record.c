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
    return reason > END_NONE && reason < END_KIND_COUNT ? END_KINDS[reason].termination : "";
}

