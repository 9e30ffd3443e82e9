/* The thread pool: Lazy SMP threads that share the TT and each run iterative_deepening, the
 * vote for the answer, the controller thread of an asynchronous search, and the search API
 * (search.h). */
#include "thread.h"

#include <stdlib.h>
#include <string.h>

#include "../eval/chess.h"
#include "../eval/eval.h"
#include "movepick.h"
#include "policy.h"
#include "root.h"
#include "search_internal.h"
#include "timeman.h"
#include "tt.h"

enum { MAX_THREADS = 256 };

Pool pool = {.opt = {16, 1, 1, 10, POLICY_SEARCH},
             .mu = PTHREAD_MUTEX_INITIALIZER,
             .cv = PTHREAD_COND_INITIALIZER};

uint64_t total_nodes(void) {
    uint64_t n = 0;
    for (int i = 0; i < pool.nthreads; i++)
        n += atomic_load_explicit(&pool.threads[i]->nodes, memory_order_relaxed);
    return n;
}

/* ---------------------------------------------------------------- Lazy SMP */

static void *helper_main(void *arg) {
    iterative_deepening(arg);
    return NULL;
}

/* A thread's say in the answer: the threads that play its move, weighted by depth and score. */
static int64_t votes_for(Thread *const *cand, int n, const Thread *t, int minScore) {
    int64_t v = 0;
    for (int i = 0; i < n; i++)
        if (cand[i]->root[0].move == t->root[0].move)
            v += (int64_t)(root_score(&cand[i]->root[0]) - minScore + 14) * cand[i]->completedDepth;
    return v;
}

/* Lazy SMP: the thread that answers; its lines are the final report. Candidates completed an
 * iteration and, in a `go depth N` search, depth N: the search ends when the first thread
 * completes it, and that may be a helper. With MultiPV the deepest candidate answers (all its
 * lines come from one search; the main thread on ties); else a mate, or the move most
 * candidates agree on, from the deepest candidate that plays it. */
static Thread *best_thread(void) {
    Thread *cand[MAX_THREADS];
    int deepest = 0, n = 0;
    for (int i = 0; i < pool.nthreads; i++)
        if (pool.threads[i]->completedDepth > deepest)
            deepest = pool.threads[i]->completedDepth;
    if (deepest == 0)
        return pool.threads[0];
    int need = pool.lim.depth > 0 && pool.lim.depth <= deepest ? pool.lim.depth : 1;
    for (int i = 0; i < pool.nthreads; i++)
        if (pool.threads[i]->completedDepth >= need)
            cand[n++] = pool.threads[i];
    Thread *best = cand[0];
    if (pool.opt.multiPV > 1) {
        for (int i = 1; i < n; i++)
            if (cand[i]->completedDepth > best->completedDepth)
                best = cand[i];
        return best;
    }
    int minScore = SCORE_INFINITE;
    for (int i = 0; i < n; i++)
        if (root_score(&cand[i]->root[0]) < minScore)
            minScore = root_score(&cand[i]->root[0]);
    for (int i = 1; i < n; i++) {
        Thread *t = cand[i];
        int s = root_score(&t->root[0]), bs = root_score(&best->root[0]);
        bool sameMove = t->root[0].move == best->root[0].move;
        if ((s >= SCORE_MATE_BOUND && s > bs) ||
            (!score_is_mate(bs) && !sameMove && t->completedDepth >= best->completedDepth - 1 &&
             votes_for(cand, n, t, minScore) > votes_for(cand, n, best, minScore)) ||
            (!score_is_mate(bs) && sameMove && t->completedDepth > best->completedDepth))
            best = t;
    }
    return best;
}

