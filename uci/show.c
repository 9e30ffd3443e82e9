/* Words and views of a position: decision-point words, `d` and `legal` (PROTOCOL "Commands
 * beyond UCI"), both read from the session's Board (variants/board.h). */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ---- words about positions ---- */

static const char *const COLOR_NAME[2] = {"white", "black"};
static const char *const PIECE_NAME[7] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};

static void sq_str(int s, char buf[3]) {
    buf[0] = (char)('a' + sq_file(s));
    buf[1] = (char)('1' + sq_rank(s));
    buf[2] = 0;
}

void phase_words(const Position *p, char *buf, size_t len) {
    const StateInfo *st = pos_state(p);
    char sq[3];
    switch (st->phase) {
    case PHASE_BASE: snprintf(buf, len, "%s's base move", COLOR_NAME[st->stm]); break;
    case PHASE_FORCED:
        sq_str(st->pending, sq);
        snprintf(buf, len, "%s's forced reply with the %s on %s", COLOR_NAME[pos_decider(p)],
                 PIECE_NAME[piece_type(p->board[st->pending])], sq);
        break;
    case PHASE_REACT:
        sq_str(st->pending, sq);
        snprintf(buf, len, "%s's reactive step with the king on %s", COLOR_NAME[pos_decider(p)], sq);
        break;
    default: snprintf(buf, len, "nothing (the game is over)"); break;
    }
}

static int cmp_tok(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

void sort_tokens(char tok[][6], int n) { qsort(tok, (size_t)n, 6, cmp_tok); }

int sorted_options(const Position *p, char tok[][6]) {
    GameEnd e;
    Move list[MAX_MOVES];
    if (pos_game_end(p, &e))
        return 0;
    int n = pos_legal_decisions(p, list);
    for (int i = 0; i < n; i++)
        move_to_uci_variant(list[i], p->variant, tok[i]);
    sort_tokens(tok, n);
    return n;
}

/* ---- d and legal ---- */

void cmd_d(Uci *u, const Words *ws) {
    char block[4096];
    (void)ws;
    if (!board_describe(&u->board, block, sizeof block)) {
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
    print_legal(u, kt, kinded_options(&u->board, kt), kinds);
}
