/* The Haft Schroedinger search and eval (issue 11 item 4). Positions are built by moves from the
 * start; what the search answers is checked against the rules core, never against the search:
 * a mate is a move after which worlds_result says S3.2 checkmate, a mate in 2 is checked by trying
 * every reply, a legal move is one worlds_gen_legal lists (S2.1). Prints "worlds_search_test: N
 * passed, N failed". Argument "quick": fewer random positions (sanitizer builds). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../eval/worlds.h"
#include "../../search/worlds_search.h"
#include "../../search/worlds_thread.h"
#include "../../search/tt.h"
#include "../check.h"
#include "../rng.h"

static WorldsSearch *hs;

static const char *tok(Move m) {
    static char buf[4][6];
    static int i;
    i = (i + 1) & 3;
    worlds_move_str(m, buf[i]);
    return buf[i];
}

/* The start position and the moves of `line` (S4.2); exits on a move the rules refuse. */
static void setup(WorldsPos *p, const char *line) {
    char buf[4096], *save = NULL;
    worlds_pos_reset(p);
    snprintf(buf, sizeof buf, "%s", line);
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        const char *why = NULL;
        Move m = worlds_parse_move(p, t, &why);
        if (m == MOVE_NONE || !worlds_do_move(p, m)) {
            printf("FAIL setup: '%s' refused (%s) in %s\n", t, why ? why : "?", line);
            exit(1);
        }
    }
}

static SearchLimits limits(int depth, uint64_t nodes) {
    SearchLimits l;
    memset(&l, 0, sizeof l);
    l.time[WHITE] = l.time[BLACK] = -1;
    l.depth = depth;
    l.nodes = nodes;
    return l;
}

static Move search(WorldsPos *p, int depth, uint64_t nodes, int threads, int policy, SearchInfo *info) {
    SearchLimits l = limits(depth, nodes);
    SearchOptions o = {16, threads, 1, 0, policy, false, false, SKILL_FULL};
    return worlds_search_run(hs, p, &l, &o, 7, info);
}

static bool is_legal(WorldsPos *p, Move m) {
    Move list[WORLDS_MAX_MOVES];
    int n = worlds_gen_legal(p, list);
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return true;
    return false;
}

/* S3.2: after m the opponent has no legal move and is in check in every consistent world. */
static bool mates(WorldsPos *p, Move m) {
    if (!worlds_do_move(p, m))
        return false;
    bool r = worlds_result(p) == WORLDS_CHECKMATE;
    worlds_undo_move(p);
    return r;
}

static bool has_mate_in_1(WorldsPos *p) {
    Move list[WORLDS_MAX_MOVES];
    int n = worlds_gen_legal(p, list);
    for (int i = 0; i < n; i++)
        if (mates(p, list[i]))
            return true;
    return false;
}

/* m forces a mate on the next move: the opponent has replies, and after each one a mate in 1. */
static bool forces_mate(WorldsPos *p, Move m) {
    if (!worlds_do_move(p, m))
        return false;
    Move list[WORLDS_MAX_MOVES];
    int n = worlds_gen_legal(p, list);
    bool ok = n > 0;
    for (int i = 0; i < n && ok; i++) {
        worlds_do_move(p, list[i]);
        ok = has_mate_in_1(p);
        worlds_undo_move(p);
    }
    worlds_undo_move(p);
    return ok;
}

/* ---------------------------------------------------------------- mates */

/* Positions found offline by playing the engine against itself and kept when the rules core
 * (worlds_result, S3.2) shows a mate in 1 or a forced mate in 2 for the side to move; the test
 * re-checks that with the rules before it asks the search. */
