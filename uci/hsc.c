/* UCI_Variant schroedinger (RULES-SCHROEDINGER.md, PROTOCOL.md v1.1): `position startpos
 * [moves …]` (a FEN is refused, S4.2), `d` with Worlds/Types (S4.3), `legal` and `selfplay`, all over the rules core's HscPos (engine/hsc.h). */
#include <stdlib.h>
#include <string.h>

#include "../engine/hsc_notation.h"
#include "../engine/hsc_uci.h"
#include "internal.h"

static const char *const COLOR_NAME[2] = {"white", "black"};

void hsc_tok(Move m, char tok[6]) {
    if (m == MOVE_NONE)
        strcpy(tok, "0000");
    else
        hsc_move_str(m, tok);
}

/* `stm` is the side to move in the ended position (the mated side at a checkmate). */
void hsc_end_words(int result, int stm, char *buf, size_t len) {
    switch (result) {
    case HSC_CHECKMATE: snprintf(buf, len, "%s is mated in every consistent world (S3.2)", COLOR_NAME[stm]); break;
    case HSC_STALEMATE: snprintf(buf, len, "stalemate: no legal move, not in check in some world (S3.2)"); break;
    case HSC_REPETITION: snprintf(buf, len, "threefold repetition (S3.3)"); break;
    case HSC_FIFTY: snprintf(buf, len, "100 plies without a capture or a pawn move (S3.3)"); break;
    case HSC_BARE: snprintf(buf, len, "only one piece left on each side (S3.3)"); break;
    default: snprintf(buf, len, "game not over"); break;
    }
}

const char *hsc_end_result(int result, int stm) {
    if (result == HSC_CHECKMATE)
        return stm == WHITE ? "0-1" : "1-0";
    return result == HSC_ONGOING ? "*" : "1/2-1/2";
}

/* ---- position ---- */

/* One token onto p, or an error naming why (S2.1, S2.5, the game's end). */
static bool hsc_apply(HscPos *p, const char *tok, char *err, size_t errlen) {
    int r = hsc_result(p);
    if (r != HSC_ONGOING) {
        char words[96];
        hsc_end_words(r, hsc_st(p)->stm, words, sizeof words);
        snprintf(err, errlen, "the game is over (%s), no further moves", words);
        return false;
    }
    const char *why = NULL;
    Move m = hsc_parse_move(p, tok, &why);
    if (m == MOVE_NONE || !hsc_do_move(p, m)) {
        const HscState *s = hsc_st(p);
        int from = strlen(tok) >= 4 ? sq_parse(tok) : NO_SQ, pc = from == NO_SQ ? 0 : s->board[from];
        if (pc && hsc_piece_color(pc) == s->stm && hsc_piece_id(pc) != HSC_PAWN_ID && strlen(tok) == 4)
            why = "none of the types this major has in a consistent world makes this move (S2.1, S2.2)";
        snprintf(err, errlen, "%s", why ? why : "not legal");
        return false;
    }
    hsc_pos_compact(p); /* bounded memory for any move list (engine/hsc_uci.h) */
    return true;
}

/* `first` is the index of the word after `position`. The position is built in hscratch, so a
 * refused command keeps the last good one and a bad move keeps the legal prefix (PROTOCOL). */
void hsc_cmd_position(Uci *u, const Words *ws, int first) {
    if (first >= ws->n || strcmp(ws->w[first], "startpos")) {
        if (first < ws->n && !strcmp(ws->w[first], "fen"))
            uci_error(u, "position fen: refused in schroedinger (S4.2): a FEN cannot say which worlds are still "
                         "consistent; send 'position startpos moves …' (position kept)");
        else
            uci_error(u, "position: want 'position startpos [moves …]' in schroedinger (S4.2)");
        return;
    }
    int i = first + 1;
    if (i < ws->n && strcmp(ws->w[i], "moves")) {
        uci_error(u, "position: unexpected '%.24s' (want 'moves')", ws->w[i]);
        return;
    }
    HscPos *p = &u->hscratch;
    hsc_pos_reset(p);
    for (int k = i + 1; k < ws->n; k++) {
        char why[160];
        if (!hsc_apply(p, ws->w[k], why, sizeof why)) {
            uci_error(u, "position: token %d '%.24s': %s (kept the position before it)", k - i, ws->w[k], why);
            break;
        }
    }
    HscPos t = u->board.hsc;
    u->board.hsc = u->hscratch;
    u->hscratch = t;
    u->board.variant = u->opt.variant;
    u->havePosition = true;
}

/* ---- d, legal ---- */

static void print_board(Uci *u, const HscState *s) {
    fputs("\n +---+---+---+---+---+---+---+---+\n", u->out);
    for (int r = 7; r >= 0; r--) {
        for (int f = 0; f < 8; f++) {
            int pc = s->board[make_sq(f, r)];
            char ch = ' ';
            if (pc) {
                ch = hsc_piece_id(pc) == HSC_PAWN_ID ? 'P' : 'M';
                if (hsc_piece_color(pc) == BLACK)
                    ch = (char)(ch + 32);
            }
            fprintf(u->out, " | %c", ch);
        }
        fprintf(u->out, " | %d\n +---+---+---+---+---+---+---+---+\n", r + 1);
    }
    fputs("   a   b   c   d   e   f   g   h\n\n", u->out);
}

