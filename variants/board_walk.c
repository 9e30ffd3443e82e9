/* Walking a Board without keeping the walk: a decision tried and taken back, a copy of a
 * Board, its key, and the texts for people that a game loop and a pv line write (`selfplay`,
 * `openings`, ShowTurns; docs/gui/protocol.md). The layers above (uci/) play every row through
 * these and never call a family's own functions; each family's case is here. */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "../engine/worlds_notation.h"
#include "../engine/notation.h"
#include "board.h"

#define LINK_MARK "\xE2\x86\x94" /* ↔ */
#define ELLIPSIS "\xE2\x80\xA6"  /* … */

bool board_init(Board *b) { return b->worlds.stack || worlds_pos_init(&b->worlds); }

bool board_copy(Board *dst, const Board *src) {
    dst->variant = src->variant;
    if (src->variant->worlds) {
        worlds_pos_free(&dst->worlds);
        return worlds_pos_copy(&dst->worlds, &src->worlds);
    }
    /* the header and the states up to the current one: what the rules read (pos_compact) */
    memcpy(dst->pos, src->pos, offsetof(Position, st) + (size_t)(src->pos->ply + 1) * sizeof(StateInfo));
    return true;
}

bool board_try(Board *b, Move m) {
    if (b->variant->worlds)
        return worlds_do_move(&b->worlds, m);
    if (b->pos->ply >= POS_MAX_STATES - 1)
        return false;
    pos_do(b->pos, m);
    return true;
}

void board_undo(Board *b) {
    if (b->variant->worlds)
        worlds_undo_move(&b->worlds);
    else
        pos_undo(b->pos);
}

Key board_key(Board *b) { return b->variant->worlds ? worlds_key(&b->worlds) : pos_key(b->pos); }

int board_turn_number(const Board *b) {
    return b->variant->worlds ? worlds_st(&b->worlds)->ply / 2 + 1 : pos_state(b->pos)->fullmove;
}

const char *board_decision_word(const Board *b) { return b->variant->worlds ? "move" : "decision"; }

void board_links_text(const Board *b, char *buf, size_t len) {
    if (b->variant->worlds)
        snprintf(buf, len, "none");
    else
        entmap_text(b->pos, buf, len);
}

void board_turn_line(Board *b, const char *head, char *buf, size_t len) {
    char human[NOTATION_TURN_MAX * 2];
    if (b->variant->worlds) { /* one move a turn (S2.1): no column to keep */
        if (!worlds_notation_last_move(&b->worlds, human, sizeof human))
            human[0] = 0;
        snprintf(buf, len, "%s  %s", head, human);
        return;
    }
    if (!notation_format_last_turn(b->pos, NOTATION_LONG, human, sizeof human))
        human[0] = 0;
    snprintf(buf, len, "%-28s %s", head, human); /* a turn's tokens hold up to three decisions */
}

void board_end_brief(const Board *b, const GameEnd *e, char *buf, size_t len) {
    if (b->variant->worlds) /* as `d` words it (S3), which schroedinger's tests compare */
        variant_end_words(b->variant, e, buf, len);
    else
        variant_end_brief(b->variant, e, buf, len);
}

/* Text appended at *used, never past len (a line too long for buf is cut). */
static void put(char *buf, size_t len, size_t *used, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void put(char *buf, size_t len, size_t *used, const char *fmt, ...) {
    if (*used >= len)
        return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf + *used, len - *used, fmt, ap);
    va_end(ap);
    if (k > 0)
        *used += (size_t)k < len - *used ? (size_t)k : len - *used;
}

/* The number in front of a turn that side stm starts: ` N.` for White, ` N...` for Black where
 * the line starts (movetext, docs/players/notation.md). */
static void put_number(char *buf, size_t len, size_t *used, int number, int stm, bool first) {
    if (stm == WHITE)
        put(buf, len, used, " %d.", number);
    else if (first)
        put(buf, len, used, " %d...", number);
}

/* The Position family: each turn written when it ends (or the line does) as the turn holding
 * its last decision, which is what `d` shows as `Last turn (short)`. */
static void position_line(Position *p, const Move *line, int n, char *buf, size_t len) {
    size_t used = 0;
    int played = 0;
    bool first = true;
    /* A root inside a turn (a FEN cannot set one: only moves, whose turn start stays in the
     * history, pos_compact): its line starts with that whole turn, as `d` shows it. */
    if (pos_phase(p) == PHASE_FORCED || pos_phase(p) == PHASE_REACT) {
        put_number(buf, len, &used, pos_state(p)->fullmove, pos_turn(p), true);
        first = false;
    }
    for (int i = 0; i < n && p->ply < POS_MAX_STATES - 1; i++) {
        Move m = line[i];
        if (pos_phase(p) == PHASE_OVER || !pos_is_legal_decision(p, m))
            break;
        if (pos_phase(p) == PHASE_BASE) {
            put_number(buf, len, &used, pos_state(p)->fullmove, pos_turn(p), first);
            first = false;
        }
        pos_do(p, m);
        played++;
        bool ends = pos_phase(p) == PHASE_BASE || pos_phase(p) == PHASE_OVER || i + 1 == n ||
                    !pos_is_legal_decision(p, line[i + 1]);
        char text[NOTATION_TURN_MAX];
        if (ends && notation_format_last_turn(p, NOTATION_SHORT, text, sizeof text))
            put(buf, len, &used, " %s", text);
    }
    GameEnd e;
    /* A line that stops inside a turn (not at the game's end): what is still due, so the turn
     * reads as unfinished. */
    if (!pos_game_end(p, &e)) {
        if (pos_phase(p) == PHASE_FORCED)
            put(buf, len, &used, "%s", " [" LINK_MARK " " ELLIPSIS "]");
        else if (pos_phase(p) == PHASE_REACT)
            put(buf, len, &used, "%s", " <K" ELLIPSIS ">");
    }
    while (played-- > 0)
        pos_undo(p);
}

void board_line_turns(Board *b, const Move *line, int n, char *buf, size_t len) {
    if (len)
        buf[0] = 0;
    if (!b->variant->worlds) {
        position_line(b->pos, line, n, buf, len);
        return;
    }
    /* the worlds family: a turn is one move, in the long form with M (its only form); the
     * line as far as it is legal (a pv is, but the line must never be lost to one slip) */
    char err[64];
    while (n > 0 && !worlds_notation_format_game(&b->worlds, line, n, buf + 1, len > 1 ? len - 1 : 0, err, sizeof err))
        n--;
    if (n > 0 && len > 1)
        buf[0] = ' ';
    else if (len)
        buf[0] = 0;
}
