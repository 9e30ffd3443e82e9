/* `go` in schroedinger: an INTERIM search until the main search (search/) is variant-generic.
 * Iterative-deepening alpha-beta over HscPos with a captures-only quiescence, no TT; the eval
 * is material from what is known (see evaluate). It honours depth (plies), nodes, movetime,
 * wtime/btime/winc/binc/movestogo, infinite and stop; `Policy random|greedy|minimax2` pick a
 * random legal move, the best after one ply, the best after two plies. It runs on its own
 * thread so the input thread keeps answering isready/stop. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"

#define HSC_MATE 30000
#define HSC_INF 32000
#define HSC_MAX_DEPTH 64

struct HscGo {
    pthread_t thread;
    bool started; /* a thread exists that has not been joined */
    atomic_bool stop;
    Uci *u;
    HscPos pos;
    SearchLimits lim;
    int policy;
};

typedef struct {
    HscPos *p;
    const SearchLimits *lim;
    atomic_bool *stop; /* NULL: synchronous, never stopped from outside */
    int64_t start, deadline; /* ms; deadline 0 = none */
    uint64_t nodes;
    bool aborted;
} Ctx;

static int64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ---- eval ---- */

static int type_value(unsigned types) {
    static const int VALUE[5] = {0, 900, 500, 330, 320}; /* K Q R B N, HSC_K = bit 0 */
    int sum = 0, n = 0;
    for (int t = 1; t < 5; t++)
        if (types & (1u << t))
            sum += VALUE[t], n++;
    return n ? sum / n : 0; /* only the king: its value is the game, not material */
}

/* Material from the side to move's point of view. Whatever the world, a side's eight original
 * majors hold Q + 2R + 2B + 2N (S1.2), so the originals still on the board are worth that total
 * minus what the captured ones were (each the mean of its possible types, S1.4): learning a
 * piece's type by moving it changes nothing, capturing a piece known to be the queen gains 900.
 * Promoted pieces on the board count the mean of their possible types. */
static int side_material(const HscPos *p, int c) {
    const HscState *s = hsc_st(p);
    int v = 900 + 2 * 500 + 2 * 330 + 2 * 320 + 100 * popcount(s->pawns[c]);
    for (int id = 0; id < 8 + s->n_promo[c]; id++) {
        bool onBoard = s->major_sq[c][id] != NO_SQ;
        if (id < 8 && !onBoard)
            v -= type_value(hsc_identity_types(p, c, id));
        else if (id >= 8 && onBoard)
            v += type_value(hsc_identity_types(p, c, id));
    }
    return v;
}

static int evaluate(const HscPos *p) {
    int us = hsc_st(p)->stm;
    return side_material(p, us) - side_material(p, us ^ 1);
}

/* ---- search ---- */

static bool out_of_budget(Ctx *c) {
    if (c->aborted)
        return true;
    if ((c->lim->nodes && c->nodes >= c->lim->nodes) || (c->stop && atomic_load(c->stop)) ||
        (c->deadline && (c->nodes & 255) == 0 && now_ms() >= c->deadline))
        c->aborted = true;
    return c->aborted;
}

static bool is_capture(const HscPos *p, Move m) {
    return hsc_st(p)->board[move_to(m)] || move_flag(m) == MF_EP;
}

/* Captures first (cheap ordering; no TT in this interim search). */
static int ordered_moves(HscPos *p, Move *list, bool capturesOnly) {
    int n = hsc_gen_legal(p, list), k = 0;
    for (int i = 0; i < n; i++)
        if (is_capture(p, list[i])) {
            Move t = list[k];
            list[k++] = list[i];
            list[i] = t;
        }
    return capturesOnly ? k : n;
}

/* No legal move: mate when in check in every world, else stalemate (S3.2). */
static int no_move_score(const HscPos *p, int ply) {
    return hsc_check_status(p) == HSC_CHECK_ALL ? -HSC_MATE + ply : 0;
}

/* Captures only, at most HSC_QDEPTH plies deep: with unknown types nearly every major touches
 * something, and an unbounded capture search explodes. */
#define HSC_QDEPTH 4

