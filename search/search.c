/* Iterative deepening PVS over QEC decisions (RULES R2), Lazy SMP on pthreads.
 *
 * Every node is a decision point. Scores are negamax values from the view of the node's
 * decider (pos_decider): a child's value changes sign only when its decider differs from the
 * parent's — a forced reply is chosen by the counterpart's owner (R2.3), a reactive step by the
 * checked king's owner (R2.5), and either may be the turn owner or not. Depth counts whole
 * turns: it drops by one when a decision ends the turn (the child is a turn start); forced
 * replies and reactive steps are searched at the depth of their turn. ply counts decisions.
 * See README, "Search and evaluation" for every pruning rule and why it is sound here. */
#include "search.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../eval/eval.h"
#include "search_internal.h"
#include "tt.h"

enum { MAX_DEPTH = 100, MAX_THREADS = 256, CHECK_PERIOD = 1024 };
#define SCORE_NONE (-SCORE_INFINITE - 1)

typedef struct {
    Move move;
    int score, prevScore; /* score is SCORE_NONE until searched in the current iteration */
    int bound;
    int seldepth;
    int pvLen;
    Move pv[MAX_PLY];
} RootMove;

typedef struct Thread {
    Position pos;
    int idx;
    pthread_t tid;
    _Atomic uint64_t nodes; /* written by its thread only, read by the main thread */
    int seldepth, rootDepth, completedDepth;
    int nRoot, pvIdx, multiPV;
    bool reported; /* main: its last on_info lines show root[0..multiPV-1] as they stand */
    RootMove root[MAX_MOVES];
    int pvLen[MAX_PLY + 1];
    Move pv[MAX_PLY + 1][MAX_PLY + 1];
    Move killers[MAX_PLY + 1][2];
    bool nullMove[MAX_PLY + 1]; /* the decision that led to this ply was a null move */
    bool classical; /* pos_classical_turns of the root: any turn start may be in check */
    int16_t history[3][2][64][64]; /* [phase: base, forced, react][decider][from][to] */
} Thread;

/* The thread pool with its control state, the options and (in tt.c) the TT: the only
 * mutable state at file scope. */
static struct {
    SearchOptions opt;
    Thread **threads;
    int nthreads;
    _Atomic bool stop, ponder, stopOnPonderhit, busy;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    pthread_t controller;
    bool controllerJoinable;
    /* the current search (set before its threads start) */
    SearchLimits lim;
    SearchReport rep;
    bool async;
    int64_t startMs, softMs, hardMs;
    int rootDecider;
    SearchInfo last; /* the main thread's last completed iteration (first line) */
    Position *rootPos; /* the root of search_start, read by the controller thread */
} pool = {.opt = {16, 1, 1, 10, POLICY_SEARCH},
          .mu = PTHREAD_MUTEX_INITIALIZER,
          .cv = PTHREAD_COND_INITIALIZER};

static int LMR[64][64];

/* ---------------------------------------------------------------- time, nodes, stop */

static int64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static uint64_t total_nodes(void) {
    uint64_t n = 0;
    for (int i = 0; i < pool.nthreads; i++)
        n += atomic_load_explicit(&pool.threads[i]->nodes, memory_order_relaxed);
    return n;
}

static inline bool stop_raised(void) { return atomic_load_explicit(&pool.stop, memory_order_relaxed); }
/* The main thread always completes depth 1, whatever stopped the search (a clock, `stop`, a
 * helper that reached `go depth`): the answer is then a searched decision and the final report
 * has every MultiPV line with a score. Depth 1 costs a few hundred nodes per line. */
static inline bool stopped(const Thread *t) { return stop_raised() && (t->idx != 0 || t->completedDepth > 0); }
static inline void raise_stop(void) { atomic_store(&pool.stop, true); }

/* Per decision: the clock of the root decider (the UCI layer sends both clocks; the decider
 * of a forced reply or reactive step may be the player whose turn it is not). The hard limit
 * is never more than the clock minus Move Overhead. */
