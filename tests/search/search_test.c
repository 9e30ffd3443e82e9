/* Search and evaluation tests (issue 4). Positions are built by hand (FEN + links); every
 * expected value comes from the rules (docs/players/rules-qec.md, cited) or from reasoning written next to the
 * test, never from the engine's own output. Prints "search_test: N passed, N failed". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/links.h"
#include "../../eval/eval.h"
#include "../../search/search.h"
#include "../../search/skill.h" /* the levels' map and choice */
#include "../../search/timeman.h"
#include "../../search/thread.h" /* the search object's TT (core.h) */
#include "../../search/tt.h"

#include "../check.h"
#include "search_util.h"

static Search *searcher; /* this program's search (search_new in main) */
static Position pos;


static void setup(const char *fen, const char *map) {
    char err[256];
    EntMap m;
    if (!pos_set_fen(&pos, fen, VARIANT_QEC, err, sizeof err) || !entmap_parse(map, &m, err, sizeof err) ||
        !entmap_apply(&m, &pos, err, sizeof err)) {
        printf("FAIL setup %s / %s: %s\n", fen, map, err);
        exit(1);
    }
}

static void play(const char *tok) {
    Move m = pos_parse_decision(&pos, tok);
    if (!m) {
        printf("FAIL play: %s is not legal here\n", tok);
        exit(1);
    }
    pos_do(&pos, m);
}

static SearchLimits depth_limits(int depth) {
    SearchLimits l;
    memset(&l, 0, sizeof l);
    l.time[0] = l.time[1] = -1;
    l.depth = depth;
    return l;
}

static void set_policy(int policy, int threads, int multiPV) {
    SearchOptions o = {16, threads, multiPV, 10, policy, false, false, SKILL_FULL};
    search_set_options(searcher, &o);
}

static Move run(int depth, SearchInfo *info) {
    SearchLimits l = depth_limits(depth);
    search_clear(searcher);
    return search_run(searcher, &pos, &l, info);
}

/* R2.5, R4.1: a check that no king step answers is mate, even when a classical defence
 * exists: the a8 rook could take on d8 in chess, but only king steps count (g8 is covered by
 * the queen along the rank, g7 and h7 hold black pawns). Mate with the first decision. */
static void test_reactive_mate_in_one(void) {
    setup("r6k/6pp/8/8/8/8/8/3Q2K1 w - - 0 1", "none");
    SearchInfo info;
    Move m = run(1, &info);
    CHECK(!strcmp(tok(m), "d1d8"), "best %s, want d1d8", tok(m));
    CHECK(info.score == SCORE_MATE - 1, "score %d, want %d", info.score, SCORE_MATE - 1);
    CHECK(info.mateTurns == 1, "mateTurns %d, want 1", info.mateTurns);
}

/* Two rooks, bare king on h8: Rb2-b7 takes rank 7 (no check yet: Ra8+ now would let the
 * king step to g7 or h7; no other first move mates sooner), the king's only move is Kg8,
 * then Ra8 mates (f8/h8 on the rank,
 * f7/g7/h7 under the b7 rook). Mate at the third decision, third turn: not visible at depth 2,
 * found at depth 3. */
static void test_mate_in_three_turns(void) {
    setup("7k/8/8/8/8/8/1R6/R5K1 w - - 0 1", "none");
    SearchInfo info;
    run(2, &info);
    CHECK(!score_is_mate(info.score), "depth 2 already claims mate: %d", info.score);
    Move m = run(3, &info);
    CHECK(info.score == SCORE_MATE - 3, "depth 3 score %d, want %d (best %s)", info.score, SCORE_MATE - 3, tok(m));
    CHECK(info.mateTurns == 3, "mateTurns %d, want 3", info.mateTurns);
    /* Ra1-a7 Kg8 Rb2-b8 is the mirror image of the same mate. */
    CHECK(!strcmp(tok(m), "b2b7") || !strcmp(tok(m), "a1a7"), "best %s, want b2b7 or a1a7", tok(m));
}

/* R2.3 + R2.5: the pawn e4 is linked to the black rook a8. exd5 wins the queen, but the
 * rook must then make a forced reply chosen by Black (its owner), and Ra1+ leaves the h1
 * king no step (g1 on the rank, g2/h2 own pawns): White is mated in its own turn.
 * (a) at the forced-reply decision, Black (not the mover) picks a8a1 and scores a mate;
 * (b) at the turn start, White does not take the queen. A search that let the mover choose
 * the reply would take it: White would answer Ra8-d8, where the d5 pawn shuts the file and
 * the rook needs two turns to reach the first rank. */
