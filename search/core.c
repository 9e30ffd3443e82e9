/* The search core (core.h): iterative deepening over the root decisions with aspiration windows
 * and MultiPV, the reports, Lazy SMP (helpers skip depths, the vote for the answer, a helper that
 * completes `go depth` ends the search), the clock, ponder and stop, and the threads. */
#include "core.h"

#include <stdlib.h>
#include <string.h>

#include "timeman.h"
#include "tt.h"

/* ---------------------------------------------------------------- limits */

uint64_t core_nodes(const SearchCore *sc) {
    uint64_t n = 0;
    for (int i = 0; i < sc->nthreads; i++)
        n += atomic_load_explicit(&sc->threads[i]->nodes, memory_order_relaxed);
    return n;
}

enum { POLL_EVERY_MS = 20 };

void core_set_poll(SearchCore *sc, void (*poll)(void *ctx, bool waiting), void *ctx) {
    sc->poll = poll;
    sc->pollCtx = ctx;
}

/* The caller's poll (core_set_poll), at most every POLL_EVERY_MS. */
static void poll_caller(SearchCore *sc) {
    if (!sc->poll)
        return;
    int64_t now = now_ms();
    if (now - sc->lastPollMs < POLL_EVERY_MS)
        return;
    sc->lastPollMs = now;
    sc->poll(sc->pollCtx, false);
}

void core_check_limits(SearchCore *sc) {
    poll_caller(sc);
    core_check_limits_unpolled(sc);
}

void core_check_limits_unpolled(SearchCore *sc) {
    if (sc->lim.nodes && core_nodes(sc) >= sc->lim.nodes)
        core_raise_stop(sc);
    if (sc->hardMs && !atomic_load(&sc->ponder) && now_ms() - sc->startMs >= sc->hardMs)
        core_raise_stop(sc);
}

/* ---------------------------------------------------------------- root moves */

