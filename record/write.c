/* Writing a game record (record.h): the tags, then the movetext of its variant: QEC's turns for
 * people with their whole-turn tokens in comments (R5.3), standard SAN for chess and tether,
 * schroedinger's long form with its tokens in comments (S4.1). */
#include <stdlib.h>
#include <string.h>

#include "../engine/links.h"
#include "../engine/notation.h"
#include "internal.h"

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
    const PgnNote *notes; /* one per decision, or NULL (pgn_write) */
} Wrap;

static void put_word(Wrap *w, const char *s) {
    int len = 0; /* columns: UTF-8 continuation bytes (of ↔) take none */
    for (const char *c = s; *c; c++)
        len += ((unsigned char)*c & 0xC0) != 0x80;
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

/* Decision i's mark (`?!`, `?`, `??`) of pgn_write_annotated, "" without one. */
static const char *note_mark(const Wrap *w, int i) { return w->notes ? w->notes[i].mark : ""; }

/* Decision i's comment of pgn_write_annotated, if any, as a word of its own after the move. */
static void put_note(Wrap *w, int i) {
    if (!w->notes || !w->notes[i].comment[0])
        return;
    char c[sizeof w->notes[i].comment + 2];
    snprintf(c, sizeof c, "{%s}", w->notes[i].comment);
    put_word(w, c);
}

/* A QEC turn's text with each decision's mark after its own part (`e4?! [↔ Rh7??] <Ke2?>`,
 * or as a whole-turn token `e2e4?![h8h7??]<e8e7?>`): the base move ends before `[` or `<` (and
 * the space before it, in the short form), the forced reply at `]`, the reactive step at `>`
 * (no part holds these characters). marks[PHASE_*]. */
static void mark_turn(const char *text, const char *const marks[3], char *out, size_t len) {
    size_t at[3], n = strlen(text);
    const char *forced = strchr(text, '['), *react = strchr(text, '<');
    at[PHASE_BASE] = forced ? (size_t)(forced - text) : react ? (size_t)(react - text) : n;
    if (at[PHASE_BASE] && at[PHASE_BASE] < n && text[at[PHASE_BASE] - 1] == ' ')
        at[PHASE_BASE]--;
    at[PHASE_FORCED] = forced && strchr(forced, ']') ? (size_t)(strchr(forced, ']') - text) : n;
    at[PHASE_REACT] = react && strrchr(react, '>') ? (size_t)(strrchr(react, '>') - text) : n;
    size_t o = 0, from = 0;
    out[0] = 0;
    for (int part = PHASE_BASE; part <= PHASE_REACT; part++) {
        if (!marks[part][0] || at[part] < from)
            continue;
        o += (size_t)snprintf(out + o, o < len ? len - o : 0, "%.*s%s", (int)(at[part] - from), text + from,
                              marks[part]);
        from = at[part];
    }
    snprintf(out + (o < len ? o : len - 1), o < len ? len - o : 1, "%s", text + from);
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


/* The decisions of the turn that starts at dec[i] (its base move, then the forced reply and
 * the reactive step if any) as the whole-turn token (R5.2); returns the index after it. A
 * record that starts mid-turn (never written by the runner) gives a bare token. */
static int turn_token_text(const PgnGame *g, int i, char *tok, size_t len) {
    size_t n = 0;
    tok[0] = 0;
    if (g->dec[i].phase == PHASE_BASE)
        n += (size_t)snprintf(tok, len, "%s", g->dec[i++].tok);
    if (i < g->ndec && g->dec[i].phase == PHASE_FORCED)
        n += (size_t)snprintf(tok + n, len - n, "[%s]", g->dec[i++].tok);
    if (i < g->ndec && g->dec[i].phase == PHASE_REACT)
        n += (size_t)snprintf(tok + n, len - n, "<%s>", g->dec[i++].tok);
    if (!n) /* a decision out of place: write it bare rather than loop */
        snprintf(tok, len, "%s", g->dec[i++].tok);
    return i;
}

/* Plays the decisions dec[from..to) on p; false (p part-way) if one is not legal at a
 * decision point of its kind. */
static bool play_tokens(const PgnGame *g, int from, int to, Position *p) {
    for (int i = from; i < to; i++) {
        Move m = pos_phase(p) == g->dec[i].phase ? pos_parse_decision(p, g->dec[i].tok) : MOVE_NONE;
        if (m == MOVE_NONE)
            return false;
        pos_do(p, m);
    }
    return true;
}

/* QEC movetext (R5.3): each turn in the SAN-style short form of engine/notation.h, then its
 * whole-turn token (R5.2) in a comment: `1. e4 [↔ Rh7] {e2e4[h8h7]}`. A turn that does not
 * replay (never written by the runner) and everything after it are written as bare tokens. */
static void write_turns(Wrap *w, const PgnGame *g) {
    int side, fullmove;
    root_side(g, &side, &fullmove);
    Position *p = malloc(sizeof *p);
    char err[160];
    bool replay = p && pgn_root_position(g, p, err, sizeof err) && pos_phase(p) == PHASE_BASE;
    for (int i = 0; i < g->ndec;) {
        char tok[48], text[NOTATION_TURN_MAX], word[NOTATION_TURN_MAX + 16];
        int next = turn_token_text(g, i, tok, sizeof tok);
        replay = replay && play_tokens(g, i, next, p) &&
                 notation_format_last_turn(p, NOTATION_SHORT, text, sizeof text);
        /* The move number goes with its turn, never alone at the end of a line. */
        size_t n = side == WHITE || i == 0
                       ? (size_t)snprintf(word, sizeof word, side == WHITE ? "%d. " : "%d... ", fullmove)
                       : 0;
        const char *marks[3] = {"", "", ""};
        for (int j = i; j < next; j++)
            if (g->dec[j].phase <= PHASE_REACT && note_mark(w, j)[0])
                marks[g->dec[j].phase] = note_mark(w, j);
        char marked[NOTATION_TURN_MAX + 16];
        mark_turn(replay ? text : tok, marks, marked, sizeof marked);
        snprintf(word + n, sizeof word - n, "%s", marked);
        put_word(w, word);
        if (replay) {
            snprintf(word, sizeof word, "{%s}", tok);
            put_word(w, word);
            pos_compact(p);
        }
        for (int j = i; j < next; j++)
            put_note(w, j);
        i = next;
        if (side == BLACK)
            fullmove++;
        side ^= 1;
    }
    free(p);
}

/* The movetext of a row without turns of several decisions, a move each from the root (the
 * FEN tag or the start position): SAN in chess and tether (engine/notation.c: the from-square
 * added in tether where a transporter move would make plain SAN ambiguous), schroedinger's long
 * form with M for a major (`Mb1-c3`, `e7-e8=M`, S4.1, S2.5) followed by its token in a comment
 * (`1. Mb1-c3 {b1c3}`), as QEC records keep theirs. A move that does not replay (never written
 * by the runner) and everything after it are written as UCI tokens. */
static void write_moves(Wrap *w, const PgnGame *g) {
    int side, fullmove;
    root_side(g, &side, &fullmove);
    bool tokens = !board_notation_standard(g->variant);
    Board b;
    memset(&b, 0, sizeof b);
    Position *p = malloc(sizeof *p);
    char err[160];
    bool replay = p && board_open(&b, g->variant, p, g->fen, NULL, err, sizeof err);
    for (int i = 0; i < g->ndec; i++) {
        char word[64], text[NOTATION_TURN_MAX];
        Move m = replay ? board_parse(&b, g->dec[i].tok) : MOVE_NONE;
        replay = m != MOVE_NONE && board_decision_text(&b, m, text, sizeof text);
        size_t n = 0;
        if (side == WHITE || i == 0)
            n = (size_t)snprintf(word, sizeof word, side == WHITE ? "%d. " : "%d... ", fullmove);
        if (replay && tokens)
            snprintf(word + n, sizeof word - n, "%s%s {%s}", text, note_mark(w, i), g->dec[i].tok);
        else
            snprintf(word + n, sizeof word - n, "%s%s", replay ? text : g->dec[i].tok, note_mark(w, i));
        put_word(w, word);
        put_note(w, i);
        if (replay)
            board_do(&b, m);
        if (side == BLACK)
            fullmove++;
        side ^= 1;
    }
    board_close(&b);
    free(p);
}

bool pgn_write(FILE *f, const PgnGame *g) { return pgn_write_annotated(f, g, NULL); }

bool pgn_write_annotated(FILE *f, const PgnGame *g, const PgnNote *notes) {
    write_tag(f, "Event", g->event[0] ? g->event : "?");
    write_tag(f, "Site", g->site[0] ? g->site : "?");
    write_tag(f, "Date", g->date[0] ? g->date : "????.??.??");
    write_tag(f, "Round", g->round[0] ? g->round : "?");
    write_tag(f, "White", g->white);
    write_tag(f, "Black", g->black);
    write_tag(f, "Result", g->result);
    const Variant *v = g->variant;
    if (v->pgnTag[0])
        write_tag(f, "Variant", v->pgnTag);
    if (variant_links(v))
        /* "" is a record read without the tag: the default map (root_position), not none. */
        write_tag(f, "EntMap", g->entmap[0] ? g->entmap : "default");
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

    Wrap w = {f, 0, notes};
    if (variant_links(v))
        write_turns(&w, g);
    else
        write_moves(&w, g);
    if (g->comment[0]) {
        char c[300];
        snprintf(c, sizeof c, "{%s}", g->comment);
        put_word(&w, c);
    }
    put_word(&w, g->result);
    fputs("\n\n", f);
    return !ferror(f);
}
