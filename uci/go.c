/* `go`: argument parsing, the answers that need no search (game over, one option), perft,
 * and the search callbacks that turn SearchInfo into `info` lines (docs/gui/protocol.md, "go"). */
#include <stdlib.h>
#include <string.h>

#include "../engine/perft.h"
#include "internal.h"

#define MAX_PERFT_DEPTH 12
#define TIME_LIMIT ((int64_t)1 << 40) /* ms; anything larger is a typo, not a clock */

/* ---- reports ---- */

/* `info depth … score cp|mate … [lowerbound|upperbound] nodes … nps … hashfull … time …`, the
 * part of an info line every variant shares (the pv tokens follow). mateTurns 0: a cp score. */
static void print_info_head(const Uci *u, FILE *f, const SearchInfo *info, int mateTurns) {
    fprintf(f, "info depth %d seldepth %d multipv %d score ", info->depth, info->seldepth,
            info->multipv > 0 ? info->multipv : 1);
    if (mateTurns)
        fprintf(f, "mate %d", mateTurns);
    else
        fprintf(f, "cp %d", info->score);
    print_wdl(f, u, u->session->searchVariant, info->score);
    if (info->bound == BOUND_LOWER)
        fputs(" lowerbound", f);
    else if (info->bound == BOUND_UPPER)
        fputs(" upperbound", f);
    fprintf(f, " nodes %llu nps %llu hashfull %d time %llu", (unsigned long long)info->nodes,
            (unsigned long long)info->nps, info->hashfull, (unsigned long long)info->timeMs);
}

/* UCI's `mate N` is in moves; for QEC it is the number of turns, both sides counted, from
 * the root's turn (1) to the turn in which the mate happens, negative when the root decider
 * is mated. The search reports it (mateTurns); if it does not, count it by replaying the PV
 * (the score gives the decisions to the mate; past the PV's end, two decisions per turn are
 * assumed). Called with u->lock held. */
static int mate_turns(Uci *u, const SearchInfo *info) {
    if (info->mateTurns)
        return info->mateTurns;
    if (pos_classical_turns(u->session->root))
        return score_mate_moves(info->score);
    int decisions = SCORE_MATE - abs(info->score);
    Position *p = u->session->replay;
    memcpy(p, u->session->root, offsetof(Position, st) + (size_t)(u->session->root->ply + 1) * sizeof(StateInfo));
    int turns = 1, i = 0;
    Move list[MAX_MOVES];
    for (; i < decisions && i < info->pvLen; i++) {
        int n = pos_legal_decisions(p, list), j = 0;
        while (j < n && list[j] != info->pv[i])
            j++;
        if (j == n)
            break;
        pos_do(p, list[j]);
        if (i + 1 < decisions && pos_phase(p) == PHASE_BASE)
            turns++;
    }
    if (i < decisions)
        turns += (decisions - i) / 2;
    return info->score > 0 ? turns : -turns;
}

/* UCI's `mate N` of a report, 0 for a cp score. The worlds family's search counts its moves
 * itself (a turn is one move there); the Position family's may leave the count to mate_turns. */
static int report_mate(Uci *u, const SearchInfo *info) {
    if (!score_is_mate(info->score) || abs(info->score) > SCORE_MATE)
        return 0;
    return info->mateTurns || u->session->searchVariant->worlds ? info->mateTurns : mate_turns(u, info);
}

/* ---- callbacks (run on search threads) ---- */

/* Search threads spell tokens in the row of the search (u->session->searchVariant): u->session->board may be
 * replaced by a `position` command meanwhile (the output lock is held). */
void report_info(Uci *u, const SearchInfo *info) {
    char tok[6];
    uci_lock_out(u);
    FILE *f = u->out;
    print_info_head(u, f, info, report_mate(u, info));
    if (info->pvLen > 0) {
        fputs(" pv", f);
        for (int i = 0; i < info->pvLen && i < MAX_PLY; i++) {
            variant_token(u->session->searchVariant, info->pv[i], tok);
            fprintf(f, " %s", tok);
        }
    }
    fputc('\n', f);
    if (u->session->opt.showTurns)
        report_turns(u, info);
    uci_unlock_out(u);
}

void report_bestmove(Uci *u, Move best, Move ponder) {
    char a[6], b[6];
    uci_lock_out(u);
    variant_token(u->session->searchVariant, best, a);
    variant_token(u->session->searchVariant, ponder, b);
    if (ponder != MOVE_NONE)
        fprintf(u->out, "bestmove %s ponder %s\n", a, b);
    else
        fprintf(u->out, "bestmove %s\n", a);
    u->session->searching = u->session->pondering = u->session->held = false;
    uci_unlock_out(u);
}

static void on_info(const SearchInfo *info, void *ctx) { report_info(ctx, info); }

static void on_bestmove(Move best, Move ponder, void *ctx) { report_bestmove(ctx, best, ponder); }

/* ---- answers without a search ---- */

/* An infinite or ponder go must not answer before stop/ponderhit (UCI), even when the
 * answer is already known: hold it. */
static void answer_now(Uci *u, Move m, bool endless, bool ponder) {
    char tok[6];
    board_token(&u->session->board, m, tok);
    uci_lock_out(u);
    if (endless) {
        u->session->searching = u->session->held = u->session->endless = true;
        u->session->pondering = ponder;
        u->session->heldMove = m;
    } else
        fprintf(u->out, "bestmove %s\n", tok);
    uci_unlock_out(u);
}

static int cmp_divide(const void *a, const void *b) {
    return strcmp(((const DivideLine *)a)->tok, ((const DivideLine *)b)->tok);
}

