/* `position startpos|fen … [moves …]`: root, EntMap, then decision and whole-turn tokens
 * (PROTOCOL P1, P2; RULES R5.2). Built in a scratch position, so a failure before the moves
 * changes nothing and a failure inside them keeps the legal prefix. */
#include <string.h>

#include "internal.h"
#include "../engine/variant.h"

/* ---- tokens ---- */

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
            char words[96];
            end_words(p, &e, words, sizeof words);
            snprintf(err, errlen, "the game is over (%s), no further decisions", words);
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

/* ---- the command ---- */

/* Root + map + moves into *dst. On failure writes err and returns false; if the failure is
 * in the moves, *dst holds the legal prefix and *prefixOk is set. */
static bool setup_position(Uci *u, Position *dst, const char *fen, const char *const *moves, int nmoves,
                           bool *prefixOk, char *err, size_t errlen) {
    *prefixOk = false;
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
        if (!apply_token(dst, moves[i], i + 1 == nmoves, why, sizeof why)) {
            snprintf(err, errlen, "token %d '%.24s': %s (kept the position before it)", i + 1, moves[i], why);
            return false;
        }
        pos_compact(dst);
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
    bool ok = setup_position(u, u->scratch, fen, (const char *const *)ws->w + first, ws->n - first, &prefixOk, err,
                             sizeof err);
    if (!ok)
        uci_error(u, "position: %s", err);
    if (ok || prefixOk) {
        Position *t = u->pos;
        u->pos = u->scratch;
        u->scratch = t;
        u->havePosition = true;
        u->board.pos = u->pos;
        u->board.variant = u->opt.variant;
    }
}
