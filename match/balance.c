#include "balance.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A check is a few thousand nodes; an engine silent this long is broken, not thinking. */
enum { BALANCE_ALLOWANCE_US = 10 * 1000 * 1000 };

static void position_cmd(const Opening *o, char *buf, size_t len) {
    size_t n = o->fen[0] ? (size_t)snprintf(buf, len, "position fen %s", o->fen)
                         : (size_t)snprintf(buf, len, "position startpos");
    for (int i = 0; i < o->nbook && n < len; i++)
        n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? " " : " moves ", o->book[i]);
}

int balance_check(Player *pl, const Variant *variant, const Opening *o, int nodes, int window, int *score, char *detail,
                  size_t len) {
    enum { CMD_LEN = 64 + OPENING_MAX_BOOK * 6 + 160 };
    char *cmd = malloc(CMD_LEN), go[48];
    Reply r;
    *score = 0;
    if (!cmd) {
        snprintf(detail, len, "out of memory");
        return BALANCE_ENGINE_FAILED;
    }
    position_cmd(o, cmd, CMD_LEN);
    snprintf(go, sizeof go, "go nodes %d", nodes);
    int rc = player_ensure(pl, detail, len);
    if (rc == PLAYER_OK)
        rc = player_new_game(pl, variant, o->entmap, detail, len);
    if (rc == PLAYER_OK) {
        memset(&r, 0, sizeof r);
        rc = player_go(pl, cmd, go, BALANCE_ALLOWANCE_US, &r);
        if (rc != PLAYER_OK)
            snprintf(detail, len, "%s", r.detail);
    }
    free(cmd);
    if (rc != PLAYER_OK)
        return BALANCE_ENGINE_FAILED;
    if (!r.hasScore)
        return BALANCE_OK;
    *score = r.score;
    /* A mate either way: the game would be decided by the first decision after the book. */
    bool mate = r.score >= PLAYER_MATE_SCORE - 1000 || r.score <= -(PLAYER_MATE_SCORE - 1000);
    return mate || abs(r.score) > window ? BALANCE_REJECTED : BALANCE_OK;
}
