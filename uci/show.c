/* Words and views of a position: game-end and decision-point words, `d` and `legal`
 * (PROTOCOL "Commands beyond UCI"). */
#include <stdlib.h>
#include <string.h>

#include "../engine/notation.h"
#include "../engine/tether.h"
#include "internal.h"

/* ---- words about positions ---- */

static const char *const COLOR_NAME[2] = {"white", "black"};
static const char *const PIECE_NAME[7] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};

const char *end_result(const GameEnd *e) {
    switch (e->winner) {
    case WHITE: return "1-0";
    case BLACK: return "0-1";
    case RESULT_BOTH_LOSE: return "0-0";
    default: return "1/2-1/2";
    }
}

void end_words(const Position *p, const GameEnd *e, char *buf, size_t len) {
    const char *rule = pos_end_rule(p, e->reason);
    switch (e->reason) {
    case END_MATE: snprintf(buf, len, "%s is mated (%s)", COLOR_NAME[e->winner ^ 1], rule); break;
    case END_DUAL_KING: snprintf(buf, len, "dual king: only the two kings are left, both sides lose (%s)", rule); break;
    case END_STALEMATE: snprintf(buf, len, "stalemate (%s)", rule); break;
    case END_REPETITION: snprintf(buf, len, "threefold repetition (%s)", rule); break;
    case END_FIFTY: snprintf(buf, len, "fifty-turn rule (%s)", rule); break;
    case END_MATERIAL: snprintf(buf, len, "insufficient material (%s)", rule); break;
    default: snprintf(buf, len, "game not over"); break;
    }
}

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

void print_legal(Uci *u, char tok[][6], int n) {
    uci_lock_out(u);
    fputs("info string legal", u->out);
    for (int i = 0; i < n; i++)
        fprintf(u->out, " %s", tok[i]);
    fputc('\n', u->out);
    uci_unlock_out(u);
}

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

static void print_board(Uci *u, const Position *p) {
    static const char PIECES[] = " PNBRQK  pnbrqk";
    fputs("\n +---+---+---+---+---+---+---+---+\n", u->out);
    for (int r = 7; r >= 0; r--) {
        for (int f = 0; f < 8; f++) {
            int pc = p->board[make_sq(f, r)];
            fprintf(u->out, " | %c", pc ? PIECES[pc] : ' ');
        }
        fprintf(u->out, " | %d\n +---+---+---+---+---+---+---+---+\n", r + 1);
    }
    fputs("   a   b   c   d   e   f   g   h\n\n", u->out);
}

void cmd_d(Uci *u, const Words *ws) {
    const Position *p = u->pos;
    const StateInfo *st = pos_state(p);
    char fen[128], sq[3], links[256];
    GameEnd e;
    (void)ws;
    if (u->board.variant->worlds) {
        hsc_cmd_d(u);
        return;
    }
    pos_fen(p, fen, sizeof fen);
    entmap_text(p, links, sizeof links);
    bool over = pos_game_end(p, &e);
    /* PROTOCOL.md knows base|forced|react: a mate at the reactive step (engine phase over) is
     * shown as the step that could not be made, with the mated side as decider, its king as
     * Pending and the Result line. */
    static const char *const PHASE[4] = {"base", "forced", "react", "react"};
    int decider = st->phase == PHASE_OVER ? st->loser : pos_decider(p);
    char lastLong[NOTATION_TURN_MAX * 2], lastShort[NOTATION_TURN_MAX * 2];
    bool last = notation_format_last_turn(p, NOTATION_LONG, lastLong, sizeof lastLong) &&
                notation_format_last_turn(p, NOTATION_SHORT, lastShort, sizeof lastShort);

    uci_lock_out(u);
    print_board(u, p);
    fprintf(u->out, "Fen: %s\nLinks: %s\nKey: %016llX\n", fen, links, (unsigned long long)pos_key(p));
    fprintf(u->out, "Phase: %s\nDecider: %s\n", PHASE[st->phase], COLOR_NAME[decider]);
    if (st->pending == NO_SQ)
        fputs("Pending: -\n", u->out);
    else {
        sq_str(st->pending, sq);
        fprintf(u->out, "Pending: %s\n", sq);
    }
    if (over) {
        char words[96];
        end_words(p, &e, words, sizeof words);
        fprintf(u->out, "Result: %s %s\n", end_result(&e), words);
    }
    if (last) /* the turn of the last decision, for people (docs/players/notation.md) */
        fprintf(u->out, "Last turn: %s\nLast turn (short): %s\n", lastLong, lastShort);
    uci_unlock_out(u);
}

/* `legal kinds` (docs/gui/protocol.md, "legal and legal kinds"): each option with what it is, for a GUI that
 * colours them. Only tether has more than one kind (T2.1, T2.2, T2.6); in qec and chess every
 * move is the piece's own, so native. */
static int cmp_kinded(const void *a, const void *b) {
    return strcmp(((const KindedToken *)a)->tok, ((const KindedToken *)b)->tok);
}

static const char *move_kind_name(const Position *p, Move m) {
    static const char *const NAME[3] = {"native", "transporter", "apex"};
    return variant_of_position(p)->moveKinds ? NAME[tether_move_kind(p, m)] : NAME[TETHER_NATIVE];
}

static int kinded_options(const Position *p, KindedToken *out) {
    GameEnd e;
    Move list[MAX_MOVES];
    if (pos_game_end(p, &e))
        return 0;
    int n = pos_legal_decisions(p, list);
    for (int i = 0; i < n; i++) {
        move_to_uci_variant(list[i], p->variant, out[i].tok);
        out[i].kind = move_kind_name(p, list[i]);
    }
    qsort(out, (size_t)n, sizeof *out, cmp_kinded);
    return n;
}

void print_legal_kinds(Uci *u, const KindedToken *kt, int n) {
    uci_lock_out(u);
    fputs("info string legal-kinds", u->out);
    for (int i = 0; i < n; i++)
        fprintf(u->out, " %s:%s", kt[i].tok, kt[i].kind);
    fputc('\n', u->out);
    uci_unlock_out(u);
}

void cmd_legal(Uci *u, const Words *ws) {
    char tok[MAX_MOVES][6];
    bool kinds = ws->n == 2 && strcmp(ws->w[1], "kinds") == 0;
    if (ws->n > 1 && !kinds) {
        uci_error(u, "legal: '%.24s' is not an argument of legal (legal, or legal kinds)", words_rest(ws, 1));
        return;
    }
    if (u->board.variant->worlds) {
        hsc_cmd_legal(u, kinds);
        return;
    }
    if (!kinds) {
        print_legal(u, tok, sorted_options(u->pos, tok));
        return;
    }
    KindedToken kt[MAX_MOVES];
    print_legal_kinds(u, kt, kinded_options(u->pos, kt));
}
