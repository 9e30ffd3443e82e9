/* The tree: PVS and quiescence over QEC decisions (RULES R2), with its pruning. Iterative
 * deepening over the root is in core.c, move ordering in movepick.c, the threads in thread.c.
 *
 * Every node is a decision point. Scores are negamax values from the view of the node's
 * decider (pos_decider): a child's value changes sign only when its decider differs from the
 * parent's — a forced reply is chosen by the counterpart's owner (R2.3), a reactive step by the
 * checked king's owner (R2.5), and either may be the turn owner or not. Depth counts whole
 * turns: it drops by one when a decision ends the turn (the child is a turn start); forced
 * replies and reactive steps are searched at the depth of their turn. ply counts decisions.
 * See docs/dev/search.md for every pruning rule and why it is sound here. */
#include "search_internal.h"

#include <math.h>

#include "../engine/movegen.h"
#include "../engine/variant.h"
#include "../eval/eval.h"
#include "correction.h"
#include "movepick.h"
#include "timeman.h"
#include "tt.h"

enum { QS_NARROW_RECAPTURES = 2, QS_NARROW_QUIET_EVASIONS = 2, QS_NARROW_ONE_RECAPTURE = 4 };

enum { HISTORY_PRUNE = 1500 }; /* Stockfish's history pruning, on qec's history scale */
/* The rows' divisors today (variants/search_params.h): a divisor equal to one of these divides
 * as a constant (any other value still divides exactly, only slower). */
enum { LMR_HISTORY_DIVISOR = 16000, NULL_MOVE_EVAL_DIVISOR = 200 };

/* Every decision in the tree counts a node; the main thread checks the limits every
 * checkMask + 1 nodes (thread.c), or at every node under a node limit. Only the main search's
 * decisions run the caller's poll: one due in quiescence waits for the next of them (pollDue),
 * so that quiescence is never on the stack when the poll yields — the WebAssembly one-thread
 * build then leaves it out of Asyncify's instrumented functions (web/wasm/asyncify-only.txt):
 * an instrumented function pays for its instrumentation at every call, wherever it yields. */
static inline __attribute__((always_inline)) void count_decision(Thread *t, Move m, bool mayPoll) {
    pos_do(&t->pos, m);
    tt_prefetch(core_tt(&t->core), pos_variant_key(&t->pos)); /* the child probes after its draw checks */
    uint64_t n = atomic_load_explicit(&t->core.nodes, memory_order_relaxed) + 1;
    atomic_store_explicit(&t->core.nodes, n, memory_order_relaxed);
    if (t->core.idx == 0 && ((n & t->checkMask) == 0 || t->core.sc->lim.nodes || (mayPoll && t->pollDue))) {
        t->pollDue = !mayPoll;
        if (mayPoll)
            core_check_limits(t->core.sc);
        else
            core_check_limits_unpolled(t->core.sc);
    }
}
static inline void quiesce_decision(Thread *t, Move m) { count_decision(t, m, false); }

/* The WebAssembly one-thread build goes further: a node of the main search of at most
 * POLL_DEPTH turns to go is searched by search_deep, a copy of search that never polls (its
 * decisions wait as quiescence's do), so that only the few nodes nearer the root carry
 * Asyncify's instrumentation; a subtree that shallow takes milliseconds (`stop` answered
 * within 21 ms in node, docs/results/webassembly.md). Elsewhere
 * search is the only copy (polled always true) and the tree's helpers are the compiler's to
 * inline. */
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
#define POLL_SPLIT 1
enum { POLL_DEPTH = 2 };
#define TREE_INLINE static inline __attribute__((always_inline))
static __attribute__((noinline)) int search_deep(Thread *t, int alpha, int beta, int depth, int ply, bool cutNode);
#else
#define POLL_SPLIT 0
#define TREE_INLINE static
#endif

/* A child node of the main search, searched by the caller's copy (polled: search's, else
 * search_deep's). */
