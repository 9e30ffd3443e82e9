/* Baseline opponents of the seed prototype (seed 000 "Policies: random, heuristic,
 * minimax(depth 2)"), kept simple on purpose: strength is measured against them.
 *  random   — a uniform legal decision;
 *  greedy   — one-turn material minimax: every later decision of the turn is taken by its own
 *             decider to maximise that decider's material (the forced reply by its owner,
 *             R2.3; the reactive step by the king's owner, R2.5);
 *  minimax2 — the same over two whole turns.
 * Ties are broken at random (seeded by the position), so games against them vary. The shape is
 * schroedinger's (worlds_policy.c): the root moves shuffled by core_policy_moves, the depth from
 * core_policy_depth, every node through core_policy_node (stop and the limits), mates on the
 * tree's scale (SCORE_MATE - decisions). */
#include "policy.h"

#include "../eval/eval.h"

/* Best material for the decider at p, looking until `turns` turn ends (the one in progress
 * counts), by negamax over deciders with alpha-beta (same result as plain minimax). */
static int material_minimax(Thread *t, int turns, int ply, int alpha, int beta) {
    Position *p = &t->pos;
    Move list[MAX_MOVES];
    int us = pos_decider(p), n = pos_legal_decisions(p, list);
    if (n == 0) /* a turn start without a legal move (R4.3, R7.4) */
        return pos_in_check(p, us) ? -(SCORE_MATE - ply) : 0;
    int best = -SCORE_INFINITE;
    for (int i = 0; i < n && best < beta; i++) {
        pos_do(p, list[i]);
        if (core_policy_node(&t->core)) {
            pos_undo(p);
            return 0;
        }
        int v;
        if (pos_phase(p) == PHASE_OVER)
            v = pos_state(p)->loser == us ? -(SCORE_MATE - ply - 1) : SCORE_MATE - ply - 1;
        else {
            bool ended = pos_phase(p) == PHASE_BASE;
            int left = ended ? turns - 1 : turns, them = pos_decider(p) != us;
            if (left == 0 || (ended && p->byType[0] == p->byType[KING]))
                v = eval_material(p, us);
            else if (them)
                v = -material_minimax(t, left, ply + 1, -beta, -(alpha > best ? alpha : best));
            else
                v = material_minimax(t, left, ply + 1, alpha > best ? alpha : best, beta);
        }
        pos_undo(p);
        if (core_stop_raised(t->core.sc))
            return 0;
        if (v > best)
            best = v;
    }
    return best;
}

Move policy_decide(Thread *t, int policy, int *score) {
    Position *p = &t->pos;
    Move list[MAX_MOVES];
    /* Reproducible: the same position and game length give the same order. */
    int n = core_policy_moves(&t->core, list, pos_key(p) ^ ((uint64_t)p->ply * 0x2545F4914F6CDD1DULL));
    *score = 0;
    if (policy == POLICY_RANDOM || n == 1)
        return list[0];
    int turns = core_policy_depth(&t->core, policy), us = pos_decider(p);
    int best = -SCORE_INFINITE;
    Move bestMove = list[0];
    for (int i = 0; i < n; i++) {
        pos_do(p, list[i]);
        if (core_policy_node(&t->core)) {
            pos_undo(p);
            break;
        }
        int v;
        if (pos_phase(p) == PHASE_OVER)
            v = pos_state(p)->loser == us ? -(SCORE_MATE - 1) : SCORE_MATE - 1;
        else {
            bool ended = pos_phase(p) == PHASE_BASE;
            int left = ended ? turns - 1 : turns;
            if (left == 0)
                v = eval_material(p, us);
            else if (pos_decider(p) != us)
                v = -material_minimax(t, left, 1, -SCORE_INFINITE, -best);
            else
                v = material_minimax(t, left, 1, best, SCORE_INFINITE);
        }
        pos_undo(p);
        if (core_stop_raised(t->core.sc)) /* an interrupted value is not trusted */
            break;
        if (v > best) {
            best = v;
            bestMove = list[i];
        }
    }
    *score = best > -SCORE_INFINITE ? best : 0;
    return bestMove;
}
