/* Reading game records (record.h): the tags, then the movetext of the variant they name, in any
 * notation of engine/notation.h, checking every decision as it is read. */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/links.h"
#include "../engine/notation.h"
#include "internal.h"

typedef struct {
    int braces;    /* inside a {comment} */
    int parens;    /* inside a (variation) */
    bool done;     /* the result token was read */
    bool bad;
    char err[160];
    char variantTag[32];
    bool hasVariant, hasEntMap;
    bool links;    /* QEC-style movetext, read at the end; else a decision a word, on board */
    Board board;   /* the game so far, once open (its Position is scratch) */
    Position *scratch;
    bool open;
    /* QEC movetext, read once the game's text is whole: its words (move numbers dropped),
     * whether each is shaped like a whole-turn token (the old records), and the tokens of
     * `{e2e4[h8h7]}` comments. */
    char *text;
    size_t textLen, textCap;
    int words;
    bool tokenish;
    PgnGame tokens;
} Lexer;

static bool is_result(const Lexer *lx, const char *t) {
    return !strcmp(t, "1-0") || !strcmp(t, "0-1") || !strcmp(t, "1/2-1/2") || !strcmp(t, "*") ||
           (lx->links && !strcmp(t, "0-0")); /* in chess 0-0 is castling */
}

static bool is_decision(const char *s, size_t len) {
    if (len != 4 && len != 5)
        return false;
    if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' || s[2] < 'a' || s[2] > 'h' || s[3] < '1' || s[3] > '8')
        return false;
    return len == 4 || strchr("nbrq", s[4]);
}

