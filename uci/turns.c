/* ShowTurns (docs/gui/protocol.md, "Lines in whole turns"): each `info … pv …` line is followed by the
 * same line as whole turns in the notation for people (docs/players/notation.md), as
 * `info string turns multipv 1 1. e4 [↔ Rh7] e5 2. Bc4 [↔ …]`. The pv itself stays tokens
 * (UCI); this line is only for people and GUIs that show it. Every turn is written as `d`
 * writes its `Last turn (short)` (`Last move` in schroedinger), so a GUI may trust that the
 * line reads like its move list would after the line is played. */
#include <string.h>

#include "../engine/hsc_notation.h"
#include "../engine/notation.h"
#include "internal.h"

#define LINK_MARK "\xE2\x86\x94" /* ↔ */
#define ELLIPSIS "\xE2\x80\xA6"  /* … */

/* The turn number in front of a turn that starts with side `stm`: `N.` for White, `N...` for
 * Black where the line starts (movetext, docs/players/notation.md). */
static void put_number(FILE *f, int number, int stm, bool first) {
    if (stm == WHITE)
        fprintf(f, " %d.", number);
    else if (first)
        fprintf(f, " %d...", number);
}

/* QEC, chess and tether: the pv replayed on the session's replay copy of the search's root
 * (u->session->root; the output lock is held, as for mate_turns), each turn written when it ends (or
 * the pv does) as the turn holding the last decision, which is what `d` shows. */
static void position_turns(Uci *u, const SearchInfo *info, FILE *f) {
    Position *p = u->session->replay;
    const Position *root = u->session->root;
    memcpy(p, root, offsetof(Position, st) + (size_t)(root->ply + 1) * sizeof(StateInfo));
    bool first = true;
    /* A root inside a turn (a FEN cannot set one: only moves, whose turn start stays in the
     * history, pos_compact): its line starts with that whole turn, as `d` shows it. */
    if (pos_phase(p) == PHASE_FORCED || pos_phase(p) == PHASE_REACT) {
        put_number(f, pos_state(p)->fullmove, pos_turn(p), true);
        first = false;
    }
    int n = info->pvLen < MAX_PLY ? info->pvLen : MAX_PLY;
    for (int i = 0; i < n && p->ply < POS_MAX_STATES - 1; i++) {
        Move m = info->pv[i];
        if (pos_phase(p) == PHASE_OVER || !pos_is_legal_decision(p, m))
            break;
        if (pos_phase(p) == PHASE_BASE) {
            put_number(f, pos_state(p)->fullmove, pos_turn(p), first);
            first = false;
        }
        pos_do(p, m);
        bool ends = pos_phase(p) == PHASE_BASE || pos_phase(p) == PHASE_OVER || i + 1 == n ||
                    !pos_is_legal_decision(p, info->pv[i + 1]);
        char text[NOTATION_TURN_MAX];
        if (ends && notation_format_last_turn(p, NOTATION_SHORT, text, sizeof text))
            fprintf(f, " %s", text);
    }
    GameEnd e;
    if (pos_game_end(p, &e)) /* a line that ends the game ends with its last turn */
        return;
    /* The line stops inside a turn: what is still due, so the turn reads as unfinished. */
    if (pos_phase(p) == PHASE_FORCED)
        fputs(" [" LINK_MARK " " ELLIPSIS "]", f);
    else if (pos_phase(p) == PHASE_REACT)
        fputs(" <K" ELLIPSIS ">", f);
}

/* Schroedinger: a turn is one move, in the long form with M (its only form), numbered. */
static void hsc_turns(Uci *u, const SearchInfo *info, FILE *f) {
    char text[(MAX_PLY + 1) * (HSC_NOTATION_MAX + 8)], err[64];
    int n = info->pvLen < MAX_PLY ? info->pvLen : MAX_PLY;
    /* the pv as far as it is legal (a pv is, but the line must never be lost to one slip) */
    while (n > 0 && !hsc_notation_format_game(&u->session->turnsHsc, info->pv, n, text, sizeof text, err, sizeof err))
        n--;
    if (n > 0)
        fprintf(f, " %s", text);
}

void report_turns(Uci *u, const SearchInfo *info) {
    FILE *f = u->out;
    if (info->pvLen <= 0 || (u->session->turnsWorlds && !u->session->haveTurnsHsc))
        return;
    fprintf(f, "info string turns multipv %d", info->multipv > 0 ? info->multipv : 1);
    if (u->session->turnsWorlds)
        hsc_turns(u, info, f);
    else
        position_turns(u, info, f);
    fputc('\n', f);
}
