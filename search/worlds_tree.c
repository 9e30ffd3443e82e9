/* The Haft Schroedinger tree: PVS with a TT keyed by worlds_key (the board and the world set: the
 * same board with other worlds has other legal moves, S2.1), null move, reverse futility, late
 * move pruning and reductions, and a quiescence over captures and promotions. Depth and ply
 * count plies; scores are negamax values for the side to move.
 *
 * Legality is the expensive part of a node (S2.1 over the world sets), so moves come in stages:
 * the TT move first, after worlds_is_legal (a TT entry may belong to another position with the same
 * key index, or be torn), and the legal list only when it did not cut off. */
#include <limits.h>
#include <math.h>

#include "../engine/bitboard.h"
#include "../eval/worlds.h"
#include "worlds_thread.h"
#include "tree.h"
#include "timeman.h"
#include "tt.h"

enum {
    QS_ALL_CAPTURES = 4, /* quiescence plies with every capture; past them only recaptures */
    QS_MAX = 16,
    SC_TT = INT_MAX,
    SC_TACTICAL = 1 << 28,
    SC_KILLER = 1 << 27,
    SC_BAD_CAPTURE = -(1 << 28),
    HISTORY_MAX = 16000,
};

static int LMR[64][64]; /* [depth][move count], set once by worlds_tree_init */

static void init_lmr(void) {
    for (int d = 1; d < 64; d++)
        for (int m = 1; m < 64; m++)
            LMR[d][m] = (int)(0.75 + log(d) * log(m) / 2.25);
}

/* Once per program: a second search object must not rewrite the table under a running one. */
void worlds_tree_init(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, init_lmr);
}

/* ---------------------------------------------------------------- helpers */

static inline bool is_capture(const WorldsState *s, Move m) { return s->board[move_to(m)] || move_flag(m) == MF_EP; }
static inline bool is_tactical(const WorldsState *s, Move m) { return is_capture(s, m) || move_flag(m) == MF_PROMO; }

/* Plays a move the caller knows to be legal (or a TT move checked by worlds_is_legal); counts the
 * node and, on the main thread, checks the limits every 256 nodes (a worlds node costs several
 * microseconds, so that is well under a millisecond) or at every node under a node limit. Only
 * the main tree's moves run the caller's poll; one due in quiescence waits for the next of them
 * (pollDue), so that quiescence is never on the stack when the poll yields (as in search.c:
 * the WebAssembly one-thread build leaves it out of Asyncify's instrumented functions). */
static inline bool make_counted(WorldsThread *t, Move m, bool mayPoll) {
    if (!worlds_do_move(&t->pos, m))
        return false;
    uint64_t n = atomic_load_explicit(&t->core.nodes, memory_order_relaxed) + 1;
    atomic_store_explicit(&t->core.nodes, n, memory_order_relaxed);
    if (t->core.idx == 0 && ((n & 255) == 0 || t->core.sc->lim.nodes || (mayPoll && t->pollDue))) {
        t->pollDue = !mayPoll;
        if (mayPoll)
            core_check_limits(t->core.sc);
        else
            core_check_limits_unpolled(t->core.sc);
    }
    return true;
}
static bool make(WorldsThread *t, Move m) { return make_counted(t, m, true); }
static bool quiesce_make(WorldsThread *t, Move m) { return make_counted(t, m, false); }

/* The value of a draw for the side to move at ply: the root's side (even plies) pays the
 * contempt (WORLDS_CONTEMPT). */
static inline int draw_value(int ply) { return ply & 1 ? WORLDS_CONTEMPT : -WORLDS_CONTEMPT; }

/* S3.3 in the tree: 100 plies without capture or pawn move, one piece a side, or a position seen
 * before on this line or in the game (the second occurrence already: the side that could
 * repeat can repeat again). */
static bool is_draw(const WorldsPos *p) {
    const WorldsState *s = worlds_st(p);
    return s->halfmove >= 100 || (popcount(s->by_color[WHITE]) == 1 && popcount(s->by_color[BLACK]) == 1) ||
           worlds_repeated(p);
}

