/* `selfplay [movetime] [maxturns] [map]`: one game of the engine against itself from the
 * start position (the session's, session/selfplay.c), printed turn by turn in R5.2 tokens
 * (replayable) and in the seed's long notation (docs/players/notation.md), then the result and
 * final FEN. */
#include <string.h>

#include "internal.h"

/* Arguments: up to two leading numbers, then the map text (default: the EntMap option). */
static bool parse_selfplay(Uci *u, const Words *ws, int64_t *movetime, int64_t *maxTurns, EntMap *map) {
    int i = 1;
    int64_t *num[2] = {movetime, maxTurns};
    static const int64_t HI[2] = {10000000, 100000};
    static const char *const NAME[2] = {"movetime", "maxturns"};
    for (int k = 0; k < 2 && i < ws->n && ws->w[i][0] >= '0' && ws->w[i][0] <= '9'; k++, i++)
        if (!parse_int64(ws->w[i], 1, HI[k], num[k])) {
            uci_error(u, "selfplay %s: '%.24s' is not a whole number from 1 to %lld", NAME[k], ws->w[i],
                      (long long)HI[k]);
            return false;
        }
    *map = u->session->map;
    char err[256];
    if (i < ws->n && !entmap_parse(words_rest(ws, i), map, err, sizeof err)) {
        uci_error(u, "selfplay: %s", err);
        return false;
    }
    return true;
}

static void on_links(void *ctx, const char *links) { uci_printf(ctx, "Links: %s", links); }

static void on_turn(void *ctx, const char *text) { uci_printf(ctx, "%s", text); }

static void on_end(void *ctx, const GameEnd *e, const char *words, const char *fen) {
    if (e)
        uci_printf(ctx, "Result: %s %s", end_result(e), words);
    else
        uci_printf(ctx, "Result: * (turn limit)");
    uci_printf(ctx, "Fen: %s", fen);
}

static void on_error(void *ctx, const char *text) { uci_error(ctx, "%s", text); }

void cmd_selfplay(Uci *u, const Words *ws) {
    int64_t movetime = 100, maxTurns = 60;
    EntMap map;
    if (uci_is_searching(u)) {
        uci_error(u, "selfplay: a search is running (send stop first)");
        return;
    }
    if (!parse_selfplay(u, ws, &movetime, &maxTurns, &map))
        return;
    SelfplayReport rep = {on_links, on_turn, on_end, on_error, u};
    session_selfplay(u->session, movetime, maxTurns, &map, &rep);
}
