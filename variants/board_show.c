/* Words and views of a Board for people: the game's end in words and the `d` block
 * (docs/gui/protocol.md, "d"). Text goes into the caller's buffer; the printing is the
 * caller's (uci/), as the rules library does no I/O. */
#include <stdarg.h>
#include <stdio.h>

#include "../engine/worlds_notation.h"
#include "../engine/links.h"
#include "../engine/notation.h"
#include "board.h"

static const char *const COLOR_NAME[2] = {"white", "black"};
static const char *const PIECE_NAME[7] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};

/* ---- the decision at hand ---- */

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

void board_phase_words(const Board *b, char *buf, size_t len) {
    if (b->variant->worlds)
        snprintf(buf, len, "%s's move", COLOR_NAME[worlds_st(&b->worlds)->stm]);
    else
        phase_words(b->pos, buf, len);
}

/* ---- the d block ---- */

/* Text appended to the caller's buffer; `used` runs on past `len` when it does not fit. */
typedef struct {
    char *buf;
    size_t len, used;
} Text;

static void put(Text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(Text *t, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->used < t->len ? t->buf + t->used : NULL, t->used < t->len ? t->len - t->used : 0, fmt, ap);
    va_end(ap);
    t->used += n > 0 ? (size_t)n : 0;
}

/* The diagram, rank 8 first; piece(sq) is the letter on a square or ' '. */
static void put_diagram(Text *t, char (*piece)(const Board *b, int sq), const Board *b) {
    put(t, "\n +---+---+---+---+---+---+---+---+\n");
    for (int r = 7; r >= 0; r--) {
        for (int f = 0; f < 8; f++)
            put(t, " | %c", piece(b, make_sq(f, r)));
        put(t, " | %d\n +---+---+---+---+---+---+---+---+\n", r + 1);
    }
    put(t, "   a   b   c   d   e   f   g   h\n\n");
}

static char position_piece(const Board *b, int sq) {
    static const char PIECES[] = " PNBRQK  pnbrqk";
    int pc = b->pos->board[sq];
    return pc ? PIECES[pc] : ' ';
}

/* The Result line (the result, then the end in the row's words with its rule) and the
 * Termination line (END_KINDS' PGN tag: "mate", "fifty turns"), so a front end writes a
 * record's tag from the engine's table rather than from a list of its own (web/). */
static void put_end(Text *t, const Variant *v, const GameEnd *e) {
    char words[128];
    variant_end_words(v, e, words, sizeof words);
    put(t, "Result: %s %s\nTermination: %s\n", end_result(e), words,
        e->reason > END_NONE && e->reason < END_KIND_COUNT ? END_KINDS[e->reason].termination : "");
}

/* S4.3: a major's type is not on the board, so majors show as M/m, pawns as P/p. */
static char worlds_piece(const Board *b, int sq) {
    int pc = worlds_st(&b->worlds)->board[sq];
    if (!pc)
        return ' ';
    char ch = worlds_piece_id(pc) == WORLDS_PAWN_ID ? 'P' : 'M';
    return worlds_piece_color(pc) == BLACK ? (char)(ch + 32) : ch;
}

static void put_square(Text *t, int sq) { put(t, "%c%c", 'a' + sq_file(sq), '1' + sq_rank(sq)); }

static void describe_position(Board *b, Text *t) {
    const Position *p = b->pos;
    const StateInfo *st = pos_state(p);
    char fen[128], links[256];
    GameEnd e;
    pos_fen(p, fen, sizeof fen);
    entmap_text(p, links, sizeof links);
    bool over = pos_game_end(p, &e);
    /* The protocol knows base|forced|react: a mate at the reactive step (engine phase over) is
     * shown as the step that could not be made, with the mated side as decider, its king as
     * Pending and the Result line. */
    static const char *const PHASE[4] = {"base", "forced", "react", "react"};
    int decider = st->phase == PHASE_OVER ? st->loser : pos_decider(p);
    char lastLong[NOTATION_TURN_MAX * 2], lastShort[NOTATION_TURN_MAX * 2], lastToken[NOTATION_TURN_MAX];
    bool last = notation_format_last_turn(p, NOTATION_LONG, lastLong, sizeof lastLong) &&
                notation_format_last_turn(p, NOTATION_SHORT, lastShort, sizeof lastShort) &&
                notation_format_last_turn(p, NOTATION_UCI, lastToken, sizeof lastToken);

    put_diagram(t, position_piece, b);
    put(t, "Fen: %s\nLinks: %s\nKey: %016llX\n", fen, links, (unsigned long long)pos_key(p));
    put(t, "Phase: %s\nDecider: %s\nPending: ", PHASE[st->phase], COLOR_NAME[decider]);
    if (st->pending == NO_SQ)
        put(t, "-");
    else
        put_square(t, st->pending);
    put(t, "\n");
    if (over)
        put_end(t, b->variant, &e);
    if (last) /* the turn of the last decision, for people (docs/players/notation.md), and its
                 R5.2 token: what a move list given in people's notation was read as */
        put(t, "Last turn: %s\nLast turn (short): %s\nLast turn (token): %s\n", lastLong, lastShort, lastToken);
}

/* S4.3: no links and no pending piece; the world count and each major's possible types. */
static void describe_worlds(Board *b, Text *t) {
    WorldsPos *p = &b->worlds;
    char fen[128], types[512];
    int r = worlds_result(p);
    Key key = worlds_key(p);
    worlds_fen(p, fen, sizeof fen);
    worlds_types_line(p, types, sizeof types);
    char lastLong[WORLDS_NOTATION_MAX];
    bool last = worlds_notation_last_move(p, lastLong, sizeof lastLong);
    const WorldsState *s = worlds_st(p);
    put_diagram(t, worlds_piece, b);
    put(t, "Fen: %s\nLinks: none\nKey: %016llX\n", fen, (unsigned long long)key);
    put(t, "Phase: %s\nDecider: %s\nPending: -\n", r == WORLDS_ONGOING ? "base" : "over", COLOR_NAME[s->stm]);
    put(t, "Worlds: %llu\nTypes: %s\n", (unsigned long long)worlds_world_count(p), types);
    GameEnd e;
    if (worlds_game_end(p, &e))
        put_end(t, b->variant, &e);
    if (last) { /* for people (docs/players/notation.md), and its token (no promotion letter, S2.5) */
        char token[6];
        variant_token(b->variant, s->move, token);
        put(t, "Last move: %s\nLast move (token): %s\n", lastLong, token);
    }
}

bool board_describe(Board *b, char *buf, size_t len) {
    Text t = {buf, len, 0};
    if (len)
        buf[0] = 0;
    if (b->variant->worlds)
        describe_worlds(b, &t);
    else
        describe_position(b, &t);
    return t.used < len;
}