static inline void pv_update(WorldsThread *t, int ply, Move m) {
    pv_rows_update(&t->pv[0][0], WORLDS_MAX_PLY + 1, t->pvLen, ply, m);
}

/* The value of what a move takes (the mean over the victim's possible types) for MVV-LVA. */
static int victim_value(const WorldsState *s, const unsigned types[2][16], Move m) {
    int pc = s->board[move_to(m)];
    int v = !pc || worlds_piece_id(pc) == WORLDS_PAWN_ID ? 100 : worlds_type_value(types[worlds_piece_color(pc)][worlds_piece_id(pc)]);
    return move_flag(m) == MF_PROMO ? v + 600 : v;
}

static int attacker_value(const WorldsState *s, const unsigned types[2][16], Move m) {
    int pc = s->board[move_from(m)];
    return worlds_piece_id(pc) == WORLDS_PAWN_ID ? 100 : worlds_type_value(types[worlds_piece_color(pc)][worlds_piece_id(pc)]);
}

/* Whether m may give check in some world (S3.1): the mover, by any type it can still be, attacks
 * a major of the opponent that may be the king. Discovered attacks are not seen: this only
 * keeps such moves from being pruned or reduced, where mates hide behind quiet moves. */
static bool may_check(const WorldsState *s, const unsigned types[2][16], Move m) {
    int us = s->stm, them = !us, from = move_from(m), to = move_to(m), pc = s->board[from];
    Bitboard kings = 0;
    for (int id = 0; id < 8; id++)
        if (s->major_sq[them][id] != NO_SQ && (types[them][id] & WORLDS_K))
            kings |= sq_bb(s->major_sq[them][id]);
    if (worlds_piece_id(pc) == WORLDS_PAWN_ID && move_flag(m) != MF_PROMO)
        return (BB_PAWN_ATTACKS[us][to] & kings) != 0;
    Bitboard occ = (s->by_color[WHITE] | s->by_color[BLACK] | sq_bb(to)) & ~sq_bb(from);
    unsigned t = move_flag(m) == MF_PROMO ? WORLDS_PROMO_TYPES : types[us][worlds_piece_id(pc)];
    return (worlds_reach(t, to, occ) & kings) != 0;
}

/* MVV-LVA for captures and promotions that do not lose material (worlds_see), then killers, then
 * history; losing captures last. */
static void score_moves(const WorldsThread *t, const unsigned types[2][16], const Move *list, int *scores, int n, int ply) {
    const WorldsState *s = worlds_st(&t->pos);
    for (int i = 0; i < n; i++) {
        Move m = list[i];
        if (is_tactical(s, m))
            scores[i] = (worlds_see(s, types, m) >= 0 ? SC_TACTICAL : SC_BAD_CAPTURE) + victim_value(s, types, m) * 16 -
                        attacker_value(s, types, m) / 16;
        else if (m == t->killers[ply][0] || m == t->killers[ply][1])
            scores[i] = SC_KILLER + (m == t->killers[ply][0]);
        else
            scores[i] = t->history[s->stm][move_from(m)][move_to(m)];
    }
}

static void add_history(int16_t *h, int bonus) {
    *h = (int16_t)(*h + bonus - *h * (bonus < 0 ? -bonus : bonus) / HISTORY_MAX);
}

/* A quiet move cut off: it becomes a killer, its history rises, the quiets tried before fall. */
static void update_quiet_stats(WorldsThread *t, int ply, Move best, const Move *tried, int ntried, int depth) {
    int stm = worlds_st(&t->pos)->stm, bonus = depth * depth < 400 ? depth * depth * 8 : 3200;
    if (t->killers[ply][0] != best) {
        t->killers[ply][1] = t->killers[ply][0];
        t->killers[ply][0] = best;
    }
    add_history(&t->history[stm][move_from(best)][move_to(best)], bonus);
    for (int i = 0; i < ntried; i++)
        if (tried[i] != best)
            add_history(&t->history[stm][move_from(tried[i])][move_to(tried[i])], -bonus);
}

/* ---------------------------------------------------------------- quiescence */