static inline __attribute__((always_inline)) int subtree(Thread *t, bool polled, int alpha, int beta, int depth,
                                                         int ply, bool cutNode) {
#if POLL_SPLIT
    if (!polled || depth <= POLL_DEPTH)
        return search_deep(t, alpha, beta, depth, ply, cutNode);
#endif
    (void)polled;
    return search(t, alpha, beta, depth, ply, cutNode);
}

/* ---------------------------------------------------------------- scores */

/* Turn-start draws inside the tree: fifty turns, insufficient material or bare kings, and a
 * repetition of a turn-start state (R4.4 keys) already seen once (two-fold in the tree). */
static bool is_draw(const Position *p) {
    return pos_state(p)->rule50 >= 100 || pos_insufficient_material(p) || pos_is_repetition(p, 2);
}

/* ---------------------------------------------------------------- the tree */

static int quiesce(Thread *t, int alpha, int beta, int ply, int qd);

static inline void pv_update(Thread *t, int ply, Move m) {
    pv_rows_update(&t->pv[0][0], MAX_PLY + 1, t->pvLen, ply, m);
}

/* The value, for `us` (the decider at ply), of the decision just made. The child is at
 * ply + 1; its value flips sign only if its decider is the other player. qd counts the
 * quiescence decisions made so far (0 in the main tree). */
TREE_INLINE int child_value(Thread *t, bool polled, int us, int alpha, int beta, int depth, int ply, int qd,
                            bool cutNode) {
    Position *p = &t->pos;
    int phase = pos_phase(p);
    t->pvLen[ply + 1] = ply + 1;
    if (phase == PHASE_OVER) /* R4.1: a required reactive step was impossible */
        return pos_state(p)->loser == us ? mated_in(ply + 1) : mate_in(ply + 1);
    if (phase == PHASE_BASE)
        depth--; /* the decision ended the turn */
    bool flip = pos_decider(p) != us;
    int a = flip ? -beta : alpha, b = flip ? -alpha : beta, v;
    if (depth <= 0)
        v = quiesce(t, a, b, ply + 1, qd);
    else
        v = subtree(t, polled, a, b, depth, ply + 1, cutNode);
    return flip ? -v : v;
}

/* child_value at depth 0, as quiescence asks it: quiescence again, never the main search (so
 * no poll under it: count_decision). */
static int quiesce_child(Thread *t, int us, int alpha, int beta, int ply, int qd) {
    Position *p = &t->pos;
    t->pvLen[ply + 1] = ply + 1;
    if (pos_phase(p) == PHASE_OVER) /* R4.1 */
        return pos_state(p)->loser == us ? mated_in(ply + 1) : mate_in(ply + 1);
    if (pos_decider(p) == us)
        return quiesce(t, alpha, beta, ply + 1, qd);
    return -quiesce(t, -beta, -alpha, ply + 1, qd);
}

static bool has_officers(const Position *p, int c) {
    return (p->byColor[c] & ~p->byType[PAWN] & ~p->byType[KING]) != 0;
}

/* Quiescence: captures and queen promotions at turn starts, every option of a forced reply
 * or reactive step (they belong to the turn in progress and are not optional). Quiet checks
 * were tried at the first level and measured no better (docs/dev/search.md, "Pruning and reductions"). */