static void init_time(const SearchLimits *l, int decider) {
    int64_t overhead = pool.opt.moveOverhead;
    pool.softMs = pool.hardMs = 0; /* 0 = no limit */
    if (l->infinite)
        return;
    if (l->movetime > 0) { /* a fixed time is used in full: no soft limit */
        pool.hardMs = l->movetime - overhead > 1 ? l->movetime - overhead : 1;
        return;
    }
    if (l->time[decider] < 0)
        return;
    int64_t left = l->time[decider] - overhead, inc = l->inc[decider] > 0 ? l->inc[decider] : 0;
    if (left < 1)
        left = 1;
    int mtg = l->movestogo > 0 ? (l->movestogo < 50 ? l->movestogo : 50) : 40;
    int64_t soft, hard;
    if (mtg == 1) {
        hard = left * 9 / 10;
        soft = hard / 2;
    } else {
        soft = left / mtg + inc * 3 / 4;
        if (soft > left / 2)
            soft = left / 2;
        hard = soft * 4;
        if (hard > left * 3 / 4)
            hard = left * 3 / 4;
    }
    pool.softMs = soft > 1 ? soft : 1;
    pool.hardMs = hard > 1 ? hard : 1;
}

/* Main thread only, every CHECK_PERIOD nodes. */
static void check_limits(void) {
    if (pool.lim.nodes && total_nodes() >= pool.lim.nodes)
        raise_stop();
    if (pool.hardMs && !atomic_load(&pool.ponder) && now_ms() - pool.startMs >= pool.hardMs)
        raise_stop();
}

static inline void do_decision(Thread *t, Move m) {
    pos_do(&t->pos, m);
    tt_prefetch(pos_key(&t->pos)); /* the child probes after its draw checks */
    uint64_t n = atomic_load_explicit(&t->nodes, memory_order_relaxed) + 1;
    atomic_store_explicit(&t->nodes, n, memory_order_relaxed);
    if (t->idx == 0 && ((n % CHECK_PERIOD) == 0 || pool.lim.nodes))
        check_limits();
}

/* ---------------------------------------------------------------- scores */

static inline int mate_in(int ply) { return SCORE_MATE - ply; }
static inline int mated_in(int ply) { return -SCORE_MATE + ply; }

/* Mate scores count decisions from the root; the TT stores them from the node. */
static inline int score_to_tt(int s, int ply) {
    return s >= SCORE_MATE_BOUND ? s + ply : s <= -SCORE_MATE_BOUND ? s - ply : s;
}
static inline int score_from_tt(int s, int ply) {
    return s >= SCORE_MATE_BOUND ? s - ply : s <= -SCORE_MATE_BOUND ? s + ply : s;
}

/* Turn-start draws inside the tree: fifty turns, insufficient material or bare kings, and a
 * repetition of a turn-start state (R4.4 keys) already seen once (two-fold in the tree). */
static bool is_draw(const Position *p) {
    return pos_state(p)->rule50 >= 100 || pos_insufficient_material(p) || pos_is_repetition(p, 2);
}

/* ---------------------------------------------------------------- move ordering */

static const int SEE_VALUE[7] = {0, 100, 300, 300, 500, 900, 20000};

static inline bool is_capture(const Position *p, Move m) {
    return p->board[move_to(m)] != NO_PIECE || move_flag(m) == MF_EP;
}
static inline bool is_tactical(const Position *p, Move m) {
    return is_capture(p, m) || (move_is_promo(m) && move_promo_type(m) == QUEEN);
}

static int least_valuable(const Position *p, Bitboard attackers, int *pt) {
    for (*pt = PAWN; *pt <= KING; (*pt)++) {
        Bitboard b = attackers & p->byType[*pt];
        if (b)
            return lsb(b);
    }
    return NO_SQ;
}