void core_set_root_moves(SearchThread *t, const Move *list, int n, const SearchLimits *lim) {
    t->nRoot = 0;
    for (int pass = 0; pass < 2 && t->nRoot == 0; pass++) /* searchmoves naming nothing legal: all */
        for (int i = 0; i < n; i++) {
            bool allowed = pass == 1 || lim->nsearchmoves <= 0;
            for (int j = 0; j < lim->nsearchmoves && !allowed; j++)
                allowed = lim->searchmoves[j] == list[i];
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
    int multiPV = t->sc->searchPV;
    t->multiPV = multiPV < 1 ? 1 : multiPV < t->nRoot ? multiPV : t->nRoot;
}

void core_root_record(SearchThread *t, Move m, int v, int alpha, int beta, bool first, const Move *pv, int pvLen) {
    RootMove *rm = NULL;
    for (int j = t->pvIdx; j < t->nRoot && !rm; j++)
        if (t->root[j].move == m)
            rm = &t->root[j];
    if (!rm)
        return;
    t->reported = false;
    if (!first && v <= alpha) {
        rm->score = SCORE_NONE;
        return;
    }
    rm->score = v;
    t->rootScored = true;
    rm->bound = v >= beta ? BOUND_LOWER : v <= alpha ? BOUND_UPPER : BOUND_EXACT;
    rm->seldepth = t->seldepth;
    /* A bound cuts the line short: below a fail high the child failed low and kept no move,
     * below a fail low the child stopped at its cut. The line this decision already had (its
     * last iteration's or last window's) stays, as GUIs show the current line on bound lines
     * (Stockfish's do); an exact score brings the new line, and so does a mate score, whose
     * distance in turns is counted along the line (mate_turns). */
    if (rm->bound != BOUND_EXACT && !score_is_mate(v) && rm->pvLen > (pvLen > 1 ? pvLen : 1))
        return;
    rm->pv[0] = m;
    rm->pvLen = 1;
    for (int j = 1; j < pvLen && j < MAX_PLY; j++)
        rm->pv[rm->pvLen++] = pv[j];
}

static void sort_root(RootMove *r, int n) {
    for (int i = 1; i < n; i++) { /* stable insertion sort: unsearched moves keep their order */
        RootMove tmp = r[i];
        int j = i;
        while (j > 0 && r[j - 1].score < tmp.score) {
            r[j] = r[j - 1];
            j--;
        }
        r[j] = tmp;
    }
}

/* A root decision's score, or its last iteration's while it is unsearched in this one. */
static int root_score(const RootMove *rm) { return rm->score != SCORE_NONE ? rm->score : rm->prevScore; }

/* ---------------------------------------------------------------- reports */

/* A reported line of one decision is lengthened from the TT, up to this many decisions per
 * iteration of depth (a QEC turn has up to three). */
enum { TT_LINE_PER_DEPTH = 3 };

static void fill_info(SearchThread *t, int line, SearchInfo *info) {
    const SearchCore *sc = t->sc;
    RootMove *rm = &t->root[line];
    int64_t ms = now_ms() - sc->startMs;
    memset(info, 0, offsetof(SearchInfo, pv));
    /* a line already searched in an interrupted iteration comes from that deeper search */
    info->depth = rm->score != SCORE_NONE && t->rootDepth > 0 ? t->rootDepth
                  : t->completedDepth > 0                     ? t->completedDepth
                                                              : 1;
    info->seldepth = rm->seldepth;
    info->multipv = line + 1;
    info->score = root_score(rm);
    info->bound = rm->score == SCORE_NONE ? BOUND_EXACT : rm->bound;
    info->nodes = core_nodes(sc);
    info->timeMs = (uint64_t)(ms > 0 ? ms : 0);
    info->nps = info->nodes * 1000 / (info->timeMs > 0 ? info->timeMs : 1);
    info->hashfull = tt_hashfull(&sc->tt);
    info->pvLen = rm->pvLen;
    memcpy(info->pv, rm->pv, sizeof(Move) * (size_t)rm->pvLen);
    /* A line of one decision (a root decision whose child gave no line, or a bound with no
     * earlier line) shows what the TT holds after it, as a GUI's analysis panel wants a line.
     * The decision keeps the line shown, so that a later bound's shorter line does not replace
     * it (core_root_record): a bound line carries at least the line shown before it. */
    if (info->pvLen < 2 && sc->opt.policy == POLICY_SEARCH) {
        int max = TT_LINE_PER_DEPTH * info->depth + 1;
        info->pvLen = sc->fam->tt_line(t, info->pv, info->pvLen, max < MAX_PLY ? max : MAX_PLY);
        memcpy(rm->pv, info->pv, sizeof(Move) * (size_t)info->pvLen);
        rm->pvLen = info->pvLen;
    }
    info->mateTurns = sc->fam->mate_turns(t, rm, info->score);
}

/* The lines shown: MultiPV of those searched (a weakened search looks at more, skill.h). */
static int shown_lines(const SearchThread *t) {
    return t->multiPV < t->sc->opt.multiPV ? t->multiPV : t->sc->opt.multiPV;
}

/* All the MultiPV lines of one thread, line 1 first (line 1 is the answer). */
static void report_iteration(SearchThread *t) {
    SearchCore *sc = t->sc;
    SearchInfo info;
    t->reported = true;
    for (int i = 0, n = shown_lines(t); i < n; i++) {
        if (root_score(&t->root[i]) == SCORE_NONE)
            continue;
        fill_info(t, i, &info);
        if (i == 0)
            sc->last = info;
        if (sc->rep.on_info)
            sc->rep.on_info(&info, sc->rep.ctx);
    }
}

/* ---------------------------------------------------------------- iterative deepening */

/* Helpers skip some depths so that threads spread over several depths (Lazy SMP). */
static bool skip_depth(int idx, int depth) {
    static const int SIZE[16] = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4};
    static const int PHASE[16] = {0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3};
    if (idx == 0)
        return false;
    int i = (idx - 1) % 16;
    return ((depth + PHASE[i]) / SIZE[i]) % 2 != 0;
}