static int qsearch(Ctx *c, int alpha, int beta, int ply, int qdepth) {
    c->nodes++;
    if (out_of_budget(c))
        return 0;
    int stand = evaluate(c->p);
    if (stand >= beta || ply >= HSC_MAX_DEPTH || qdepth >= HSC_QDEPTH)
        return stand;
    if (stand > alpha)
        alpha = stand;
    Move list[HSC_MAX_MOVES];
    int n = ordered_moves(c->p, list, true);
    for (int i = 0; i < n; i++) {
        if (!hsc_do_move(c->p, list[i]))
            continue;
        int v = -qsearch(c, -beta, -alpha, ply + 1, qdepth + 1);
        hsc_undo_move(c->p);
        if (c->aborted)
            return 0;
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    return alpha;
}

static int negamax(Ctx *c, int depth, int alpha, int beta, int ply) {
    if (depth <= 0)
        return qsearch(c, alpha, beta, ply, 0);
    c->nodes++;
    if (out_of_budget(c))
        return 0;
    const HscState *s = hsc_st(c->p);
    if (s->halfmove >= 100) /* S3.3 */
        return 0;
    Move list[HSC_MAX_MOVES];
    int n = ordered_moves(c->p, list, false);
    if (!n)
        return no_move_score(c->p, ply);
    int best = -HSC_INF;
    for (int i = 0; i < n; i++) {
        if (!hsc_do_move(c->p, list[i]))
            continue;
        int v = -negamax(c, depth - 1, -beta, -alpha, ply + 1);
        hsc_undo_move(c->p);
        if (c->aborted)
            return 0;
        if (v > best)
            best = v;
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    return best;
}

/* One root iteration over list[0..n) (best first); returns the best index, or -1 if aborted
 * before the first move was searched. */
static int root_iteration(Ctx *c, Move *list, int n, int depth, int *score) {
    int alpha = -HSC_INF, bestIdx = -1;
    for (int i = 0; i < n; i++) {
        if (!hsc_do_move(c->p, list[i]))
            continue;
        int v = -negamax(c, depth - 1, -HSC_INF, -alpha, 1);
        hsc_undo_move(c->p);
        if (c->aborted)
            break;
        if (v > alpha)
            alpha = v, bestIdx = i;
    }
    *score = alpha;
    return bestIdx;
}

/* Time for this move (ms), 0 = no limit: movetime, else a share of the clock. */
static int64_t budget_ms(const SearchLimits *lim, int stm, int overhead) {
    if (lim->infinite || lim->ponder)
        return 0;
    if (lim->movetime)
        return lim->movetime;
    if (lim->time[stm] < 0)
        return 0;
    int mtg = lim->movestogo ? lim->movestogo : 30;
    int64_t t = lim->time[stm] / mtg + lim->inc[stm] / 2 - overhead;
    int64_t cap = lim->time[stm] / 2 - overhead;
    t = t > cap ? cap : t;
    return t < 1 ? 1 : t;
}

typedef void (*InfoFn)(void *ctx, int depth, int score, uint64_t nodes, int64_t ms, Move best);

static Move search_root(HscPos *p, const SearchLimits *lim, int policy, uint64_t seed, atomic_bool *stop,
                        int overhead, InfoFn info, void *ictx) {
    Move list[HSC_MAX_MOVES];
    int n = lim->nsearchmoves ? lim->nsearchmoves : hsc_gen_legal(p, list);
    if (lim->nsearchmoves)
        memcpy(list, lim->searchmoves, (size_t)n * sizeof *list);
    if (n <= 1)
        return n ? list[0] : MOVE_NONE;
    if (policy == POLICY_RANDOM) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        return list[(seed >> 33) % (uint64_t)n];
    }
    Ctx c = {p, lim, stop, now_ms(), 0, 0, false};
    int64_t budget = budget_ms(lim, hsc_st(p)->stm, overhead);
    c.deadline = budget ? c.start + budget : 0;
    int maxDepth = policy == POLICY_GREEDY ? 1 : policy == POLICY_MINIMAX2 ? 2 : HSC_MAX_DEPTH;
    if (lim->depth && lim->depth < maxDepth)
        maxDepth = lim->depth;
    Move best = list[0];
    for (int d = 1; d <= maxDepth; d++) {
        int score, idx = root_iteration(&c, list, n, d, &score);
        if (idx >= 0 && !c.aborted) { /* an aborted iteration is not trusted */
            best = list[idx];
            memmove(list + 1, list, (size_t)idx * sizeof *list); /* best first next time */
            list[0] = best;
            if (info)
                info(ictx, d, score, c.nodes, now_ms() - c.start, best);
        }
        if (c.aborted || abs(score) >= HSC_MATE - HSC_MAX_DEPTH)
            break;
        if (c.deadline && now_ms() - c.start > budget / 2) /* the next iteration would not finish */
            break;
    }
    return best;
}

Move hsc_search(HscPos *p, const SearchLimits *lim, int policy, uint64_t seed) {
    return search_root(p, lim, policy, seed, NULL, 0, NULL, NULL);
}

/* ---- the thread ---- */

static void print_info(void *ctx, int depth, int score, uint64_t nodes, int64_t ms, Move best) {
    Uci *u = ctx;
    char tok[6];
    hsc_tok(best, tok);
    uci_lock_out(u);
    fprintf(u->out, "info depth %d score ", depth);
    if (abs(score) >= HSC_MATE - HSC_MAX_DEPTH) {
        int plies = HSC_MATE - abs(score);
        fprintf(u->out, "mate %d", score > 0 ? (plies + 1) / 2 : -(plies / 2));
    } else
        fprintf(u->out, "cp %d", score);
    fprintf(u->out, " nodes %llu nps %llu time %lld pv %s\n", (unsigned long long)nodes,
            (unsigned long long)(ms > 0 ? nodes * 1000 / (uint64_t)ms : nodes), (long long)ms, tok);
    uci_unlock_out(u);
}

static void *go_thread(void *arg) {
    HscGo *g = arg;
    Uci *u = g->u;
    Move best = search_root(&g->pos, &g->lim, g->policy, (uint64_t)now_ms(), &g->stop, u->opt.moveOverhead,
                            print_info, u);
    /* UCI: an infinite or ponder search answers only after stop (or ponderhit). */
    while ((g->lim.infinite || g->lim.ponder) && !atomic_load(&g->stop)) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    char tok[6];
    hsc_tok(best, tok);
    uci_lock_out(u);
    fprintf(u->out, "bestmove %s\n", tok);
    u->searching = u->pondering = u->held = false;
    uci_unlock_out(u);
    return NULL;
}

static void go_start(Uci *u, const SearchLimits *lim) {
    hsc_go_join(u);
    if (!u->hgo && !(u->hgo = calloc(1, sizeof *u->hgo))) {
        uci_error(u, "go: out of memory");
        return;
    }
    HscGo *g = u->hgo;
    if (!hsc_pos_copy(&g->pos, &u->hpos)) {
        uci_error(u, "go: out of memory");
        return;
    }
    g->u = u;
    g->lim = *lim;
    g->policy = u->opt.policy;
    atomic_store(&g->stop, false);
    uci_lock_out(u);
    u->searching = true;
    u->held = false;
    u->endless = lim->infinite || lim->ponder;
    u->pondering = lim->ponder;
    uci_unlock_out(u);
    if (pthread_create(&g->thread, NULL, go_thread, g)) {
        hsc_pos_free(&g->pos);
        uci_lock_out(u);
        u->searching = u->endless = u->pondering = false;
        uci_unlock_out(u);
        uci_error(u, "go: cannot start the search thread");
        return;
    }
    g->started = true;
}

void hsc_go_stop(Uci *u) {
    if (u->hgo && u->hgo->started)
        atomic_store(&u->hgo->stop, true);
}

void hsc_go_join(Uci *u) {
    if (!u->hgo || !u->hgo->started)
        return;
    pthread_join(u->hgo->thread, NULL);
    hsc_pos_free(&u->hgo->pos);
    u->hgo->started = false;
}

void hsc_go_free(Uci *u) {
    hsc_go_stop(u);
    hsc_go_join(u);
    free(u->hgo);
    u->hgo = NULL;
}

/* ---- the command ---- */

static void answer(Uci *u, Move m) {
    char tok[6];
    hsc_tok(m, tok);
    uci_printf(u, "bestmove %s", tok);
}

void hsc_go(Uci *u, const Words *ws, const SearchLimits *limIn, int smFirst, int smCount) {
    SearchLimits lim = *limIn;
    HscPos *p = &u->hpos;
    int r = hsc_result(p);
    if (r != HSC_ONGOING) { /* PROTOCOL P3 */
        char words[96];
        hsc_end_words(r, hsc_st(p)->stm, words, sizeof words);
        uci_printf(u, "info string game over: %s", words);
        uci_printf(u, "info depth 0 score %s", r == HSC_CHECKMATE ? "mate 0" : "cp 0");
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
    if (u->mode != UCI_NORMAL) { /* fuzz: tiny and synchronous */
        lim.depth = 1;
        lim.infinite = lim.ponder = false;
        answer(u, hsc_search(p, &lim, u->opt.policy, 1));
        return;
    }
    go_start(u, &lim);
}
