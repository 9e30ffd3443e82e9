/* `go`: its words, perft's lines, and the session's reports as `info` and `bestmove` lines
 * (docs/gui/protocol.md, "go"). What is answered and searched is the session's
 * (session/go.c). */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define MAX_PERFT_DEPTH 12
#define TIME_LIMIT ((int64_t)1 << 40) /* ms; anything larger is a typo, not a clock */

/* ---- reports ---- */

/* `info depth … score cp|mate … [lowerbound|upperbound] nodes … nps … hashfull … time …`, the
 * part of an info line every variant shares (the pv tokens follow). mateTurns 0: a cp score. */
static void print_info_head(const Uci *u, FILE *f, const SearchInfo *info, int mateTurns, const Variant *v) {
    fprintf(f, "info depth %d seldepth %d multipv %d score ", info->depth, info->seldepth,
            info->multipv > 0 ? info->multipv : 1);
    if (mateTurns)
        fprintf(f, "mate %d", mateTurns);
    else
        fprintf(f, "cp %d", info->score);
    print_wdl(f, u, v, info->score);
    if (info->bound == BOUND_LOWER)
        fputs(" lowerbound", f);
    else if (info->bound == BOUND_UPPER)
        fputs(" upperbound", f);
    fprintf(f, " nodes %llu nps %llu hashfull %d time %llu", (unsigned long long)info->nodes,
            (unsigned long long)info->nps, info->hashfull, (unsigned long long)info->timeMs);
}

/* ---- the session's reports ---- */

/* On a search thread with the session's lock held: tokens in the search's row v (the session's
 * board may be replaced by a `position` meanwhile). */
static void on_info(void *ctx, const SearchInfo *info, int mate, const Variant *v) {
    Uci *u = ctx;
    char tok[6];
    uci_lock_out(u);
    FILE *f = u->out;
    print_info_head(u, f, info, mate, v);
    if (info->pvLen > 0) {
        fputs(" pv", f);
        for (int i = 0; i < info->pvLen && i < MAX_PLY; i++) {
            variant_token(v, info->pv[i], tok);
            fprintf(f, " %s", tok);
        }
    }
    fputc('\n', f);
    if (u->session->opt.showTurns)
        report_turns(u, info);
    uci_unlock_out(u);
}

static void on_bestmove(void *ctx, const char *best, const char *ponder) {
    Uci *u = ctx;
    if (ponder)
        uci_printf(u, "bestmove %s ponder %s", best, ponder);
    else
        uci_printf(u, "bestmove %s", best);
}

static void on_game_over(void *ctx, const GameEnd *e) {
    Uci *u = ctx;
    char words[128];
    variant_end_words(u->session->board.variant, e, words, sizeof words);
    uci_printf(u, "info string game over: %s", words);
    game_over_score(u, END_KINDS[e->reason].mated);
}

static void on_book(void *ctx, const char *move) { uci_printf(ctx, "info string book %s", move); }

static void on_error(void *ctx, const char *text) { uci_error(ctx, "%s", text); }

/* RULES R6 (S5 in schroedinger), divided by root decision, sorted by token, then the sum. */
static void run_perft(Uci *u, int depth) {
    PerftLine lines[MAX_MOVES];
    uint64_t total = 0;
    int n = session_perft(u->session, depth, lines);
    uci_lock_out(u);
    for (int i = 0; i < n; i++) {
        fprintf(u->out, "%s: %llu\n", lines[i].tok, (unsigned long long)lines[i].count);
        total += lines[i].count;
    }
    fprintf(u->out, "\nNodes searched: %llu\n", (unsigned long long)total);
    uci_unlock_out(u);
}

/* ---- argument parsing ---- */

typedef struct {
    const char *name;
    int64_t lo, hi;
} NumArg;

static const NumArg NUM_ARGS[] = {
    {"wtime", -TIME_LIMIT, TIME_LIMIT}, {"btime", -TIME_LIMIT, TIME_LIMIT}, {"winc", -TIME_LIMIT, TIME_LIMIT},
    {"binc", -TIME_LIMIT, TIME_LIMIT},  {"movestogo", 0, 100000},           {"depth", 1, MAX_PLY},
    {"nodes", 1, INT64_MAX},            {"mate", 1, MAX_PLY},               {"movetime", 0, TIME_LIMIT},
};
enum { A_WTIME, A_BTIME, A_WINC, A_BINC, A_MOVESTOGO, A_DEPTH, A_NODES, A_MATE, A_MOVETIME, NUM_ARG_COUNT };