static void lex_failf(Lexer *lx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void lex_fail(Lexer *lx, const char *msg, const char *tok) { lex_failf(lx, "%s '%.24s'", msg, tok); }

static bool add_part(PgnDecision out[3], int *n, const char *s, size_t len, int phase) {
    if (!is_decision(s, len))
        return false;
    memcpy(out[*n].tok, s, len);
    out[*n].tok[len] = 0;
    out[(*n)++].phase = (unsigned char)phase;
    return true;
}

/* A whole-turn token (R5.2): base[forced]<react>, each part optional but in that order.
 * Fills out[0..*n) and returns NULL, or returns what is wrong. */
static const char *split_turn_token(const char *t, PgnDecision out[3], int *n) {
    const char *s = t;
    *n = 0;
    if (*s != '[' && *s != '<') {
        size_t k = strcspn(s, "[<");
        if (!add_part(out, n, s, k, PHASE_BASE))
            return "bad turn token";
        s += k;
    }
    static const struct {
        char open, close;
        int phase;
        const char *unclosed;
    } PARTS[] = {{'[', ']', PHASE_FORCED, "unclosed [ in"}, {'<', '>', PHASE_REACT, "unclosed < in"}};
    for (int i = 0; i < 2; i++) {
        if (*s != PARTS[i].open)
            continue;
        const char *e = strchr(s, PARTS[i].close);
        if (!e)
            return PARTS[i].unclosed;
        if (!add_part(out, n, s + 1, (size_t)(e - s - 1), PARTS[i].phase))
            return "bad turn token";
        s = e + 1;
    }
    return *s ? "bad turn token" : NULL;
}

static void turn_token(PgnGame *g, Lexer *lx, const char *t) {
    PgnDecision d[3];
    int n;
    const char *bad = split_turn_token(t, d, &n);
    if (bad)
        return lex_fail(lx, bad, t);
    for (int i = 0; i < n; i++)
        if (!pgn_push(g, d[i].tok, d[i].phase))
            return lex_fail(lx, "out of memory at", t);
}

/* A move of the other rows, played on lx->board as it is read: SAN in chess and tether (or a
 * UCI token, as some tools write), schroedinger's long form (`Mb1-c3`) or token (S4.1). An
 * illegal move is named here, with the reason (cut so that the move's name fits). */
static void board_word(PgnGame *g, Lexer *lx, const char *t) {
    char why[160], tok[6], msg[128];
    if (lx->bad || !lx->open)
        return;
    Move m = board_read_decision(&lx->board, t, why, sizeof why);
    if (m == MOVE_NONE) {
        snprintf(msg, sizeof msg, "illegal move (%.100s):", why);
        return lex_fail(lx, msg, t);
    }
    board_token(&lx->board, m, tok);
    if (!pgn_push(g, tok, PHASE_BASE))
        return lex_fail(lx, "out of memory at", t);
    board_do(&lx->board, m);
}

/* Old QEC records hold whole-turn tokens only: every word is lower-case letters, digits and
 * brackets and starts with a square and a file (`e2e4[h8h7]`, a bad `e7e9` too). */
static bool token_shaped(const char *t) {
    const char *s = *t == '[' || *t == '<' ? t + 1 : t;
    if (strlen(s) < 4 || s[0] < 'a' || s[0] > 'h' || s[1] < '0' || s[1] > '9' || s[2] < 'a' || s[2] > 'h')
        return false;
    return strspn(t, "abcdefghijklmnopqrstuvwxyz0123456789[]<>") == strlen(t);
}

static void links_word(Lexer *lx, const char *t) {
    size_t k = strlen(t);
    if (lx->textLen + k + 2 > lx->textCap) {
        size_t cap = 2 * (lx->textLen + k + 2) + 256;
        char *text = realloc(lx->text, cap);
        if (!text)
            return lex_fail(lx, "out of memory at", t);
        lx->text = text;
        lx->textCap = cap;
    }
    memcpy(lx->text + lx->textLen, t, k);
    lx->textLen += k;
    lx->text[lx->textLen++] = ' ';
    lx->text[lx->textLen] = 0;
    lx->tokenish &= token_shaped(t);
    lx->words++;
}

/* A `{comment}` of QEC movetext that holds one whole-turn token is the machine form of the
 * turn before it (`1. e4 [↔ Rh7] {e2e4[h8h7]}`); other comments are words for people. */
static void links_comment(Lexer *lx, const char *s, size_t n) {
    char t[48];
    while (n && isspace((unsigned char)*s))
        s++, n--;
    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    PgnDecision d[3];
    int k;
    if (!lx->links || !n || n >= sizeof t)
        return;
    memcpy(t, s, n);
    t[n] = 0;
    if (split_turn_token(t, d, &k))
        return;
    for (int i = 0; i < k; i++)
        if (!pgn_push(&lx->tokens, d[i].tok, d[i].phase))
            return lex_fail(lx, "out of memory at", t);
}

static void movetext_word(PgnGame *g, Lexer *lx, char *t) {
    if (is_result(lx, t)) {
        snprintf(g->result, sizeof g->result, "%s", t);
        lx->done = true;
        return;
    }
    if (*t == '$')
        return; /* NAG */
    /* Move numbers "12." / "12..." possibly glued to the token ("12.e2e4"). */
    if (isdigit((unsigned char)*t)) {
        char *p = t;
        while (isdigit((unsigned char)*p))
            p++;
        if (*p != '.' && lx->links) /* `0-0-0` in people's notation: the notation reader decides */
            return links_word(lx, t);
        if (*p != '.')
            return lex_fail(lx, "bad token", t);
        while (*p == '.')
            p++;
        if (!*p)
            return;
        t = p;
    }
    if (lx->links)
        links_word(lx, t);
    else
        board_word(g, lx, t);
}

/* Splits one movetext line into words, skipping comments and variations. */
static void movetext_line(PgnGame *g, Lexer *lx, char *line) {
    char *s = line;
    while (*s && !lx->done) {
        if (lx->braces) {
            char *e = strchr(s, '}');
            if (!e)
                return;
            lx->braces = 0;
            s = e + 1;
            continue;
        }
        if (*s == '{') {
            char *e = strchr(s, '}');
            if (e && !lx->parens)
                links_comment(lx, s + 1, (size_t)(e - s - 1));
            lx->braces = !e;
            s = e ? e + 1 : s + 1;
            continue;
        }
        if (*s == ';')
            return; /* comment to the end of the line */
        if (*s == '}') { /* a stray closing brace: nothing to skip to */
            lex_fail(lx, "unmatched } in", s);
            s++;
            continue;
        }
        if (*s == '(') {
            lx->parens++;
            s++;
            continue;
        }
        if (*s == ')') {
            if (lx->parens)
                lx->parens--;
            s++;
            continue;
        }
        if (isspace((unsigned char)*s)) {
            s++;
            continue;
        }
        size_t n = strcspn(s, " \t\r\n{}();");
        char save = s[n];
        s[n] = 0;
        if (!lx->parens)
            movetext_word(g, lx, s);
        s[n] = save;
        s += n;
    }
}

static void set_tag(PgnGame *g, const char *name, const char *v) {
    struct {
        const char *name;
        char *field;
        size_t size;
    } const TAGS[] = {
        {"Event", g->event, sizeof g->event},       {"Site", g->site, sizeof g->site},
        {"Date", g->date, sizeof g->date},          {"Round", g->round, sizeof g->round},
        {"White", g->white, sizeof g->white},       {"Black", g->black, sizeof g->black},
        {"Result", g->result, sizeof g->result},    {"Termination", g->termination, sizeof g->termination},
        {"TimeControl", g->timeControl, sizeof g->timeControl},
        {"FEN", g->fen, sizeof g->fen},             {"EntMap", g->entmap, sizeof g->entmap},
        {"FinalFEN", g->finalFen, sizeof g->finalFen},
    };
    for (size_t i = 0; i < sizeof TAGS / sizeof TAGS[0]; i++)
        if (!strcmp(name, TAGS[i].name)) {
            snprintf(TAGS[i].field, TAGS[i].size, "%s", v);
            return;
        }
    if (!strcmp(name, "BookTurns"))
        g->bookTurns = atoi(v);
}

/* [Name "value"] with \" and \\ escapes. */
static bool tag_line(PgnGame *g, Lexer *lx, const char *line) {
    char name[32], value[512];
    const char *s = line + 1;
    size_t n = 0;
    while (isalnum((unsigned char)*s) || *s == '_')
        if (n < sizeof name - 1)
            name[n++] = *s++;
        else
            return false;
    name[n] = 0;
    while (*s == ' ')
        s++;
    if (!n || *s++ != '"')
        return false;
    n = 0;
    while (*s && *s != '"') {
        if (*s == '\\' && s[1])
            s++;
        if (n < sizeof value - 1)
            value[n++] = *s;
        s++;
    }
    value[n] = 0;
    if (*s != '"' || s[1] != ']')
        return false;
    if (!strcmp(name, "Variant")) {
        lx->hasVariant = true;
        snprintf(lx->variantTag, sizeof lx->variantTag, "%.31s", value);
    }
    lx->hasEntMap |= !strcmp(name, "EntMap");
    set_tag(g, name, value);
    return true;
}

static void lex_failf(Lexer *lx, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (!lx->bad)
        vsnprintf(lx->err, sizeof lx->err, fmt, ap);
    va_end(ap);
    lx->bad = true;
}

/* QEC movetext for people (R5.3, engine/notation.h: short or long form, tokens mixed in),
 * read from the game's root with every decision checked; errors name the bad move. */
static void read_people(PgnGame *g, Lexer *lx) {
    Position *p = malloc(sizeof *p);
    NotationTurn *turns = malloc(sizeof *turns * (size_t)(lx->words + 1));
    char why[256];
    int n = -1;
    if (!p || !turns)
        lex_fail(lx, "out of memory at", g->white);
    else if (!pgn_root_position(g, p, why, sizeof why))
        lex_failf(lx, "bad FEN or EntMap tag: %s", why);
    else if ((n = notation_parse_game(p, lx->text, turns, lx->words + 1, why, sizeof why)) < 0)
        lex_failf(lx, "%s", why);
    for (int i = 0; i < n && !lx->bad; i++) {
        const Move m[3] = {turns[i].base, turns[i].forced, turns[i].react};
        for (int phase = PHASE_BASE; phase <= PHASE_REACT && !lx->bad; phase++) {
            char tok[6];
            if (m[phase] == MOVE_NONE)
                continue;
            variant_token(g->variant, m[phase], tok);
            if (!pgn_push(g, tok, phase))
                lex_fail(lx, "out of memory at", tok);
        }
    }
    free(turns);
    free(p);
}

/* The token comments, when there are any, must say what the movetext says. */
static void check_token_comments(const PgnGame *g, Lexer *lx) {
    const PgnGame *c = &lx->tokens;
    for (int i = 0; i < g->ndec || i < c->ndec; i++) {
        const PgnDecision *a = i < g->ndec ? &g->dec[i] : NULL, *b = i < c->ndec ? &c->dec[i] : NULL;
        if (a && b && !strcmp(a->tok, b->tok) && a->phase == b->phase)
            continue;
        return lex_failf(lx, "decision %d: the movetext has %s, its {token} comments %s", i + 1,
                         a ? a->tok : "no more", b ? b->tok : "no more");
    }
}

/* At the end of QEC movetext: old records (tokens only) are lexed as before; anything else
 * is notation for people. */
static void finish_links(PgnGame *g, Lexer *lx) {
    if (lx->tokenish) {
        char *save = NULL;
        for (char *w = lx->text ? strtok_r(lx->text, " ", &save) : NULL; w && !lx->bad; w = strtok_r(NULL, " ", &save))
            turn_token(g, lx, w);
    } else
        read_people(g, lx);
    if (!lx->bad && lx->tokens.ndec)
        check_token_comments(g, lx);
}

/* At the first movetext line: the variant from the tags, and for a decision a word the
 * Board at the game's root. */
static void begin_moves(PgnGame *g, Lexer *lx) {
    /* No tag: an EntMap says qec (the default row), otherwise standard chess. */
    const Variant *v = lx->hasVariant ? variant_of_pgn_tag(lx->variantTag)
                       : lx->hasEntMap ? variant_default() : variant_of_pgn_tag("");
    char err[160];
    if (!v)
        return lex_fail(lx, "unknown variant", lx->variantTag);
    g->variant = v;
    lx->links = variant_links(v);
    if (!v->fen && g->fen[0]) { /* the row's games start at the start position only (S4.2) */
        snprintf(err, sizeof err, "a %s game has no FEN (S4.2):", v->name);
        return lex_fail(lx, err, g->fen);
    }
    if (lx->links)
        return;
    if (!(lx->scratch = malloc(sizeof *lx->scratch)))
        return lex_fail(lx, "out of memory at", g->white);
    lx->open = board_open(&lx->board, v, lx->scratch, g->fen, NULL, err, sizeof err);
    if (!lx->open)
        lex_fail(lx, "bad FEN tag:", err);
}

int pgn_read(FILE *f, PgnGame *g, char *err, size_t errlen) {
    char *line = NULL;
    size_t cap = 0;
    Lexer lx = {0};
    bool started = false, inMoves = false;
    lx.tokenish = true;
    pgn_init(&lx.tokens);
    pgn_clear(g);
    while (!lx.done && getline(&line, &cap, f) >= 0) {
        line[strcspn(line, "\r\n")] = 0;
        char *s = line;
        while (isspace((unsigned char)*s))
            s++;
        if (!*s && !lx.braces) {
            if (inMoves) /* a blank line after movetext ends a game that has no result */
                break;
            continue;
        }
        started = true;
        if (!inMoves && !lx.braces && *s == '[') {
            if (!tag_line(g, &lx, s))
                lex_fail(&lx, "bad tag line", s);
            continue;
        }
        if (!inMoves)
            begin_moves(g, &lx);
        inMoves = true;
        movetext_line(g, &lx, s);
    }
    free(line);
    board_close(&lx.board);
    free(lx.scratch);
    if (lx.links && !lx.bad)
        finish_links(g, &lx);
    free(lx.text);
    pgn_free(&lx.tokens);
    if (!started)
        return 0;
    if (!lx.bad && !lx.done)
        lex_fail(&lx, "game has no result token at the end", g->white);
    if (lx.bad) {
        snprintf(err, errlen, "%s", lx.err);
        return -1;
    }
    return 1;
}
