/* Notation for people (R5.3, seed 004 §12): the reader of notation.h. Lenient with what people
 * type, strict about the rules: every decision is checked against the legal options at its
 * decision point, on a scratch copy of the caller's position. */
#include <stdlib.h>

#include "notation_util.h"

/* ---- reading one decision ---- */

static bool is_space_char(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static void trim(const char **s, size_t *n) {
    while (*n && is_space_char(**s))
        (*s)++, (*n)--;
    while (*n && is_space_char((*s)[*n - 1]))
        (*n)--;
}

/* A decision as written, taken apart: piece letter (0: none), from-file/rank (-1: not
 * given), destination, promotion piece (0: none). */
typedef struct {
    int piece, fromFile, fromRank, to, promo;
    bool castle, castleLong;
} MoveText;

static bool ends_with(const char *s, size_t n, const char *tail) {
    size_t k = strlen(tail);
    return n >= k && !memcmp(s + n - k, tail, k);
}

/* Drops the marks that describe a move but do not choose it: + # ! ? ✖ and "e.p.". */
static size_t strip_marks(const char *s, size_t n) {
    for (;;) {
        if (n && strchr("+#!?", s[n - 1]))
            n--;
        else if (ends_with(s, n, BREAK_MARK))
            n -= strlen(BREAK_MARK);
        else if (ends_with(s, n, "e.p.") || ends_with(s, n, " ep"))
            n -= ends_with(s, n, "e.p.") ? 4 : 3;
        else if (n && s[n - 1] == ' ')
            n--;
        else
            return n;
    }
}

static int promo_piece(char c, bool anyCase) {
    const char *up = strchr("NBRQ", c), *low = anyCase ? strchr("nbrq", c) : NULL;
    if (c && up)
        return KNIGHT + (int)(up - "NBRQ");
    if (c && low)
        return KNIGHT + (int)(low - "nbrq");
    return 0;
}

/* SAN or long algebraic, leniently: Nf3 Nbd7 R1e2 exd5 ed5 e8=Q e8Q e8/Q Ng1-f3 h8-h7
 * Bc4xf7 O-O 0-0-0. False if the text is not a move of that shape. */
static bool split_move(const char *text, size_t n, MoveText *mt) {
    char s[24];
    memset(mt, 0, sizeof *mt);
    mt->fromFile = mt->fromRank = -1;
    if (n == 0 || n >= sizeof s)
        return false;
    memcpy(s, text, n);
    s[n] = 0;
    if (!strcmp(s, "O-O") || !strcmp(s, "0-0") || !strcmp(s, "O-O-O") || !strcmp(s, "0-0-0"))
        return mt->castle = true, mt->castleLong = n == 5, true;
    size_t i = 0;
    if (strchr("PNBRQK", s[0]))
        mt->piece = (int)(strchr(PIECE_LETTER, s[i++]) - PIECE_LETTER);
    if (n > 2 && (mt->promo = promo_piece(s[n - 1], s[n - 2] == '=' || s[n - 2] == '/'))) {
        n--;
        if (s[n - 1] == '=' || s[n - 1] == '/')
            n--;
    }
    if (n < i + 2 || (mt->to = sq_parse(s + n - 2)) == NO_SQ)
        return false;
    n -= 2;
    while (n > i && strchr("-x:", s[n - 1]))
        n--;
    if (n > i && s[i] >= 'a' && s[i] <= 'h')
        mt->fromFile = s[i++] - 'a';
    if (n > i && s[i] >= '1' && s[i] <= '8')
        mt->fromRank = s[i++] - '1';
    return i == n;
}

static bool text_matches(const Position *p, Move m, const MoveText *mt) {
    int from = move_from(m), pt = piece_type(p->board[from]);
    if (mt->castle || move_flag(m) == MF_CASTLE) /* tether has a king move e1-g1 beside O-O */
        return mt->castle && move_flag(m) == MF_CASTLE && (move_to(m) < from) == mt->castleLong;
    /* a promotion without its piece matches all four: "ambiguous" tells what to add */
    if (move_to(m) != mt->to || (mt->promo && (!move_is_promo(m) || move_promo_type(m) != mt->promo)))
        return false;
    if (mt->fromFile >= 0 && sq_file(from) != mt->fromFile)
        return false;
    if (mt->fromRank >= 0 && sq_rank(from) != mt->fromRank)
        return false;
    if (mt->piece)
        return pt == mt->piece;
    /* no letter: a pawn, or any piece when the from-square is written out (h8-h7) */
    return pt == PAWN || (mt->fromFile >= 0 && mt->fromRank >= 0);
}

static int cmp_text(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

/* Appends the options `shown` (some of p's legal decisions, `legal`) in the short form,
 * sorted, for error messages. Each is written on its own scratch copy, as
 * notation_format_decision does, against the one legal list. */
static void put_options(Buf *b, const Position *p, const LegalList *legal, const Move *shown, int n) {
    char texts[MAX_MOVES][16];
    for (int i = 0; i < n; i++) {
        Position s;
        scratch_from(&s, p);
        notation_format_among(&s, legal, shown[i], NOTATION_SHORT, texts[i], sizeof texts[i]);
    }
    qsort(texts, (size_t)n, sizeof texts[0], cmp_text);
    for (int i = 0; i < n; i++) {
        put(b, i ? " " : "");
        put(b, texts[i]);
    }
}

/* The decision of `legal` whose UCI token (R5.1) is tok, as pos_parse_decision finds it; only
 * the decisions from the token's first square are written out to compare. */
static Move find_token(const LegalList *legal, int variant, const char *tok) {
    char buf[6];
    int from = sq_parse(tok);
    for (int i = 0; from != NO_SQ && i < legal->n; i++) {
        if (move_from(legal->m[i]) != from)
            continue;
        move_to_uci_variant(legal->m[i], variant, buf);
        if (!strcmp(buf, tok))
            return legal->m[i];
    }
    return MOVE_NONE;
}

/* The decisions of `legal` (p's) that `text` (n bytes) names, in hits: how many, or -1 when
 * the text is not a move's shape. A UCI token, promotion letter in either case, names one. */
static int find_named(const Position *p, const LegalList *legal, const char *text, size_t n, Move *hits) {
    char uci[8];
    trim(&text, &n);
    n = strip_marks(text, n);
    if (n >= 4 && n <= 5) {
        memcpy(uci, text, n);
        uci[n] = 0;
        if (n == 5 && uci[4] >= 'A' && uci[4] <= 'Z')
            uci[4] = (char)(uci[4] - 'A' + 'a');
        Move m = strlen(uci) >= 4 ? find_token(legal, p->variant, uci) : MOVE_NONE;
        if (m != MOVE_NONE)
            return hits[0] = m, 1;
    }
    MoveText mt;
    if (!split_move(text, n, &mt))
        return -1;
    int k = 0;
    for (int i = 0; i < legal->n; i++)
        if (text_matches(p, legal->m[i], &mt))
            hits[k++] = legal->m[i];
    return k;
}

Move notation_read_among(const Position *p, const LegalList *legal, const char *text) {
    Move hits[MAX_MOVES];
    return find_named(p, legal, text, strlen(text), hits) == 1 ? hits[0] : MOVE_NONE;
}

/* The legal decision that `text` (n bytes) names at p; MOVE_NONE with the reason in why. */
static Move read_decision(Position *p, const char *text, size_t n, char *why, size_t whylen) {
    LegalList legal;
    Move hits[MAX_MOVES];
    legal_list(&legal, p);
    if (!legal.n)
        return fail(why, whylen, "no legal decision: the game is over"), MOVE_NONE;
    int k = find_named(p, &legal, text, n, hits);
    if (k < 0)
        return fail(why, whylen, "not a move"), MOVE_NONE;
    if (k == 1)
        return hits[0];
    if (!whylen)
        return MOVE_NONE;
    Buf b;
    buf_init(&b, why, whylen);
    put(&b, k ? "ambiguous (" : "no such move (legal: ");
    put_options(&b, p, &legal, k ? hits : legal.m, k ? k : legal.n);
    put(&b, ")");
    return MOVE_NONE;
}

Move notation_parse_decision(const Position *p, const char *text, char *err, size_t errlen) {
    Position s;
    scratch_from(&s, p);
    return read_decision(&s, text, strlen(text), err, errlen);
}

/* ---- reading movetext ---- */

enum { ITEM_END, ITEM_MOVE, ITEM_FORCED, ITEM_REACT, ITEM_RESULT, ITEM_BAD };

typedef struct {
    int kind;
    const char *s; /* the item's text (inside the brackets for FORCED/REACT) */
    size_t n;
} Item;


/* Skips a group opened at *s up to its closing character (nested for `(`); false if open. */
static bool skip_group(const char **s, char open, char close) {
    int depth = 0;
    for (const char *q = *s; *q; q++) {
        depth += *q == open ? 1 : *q == close ? -1 : 0;
        if (!depth) {
            *s = q + 1;
            return true;
        }
    }
    return false;
}

/* Drops a leading move number: "12." "12..." "12…" (glued to the move or alone). */
static void skip_move_number(const char **s, size_t *n) {
    const char *q = *s;
    size_t i = 0, j;
    while (i < *n && q[i] >= '0' && q[i] <= '9')
        i++;
    for (j = i; j < *n;) {
        if (q[j] == '.')
            j++;
        else if (j + 3 <= *n && !memcmp(q + j, "\xE2\x80\xA6", 3))
            j += 3;
        else
            break;
    }
    if (i > 0 && j > i) {
        *s += j;
        *n -= j;
    }
}

static bool is_result(const char *s, size_t n) {
    static const char *const R[] = {"1-0", "0-1", "1/2-1/2", "\xC2\xBD-\xC2\xBD", "*", "0-0"};
    for (size_t i = 0; i < sizeof R / sizeof R[0]; i++)
        if (strlen(R[i]) == n && !memcmp(R[i], s, n))
            return true;
    return false;
}

/* The next item of the movetext at *s. */
static Item next_item(const char **s) {
    for (;;) {
        const char *q = *s;
        while (is_space_char(*q))
            q++;
        *s = q;
        if (!*q)
            return (Item){ITEM_END, q, 0};
        if (*q == '{' || *q == '(') {
            if (!skip_group(s, *q, *q == '{' ? '}' : ')'))
                return (Item){ITEM_BAD, q, strlen(q)};
            continue;
        }
        if (*q == ';' || *q == '%' || *q == '$') { /* a comment line, an escape line, a NAG */
            size_t k = *q == '$' ? strspn(q + 1, "0123456789") + 1 : strcspn(q, "\n");
            *s = q + k;
            continue;
        }
        if (*q == '[' || *q == '<') {
            const char *end = strchr(q, *q == '[' ? ']' : '>');
            if (!end)
                return (Item){ITEM_BAD, q, strlen(q)};
            *s = end + 1;
            if (*q == '[' && memchr(q, '"', (size_t)(end - q))) /* a PGN tag pair */
                continue;
            return (Item){*q == '[' ? ITEM_FORCED : ITEM_REACT, q + 1, (size_t)(end - q - 1)};
        }
        size_t n = strcspn(q, " \t\r\n[<{(;");
        *s = q + n;
        skip_move_number(&q, &n);
        if (!n || (n == 4 && !memcmp(q, "e.p.", 4))) /* "exd6 e.p." */
            continue;
        return (Item){is_result(q, n) ? ITEM_RESULT : ITEM_MOVE, q, n};
    }
}

/* The state of a read: the scratch position and the turn being read. */
typedef struct {
    Position pos;
    NotationTurn *turns;
    int max, count;
    int moveNo, side;    /* of the turn being read */
    int counterpart;     /* the base move's forcing counterpart (R2.3), or NO_SQ */
    bool hadForcedPart;  /* the turn has its [..] part already */
    bool pendingOnly;    /* the turn ended with `[↔ h8R]`: nothing may follow */
    char *err;
    size_t errlen;
} Reader;

static bool read_fail(Reader *r, const Item *it, const char *fmt, const char *why) {
    char what[64];
    int n = it->n < 40 ? (int)it->n : 40;
    const char *open = it->kind == ITEM_FORCED ? "[" : it->kind == ITEM_REACT ? "<" : "";
    const char *close = it->kind == ITEM_FORCED ? "]" : it->kind == ITEM_REACT ? ">" : "";
    snprintf(what, sizeof what, "%s%.*s%s", open, n, it->s, close);
    char msg[480];
    snprintf(msg, sizeof msg, fmt, why);
    fail(r->err, r->errlen, "move %d%s '%s': %s", r->moveNo, r->side == BLACK ? "..." : "", what, msg);
    return false;
}

static const char *phase_due(const Position *p) {
    switch (pos_phase(p)) {
    case PHASE_FORCED: return "a forced reply [..] is due";
    case PHASE_REACT: return "a reactive step <..> is due";
    default: return "a base move is due";
    }
}

static bool read_base(Reader *r, const Item *it) {
    Position *p = &r->pos;
    if (pos_phase(p) == PHASE_OVER)
        return read_fail(r, it, "%s", "the game is over (mate, R4.1)");
    if (pos_phase(p) != PHASE_BASE) { /* name the item by the number it would have had */
        r->moveNo += r->side == BLACK;
        r->side ^= 1;
        return read_fail(r, it, "the turn before is not finished: %s", phase_due(p));
    }
    r->moveNo = pos_state(p)->fullmove;
    r->side = pos_turn(p);
    if (r->count == r->max)
        return read_fail(r, it, "%s", "too many turns");
    char why[400];
    Move m = read_decision(p, it->s, it->n, why, sizeof why);
    if (m == MOVE_NONE)
        return read_fail(r, it, "%s", why);
    r->counterpart = forcing_counterpart(p, m);
    r->hadForcedPart = r->pendingOnly = false;
    r->turns[r->count++] = (NotationTurn){m, MOVE_NONE, MOVE_NONE};
    scratch_do(p, m);
    return true;
}

/* `↔ h8R:` or `h8R:` or `↔ `: the link mark and the counterpart in front of a forced reply.
 * Returns the counterpart's square (NO_SQ if not written) and moves *s past it. */
static int read_counterpart(const Position *p, const char **s, size_t *n, bool *bad) {
    const char *q = *s;
    size_t k = *n;
    *bad = false;
    trim(&q, &k);
    if (k >= 3 && !memcmp(q, LINK_MARK, 3))
        q += 3, k -= 3;
    else if (k >= 3 && !memcmp(q, "<->", 3))
        q += 3, k -= 3;
    while (k && is_space_char(*q))
        q++, k--;
    int sq = k >= 2 ? sq_parse(q) : NO_SQ, len = 2;
    bool letterFits = sq != NO_SQ && k >= 3 && p->board[sq] && PIECE_LETTER[piece_type(p->board[sq])] == q[2];
    if (sq != NO_SQ && k >= 3 && strchr("PNBRQK", q[2]) && (k == 3 ? letterFits : q[3] == ':')) {
        *bad = !letterFits; /* `h8R:` naming what is not there; a bare `a1Q` may be a move */
        len = 3;
    } else if (sq != NO_SQ && k >= 3 && q[2] == ':')
        len = 2;
    else
        sq = NO_SQ, len = 0;
    if (sq != NO_SQ) {
        q += len, k -= (size_t)len;
        if (k && *q == ':')
            q++, k--;
    }
    *s = q;
    *n = k;
    return sq;
}

static bool is_none_text(const char *s, size_t n) {
    return (n == 2 && !memcmp(s, "--", 2)) || (n == 1 && *s == '-');
}

static bool read_forced(Reader *r, const Item *it) {
    Position *p = &r->pos;
    if (!r->count || r->hadForcedPart || r->turns[r->count - 1].react != MOVE_NONE)
        return read_fail(r, it, "%s", "a forced reply [..] follows its base move");
    r->hadForcedPart = true;
    const char *s = it->s;
    size_t n = it->n;
    bool bad;
    int sq = read_counterpart(p, &s, &n, &bad);
    trim(&s, &n);
    int due = pos_phase(p) == PHASE_FORCED ? pos_state(p)->pending : NO_SQ;
    int named = due != NO_SQ ? due : r->counterpart;
    if (bad || (sq != NO_SQ && sq != named))
        return read_fail(r, it, "%s", named == NO_SQ ? "the base move forces no reply (R2.3)"
                                                        : "that is not the moved piece's counterpart (R2.3)");
    if (n == 0 && sq != NO_SQ) { /* `[↔ h8R]`: the reply is not chosen yet; the record ends */
        if (due == NO_SQ)
            return read_fail(r, it, "%s", "the counterpart has no legal move (R2.3), write ':--'");
        r->pendingOnly = true;
        return true;
    }
    if (is_none_text(s, n)) { /* `[↔ f8B:--]`: the counterpart had no move */
        if (due != NO_SQ)
            return read_fail(r, it, "%s", "a forced reply is due");
        if (r->counterpart == NO_SQ)
            return read_fail(r, it, "%s", "the base move forces no reply (R2.3)");
        return true;
    }
    if (due == NO_SQ)
        return read_fail(r, it, "%s", "no forced reply is due (R2.3)");
    char why[400];
    Move m = read_decision(p, s, n, why, sizeof why);
    if (m == MOVE_NONE)
        return read_fail(r, it, "forced reply: %s", why);
    r->turns[r->count - 1].forced = m;
    scratch_do(p, m);
    return true;
}

static bool read_react(Reader *r, const Item *it) {
    Position *p = &r->pos;
    if (!r->count || r->turns[r->count - 1].react != MOVE_NONE || pos_phase(p) != PHASE_REACT)
        return read_fail(r, it, "%s", pos_phase(p) == PHASE_FORCED ? "the forced reply comes first"
                                                                    : "no reactive step is due (R2.5)");
    char why[400];
    Move m = read_decision(p, it->s, it->n, why, sizeof why);
    if (m == MOVE_NONE)
        return read_fail(r, it, "reactive step: %s", why);
    r->turns[r->count - 1].react = m;
    scratch_do(p, m);
    return true;
}

/* `0-0` is castling where it is legal, else the dual-king result (R4.2). */
static bool castles_short(Position *p) {
    Move list[MAX_MOVES];
    int n = pos_phase(p) == PHASE_BASE ? pos_legal_decisions(p, list) : 0;
    for (int i = 0; i < n; i++)
        if (move_flag(list[i]) == MF_CASTLE && move_to(list[i]) > move_from(list[i]))
            return true;
    return false;
}

static bool read_item(Reader *r, const Item *it) {
    if (r->pendingOnly)
        return read_fail(r, it, "%s", "nothing may follow a forced reply not yet chosen");
    switch (it->kind) {
    case ITEM_MOVE: return read_base(r, it);
    case ITEM_FORCED: return read_forced(r, it);
    case ITEM_REACT: return read_react(r, it);
    default: return read_fail(r, it, "%s", "unterminated bracket or comment");
    }
}

static int read_game(Reader *r, const char *text) {
    if (pos_phase(&r->pos) != PHASE_BASE)
        return fail(r->err, r->errlen, "the position is not at a turn start"), -1;
    r->moveNo = pos_state(&r->pos)->fullmove;
    r->side = pos_turn(&r->pos);
    for (const char *s = text;;) {
        Item it = next_item(&s);
        bool castling = it.kind == ITEM_RESULT && it.n == 3 && !memcmp(it.s, "0-0", 3) && castles_short(&r->pos);
        if (it.kind == ITEM_END || (it.kind == ITEM_RESULT && !castling))
            return r->count; /* text after the result is not this game's */
        if (castling)
            it.kind = ITEM_MOVE;
        if (!read_item(r, &it))
            return -1;
    }
}

int notation_parse_game(const Position *start, const char *text, NotationTurn *turns, int maxTurns, char *err,
                        size_t errlen) {
    Reader r;
    scratch_from(&r.pos, start);
    r.turns = turns;
    r.max = maxTurns;
    r.count = 0;
    r.counterpart = NO_SQ;
    r.hadForcedPart = r.pendingOnly = false;
    r.err = err;
    r.errlen = errlen;
    if (errlen)
        err[0] = 0;
    return read_game(&r, text);
}

bool notation_parse_turn(const Position *start, const char *text, NotationTurn *t, char *err, size_t errlen) {
    NotationTurn turns[2];
    int n = notation_parse_game(start, text, turns, 2, err, errlen);
    if (n == 1) {
        *t = turns[0];
        return true;
    }
    if (n >= 0)
        fail(err, errlen, n ? "more than one turn" : "no move");
    return false;
}