static int num_arg(const char *w) {
    for (int i = 0; i < NUM_ARG_COUNT; i++)
        if (!strcmp(w, NUM_ARGS[i].name))
            return i;
    return -1;
}

static bool is_go_keyword(const char *w) {
    return num_arg(w) >= 0 || !strcmp(w, "searchmoves") || !strcmp(w, "infinite") || !strcmp(w, "ponder") ||
           !strcmp(w, "perft");
}

typedef struct {
    SearchLimits lim;
    int perft;         /* depth, 0 = not perft */
    int smFirst, smCount; /* searchmoves words */
} GoArgs;

static void set_num(SearchLimits *lim, int which, int64_t v) {
    switch (which) {
    case A_WTIME: lim->time[WHITE] = v < 0 ? 0 : v; break;
    case A_BTIME: lim->time[BLACK] = v < 0 ? 0 : v; break;
    case A_WINC: lim->inc[WHITE] = v < 0 ? 0 : v; break;
    case A_BINC: lim->inc[BLACK] = v < 0 ? 0 : v; break;
    case A_MOVESTOGO: lim->movestogo = (int)v; break;
    case A_DEPTH: lim->depth = (int)v; break;
    case A_NODES: lim->nodes = (uint64_t)v; break;
    case A_MATE: lim->mate = (int)v; break;
    case A_MOVETIME: lim->movetime = v ? v : 1; break; /* 0 would mean "no limit" */
    }
}

static bool parse_go(Uci *u, const Words *ws, GoArgs *g) {
    memset(g, 0, sizeof *g);
    g->lim.time[WHITE] = g->lim.time[BLACK] = -1;
    for (int i = 1; i < ws->n; i++) {
        const char *k = ws->w[i];
        int a = num_arg(k);
        int64_t v;
        if (!strcmp(k, "perft")) {
            if (i != 1 || ws->n != 3 || !parse_int64(ws->w[2], 1, MAX_PERFT_DEPTH, &v)) {
                uci_error(u, "go perft: want 'go perft N' with N a whole number from 1 to %d", MAX_PERFT_DEPTH);
                return false;
            }
            g->perft = (int)v;
            return true;
        } else if (!strcmp(k, "infinite"))
            g->lim.infinite = true;
        else if (!strcmp(k, "ponder"))
            g->lim.ponder = true;
        else if (!strcmp(k, "searchmoves")) {
            g->smFirst = i + 1;
            while (i + 1 < ws->n && !is_go_keyword(ws->w[i + 1]))
                i++, g->smCount++;
            if (!g->smCount) {
                uci_error(u, "go searchmoves: needs at least one decision");
                return false;
            }
        } else if (a >= 0) {
            if (i + 1 >= ws->n) {
                uci_error(u, "go %s: needs a value", k);
                return false;
            }
            if (!parse_int64(ws->w[++i], NUM_ARGS[a].lo, NUM_ARGS[a].hi, &v)) {
                uci_error(u, "go %s: '%.24s' is not a whole number from %lld to %lld", k, ws->w[i],
                          (long long)NUM_ARGS[a].lo, (long long)NUM_ARGS[a].hi);
                return false;
            }
            set_num(&g->lim, a, v);
        } else {
            uci_error(u, "go: unknown argument '%.24s'", k);
            return false;
        }
    }
    return true;
}

/* ---- the command ---- */

void cmd_go(Uci *u, const Words *ws) {
    GoArgs g;
    char err[256];
    if (uci_is_searching(u)) {
        uci_error(u, "go: a search is already running (send stop first)");
        return;
    }
    if (!u->session->havePosition) {
        uci_error(u, "go before position: send 'position startpos' or 'position fen …' first");
        return;
    }
    if (!parse_go(u, ws, &g))
        return;
    if (g.perft) {
        run_perft(u, g.perft);
        return;
    }
    SessionReport rep = {on_info, on_bestmove, on_game_over, on_book, on_error, u};
    if (!session_go(u->session, &g.lim, (const char *const *)ws->w + g.smFirst, g.smCount, &rep, err, sizeof err))
        uci_error(u, "%s", err);
}
