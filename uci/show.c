/* `d` and `legal` (PROTOCOL "Commands beyond UCI"), both read from the session's Board
 * (variants/board.h). */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ---- d and legal ---- */

void cmd_d(Uci *u, const Words *ws) {
    char block[4096];
    (void)ws;
    if (!board_describe(&u->session->board, block, sizeof block)) {
        uci_error(u, "d: the description does not fit in %zu bytes", sizeof block);
        return;
    }
    uci_lock_out(u);
    fputs(block, u->out);
    uci_unlock_out(u);
}

/* `legal` and `legal kinds` (docs/gui/protocol.md, "legal and legal kinds"): the options at
 * hand in token order, with `kinds` each with what it is, for a GUI that colours them (only
 * tether has more than one kind, T2.1, T2.2, T2.6). */
typedef struct {
    char tok[6];
    const char *kind; /* board_move_kind's word */
} KindedToken;

static int cmp_kinded(const void *a, const void *b) {
    return strcmp(((const KindedToken *)a)->tok, ((const KindedToken *)b)->tok);
}

static int kinded_options(Board *b, KindedToken *out) {
    Move list[MAX_MOVES];
    int n = board_options(b, list);
    for (int i = 0; i < n; i++) {
        board_token(b, list[i], out[i].tok);
        out[i].kind = board_move_kind(b, list[i]);
    }
    qsort(out, (size_t)n, sizeof *out, cmp_kinded);
    return n;
}

static void print_legal(Uci *u, const KindedToken *kt, int n, bool kinds) {
    uci_lock_out(u);
    fputs(kinds ? "info string legal-kinds" : "info string legal", u->out);
    for (int i = 0; i < n; i++)
        fprintf(u->out, kinds ? " %s:%s" : " %s", kt[i].tok, kt[i].kind);
    fputc('\n', u->out);
    uci_unlock_out(u);
}

void cmd_legal(Uci *u, const Words *ws) {
    KindedToken kt[MAX_MOVES];
    bool kinds = ws->n == 2 && strcmp(ws->w[1], "kinds") == 0;
    if (ws->n > 1 && !kinds) {
        uci_error(u, "legal: '%.24s' is not an argument of legal (legal, or legal kinds)", words_rest(ws, 1));
        return;
    }
    print_legal(u, kt, kinded_options(&u->session->board, kt), kinds);
}