/* Captures and promotions (S2.5) over a stand-pat. With unknown types nearly every major
 * touches something, so after QS_ALL_CAPTURES plies only recaptures on the last move's square
 * are searched. No mate test here: a side with a legal quiet move may stand pat. */
static int quiesce(WorldsThread *t, int alpha, int beta, int ply, int qd) {
    WorldsPos *p = &t->pos;
    if (worlds_stopped(t))
        return 0;
    if (ply > t->core.seldepth)
        t->core.seldepth = ply;
    t->pvLen[ply] = ply;
    const WorldsState *s = worlds_st(p);
    if (s->halfmove >= 100)
        return draw_value(ply);
    unsigned types[2][16];
    worlds_all_types(p, types);
    if (ply >= WORLDS_MAX_PLY - 1 || qd >= QS_MAX)
        return worlds_evaluate_known(p, types, WORLDS_EVAL_WEIGHTS);

    Key key = worlds_key(p);
    TTData tte = {0};
    bool hit = tt_probe(core_tt(&t->core), key, &tte);
    if (hit && beta - alpha == 1) {
        int v = score_from_tt(tte.score, ply);
        if (tte.bound == BOUND_EXACT || (tte.bound == BOUND_LOWER && v >= beta) ||
            (tte.bound == BOUND_UPPER && v <= alpha))
            return v;
    }
    int staticEval = hit && tte.eval != TT_EVAL_NONE ? tte.eval : worlds_evaluate_known(p, types, WORLDS_EVAL_WEIGHTS);
    int best = staticEval, origAlpha = alpha;
    if (best >= beta)
        return best;
    if (best > alpha)
        alpha = best;

    Move list[WORLDS_MAX_MOVES];
    int scores[WORLDS_MAX_MOVES], n = 0, nc = worlds_gen_candidates(p, list);
    int recapture = qd >= QS_ALL_CAPTURES ? move_to(s->move) : -1;
    for (int i = 0; i < nc; i++)
        if (is_tactical(s, list[i]) && (recapture < 0 || move_to(list[i]) == recapture))
            list[n++] = list[i];
    score_moves(t, types, list, scores, n, ply);
    Move bestMove = MOVE_NONE;
    for (int i = 0; i < n; i++) {
        Move m = pick(list, scores, n, i);
        /* Delta pruning: even winning the victim outright cannot reach alpha. */
        if (move_flag(m) != MF_PROMO && staticEval + victim_value(s, types, m) + 150 <= alpha)
            continue;
        if (scores[i] < 0) /* loses material if the defenders are what they may be (worlds_see) */
            continue;
        if (!worlds_is_legal(p, m) || !quiesce_make(t, m)) /* candidates: S2.1 decides here */
            continue;
        int v = -quiesce(t, -beta, -alpha, ply + 1, qd + 1);
        worlds_undo_move(p);
        if (worlds_stopped(t))
            return 0;
        s = worlds_st(p); /* the stack may have grown */
        if (raise_best(v, m, &best, &alpha, &bestMove)) {
            pv_update(t, ply, m);
            if (v >= beta)
                break;
        }
    }
    tt_store(core_tt(&t->core), key, bestMove, score_to_tt(best, ply), staticEval, TT_DEPTH_QS,
             qs_bound(best, origAlpha, beta));
    return best;
}

/* ---------------------------------------------------------------- the tree */

/* Before the moves at a non-PV node: reverse futility, then null move. A null move is only
 * sound when the side to move is in check in no world (S3.1): a pass would otherwise drop the
 * worlds in which it is, which is not a move the rules allow. Returns the node's value or
 * SCORE_NONE to search on. */
