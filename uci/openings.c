/* `openings [count] [turns] [window] [seed] [depth]`: a balanced opening book made by the
 * engine itself (the session's, session/openings.c, where the candidates and their tests are
 * described), printed one line per opening in the form qecmatch's -openings file= reads, then
 * the tally. */
#include "internal.h"

static bool parse_args(Uci *u, const Words *ws, int64_t v[5]) {
    static const char *const NAMES[5] = {"count", "turns", "window", "seed", "depth"};
    static const int64_t LO[5] = {1, 0, 0, 0, 1}, HI[5] = {100000, 200, 100000, INT64_MAX / 2, 20};
    if (ws->n > 6) {
        uci_error(u, "openings: want 'openings [count] [turns] [window] [seed] [depth]'");
        return false;
    }
    for (int i = 1; i < ws->n; i++)
        if (!parse_int64(ws->w[i], LO[i - 1], HI[i - 1], &v[i - 1])) {
            uci_error(u, "openings %s: '%.24s' is not a whole number from %lld to %lld", NAMES[i - 1], ws->w[i],
                      (long long)LO[i - 1], (long long)HI[i - 1]);
            return false;
        }
    return true;
}

static void on_opening(void *ctx, const char *line) { uci_printf(ctx, "%s", line); }

static void on_tally(void *ctx, const OpeningsTally *t) {
    uci_printf(ctx, "info string openings: kept %d of %llu (game over %llu, %s: %llu, repeated %llu)", t->kept,
               (unsigned long long)t->tried, (unsigned long long)t->over, t->decidedWhy,
               (unsigned long long)t->decided, (unsigned long long)t->repeated);
}

static void on_error(void *ctx, const char *text) { uci_error(ctx, "%s", text); }

void cmd_openings(Uci *u, const Words *ws) {
    int64_t a[5] = {100, 4, 100, 1, 0}; /* depth 0: the row's default (session_openings) */
    if (uci_is_searching(u)) {
        uci_error(u, "openings: a search is running (send stop first)");
        return;
    }
    if (!parse_args(u, ws, a))
        return;
    OpeningsReport rep = {on_opening, on_tally, on_error, u};
    session_openings(u->session, a[0], a[1], a[2], a[3], a[4], &rep);
}