/* Static exchange on the target square, classical recaptures only (a forced reply or a
 * reactive step can change the exchange; SEE only orders moves and prunes in quiescence). */
static bool see_ge(const Position *p, Move m, int threshold) {
    if (move_flag(m) != MF_NORMAL)
        return threshold <= 0;
    int from = move_from(m), to = move_to(m);
    int swap = SEE_VALUE[piece_type(p->board[to])] - threshold;
    if (swap < 0)
        return false;
    swap = SEE_VALUE[piece_type(p->board[from])] - swap;
    if (swap <= 0)
        return true;
    Bitboard occ = p->byType[0] ^ sq_bb(from) ^ sq_bb(to);
    Bitboard attackers = pos_attackers_to(p, to, occ);
    Bitboard diag = p->byType[BISHOP] | p->byType[QUEEN], orth = p->byType[ROOK] | p->byType[QUEEN];
    int stm = piece_color(p->board[from]), res = 1;
    for (;;) {
        stm ^= 1;
        attackers &= occ;
        Bitboard mine = attackers & p->byColor[stm];
        if (!mine)
            break;
        res ^= 1;
        int pt, s = least_valuable(p, mine, &pt);
        if (pt == KING)
            return (attackers & p->byColor[stm ^ 1]) ? res ^ 1 : res;
        if ((swap = SEE_VALUE[pt] - swap) < res)
            break;
        occ ^= sq_bb(s);
        if (pt == PAWN || pt == BISHOP || pt == QUEEN)
            attackers |= bishop_attacks(to, occ) & diag;
        if (pt == ROOK || pt == QUEEN)
            attackers |= rook_attacks(to, occ) & orth;
    }
    return res;
}

enum { SCORE_TT = 1 << 30, SCORE_GOOD_CAPTURE = 1 << 28, SCORE_KILLER = 1 << 27, SCORE_BAD_CAPTURE = -(1 << 28) };

static void score_moves(const Thread *t, const Move *list, int *scores, int n, Move ttMove, int ply) {
    const Position *p = &t->pos;
    int phase = pos_phase(p), us = pos_decider(p);
    const Move *k = t->killers[ply];
    for (int i = 0; i < n; i++) {
        Move m = list[i];
        if (m == ttMove)
            scores[i] = SCORE_TT;
        else if (is_tactical(p, m)) {
            int victim = move_flag(m) == MF_EP ? PAWN : piece_type(p->board[move_to(m)]);
            int mvvlva = SEE_VALUE[victim] * 8 - piece_type(p->board[move_from(m)]) +
                         (move_is_promo(m) ? SEE_VALUE[QUEEN] : 0);
            scores[i] = (see_ge(p, m, 0) ? SCORE_GOOD_CAPTURE : SCORE_BAD_CAPTURE) + mvvlva;
        } else if (phase == PHASE_BASE && (m == k[0] || m == k[1]))
            scores[i] = SCORE_KILLER + (m == k[0]);
        else
            scores[i] = t->history[phase][us][move_from(m)][move_to(m)];
    }
}

/* Selection sort step: bring the best remaining move to index i. */
static inline Move pick(Move *list, int *scores, int n, int i) {
    int b = i;
    for (int j = i + 1; j < n; j++)
        if (scores[j] > scores[b])
            b = j;
    Move m = list[b];
    int s = scores[b];
    list[b] = list[i];
    scores[b] = scores[i];
    list[i] = m;
    scores[i] = s;
    return m;
}

static inline void history_update(int16_t *h, int bonus) {
    int v = *h + bonus - *h * abs(bonus) / 16384;
    *h = (int16_t)(v > 16000 ? 16000 : v < -16000 ? -16000 : v);
}