static void test_forced_reply_owner_chooses(void) {
    const char *fen = "r5k1/5ppp/8/3q4/4P3/7N/6PP/7K w - - 0 1";
    setup(fen, "e4a8");
    play("e4d5");
    Move opts[MAX_MOVES];
    CHECK(pos_legal_decisions(&pos, opts) == 12, "the a8 rook should have 12 replies (a7-a1, b8-f8)");
    CHECK(pos_phase(&pos) == PHASE_FORCED && pos_decider(&pos) == BLACK, "after exd5: phase %d decider %d",
          pos_phase(&pos), pos_decider(&pos));
    SearchInfo info;
    Move m = run(1, &info);
    CHECK(!strcmp(tok(m), "a8a1"), "forced reply %s, want a8a1 (the owner's mate)", tok(m));
    CHECK(info.score == SCORE_MATE - 1, "forced-reply score %d, want %d", info.score, SCORE_MATE - 1);
    CHECK(info.mateTurns == 1, "mateTurns %d, want 1 (mate inside the turn in progress)", info.mateTurns);

    setup(fen, "e4a8");
    m = run(2, &info);
    CHECK(strcmp(tok(m), "e4d5") != 0, "White took the poisoned queen");
    CHECK(!score_is_mate(info.score), "score %d should not be a mate", info.score);
}

/* R4.2 scores as a draw in search; R7.4: a root in check must answer it. Kxd2 leaves two
 * bare kings (0), Kf1 keeps a queen down. */
static void test_dual_king_is_draw(void) {
    setup("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", "none");
    SearchInfo info;
    Move m = run(4, &info);
    CHECK(!strcmp(tok(m), "e1d2"), "best %s, want e1d2", tok(m));
    CHECK(info.score == 0, "score %d, want 0", info.score);
}

/* R4.6: K+N v K is a draw whatever the evaluation says. */
static void test_insufficient_material(void) {
    setup("8/8/4k3/8/8/3NK3/8/8 w - - 0 1", "none");
    SearchInfo info;
    run(5, &info);
    CHECK(info.score == 0, "K+N v K score %d, want 0", info.score);
}

/* The TT key holds the links and the decision phase: the same board under two maps, or with
 * a forced reply pending, is another entry. */
static void test_tt_keys(void) {
    const char *start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    setup(start, "default");
    Key kDefault = pos_key(&pos);
    setup(start, "none");
    Key kNone = pos_key(&pos);
    setup(start, "random 7");
    Key kRandom = pos_key(&pos);
    CHECK(kDefault != kNone && kDefault != kRandom && kNone != kRandom, "keys must differ by map");

    setup(start, "default");
    SearchInfo info;
    run(4, &info);
    TTData d;
    CHECK(tt_probe(&searcher->core.tt, kDefault, &d), "default-map root not in the TT after a search");
    CHECK(!tt_probe(&searcher->core.tt, kNone, &d), "no-link root found in the TT before it was searched");
    Move m = d.move;
    CHECK(pos_parse_decision(&pos, tok(m)) == m, "TT move %s not legal at the root", tok(m));

    /* Same board, base vs forced phase: e2e3 e7e5 (e7 is linked to f1, R1.4) makes White's
     * f1 bishop reply; the board-only part of the key equals no turn-start key. */
    play("e2e3");
    play("e7e5");
    CHECK(pos_phase(&pos) == PHASE_FORCED, "expected a forced reply after e2e3 e7e5");
    Key kForced = pos_key(&pos);
    CHECK(kForced != (pos_state(&pos)->key ^ pos_state(&pos)->entKey), "phase not in the key");

    /* Store/probe round trip, negative and mate scores included. */
    Key k = 0x123456789ABCDEF1ULL;
    TT tt = {0};
    CHECK(tt_resize(&tt, 1), "a 1 MiB TT");
    tt_store(&tt, k, (Move)0x1234, -31000, -250, 7, BOUND_LOWER);
    CHECK(tt_probe(&tt, k, &d) && d.move == 0x1234 && d.score == -31000 && d.eval == -250 && d.depth == 7 &&
              d.bound == BOUND_LOWER,
          "TT round trip");
    CHECK(!tt_probe(&tt, k ^ 1, &d), "TT hit on a neighbouring key");
    /* A clear empties what was stored (tt_clear skips only a table nothing was stored in),
     * again after a second store, and a table cleared while empty still stores. */
    tt_clear(&tt);
    CHECK(!tt_probe(&tt, k, &d), "TT entry kept by a clear");
    tt_clear(&tt);
    tt_store(&tt, k, (Move)0x0042, 5, 5, 3, BOUND_UPPER);
    CHECK(tt_probe(&tt, k, &d) && d.move == 0x0042, "TT store after clearing an empty table");
    tt_clear(&tt);
    CHECK(!tt_probe(&tt, k, &d), "TT entry kept by the second clear");
    CHECK(tt_resize(&tt, 2), "a 2 MiB TT");
    CHECK(!tt_probe(&tt, k, &d), "TT entry in a new table");
    tt_free(&tt);
}

