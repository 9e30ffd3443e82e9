/* `position startpos|fen … [moves …]`: root, EntMap, then decision and whole-turn tokens
 * (docs/gui/protocol.md, "position"; R5.2, read by variants/board_read.c) or moves in the notation for
 * people (docs/players/notation.md, variants/board_text.c), in every row: the row's `fen`
 * flag says whether a FEN may be the root (schroedinger's may not, S4.2) and the session's
 * Board (variants/board.h) sets the root and plays the moves in either rules family. Built in
 * the session's `building` Board, so a failure before the moves changes nothing and a failure
 * inside them keeps the legal prefix. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* A move number standing alone (`1.`, `12...`): skipped, so a line copied from a game reads. */
static bool is_move_number(const char *w) {
    size_t d = strspn(w, "0123456789");
    return d && w[d] == '.' && !w[d + strspn(w + d, ".")];
}

/* How far a word opens brackets (`[↔` 1, `Rh7]` -1, `<->` 0). */
static int bracket_depth(const char *w) {
    int d = 0;
    for (; *w; w++)
        d += (*w == '[' || *w == '<') - (*w == ']' || *w == '>');
    return d;
}

/* The items of a move list (board_play_text), as [from, to] word ranges: each word, joined
 * with what finishes it: the words inside a bracket it opens, and a following word that
 * starts with `[` or `<` and is no token itself (`d6 [↔ Rh2]` is one turn; the tokens
 * `e2e4 [h8h7]` stay two). Move numbers standing alone are skipped. Returns the count. */
static int group_items(const Board *b, const char *const *w, int n, int (*range)[2]) {
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (is_move_number(w[i]))
            continue;
        int depth = bracket_depth(w[i]), j = i;
        for (; j + 1 < n; j++) {
            bool bracket = (w[j + 1][0] == '[' || w[j + 1][0] == '<') && !board_token_shaped(b, w[j + 1]);
            if (depth <= 0 && !bracket)
                break;
            depth += bracket_depth(w[j + 1]);
        }
        range[k][0] = i;
        range[k++][1] = j;
        i = j;
    }
    return k;
}

/* Root + map + moves into b (the moves read by board_play_text). On failure writes err and
 * returns false; if the failure is in the moves, b holds the legal prefix and *prefixOk is set. */
static bool setup_position(Uci *u, Board *b, const char *fen, const Words *ws, int first, bool *prefixOk, char *err,
                           size_t errlen) {
    *prefixOk = false;
    if (!board_set_fen(b, u->session->opt.variant, fen, err, errlen))
        return false;
    if (!board_apply_map(b, &u->session->map, err, errlen)) {
        size_t used = strlen(err);
        snprintf(err + used, errlen - used, " (map not applied; position and previous map kept)");
        u->session->map = u->session->goodMap;
        return false;
    }
    if (variant_links(u->session->opt.variant))
        u->session->goodMap = u->session->map;
    *prefixOk = true;
    int nw = ws->n - first, (*range)[2] = malloc(sizeof *range * (size_t)(nw > 0 ? nw : 1));
    if (!range) {
        snprintf(err, errlen, "out of memory for the move list");
        return false;
    }
    int n = group_items(b, (const char *const *)ws->w + first, nw, range);
    bool ok = true;
    for (int i = 0; i < n && ok; i++) {
        char why[2048], item[256];
        int a = first + range[i][0], z = first + range[i][1];
        size_t from = ws->off[a], to = ws->off[z] + strlen(ws->w[z]);
        if (to - from >= sizeof item) {
            snprintf(err, errlen, "token %d '%.24s…': too long (kept the position before it)", i + 1,
                     ws->line + from);
            ok = false;
            break;
        }
        snprintf(item, sizeof item, "%.*s", (int)(to - from), ws->line + from);
        if (!board_play_text(b, item, i + 1 == n, why, sizeof why)) {
            snprintf(err, errlen, "token %d '%.40s': %s (kept the position before it)", i + 1, item, why);
            ok = false;
        }
    }
    free(range);
    return ok;
}

/* A row without `fen` (S4.2: a FEN cannot say which worlds are still consistent) takes
 * `startpos` only; true if the command was refused for that. */
static bool refuse_fen_root(Uci *u, const Words *ws) {
    const Variant *v = u->session->opt.variant;
    if (v->fen || !strcmp(ws->w[1], "startpos"))
        return false;
    if (!strcmp(ws->w[1], "fen"))
        uci_error(u, "position fen: refused in %s (S4.2): a FEN cannot say which worlds are still consistent; send "
                     "'position startpos moves …' (position kept)", v->name);
    else
        uci_error(u, "position: want 'position startpos [moves …]' in %s (S4.2)", v->name);
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
    char err[2400];
    bool prefixOk;
    bool ok = setup_position(u, &u->session->building, fen, ws, first, &prefixOk, err, sizeof err);
    if (!ok)
        uci_error(u, "position: %s", err);
    if (ok || prefixOk) { /* the built Board becomes the session's; the old one is the next scratch */
        Board t = u->session->board;
        u->session->board = u->session->building;
        u->session->building = t;
        u->session->havePosition = true;
    }
}