static void update_quiet_stats(Thread *t, int ply, Move best, const Move *tried, int ntried, int depth) {
    const Position *p = &t->pos;
    int phase = pos_phase(p), us = pos_decider(p);
    int bonus = depth * depth * 32 + 64;
    if (bonus > 2000)
        bonus = 2000;
    if (phase == PHASE_BASE && t->killers[ply][0] != best) {
        t->killers[ply][1] = t->killers[ply][0];
        t->killers[ply][0] = best;
    }
    history_update(&t->history[phase][us][move_from(best)][move_to(best)], bonus);
    for (int i = 0; i < ntried; i++)
        if (tried[i] != best)
            history_update(&t->history[phase][us][move_from(tried[i])][move_to(tried[i])], -bonus);
}

/* ---------------------------------------------------------------- the tree */

static int search(Thread *t, int alpha, int beta, int depth, int ply);
static int qsearch(Thread *t, int alpha, int beta, int ply);

static inline void pv_update(Thread *t, int ply, Move m) {
    t->pv[ply][ply] = m;
    int len = t->pvLen[ply + 1];
    for (int i = ply + 1; i < len; i++)
        t->pv[ply][i] = t->pv[ply + 1][i];
    t->pvLen[ply] = len > ply + 1 ? len : ply + 1;
}

/* The value, for `us` (the decider at ply), of the decision just made. The child is at
 * ply + 1; its value flips sign only if its decider is the other player. */
static int child_value(Thread *t, int us, int alpha, int beta, int depth, int ply) {
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
        v = qsearch(t, a, b, ply + 1);
    else
        v = search(t, a, b, depth, ply + 1);
    return flip ? -v : v;
}

static bool has_officers(const Position *p, int c) {
    return (p->byColor[c] & ~p->byType[PAWN] & ~p->byType[KING]) != 0;
}

/* Quiescence: captures and queen promotions at turn starts, every option of a forced reply
 * or reactive step (they belong to the turn in progress and are not optional). Quiet checks
 * were tried at the first level and measured no better (README, "Search and evaluation"). */
static int qsearch(Thread *t, int alpha, int beta, int ply) {
    Position *p = &t->pos;
    if (stopped(t))
        return 0;
    if (ply > t->seldepth)
        t->seldepth = ply;
    t->pvLen[ply] = ply;
    int phase = pos_phase(p), us = pos_decider(p);
    bool base = phase == PHASE_BASE;
    if (base && (pos_state(p)->rule50 >= 100 || pos_insufficient_material(p)))
        return 0;
    if (ply >= MAX_PLY - 1)
        return evaluate(p);

    Key key = pos_key(p);
    TTData tte = {0};
    bool hit = tt_probe(key, &tte);
    Move ttMove = hit ? tte.move : MOVE_NONE;
    if (hit && beta - alpha == 1) {
        int s = score_from_tt(tte.score, ply);
        if (tte.bound == BOUND_EXACT || (tte.bound == BOUND_LOWER && s >= beta) ||
            (tte.bound == BOUND_UPPER && s <= alpha))
            return s;
    }

    Move list[MAX_MOVES];
    int scores[MAX_MOVES];
    int n = pos_legal_decisions(p, list);
    int best = -SCORE_INFINITE, staticEval = TT_EVAL_NONE, origAlpha = alpha;
    /* A classical turn may start in check: then every evasion is searched and the side may
     * not stand pat (it may not pass, and a quiet evasion may be its only move). */
    bool inCheck = base && t->classical && pos_in_check(p, us);
    if (base && n == 0) /* R4.3 stalemate, or R7.4 a root given in check */
        return pos_in_check(p, us) ? mated_in(ply) : 0;
    if (base && !inCheck) {
        /* Stand pat: at a turn start the turn owner may keep the position (null-move idea). */
        staticEval = hit && tte.eval != TT_EVAL_NONE ? tte.eval : evaluate(p);
        best = staticEval;
        if (best >= beta)
            return best;
        if (best > alpha)
            alpha = best;
        int k = 0;
        for (int i = 0; i < n; i++)
            if (is_tactical(p, list[i]))
                list[k++] = list[i];
        n = k;
    }
    /* A forced reply far below alpha: its quiet options that end the turn are skipped once
     * one option has been searched (futility; a reply that checks is always searched). */
    bool futileForced = false;
    if (phase == PHASE_FORCED) {
        staticEval = hit && tte.eval != TT_EVAL_NONE ? tte.eval : evaluate(p);
        futileForced = staticEval + 200 <= alpha;
    }
    score_moves(t, list, scores, n, ttMove, ply);
    Move bestMove = MOVE_NONE;
    for (int i = 0; i < n; i++) {
        Move m = pick(list, scores, n, i);
        if (futileForced && best > -SCORE_MATE_BOUND && !is_tactical(p, m)) {
            do_decision(t, m);
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
            int victim = move_flag(m) == MF_EP ? PAWN : piece_type(p->board[move_to(m)]);
            if (!move_is_promo(m) && staticEval + SEE_VALUE[victim] + 200 <= alpha)
                continue;
        }
        do_decision(t, m);
        int v = child_value(t, us, alpha, beta, 0, ply);
        pos_undo(p);
        if (stopped(t))
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                bestMove = m;
                alpha = v;
                pv_update(t, ply, m);
                if (v >= beta)
                    break;
            }
        }
    }
    int bound = best >= beta ? BOUND_LOWER : best > origAlpha ? BOUND_EXACT : BOUND_UPPER;
    tt_store(key, bestMove, score_to_tt(best, ply), staticEval, TT_DEPTH_QS, bound);
    return best;
}

