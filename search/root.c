/* Iterative deepening over the root decisions: aspiration windows, MultiPV, Lazy SMP depth
 * skipping, the mate distance in turns, and the info lines. */
#include "root.h"

#include <stdlib.h>
#include <string.h>

#include "search_internal.h"
#include "timeman.h"
#include "tt.h"

enum { MAX_DEPTH = 100 };

void root_record(Thread *t, Move m, int v, int alpha, int beta, bool first) {
    RootMove *rm = NULL;
    for (int j = t->pvIdx; j < t->nRoot && !rm; j++)
        if (t->root[j].move == m)
            rm = &t->root[j];
    t->reported = false;
    if (!first && v <= alpha) {
        rm->score = SCORE_NONE;
        return;
    }
    rm->score = v;
    rm->bound = v >= beta ? BOUND_LOWER : v <= alpha ? BOUND_UPPER : BOUND_EXACT;
    rm->seldepth = t->seldepth;
    rm->pv[0] = m;
    rm->pvLen = 1;
    for (int j = 1; j < t->pvLen[1] && j < MAX_PLY; j++)
        rm->pv[rm->pvLen++] = t->pv[1][j];
}

static void sort_root(RootMove *r, int n) {
    for (int i = 1; i < n; i++) { /* stable insertion sort: unsearched moves keep their order */
        RootMove tmp = r[i];
        int j = i;
        int key = tmp.score;
        while (j > 0 && r[j - 1].score < key) {
            r[j] = r[j - 1];
            j--;
        }
        r[j] = tmp;
    }
}

int root_score(const RootMove *rm) { return rm->score != SCORE_NONE ? rm->score : rm->prevScore; }

/* Turns until the mate that score announces, replaying the PV (the turn in progress counts
 * as the first); positive if the root decider mates, 0 if the score is not a mate. */
static int mate_turns(const Thread *t, const RootMove *rm, int score) {
    if (!score_is_mate(score))
        return 0;
    if (t->classical)
        return score_mate_moves(score);
    static _Thread_local Position scratch;
    scratch = t->pos;
    int turns = 1, i;
    for (i = 0; i < rm->pvLen && pos_phase(&scratch) != PHASE_OVER; i++) {
        Move list[MAX_MOVES];
        int n = pos_legal_decisions(&scratch, list), ok = 0;
        for (int j = 0; j < n; j++)
            ok |= list[j] == rm->pv[i];
        if (!ok)
            break;
        pos_do(&scratch, rm->pv[i]);
        if (pos_phase(&scratch) == PHASE_BASE)
            turns++;
    }
    if (pos_phase(&scratch) != PHASE_OVER) { /* a cut PV: count the rest as alternating turns */
        int left = SCORE_MATE - abs(score) - i;
        turns += left > 0 ? left / 2 : 0;
    }
    return score > 0 ? turns : -turns;
}

static void fill_info(const Thread *t, int line, SearchInfo *info) {
    const RootMove *rm = &t->root[line];
    int64_t ms = now_ms() - pool.startMs;
    memset(info, 0, offsetof(SearchInfo, pv));
    /* a line already searched in an interrupted iteration comes from that deeper search */
    info->depth = rm->score != SCORE_NONE && t->rootDepth > 0 ? t->rootDepth
                  : t->completedDepth > 0                     ? t->completedDepth
                                                              : 1;
    info->seldepth = rm->seldepth;
    info->multipv = line + 1;
    info->score = root_score(rm);
    info->bound = rm->score == SCORE_NONE ? BOUND_EXACT : rm->bound;
    info->nodes = total_nodes();
    info->timeMs = (uint64_t)(ms > 0 ? ms : 0);
    info->nps = info->nodes * 1000 / (info->timeMs > 0 ? info->timeMs : 1);
    info->hashfull = tt_hashfull();
    info->pvLen = rm->pvLen;
    memcpy(info->pv, rm->pv, sizeof(Move) * (size_t)rm->pvLen);
    info->mateTurns = mate_turns(t, rm, info->score);
}