static int quiesce(Thread *t, int alpha, int beta, int ply, int qd) {
    Position *p = &t->pos;
    if (stopped(t))
        return 0;
    if (ply > t->core.seldepth)
        t->core.seldepth = ply;
    t->pvLen[ply] = ply;
    int phase = pos_phase(p), us = pos_decider(p);
    bool base = phase == PHASE_BASE;
    if (base && (pos_state(p)->rule50 >= 100 || pos_insufficient_material(p)))
        return 0;
    if (ply >= MAX_PLY - 1)
        return t->eval(p, &t->evalCache);

    Key key = pos_variant_key(p);
    TTData tte = {0};
    bool hit = tt_probe(core_tt(&t->core), key, &tte);
    Move ttMove = hit ? tte.move : MOVE_NONE;
    if (hit && beta - alpha == 1) {
        int s = score_from_tt(tte.score, ply);
        if (tte.bound == BOUND_EXACT || (tte.bound == BOUND_LOWER && s >= beta) ||
            (tte.bound == BOUND_UPPER && s <= alpha))
            return s;
    }

    Move list[MAX_MOVES];
    int scores[MAX_MOVES];
    int best = -SCORE_INFINITE, staticEval = TT_EVAL_NONE, rawEval = TT_EVAL_NONE, origAlpha = alpha;
    /* A classical turn may start in check: then every evasion is searched and the side may
     * not stand pat (it may not pass, and a quiet evasion may be its only move). */
    bool inCheck = base && t->classical && pos_in_check(p, us);
    /* A turn start that will play only captures and queen promotions (no check to answer,
     * no quiet checks: those are quiescenceChecks' first level) generates only those. */
    int (*noisy)(const Position *, Move *) = variant_rules(p->variant)->noisy;
    bool noisyOnly = base && !inCheck && noisy && !(t->knobs.quiescenceChecks && qd == 0);
    int n = noisyOnly ? noisy(p, list) : pos_legal_decisions(p, list);
    if (base && n == 0 && !(noisyOnly && has_legal_move(p))) /* R4.3 stalemate, or R7.4 a root given in check */
        return pos_in_check(p, us) ? mated_in(ply) : 0;
    if (base && !inCheck) {
        /* Stand pat: at a turn start the turn owner may keep the position (null-move idea). */
        rawEval = hit && tte.eval != TT_EVAL_NONE ? tte.eval : t->eval(p, &t->evalCache);
        staticEval = t->knobs.correctionHistory ? corrected_eval(t, us, rawEval) : rawEval;
        best = staticEval;
        if (best >= beta)
            return best;
        if (best > alpha)
            alpha = best;
        /* narrowQuiescence: where every piece captures through its rank-mates' reach (T2.2),
         * capture sequences branch far more than with native moves alone. Deep in quiescence only recaptures on the
         * last move's square are searched (Stockfish's old DEPTH_QS_RECAPTURES idea). */
        int recapture = t->knobs.narrowQuiescence && qd >= QS_NARROW_RECAPTURES ? move_to(pos_state(p)->move) : NO_SQ;
        /* quiescenceChecks: quiet checks at the first quiescence level (Stockfish's QS checks), so that a
         * null move or a shallow line sees a mate threat that starts with a quiet check. */
        bool checks = t->knobs.quiescenceChecks && qd == 0;
        CheckInfo ci;
        if (checks)
            check_info_init(p, us, &ci);
        int k = 0;
        for (int i = 0; i < n; i++)
            if (is_tactical(p, list[i]) ? recapture == NO_SQ || move_to(list[i]) == recapture
                                        : checks && gives_check(p, &ci, list[i]))
                list[k++] = list[i];
        n = k;
    }
    /* A forced reply far below alpha: its quiet options that end the turn are skipped once
     * one option has been searched (futility; a reply that checks is always searched). */
    bool futileForced = false;
    if (phase == PHASE_FORCED) {
        staticEval = rawEval = hit && tte.eval != TT_EVAL_NONE ? tte.eval : t->eval(p, &t->evalCache);
        futileForced = staticEval + t->knobs.params.forcedReplyFutility <= alpha;
    }
    score_moves(t, list, scores, n, ttMove, ply);
    Move bestMove = MOVE_NONE;
    int quietEvasions = 0;
    /* narrowQuiescence, deeper still: one recapture, the first that survives the pruning (the TT
     * move, else the cheapest recapturer), as SEE plays an exchange out; a recapture chain
     * through rank-mates otherwise branches at every step. */
    bool oneRecapture = t->knobs.narrowQuiescence && base && !inCheck && qd >= QS_NARROW_ONE_RECAPTURE;
    for (int i = 0; i < n; i++) {
        Move m = pick(list, scores, n, i);
        /* narrowQuiescence in check: transporter moves (T2.2) make a check a wide node, and a
         * capture that checks is common deep in quiescence. Once a decision has a score that
         * is not a mate, quiet evasions past the second and evasions that lose material are
         * skipped (Stockfish's quiescence limits on evasions). */
        if (inCheck && t->knobs.narrowQuiescence && best > -SCORE_MATE_BOUND) {
            if (!is_tactical(p, m) && quietEvasions++ >= QS_NARROW_QUIET_EVASIONS)
                continue;
            if (!see_ge(p, m, 0))
                continue;
        }
        if (futileForced && best > -SCORE_MATE_BOUND && !is_tactical(p, m)) {
            quiesce_decision(t, m);
            bool ends = pos_phase(p) == PHASE_BASE;
            if (ends) {
                pos_undo(p);
                continue;
            }
            pos_undo(p);
        }
        if (base && !inCheck && is_tactical(p, m)) {
            /* Delta pruning and losing captures: classical exchange only, see docs. */
            if (scores[i] < SCORE_GOOD_CAPTURE && scores[i] != SCORE_TT)
                continue;
            int victim = captured_type(p, m);
            if (!move_is_promo(m) && staticEval + t->captureGain[victim] + t->knobs.params.qsDeltaMargin <= alpha)
                continue;
        } else if (base && !inCheck && !see_ge(p, m, 0)) /* a quiet check that loses material */
            continue;
        quiesce_decision(t, m);
        int v = quiesce_child(t, us, alpha, beta, ply, qd + 1);
        pos_undo(p);
        if (stopped(t))
            return 0;
        if (raise_best(v, m, &best, &alpha, &bestMove)) {
            pv_update(t, ply, m);
            if (v >= beta)
                break;
        }
        if (oneRecapture)
            break;
    }
    tt_store(core_tt(&t->core), key, bestMove, score_to_tt(best, ply), rawEval, TT_DEPTH_QS,
             qs_bound(best, origAlpha, beta));
    return best;
}