/* Pruning before the moves at a non-PV turn start (README, "Search and evaluation"): reverse
 * futility, then null move (pass the whole turn). Returns the node's value, or SCORE_NONE to
 * search on. */
static int prune_turn_start(Thread *t, int beta, int depth, int ply, int staticEval, const TTData *tte,
                            int ttScore) {
    Position *p = &t->pos;
    int eval = staticEval;
    if (tte && (tte->bound == BOUND_EXACT || (tte->bound == BOUND_LOWER) == (ttScore > eval)))
        eval = ttScore; /* the TT bound is a better estimate */
    if (depth <= 6 && eval - 90 * depth >= beta && eval < SCORE_MATE_BOUND)
        return eval;
    if (depth >= 2 && eval >= beta && !t->nullMove[ply] && has_officers(p, pos_turn(p)) &&
        beta > -SCORE_MATE_BOUND && beta < SCORE_MATE_BOUND) {
        int r = 3 + depth / 4 + ((eval - beta) / 200 < 3 ? (eval - beta) / 200 : 3);
        pos_do_null(p);
        t->nullMove[ply + 1] = true;
        t->pvLen[ply + 1] = ply + 1;
        int v = -search(t, -beta, -beta + 1, depth - 1 - r, ply + 1);
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
 * at a node of `phase`. */
static int reduction(const Thread *t, int phase, int us, Move m, int depth, int moveCount, bool pvNode, int ply) {
    int r = LMR[depth < 63 ? depth : 63][moveCount < 63 ? moveCount : 63];
    r -= pvNode;
    r -= t->history[phase][us][move_from(m)][move_to(m)] / 8000;
    if (m == t->killers[ply][0] || m == t->killers[ply][1])
        r--;
    return r < 0 ? 0 : r > depth - 1 ? depth - 1 : r;
}

/* A root decision finished searching: keep its score and PV if it is the first or a new best
 * (the others are marked unsearched, so an interrupted iteration sorts them last). */
static void root_record(Thread *t, Move m, int v, int alpha, int beta, bool first) {
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

static int search(Thread *t, int alpha, int beta, int depth, int ply) {
    Position *p = &t->pos;
    if (depth <= 0)
        return qsearch(t, alpha, beta, ply);
    if (stopped(t))
        return 0;
    bool pvNode = beta - alpha > 1, root = ply == 0;
    if (ply > t->seldepth)
        t->seldepth = ply;
    t->pvLen[ply] = ply;
    int phase = pos_phase(p), us = pos_decider(p);
    bool base = phase == PHASE_BASE;

    if (!root) {
        if (base && is_draw(p))
            return 0;
        if (ply >= MAX_PLY - 1)
            return evaluate(p);
        /* Mate distance: nothing here is better than mating with the next decision. */
        if (alpha < mated_in(ply + 1))
            alpha = mated_in(ply + 1);
        if (beta > mate_in(ply + 1))
            beta = mate_in(ply + 1);
        if (alpha >= beta)
            return alpha;
    }

    Key key = pos_key(p);
    TTData tte = {0};
    bool hit = tt_probe(key, &tte);
    Move ttMove = hit ? tte.move : MOVE_NONE;
    int ttScore = hit ? score_from_tt(tte.score, ply) : SCORE_NONE;
    if (root)
        ttMove = t->root[t->pvIdx].move;
    if (hit && !pvNode && !root && tte.depth >= depth &&
        (tte.bound == BOUND_EXACT || (tte.bound == BOUND_LOWER && ttScore >= beta) ||
         (tte.bound == BOUND_UPPER && ttScore <= alpha)))
        return ttScore;

    /* A choice node: a base move, or a forced reply (its owner picks among the moves of one
     * piece, R2.3). Reactive steps (R2.5) are few and decide mates: never pruned. */
    bool choice = phase != PHASE_REACT;
    bool inCheck = base && t->classical && pos_in_check(p, us); /* never in QEC (R2.5) */
    int staticEval = TT_EVAL_NONE;
    if (choice)
        staticEval = hit && tte.eval != TT_EVAL_NONE ? tte.eval : evaluate(p);

    if (base && !pvNode && !root && !inCheck) {
        int v = prune_turn_start(t, beta, depth, ply, staticEval, hit ? &tte : NULL, ttScore);
        if (v != SCORE_NONE)
            return v;
    }
    /* No TT move at a deep node: search it shallower first (internal iterative reduction). */
    if (base && !root && depth >= 4 && !ttMove)
        depth--;

    Move list[MAX_MOVES], quiets[MAX_MOVES];
    int scores[MAX_MOVES], nquiets = 0;
    int n;
    if (root) {
        n = 0;
        for (int i = t->pvIdx; i < t->nRoot; i++)
            list[n++] = t->root[i].move;
    } else
        n = pos_legal_decisions(p, list);
    if (n == 0) /* only a turn start can have none: R4.3 stalemate, or R7.4 mated */
        return pos_in_check(p, us) ? mated_in(ply) : 0;
    score_moves(t, list, scores, n, ttMove, ply);
    if (root) /* keep the root order of the last iteration */
        for (int i = 0; i < n; i++)
            scores[i] = n - i;

    int best = -SCORE_INFINITE, moveCount = 0;
    Move bestMove = MOVE_NONE;
    for (int i = 0; i < n; i++) {
        Move m = pick(list, scores, n, i);
        bool quiet = !is_tactical(p, m);
        moveCount++;
        bool mayPrune = choice && !root && !inCheck && best > -SCORE_MATE_BOUND;
        bool lateQuiet = mayPrune && quiet && m != ttMove;
        /* Decided before the move: bad captures at shallow depth (SEE). */
        if (mayPrune && !quiet && depth <= 4 && scores[i] < SCORE_GOOD_CAPTURE && !see_ge(p, m, -120 * depth)) {
            do_decision(t, m);
            bool tactical = pos_phase(p) != PHASE_BASE;
            pos_undo(p);
            if (!tactical)
                continue;
        }
        do_decision(t, m);
        /* A decision that checks (a reactive step follows, or mate) is never pruned or
         * reduced: with R2.5 any check may be mate. One that hands the counterpart a forced
         * reply is an ordinary move for pruning: the reply is the opponent's choice. */
        bool inTurn = pos_phase(p) == PHASE_REACT || pos_phase(p) == PHASE_OVER ||
                      (t->classical && pos_in_check(p, pos_decider(p))); /* a classical check */
        if (lateQuiet && !inTurn) {
            bool lmp = depth <= 5 && moveCount > 4 + depth * depth;
            bool futile = depth <= 5 && staticEval + 120 + 100 * depth <= alpha;
            if (lmp || futile) {
                pos_undo(p);
                continue;
            }
        }
        int v;
        if (moveCount == 1)
            v = child_value(t, us, alpha, beta, depth, ply);
        else {
            int r = 0;
            if (depth >= 3 && quiet && !inTurn && choice)
                r = reduction(t, phase, us, m, depth, moveCount, pvNode, ply);
            v = child_value(t, us, alpha, alpha + 1, depth - r, ply);
            if (r > 0 && v > alpha)
                v = child_value(t, us, alpha, alpha + 1, depth, ply);
            if (pvNode && v > alpha && v < beta)
                v = child_value(t, us, alpha, beta, depth, ply);
        }
        pos_undo(p);
        if (stopped(t))
            return 0;

        if (root)
            root_record(t, m, v, alpha, beta, moveCount == 1);
        if (v > best) {
            best = v;
            if (v > alpha) {
                bestMove = m;
                if (pvNode && !root)
                    pv_update(t, ply, m);
                if (v >= beta)
                    break;
                alpha = v;
            }
        }
        if (quiet && nquiets < MAX_MOVES)
            quiets[nquiets++] = m;
    }
    if (bestMove && best >= beta && !is_tactical(p, bestMove))
        update_quiet_stats(t, ply, bestMove, quiets, nquiets, depth);
    int bound = best >= beta ? BOUND_LOWER : pvNode && bestMove ? BOUND_EXACT : BOUND_UPPER;
    if (!root || t->pvIdx == 0)
        tt_store(key, bestMove, score_to_tt(best, ply), staticEval, depth, bound);
    return best;
}

/* ---------------------------------------------------------------- iterative deepening */

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

static int root_score(const RootMove *rm) { return rm->score != SCORE_NONE ? rm->score : rm->prevScore; }

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
static void report_iteration(Thread *t) {
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
        int v = search(t, alpha, beta, depth, 0);
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

static bool time_says_stop(const Thread *t, int prevBest, int stableIters) {
    if (!pool.softMs)
        return false;
    if (t->nRoot == 1) /* one option: nothing to think about */
        return true;
    double scale = stableIters >= 4 ? 0.5 : stableIters >= 2 ? 0.8 : 1.3;
    int drop = prevBest != SCORE_NONE ? prevBest - t->root[0].score : 0;
    if (drop > 30)
        scale *= 1.4;
    return (double)(now_ms() - pool.startMs) >= pool.softMs * scale;
}

static void iterative_deepening(Thread *t) {
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
}

/* One whole search: policy or Lazy SMP. Returns the best decision and the ponder move. */
static Move run_search(const Position *root, Move *ponder) {
    Thread *main = pool.threads[0];
    *ponder = MOVE_NONE;
    pool.rootDecider = pos_decider(root);
    init_time(&pool.lim, pool.rootDecider);
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
    for (int d = 1; d < 64; d++)
        for (int m = 1; m < 64; m++)
            LMR[d][m] = (int)(0.5 + log(d) * log(m) / 2.3);
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

void search_clear(void) {
    if (atomic_load(&pool.busy)) {
        search_stop();
        search_wait();
    }
    tt_clear();
    for (int i = 0; i < pool.nthreads; i++) {
        memset(pool.threads[i]->history, 0, sizeof pool.threads[i]->history);
        memset(pool.threads[i]->killers, 0, sizeof pool.threads[i]->killers);
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
