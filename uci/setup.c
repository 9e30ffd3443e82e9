/* `position startpos|fen … [moves …]`: root, EntMap, then decision and whole-turn tokens
 * (PROTOCOL P1, P2; RULES R5.2, read by variants/board_read.c). Built in the session's
 * `building` Board, so a failure before the moves
 * changes nothing and a failure inside them keeps the legal prefix. */
#include <string.h>

#include "internal.h"

/* Root + map + moves into b (the moves read by board_play_token). On failure writes err and
 * returns false; if the failure is in the moves, b holds the legal prefix and *prefixOk is set. */
static bool setup_position(Uci *u, Board *b, const char *fen, const char *const *moves, int nmoves,
                           bool *prefixOk, char *err, size_t errlen) {
    Position *dst = b->pos;
    *prefixOk = false;
    b->variant = u->opt.variant;
    if (!variant_set_fen(u->opt.variant, dst, fen, err, errlen))
        return false;
    if (variant_links(u->opt.variant) && !entmap_apply(&u->map, dst, err, errlen)) {
        size_t used = strlen(err);
        snprintf(err + used, errlen - used, " (map not applied; position and previous map kept)");
        u->map = u->goodMap;
        return false;
    }
    if (variant_links(u->opt.variant))
        u->goodMap = u->map;
    *prefixOk = true;
    for (int i = 0; i < nmoves; i++) {
        char why[2048];
        if (!board_play_token(b, moves[i], i + 1 == nmoves, why, sizeof why)) {
            snprintf(err, errlen, "token %d '%.24s': %s (kept the position before it)", i + 1, moves[i], why);
            return false;
        }
    }
    return true;
}

void cmd_position(Uci *u, const Words *ws) {
    int i = 1;
    char fen[256];
    if (ws->n < 2) {
        uci_error(u, "position: want 'position startpos [moves …]' or 'position fen <FEN> [moves …]'");
        return;
    }
    if (u->opt.variant->worlds) {
        hsc_cmd_position(u, ws, 1);
        return;
    }
    if (!strcmp(ws->w[1], "startpos")) {
        snprintf(fen, sizeof fen, "%s", u->opt.variant->startFen);
        i = 2;
    } else if (!strcmp(ws->w[1], "fen")) {
        size_t used = 0;
        fen[0] = 0;
        for (i = 2; i < ws->n && strcmp(ws->w[i], "moves"); i++) {
            size_t len = strlen(ws->w[i]);
            if (used + len + 2 > sizeof fen) {
                uci_error(u, "position fen: the FEN is too long");
                return;
            }
            used += (size_t)snprintf(fen + used, sizeof fen - used, "%s%s", used ? " " : "", ws->w[i]);
        }
        if (i == 2) {
            uci_error(u, "position fen: the FEN is missing");
            return;
        }
    } else {
        uci_error(u, "position: '%.24s' is neither startpos nor fen", ws->w[1]);
        return;
    }
    if (i < ws->n && strcmp(ws->w[i], "moves")) {
        uci_error(u, "position: unexpected '%.24s' (want 'moves')", ws->w[i]);
        return;
    }
    int first = i + 1 < ws->n ? i + 1 : ws->n;
    char err[2400];
    bool prefixOk;
    bool ok = setup_position(u, &u->building, fen, (const char *const *)ws->w + first, ws->n - first, &prefixOk, err,
                             sizeof err);
    if (!ok)
        uci_error(u, "position: %s", err);
    if (ok || prefixOk) {
        Position *t = u->pos;
        u->pos = u->scratch;
        u->scratch = t;
        u->building.pos = u->scratch;
        u->havePosition = true;
        u->board.pos = u->pos;
        u->board.variant = u->opt.variant;
    }
}
