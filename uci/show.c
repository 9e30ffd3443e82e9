/* `d` and `legal` (docs/gui/protocol.md, "Commands beyond UCI"), both read from the session's
 * position (session/position.c). */
#include <string.h>

#include "internal.h"

void cmd_d(Uci *u, const Words *ws) {
    char block[4096];
    (void)ws;
    if (!session_describe(u->session, block, sizeof block)) {
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
void cmd_legal(Uci *u, const Words *ws) {
    KindedMove kt[MAX_MOVES];
    bool kinds = ws->n == 2 && strcmp(ws->w[1], "kinds") == 0;
    if (ws->n > 1 && !kinds) {
        uci_error(u, "legal: '%.24s' is not an argument of legal (legal, or legal kinds)", words_rest(ws, 1));
        return;
    }
    int n = session_legal(u->session, kt);
    uci_lock_out(u);
    fputs(kinds ? "info string legal-kinds" : "info string legal", u->out);
    for (int i = 0; i < n; i++)
        fprintf(u->out, kinds ? " %s:%s" : " %s", kt[i].tok, kt[i].kind);
    fputc('\n', u->out);
    uci_unlock_out(u);
}
