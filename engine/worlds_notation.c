/* Haft Schroedinger notation (engine/worlds_notation.h): writer and lenient reader. Legality is
 * the rules core's (worlds_parse_move, worlds_do_move); this file only turns moves into text and
 * back. */
#include "worlds_notation.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "notation_util.h" /* fail: one error writer for both notations */

/* ---- writing ---- */

/* The move that led to p, written from the state after it: a promotion's piece was a pawn, a
 * capture left its content in `captured`, and the marks are the position's own (S3.1, S3.2). */
static bool put_last(WorldsPos *p, char *buf, size_t len) {
    const WorldsState *s = worlds_st(p);
    Move m = s->move;
    if (m == MOVE_NONE)
        return false;
    int from = move_from(m), to = move_to(m);
    bool promo = move_is_promo(m), pawn = promo || worlds_piece_id(s->board[to]) == WORLDS_PAWN_ID;
    bool capture = s->captured != WORLDS_EMPTY || move_flag(m) == MF_EP;
    int result = worlds_result(p);
    const char *mark = result == WORLDS_CHECKMATE ? "#" : worlds_check_status(p) == WORLDS_CHECK_ALL ? "+" : "";
    int n = snprintf(buf, len, "%s%c%c%c%c%c%s%s", pawn ? "" : "M", 'a' + sq_file(from), '1' + sq_rank(from),
                     capture ? 'x' : '-', 'a' + sq_file(to), '1' + sq_rank(to), promo ? "=M" : "", mark);
    return n > 0 && (size_t)n < len;
}

bool worlds_notation_last_move(WorldsPos *p, char *buf, size_t len) { return put_last(p, buf, len); }

bool worlds_notation_format(WorldsPos *p, Move m, char *buf, size_t len) {
    if (!worlds_do_move(p, m)) {
        snprintf(buf, len, "illegal move");
        return false;
    }
    bool ok = put_last(p, buf, len);
    worlds_undo_move(p);
    return ok;
}

bool worlds_notation_format_game(WorldsPos *p, const Move *moves, int n, char *buf, size_t len, char *err, size_t errlen) {
    size_t used = 0;
    int played = 0;
    bool ok = true;
    if (len)
        buf[0] = 0;
    for (int i = 0; i < n && ok; i++) {
        const WorldsState *s = worlds_st(p);
        int number = s->ply / 2 + 1, stm = s->stm;
        char text[WORLDS_NOTATION_MAX], num[16] = "";
        if (!worlds_do_move(p, moves[i])) {
            fail(err, errlen, "move %d%s is not legal", number, stm == WHITE ? "" : "...");
            ok = false;
            break;
        }
        played++;
        put_last(p, text, sizeof text);
        if (stm == WHITE)
            snprintf(num, sizeof num, "%d. ", number);
        else if (i == 0)
            snprintf(num, sizeof num, "%d... ", number);
        int k = snprintf(buf + used, len - used, "%s%s%s", i ? " " : "", num, text);
        if (k < 0 || (size_t)k >= len - used) {
            fail(err, errlen, "buffer too small");
            ok = false;
        } else
            used += (size_t)k;
    }
    while (played--)
        worlds_undo_move(p);
    return ok;
}

/* ---- reading ---- */

/* A move as written: optional `M`/`P`, from, optional `-`/`x`/`:`, to, optional `=M`/`M`,
 * optional marks. */
typedef struct {
    char letter, sep;
    int from, to;
    bool promo;
} MoveText;

static const char *split_move(const char *text, MoveText *mt) {
    char s[24];
    size_t n = strlen(text);
    while (n && strchr(" \t\r\n", text[n - 1]))
        n--;
    while (n && strchr(" \t\r\n", *text))
        text++, n--;
    if (n == 0 || n >= sizeof s)
        return "not a move";
    memcpy(s, text, n);
    s[n] = 0;
    while (n && strchr("+#!?", s[n - 1])) /* marks describe a move, they do not choose it */
        s[--n] = 0;
    memset(mt, 0, sizeof *mt);
    const char *c = s;
    if (*c && strchr("KQRBN", *c))
        return "write M for a major: no major has a known type (S1.1)";
    if (*c == 'M' || *c == 'P')
        mt->letter = *c++;
    if ((mt->from = sq_parse(c)) == NO_SQ)
        return "not a move";
    c += 2;
    if (*c && strchr("-x:", *c))
        mt->sep = *c++;
    if ((mt->to = sq_parse(c)) == NO_SQ)
        return "not a move";
    c += 2;
    if (*c == '=')
        c++;
    if (*c == 'M' && !c[1])
        mt->promo = true;
    else if (*c && strchr("QRBNqrbn", *c) && !c[1])
        return "a promotion takes no letter: the pawn becomes an unknown major, =M (S2.5)";
    else if (*c || c[-1] == '=')
        return "not a move";
    return NULL;
}