static const char *const MATE1[] = {
     "c2c4 c7c5 c1b3 d8e6 a2a4 b8f4 b3c5 f4c4 c5b3 g7g6 d2d3 c4f4 d1d2 a8c7 h2h3 c7d5 e2e3 "
     "f4d6 a1a3 d6e5 f2f4 e5d4 b3d4 d5e3 d2e3 h8d4 e3f3 c8c7 f3f2 d4f2 e1f2 f8g7 f2h4 b7b6 "
     "g2g4 g7h6 g4g5 h6h5 h4e1 d7d6",
     "a2a3 a7a5 e2e3 b7b5 h2h4 f7f5 c2c4 d7d6 g2g4 f5g4 c4b5 c8f5 e3e4 a5a4 e4f5 f8f7 g1g4 "
     "a8b6 f1g3 e8b5 g3h5 g8h6 g4d4 b5a5 b2b4 a4b3 d1b3 c7c6 c1c6 f7f5 d4f4 f5h5 a3a4 h6f7 "
     "f4f7 h5e5 f2f4 e5c5 d2d4 c5c6 e1a5 d6d5 b1f5 d8e8 a5b6 c6c3 b6e6 c3c1 a1b2 c1h1 b3d5 "
     "h1h2 e6e2 h2e2 b2c3 e2f2 c3d3 h7h6 d5c4 b8f4 f5g6 e8a8 f7e7 a8a4",
    NULL,
};
static const char *const MATE2[] = {
     "g2g3 d7d5 b1a3 e7e5 d2d4 e5e4 h2h3 h8g6 e1a5 b7b6 c1b1 b6a5 c2c3 c7c5 f2f4 b8b4 c3b4 "
     "a5b4 a1c2 b4a3 c2a3 d8f6 f4f5 c8f5 d4c5 f8d6 c5d6 f5e5 g1c5 a8b6 c5c6 f6g5 h3h4 g5e3 "
     "h1g2 e8d8 a3b5 a7a6 c6c7 d8d7 c7b8 g6f8 b8f8 g8f8 b5c7 g7g5 c7a6 g5h4 g2h3 d7d8 b2b4 "
     "e5g3 f1f2 e3f2 h3f5 h7h6 d6d7 g3h2 a2a4 h2g2 a6c7 g2g5 f5h3 g5g3 a4a5 b6d7 d1f1",
     "a2a3 a7a5 e2e3 b7b5 h2h4 f7f5 c2c4 d7d6 g2g4 f5g4 c4b5 c8f5 e3e4 a5a4 e4f5 f8f7 g1g4 "
     "a8b6 f1g3 e8b5 g3h5 g8h6 g4d4 b5a5 b2b4 a4b3 d1b3 c7c6 c1c6 f7f5 d4f4 f5h5 a3a4 h6f7 "
     "f4f7 h5e5 f2f4 e5c5 d2d4 c5c6 e1a5 d6d5 b1f5 d8e8 a5b6 c6c3 b6e6 c3c1 a1b2 c1h1 b3d5 "
     "h1h2 e6e2 h2e2 b2c3 e2f2 c3d3 h7h6 d5c4 b8f4 f5g6 e8a8 f7e7 a8a4 g6e4 a4a3 c4b3 a3b3 "
     "d3c4 f4e5",
     "c2c4 c7c5 c1b3 d8e6 a2a4 b8f4 b3c5 f4c4 c5b3 g7g6 d2d3 c4f4 d1d2 a8c7 h2h3 c7d5 e2e3 "
     "f4d6 a1a3 d6e5 f2f4 e5d4 b3d4 d5e3 d2e3 h8d4 e3f3 c8c7 f3f2 d4f2 e1f2 f8g7 f2h4 b7b6 "
     "g2g4 g7h6 g4g5 h6h5 h4e1 d7d6 f4f5 g6f5 h3h4 f5f4 d3d4 h5g6 b1c3 f7f5 e1d2 e8c6 d4d5 "
     "c6b5 d2f4 b5f1 d5e6 f1c4 g1g3 c7b7 g3e3 b7c7 a4a5 g6h5 f4g3 c7c5 c3b1 c4d5 h1g1 d5c6 "
     "a5b6 a7b6 g1h2 c5c2 g3f2 c2f2 h2g3 f2b2 a3b3 b2b3 g3f2 b3b1 f2g3 c6d5 e3d3 d5e6 d3d4 "
     "b6b5 d4d5 e6d5 g3f4",
    NULL,
};

static void test_mate_in_1(WorldsPos *p) {
    for (int i = 0; MATE1[i]; i++) {
        setup(p, MATE1[i]);
        CHECK(has_mate_in_1(p), "position %d has a mate in 1 by the rules (S3.2)", i);
        SearchInfo info;
        Move m = search(p, 4, 0, 1, POLICY_SEARCH, &info);
        CHECK(mates(p, m), "mate in 1 #%d: %s does not mate (S3.2)", i, tok(m));
        CHECK(info.mateTurns == 1, "mate in 1 #%d: reported mate %d", i, info.mateTurns);
    }
}

static void test_mate_in_2(WorldsPos *p) {
    for (int i = 0; MATE2[i]; i++) {
        setup(p, MATE2[i]);
        CHECK(!has_mate_in_1(p), "position %d has no mate in 1", i);
        SearchInfo info;
        Move m = search(p, 9, 0, 1, POLICY_SEARCH, &info);
        CHECK(forces_mate(p, m), "mate in 2 #%d: after %s some reply escapes the mate", i, tok(m));
        CHECK(info.mateTurns == 2, "mate in 2 #%d: reported mate %d", i, info.mateTurns);
    }
}