static void aspiration(SearchThread *t, int depth) {
    SearchCore *sc = t->sc;
    int prev = t->root[t->pvIdx].prevScore, delta = t->aspirationDelta, alpha = -SCORE_INFINITE, beta = SCORE_INFINITE;
    if (depth >= 4 && prev != SCORE_NONE && !score_is_mate(prev)) {
        alpha = prev - delta > -SCORE_INFINITE ? prev - delta : -SCORE_INFINITE;
        beta = prev + delta < SCORE_INFINITE ? prev + delta : SCORE_INFINITE;
    }
    for (;;) {
        t->seldepth = 0;
        int v = sc->fam->root_search(t, alpha, beta, depth);
        sort_root(t->root + t->pvIdx, t->nRoot - t->pvIdx);
        if (core_stopped(t))
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
        if (t->idx == 0 && now_ms() - sc->startMs > 3000 && sc->rep.on_info && t->pvIdx < shown_lines(t)) {
            SearchInfo info; /* the line as core_root_record left it: its bound, this depth */
            fill_info(t, t->pvIdx, &info);
            sc->rep.on_info(&info, sc->rep.ctx);
            t->reported = false; /* one line: the final report repeats them all */
        }
    }
}

/* After a completed iteration of the main thread: is the soft limit, scaled by how stable the
 * best decision was, used up? */
static bool time_says_stop(const SearchThread *t, int prevBest, int stableIters) {
    const SearchCore *sc = t->sc;
    int drop = prevBest != SCORE_NONE ? prevBest - t->root[0].score : 0;
    return soft_time_up(now_ms() - sc->startMs, sc->softMs, t->nRoot, drop, stableIters);
}

/* One thread's search (main or helper), until a limit or the stop flag. */
static void iterative_deepening(SearchThread *t) {
    SearchCore *sc = t->sc;
    int top = sc->fam->maxDepth;
    /* Helpers skip depths, so they may pass the requested depth; they run until stopped. */
    int maxDepth = sc->lim.depth > 0 && sc->lim.depth < top && t->idx == 0 ? sc->lim.depth : top;
    /* A weakened search chooses at depth level + 1 (skill.h): deeper would change nothing. */
    if (skill_on(&sc->skill) && skill_depth(&sc->skill) < maxDepth)
        maxDepth = skill_depth(&sc->skill);
    int stable = 0, prevBest = SCORE_NONE;
    Move lastBest = MOVE_NONE;
    for (int depth = 1; depth <= maxDepth && !core_stopped(t); depth++) {
        if (skip_depth(t->idx, depth))
            continue;
        t->rootDepth = depth;
        for (int i = 0; i < t->nRoot; i++) {
            t->root[i].prevScore = root_score(&t->root[i]);
            t->root[i].score = SCORE_NONE;
        }
        for (t->pvIdx = 0; t->pvIdx < t->multiPV && !core_stopped(t); t->pvIdx++)
            aspiration(t, depth);
        sort_root(t->root, t->multiPV);
        if (core_stopped(t))
            break;
        t->completedDepth = depth;
        if (t->idx != 0) {
            /* A helper that completes the requested depth ends a `go depth` search early. */
            if (sc->lim.depth > 0 && depth >= sc->lim.depth && !sc->lim.infinite && !atomic_load(&sc->ponder))
                core_raise_stop(sc);
            continue;
        }
        report_iteration(t);
        int score = t->root[0].score;
        if (sc->lim.mate > 0 && score_is_mate(score)) {
            int mt = sc->fam->mate_turns(t, &t->root[0], score);
            if (mt > 0 && mt <= sc->lim.mate)
                break;
        }
        stable = t->root[0].move == lastBest ? stable + 1 : 0;
        lastBest = t->root[0].move;
        if (time_says_stop(t, prevBest, stable)) {
            if (!atomic_load(&sc->ponder))
                break;
            atomic_store(&sc->stopOnPonderhit, true);
        }
        prevBest = score;
    }
}

/* ---------------------------------------------------------------- Lazy SMP */

static void *helper_main(void *arg) {
    iterative_deepening(arg);
    return NULL;
}