Move worlds_notation_parse(WorldsPos *p, const char *text, char *err, size_t errlen) {
    MoveText mt;
    const char *why = split_move(text, &mt);
    if (why)
        return fail(err, errlen, "%s", why), MOVE_NONE;
    char tok[5] = {(char)('a' + sq_file(mt.from)), (char)('1' + sq_rank(mt.from)), (char)('a' + sq_file(mt.to)),
                   (char)('1' + sq_rank(mt.to)), 0};
    Move m = worlds_parse_move(p, tok, &why);
    if (m == MOVE_NONE)
        return fail(err, errlen, "%s", why ? why : "not legal"), MOVE_NONE;
    const WorldsState *s = worlds_st(p);
    bool pawn = worlds_piece_id(s->board[mt.from]) == WORLDS_PAWN_ID;
    bool capture = s->board[mt.to] != WORLDS_EMPTY || move_flag(m) == MF_EP;
    char sq[3] = {tok[0], tok[1], 0};
    if ((mt.letter == 'M' && pawn) || (mt.letter == 'P' && !pawn))
        return fail(err, errlen, "%s holds %s", sq, pawn ? "a pawn, not a major" : "a major, not a pawn"), MOVE_NONE;
    if (mt.sep == 'x' && !capture)
        return fail(err, errlen, "nothing to capture on %s", tok + 2), MOVE_NONE;
    if (mt.promo && !move_is_promo(m))
        return fail(err, errlen, "not a promotion (S2.5)"), MOVE_NONE;
    return m;
}

/* The next word of movetext at *s (moved past it), or NULL at the end; `{comments}` skipped. */
static const char *next_word(const char **s, size_t *n, bool *open) {
    for (;;) {
        const char *q = *s + strspn(*s, " \t\r\n");
        if (!*q)
            return NULL;
        if (*q == '{') {
            const char *e = strchr(q, '}');
            if (!e)
                return *open = true, NULL;
            *s = e + 1;
            continue;
        }
        *n = strcspn(q, " \t\r\n{");
        *s = q + *n;
        return q;
    }
}

static bool is_result(const char *w, size_t n) {
    static const char *const R[] = {"1-0", "0-1", "1/2-1/2", "*"};
    for (size_t i = 0; i < sizeof R / sizeof R[0]; i++)
        if (strlen(R[i]) == n && !memcmp(R[i], w, n))
            return true;
    return false;
}

/* Reads one move word at p and plays it; false with err naming it. */
static bool read_move(WorldsPos *p, const char *w, size_t n, Move *out, char *err, size_t errlen) {
    const WorldsState *s = worlds_st(p);
    int number = s->ply / 2 + 1, stm = s->stm;
    char text[32], why[160];
    snprintf(text, sizeof text, "%.*s", (int)(n < 24 ? n : 24), w);
    Move m = MOVE_NONE;
    if (worlds_result(p) != WORLDS_ONGOING)
        snprintf(why, sizeof why, "the game is over (S3)");
    else if ((m = n < 24 ? worlds_notation_parse(p, text, why, sizeof why) : MOVE_NONE) == MOVE_NONE && n >= 24)
        snprintf(why, sizeof why, "not a move");
    if (m == MOVE_NONE || !worlds_do_move(p, m)) {
        fail(err, errlen, "move %d%s '%s': %s", number, stm == WHITE ? "" : "...", text, m ? "not legal" : why);
        return false;
    }
    *out = m;
    return true;
}

int worlds_notation_parse_game(WorldsPos *p, const char *text, Move *moves, int max, char *err, size_t errlen) {
    int count = 0;
    bool open = false, ok = true;
    size_t n;
    for (const char *s = text, *w; ok && (w = next_word(&s, &n, &open));) {
        size_t digits = strspn(w, "0123456789"), dots = digits ? strspn(w + digits, ".") : 0;
        if (digits && dots) { /* a move number, alone or glued to its move ("12.e2-e4") */
            w += digits + dots;
            n -= digits + dots;
            if (!n)
                continue;
        }
        if (is_result(w, n))
            break;
        if (count == max) {
            fail(err, errlen, "too many moves");
            ok = false;
        } else if ((ok = read_move(p, w, n, &moves[count], err, errlen)))
            count++;
    }
    if (ok && open) {
        fail(err, errlen, "unterminated comment");
        ok = false;
    }
    for (int i = 0; i < count; i++)
        worlds_undo_move(p);
    return ok ? count : -1;
}