/* ---------------------------------------------------------------- legality */

static uint64_t rng = 0x9E3779B97F4A7C15ULL;
static uint64_t next_rand(void) {
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return rng;
}

/* A random game of `plies` plies from the start (S2.1 moves only); false if it ended. */
static bool random_position(WorldsPos *p, int plies) {
    worlds_pos_reset(p);
    for (int i = 0; i < plies; i++) {
        Move list[WORLDS_MAX_MOVES];
        int n = worlds_gen_legal(p, list);
        if (!n || worlds_result(p) != WORLDS_ONGOING)
            return false;
        worlds_do_move(p, list[next_rand() % (uint64_t)n]);
    }
    return worlds_result(p) == WORLDS_ONGOING;
}

/* Every search answer over many random positions is legal (S2.1), in every policy and with two
 * threads; the root is unchanged afterwards. */
static void test_random_positions(WorldsPos *p, int count) {
    static const int POLICIES[4] = {POLICY_SEARCH, POLICY_RANDOM, POLICY_GREEDY, POLICY_MINIMAX2};
    int tried = 0;
    for (int i = 0; tried < count && i < count * 4; i++) {
        if (!random_position(p, 4 + (int)(next_rand() % 120)))
            continue;
        tried++;
        Key before = worlds_key(p);
        int policy = POLICIES[tried % 4], threads = tried % 5 == 0 ? 2 : 1;
        SearchInfo info;
        Move m = search(p, 0, policy == POLICY_SEARCH ? 3000 : 400, threads, policy, &info);
        CHECK(is_legal(p, m), "random position %d (policy %d, %d threads): %s is not legal", tried, policy, threads,
              tok(m));
        CHECK(worlds_key(p) == before, "random position %d: the root changed", tried);
        for (int j = 0; j < info.pvLen && policy == POLICY_SEARCH; j++) { /* the PV is a legal line */
            bool ok = is_legal(p, info.pv[j]);
            CHECK(ok, "random position %d: PV move %d %s not legal", tried, j, tok(info.pv[j]));
            if (!ok)
                break;
            worlds_do_move(p, info.pv[j]);
        }
        while (worlds_key(p) != before && p->top > 0)
            worlds_undo_move(p);
    }
    CHECK(tried >= count / 2, "only %d random positions", tried);
}

/* The TT is keyed by worlds_key; an entry may belong to another position. Fill the
 * entries of the root's children with moves that are not legal there (the other side's moves,
 * moves onto own pieces, 16-bit noise, candidates that no world allows, S2.1): worlds_is_legal must
 * refuse each, and the search must still answer a legal move with a legal PV. */
static void test_tt_move_checked(WorldsPos *p) {
    setup(p, "e2e4 b8c6 g1f3 g8f6 b1c3 c6d4");
    Move root[WORLDS_MAX_MOVES], cand[WORLDS_MAX_MOVES], legal[WORLDS_MAX_MOVES];
    int n = worlds_gen_legal(p, root), refused = 0;
    tt_clear(&hs->core.tt);
    for (int i = 0; i < n; i++) {
        worlds_do_move(p, root[i]);
        int nc = worlds_gen_candidates(p, cand), nl = worlds_gen_legal(p, legal);
        Move bad = root[(i + 1) % n]; /* a move of the side that just moved */
        for (int j = 0; j < nc; j++) { /* prefer a candidate no world allows (S2.1) */
            bool isLegal = false;
            for (int k = 0; k < nl; k++)
                isLegal |= legal[k] == cand[j];
            if (!isLegal)
                bad = cand[j];
        }
        if (i % 3 == 1)
            bad = (Move)next_rand();
        bool listed = false;
        for (int k = 0; k < nl; k++)
            listed |= legal[k] == bad;
        if (!listed) {
            CHECK(!worlds_is_legal(p, bad), "worlds_is_legal accepts %s, which is not in the legal list", tok(bad));
            refused++;
        }
        tt_store(&hs->core.tt, worlds_key(p), bad, 0, 0, 1, BOUND_LOWER);
        worlds_undo_move(p);
    }
    CHECK(refused >= n / 2, "only %d of %d planted moves were illegal", refused, n);
    SearchLimits l = limits(4, 0);
    SearchOptions o = {16, 1, 1, 0, POLICY_SEARCH, false, false, SKILL_FULL};
    SearchInfo info;
    Move m = worlds_search_run(hs, p, &l, &o, 1, &info); /* no clear: the planted entries are read */
    CHECK(is_legal(p, m), "with planted TT moves the answer %s is not legal", tok(m));
    int depth = 0;
    for (int j = 0; j < info.pvLen && is_legal(p, info.pv[j]); j++, depth++)
        worlds_do_move(p, info.pv[j]);
    CHECK(depth == info.pvLen, "PV move %d not legal after planted TT moves", depth);
    while (depth--)
        worlds_undo_move(p);
}

