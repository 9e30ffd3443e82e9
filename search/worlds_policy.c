/* The Haft Schroedinger baselines (`Policy random|greedy|minimax2`), kept simple on purpose:
 * strength is measured against them. They are the interim search that uci/hsc_go.c had before
 * the real one, unchanged in what they choose:
 *  random   — a uniform legal move (seeded per search);
 *  greedy   — material after one ply and a captures-only quiescence (at most 4 plies);
 *  minimax2 — the same after two plies.
 * Alpha-beta with captures first, no TT; material is worlds_eval_material (each major the mean of
 * its possible types). The shape is the Position family's (policy.c): the root moves shuffled by
 * core_policy_moves (ties go to a random one of the best), the depth from core_policy_depth,
 * every node through core_policy_node (the node limit, the hard time limit and stop), mates on
 * the tree's scale (SCORE_MATE - plies). */
#include "../eval/worlds.h"
#include "worlds_thread.h"

#include <string.h>

enum { QDEPTH = 4 };

static bool out_of_budget(WorldsThread *t) { return core_policy_node(&t->core); }

static bool is_capture(const WorldsPos *p, Move m) { return worlds_st(p)->board[move_to(m)] || move_flag(m) == MF_EP; }

static int ordered_moves(WorldsPos *p, Move *list, bool capturesOnly) {
    int n = worlds_gen_legal(p, list), k = 0;
    for (int i = 0; i < n; i++)
        if (is_capture(p, list[i])) {
            Move m = list[k];
            list[k++] = list[i];
            list[i] = m;
        }
    return capturesOnly ? k : n;
}

static int qsearch(WorldsThread *t, int alpha, int beta, int qdepth) {
    if (out_of_budget(t))
        return 0;
    int stand = worlds_eval_material(&t->pos);
    if (stand >= beta || qdepth >= QDEPTH)
        return stand;
    if (stand > alpha)
        alpha = stand;
    Move list[WORLDS_MAX_MOVES];
    int n = ordered_moves(&t->pos, list, true);
    for (int i = 0; i < n && alpha < beta; i++) {
        if (!worlds_do_move(&t->pos, list[i]))
            continue;
        int v = -qsearch(t, -beta, -alpha, qdepth + 1);
        worlds_undo_move(&t->pos);
        if (core_stop_raised(t->core.sc))
            return 0;
        if (v > alpha)
            alpha = v;
    }
    return alpha;
}

static int negamax(WorldsThread *t, int depth, int alpha, int beta, int ply) {
    if (depth <= 0)
        return qsearch(t, alpha, beta, 0);
    if (out_of_budget(t))
        return 0;
    if (worlds_st(&t->pos)->halfmove >= 100) /* S3.3 */
        return 0;
    Move list[WORLDS_MAX_MOVES];
    int n = ordered_moves(&t->pos, list, false), best = -SCORE_INFINITE;
    if (!n) /* S3.2 */
        return worlds_check_status(&t->pos) == WORLDS_CHECK_ALL ? -SCORE_MATE + ply : 0;
    for (int i = 0; i < n && alpha < beta; i++) {
        if (!worlds_do_move(&t->pos, list[i]))
            continue;
        int v = -negamax(t, depth - 1, -beta, -alpha, ply + 1);
        worlds_undo_move(&t->pos);
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
static Move minimax(WorldsThread *t, Move *list, int n, int maxDepth, int *score) {
    Move best = list[0];
    *score = 0;
    for (int d = 1; d <= maxDepth; d++) {
        int alpha = -SCORE_INFINITE, bestIdx = -1;
        for (int i = 0; i < n; i++) {
            if (!worlds_do_move(&t->pos, list[i]))
                continue;
            int v = -negamax(t, d - 1, -SCORE_INFINITE, -alpha, 1);
            worlds_undo_move(&t->pos);
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
        *score = alpha;
        if (score_is_mate(alpha))
            break;
    }
    return best;
}

Move worlds_policy_decide(WorldsThread *t, int policy, int *score) {
    Move list[WORLDS_MAX_MOVES];
    /* The search object's seed: a run's is given, a started search's is the clock's. */
    int n = core_policy_moves(&t->core, list, worlds_search_of(t)->seed);
    *score = 0;
    if (policy == POLICY_RANDOM || n == 1)
        return list[0];
    return minimax(t, list, n, core_policy_depth(&t->core, policy), score);
}