/* Pruning before the moves at a non-PV turn start (docs/dev/search.md, "Pruning and reductions"): reverse
 * futility, then null move (pass the whole turn). Returns the node's value, or SCORE_NONE to
 * search on. */
TREE_INLINE int prune_turn_start(Thread *t, bool polled, int beta, int depth, int ply, int staticEval,
                                 const TTData *tte, int ttScore, int improving, bool cutNode) {
    Position *p = &t->pos;
    int eval = staticEval;
    if (tte && (tte->bound == BOUND_EXACT || (tte->bound == BOUND_LOWER) == (ttScore > eval)))
        eval = ttScore; /* the TT bound is a better estimate */
    /* Reverse futility; with futilityNeedsOfficers not for a side with no officers: a bare king's eval says
     * nothing of the mate net closing on it (the network rates such endings by material). */
    int margin = t->knobs.params.reverseFutilityMargin * (depth - improving);
    if (depth <= 6 && eval - margin >= beta && eval < SCORE_MATE_BOUND &&
        (!t->knobs.futilityNeedsOfficers || has_officers(p, pos_turn(p))))
        return eval;
    if (depth >= 2 && eval >= beta && !t->nullMove[ply] && has_officers(p, pos_turn(p)) &&
        beta > -SCORE_MATE_BOUND && beta < SCORE_MATE_BOUND) {
        int evalDivisor = t->knobs.params.nullMoveEvalDivisor; /* as in reduction() */
        int byEval = evalDivisor == NULL_MOVE_EVAL_DIVISOR ? (eval - beta) / NULL_MOVE_EVAL_DIVISOR
                                                           : (eval - beta) / evalDivisor;
        int r = 3 + depth / 4 + (byEval < 3 ? byEval : 3);
        t->moved[ply] = 0;
        pos_do_null(p);
        t->nullMove[ply + 1] = true;
        t->doubleExt[ply + 1] = t->doubleExt[ply];
        t->pvLen[ply + 1] = ply + 1;
        int v = -subtree(t, polled, -beta, -beta + 1, depth - 1 - r, ply + 1, !cutNode);
        t->nullMove[ply + 1] = false;
        pos_undo_null(p);
        if (stopped(t))
            return 0;
        if (v >= beta)
            return v >= SCORE_MATE_BOUND ? beta : v;
    }
    return SCORE_NONE;
}