/* ---------------------------------------------------------------- eval, limits */

static void test_eval(WorldsPos *p) {
    /* The start is symmetric: the only difference is the tempo of the side to move. */
    setup(p, "");
    CHECK(worlds_evaluate(p) == WORLDS_EVAL_WEIGHTS[HE_TEMPO], "start eval %d", worlds_evaluate(p));
    /* A mirrored pair of moves keeps the symmetry. */
    setup(p, "g1f3 g8f6");
    CHECK(worlds_evaluate(p) == WORLDS_EVAL_WEIGHTS[HE_TEMPO], "symmetric eval %d", worlds_evaluate(p));
    /* 1. e4 d5 2. exd5: white is a pawn up (material counts pawns at 100). */
    setup(p, "e2e4 d7d5 e4d5");
    CHECK(worlds_eval_material(p) == -100, "black to move, a pawn down: %d", worlds_eval_material(p));
    /* A captured major counts as the mean of its possible types (S1.4): b1 jumped like a
     * knight, which only a knight does (S2.3), so the pawn that takes it on b5 wins a knight. */
    setup(p, "b1c3 a7a6 c3b5 a6b5");
    CHECK(worlds_eval_material(p) == -320, "the knight b1 (fixed by its jump, S2.3) for a pawn at the baselines' "
          "fixed measure: %d", worlds_eval_material(p));
}

/* The tuner's trace (worlds_trace) is the eval: for random weight tables (every term non-zero, so
 * a term the trace missed or counted twice shows) its dot product rounds to worlds_evaluate_with,
 * over positions of random games (captures, promotions, S2.5, and king candidates thinning).
 * Two coefficients are also counted here from the board: pawns and tempo. */
static void test_trace(WorldsPos *p, int games) {
    uint64_t seed = 0x5eed7ace;
    int checked = 0, bad = 0;
    for (int g = 0; g < games; g++) {
        worlds_pos_reset(p);
        for (int ply = 0; ply < 200 && worlds_result(p) == WORLDS_ONGOING; ply++) {
            Move list[WORLDS_MAX_MOVES];
            int n = worlds_gen_legal(p, list);
            worlds_do_move(p, list[test_rand(&seed) % (uint64_t)n]);
            int16_t w[HE_NTERMS];
            for (int i = 0; i < HE_NTERMS; i++)
                w[i] = (int16_t)((int)(test_rand(&seed) % 1001) - 500 + (i == HE_PAWN) * 600);
            int32_t coef[HE_NTERMS];
            worlds_trace(p, coef);
            int64_t dot = 0;
            for (int i = 0; i < HE_NTERMS; i++)
                dot += (int64_t)coef[i] * w[i];
            const WorldsState *s = worlds_st(p);
            int pawns = popcount(s->pawns[s->stm]) - popcount(s->pawns[!s->stm]);
            bool ok = worlds_eval_round(dot) == worlds_evaluate_with(p, w) && coef[HE_PAWN] == WORLDS_EVAL_SCALE * pawns &&
                      coef[HE_TEMPO] == WORLDS_EVAL_SCALE;
            if (!ok && bad++ < 3)
                printf("FAIL trace at game %d ply %d: dot %lld eval %d pawns %d coef %d\n", g, ply, (long long)dot,
                       worlds_evaluate_with(p, w), pawns, coef[HE_PAWN]);
            checked++;
        }
    }
    CHECK(bad == 0 && checked > games * 20, "worlds_trace reproduces worlds_evaluate_with: %d of %d positions differ", bad,
          checked);
}

