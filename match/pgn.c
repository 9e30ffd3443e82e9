#include "pgn.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/hsc_uci.h"
#include "../engine/links.h"
#include "../engine/notation.h"
#include "variant.h"

void pgn_init(PgnGame *g) {
    memset(g, 0, sizeof *g);
    pgn_clear(g);
}

void pgn_free(PgnGame *g) {
    free(g->dec);
    g->dec = NULL;
    g->ndec = g->cap = 0;
}

void pgn_clear(PgnGame *g) {
    PgnDecision *dec = g->dec;
    int cap = g->cap;
    memset(g, 0, sizeof *g);
    g->dec = dec;
    g->cap = cap;
    strcpy(g->result, "*");
}

bool pgn_push(PgnGame *g, const char *tok, int phase) {
    if (g->ndec == g->cap) {
        int cap = g->cap ? 2 * g->cap : 256;
        PgnDecision *d = realloc(g->dec, sizeof *d * (size_t)cap);
        if (!d)
            return false;
        g->dec = d;
        g->cap = cap;
    }
    PgnDecision *d = &g->dec[g->ndec++];
    snprintf(d->tok, sizeof d->tok, "%s", tok);
    d->phase = (unsigned char)phase;
    return true;
}

const char *pgn_end_name(int reason) {
    switch (reason) {
    case END_MATE: return "mate";
    case END_DUAL_KING: return "dual king";
    case END_STALEMATE: return "stalemate";
    case END_REPETITION: return "repetition";
    case END_FIFTY: return "fifty turns";
    case END_MATERIAL: return "insufficient material";
    default: return "";
    }
}

const char *pgn_end_result(const GameEnd *end) {
    if (end->winner == WHITE)
        return "1-0";
    if (end->winner == BLACK)
        return "0-1";
    return end->winner == RESULT_BOTH_LOSE ? "0-0" : "1/2-1/2";
}

/* ---- writing ---- */

static void write_tag(FILE *f, const char *name, const char *value) {
    fprintf(f, "[%s \"", name);
    for (const char *c = value; *c; c++) {
        if (*c == '"' || *c == '\\')
            fputc('\\', f);
        fputc(*c, f);
    }
    fputs("\"]\n", f);
}

/* Movetext lines are wrapped before 80 columns, as PGN export format asks. */
typedef struct {
    FILE *f;
    int col;
} Wrap;

static void put_word(Wrap *w, const char *s) {
    int len = (int)strlen(s);
    if (w->col && w->col + 1 + len > 79) {
        fputc('\n', w->f);
        w->col = 0;
    } else if (w->col) {
        fputc(' ', w->f);
        w->col++;
    }
    fputs(s, w->f);
    w->col += len;
}

/* Side to move and full-move number of the root FEN. */
static void root_side(const PgnGame *g, int *side, int *fullmove) {
    const char *fen = g->fen[0] ? g->fen : PGN_START_FEN;
    char board[100], stm[4] = "w", cas[8], ep[8];
    int half = 0, full = 1;
    int n = sscanf(fen, "%99s %3s %7s %7s %d %d", board, stm, cas, ep, &half, &full);
    *side = stm[0] == 'b' ? BLACK : WHITE;
    *fullmove = n >= 6 && full > 0 ? full : 1;
}

/* QEC movetext: whole-turn tokens (R5.2). */
static void write_turns(Wrap *w, const PgnGame *g) {
    int side, fullmove;
    root_side(g, &side, &fullmove);
    char turn[48];
    for (int i = 0; i < g->ndec;) {
        /* A turn: its base move, then the forced reply and the reactive step if any. A record
         * that starts mid-turn (never written by the runner) would start with a bare token. */
        size_t n = 0;
        const PgnDecision *d = &g->dec[i];
        if (d->phase == PHASE_BASE) {
            /* The move number goes with its turn, never alone at the end of a line. */
            if (side == WHITE || i == 0)
                n += (size_t)snprintf(turn, sizeof turn, side == WHITE ? "%d. " : "%d... ", fullmove);
            n += (size_t)snprintf(turn + n, sizeof turn - n, "%s", d->tok);
            i++;
        }
        if (i < g->ndec && g->dec[i].phase == PHASE_FORCED)
            n += (size_t)snprintf(turn + n, sizeof turn - n, "[%s]", g->dec[i++].tok);
        if (i < g->ndec && g->dec[i].phase == PHASE_REACT)
            n += (size_t)snprintf(turn + n, sizeof turn - n, "<%s>", g->dec[i++].tok);
        if (!n) { /* a decision out of place: write it bare rather than loop */
            n += (size_t)snprintf(turn, sizeof turn, "%s", g->dec[i++].tok);
        }
        put_word(w, turn);
        if (side == BLACK)
            fullmove++;
        side ^= 1;
    }
}