void hsc_cmd_d(Uci *u) {
    HscPos *p = &u->board.hsc;
    char fen[128], types[512];
    int r = hsc_result(p);
    Key key = hsc_key(p);
    hsc_fen(p, fen, sizeof fen);
    hsc_types_line(p, types, sizeof types);
    char lastLong[HSC_NOTATION_MAX];
    bool last = hsc_notation_last_move(p, lastLong, sizeof lastLong);
    const HscState *s = hsc_st(p);
    uci_lock_out(u);
    print_board(u, s);
    fprintf(u->out, "Fen: %s\nLinks: none\nKey: %016llX\n", fen, (unsigned long long)key);
    fprintf(u->out, "Phase: %s\nDecider: %s\nPending: -\n", r == HSC_ONGOING ? "base" : "over", COLOR_NAME[s->stm]);
    fprintf(u->out, "Worlds: %llu\nTypes: %s\n", (unsigned long long)hsc_world_count(p), types);
    if (r != HSC_ONGOING) {
        char words[96];
        hsc_end_words(r, s->stm, words, sizeof words);
        fprintf(u->out, "Result: %s %s\n", hsc_end_result(r, s->stm), words);
    }
    if (last) /* for people (docs/players/notation.md) */
        fprintf(u->out, "Last move: %s\n", lastLong);
    uci_unlock_out(u);
}

/* Sorted legal tokens; none once the game is over (S3). */
static int sorted_tokens(HscPos *p, char tok[][6]) {
    Move list[HSC_MAX_MOVES];
    if (hsc_result(p) != HSC_ONGOING)
        return 0;
    int n = hsc_gen_legal(p, list);
    for (int i = 0; i < n; i++)
        hsc_tok(list[i], tok[i]);
    sort_tokens(tok, n);
    return n;
}

/* With `kinds`: every move is native, a major moving as a type it may have (S2.2). */
void hsc_cmd_legal(Uci *u, bool kinds) {
    char tok[HSC_MAX_MOVES][6];
    int n = sorted_tokens(&u->board.hsc, tok);
    if (!kinds) {
        print_legal(u, tok, n);
        return;
    }
    KindedToken kt[HSC_MAX_MOVES];
    for (int i = 0; i < n; i++) {
        memcpy(kt[i].tok, tok[i], sizeof kt[i].tok);
        kt[i].kind = "native";
    }
    print_legal_kinds(u, kt, n);
}

/* ---- selfplay ---- */

/* One game from the start position, the engine against itself at `movetime` ms per move, one
 * line per move, its token then its long form ("1. e2e4  e2-e4", "1... b8c6  Mb8-c6", as in the
 * other variants), then the result and the final FEN. Each move is checked
 * again (hsc_parse_move) before it is played, so a search bug shows as an error line. */
void hsc_cmd_selfplay(Uci *u, int64_t movetime, int64_t maxTurns) {
    HscPos p;
    if (!hsc_pos_init(&p)) {
        uci_error(u, "selfplay: out of memory");
        return;
    }
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.movetime = movetime;
    lim.time[WHITE] = lim.time[BLACK] = -1;
    uci_printf(u, "Links: none");
    int r;
    while ((r = hsc_result(&p)) == HSC_ONGOING && hsc_st(&p)->ply < 2 * maxTurns) {
        int stm = hsc_st(&p)->stm, ply = hsc_st(&p)->ply; /* the stack may move below */
        Move m = hsc_go_sync(u, &p, &lim, (uint64_t)ply + 1);
        char tok[6];
        const char *why = NULL;
        hsc_tok(m, tok);
        if (hsc_parse_move(&p, tok, &why) != m || !hsc_do_move(&p, m)) {
            uci_error(u, "selfplay: the search returned '%s', not a legal move", tok);
            hsc_pos_free(&p);
            return;
        }
        hsc_pos_compact(&p);
        char human[HSC_NOTATION_MAX];
        if (!hsc_notation_last_move(&p, human, sizeof human))
            human[0] = 0;
        uci_printf(u, "%d%s %-4s  %s", ply / 2 + 1, stm == WHITE ? "." : "...", tok, human); /* token, then people's form */
    }
    char fen[128], words[96];
    hsc_fen(&p, fen, sizeof fen);
    if (r != HSC_ONGOING) {
        hsc_end_words(r, hsc_st(&p)->stm, words, sizeof words);
        uci_printf(u, "Result: %s %s", hsc_end_result(r, hsc_st(&p)->stm), words);
    } else
        uci_printf(u, "Result: * (turn limit)");
    uci_printf(u, "Fen: %s", fen);
    hsc_pos_free(&p);
}