static void test_limits(WorldsPos *p) {
    setup(p, "e2e4 e7e5");
    SearchInfo a, b;
    worlds_search_clear(hs);
    Move m1 = search(p, 5, 0, 1, POLICY_SEARCH, &a);
    worlds_search_clear(hs);
    Move m2 = search(p, 5, 0, 1, POLICY_SEARCH, &b);
    CHECK(m1 == m2 && a.nodes == b.nodes, "one thread is deterministic: %s %llu vs %s %llu", tok(m1),
          (unsigned long long)a.nodes, tok(m2), (unsigned long long)b.nodes);
    CHECK(a.depth == 5, "go depth 5 reports depth %d", a.depth);
    search(p, 0, 2000, 1, POLICY_SEARCH, &a);
    CHECK(a.nodes < 2000 + 600, "go nodes 2000 searched %llu", (unsigned long long)a.nodes);
    /* searchmoves: only the named move is searched. */
    SearchLimits l = limits(3, 0);
    SearchOptions o = {16, 1, 1, 0, POLICY_SEARCH, false, false, SKILL_FULL};
    l.nsearchmoves = 1;
    l.searchmoves[0] = worlds_parse_move(p, "a2a3", NULL);
    CHECK(worlds_search_run(hs, p, &l, &o, 1, NULL) == l.searchmoves[0], "searchmoves a2a3");
    /* MultiPV 3: three lines, best first. */
    o.multiPV = 3;
    l.nsearchmoves = 0;
    CHECK(is_legal(p, worlds_search_run(hs, p, &l, &o, 1, &a)), "MultiPV 3 answer");
}

/* Contempt (WORLDS_CONTEMPT): a move that repeats a position (S3.3, the tree's second occurrence)
 * scores -WORLDS_CONTEMPT for the side the search plays, whichever colour that is; a move that does
 * not repeat is not a draw. */
static void test_contempt(WorldsPos *p) {
    static const struct {
        const char *line, *move;
    } C[] = {{"b1c3 b8c6 c3b1 c6b8", "b1c3"}, {"b1c3 b8c6 c3b1 c6b8 b1c3 b8c6 c3b1", "c6b8"}};
    for (int i = 0; i < 2; i++) {
        setup(p, C[i].line);
        SearchLimits l = limits(4, 0);
        SearchOptions o = {16, 1, 1, 0, POLICY_SEARCH, false, false, SKILL_FULL};
        SearchInfo info;
        l.nsearchmoves = 1;
        l.searchmoves[0] = worlds_parse_move(p, C[i].move, NULL);
        worlds_search_clear(hs);
        worlds_search_run(hs, p, &l, &o, 1, &info);
        CHECK(info.score == -WORLDS_CONTEMPT, "%s repeats after %s: score %d, want -%d (contempt)", C[i].move, C[i].line,
              info.score, WORLDS_CONTEMPT);
    }
    setup(p, "b1c3 b8c6 c3b1 c6b8");
    CHECK(worlds_evaluate(p) != -WORLDS_CONTEMPT, "the start's eval is not the contempt (the next check means something)");
}

/* worlds_see: the exchange on the target square with every piece at the types it may still have
 * (S1.4, S2.2). g1f3 is a knight jump, so f3 is a knight (S2.3). Taking e5 loses it for the pawn
 * while e8 may be a rook or the queen on the open file; once e8 has jumped (a knight) e5 is
 * undefended and the pawn is won. A pawn trade on d5 that the d8 piece may retake (it may be a
 * rook or the queen) is even, and wins the pawn once c4 can retake. */
static void test_see(WorldsPos *p) {
    static const struct {
        const char *line, *move;
        int see;
    } C[] = {
        {"g1f3 e7e5", "f3e5", 100 - 320},
        {"g1f3 e7e5 b1c3 e8f6", "f3e5", 100},
        {"e2e4 d7d5", "e4d5", 0},
        {"e2e4 d7d5 c2c4 a7a6", "e4d5", 100},
    };
    for (size_t i = 0; i < sizeof C / sizeof C[0]; i++) {
        setup(p, C[i].line);
        unsigned types[2][16];
        worlds_all_types(p, types);
        Move m = worlds_parse_move(p, C[i].move, NULL);
        int v = m ? worlds_see(worlds_st(p), types, m) : -99999;
        CHECK(v == C[i].see, "SEE of %s after %s: %d, want %d", C[i].move, C[i].line, v, C[i].see);
    }
}

int main(int argc, char **argv) {
    bool quick = argc > 1 && !strcmp(argv[1], "quick");
    search_init();
    hs = worlds_search_new();
    WorldsPos p;
    if (!hs || !worlds_pos_init(&p)) {
        printf("worlds_search_test: 0 passed, 1 failed\n");
        return 1;
    }
    test_eval(&p);
    test_trace(&p, quick ? 4 : 40);
    test_mate_in_1(&p);
    test_mate_in_2(&p);
    test_tt_move_checked(&p);
    test_limits(&p);
    test_contempt(&p);
    test_see(&p);
    test_random_positions(&p, quick ? 24 : 160);
    worlds_pos_free(&p);
    worlds_search_free(hs);
    printf("worlds_search_test: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
