/* The Haft Schroedinger search's root and threads: iterative deepening with aspiration windows
 * and MultiPV over the root moves, Lazy SMP helpers that share the TT (the main thread's answer
 * is played; helpers only fill the TT), time limits from search/timeman.c, the reports and the
 * API of hsc_search.h. The tree is hsc_tree.c. */
#include <stdlib.h>
#include <string.h>

#include "hsc_thread.h"
#include "timeman.h"
#include "tt.h"

enum { MAX_DEPTH = HSC_MAX_PLY - 8 };

uint64_t hsc_total_nodes(const HscSearch *hs) {
    uint64_t n = 0;
    for (int i = 0; i < hs->nthreads; i++)
        n += atomic_load_explicit(&hs->threads[i]->nodes, memory_order_relaxed);
    return n;
}

void hsc_check_limits(HscSearch *hs) {
    poll_caller(); /* search/thread.h: the caller's input, in a build without threads */
    if (hs->lim.nodes && hsc_total_nodes(hs) >= hs->lim.nodes)
        hsc_raise_stop(hs);
    if (hs->hardMs && !atomic_load(&hs->ponder) && now_ms() - hs->startMs >= hs->hardMs)
        hsc_raise_stop(hs);
}

/* ---------------------------------------------------------------- reports */

static int root_score(const HscRootMove *rm) { return rm->score != HSC_SCORE_NONE ? rm->score : rm->prevScore; }

static void fill_info(const HscThread *t, int line, SearchInfo *info) {
    const HscRootMove *rm = &t->root[line];
    const HscSearch *hs = t->hs;
    int64_t ms = now_ms() - hs->startMs;
    memset(info, 0, offsetof(SearchInfo, pv));
    info->depth = rm->score != HSC_SCORE_NONE && t->rootDepth > 0 ? t->rootDepth
                  : t->completedDepth > 0                         ? t->completedDepth
                                                                  : 1;
    info->seldepth = rm->seldepth;
    info->multipv = line + 1;
    info->score = root_score(rm);
    info->bound = rm->score == HSC_SCORE_NONE ? BOUND_EXACT : rm->bound;
    info->nodes = hsc_total_nodes(hs);
    info->timeMs = (uint64_t)(ms > 0 ? ms : 0);
    info->nps = info->nodes * 1000 / (info->timeMs > 0 ? info->timeMs : 1);
    info->hashfull = tt_hashfull();
    info->mateTurns = score_is_mate(info->score) ? score_mate_moves(info->score) : 0;
    info->pvLen = rm->pvLen;
    memcpy(info->pv, rm->pv, sizeof(Move) * (size_t)rm->pvLen);
}

static void report(HscThread *t) {
    SearchInfo info;
    for (int i = 0; i < t->multiPV; i++) {
        if (root_score(&t->root[i]) == HSC_SCORE_NONE)
            continue;
        fill_info(t, i, &info);
        if (i == 0)
            t->hs->last = info;
        if (t->hs->rep.on_info)
            t->hs->rep.on_info(&info, t->hs->rep.ctx);
    }
}

/* ---------------------------------------------------------------- iterative deepening */

static void sort_root(HscRootMove *r, int n) {
    for (int i = 1; i < n; i++) { /* stable: unsearched moves keep their order */
        HscRootMove tmp = r[i];
        int j = i;
        while (j > 0 && r[j - 1].score < tmp.score) {
            r[j] = r[j - 1];
            j--;
        }
        r[j] = tmp;
    }
}

/* Helpers skip some depths so that the threads spread over several (Lazy SMP). */
static bool skip_depth(int idx, int depth) {
    if (idx == 0)
        return false;
    int size = 1 + (idx - 1) % 3 / 2, phase = (idx - 1) % 2;
    return ((depth + phase) / size) % 2 != 0;
}

