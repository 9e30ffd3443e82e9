/* Reading a move list (`position … moves …`, docs/gui/protocol.md) onto a Board: a decision or
 * whole-turn token (R5.2) in the Position family, a move (S2.1, S2.5) in the worlds family;
 * all of a token or nothing, and a refused token is worded for people (the legal options when
 * they are few, the easy slips named). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/worlds_uci.h"
#include "../engine/variant.h"
#include "board.h"

static int cmp_tok(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

/* Sorted decision tokens at the point at hand (0 once the game is over). */
static int sorted_options(const Position *p, char tok[][6]) {
    GameEnd e;
    Move list[MAX_MOVES];
    if (pos_game_end(p, &e))
        return 0;
    int n = pos_legal_decisions(p, list);
    for (int i = 0; i < n; i++)
        move_to_uci_variant(list[i], p->variant, tok[i]);
    qsort(tok, (size_t)n, 6, cmp_tok);
    return n;
}

/* ---- the Position family ---- */

typedef struct {
    char text[6];
    int phase; /* the phase this part must be played in, or -1 for "whatever is at hand" */
} Part;

/* A decision written as in R5.1: [a-h][1-8][a-h][1-8][qrbn]?, promotion letter in any case. */
static bool lex_decision(const char *s, size_t len, char out[6]) {
    if (len != 4 && len != 5)
        return false;
    for (int i = 0; i < 4; i += 2)
        if (s[i] < 'a' || s[i] > 'h' || s[i + 1] < '1' || s[i + 1] > '8')
            return false;
    memcpy(out, s, len);
    out[len] = 0;
    if (len == 5) {
        char c = out[4] >= 'A' && out[4] <= 'Z' ? (char)(out[4] - 'A' + 'a') : out[4];
        if (!strchr("qrbn", c) || !c)
            return false;
        out[4] = c;
    }
    return true;
}

/* base[forced]<react>, each part optional but in that order; returns the number of parts
 * or -1. A bare part followed by brackets is a base move; alone it is any decision. */
static int lex_token(const char *tok, Part parts[3]) {
    int n = 0;
    const char *s = tok;
    size_t bare = strcspn(s, "[<");
    if (bare) {
        if (!lex_decision(s, bare, parts[n].text))
            return -1;
        parts[n++].phase = s[bare] ? PHASE_BASE : -1;
        s += bare;
    }
    static const char OPEN[2] = {'[', '<'}, CLOSE[2] = {']', '>'};
    static const int PHASE[2] = {PHASE_FORCED, PHASE_REACT};
    for (int k = 0; k < 2; k++) {
        if (*s != OPEN[k])
            continue;
        const char *end = strchr(s, CLOSE[k]);
        if (!end || !lex_decision(s + 1, (size_t)(end - s - 1), parts[n].text))
            return -1;
        parts[n++].phase = PHASE[k];
        s = end + 1;
    }
    return *s || !n ? -1 : n;
}

static const char *const PHASE_NOUN[4] = {"a base move", "a forced reply", "a reactive step", "nothing"};

/* A reason more precise than "not legal" for two easy slips: a promotion letter on a move
 * that does not promote, and castling written as the king's two-square move where the
 * variant writes it as the king taking its rook (T6.2). Empty if neither applies. */
static void token_hint(const Position *p, const char *text, char *hint, size_t len) {
    char plain[6];
    hint[0] = 0;
    snprintf(plain, sizeof plain, "%.4s", text);
    if (text[4] && pos_parse_decision(p, plain) != MOVE_NONE) {
        snprintf(hint, len, " (%s is legal but not a promotion)", plain);
        return;
    }
    int from = sq_parse(text), to = sq_parse(text + 2), us = pos_decider(p);
    if (VARIANTS[p->variant].castleKxR && !text[4] && from == (us == WHITE ? 4 : 60) &&
        piece_type(p->board[from]) == KING && (to == from + 2 || to == from - 2)) {
        char rook[3] = {(char)(to > from ? 'h' : 'a'), text[1], 0};
        snprintf(hint, len, " (castling is written as the king taking its rook, %.2s%s (T6.2); %s is a plain king move, "
                 "not legal here)", text, rook, text);
    }
}

