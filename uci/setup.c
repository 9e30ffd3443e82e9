/* `position startpos|fen … [moves …]` (docs/gui/protocol.md, "position"): the words read here,
 * the position set by the session (session/position.c: root, EntMap, then decision and
 * whole-turn tokens or moves in the notation for people, in every row, the last good position
 * kept on a refusal). The row's `fen` flag says whether a FEN may be the root, and its
 * `fenRefusal` why not. */
#include <string.h>

#include "internal.h"

/* A row without `fen` takes `startpos` only; true if the command was refused for that. */
static bool refuse_fen_root(Uci *u, const Words *ws) {
    const Variant *v = u->session->opt.variant;
    if (v->fen || !strcmp(ws->w[1], "startpos"))
        return false;
    if (!strcmp(ws->w[1], "fen"))
        uci_error(u, "position fen: refused in %s %s; send 'position startpos moves …' (position kept)", v->name,
                  v->fenRefusal ? v->fenRefusal : "");
    else
        uci_error(u, "position: want 'position startpos [moves …]' in %s %s", v->name, v->fenRefusal ? v->fenRefusal : "");
    return true;
}

void cmd_position(Uci *u, const Words *ws) {
    int i = 1;
    char fen[256];
    if (ws->n < 2) {
        uci_error(u, "position: want 'position startpos [moves …]' or 'position fen <FEN> [moves …]'");
        return;
    }
    if (refuse_fen_root(u, ws))
        return;
    if (!strcmp(ws->w[1], "startpos")) {
        fen[0] = 0; /* the row's start position */
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
    SessionWords moves = {ws->line, ws->n - first, (const char *const *)ws->w + first, ws->off + first};
    char err[2400];
    if (!session_set_position(u->session, fen, &moves, err, sizeof err))
        uci_error(u, "position: %s", err);
}
