/* UCI_Variant schroedinger (docs/players/rules-schroedinger.md, docs/gui/protocol.md): `selfplay` over the rules
 * core's HscPos (engine/hsc.h); `position`, `d`, `legal` and perft ask the session's Board
 * (variants/board.h). */
#include <stdlib.h>
#include <string.h>

#include "../engine/hsc_notation.h"
#include "../engine/hsc_uci.h"
#include "internal.h"


/* ---- selfplay ---- */

/* One game from p (the start position), the engine against itself at `movetime` ms per move, one
 * line per move, its token then its long form ("1. e2e4  e2-e4", "1... b8c6  Mb8-c6", as in the
 * other variants), then the result and the final FEN. Each move is checked
 * again (hsc_parse_move) before it is played, so a search bug shows as an error line. */
void hsc_selfplay(Uci *u, Board *game, int64_t movetime, int64_t maxTurns) {
    HscPos *p = &game->hsc;
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.movetime = movetime;
    lim.time[WHITE] = lim.time[BLACK] = -1;
    uci_printf(u, "Links: none");
    GameEnd e;
    /* maxturns counts turns, one move each (S2.1), as in the other variants' selfplay */
    while (!worlds_game_end(p, &e) && hsc_st(p)->ply < maxTurns) {
        int stm = hsc_st(p)->stm, ply = hsc_st(p)->ply; /* the stack may move below */
        Move m = game_search_run(u->session->search, game, &lim, (uint64_t)ply + 1, NULL);
        char tok[6];
        const char *why = NULL;
        board_token(game, m, tok);
        if (hsc_parse_move(p, tok, &why) != m || !hsc_do_move(p, m)) {
            uci_error(u, "selfplay: the search returned '%s', not a legal move", tok);
            return;
        }
        hsc_pos_compact(p);
        char human[HSC_NOTATION_MAX];
        if (!hsc_notation_last_move(p, human, sizeof human))
            human[0] = 0;
        uci_printf(u, "%d%s %-4s  %s", ply / 2 + 1, stm == WHITE ? "." : "...", tok, human); /* token, then people's form */
    }
    char fen[128], words[128];
    hsc_fen(p, fen, sizeof fen);
    if (e.reason != END_NONE) {
        variant_end_words(game->variant, &e, words, sizeof words);
        uci_printf(u, "Result: %s %s", end_result(&e), words);
    } else
        uci_printf(u, "Result: * (turn limit)");
    uci_printf(u, "Fen: %s", fen);
}