/* Why `text` cannot be played here, with the options when they are few. */
static void explain_illegal(const Position *p, const char *text, int want, char *err, size_t errlen) {
    char what[96], tok[MAX_MOVES][6];
    phase_words(p, what, sizeof what);
    if (want >= 0 && want != pos_phase(p)) {
        snprintf(err, errlen, "'%s' is written as %s, but the decision at hand is %s", text, PHASE_NOUN[want], what);
        return;
    }
    char hint[160];
    token_hint(p, text, hint, sizeof hint);
    int n = sorted_options(p, tok);
    size_t used = (size_t)snprintf(err, errlen, "'%s' is not a legal decision for %s%s; legal:", text, what, hint);
    for (int i = 0; i < n && used < errlen; i++)
        used += (size_t)snprintf(err + used, errlen - used, " %s", tok[i]);
}

bool apply_token(Position *p, const char *tok, bool last, char *err, size_t errlen) {
    Part parts[3];
    int n = lex_token(tok, parts);
    if (n < 0) {
        snprintf(err, errlen, "malformed token (want a decision like e2e4 or e7e8q, or a whole turn like "
                              "e2e4[h8h7]<e1e2>)");
        return false;
    }
    int done = 0;
    bool ok = true;
    for (; done < n && ok; done++) {
        GameEnd e;
        if (pos_game_end(p, &e)) {
            end_refusal(variant_of_position(p), &e, "decisions", err, errlen);
            ok = false;
            break;
        }
        Move m = pos_parse_decision(p, parts[done].text);
        if (m == MOVE_NONE || (parts[done].phase >= 0 && parts[done].phase != pos_phase(p))) {
            explain_illegal(p, parts[done].text, parts[done].phase, err, errlen);
            ok = false;
            break;
        }
        pos_do(p, m);
    }
    /* A whole turn (base move plus brackets) must finish its turn, unless it is the last
     * token: then the position may stop inside the turn, like after a single decision. */
    if (ok && n > 1 && parts[0].phase == PHASE_BASE && !last &&
        (pos_phase(p) == PHASE_FORCED || pos_phase(p) == PHASE_REACT)) {
        char what[96];
        phase_words(p, what, sizeof what);
        snprintf(err, errlen, "the whole turn is not finished: %s is still due", what);
        ok = false;
    }
    if (!ok)
        while (done-- > 0)
            pos_undo(p);
    return ok;
}

/* ---- either family ---- */

bool board_token_shaped(const Board *b, const char *tok) {
    Part parts[3];
    char d[6];
    return b->variant->worlds ? lex_decision(tok, strlen(tok), d) : lex_token(tok, parts) >= 0;
}

/* ---- the worlds family ---- */

/* One token onto p, or an error naming why (S2.1, S2.5, the game's end). */
static bool worlds_apply(const Variant *v, WorldsPos *p, const char *tok, char *err, size_t errlen) {
    GameEnd e;
    if (worlds_game_end(p, &e)) {
        end_refusal(v, &e, "moves", err, errlen);
        return false;
    }
    const char *why = NULL;
    Move m = worlds_parse_move(p, tok, &why);
    if (m == MOVE_NONE || !worlds_do_move(p, m)) {
        const WorldsState *s = worlds_st(p);
        int from = strlen(tok) >= 4 ? sq_parse(tok) : NO_SQ, pc = from == NO_SQ ? 0 : s->board[from];
        if (pc && worlds_piece_color(pc) == s->stm && worlds_piece_id(pc) != WORLDS_PAWN_ID && strlen(tok) == 4)
            why = "none of the types this major has in a consistent world makes this move (S2.1, S2.2)";
        snprintf(err, errlen, "%s", why ? why : "not legal");
        return false;
    }
    return true;
}

bool board_play_token(Board *b, const char *tok, bool last, char *err, size_t errlen) {
    if (b->variant->worlds) {
        if (!worlds_apply(b->variant, &b->worlds, tok, err, errlen))
            return false;
        worlds_pos_compact(&b->worlds); /* bounded memory for any move list (engine/worlds_uci.h) */
        return true;
    }
    if (!apply_token(b->pos, tok, last, err, errlen))
        return false;
    pos_compact(b->pos);
    return true;
}