/* A thread's say in the answer: the threads that play its move, weighted by depth and score. */
static int64_t votes_for(SearchThread *const *cand, int n, const SearchThread *t, int minScore) {
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
static SearchThread *best_thread(SearchCore *sc) {
    SearchThread *cand[CORE_MAX_THREADS];
    int deepest = 0, n = 0;
    for (int i = 0; i < sc->nthreads; i++)
        if (sc->threads[i]->completedDepth > deepest)
            deepest = sc->threads[i]->completedDepth;
    if (deepest == 0)
        return sc->threads[0];
    int need = sc->lim.depth > 0 && sc->lim.depth <= deepest ? sc->lim.depth : 1;
    for (int i = 0; i < sc->nthreads; i++)
        if (sc->threads[i]->completedDepth >= need)
            cand[n++] = sc->threads[i];
    SearchThread *best = cand[0];
    if (sc->searchPV > 1) {
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
        SearchThread *t = cand[i];
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

/* A weakened search (skill.h): bt's line to play, chosen among its searched lines, becomes its
 * line 1 (the others keep their order), so the reports, the answer and ponder follow it. */
static void skill_choose(SearchCore *sc, SearchThread *bt) {
    int scores[MAX_MOVES], n = 0;
    while (n < bt->multiPV && root_score(&bt->root[n]) != SCORE_NONE) {
        scores[n] = root_score(&bt->root[n]);
        n++;
    }
    int k = skill_pick(&sc->skill, scores, n);
    if (k == 0)
        return;
    RootMove chosen = bt->root[k];
    memmove(&bt->root[1], &bt->root[0], sizeof chosen * (size_t)k);
    bt->root[0] = chosen;
    bt->reported = false;
}

/* ---------------------------------------------------------------- the baselines */

bool core_policy_node(SearchThread *t) {
    uint64_t n = atomic_load_explicit(&t->nodes, memory_order_relaxed) + 1;
    atomic_store_explicit(&t->nodes, n, memory_order_relaxed);
    if ((n & 255) == 0 || t->sc->lim.nodes)
        core_check_limits(t->sc);
    return core_stop_raised(t->sc);
}

int core_policy_moves(const SearchThread *t, Move *list, uint64_t seed) {
    int n = t->nRoot;
    for (int i = 0; i < n; i++)
        list[i] = t->root[i].move;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(splitmix64_next(&seed) % (uint64_t)(i + 1));
        Move m = list[i];
        list[i] = list[j];
        list[j] = m;
    }
    return n;
}

int core_policy_depth(const SearchThread *t, int policy) {
    int depth = policy == POLICY_MINIMAX2 ? 2 : 1, limit = t->sc->lim.depth;
    return limit > 0 && limit < depth ? limit : depth;
}

/* The baselines answer at once with one report. */
static Move run_policy(SearchCore *sc, SearchThread *main) {
    int score;
    Move m = sc->fam->policy(main, sc->opt.policy, &score);
    RootMove *rm = &main->root[0];
    rm->move = m;
    rm->score = score;
    rm->pv[0] = m;
    rm->pvLen = 1;
    main->completedDepth = main->rootDepth = sc->opt.policy == POLICY_MINIMAX2 ? 2 : 1;
    main->multiPV = 1;
    report_iteration(main);
    return m;
}

/* Waits while an infinite or ponder search may not answer yet: until stop or ponderhit. */
static void wait_for_release(SearchCore *sc) {
    pthread_mutex_lock(&sc->mu);
    while (!core_stop_raised(sc) && (sc->lim.infinite || atomic_load(&sc->ponder))) {
        if (!sc->poll) {
            pthread_cond_wait(&sc->cv, &sc->mu);
            continue;
        }
        pthread_mutex_unlock(&sc->mu); /* on the caller's thread: its stop arrives by polling */
        sc->poll(sc->pollCtx, true);
        pthread_mutex_lock(&sc->mu);
    }
    pthread_mutex_unlock(&sc->mu);
}

/* The table of opt.hashMiB is made here, at the search that needs it (core_init, core_set_options).
 * Memory missing: the table there was is kept; if that is the stub, 1 MiB; the next search tries
 * again. */
static void make_table(SearchCore *sc) {
    if (!tt_resize(&sc->tt, (size_t)sc->opt.hashMiB) && tt_is_stub(&sc->tt))
        tt_resize(&sc->tt, 1);
}

/* One whole search: policy or Lazy SMP. Returns the best decision and the ponder move. */
static Move run_search(SearchCore *sc, const void *root, Move *ponder) {
    *ponder = MOVE_NONE;
    int decider, gamePly;
    sc->fam->clock(root, &decider, &gamePly);
    time_limits(&sc->lim, decider, gamePly, sc->opt.moveOverhead, &sc->softMs, &sc->hardMs);
    memset(&sc->last, 0, sizeof sc->last);
    sc->searchPV = skill_wanted(&sc->opt) && sc->opt.multiPV < SKILL_LINES ? SKILL_LINES : sc->opt.multiPV;
    skill_begin(&sc->skill, &sc->opt, sc->lim.levelNodes, sc->fam->seed(root));
    uint64_t capped = skill_nodes(&sc->skill);
    if (capped && (!sc->lim.nodes || capped < sc->lim.nodes))
        sc->lim.nodes = capped;
    int ready = 0;
    for (int i = 0; i < sc->nthreads; i++) {
        SearchThread *t = sc->threads[i];
        atomic_store_explicit(&t->nodes, 0, memory_order_relaxed);
        t->seldepth = t->rootDepth = t->completedDepth = t->pvIdx = t->nRoot = 0;
        t->reported = t->rootScored = false;
        if (ready == i && sc->fam->prepare(t, root))
            ready++;
    }
    SearchThread *main = sc->threads[0];
    if (ready == 0 || main->nRoot == 0)
        return MOVE_NONE;
    if (sc->opt.policy != POLICY_SEARCH)
        return run_policy(sc, main);

    make_table(sc);
    tt_new_search(&sc->tt);
    int started = 1;
    for (int i = 1; i < ready && pthread_create(&sc->threads[i]->tid, NULL, helper_main, sc->threads[i]) == 0; i++)
        started++;
    iterative_deepening(main);
    wait_for_release(sc);
    core_raise_stop(sc);
    for (int i = 1; i < started; i++)
        pthread_join(sc->threads[i]->tid, NULL);

    /* The final report shows the answer: every line of the thread that gives it, unless the
     * main thread's last report already does (a helper answers, or the main thread was
     * stopped inside an iteration that changed its lines). */
    SearchThread *bt = best_thread(sc);
    if (skill_on(&sc->skill))
        skill_choose(sc, bt);
    if (bt != main || !main->reported)
        report_iteration(bt);
    /* Every thread's nodes, up to the end (the last report may predate the helpers' stop). */
    int64_t ms = now_ms() - sc->startMs;
    sc->last.nodes = core_nodes(sc);
    sc->last.timeMs = (uint64_t)(ms > 0 ? ms : 0);
    sc->last.nps = sc->last.nodes * 1000 / (sc->last.timeMs > 0 ? sc->last.timeMs : 1);
    /* The reply to ponder on: the line's second decision, else the TT's move after the answer
     * (checked legal), as Stockfish's extract_ponder_from_tt. */
    Move line[2] = {bt->root[0].move, MOVE_NONE};
    if (bt->root[0].pvLen > 1)
        *ponder = bt->root[0].pv[1];
    else if (sc->fam->tt_line(bt, line, 1, 2) == 2)
        *ponder = line[1];
    return bt->root[0].move;
}

/* ---------------------------------------------------------------- threads and options */

/* nthreads becomes n if memory allows, at least one. */
static void set_threads(SearchCore *sc, int n) {
    while (sc->nthreads > n && sc->nthreads > 1)
        sc->fam->thread_free(sc->threads[--sc->nthreads]);
    while (sc->nthreads < n) {
        SearchThread *t = sc->fam->thread_new();
        if (!t)
            break;
        t->sc = sc;
        t->idx = sc->nthreads;
        sc->threads[sc->nthreads++] = t;
    }
}

bool core_init(SearchCore *sc, const SearchFamily *fam) {
    memset(sc, 0, sizeof *sc);
    sc->fam = fam;
    sc->opt = (SearchOptions){.hashMiB = 16, .threads = 1, .multiPV = 1, .moveOverhead = 10, .policy = POLICY_SEARCH};
    pthread_mutex_init(&sc->mu, NULL);
    pthread_cond_init(&sc->cv, NULL);
    set_threads(sc, 1);
    if (sc->nthreads == 1 && tt_make_stub(&sc->tt))
        return true;
    core_destroy(sc);
    return false;
}

void core_destroy(SearchCore *sc) {
    core_stop(sc);
    core_wait(sc);
    while (sc->nthreads > 0)
        sc->fam->thread_free(sc->threads[--sc->nthreads]);
    tt_free(&sc->tt);
    pthread_mutex_destroy(&sc->mu);
    pthread_cond_destroy(&sc->cv);
}

static void stop_and_wait(SearchCore *sc) {
    if (atomic_load(&sc->busy)) /* a search still running answers first (once) */
        core_stop(sc);
    core_wait(sc);
}

void core_set_options(SearchCore *sc, const SearchOptions *opt) {
    stop_and_wait(sc); /* never resize under a running search */
    SearchOptions o = *opt;
    o.threads = o.threads < 1 ? 1 : o.threads > CORE_MAX_THREADS ? CORE_MAX_THREADS : o.threads;
    o.multiPV = o.multiPV < 1 ? 1 : o.multiPV > MAX_MOVES ? MAX_MOVES : o.multiPV;
    o.hashMiB = o.hashMiB < 1 ? 1 : o.hashMiB;
    o.moveOverhead = o.moveOverhead < 0 ? 0 : o.moveOverhead;
    if (o.policy < POLICY_SEARCH || o.policy > POLICY_MINIMAX2)
        o.policy = POLICY_SEARCH;
    set_threads(sc, o.threads);
    o.threads = sc->nthreads;
    sc->opt = o;
}

void core_clear(SearchCore *sc) {
    stop_and_wait(sc);
    tt_clear(&sc->tt);
    for (int i = 0; i < sc->nthreads; i++)
        sc->fam->thread_clear(sc->threads[i]);
}

/* ---------------------------------------------------------------- running */

static void begin(SearchCore *sc, const SearchLimits *lim, const SearchReport *rep) {
    stop_and_wait(sc);
    sc->lim = *lim;
    sc->rep = rep ? *rep : (SearchReport){0};
    sc->startMs = now_ms();
    atomic_store(&sc->stop, false);
    atomic_store(&sc->stopOnPonderhit, false);
    atomic_store(&sc->ponder, lim->ponder);
}

Move core_run(SearchCore *sc, const void *root, const SearchLimits *lim, SearchInfo *info) {
    begin(sc, lim, NULL);
    sc->lim.infinite = false; /* nobody could stop a synchronous infinite search */
    atomic_store(&sc->ponder, false);
    Move ponder, m = run_search(sc, root, &ponder);
    if (info)
        *info = sc->last;
    return m;
}

static void *controller_main(void *arg) {
    SearchCore *sc = arg;
    Move ponder, m = run_search(sc, sc->root, &ponder);
    /* An empty root (a game already over) still waits for stop in infinite/ponder mode. */
    wait_for_release(sc);
    if (sc->rep.on_bestmove)
        sc->rep.on_bestmove(m, ponder, sc->rep.ctx);
    atomic_store(&sc->busy, false);
    return NULL;
}

void core_start(SearchCore *sc, const void *root, const SearchLimits *lim, const SearchReport *rep) {
    begin(sc, lim, rep);
    sc->root = root;
    atomic_store(&sc->busy, true);
    if (pthread_create(&sc->controller, NULL, controller_main, sc) != 0) {
        controller_main(sc); /* no thread: answer synchronously rather than never */
        return;
    }
    sc->controllerJoinable = true;
}

void core_stop(SearchCore *sc) {
    pthread_mutex_lock(&sc->mu);
    core_raise_stop(sc);
    pthread_cond_broadcast(&sc->cv);
    pthread_mutex_unlock(&sc->mu);
}

void core_ponderhit(SearchCore *sc) {
    pthread_mutex_lock(&sc->mu);
    atomic_store(&sc->ponder, false);
    if (atomic_load(&sc->stopOnPonderhit))
        core_raise_stop(sc);
    pthread_cond_broadcast(&sc->cv);
    pthread_mutex_unlock(&sc->mu);
}

void core_wait(SearchCore *sc) {
    if (sc->controllerJoinable) {
        pthread_join(sc->controller, NULL);
        sc->controllerJoinable = false;
    }
}

bool core_busy(SearchCore *sc) { return atomic_load(&sc->busy); }