/* All the MultiPV lines of one thread, line 1 first (line 1 is the answer). */
void report_iteration(Thread *t) {
    SearchInfo info;
    t->reported = true;
    for (int i = 0; i < t->multiPV; i++) {
        if (t->root[i].score == SCORE_NONE && t->root[i].prevScore == SCORE_NONE)
            continue;
        fill_info(t, i, &info);
        if (i == 0)
            pool.last = info;
        if (pool.rep.on_info)
            pool.rep.on_info(&info, pool.rep.ctx);
    }
}

/* Helpers skip some depths so that threads spread over several depths (Lazy SMP). */
static bool skip_depth(int idx, int depth) {
    static const int SIZE[16] = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4};
    static const int PHASE[16] = {0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3};
    if (idx == 0)
        return false;
    int i = (idx - 1) % 16;
    return ((depth + PHASE[i]) / SIZE[i]) % 2 != 0;
}

static void aspiration(Thread *t, int depth) {
    RootMove *rm = &t->root[t->pvIdx];
    int prev = rm->prevScore, delta = 20, alpha = -SCORE_INFINITE, beta = SCORE_INFINITE;
    if (depth >= 4 && prev != SCORE_NONE && !score_is_mate(prev)) {
        alpha = prev - delta > -SCORE_INFINITE ? prev - delta : -SCORE_INFINITE;
        beta = prev + delta < SCORE_INFINITE ? prev + delta : SCORE_INFINITE;
    }
    for (;;) {
        t->seldepth = 0;
        int v = search(t, alpha, beta, depth, 0, false);
        sort_root(t->root + t->pvIdx, t->nRoot - t->pvIdx);
        if (stopped(t))
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
        if (t->idx == 0 && now_ms() - pool.startMs > 3000 && pool.rep.on_info) {
            SearchInfo info; /* the line as root_record left it: its bound, this depth */
            fill_info(t, t->pvIdx, &info);
            pool.rep.on_info(&info, pool.rep.ctx);
            t->reported = false; /* one line: the final report repeats them all */
        }
    }
}

void iterative_deepening(Thread *t) {
    /* Helpers skip depths, so they may pass the requested depth; they run until stopped. */
    int maxDepth = pool.lim.depth > 0 && pool.lim.depth < MAX_DEPTH && t->idx == 0 ? pool.lim.depth : MAX_DEPTH;
    int stable = 0, prevBest = SCORE_NONE;
    Move lastBest = MOVE_NONE;
    for (int depth = 1; depth <= maxDepth && !stopped(t); depth++) {
        if (skip_depth(t->idx, depth))
            continue;
        t->rootDepth = depth;
        for (int i = 0; i < t->nRoot; i++) {
            t->root[i].prevScore = root_score(&t->root[i]);
            t->root[i].score = SCORE_NONE;
        }
        for (t->pvIdx = 0; t->pvIdx < t->multiPV && !stopped(t); t->pvIdx++)
            aspiration(t, depth);
        sort_root(t->root, t->multiPV);
        if (stopped(t))
            break;
        t->completedDepth = depth;
        if (t->idx != 0) {
            /* A helper that completes the requested depth ends a `go depth` search early. */
            if (pool.lim.depth > 0 && depth >= pool.lim.depth && !pool.lim.infinite && !atomic_load(&pool.ponder))
                raise_stop();
            continue;
        }
        report_iteration(t);
        int score = t->root[0].score;
        if (pool.lim.mate > 0 && score_is_mate(score)) {
            int mt = mate_turns(t, &t->root[0], score);
            if (mt > 0 && mt <= pool.lim.mate)
                break;
        }
        stable = t->root[0].move == lastBest ? stable + 1 : 0;
        lastBest = t->root[0].move;
        if (time_says_stop(t, prevBest, stable)) {
            if (!atomic_load(&pool.ponder))
                break;
            atomic_store(&pool.stopOnPonderhit, true);
        }
        prevBest = score;
    }
}