/* Late move reduction, in turns, for a quiet decision m that does not check, taken by `us`
 * at a node of `phase`. cutNodeReduction: a cut node that has not failed high yet likely will not:
 * one ply more (Stockfish). */
static int reduction(const Thread *t, int phase, int us, Move m, int depth, int moveCount, bool pvNode, bool cutNode,
                     int ply, int improving) {
    int r = t->lmr[depth < 63 ? depth : 63][moveCount < 63 ? moveCount : 63];
    r -= pvNode + improving;
    int history = 2 * t->history[phase][us][move_from(m)][move_to(m)] + cont_history(t, m, ply);
    /* A division by a number known only at run time costs a node far more than one by a
     * constant, which the compiler turns into a multiply: the shipped value takes that path
     * (the same quotient; chess nps -3 % without it, after 71b8ae4). */
    int divisor = t->knobs.params.lmrHistoryDivisor;
    r -= divisor == LMR_HISTORY_DIVISOR ? history / LMR_HISTORY_DIVISOR : history / divisor;
    if (m == t->killers[ply][0] || m == t->killers[ply][1])
        r--;
    r = r < 0 ? 0 : r > depth - 1 ? depth - 1 : r;
    return t->knobs.cutNodeReduction && cutNode && r < depth - 1 ? r + 1 : r;
}

/* A late quiet decision that does not check, skipped at shallow depth: beyond the move-count
 * limit, futile (the static eval far below alpha), or (historyPruning) a history score that keeps
 * failing (its move score: not a killer). */
static inline bool move_count_pruned(const Thread *t, int depth, int moveCount, int improving) {
    return depth <= 5 && moveCount > (t->knobs.params.moveCountBase + depth * depth) * (2 + improving) / 2;
}

static inline bool late_quiet_pruned(const Thread *t, int depth, int moveCount, int improving, int staticEval,
                                     int alpha, int moveScore) {
    const SearchParams *sp = &t->knobs.params;
    bool lmp = move_count_pruned(t, depth, moveCount, improving);
    bool futile = depth <= 5 && staticEval + sp->futilityBase + sp->futilityPerDepth * depth <= alpha;
    bool badHistory = t->knobs.historyPruning && depth <= 4 && moveScore < -HISTORY_PRUNE * depth;
    return lmp || futile || badHistory;
}

/* prunesUnmade: keeps, in order, the captures, promotions and checking moves of list; returns their
 * count. */
static int keep_noisy(const Position *p, const CheckInfo *ci, Move *list, int *scores, int n) {
    int k = 0;
    for (int j = 0; j < n; j++)
        if (is_tactical(p, list[j]) || gives_check(p, ci, list[j]))
            list[k] = list[j], scores[k++] = scores[j];
    return k;
}

enum { SINGULAR_CUT = 100 };

/* singularExtension (Stockfish's idea): the TT move of a deep node, whose TT score is a
 * lower bound searched nearly as deep, is searched without it at half depth against a margin
 * sBeta below the TT score. If nothing else reaches the margin, the TT move is singular and gets
 * a ply more; if even the margin fails high above beta, several moves beat beta and the node
 * is cut at *sBeta (multi-cut, SINGULAR_CUT). */
