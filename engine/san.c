#include "san.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const char PIECE_LETTER[] = " PNBRQK";

static int mover_type(const Position *p, Move m) { return piece_type(p->board[move_from(m)]); }

static bool is_capture(const Position *p, Move m) {
    return move_flag(m) == MF_EP || (move_flag(m) != MF_CASTLE && p->board[move_to(m)] != NO_PIECE);
}

/* File, rank or both of the origin when another piece of the same kind reaches the same square. */
static void disambiguation(const Position *p, Move m, const Move *list, int n, char *out) {
    int from = move_from(m), pt = mover_type(p, m);
    bool clash = false, fileClash = false, rankClash = false;
    for (int i = 0; i < n; i++) {
        int f = move_from(list[i]);
        if (f == from || move_to(list[i]) != move_to(m) || mover_type(p, list[i]) != pt)
            continue;
        clash = true;
        fileClash |= sq_file(f) == sq_file(from);
        rankClash |= sq_rank(f) == sq_rank(from);
    }
    int k = 0;
    if (clash && (!fileClash || rankClash))
        out[k++] = (char)('a' + sq_file(from));
    if (clash && fileClash)
        out[k++] = (char)('1' + sq_rank(from));
    out[k] = 0;
}

/* '+' or '#' after the move, or nothing. */
static char check_mark(Position *p, Move m) {
    Move list[MAX_MOVES];
    pos_do(p, m);
    char mark = 0;
    if (pos_in_check(p, pos_turn(p)))
        mark = pos_legal_decisions(p, list) ? '+' : '#';
    pos_undo(p);
    return mark;
}

void san_format(Position *p, Move m, char buf[SAN_MAX]) {
    Move list[MAX_MOVES];
    int n = pos_legal_decisions(p, list), pt = mover_type(p, m), from = move_from(m), to = move_to(m);
    size_t k = 0;
    if (move_flag(m) == MF_CASTLE)
        k = (size_t)snprintf(buf, SAN_MAX, "%s", sq_file(to) > sq_file(from) ? "O-O" : "O-O-O");
    else {
        char dis[3] = "";
        if (pt == PAWN) {
            if (is_capture(p, m))
                dis[0] = (char)('a' + sq_file(from)), dis[1] = 0;
        } else
            disambiguation(p, m, list, n, dis);
        k = (size_t)snprintf(buf, SAN_MAX, "%.1s%s%s%c%c", pt == PAWN ? "" : &PIECE_LETTER[pt], dis,
                             is_capture(p, m) ? "x" : "", 'a' + sq_file(to), '1' + sq_rank(to));
        if (move_is_promo(m))
            k += (size_t)snprintf(buf + k, SAN_MAX - k, "=%c", PIECE_LETTER[move_promo_type(m)]);
    }
    char mark = check_mark(p, m);
    if (mark && k + 1 < SAN_MAX)
        buf[k++] = mark, buf[k] = 0;
}

/* ---- reading ---- */

typedef struct {
    int piece;             /* PAWN..KING */
    int fromFile, fromRank;/* -1 when not given */
    int to;
    int promo;             /* NO_PIECE_TYPE when none */
    int castle;            /* 0, 1 = O-O, 2 = O-O-O */
} SanParts;

static int letter_type(char c) {
    const char *s = strchr("NBRQK", c);
    return c && s ? (int)(s - "NBRQK") + KNIGHT : NO_PIECE_TYPE;
}

/* Copies san without annotations and check marks; false if nothing is left or it is too long. */
static bool strip(const char *san, char *out, size_t len) {
    size_t n = strlen(san);
    while (n && strchr("+#!?", san[n - 1]))
        n--;
    if (!n || n >= len)
        return false;
    memcpy(out, san, n);
    out[n] = 0;
    return true;
}

static bool parse_castle(const char *s, SanParts *sp) {
    if (!strcmp(s, "O-O") || !strcmp(s, "0-0"))
        sp->castle = 1;
    else if (!strcmp(s, "O-O-O") || !strcmp(s, "0-0-0"))
        sp->castle = 2;
    return sp->castle != 0;
}

static bool parse_parts(const char *san, SanParts *sp) {
    char s[16];
    memset(sp, 0, sizeof *sp);
    sp->fromFile = sp->fromRank = -1;
    if (!strip(san, s, sizeof s))
        return false;
    if (parse_castle(s, sp))
        return true;
    size_t n = strlen(s);
    /* Promotion at the end: "=Q" or a bare piece letter. */
    if (n >= 3 && letter_type(s[n - 1]) != NO_PIECE_TYPE && letter_type(s[n - 1]) != KING && isdigit((unsigned char)s[n - 2 - (s[n - 2] == '=')])) {
        sp->promo = letter_type(s[n - 1]);
        n -= s[n - 2] == '=' ? 2 : 1;
    }
    if (n < 2 || s[n - 2] < 'a' || s[n - 2] > 'h' || s[n - 1] < '1' || s[n - 1] > '8')
        return false;
    sp->to = make_sq(s[n - 2] - 'a', s[n - 1] - '1');
    size_t i = 0;
    sp->piece = letter_type(s[0]);
    if (sp->piece != NO_PIECE_TYPE)
        i = 1;
    else
        sp->piece = PAWN;
    for (; i < n - 2; i++) { /* origin hints and the capture mark */
        char c = s[i];
        if (c >= 'a' && c <= 'h' && sp->fromFile < 0)
            sp->fromFile = c - 'a';
        else if (c >= '1' && c <= '8' && sp->fromRank < 0)
            sp->fromRank = c - '1';
        else if (c != 'x' && c != ':' && c != '-')
            return false;
    }
    return sp->promo == NO_PIECE_TYPE || sp->piece == PAWN;
}

static bool matches(const Position *p, Move m, const SanParts *sp) {
    if (sp->castle)
        return move_flag(m) == MF_CASTLE && (sp->castle == 1) == (sq_file(move_to(m)) > sq_file(move_from(m)));
    if (move_flag(m) == MF_CASTLE || move_to(m) != sp->to || mover_type(p, m) != sp->piece)
        return false;
    if ((sp->fromFile >= 0 && sq_file(move_from(m)) != sp->fromFile) ||
        (sp->fromRank >= 0 && sq_rank(move_from(m)) != sp->fromRank))
        return false;
    return move_is_promo(m) ? move_promo_type(m) == sp->promo : sp->promo == NO_PIECE_TYPE;
}

Move san_parse(const Position *p, const char *san) {
    SanParts sp;
    Move list[MAX_MOVES], found = MOVE_NONE;
    if (!parse_parts(san, &sp))
        return MOVE_NONE;
    int n = pos_legal_decisions(p, list), hits = 0;
    for (int i = 0; i < n; i++)
        if (matches(p, list[i], &sp))
            found = list[i], hits++;
    return hits == 1 ? found : MOVE_NONE;
}