void print_divide(Uci *u, DivideLine *lines, int n) {
    uint64_t total = 0;
    qsort(lines, (size_t)n, sizeof *lines, cmp_divide);
    uci_lock_out(u);
    for (int i = 0; i < n; i++) {
        fprintf(u->out, "%s: %llu\n", lines[i].tok, (unsigned long long)lines[i].count);
        total += lines[i].count;
    }
    fprintf(u->out, "\nNodes searched: %llu\n", (unsigned long long)total);
    uci_unlock_out(u);
}

/* RULES R6 (S5 in schroedinger), divided by root decision, sorted by token. Whether an ended
 * game still counts its legal moves is the family's perft's call (S5.1: schroedinger's does,
 * as the reference data does), so this asks no game end. */
static void run_perft(Uci *u, int depth) {
    Move moves[MAX_MOVES];
    uint64_t counts[MAX_MOVES];
    DivideLine lines[MAX_MOVES];
    int n = board_divide(&u->session->board, depth, moves, counts);
    for (int i = 0; i < n; i++) {
        board_token(&u->session->board, moves[i], lines[i].tok);
        lines[i].count = counts[i];
    }
    print_divide(u, lines, n);
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

/* searchmoves: each must be a legal decision at hand; duplicates are dropped. */
static bool resolve_searchmoves(Uci *u, const Words *ws, GoArgs *g) {
    for (int i = 0; i < g->smCount; i++) {
        char tok[8];
        const char *w = ws->w[g->smFirst + i];
        size_t len = strlen(w);
        Move m = MOVE_NONE;
        if (len == 4 || len == 5) {
            memcpy(tok, w, len + 1);
            if (len == 5 && tok[4] >= 'A' && tok[4] <= 'Z')
                tok[4] = (char)(tok[4] - 'A' + 'a');
            m = board_parse(&u->session->board, tok);
        }
        if (m == MOVE_NONE) {
            char what[96];
            board_phase_words(&u->session->board, what, sizeof what);
            uci_error(u, "go searchmoves: '%.24s' is not a legal decision here (%s)", w, what);
            return false;
        }
        bool dup = false;
        for (int j = 0; j < g->lim.nsearchmoves; j++)
            dup |= g->lim.searchmoves[j] == m;
        if (!dup)
            g->lim.searchmoves[g->lim.nsearchmoves++] = m;
    }
    return true;
}

/* ---- the command ---- */

/* The root is copied for the reports (mate distances and ShowTurns read it while the session's
 * board may change): a Position, or the worlds family's position for its turns lines. */
static void start_search(Uci *u, const SearchLimits *lim) {
    SearchReport rep = {on_info, on_bestmove, u};
    uci_join_search(u);
    GameSearch *s = uci_search(u, &u->session->board);
    if (!s)
        return; /* out of memory: said, and no search starts */
    bool worlds = u->session->board.variant->worlds;
    if (worlds && u->session->opt.showTurns && !turns_set_hsc_root(u, &u->session->board.hsc))
        uci_error(u, "ShowTurns: out of memory, no turns lines in this search");
    uci_lock_out(u);
    if (!worlds)
        memcpy(u->session->root, u->session->board.pos, offsetof(Position, st) + (size_t)(u->session->board.pos->ply + 1) * sizeof(StateInfo));
    u->session->turnsWorlds = worlds;
    uci_mark_searching(u, lim);
    uci_unlock_out(u);
    if (!game_search_start(s, &u->session->board, lim, &rep)) {
        uci_lock_out(u);
        u->session->searching = u->session->endless = u->session->pondering = false;
        uci_unlock_out(u);
        uci_error(u, "go: cannot start the search (out of memory or threads)");
    }
}

void cmd_go(Uci *u, const Words *ws) {
    GoArgs g;
    GameEnd e;
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
    if (u->session->opt.ownBook && u->session->book.n && !u->session->board.variant->book) /* book.h: schroedinger has no book */
        uci_error(u, "OwnBook: no book in %s: book keys do not cover the set of consistent worlds "
                     "(S1.2); searching without it", u->session->board.variant->name);
    bool endless = g.lim.infinite || g.lim.ponder;
    if (board_game_end(&u->session->board, &e)) { /* game over: docs/gui/protocol.md, "go" */
        char words[128];
        variant_end_words(u->session->board.variant, &e, words, sizeof words);
        uci_printf(u, "info string game over: %s", words);
        game_over_score(u, END_KINDS[e.reason].mated);
        answer_now(u, MOVE_NONE, endless, g.lim.ponder);
        return;
    }
    if (!resolve_searchmoves(u, ws, &g))
        return;
    if (u->session->opt.ownBook && u->session->book.n && u->session->board.variant->book && !endless && !g.lim.nsearchmoves &&
        book_turn(u->session->board.pos) < u->session->opt.bookDepth) {
        Move bm = book_choose(&u->session->book, u->session->board.pos, (uint64_t)u->session->opt.bookSeed);
        if (bm != MOVE_NONE) {
            char t[6];
            board_token(&u->session->board, bm, t);
            uci_printf(u, "info string book %s", t);
            answer_now(u, bm, false, false);
            return;
        }
    }
    Move list[MAX_MOVES];
    int n = g.lim.nsearchmoves ? g.lim.nsearchmoves : board_options(&u->session->board, list);
    if (n == 1) {
        answer_now(u, g.lim.nsearchmoves ? g.lim.searchmoves[0] : list[0], endless, g.lim.ponder);
        return;
    }
    start_search(u, &g.lim);
}