TREE_INLINE int singular_extension(Thread *t, bool polled, const TTData *tte, int ttScore, int beta, int depth,
                                   int ply, Move m, int *sBeta, bool cutNode, bool pvNode) {
    if (tte->depth < depth - 3 || tte->bound != BOUND_LOWER || score_is_mate(ttScore))
        return 0;
    *sBeta = ttScore - 2 * depth;
    t->excluded[ply] = m;
    int v = subtree(t, polled, *sBeta - 1, *sBeta, (depth - 1) / 2, ply, cutNode);
    t->excluded[ply] = MOVE_NONE;
    if (stopped(t))
        return 0;
    if (v < *sBeta) /* far below the margin off the PV: two plies, a few times on a path */
        return !pvNode && v < *sBeta - 25 && t->doubleExt[ply] < 6 ? 2 : 1;
    if (*sBeta >= beta)
        return SINGULAR_CUT;
    return ttScore >= beta ? -1 : 0; /* other moves nearly as good, the TT move likely cuts */
}

/* A node of the main search (search, and search_deep in the WebAssembly one-thread build). */
static inline __attribute__((always_inline)) int tree_node(Thread *t, bool polled, int alpha, int beta, int depth,
                                                           int ply, bool cutNode) {
    Position *p = &t->pos;
    if (depth <= 0)
        return quiesce(t, alpha, beta, ply, 0);
    if (stopped(t))
        return 0;
    bool pvNode = beta - alpha > 1, root = ply == 0;
    if (ply > t->core.seldepth)
        t->core.seldepth = ply;
    t->pvLen[ply] = ply;
    int phase = pos_phase(p), us = pos_decider(p);
    bool base = phase == PHASE_BASE;

    if (!root) {
        if (base && is_draw(p))
            return 0;
        if (ply >= MAX_PLY - 1)
            return t->eval(p, &t->evalCache);
        /* Mate distance: nothing here is better than mating with the next decision. */
        if (alpha < mated_in(ply + 1))
            alpha = mated_in(ply + 1);
        if (beta > mate_in(ply + 1))
            beta = mate_in(ply + 1);
        if (alpha >= beta)
            return alpha;
    }

    Move excluded = t->excluded[ply];
    Key key = pos_variant_key(p);
    TTData tte = {0};
    bool hit = tt_probe(core_tt(&t->core), key, &tte);
    Move ttMove = hit ? tte.move : MOVE_NONE;
    int ttScore = hit ? score_from_tt(tte.score, ply) : SCORE_NONE;
    if (root)
        ttMove = t->core.root[t->core.pvIdx].move;
    if (hit && !pvNode && !root && !excluded && tte.depth >= depth &&
        (tte.bound == BOUND_EXACT || (tte.bound == BOUND_LOWER && ttScore >= beta) ||
         (tte.bound == BOUND_UPPER && ttScore <= alpha)))
        return ttScore;

    /* A choice node: a base move, or a forced reply (its owner picks among the moves of one
     * piece, R2.3). Reactive steps (R2.5) are few and decide mates: never pruned. */
    bool choice = phase != PHASE_REACT;
    bool inCheck = base && t->classical && pos_in_check(p, us); /* never in QEC (R2.5) */
    int staticEval = TT_EVAL_NONE, rawEval = TT_EVAL_NONE;
    if (choice) {
        rawEval = hit && tte.eval != TT_EVAL_NONE ? tte.eval : t->eval(p, &t->evalCache);
        staticEval = t->knobs.correctionHistory && !inCheck ? corrected_eval(t, us, rawEval) : rawEval;
    }
    /* improving: the side to move's eval rose since its last move; prune less where it did. */
    int improving = 0;
    if (t->knobs.improving) {
        t->evalAt[ply] = inCheck ? TT_EVAL_NONE : staticEval;
        improving = ply >= 2 && !inCheck && t->evalAt[ply - 2] != TT_EVAL_NONE && staticEval > t->evalAt[ply - 2];
    }

    if (base && !pvNode && !root && !inCheck && !excluded) {
        int v = prune_turn_start(t, polled, beta, depth, ply, staticEval, hit ? &tte : NULL, ttScore, improving, cutNode);
        if (v != SCORE_NONE)
            return v;
    }
    /* No TT move at a deep node: search it shallower first (internal iterative reduction). */
    if (base && !root && depth >= 4 && !ttMove && !excluded)
        depth--;

    Move list[MAX_MOVES], quiets[MAX_MOVES], captures[MAX_MOVES];
    int scores[MAX_MOVES], nquiets = 0, ncaptures = 0;
    int n;
    if (root) {
        n = 0;
        for (int i = t->core.pvIdx; i < t->core.nRoot; i++)
            list[n++] = t->core.root[i].move;
    } else
        n = pos_legal_decisions(p, list);
    if (n == 0) /* only a turn start can have none: R4.3 stalemate, or R7.4 mated */
        return pos_in_check(p, us) ? mated_in(ply) : 0;
    if (excluded && n == 1) /* the excluded move was the only one: it is singular */
        return alpha;
    score_moves(t, list, scores, n, ttMove, ply);
    if (root) /* keep the root order of the last iteration */
        for (int i = 0; i < n; i++)
            scores[i] = n - i;

    int best = -SCORE_INFINITE, moveCount = 0;
    Move bestMove = MOVE_NONE;
    CheckInfo checkInfo;
    bool checkInfoReady = false;
    for (int i = 0; i < n; i++) {
        Move m = pick(list, scores, n, i);
        if (m == excluded)
            continue;
        bool quiet = !is_tactical(p, m);
        moveCount++;
        bool mayPrune = choice && !root && !inCheck && best > -SCORE_MATE_BOUND;
        bool lateQuiet = mayPrune && quiet && m != ttMove;
        /* Decided before the move: bad captures at shallow depth (SEE). */
        if (mayPrune && !quiet && depth <= 4 && scores[i] < SCORE_GOOD_CAPTURE &&
            !search_see_ge(t, m, -t->knobs.params.seeCaptureMargin * depth)) {
            if (t->knobs.prunesUnmade) /* such a capture never starts a forced reply or a reactive step */
                continue;
            count_decision(t, m, polled);
            bool tactical = pos_phase(p) != PHASE_BASE;
            pos_undo(p);
            if (!tactical)
                continue;
        }
        int ext = 0, sBeta;
        if (t->knobs.singularExtension && m == ttMove && !root && !excluded && depth >= 6 && ply < 2 * t->core.rootDepth)
            ext = singular_extension(t, polled, &tte, ttScore, beta, depth, ply, m, &sBeta, cutNode, pvNode);
        if (ext == SINGULAR_CUT)
            return sBeta;
        t->doubleExt[ply + 1] = (uint8_t)(t->doubleExt[ply] + (ext == 2));
        /* prunesUnmade: whether the move checks is known before it, so a pruned move is never made. */
        if (t->knobs.prunesUnmade && lateQuiet) {
            if (!checkInfoReady)
                check_info_init(p, us, &checkInfo), checkInfoReady = true;
            if (!gives_check(p, &checkInfo, m) &&
                late_quiet_pruned(t, depth, moveCount, improving, staticEval, alpha, scores[i])) {
                /* Past the move-count limit every later quiet move that does not check is
                 * pruned too (the count only grows): drop them from the list at once. */
                if (move_count_pruned(t, depth, moveCount, improving))
                    n = i + 1 + keep_noisy(p, &checkInfo, list + i + 1, scores + i + 1, n - i - 1);
                continue;
            }
            lateQuiet = false;
        }
        t->moved[ply] = moved_key(p, m);
        count_decision(t, m, polled);
        /* A decision that checks (a reactive step follows, or mate) is never pruned or
         * reduced: with R2.5 any check may be mate. One that hands the counterpart a forced
         * reply is an ordinary move for pruning: the reply is the opponent's choice. */
        bool inTurn = pos_phase(p) == PHASE_REACT || pos_phase(p) == PHASE_OVER ||
                      (t->classical && pos_in_check(p, pos_decider(p))); /* a classical check */
        if (lateQuiet && !inTurn && late_quiet_pruned(t, depth, moveCount, improving, staticEval, alpha, scores[i])) {
            pos_undo(p);
            continue;
        }
        int v;
        if (moveCount == 1)
            v = child_value(t, polled, us, alpha, beta, depth + ext, ply, 0, !pvNode && !cutNode);
        else {
            int r = 0;
            if (depth >= 3 && quiet && !inTurn && choice)
                r = reduction(t, phase, us, m, depth, moveCount, pvNode, cutNode, ply, improving);
            v = child_value(t, polled, us, alpha, alpha + 1, depth - r, ply, 0, true);
            if (r > 0 && v > alpha)
                v = child_value(t, polled, us, alpha, alpha + 1, depth, ply, 0, !cutNode);
            if (pvNode && v > alpha && v < beta)
                v = child_value(t, polled, us, alpha, beta, depth, ply, 0, false);
        }
        pos_undo(p);
        if (stopped(t))
            return 0;

        if (root)
            core_root_record(&t->core, m, v, alpha, beta, moveCount == 1, t->pv[1], t->pvLen[1]);
        if (raise_best(v, m, &best, &alpha, &bestMove)) {
            if (pvNode && !root)
                pv_update(t, ply, m);
            if (v >= beta)
                break;
        }
        if (quiet && nquiets < MAX_MOVES)
            quiets[nquiets++] = m;
        else if (!quiet && ncaptures < MAX_MOVES)
            captures[ncaptures++] = m;
    }
    if (bestMove && best >= beta) {
        bool tactical = is_tactical(p, bestMove);
        if (!tactical)
            update_quiet_stats(t, ply, bestMove, quiets, nquiets, depth);
        if (t->knobs.captureHistory)
            update_capture_stats(t, tactical ? bestMove : MOVE_NONE, captures, ncaptures, depth);
    }
    if (excluded) /* a singular search: its bound is not this node's, so it is not stored */
        return best == -SCORE_INFINITE ? alpha : best;
    int bound = best >= beta ? BOUND_LOWER : pvNode && bestMove ? BOUND_EXACT : BOUND_UPPER;
    if (!root || t->core.pvIdx == 0)
        tt_store(core_tt(&t->core), key, bestMove, score_to_tt(best, ply), rawEval, depth, bound);
    /* correctionHistory: what a quiet (or no) best move returned corrects the structure's eval, unless
     * the bound says nothing about the eval's side of it. */
    if (t->knobs.correctionHistory && base && !inCheck && !score_is_mate(best) && !(bestMove && is_tactical(p, bestMove)) &&
        !(bound == BOUND_LOWER && best <= staticEval) && !(bound == BOUND_UPPER && best >= staticEval))
        update_correction(t, us, best, rawEval, depth);
    return best;
}

int search(Thread *t, int alpha, int beta, int depth, int ply, bool cutNode) {
    return tree_node(t, true, alpha, beta, depth, ply, cutNode);
}
#if POLL_SPLIT
static int search_deep(Thread *t, int alpha, int beta, int depth, int ply, bool cutNode) {
    return tree_node(t, false, alpha, beta, depth, ply, cutNode);
}
#endif

void search_lmr_table(Thread *t) {
    double base = t->knobs.params.lmrBase / 100.0, divisor = t->knobs.params.lmrDivisor / 100.0;
    for (int d = 0; d < 64; d++)
        for (int m = 0; m < 64; m++) {
            /* row and column 0 are never read (depth and move count start at 1) */
            int r = d && m ? (int)(base + log(d) * log(m) / divisor) : 0;
            t->lmr[d][m] = (uint8_t)(r < 0 ? 0 : r > 255 ? 255 : r);
        }
    t->lmrMadeFrom[0] = t->knobs.params.lmrBase;
    t->lmrMadeFrom[1] = t->knobs.params.lmrDivisor;
}