static void aspiration(HscThread *t, int depth) {
    int prev = t->root[t->pvIdx].prevScore, delta = 25;
    int alpha = -SCORE_INFINITE, beta = SCORE_INFINITE;
    if (depth >= 4 && prev != HSC_SCORE_NONE && !score_is_mate(prev)) {
        alpha = prev - delta;
        beta = prev + delta;
    }
    for (;;) {
        t->seldepth = 0;
        int v = hsc_tree(t, alpha, beta, depth, 0);
        sort_root(t->root + t->pvIdx, t->nRoot - t->pvIdx);
        if (hsc_stopped(t))
            return;
        if (v <= alpha) {
            beta = (alpha + beta) / 2;
            alpha = v - delta > -SCORE_INFINITE ? v - delta : -SCORE_INFINITE;
        } else if (v >= beta)
            beta = v + delta < SCORE_INFINITE ? v + delta : SCORE_INFINITE;
        else
            return;
        delta += delta / 2 + 5;
        if (delta > 1000)
            alpha = -SCORE_INFINITE, beta = SCORE_INFINITE;
    }
}

/* Stop after this iteration? A mate found, `go mate`, or the soft time (scaled by stability). */
static bool iteration_ends_search(HscThread *t, int prevBest, int stable) {
    HscSearch *hs = t->hs;
    int score = t->root[0].score;
    if (hs->lim.mate > 0 && score >= SCORE_MATE_BOUND && score_mate_moves(score) <= hs->lim.mate)
        return true;
    int drop = prevBest != HSC_SCORE_NONE ? prevBest - score : 0;
    return soft_time_up(now_ms() - hs->startMs, hs->softMs, t->nRoot, drop, stable) && !atomic_load(&hs->ponder);
}

static void iterative_deepening(HscThread *t) {
    HscSearch *hs = t->hs;
    int maxDepth = hs->lim.depth > 0 && hs->lim.depth < MAX_DEPTH && t->idx == 0 ? hs->lim.depth : MAX_DEPTH;
    int stable = 0, prevBest = HSC_SCORE_NONE;
    Move lastBest = MOVE_NONE;
    for (int depth = 1; depth <= maxDepth && !hsc_stopped(t); depth++) {
        if (skip_depth(t->idx, depth))
            continue;
        t->rootDepth = depth;
        for (int i = 0; i < t->nRoot; i++) {
            t->root[i].prevScore = root_score(&t->root[i]);
            t->root[i].score = HSC_SCORE_NONE;
        }
        for (t->pvIdx = 0; t->pvIdx < t->multiPV && !hsc_stopped(t); t->pvIdx++)
            aspiration(t, depth);
        sort_root(t->root, t->multiPV);
        if (hsc_stopped(t))
            break;
        t->completedDepth = depth;
        if (t->idx != 0)
            continue;
        report(t);
        stable = t->root[0].move == lastBest ? stable + 1 : 0;
        lastBest = t->root[0].move;
        if (iteration_ends_search(t, prevBest, stable))
            break;
        prevBest = t->root[0].score;
    }
}

/* ---------------------------------------------------------------- threads */

static bool prepare_thread(HscThread *t, const HscPos *root, const SearchLimits *lim, int multiPV) {
    hsc_pos_free(&t->pos);
    if (!hsc_pos_copy(&t->pos, root))
        return false;
    atomic_store_explicit(&t->nodes, 0, memory_order_relaxed);
    t->seldepth = t->rootDepth = t->completedDepth = t->pvIdx = 0;
    Move list[HSC_MAX_MOVES];
    int n = hsc_gen_legal(&t->pos, list);
    t->nRoot = 0;
    for (int pass = 0; pass < 2 && t->nRoot == 0; pass++) /* searchmoves naming nothing legal: all */
        for (int i = 0; i < n; i++) {
            bool allowed = pass == 1 || lim->nsearchmoves <= 0;
            for (int j = 0; j < lim->nsearchmoves && !allowed; j++)
                allowed = lim->searchmoves[j] == list[i];
            if (allowed)
                t->root[t->nRoot++] = (HscRootMove){.move = list[i], .score = HSC_SCORE_NONE,
                                                    .prevScore = HSC_SCORE_NONE, .pvLen = 1, .pv = {list[i]}};
        }
    t->multiPV = multiPV < 1 ? 1 : multiPV < t->nRoot ? multiPV : t->nRoot;
    memset(t->killers, 0, sizeof t->killers);
    memset(t->nullMove, 0, sizeof t->nullMove);
    return true;
}