static void prepare_thread(Thread *t, const Position *root, const SearchLimits *l) {
    memcpy(&t->pos, root, offsetof(Position, st) + sizeof(StateInfo) * (size_t)(root->ply + 1));
    pos_compact(&t->pos); /* room for MAX_PLY decisions on top of the game */
    t->classical = pos_classical_turns(root);
    t->tether = root->variant == VARIANT_TETHER; /* the variant tests of a search */
    t->chessTree = root->variant == VARIANT_CHESS;
    t->eval = eval_function(root->variant, pool.opt.handMadeEval); /* chess: the network; tether: its own table */
    /* An experimental net (issue 31); a tether net shares chess's accumulators, so they start empty. */
    t->evalCache.qecNet = pool.qecNet;
    t->evalCache.tetherNet = pool.tetherNet;
    t->evalCache.nnue.valid = false;
    bool qecNet = root->variant == VARIANT_QEC && pool.qecNet;
    bool tetherNet = root->variant == VARIANT_TETHER && pool.tetherNet;
    if (!pool.opt.handMadeEval && (qecNet || tetherNet))
        t->eval = eval_net_function(root->variant);
    for (int pt = NO_PIECE_TYPE; pt <= KING; pt++)
        t->captureGain[pt] = t->chessTree && pt >= PAWN && pt <= QUEEN ? chess_piece_worth(pt) : SEE_VALUE[pt];
    /* A tether node generates every transporter move and costs several classical nodes:
     * check the clock 4x as often so a stop lands within about as many milliseconds. */
    t->checkMask = t->tether ? 255 : 1023;
    atomic_store_explicit(&t->nodes, 0, memory_order_relaxed);
    t->seldepth = t->rootDepth = t->completedDepth = 0;
    t->reported = false;
    Move list[MAX_MOVES];
    int n = pos_legal_decisions(root, list);
    t->nRoot = 0;
    for (int i = 0; i < n; i++) {
        bool allowed = l->nsearchmoves <= 0;
        for (int j = 0; j < l->nsearchmoves && !allowed; j++)
            allowed = l->searchmoves[j] == list[i];
        if (!allowed)
            continue;
        RootMove *rm = &t->root[t->nRoot++];
        rm->move = list[i];
        rm->score = rm->prevScore = SCORE_NONE;
        rm->bound = BOUND_EXACT;
        rm->seldepth = 0;
        rm->pvLen = 1;
        rm->pv[0] = list[i];
    }
    if (t->nRoot == 0) /* searchmoves named nothing legal: search every option */
        for (int i = 0; i < n; i++) {
            RootMove *rm = &t->root[t->nRoot++];
            *rm = (RootMove){.move = list[i], .score = SCORE_NONE, .prevScore = SCORE_NONE, .pvLen = 1};
            rm->pv[0] = list[i];
        }
    t->multiPV = pool.opt.multiPV < t->nRoot ? pool.opt.multiPV : t->nRoot;
    memset(t->killers, 0, sizeof t->killers);
    memset(t->nullMove, 0, sizeof t->nullMove);
    memset(t->moved, 0, sizeof t->moved);
    memset(t->excluded, 0, sizeof t->excluded);
    memset(t->doubleExt, 0, sizeof t->doubleExt);
}