static int prune_node(WorldsThread *t, int beta, int depth, int ply, int eval) {
    WorldsPos *p = &t->pos;
    if (depth <= 6 && eval - 100 * depth >= beta && eval < SCORE_MATE_BOUND)
        return eval;
    const WorldsState *s = worlds_st(p);
    if (depth >= 3 && eval >= beta && !t->nullMove[ply] && popcount(s->by_color[s->stm] & ~s->pawns[s->stm]) >= 2 &&
        beta > -SCORE_MATE_BOUND && beta < SCORE_MATE_BOUND && worlds_check_status(p) == WORLDS_CHECK_NONE) {
        int r = 3 + depth / 4 + ((eval - beta) / 200 < 3 ? (eval - beta) / 200 : 3);
        if (!worlds_do_null(p))
            return SCORE_NONE;
        t->nullMove[ply + 1] = true;
        t->pvLen[ply + 1] = ply + 1;
        int v = -worlds_tree(t, -beta, -beta + 1, depth - 1 - r, ply + 1);
        t->nullMove[ply + 1] = false;
        worlds_undo_move(p);
        if (worlds_stopped(t))
            return 0;
        if (v >= beta)
            return v >= SCORE_MATE_BOUND ? beta : v;
    }
    return SCORE_NONE;
}

/* The moves of a node in stages: the TT move alone (checked with worlds_is_legal), then the legal
 * list without it, scored. The root's moves are its root list in last iteration's order. */
typedef struct {
    Move list[WORLDS_MAX_MOVES];
    int scores[WORLDS_MAX_MOVES];
    int n;
    bool generated;
    Move ttMove;
    unsigned types[2][16]; /* of the node's position, for ordering and may_check */
} Stages;

static void stages_init(WorldsThread *t, Stages *st, Move ttMove, bool root) {
    st->n = 0;
    st->generated = root;
    st->ttMove = MOVE_NONE;
    worlds_all_types(&t->pos, st->types);
    if (root) {
        for (int i = t->core.pvIdx; i < t->core.nRoot; i++, st->n++) {
            st->list[st->n] = t->core.root[i].move;
            st->scores[st->n] = t->core.nRoot - i;
        }
    } else if (ttMove && worlds_is_legal(&t->pos, ttMove)) {
        st->list[0] = st->ttMove = ttMove;
        st->scores[0] = SC_TT;
        st->n = 1;
    }
}

static Move stages_next(WorldsThread *t, Stages *st, int i, int ply) {
    if (i == st->n && !st->generated) {
        Move legal[WORLDS_MAX_MOVES];
        int nl = worlds_gen_legal(&t->pos, legal), first = st->n;
        for (int j = 0; j < nl; j++)
            if (legal[j] != st->ttMove)
                st->list[st->n++] = legal[j];
        score_moves(t, st->types, st->list + first, st->scores + first, st->n - first, ply);
        st->generated = true;
    }
    return i < st->n ? pick(st->list, st->scores, st->n, i) : MOVE_NONE;
}

static int reduction(const WorldsThread *t, Move m, int depth, int moveCount, bool pvNode, int ply) {
    int r = LMR[depth < 63 ? depth : 63][moveCount < 63 ? moveCount : 63];
    r -= pvNode;
    r -= t->history[worlds_st(&t->pos)->stm][move_from(m)][move_to(m)] / 6000;
    if (m == t->killers[ply][0] || m == t->killers[ply][1])
        r--;
    return r < 0 ? 0 : r > depth - 2 ? depth - 2 : r;
}

/* The child's value after move number moveCount: PVS with late move reductions. */
static int child_value(WorldsThread *t, int alpha, int beta, int depth, int ply, int moveCount, int r, bool pvNode) {
    if (moveCount == 1)
        return -worlds_tree(t, -beta, -alpha, depth - 1, ply + 1);
    int v = -worlds_tree(t, -alpha - 1, -alpha, depth - 1 - r, ply + 1);
    if (r > 0 && v > alpha)
        v = -worlds_tree(t, -alpha - 1, -alpha, depth - 1, ply + 1);
    if (pvNode && v > alpha && v < beta)
        v = -worlds_tree(t, -beta, -alpha, depth - 1, ply + 1);
    return v;
}

/* No legal move (S3.2): mated when in check in every consistent world, else stalemate. */
static int no_move_value(const WorldsPos *p, int ply) {
    return worlds_check_status(p) == WORLDS_CHECK_ALL ? mated_in(ply) : draw_value(ply);
}