static void *helper_main(void *arg) {
    iterative_deepening(arg);
    return NULL;
}

/* Threads as the options ask (at least one); false if none could be made. */
static bool ensure_threads(HscSearch *hs, int want) {
    want = want < 1 ? 1 : want > HSC_MAX_THREADS ? HSC_MAX_THREADS : want;
    while (hs->nthreads > want) {
        HscThread *t = hs->threads[--hs->nthreads];
        hsc_pos_free(&t->pos);
        free(t);
    }
    while (hs->nthreads < want) {
        HscThread *t = calloc(1, sizeof *t);
        if (!t)
            break;
        t->hs = hs;
        t->idx = hs->nthreads;
        hs->threads[hs->nthreads++] = t;
    }
    return hs->nthreads > 0;
}

/* The baselines answer at once with one report. */
static Move run_policy(HscSearch *hs, HscThread *main) {
    int score;
    Move m = hsc_policy_decide(main, hs->opt.policy, &score);
    main->root[0] = (HscRootMove){.move = m, .score = score, .pvLen = 1, .pv = {m}};
    main->completedDepth = main->rootDepth = hs->opt.policy == POLICY_MINIMAX2 ? 2 : 1;
    main->multiPV = 1;
    report(main);
    return m;
}

/* One whole search of root: the best move, or MOVE_NONE when root has no legal move. */
static Move run_search(HscSearch *hs, const HscPos *root) {
    time_limits(&hs->lim, hsc_st(root)->stm, hsc_st(root)->ply, hs->opt.moveOverhead, &hs->softMs, &hs->hardMs);
    memset(&hs->last, 0, sizeof hs->last);
    int nthreads = hs->opt.policy == POLICY_SEARCH ? hs->nthreads : 1;
    for (int i = 0; i < nthreads; i++)
        if (!prepare_thread(hs->threads[i], root, &hs->lim, hs->opt.multiPV))
            nthreads = i;
    HscThread *main = hs->threads[0];
    if (nthreads == 0 || main->nRoot == 0)
        return MOVE_NONE;
    if (hs->opt.policy != POLICY_SEARCH)
        return run_policy(hs, main);
    tt_new_search();
    int started = 1;
    for (int i = 1; i < nthreads; i++, started++)
        if (pthread_create(&hs->threads[i]->tid, NULL, helper_main, hs->threads[i]))
            break;
    iterative_deepening(main);
    pthread_mutex_lock(&hs->mu); /* infinite or ponder: the answer waits for stop or ponderhit */
    while (!hsc_stop_raised(hs) && (hs->lim.infinite || atomic_load(&hs->ponder)))
        wait_for_signal(&hs->mu, &hs->cv);
    pthread_mutex_unlock(&hs->mu);
    hsc_raise_stop(hs);
    for (int i = 1; i < started; i++)
        pthread_join(hs->threads[i]->tid, NULL);
    int64_t ms = now_ms() - hs->startMs;
    hs->last.nodes = hsc_total_nodes(hs);
    hs->last.timeMs = (uint64_t)(ms > 0 ? ms : 0);
    hs->last.nps = hs->last.nodes * 1000 / (hs->last.timeMs > 0 ? hs->last.timeMs : 1);
    return main->root[0].move;
}

static void begin(HscSearch *hs, const SearchLimits *lim, const SearchOptions *opt, const SearchReport *rep) {
    hs->lim = *lim;
    hs->opt = *opt;
    hs->rep = rep ? *rep : (SearchReport){0};
    hs->startMs = now_ms();
    atomic_store(&hs->stop, false);
    atomic_store(&hs->ponder, lim->ponder);
}

/* ---------------------------------------------------------------- API */

