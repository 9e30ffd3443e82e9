/* ShowTurns (docs/gui/protocol.md, "Lines in whole turns"): each `info … pv …` line is followed by the
 * same line as whole turns in the notation for people (docs/players/notation.md), as
 * `info string turns multipv 1 1. e4 [↔ Rh7] e5 2. Bc4 [↔ …]`. The pv itself stays tokens
 * (UCI); this line is only for people and GUIs that show it. Every turn is written as `d`
 * writes its `Last turn (short)` (`Last move` in schroedinger), so a GUI may trust that the
 * line reads like its move list would after the line is played. */
#include <stdlib.h>

#include "internal.h"

void report_turns(Uci *u, const SearchInfo *info) {
    Session *s = u->session;
    if (info->pvLen <= 0 || !s->haveSearchRoot)
        return;
    int n = info->pvLen < MAX_PLY ? info->pvLen : MAX_PLY;
    size_t len = (size_t)(n + 1) * BOARD_TURN_TEXT_MAX;
    char *text = malloc(len); /* a search thread's stack is no place for a whole line */
    if (!text)
        return;
    /* on the session's copy of the search's root (its lock is held, as for mate_turns) */
    board_line_turns(&s->searchRoot, info->pv, n, text, len);
    fprintf(u->out, "info string turns multipv %d%s\n", info->multipv > 0 ? info->multipv : 1, text);
    free(text);
}