/* One whole search: policy or Lazy SMP. Returns the best decision and the ponder move. */
static Move run_search(const Position *root, Move *ponder) {
    Thread *main = pool.threads[0];
    *ponder = MOVE_NONE;
    pool.rootDecider = pos_decider(root);
    init_time(&pool.lim, pool.rootDecider, 2 * (pos_state(root)->fullmove - 1) + pos_turn(root));
    memset(&pool.last, 0, sizeof pool.last);
    for (int i = 0; i < pool.nthreads; i++)
        prepare_thread(pool.threads[i], root, &pool.lim);
    if (main->nRoot == 0)
        return MOVE_NONE;

    if (pool.opt.policy != POLICY_SEARCH) {
        int score;
        uint64_t nodes = 0;
        Move m = policy_decide(&main->pos, pool.opt.policy, &score, &nodes);
        atomic_store_explicit(&main->nodes, nodes, memory_order_relaxed);
        main->root[0].move = m;
        main->root[0].score = score;
        main->root[0].pv[0] = m;
        main->root[0].pvLen = 1;
        main->completedDepth = pool.opt.policy == POLICY_MINIMAX2 ? 2 : 1;
        main->multiPV = 1;
        report_iteration(main);
        return m;
    }

    tt_new_search();
    for (int i = 1; i < pool.nthreads; i++)
        pthread_create(&pool.threads[i]->tid, NULL, helper_main, pool.threads[i]);
    iterative_deepening(main);
    /* infinite or ponder: the answer waits for stop or ponderhit */
    pthread_mutex_lock(&pool.mu);
    while (!stop_raised() && (pool.lim.infinite || atomic_load(&pool.ponder)))
        pthread_cond_wait(&pool.cv, &pool.mu);
    pthread_mutex_unlock(&pool.mu);
    raise_stop();
    for (int i = 1; i < pool.nthreads; i++)
        pthread_join(pool.threads[i]->tid, NULL);

    /* The final report shows the answer: every line of the thread that gives it, unless the
     * main thread's last report already does (a helper answers, or the main thread was
     * stopped inside an iteration that changed its lines). */
    Thread *bt = best_thread();
    if (bt != main || !main->reported)
        report_iteration(bt);
    /* Every thread's nodes, up to the end (the last report may predate the helpers' stop). */
    int64_t ms = now_ms() - pool.startMs;
    pool.last.nodes = total_nodes();
    pool.last.timeMs = (uint64_t)(ms > 0 ? ms : 0);
    pool.last.nps = pool.last.nodes * 1000 / (pool.last.timeMs > 0 ? pool.last.timeMs : 1);
    if (bt->root[0].pvLen > 1)
        *ponder = bt->root[0].pv[1];
    return bt->root[0].move;
}

/* ---------------------------------------------------------------- API */

static void free_threads(void) {
    for (int i = 0; i < pool.nthreads; i++)
        free(pool.threads[i]);
    free(pool.threads);
    pool.threads = NULL;
    pool.nthreads = 0;
}

static void alloc_threads(int n) {
    free_threads();
    pool.threads = calloc((size_t)n, sizeof *pool.threads);
    for (int i = 0; i < n; i++) {
        pool.threads[i] = calloc(1, sizeof(Thread));
        if (!pool.threads[i]) {
            n = i > 0 ? i : 0;
            break;
        }
        pool.threads[i]->idx = i;
    }
    pool.nthreads = n;
    if (n == 0) { /* out of memory: one thread is the minimum the search works with */
        pool.threads = realloc(pool.threads, sizeof *pool.threads);
        pool.threads[0] = calloc(1, sizeof(Thread));
        pool.nthreads = 1;
    }
}

void search_init(void) {
    engine_init();
    search_tree_init();
    if (!tt_resize((size_t)pool.opt.hashMiB))
        tt_resize(1);
    if (!pool.threads)
        alloc_threads(pool.opt.threads);
    if (!pool.rootPos)
        pool.rootPos = calloc(1, sizeof(Position));
}

void search_quit(void) {
    search_stop();
    search_wait();
    free_threads();
    tt_free();
    free(pool.rootPos);
    pool.rootPos = NULL;
}

void search_set_options(const SearchOptions *opt) {
    if (atomic_load(&pool.busy)) { /* never resize under a running search */
        search_stop();
        search_wait();
    }
    SearchOptions o = *opt;
    o.threads = o.threads < 1 ? 1 : o.threads > MAX_THREADS ? MAX_THREADS : o.threads;
    o.multiPV = o.multiPV < 1 ? 1 : o.multiPV > MAX_MOVES ? MAX_MOVES : o.multiPV;
    o.hashMiB = o.hashMiB < 1 ? 1 : o.hashMiB;
    o.moveOverhead = o.moveOverhead < 0 ? 0 : o.moveOverhead;
    if (o.policy < POLICY_SEARCH || o.policy > POLICY_MINIMAX2)
        o.policy = POLICY_SEARCH;
    if (o.hashMiB != pool.opt.hashMiB && !tt_resize((size_t)o.hashMiB))
        o.hashMiB = pool.opt.hashMiB;
    if (o.threads != pool.nthreads)
        alloc_threads(o.threads);
    pool.opt = o;
}