int worlds_tree(WorldsThread *t, int alpha, int beta, int depth, int ply) {
    if (depth <= 0)
        return quiesce(t, alpha, beta, ply, 0);
    WorldsPos *p = &t->pos;
    if (worlds_stopped(t))
        return 0;
    bool pvNode = beta - alpha > 1, root = ply == 0;
    if (ply > t->core.seldepth)
        t->core.seldepth = ply;
    t->pvLen[ply] = ply;
    if (!root) {
        if (is_draw(p))
            return draw_value(ply);
        if (ply >= WORLDS_MAX_PLY - 1)
            return worlds_evaluate(p);
        if (alpha < mated_in(ply)) /* mate distance: nothing here beats a mate found nearer */
            alpha = mated_in(ply);
        if (beta > mate_in(ply + 1))
            beta = mate_in(ply + 1);
        if (alpha >= beta)
            return alpha;
    }

    Key key = worlds_key(p);
    TTData tte = {0};
    bool hit = tt_probe(core_tt(&t->core), key, &tte);
    int ttScore = hit ? score_from_tt(tte.score, ply) : SCORE_NONE;
    if (hit && !pvNode && tte.depth >= depth &&
        (tte.bound == BOUND_EXACT || (tte.bound == BOUND_LOWER && ttScore >= beta) ||
         (tte.bound == BOUND_UPPER && ttScore <= alpha)))
        return ttScore;
    int staticEval = hit && tte.eval != TT_EVAL_NONE ? tte.eval : worlds_evaluate(p);
    if (!pvNode && !root) {
        int eval = staticEval;
        if (hit && (tte.bound == BOUND_EXACT || (tte.bound == BOUND_LOWER) == (ttScore > eval)))
            eval = ttScore; /* the TT bound is the better estimate */
        int v = prune_node(t, beta, depth, ply, eval);
        if (v != SCORE_NONE)
            return v;
    }

    Stages st;
    stages_init(t, &st, hit ? tte.move : MOVE_NONE, root);
    Move quiets[WORLDS_MAX_MOVES], bestMove = MOVE_NONE;
    int nquiets = 0, moveCount = 0, best = -SCORE_INFINITE;
    for (int i = 0;; i++) {
        Move m = stages_next(t, &st, i, ply);
        if (m == MOVE_NONE)
            break;
        const WorldsState *s = worlds_st(p);
        bool quiet = !is_tactical(s, m), calm = quiet && !may_check(s, st.types, m);
        moveCount++;
        if (!root && calm && m != st.ttMove && best > -SCORE_MATE_BOUND && depth <= 5 &&
            (moveCount > 3 + depth * depth || staticEval + 120 + 100 * depth <= alpha))
            continue; /* late move pruning and futility (a quiet move barely changes the eval) */
        int r = depth >= 3 && calm && moveCount > 1 ? reduction(t, m, depth, moveCount, pvNode, ply) : 0;
        if (!make(t, m)) {
            moveCount--;
            continue;
        }
        int v = child_value(t, alpha, beta, depth, ply, moveCount, r, pvNode);
        worlds_undo_move(p);
        if (worlds_stopped(t))
            return 0;
        if (root)
            core_root_record(&t->core, m, v, alpha, beta, moveCount == 1, t->pv[1], t->pvLen[1]);
        if (raise_best(v, m, &best, &alpha, &bestMove)) {
            if (pvNode)
                pv_update(t, ply, m);
            if (v >= beta)
                break;
        }
        if (quiet && nquiets < WORLDS_MAX_MOVES)
            quiets[nquiets++] = m;
    }
    if (moveCount == 0)
        return root ? 0 : no_move_value(p, ply);
    if (bestMove && best >= beta && !is_tactical(worlds_st(p), bestMove))
        update_quiet_stats(t, ply, bestMove, quiets, nquiets, depth);
    int bound = best >= beta ? BOUND_LOWER : pvNode && bestMove ? BOUND_EXACT : BOUND_UPPER;
    if (!root || t->core.pvIdx == 0)
        tt_store(core_tt(&t->core), key, bestMove, score_to_tt(best, ply), staticEval, depth, bound);
    return best;
}
