/* `go` in schroedinger: the game-over answer, searchmoves, and the glue to the search of
 * search/hsc_search.h (uci → search → engine): its callbacks print `info` and `bestmove`. The
 * search runs on its own threads, so the input thread keeps answering isready/stop. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static bool have_search(Uci *u) {
    if (!uci_hsc_search(u))
        uci_error(u, "go: out of memory");
    return u->hgo != NULL;
}

/* ---- callbacks (search threads) ---- */

static void hsc_token(const Uci *u, Move m, char tok[6]) { hsc_tok(m, tok); }
/* A schroedinger turn is one move: the search's own count is UCI's mate N. */
static int hsc_mate_turns(Uci *u, const SearchInfo *info) { return info->mateTurns; }

static const ReportSpelling HSC_SPELLING = {hsc_token, hsc_mate_turns};

static void on_info(const SearchInfo *info, void *ctx) { report_info(ctx, info, &HSC_SPELLING); }

static void on_bestmove(Move best, Move ponder, void *ctx) { report_bestmove(ctx, best, ponder, &HSC_SPELLING); }

/* ---- the search's lifetime ---- */

static void go_start(Uci *u, const SearchLimits *lim) {
    hsc_go_join(u);
    if (!have_search(u))
        return;
    SearchOptions so = uci_search_options(u);
    SearchReport rep = {on_info, on_bestmove, u};
    if (u->opt.showTurns && !turns_set_hsc_root(u, &u->board.hsc))
        uci_error(u, "ShowTurns: out of memory, no turns lines in this search");
    uci_lock_out(u);
    u->turnsWorlds = true;
    uci_mark_searching(u, lim);
    uci_unlock_out(u);
    if (!hsc_search_start(u->hgo, &u->board.hsc, lim, &so, &rep)) {
        uci_lock_out(u);
        u->searching = u->endless = u->pondering = false;
        uci_unlock_out(u);
        uci_error(u, "go: cannot start the search (out of memory or threads)");
    }
}

void hsc_go_stop(Uci *u) {
    if (u->hgo)
        hsc_search_stop(u->hgo);
}

void hsc_go_ponderhit(Uci *u) {
    if (u->hgo)
        hsc_search_ponderhit(u->hgo);
}

void hsc_go_join(Uci *u) {
    if (u->hgo)
        hsc_search_wait(u->hgo);
}

void hsc_go_clear(Uci *u) {
    if (u->hgo)
        hsc_search_clear(u->hgo);
}

void hsc_go_free(Uci *u) {
    hsc_search_free(u->hgo);
    u->hgo = NULL;
}

Move hsc_go_sync(Uci *u, const HscPos *p, const SearchLimits *lim, uint64_t seed) {
    if (!have_search(u))
        return MOVE_NONE;
    SearchOptions so = uci_search_options(u);
    return hsc_search_run(u->hgo, p, lim, &so, seed, NULL);
}

/* ---- the command ---- */

static void answer(Uci *u, Move m) {
    char tok[6];
    hsc_tok(m, tok);
    uci_printf(u, "bestmove %s", tok);
}

void hsc_go(Uci *u, const Words *ws, const SearchLimits *limIn, int smFirst, int smCount) {
    SearchLimits lim = *limIn;
    HscPos *p = &u->board.hsc;
    GameEnd e;
    if (worlds_game_end(p, &e)) { /* game over: docs/gui/protocol.md, "go" */
        char words[128];
        variant_end_words(u->board.variant, &e, words, sizeof words);
        uci_printf(u, "info string game over: %s", words);
        game_over_score(u, END_KINDS[e.reason].mated);
        if (lim.infinite || lim.ponder) { /* answered at stop, like any infinite search */
            go_start(u, &lim);
            return;
        }
        answer(u, MOVE_NONE);
        return;
    }
    lim.nsearchmoves = 0;
    for (int i = 0; i < smCount; i++) {
        const char *why = NULL, *w = ws->w[smFirst + i];
        Move m = hsc_parse_move(p, w, &why);
        if (m == MOVE_NONE) {
            uci_error(u, "go searchmoves: '%.24s': %s", w, why ? why : "not legal");
            return;
        }
        bool dup = false;
        for (int j = 0; j < lim.nsearchmoves; j++)
            dup |= lim.searchmoves[j] == m;
        if (!dup)
            lim.searchmoves[lim.nsearchmoves++] = m;
    }
    go_start(u, &lim);
}