void search_set_experimental_nets(const LinkNet *qec, const NnueNet *tether) {
    if (atomic_load(&pool.busy)) {
        search_stop();
        search_wait();
    }
    pool.qecNet = qec;
    pool.tetherNet = tether;
}

void search_clear(void) {
    if (atomic_load(&pool.busy)) {
        search_stop();
        search_wait();
    }
    tt_clear();
    for (int i = 0; i < pool.nthreads; i++) {
        memset(pool.threads[i]->history, 0, sizeof pool.threads[i]->history);
        memset(pool.threads[i]->killers, 0, sizeof pool.threads[i]->killers);
        memset(pool.threads[i]->contHist, 0, sizeof pool.threads[i]->contHist);
        memset(pool.threads[i]->captHist, 0, sizeof pool.threads[i]->captHist);
        memset(pool.threads[i]->corrHist, 0, sizeof pool.threads[i]->corrHist);
    }
}

static void begin(const SearchLimits *limits, const SearchReport *report) {
    pool.lim = *limits;
    pool.rep = report ? *report : (SearchReport){0};
    pool.startMs = now_ms();
    atomic_store(&pool.stop, false);
    atomic_store(&pool.stopOnPonderhit, false);
    atomic_store(&pool.ponder, limits->ponder);
}

Move search_run(const Position *root, const SearchLimits *limits, SearchInfo *info) {
    if (atomic_load(&pool.busy))
        search_stop();
    search_wait();
    begin(limits, NULL);
    pool.lim.infinite = false; /* nobody could stop a synchronous infinite search */
    atomic_store(&pool.ponder, false);
    Move ponder, m = run_search(root, &ponder);
    if (info)
        *info = pool.last;
    return m;
}

static void *controller_main(void *arg) {
    (void)arg;
    Move ponder, m = run_search(pool.rootPos, &ponder);
    /* An empty root (a game already over) still waits for stop in infinite/ponder mode. */
    pthread_mutex_lock(&pool.mu);
    while (!stop_raised() && (pool.lim.infinite || atomic_load(&pool.ponder)))
        pthread_cond_wait(&pool.cv, &pool.mu);
    pthread_mutex_unlock(&pool.mu);
    if (pool.rep.on_bestmove)
        pool.rep.on_bestmove(m, ponder, pool.rep.ctx);
    atomic_store(&pool.busy, false);
    return NULL;
}

void search_start(const Position *root, const SearchLimits *limits, const SearchReport *report) {
    if (atomic_load(&pool.busy)) /* a search still running answers first (once) */
        search_stop();
    search_wait();
    begin(limits, report);
    memcpy(pool.rootPos, root, offsetof(Position, st) + sizeof(StateInfo) * (size_t)(root->ply + 1));
    atomic_store(&pool.busy, true);
    if (pthread_create(&pool.controller, NULL, controller_main, NULL) != 0) {
        controller_main(NULL); /* no thread: answer synchronously rather than never */
        return;
    }
    pool.controllerJoinable = true;
}

void search_stop(void) {
    pthread_mutex_lock(&pool.mu);
    raise_stop();
    pthread_cond_broadcast(&pool.cv);
    pthread_mutex_unlock(&pool.mu);
}

void search_ponderhit(void) {
    pthread_mutex_lock(&pool.mu);
    atomic_store(&pool.ponder, false);
    if (atomic_load(&pool.stopOnPonderhit))
        raise_stop();
    pthread_cond_broadcast(&pool.cv);
    pthread_mutex_unlock(&pool.mu);
}

void search_wait(void) {
    if (pool.controllerJoinable) {
        pthread_join(pool.controller, NULL);
        pool.controllerJoinable = false;
    }
}

bool search_running(void) { return atomic_load(&pool.busy); }