/* Classical movetext in SAN (engine/notation.c: plain SAN in chess, the from-square added in
 * tether where a transporter move would make plain SAN ambiguous), replayed from the root; a
 * decision that does not replay (never written by the runner) and everything after it are
 * written as UCI tokens. */
static void write_san(Wrap *w, const PgnGame *g) {
    int side, fullmove;
    root_side(g, &side, &fullmove);
    Position *p = malloc(sizeof *p);
    char err[160];
    bool replay = p && pos_set_fen(p, g->fen[0] ? g->fen : PGN_START_FEN, g->variant, err, sizeof err);
    for (int i = 0; i < g->ndec; i++) {
        char word[48], san[NOTATION_TURN_MAX];
        Move m = replay ? pos_parse_decision(p, g->dec[i].tok) : MOVE_NONE;
        replay = m != MOVE_NONE;
        if (replay)
            replay = notation_format_decision(p, m, NOTATION_SHORT, san, sizeof san);
        size_t n = 0;
        if (side == WHITE || i == 0)
            n = (size_t)snprintf(word, sizeof word, side == WHITE ? "%d. " : "%d... ", fullmove);
        snprintf(word + n, sizeof word - n, "%s", replay ? san : g->dec[i].tok);
        put_word(w, word);
        if (replay) {
            pos_do(p, m);
            pos_compact(p);
        }
        if (side == BLACK)
            fullmove++;
        side ^= 1;
    }
    free(p);
}

/* Schroedinger movetext (S4.1): the coordinate tokens as the engines sent them, promotions
 * without a letter (S2.5). The one place a schroedinger move is written, so that a readable
 * notation can replace the tokens here alone. */
static void write_coordinates(Wrap *w, const PgnGame *g) {
    int side = WHITE, fullmove = 1; /* S4.2: always from the start position */
    for (int i = 0; i < g->ndec; i++) {
        char word[24];
        size_t n = side == WHITE ? (size_t)snprintf(word, sizeof word, "%d. ", fullmove) : 0;
        snprintf(word + n, sizeof word - n, "%s", g->dec[i].tok);
        put_word(w, word);
        fullmove += side == BLACK;
        side ^= 1;
    }
}

bool pgn_write(FILE *f, const PgnGame *g) {
    write_tag(f, "Event", g->event[0] ? g->event : "?");
    write_tag(f, "Site", g->site[0] ? g->site : "?");
    write_tag(f, "Date", g->date[0] ? g->date : "????.??.??");
    write_tag(f, "Round", g->round[0] ? g->round : "?");
    write_tag(f, "White", g->white);
    write_tag(f, "Black", g->black);
    write_tag(f, "Result", g->result);
    const VariantInfo *v = match_variant_by_id(g->variant);
    if (v->pgnTag[0])
        write_tag(f, "Variant", v->pgnTag);
    if (v->links)
        write_tag(f, "EntMap", g->entmap[0] ? g->entmap : "none");
    if (g->fen[0]) {
        write_tag(f, "SetUp", "1");
        write_tag(f, "FEN", g->fen);
    }
    if (g->timeControl[0])
        write_tag(f, "TimeControl", g->timeControl);
    if (g->termination[0])
        write_tag(f, "Termination", g->termination);
    if (g->bookTurns > 0) {
        char n[16];
        snprintf(n, sizeof n, "%d", g->bookTurns);
        write_tag(f, "BookTurns", n);
    }
    if (g->finalFen[0])
        write_tag(f, "FinalFEN", g->finalFen);
    fputc('\n', f);

    Wrap w = {f, 0};
    if (v->links)
        write_turns(&w, g);
    else if (v->worlds)
        write_coordinates(&w, g);
    else
        write_san(&w, g);
    if (g->comment[0]) {
        char c[300];
        snprintf(c, sizeof c, "{%s}", g->comment);
        put_word(&w, c);
    }
    put_word(&w, g->result);
    fputs("\n\n", f);
    return !ferror(f);
}