HscSearch *hsc_search_new(void) {
    HscSearch *hs = calloc(1, sizeof *hs);
    if (!hs)
        return NULL;
    hsc_init();
    hsc_tree_init();
    pthread_mutex_init(&hs->mu, NULL);
    pthread_cond_init(&hs->cv, NULL);
    if (!ensure_threads(hs, 1)) {
        free(hs);
        return NULL;
    }
    return hs;
}

void hsc_search_free(HscSearch *hs) {
    if (!hs)
        return;
    hsc_search_stop(hs);
    hsc_search_wait(hs);
    ensure_threads(hs, 1);
    hsc_pos_free(&hs->threads[0]->pos);
    free(hs->threads[0]);
    if (hs->rootValid)
        hsc_pos_free(&hs->root);
    pthread_mutex_destroy(&hs->mu);
    pthread_cond_destroy(&hs->cv);
    free(hs);
}

void hsc_search_clear(HscSearch *hs) {
    tt_clear();
    for (int i = 0; i < hs->nthreads; i++)
        memset(hs->threads[i]->history, 0, sizeof hs->threads[i]->history);
}

Move hsc_search_run(HscSearch *hs, const HscPos *root, const SearchLimits *lim, const SearchOptions *opt,
                    uint64_t seed, SearchInfo *info) {
    hsc_search_stop(hs);
    hsc_search_wait(hs);
    begin(hs, lim, opt, NULL);
    hs->lim.infinite = false; /* nobody could stop it */
    atomic_store(&hs->ponder, false);
    hs->seed = seed;
    ensure_threads(hs, opt->threads);
    Move m = run_search(hs, root);
    if (info)
        *info = hs->last;
    return m;
}

static void *controller_main(void *arg) {
    HscSearch *hs = arg;
    Move m = run_search(hs, &hs->root);
    /* A root without moves (the game is over) still waits for stop in infinite/ponder mode. */
    pthread_mutex_lock(&hs->mu);
    while (!hsc_stop_raised(hs) && (hs->lim.infinite || atomic_load(&hs->ponder)))
        wait_for_signal(&hs->mu, &hs->cv);
    pthread_mutex_unlock(&hs->mu);
    if (hs->rep.on_bestmove)
        hs->rep.on_bestmove(m, hs->last.pvLen > 1 ? hs->last.pv[1] : MOVE_NONE, hs->rep.ctx);
    atomic_store(&hs->busy, false);
    return NULL;
}

bool hsc_search_start(HscSearch *hs, const HscPos *root, const SearchLimits *lim, const SearchOptions *opt,
                      const SearchReport *rep) {
    hsc_search_stop(hs);
    hsc_search_wait(hs);
    if (hs->rootValid)
        hsc_pos_free(&hs->root);
    hs->rootValid = hsc_pos_copy(&hs->root, root);
    if (!hs->rootValid)
        return false;
    begin(hs, lim, opt, rep);
    hs->seed = (uint64_t)now_ms();
    ensure_threads(hs, opt->threads);
    atomic_store(&hs->busy, true);
    if (pthread_create(&hs->controller, NULL, controller_main, hs)) {
        controller_main(hs); /* no thread (a build without them): answer on this one */
        return true;
    }
    hs->controllerJoinable = true;
    return true;
}

void hsc_search_stop(HscSearch *hs) {
    pthread_mutex_lock(&hs->mu);
    hsc_raise_stop(hs);
    pthread_cond_broadcast(&hs->cv);
    pthread_mutex_unlock(&hs->mu);
}

void hsc_search_ponderhit(HscSearch *hs) {
    pthread_mutex_lock(&hs->mu);
    atomic_store(&hs->ponder, false);
    pthread_cond_broadcast(&hs->cv);
    pthread_mutex_unlock(&hs->mu);
}

void hsc_search_wait(HscSearch *hs) {
    if (hs->controllerJoinable) {
        pthread_join(hs->controller, NULL);
        hs->controllerJoinable = false;
    }
}