/* The table of the size asked for is made by the search that needs it, not by search_new
 * or setoption (a session that never searches allocates none), and the 2 MiB continuation
 * history of a thread by its first chess root only. */
static void test_tables_made_at_search(void) {
    Search *s = search_new();
    CHECK(s && tt_is_stub(&s->core.tt), "a new search holds a table before its first search");
    if (!s)
        return;
    SearchOptions o = {2, 1, 1, 10, POLICY_SEARCH, false, false, SKILL_FULL};
    search_set_options(s, &o);
    CHECK(tt_is_stub(&s->core.tt), "setoption Hash made the table before a search");
    SearchLimits l = depth_limits(1);
    setup("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "default");
    CHECK(search_run(s, &pos, &l, NULL) != MOVE_NONE, "no move from the start position");
    size_t twoMiB = s->core.tt.nbuckets;
    CHECK(twoMiB == 2 * 1024 * 1024 / 64, "a 2 MiB table has %zu buckets", twoMiB);
    CHECK(((Thread *)s->core.threads[0])->contHist == NULL, "a QEC search made the continuation history");
    o.hashMiB = 1;
    search_set_options(s, &o);
    CHECK(s->core.tt.nbuckets == twoMiB, "setoption Hash resized the table before a search");
    char err[256];
    CHECK(pos_set_fen(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", VARIANT_CHESS, err,
                      sizeof err) &&
              search_run(s, &pos, &l, NULL) != MOVE_NONE,
          "no move in chess");
    CHECK(s->core.tt.nbuckets == twoMiB / 2, "Hash 1 made %zu buckets", s->core.tt.nbuckets);
    CHECK(((Thread *)s->core.threads[0])->contHist != NULL, "a chess search without its continuation history");
    search_free(s);
}

/* search_run with one thread and a depth limit is deterministic (the bench signature). */
static void test_deterministic(void) {
    static const char *const FENS[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    };
    static const char *const MAPS[] = {"default", "random 3"};
    for (int i = 0; i < 2; i++) {
        uint64_t nodes[2];
        Move best[2];
        for (int r = 0; r < 2; r++) {
            setup(FENS[i], MAPS[i]);
            SearchInfo info;
            best[r] = run(6, &info);
            nodes[r] = info.nodes;
        }
        CHECK(nodes[0] == nodes[1] && best[0] == best[1], "position %d: nodes %llu vs %llu", i,
              (unsigned long long)nodes[0], (unsigned long long)nodes[1]);
        CHECK(nodes[0] > 1000, "position %d: only %llu nodes", i, (unsigned long long)nodes[0]);
    }
}

static bool legal_here(Move m) { return m && pos_parse_decision(&pos, tok(m)) == m; }

/* The baseline policies (seed 000: random, heuristic, minimax depth 2). */
static void test_policies(void) {
    SearchInfo info;
    /* Greedy: a free queen (unlinked) is taken. */
    setup("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "none");
    set_policy(POLICY_GREEDY, 1, 1);
    Move m = run(1, &info);
    CHECK(!strcmp(tok(m), "d2d5"), "greedy took %s, want d2d5", tok(m));
    /* The baselines choose among the root moves, so searchmoves holds (core_policy_moves). */
    SearchLimits only = depth_limits(1);
    only.nsearchmoves = 1;
    only.searchmoves[0] = pos_parse_decision(&pos, "e1e2");
    m = search_run(searcher, &pos, &only, &info);
    CHECK(!strcmp(tok(m), "e1e2"), "greedy with searchmoves e1e2 took %s", tok(m));
    /* Greedy looks through the rest of the turn: the poisoned queen of the forced-reply test
     * is a mate inside the turn, so it is refused. */
    setup("r5k1/5ppp/8/3q4/4P3/7N/6PP/7K w - - 0 1", "e4a8");
    m = run(1, &info);
    CHECK(strcmp(tok(m), "e4d5") != 0, "greedy fell for the forced-reply mate");
    /* Greedy is one turn only: Rxd5 wins a knight (+300) and the d8 rook takes back next
     * turn (-500); minimax2 sees the second turn, greedy does not. */
    setup("3rk3/8/8/3n4/8/8/3R4/4K3 w - - 0 1", "none"); /* Rxd5 Rxd5: +300 -500 */
    m = run(1, &info);
    CHECK(!strcmp(tok(m), "d2d5"), "greedy should grab the knight: %s", tok(m));
    set_policy(POLICY_MINIMAX2, 1, 1);
    m = run(2, &info);
    CHECK(strcmp(tok(m), "d2d5") != 0, "minimax2 should see the recapture");
    set_policy(POLICY_RANDOM, 1, 1);
    setup("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "default");
    Move a = run(1, &info), b = run(1, &info);
    CHECK(legal_here(a) && a == b, "random: %s then %s (must be legal and reproducible)", tok(a), tok(b));
    set_policy(POLICY_SEARCH, 1, 1);
}

/* searchmoves, MultiPV, go mate, go nodes. */
static void test_limits(void) {
    SearchInfo info;
    setup("r6k/6pp/8/8/8/8/8/3Q2K1 w - - 0 1", "none");
    SearchLimits l = depth_limits(3);
    l.nsearchmoves = 1;
    l.searchmoves[0] = pos_parse_decision(&pos, "d1d2");
    search_clear(searcher);
    Move m = search_run(searcher, &pos, &l, &info);
    CHECK(!strcmp(tok(m), "d1d2"), "searchmoves ignored: %s", tok(m));

    l = depth_limits(0);
    l.mate = 1;
    search_clear(searcher);
    m = search_run(searcher, &pos, &l, &info);
    CHECK(!strcmp(tok(m), "d1d8") && info.mateTurns == 1, "go mate 1: %s, mateTurns %d", tok(m), info.mateTurns);

    setup("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "default");
    l = depth_limits(0);
    l.nodes = 5000;
    search_clear(searcher);
    m = search_run(searcher, &pos, &l, &info);
    CHECK(legal_here(m), "go nodes: illegal %s", tok(m));
    CHECK(info.nodes <= 5000 + 64, "go nodes 5000 searched %llu", (unsigned long long)info.nodes);

    set_policy(POLICY_SEARCH, 1, 3);
    static int lines;
    lines = 0;
    l = depth_limits(3);
    search_clear(searcher);
    search_run(searcher, &pos, &l, &info);
    CHECK(info.multipv == 1 && info.pvLen >= 1, "multipv: first line %d", info.multipv);
    set_policy(POLICY_SEARCH, 1, 1);
    (void)lines;
}

/* The evaluation is colour-symmetric: mirroring the board (and the links) negates the
 * White-view score; the linear trace reproduces evaluate_white. */
static void test_eval_symmetry(void) {
    const char *a = "r1bqk2r/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQkq - 0 1";
    const char *b = "r1bqkb1r/pp3ppp/2n1pn2/2pp4/3P4/2N1PN2/PP2BPPP/R1BQK2R b KQkq - 0 1";
    setup(a, "a2a8 b2c6 c4d8 d4e7 e3f6 f2h8 g2c8 a7a1 b7c3 d5d1 e6f3 f7h1 g7c1 h7f1");
    int wa = evaluate_white(&pos);
    EvalTrace tr;
    eval_trace(&pos, &tr);
    int lin = trace_white(&tr, EVAL_WEIGHTS, EVAL_NTERMS);
    CHECK(lin == wa, "trace gives %d, evaluate_white %d", lin, wa);
    /* b is a mirrored (colours swapped, ranks flipped) with the mirrored links. */
    setup(b, "a7a1 b7c3 c5d1 d5e2 e6f3 f7h1 g7c1 a2a8 b2c6 d4d8 e3f6 f2h8 g2c8 h2f8");
    int wb = evaluate_white(&pos);
    CHECK(wa == -wb, "mirror: %d vs %d", wa, wb);
    CHECK(evaluate(&pos, NULL) == -wb, "black to move: evaluate %d, want %d", evaluate(&pos, NULL), -wb);
}

/* The clock (search/timeman.c): a fixed movetime is used in full, the hard limit never passes
 * 80% of the clock minus Move Overhead, the aim grows with the game's ply, and a game that
 * spends its aim on every move keeps some clock but does not leave a quarter of it unused. */
static void test_time_limits(void) {
    SearchLimits l = depth_limits(0);
    int64_t soft, hard;
    l.movetime = 500;
    time_limits(&l, WHITE, 0, 10, &soft, &hard);
    CHECK(soft == 0 && hard == 490, "movetime 500: soft %lld hard %lld", (long long)soft, (long long)hard);
    l = depth_limits(0);
    l.infinite = true;
    time_limits(&l, WHITE, 0, 10, &soft, &hard);
    CHECK(soft == 0 && hard == 0, "infinite: soft %lld hard %lld", (long long)soft, (long long)hard);
    l = depth_limits(0);
    l.time[BLACK] = 10000, l.inc[BLACK] = 100, l.time[WHITE] = 1;
    int64_t prev = 0;
    for (int ply = 0; ply <= 200; ply += 20) {
        time_limits(&l, BLACK, ply, 10, &soft, &hard);
        CHECK(soft >= 1 && soft <= hard && hard <= 10000 * 8 / 10 - 10 && soft <= 10000 / 5,
              "10+0.1 at ply %d: soft %lld hard %lld", ply, (long long)soft, (long long)hard);
        CHECK(soft >= prev, "ply %d: the aim shrank to %lld from %lld", ply, (long long)soft, (long long)prev);
        prev = soft;
    }
    for (int64_t clock = 0; clock <= 40; clock += 5) { /* Move Overhead above the clock */
        l.time[BLACK] = clock, l.inc[BLACK] = 0;
        time_limits(&l, BLACK, 30, 10, &soft, &hard);
        CHECK(soft == 1 && hard == 1, "clock %lld: soft %lld hard %lld", (long long)clock, (long long)soft,
              (long long)hard);
    }
    /* 60 moves from move 6 at 10+0.1, each taking its aim: 16 s to spend in all. */
    int64_t clock = 10000, spent = 0;
    for (int ply = 10; ply < 130; ply += 2) {
        l.time[BLACK] = clock, l.inc[BLACK] = 100;
        time_limits(&l, BLACK, ply, 10, &soft, &hard);
        clock += 100 - soft, spent += soft;
        CHECK(clock > 0, "out of time at ply %d", ply);
    }
    CHECK(spent > 16000 * 3 / 4 && clock < 10000 / 4, "60 moves at 10+0.1 spent %lld ms, %lld left",
          (long long)spent, (long long)clock);
}

/* The levels (search/skill.h): UCI_Elo's level never falls as the Elo rises and stays below full
 * strength at the top of its range; every level below 20 is weakened and 20 alone is not; the
 * handicap shrinks as the level rises. */
static void test_skill_levels(void) {
    int prev = -1, bad = -1;
    for (int elo = SKILL_ELO_MIN; elo <= SKILL_ELO_MAX && bad < 0; elo++) {
        int l = skill_elo_level(elo);
        if (l < prev || l < 0 || l >= SKILL_FULL)
            bad = elo;
        prev = l;
    }
    CHECK(bad < 0, "UCI_Elo %d: level %d after %d", bad, skill_elo_level(bad), skill_elo_level(bad - 1));
    CHECK(skill_elo_level(SKILL_ELO_MIN) == 0, "UCI_Elo %d is level %d, not 0", SKILL_ELO_MIN,
          skill_elo_level(SKILL_ELO_MIN));
    CHECK(skill_elo_level(SKILL_ELO_MAX) > skill_elo_level(SKILL_ELO_MAX - 10), "the top of UCI_Elo is flat");
    /* Below SKILL_FADE a choice among lines, from it a node limit that grows towards 20. */
    Skill sk;
    int weak = 0, capped = 0;
    uint64_t lastCap = 0;
    for (int h = 0; h < SKILL_FULL; h++) {
        SearchOptions opt = {.weakened = true, .skillLevel = h};
        for (uint64_t seed = 0; seed < 8; seed++) {
            skill_begin(&sk, &opt, 0, seed * 0x9E3779B97F4A7C15ULL);
            weak += h < SKILL_FADE ? skill_on(&sk) && skill_nodes(&sk) == 0 : !skill_on(&sk) && skill_nodes(&sk) > 0;
        }
        if (h >= SKILL_FADE) {
            capped += skill_nodes(&sk) > lastCap;
            lastCap = skill_nodes(&sk);
        }
    }
    CHECK(weak == 8 * SKILL_FULL, "%d of %d searches below level 20 not weakened as their level says",
          8 * SKILL_FULL - weak, 8 * SKILL_FULL);
    CHECK(capped == SKILL_FULL - SKILL_FADE, "the node limit rises at %d of the %d hundredths from %d", capped,
          SKILL_FULL - SKILL_FADE, SKILL_FADE);
    for (int on = 0; on < 2; on++) {
        SearchOptions full = {.weakened = on, .skillLevel = SKILL_FULL};
        skill_begin(&sk, &full, 1000, 1);
        CHECK(!skill_on(&sk) && skill_nodes(&sk) == 0, "level 20 weakened");
    }
    /* A game whose row limits the levels' nodes (Variant.skillNodes): 1000 at level 0, doubling
     * every two levels (an odd level sqrt(2) times the even one below), never above the fade's. */
    static const uint64_t LEVEL_NODES[] = {1000, 1414, 2000, 4000, 256000, 361984};
    static const int AT[] = {0, 1, 2, 4, 16, 17};
    for (int i = 0; i < (int)(sizeof AT / sizeof *AT); i++) {
        SearchOptions opt = {.weakened = true, .skillLevel = AT[i] * 100};
        skill_begin(&sk, &opt, 1000, 7);
        CHECK(skill_on(&sk) && skill_depth(&sk) == AT[i] + 1 && skill_nodes(&sk) == LEVEL_NODES[i],
              "level %d with 1000 nodes at level 0: depth %d, %llu nodes, not %d and %llu", AT[i],
              skill_depth(&sk), (unsigned long long)skill_nodes(&sk), AT[i] + 1, (unsigned long long)LEVEL_NODES[i]);
    }
    /* How often a line other than the best is played, four lines 4 cp apart, by level: fewer as
     * the level rises. */
    static const int LEVELS[] = {0, 600, 1200, 1850};
    static const int scores[] = {0, -4, -8, -12};
    int counts[sizeof LEVELS / sizeof *LEVELS];
    for (int i = 0; i < (int)(sizeof LEVELS / sizeof *LEVELS); i++) {
        SearchOptions opt = {.weakened = true, .skillLevel = LEVELS[i]};
        counts[i] = 0;
        for (uint64_t seed = 0; seed < 2000; seed++) {
            skill_begin(&sk, &opt, 0, seed * 0x9E3779B97F4A7C15ULL);
            counts[i] += skill_pick(&sk, scores, 4) != 0;
        }
        if (i > 0)
            CHECK(counts[i] < counts[i - 1], "level %d.%02d: %d other lines, level %d.%02d: %d", LEVELS[i] / 100,
                  LEVELS[i] % 100, counts[i], LEVELS[i - 1] / 100, LEVELS[i - 1] % 100, counts[i - 1]);
    }
}

int main(void) {
    searcher = search_new();
    if (!searcher) {
        printf("search_test: 0 passed, 1 failed (out of memory)\n");
        return 1;
    }
    set_policy(POLICY_SEARCH, 1, 1);
    test_reactive_mate_in_one();
    test_mate_in_three_turns();
    test_forced_reply_owner_chooses();
    test_dual_king_is_draw();
    test_insufficient_material();
    test_tt_keys();
    test_tables_made_at_search();
    test_deterministic();
    test_policies();
    test_limits();
    test_time_limits();
    test_eval_symmetry();
    test_skill_levels();
    search_free(searcher);
    printf("search_test: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
