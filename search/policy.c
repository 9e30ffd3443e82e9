/* Baseline opponents of the seed prototype (seed 000 "Policies: random, heuristic,
 * minimax(depth 2)"), kept simple on purpose: strength is measured against them.
 *  random   — a uniform legal decision;
 *  greedy   — one-turn material minimax: every later decision of the turn is taken by its own
 *             decider to maximise that decider's material (the forced reply by its owner,
 *             R2.3; the reactive step by the king's owner, R2.5);
 *  minimax2 — the same over two whole turns.
 * Ties are broken at random (seeded by the position), so games against them vary. */
#include "policy.h"

#include "../eval/eval.h"

enum { MATE_VALUE = SCORE_MATE };

/* Best material for the decider at p, looking until `turns` turn ends (the one in progress
 * counts), by negamax over deciders with alpha-beta (same result as plain minimax). */
static int material_minimax(Position *p, int turns, int ply, int alpha, int beta, uint64_t *nodes) {
    Move list[MAX_MOVES];
    int us = pos_decider(p), n = pos_legal_decisions(p, list);
    if (n == 0) /* a turn start without a legal move (R4.3, R7.4) */
        return pos_in_check(p, us) ? -(MATE_VALUE - ply) : 0;
    int best = -SCORE_INFINITE;
    for (int i = 0; i < n && best < beta; i++) {
        pos_do(p, list[i]);
        ++*nodes;
        int v;
        if (pos_phase(p) == PHASE_OVER)
            v = pos_state(p)->loser == us ? -(MATE_VALUE - ply - 1) : MATE_VALUE - ply - 1;
        else {
            bool ended = pos_phase(p) == PHASE_BASE;
            int left = ended ? turns - 1 : turns, them = pos_decider(p) != us;
            if (left == 0 || (ended && p->byType[0] == p->byType[KING]))
                v = eval_material(p, us);
            else if (them)
                v = -material_minimax(p, left, ply + 1, -beta, -(alpha > best ? alpha : best), nodes);
            else
                v = material_minimax(p, left, ply + 1, alpha > best ? alpha : best, beta, nodes);
        }
        pos_undo(p);
        if (v > best)
            best = v;
    }
    return best;
}

Move policy_decide(Position *p, int policy, int *score, uint64_t *nodes) {
    Move list[MAX_MOVES];
    int n = pos_legal_decisions(p, list);
    /* Reproducible: the same position and game length give the same stream. */
    uint64_t rng = pos_key(p) ^ ((uint64_t)p->ply * 0x2545F4914F6CDD1DULL);
    *score = 0;
    if (n == 0)
        return MOVE_NONE;
    /* Shuffle, then keep the first strictly best: a uniform choice among equal options. */
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(splitmix64_next(&rng) % (uint64_t)(i + 1));
        Move t = list[i];
        list[i] = list[j];
        list[j] = t;
    }
    if (policy == POLICY_RANDOM)
        return list[0];
    int turns = policy == POLICY_MINIMAX2 ? 2 : 1, us = pos_decider(p);
    int best = -SCORE_INFINITE;
    Move bestMove = list[0];
    for (int i = 0; i < n; i++) {
        pos_do(p, list[i]);
        ++*nodes;
        int v;
        if (pos_phase(p) == PHASE_OVER)
            v = pos_state(p)->loser == us ? -(MATE_VALUE - 1) : MATE_VALUE - 1;
        else {
            bool ended = pos_phase(p) == PHASE_BASE;
            int left = ended ? turns - 1 : turns;
            if (left == 0)
                v = eval_material(p, us);
            else if (pos_decider(p) != us)
                v = -material_minimax(p, left, 1, -SCORE_INFINITE, -best, nodes);
            else
                v = material_minimax(p, left, 1, best, SCORE_INFINITE, nodes);
        }
        pos_undo(p);
        if (v > best) {
            best = v;
            bestMove = list[i];
        }
    }
    *score = best;
    return bestMove;
}
