/* The session's position (session/session.h): `position`'s root, EntMap and moves (decision
 * and whole-turn tokens, R5.2, read by variants/board_read.c, or moves in the notation for
 * people, docs/players/notation.md, variants/board_text.c) in every row, and what `d`, `legal`
 * and perft read of it. A position is built in the `building` Board, so a failure before the
 * moves changes nothing and a failure inside them keeps the legal prefix. */
#include <stdlib.h>
#include <string.h>

#include "session.h"

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
static bool setup_position(Session *s, Board *b, const char *fen, const SessionWords *ws, bool *prefixOk, char *err,
                           size_t errlen) {
    *prefixOk = false;
    if (!board_set_fen(b, s->opt.variant, fen, err, errlen))
        return false;
    if (!board_apply_map(b, &s->map, err, errlen)) {
        size_t used = strlen(err);
        snprintf(err + used, errlen - used, " (map not applied; position and previous map kept)");
        s->map = s->goodMap;
        return false;
    }
    if (variant_links(s->opt.variant))
        s->goodMap = s->map;
    *prefixOk = true;
    int nw = ws ? ws->n : 0, (*range)[2] = malloc(sizeof *range * (size_t)(nw > 0 ? nw : 1));
    if (!range) {
        snprintf(err, errlen, "out of memory for the move list");
        return false;
    }
    int n = nw ? group_items(b, ws->w, nw, range) : 0;
    bool ok = true;
    for (int i = 0; i < n && ok; i++) {
        char why[2048], item[256];
        int a = range[i][0], z = range[i][1];
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

bool session_set_position(Session *s, const char *fen, const SessionWords *moves, char *err, size_t errlen) {
    bool prefixOk;
    bool ok = setup_position(s, &s->building, fen, moves, &prefixOk, err, errlen);
    if (ok || prefixOk) { /* the built Board becomes the session's; the old one is the next scratch */
        Board t = s->board;
        s->board = s->building;
        s->building = t;
        s->havePosition = true;
    }
    return ok;
}

bool session_describe(Session *s, char *buf, size_t len) { return board_describe(&s->board, buf, len); }

static int cmp_kinded(const void *a, const void *b) {
    return strcmp(((const KindedMove *)a)->tok, ((const KindedMove *)b)->tok);
}

int session_legal(Session *s, KindedMove *out) {
    Move list[MAX_MOVES];
    int n = board_options(&s->board, list);
    for (int i = 0; i < n; i++) {
        board_token(&s->board, list[i], out[i].tok);
        out[i].kind = board_move_kind(&s->board, list[i]);
    }
    qsort(out, (size_t)n, sizeof *out, cmp_kinded);
    return n;
}

static int cmp_divide(const void *a, const void *b) {
    return strcmp(((const PerftLine *)a)->tok, ((const PerftLine *)b)->tok);
}

/* Whether an ended game still counts its legal moves is the family's perft's call (S5.1:
 * schroedinger's does, as the reference data does), so this asks no game end. */
int session_perft(Session *s, int depth, PerftLine *lines) {
    Move moves[MAX_MOVES];
    uint64_t counts[MAX_MOVES];
    int n = board_divide(&s->board, depth, moves, counts);
    for (int i = 0; i < n; i++) {
        board_token(&s->board, moves[i], lines[i].tok);
        lines[i].count = counts[i];
    }
    qsort(lines, (size_t)n, sizeof *lines, cmp_divide);
    return n;
}