/* ---- reading ---- */

typedef struct {
    int braces;    /* inside a {comment} */
    int parens;    /* inside a (variation) */
    bool done;     /* the result token was read */
    bool bad;
    char err[160];
    char variantTag[32];
    bool hasVariant, hasEntMap;
    bool links;    /* QEC-style movetext; else SAN, played on pos */
    bool coords;   /* schroedinger: coordinate tokens, checked by pgn_replay_hsc */
    Position *pos; /* classical movetext: the game so far */
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

static void lex_fail(Lexer *lx, const char *msg, const char *tok) {
    if (!lx->bad)
        snprintf(lx->err, sizeof lx->err, "%s '%.24s'", msg, tok);
    lx->bad = true;
}

static void push_part(PgnGame *g, Lexer *lx, const char *s, size_t len, int phase, const char *tok) {
    char d[6];
    if (!is_decision(s, len)) {
        lex_fail(lx, "bad turn token", tok);
        return;
    }
    memcpy(d, s, len);
    d[len] = 0;
    if (!pgn_push(g, d, phase))
        lex_fail(lx, "out of memory at", tok);
}

/* A whole-turn token (R5.2): base[forced]<react>, each part optional but in that order. */
static void turn_token(PgnGame *g, Lexer *lx, const char *t) {
    const char *s = t;
    if (*s != '[' && *s != '<') {
        size_t n = strcspn(s, "[<");
        push_part(g, lx, s, n, PHASE_BASE, t);
        s += n;
    }
    if (*s == '[') {
        const char *e = strchr(s, ']');
        if (!e)
            return lex_fail(lx, "unclosed [ in", t);
        push_part(g, lx, s + 1, (size_t)(e - s - 1), PHASE_FORCED, t);
        s = e + 1;
    }
    if (*s == '<') {
        const char *e = strchr(s, '>');
        if (!e)
            return lex_fail(lx, "unclosed < in", t);
        push_part(g, lx, s + 1, (size_t)(e - s - 1), PHASE_REACT, t);
        s = e + 1;
    }
    if (*s)
        lex_fail(lx, "bad turn token", t);
}

/* A classical move: SAN, or a UCI token as some tools write; played on lx->pos. */
static void san_word(PgnGame *g, Lexer *lx, const char *t) {
    if (lx->bad)
        return;
    Move m = is_decision(t, strlen(t)) ? pos_parse_decision(lx->pos, t) : MOVE_NONE;
    char why[160];
    if (m == MOVE_NONE)
        m = notation_parse_decision(lx->pos, t, why, sizeof why);
    if (m == MOVE_NONE)
        return lex_fail(lx, "illegal or ambiguous move", t);
    char tok[6];
    move_to_uci_variant(m, lx->pos->variant, tok);
    if (!pgn_push(g, tok, PHASE_BASE))
        return lex_fail(lx, "out of memory at", t);
    pos_do(lx->pos, m);
    pos_compact(lx->pos);
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
        if (*p != '.')
            return lex_fail(lx, "bad token", t);
        while (*p == '.')
            p++;
        if (!*p)
            return;
        t = p;
    }
    if (lx->links)
        turn_token(g, lx, t);
    else if (lx->coords)
        push_part(g, lx, t, strlen(t), PHASE_BASE, t);
    else
        san_word(g, lx, t);
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
            lx->braces = 1;
            s++;
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

/* At the first movetext line: the variant from the tags, and for SAN the root position. */
static void begin_moves(PgnGame *g, Lexer *lx) {
    const VariantInfo *v = lx->hasVariant ? match_variant_by_pgn_tag(lx->variantTag)
                           : lx->hasEntMap ? match_variant_by_id(VARIANT_QEC) : match_variant_by_pgn_tag("");
    char err[160];
    if (!v)
        return lex_fail(lx, "unknown variant", lx->variantTag);
    g->variant = v->id;
    lx->links = v->links;
    lx->coords = v->worlds;
    if (lx->coords && g->fen[0])
        return lex_fail(lx, "a schroedinger game has no FEN (S4.2):", g->fen);
    if (lx->links || lx->coords)
        return;
    if (!(lx->pos = malloc(sizeof *lx->pos)))
        return lex_fail(lx, "out of memory at", g->white);
    if (!pos_set_fen(lx->pos, g->fen[0] ? g->fen : PGN_START_FEN, v->id, err, sizeof err))
        lex_fail(lx, "bad FEN tag:", err);
}

int pgn_read(FILE *f, PgnGame *g, char *err, size_t errlen) {
    char *line = NULL;
    size_t cap = 0;
    Lexer lx = {0};
    bool started = false, inMoves = false;
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
    free(lx.pos);
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

/* ---- replaying ---- */

static const char *phase_name(int phase) {
    static const char *const NAMES[] = {"a base move", "a forced reply", "a reactive step", "the end of the game"};
    return phase >= 0 && phase <= PHASE_OVER ? NAMES[phase] : "?";
}

bool pgn_replay(const PgnGame *g, Position *p, char *err, size_t errlen) {
    EntMap map;
    if (match_variant_worlds(g->variant)) {
        snprintf(err, errlen, "a schroedinger record replays on its worlds (pgn_replay_hsc), not on a position");
        return false;
    }
    if (!pos_set_fen(p, g->fen[0] ? g->fen : PGN_START_FEN, g->variant, err, errlen))
        return false;
    if (match_variant_by_id(g->variant)->links && (!entmap_parse(g->entmap[0] ? g->entmap : "default", &map, err, errlen) ||
                                             !entmap_apply(&map, p, err, errlen)))
        return false;
    for (int i = 0; i < g->ndec; i++) {
        const PgnDecision *d = &g->dec[i];
        GameEnd end;
        if (pos_game_end(p, &end)) {
            snprintf(err, errlen, "decision %d (%s) comes after the end of the game (%s)", i + 1, d->tok,
                     pgn_end_name(end.reason));
            return false;
        }
        if (pos_phase(p) != d->phase) {
            snprintf(err, errlen, "decision %d (%s) is written as %s but the game is at %s", i + 1, d->tok,
                     phase_name(d->phase), phase_name(pos_phase(p)));
            return false;
        }
        Move m = pos_parse_decision(p, d->tok);
        if (m == MOVE_NONE) {
            snprintf(err, errlen, "decision %d (%s) is illegal", i + 1, d->tok);
            return false;
        }
        pos_do(p, m);
        pos_compact(p);
    }
    return true;
}

bool pgn_replay_hsc(const PgnGame *g, HscPos *p, char *err, size_t errlen) {
    if (!match_variant_worlds(g->variant) || g->fen[0]) {
        snprintf(err, errlen, "not a schroedinger record from the start position (S4.2)");
        return false;
    }
    hsc_pos_reset(p);
    for (int i = 0; i < g->ndec; i++) {
        const char *tok = g->dec[i].tok, *why = NULL;
        int r = hsc_result(p);
        if (r != HSC_ONGOING) {
            snprintf(err, errlen, "move %d (%s) comes after the end of the game (S3)", i + 1, tok);
            return false;
        }
        Move m = hsc_parse_move(p, tok, &why);
        if (m == MOVE_NONE) {
            snprintf(err, errlen, "move %d (%s) is illegal: %s", i + 1, tok, why ? why : "no consistent world allows it (S2.1)");
            return false;
        }
        hsc_do_move(p, m);
        hsc_pos_compact(p); /* S3.3 reads back to the last capture or pawn move only */
    }
    return true;
}
