/* The Haft Schroedinger baselines (`Policy random|greedy|minimax2`), kept simple on purpose:
 * strength is measured against them. They are the interim search that uci/hsc_go.c had before
 * the real one, unchanged in what they choose:
 *  random   — a uniform legal move (seeded per search);
 *  greedy   — material after one ply and a captures-only quiescence (at most 4 plies);
 *  minimax2 — the same after two plies.
 * Alpha-beta with captures first, no TT; material is hsc_eval_material (each major the mean of
 * its possible types). They honour the node limit, the hard time limit and stop. */
#include "../eval/hsc.h"
#include "hsc_thread.h"

#include <string.h>

enum { MATE = 30000, INF = 32000, QDEPTH = 4 };

static bool out_of_budget(HscThread *t) {
    atomic_store_explicit(&t->core.nodes, atomic_load_explicit(&t->core.nodes, memory_order_relaxed) + 1,
                          memory_order_relaxed);
    if ((atomic_load_explicit(&t->core.nodes, memory_order_relaxed) & 255) == 0 || t->core.sc->lim.nodes)
        core_check_limits(t->core.sc);
    return core_stop_raised(t->core.sc);
}

static bool is_capture(const HscPos *p, Move m) { return hsc_st(p)->board[move_to(m)] || move_flag(m) == MF_EP; }

static int ordered_moves(HscPos *p, Move *list, bool capturesOnly) {
    int n = hsc_gen_legal(p, list), k = 0;
    for (int i = 0; i < n; i++)
        if (is_capture(p, list[i])) {
            Move m = list[k];
            list[k++] = list[i];
            list[i] = m;
        }
    return capturesOnly ? k : n;
}

static int qsearch(HscThread *t, int alpha, int beta, int qdepth) {
    if (out_of_budget(t))
        return 0;
    int stand = hsc_eval_material(&t->pos);
    if (stand >= beta || qdepth >= QDEPTH)
        return stand;
    if (stand > alpha)
        alpha = stand;
    Move list[HSC_MAX_MOVES];
    int n = ordered_moves(&t->pos, list, true);
    for (int i = 0; i < n && alpha < beta; i++) {
        if (!hsc_do_move(&t->pos, list[i]))
            continue;
        int v = -qsearch(t, -beta, -alpha, qdepth + 1);
        hsc_undo_move(&t->pos);
        if (core_stop_raised(t->core.sc))
            return 0;
        if (v > alpha)
            alpha = v;
    }
    return alpha;
}

static int negamax(HscThread *t, int depth, int alpha, int beta, int ply) {
    if (depth <= 0)
        return qsearch(t, alpha, beta, 0);
    if (out_of_budget(t))
        return 0;
    if (hsc_st(&t->pos)->halfmove >= 100) /* S3.3 */
        return 0;
    Move list[HSC_MAX_MOVES];
    int n = ordered_moves(&t->pos, list, false), best = -INF;
    if (!n) /* S3.2 */
        return hsc_check_status(&t->pos) == HSC_CHECK_ALL ? -MATE + ply : 0;
    for (int i = 0; i < n && alpha < beta; i++) {
        if (!hsc_do_move(&t->pos, list[i]))
            continue;
        int v = -negamax(t, depth - 1, -beta, -alpha, ply + 1);
        hsc_undo_move(&t->pos);
        if (core_stop_raised(t->core.sc))
            return 0;
        if (v > best)
            best = v;
        if (v > alpha)
            alpha = v;
    }
    return best;
}

/* Depth 1, then (minimax2) depth 2 with the best move first; an interrupted iteration is not
 * trusted. */
static Move minimax(HscThread *t, int maxDepth, int *score) {
    Move list[HSC_MAX_MOVES] = {MOVE_NONE};
    int n = t->core.nRoot;
    for (int i = 0; i < n; i++)
        list[i] = t->core.root[i].move;
    Move best = list[0];
    *score = 0;
    for (int d = 1; d <= maxDepth; d++) {
        int alpha = -INF, bestIdx = -1;
        for (int i = 0; i < n; i++) {
            if (!hsc_do_move(&t->pos, list[i]))
                continue;
            int v = -negamax(t, d - 1, -INF, -alpha, 1);
            hsc_undo_move(&t->pos);
            if (core_stop_raised(t->core.sc))
                return best;
            if (v > alpha)
                alpha = v, bestIdx = i;
        }
        if (bestIdx < 0)
            break;
        best = list[bestIdx];
        memmove(list + 1, list, (size_t)bestIdx * sizeof *list);
        list[0] = best;
        *score = alpha >= MATE - 64 ? SCORE_MATE - (MATE - alpha) : alpha <= -MATE + 64 ? -SCORE_MATE + (MATE + alpha) : alpha;
        if (alpha >= MATE - 64 || alpha <= -MATE + 64)
            break;
    }
    return best;
}

Move hsc_policy_decide(HscThread *t, int policy, int *score) {
    *score = 0;
    if (t->core.nRoot == 1)
        return t->core.root[0].move;
    if (policy == POLICY_RANDOM) {
        uint64_t seed = ((const HscSearch *)t->core.sc)->seed * 6364136223846793005ULL + 1442695040888963407ULL;
        return t->core.root[(seed >> 33) % (uint64_t)t->core.nRoot].move;
    }
    int depth = policy == POLICY_MINIMAX2 ? 2 : 1;
    if (t->core.sc->lim.depth > 0 && t->core.sc->lim.depth < depth)
        depth = t->core.sc->lim.depth;
    return minimax(t, depth, score);
}
