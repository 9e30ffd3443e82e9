/* The search in `UCI_Variant chess` (issue 12): a classical turn may start in check, which
 * QEC's turn never does (R2.5), so every path of the search that assumed otherwise is run
 * here: evasions at the root and inside the tree, mates in N (UCI `mate N` in moves),
 * stalemate, repetition, the fifty-move rule and underpromotion, then a soak of searches from
 * random positions (many of them in check) under the sanitizers. Expected values come from
 * the reasoning next to each test and were confirmed with Debian's Stockfish 15.1, never
 * from qec itself. Prints "chess_test: N passed, N failed". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../eval/chess.h"
#include "../../eval/eval.h"
#include "../../eval/nnue_links.h"
#include "../../eval/tether.h"
#include "../../search/correction.h"
#include "../../search/search.h"

#include "../check.h"
#include "search_util.h"
#include "../rng.h"

static Search *searcher; /* this program's search (search_new in main) */

static Position pos;

static void setup(const char *fen) {
    char err[256];
    if (!pos_set_fen(&pos, fen, VARIANT_CHESS, err, sizeof err)) {
        printf("FAIL setup %s: %s\n", fen, err);
        exit(1);
    }
}

static Move run(int depth, SearchInfo *info) {
    SearchLimits l = depth_nodes_limits(depth, 0);
    search_clear(searcher);
    return search_run(searcher, &pos, &l, info);
}

/* The issue's reproduction: it crashed (release) or failed `pos_do: king count` (debug) once
 * the search reached a node with White's king in check and tried a null move there. */
static void test_issue_reproduction(void) {
    setup("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1");
    SearchInfo info;
    Move m = run(8, &info);
    CHECK(is_legal(&pos, m), "bestmove %s is not legal", tok(m));
    CHECK(info.depth == 8, "completed depth %d, want 8", info.depth);
}

/* Mate in 2 moves with two rooks: 1. Ra7 (or Rb7) Kg8 2. Rb8# (Ra8#). No mate in 1: every
 * rook check on the eighth rank lets the king out to g7 or h7. Score: mate at the third ply;
 * UCI `mate 2` (moves, as classical engines count). */
static void test_mate_in_two(void) {
    setup("7k/8/8/8/8/8/1R6/R1K5 w - - 0 1");
    SearchInfo info;
    Move m = run(4, &info);
    CHECK(!strcmp(tok(m), "a1a7") || !strcmp(tok(m), "b2b7"), "best %s, want a1a7 or b2b7", tok(m));
    CHECK(info.score == SCORE_MATE - 3, "score %d, want %d", info.score, SCORE_MATE - 3);
    CHECK(info.mateTurns == 2, "mate %d, want 2 (moves)", info.mateTurns);
}

/* The same ladder one ply on, Black to move: Kg8 is forced and Ra8 mates. `mate -1`. */
static void test_mated_in_one(void) {
    setup("7k/1R6/8/8/8/8/8/R1K5 b - - 0 1");
    SearchInfo info;
    Move m = run(3, &info);
    CHECK(!strcmp(tok(m), "h8g8"), "best %s, want h8g8", tok(m));
    CHECK(info.score == -(SCORE_MATE - 2), "score %d, want %d", info.score, -(SCORE_MATE - 2));
    CHECK(info.mateTurns == -1, "mate %d, want -1", info.mateTurns);
}

/* Underpromotion: f8=N mates (the king on h7 is walled in by its own g7/h6 pawns, g8 knight
 * and h8 bishop; the new knight covers g6 and nothing takes it). f8=Q and fxg8=Q do not mate. */
static void test_underpromotion_mate(void) {
    setup("6nb/5Ppk/7p/8/8/8/8/2K5 w - - 0 1");
    SearchInfo info;
    Move m = run(2, &info);
    CHECK(!strcmp(tok(m), "f7f8n"), "best %s, want f7f8n", tok(m));
    CHECK(info.mateTurns == 1, "mate %d, want 1", info.mateTurns);
}

/* Stalemate is a draw: with Qb6 against the cornered a8 king, any waiting move stalemates
 * (a7, b7 and b8 are all covered). The search must see it as 0 and play a winning move
 * (Stockfish: mate in 8), i.e. one after which Black can move. */
static void test_avoids_stalemate(void) {
    setup("k7/8/1Q6/8/8/8/8/7K w - - 0 1");
    SearchInfo info;
    Move m = run(6, &info);
    pos_do(&pos, m);
    Move list[MAX_MOVES];
    int n = pos_legal_decisions(&pos, list);
    pos_undo(&pos);
    CHECK(n > 0, "%s stalemates", tok(m));
    CHECK(info.score > 300, "score %d, want a clear win", info.score);
}

/* Repetition, with the root in check and one evasion: Black (far ahead: Q+2R v Q) has only
 * Kg8 against Qh5+, and Qe8+ Kh7 Qh5+ repeats forever. Score 0 (Stockfish: cp 0). */
static void test_perpetual_in_check(void) {
    setup("8/6pk/8/7Q/1r6/r7/q4PPP/6K1 b - - 1 1");
    SearchInfo info;
    Move m = run(8, &info);
    CHECK(!strcmp(tok(m), "h7g8"), "best %s, want h7g8 (the only move)", tok(m));
    CHECK(info.score == 0, "score %d, want 0 (perpetual check)", info.score);
    /* White's side of it: far behind, the perpetual is its best. */
    setup("4Q3/6pk/8/8/1r6/r7/q4PPP/6K1 w - - 0 1");
    m = run(8, &info);
    CHECK(!strcmp(tok(m), "e8h5"), "best %s, want e8h5", tok(m));
    CHECK(info.score == 0, "score %d, want 0", info.score);
}

/* Fifty moves: K+R v K is a win (no mate in one here), but with the half-move clock at 99
 * every move ends the game drawn, as no capture or pawn move exists. */
static void test_fifty_moves(void) {
    SearchInfo info;
    setup("8/8/8/4k3/8/8/8/R3K3 w - - 0 80");
    run(4, &info);
    CHECK(info.score > 300, "clock 0: score %d, want a clear win", info.score);
    setup("8/8/8/4k3/8/8/8/R3K3 w - - 99 80");
    run(4, &info);
    CHECK(info.score == 0, "clock 99: score %d, want 0", info.score);
}

/* Tactics with a published answer: positions 3-13 of Reinfeld's "Win at Chess" (1958, the
 * WAC suite every engine author uses), each with its book move. The search's pruning and
 * extensions in chess (docs/dev/search.md, "Search in classical chess") must still find each of them by
 * depth 10. WAC.001 (Qg6, a quiet queen sacrifice that mates in 2) is in at depth 12: found at
 * depth 14 before quiescence searched quiet checks, at 10 with them and the hand-made evaluation,
 * at 11 with the network (which finds the other eleven by depth 10 too); WAC.002 (Rxb2) is left
 * out: qec does not find it by depth 10 (it plays c3). */
static void test_wac_tactics(void) {
    static const struct { const char *fen, *best; } WAC[] = {
        {"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", "g3g6"},     /* Qg6 */
        {"5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1", "e3g3"},     /* Rg3 */
        {"r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1", "h6h7"},      /* Qxh7+ */
        {"5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - 0 1", "c6c4"},              /* Qc4+ */
        {"7k/p7/1R5K/6r1/6p1/6P1/8/8 w - - 0 1", "b6b7"},                            /* Rb7 */
        {"rnbqkb1r/pppp1ppp/8/4P3/6n1/7P/PPPNPPP1/R1BQKBNR b KQkq - 0 1", "g4e3"},   /* Ne3 */
        {"r4q1k/p2bR1rp/2p2Q1N/5p2/5p2/2P5/PP3PPP/R5K1 w - - 0 1", "e7f7"},          /* Rf7 */
        {"3q1rk1/p4pp1/2pb3p/3p4/6Pr/1PNQ4/P1PB1PP1/4RRK1 b - - 0 1", "d6h2"},       /* Bh2+ */
        {"2br2k1/2q3rn/p2NppQ1/2p1P3/Pp5R/4P3/1P3PPP/3R2K1 w - - 0 1", "h4h7"},      /* Rxh7 */
        {"r1b1kb1r/3q1ppp/pBp1pn2/8/Np3P2/5B2/PPP3PP/R2Q1RK1 w kq - 0 1", "f3c6"},   /* Bxc6 */
        {"4k1r1/2p3r1/1pR1p3/3pP2p/3P2qP/P4N2/1PQ4P/5R1K b - - 0 1", "g4f3"},        /* Qxf3+ */
        {"5rk1/pp4p1/2n1p2p/2Npq3/2p5/6P1/P3P1BP/R4Q1K w - - 0 1", "f1f8"},          /* Qxf8+ */
    };
    for (size_t i = 0; i < sizeof WAC / sizeof WAC[0]; i++) {
        setup(WAC[i].fen);
        SearchInfo info;
        Move m = run(i == 0 ? 12 : 10, &info);
        CHECK(!strcmp(tok(m), WAC[i].best), "WAC.%03zu: best %s, want %s", i ? i + 2 : 1, tok(m), WAC[i].best);
    }
}

/* Quiescence prunes a capture whose victim cannot lift the static eval to alpha (delta
 * pruning), so the victim's worth must be on the eval's own scale: removing any enemy piece
 * raises evaluate_chess by at most chess_piece_worth + the search's 200 margin. The chess
 * table's queen is worth about 2,300 in the middlegame: with SEE's 900 quiescence skipped
 * queen recaptures once a queen was taken (fixed-node games: +144 Elo with the fix). A pawn
 * on the 7th is worth up to ~460 more than none: its best square counts in its worth. */
static void test_capture_gain(void) {
    static const char *FENS[] = {
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 8",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "2rq1rk1/pp1bppbp/3p1np1/4n3/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 12",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 b - - 0 10",
        "8/5pk1/3q2p1/1p2p2p/1P2P3/2Q3PP/5PK1/8 w - - 0 40",
        "3r2k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30",
        "6k1/1P3pp1/8/8/8/8/5PP1/6K1 b - - 0 1",   /* a passer on the 7th: more than a pawn's */
        "3r2k1/1P3pp1/8/8/8/8/5PP1/3R2K1 b - - 0 1", /* material, its square counts too */
    };
    int checked = 0;
    for (size_t i = 0; i < sizeof FENS / sizeof FENS[0]; i++) {
        setup(FENS[i]);
        int before = evaluate_chess(&pos, NULL), them = pos_turn(&pos) ^ 1;
        for (int sq = 0; sq < 64; sq++) {
            int pc = pos.board[sq];
            if (pc == NO_PIECE || piece_color(pc) != them || piece_type(pc) == KING)
                continue;
            static Position q;
            char fen[128], err[256];
            q = pos;
            pos_remove_piece(&q, sq);
            pos_fen(&q, fen, sizeof fen);
            if (!pos_set_fen(&q, fen, VARIANT_CHESS, err, sizeof err))
                continue; /* removing a blocker left the side not to move in check */
            int gain = evaluate_chess(&q, NULL) - before, worth = chess_piece_worth(piece_type(pc));
            CHECK(gain <= worth + 200, "%s: taking the piece on %c%c gains %d > worth %d + 200", FENS[i],
                  'a' + sq % 8, '1' + sq / 8, gain, worth);
            checked++;
        }
    }
    CHECK(checked >= 40, "only %d pieces checked", checked);
}

/* Correction history (search/correction.h): searches of one pawn structure that keep
 * returning 40 more than the raw eval move that structure's eval up to about +40, for the
 * side to move only; another structure and the other side keep theirs; the correction never
 * passes its cap. */
static void test_correction_history(void) {
    static Thread t; /* zeroed: no correction anywhere */
    setup("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 8");
    t.pos = pos;
    int raw = evaluate_chess(&pos, NULL);
    CHECK(corrected_eval(&t, WHITE, raw) == raw, "fresh table corrects %d to %d", raw, corrected_eval(&t, WHITE, raw));
    for (int i = 0; i < 200; i++)
        update_correction(&t, WHITE, raw + 40, raw, 15);
    int c = corrected_eval(&t, WHITE, raw) - raw;
    CHECK(c >= 36 && c <= 40, "after 200 updates of +40 the correction is %d", c);
    CHECK(corrected_eval(&t, BLACK, raw) == raw, "black's correction moved: %d", corrected_eval(&t, BLACK, raw) - raw);
    for (int i = 0; i < 400; i++)
        update_correction(&t, WHITE, raw + 1000, raw, 15);
    c = corrected_eval(&t, WHITE, raw) - raw;
    CHECK(c == CORR_MAX / CORR_GRAIN, "correction %d past its cap %d", c, CORR_MAX / CORR_GRAIN);
    setup("r1bq1rk1/pp2bppp/2n1pn2/8/2pP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 9"); /* dxc4: other pawns */
    t.pos = pos;
    CHECK(corrected_eval(&t, WHITE, raw) == raw, "another structure shares the correction (%d)",
          corrected_eval(&t, WHITE, raw) - raw);
}

/* The FEN of fen's colour mirror: ranks flipped, colours swapped (pieces, side to move,
 * castling rights, the en passant square's rank). */
static void mirror_fen(const char *fen, char *out) {
    char board[96], side[4], castle[8], ep[4];
    int half = 0, full = 1;
    sscanf(fen, "%95s %3s %7s %3s %d %d", board, side, castle, ep, &half, &full);
    const char *ranks[8];
    int n = 0;
    ranks[n++] = board;
    for (char *c = board; *c; c++)
        if (*c == '/') {
            *c = 0;
            ranks[n++] = c + 1;
        }
    char *o = out;
    for (int r = n - 1; r >= 0; r--) {
        for (const char *c = ranks[r]; *c; c++)
            *o++ = (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
        if (r)
            *o++ = '/';
    }
    char cs[8] = "-";
    if (strcmp(castle, "-")) {
        int k = 0;
        for (const char *c = "kqKQ"; *c; c++)
            if (strchr(castle, *c))
                cs[k++] = (char)(*c >= 'a' ? *c - 32 : *c + 32);
        cs[k] = 0;
    }
    if (ep[0] != '-')
        ep[1] = (char)('1' + '8' - ep[1]);
    sprintf(o, " %s %s %s %d %d", side[0] == 'w' ? "b" : "w", cs, ep, half, full);
}

/* The chess evaluations are colour-blind: in positions of random games, each position and its
 * colour mirror score the same for their side to move, with the hand-made evaluate_chess and
 * with the network the search uses. */
static void test_chess_eval_symmetry(void) {
    static const char *START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    uint64_t seed = 0x5eed5e77ULL;
    int checked = 0, bad = 0, tries = 0;
    setup(START);
    while (checked < 3000 && tries++ < 6000) {
        Move list[MAX_MOVES];
        int n = pos_legal_decisions(&pos, list);
        GameEnd end;
        if (n == 0 || pos_game_end(&pos, &end) || pos.ply > 200) {
            setup(START);
            continue;
        }
        char fen[128], mfen[128], err[256];
        pos_fen(&pos, fen, sizeof fen);
        mirror_fen(fen, mfen);
        static Position q;
        if (pos_set_fen(&q, mfen, VARIANT_CHESS, err, sizeof err)) {
            int a = evaluate_chess(&pos, NULL), b = evaluate_chess(&q, NULL);
            int na = evaluate_chess_net(&pos, NULL), nb = evaluate_chess_net(&q, NULL);
            if ((a != b || na != nb) && bad++ < 5)
                printf("FAIL symmetry: %s gives %d (net %d), its mirror %s gives %d (net %d)\n", fen, a, na, mfen, b,
                       nb);
            checked++;
        }
        pos_do(&pos, list[test_rand(&seed) % (uint64_t)n]);
    }
    CHECK(bad == 0, "%d of %d positions score differently from their mirror", bad, checked);
    CHECK(checked == 3000, "only %d of %d mirrors were legal positions", checked, tries);
}

/* Soak: searches from positions of random games, many with the side to move in check. Every
 * answer must be legal, and the position must come back unchanged (keys and board are
 * re-verified after every make/unmake in debug builds). */
static void test_random_soak(int positions) {
    static const char *START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    uint64_t seed = 0x5eedc4e55ULL;
    int searched = 0, inCheck = 0, bad = 0;
    setup(START);
    while (searched < positions) {
        Move list[MAX_MOVES];
        int n = pos_legal_decisions(&pos, list);
        GameEnd end;
        if (n == 0 || pos_game_end(&pos, &end) || pos.ply > 300) {
            setup(START);
            continue;
        }
        soak_step(searcher, &pos, list, n, 4000, &seed, &searched, &bad, &inCheck);
    }
    CHECK(bad == 0, "%d of %d searches gave an illegal answer or changed the position", bad, searched);
    CHECK(inCheck >= positions / 50, "only %d of %d roots in check: the soak misses its point", inCheck, searched);
}

/* White-view sums over traces (trace_white), so the test does not trust the evaluators' own
 * sums: the classical terms of the current position with table w, and every term of
 * CHESS_WEIGHTS (classical and T_CH_*) over chess_trace. */
static int linear_white(EvalWeights w) {
    EvalTrace tr;
    eval_trace(&pos, &tr);
    return trace_white(&tr, w, EVAL_NTERMS);
}

static int chess_linear_white(void) {
    EvalTrace tr;
    chess_trace(&pos, &tr);
    int64_t mg = 0, eg = 0;
    for (int i = 0; i < CHESS_NTERMS; i++)
        mg += (int64_t)CHESS_WEIGHTS[i][0] * tr.coef[i], eg += (int64_t)CHESS_WEIGHTS[i][1] * tr.coef[i];
    eg = eg * chess_scale_for(&pos, (int)eg) / CHESS_SCALE_NORMAL; /* checked by hand in test_chess_scale */
    return (int)((mg * tr.phase + eg * (EVAL_PHASE_MAX - tr.phase)) / EVAL_PHASE_MAX);
}

/* Issue 12: chess positions are evaluated with CHESS_WEIGHTS (tuned on chess games) and the
 * chess-only terms of eval/chess.c, QEC's with EVAL_WEIGHTS and tether's with TETHER_WEIGHTS,
 * and the search takes the evaluation from eval_function (search/thread.c). In these
 * middlegames the tables disagree and the chess terms are not zero, so a chess evaluation
 * without them, or a QEC evaluation with them, fails here. */
static void test_chess_table(void) {
    CHECK(eval_function(&VARIANT_ROWS[VARIANT_CHESS], false) == evaluate_chess_net, "chess: not the network");
    static const char *const FENS[] = {
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
        "r2q1rk1/pb1nbppp/1p2pn2/2pp4/3P4/1P1BPN2/PBPN1PPP/R2Q1RK1 b - - 2 9",
        "8/5pk1/4p1p1/3pP3/1r1P2P1/5K2/R7/8 w - - 0 40",
    };
    for (int i = 0; i < 3; i++) {
        setup(FENS[i]);
        int sign = pos_turn(&pos) == WHITE ? 1 : -1, chess = chess_linear_white();
        CHECK(evaluate_chess(&pos, NULL) == sign * chess, "%s: evaluate_chess %d, chess trace %d", FENS[i],
              evaluate_chess(&pos, NULL), sign * chess);
        EvalTrace ct;
        chess_trace(&pos, &ct);
        int64_t mg = 0, eg = 0;
        for (int t = EVAL_NTERMS; t < CHESS_NTERMS; t++)
            mg += (int64_t)CHESS_WEIGHTS[t][0] * ct.coef[t], eg += (int64_t)CHESS_WEIGHTS[t][1] * ct.coef[t];
        CHECK(chess_terms_white(&pos) == (int)((mg * ct.phase + eg * (EVAL_PHASE_MAX - ct.phase)) / EVAL_PHASE_MAX),
              "%s: chess terms %d are not their trace's sum", FENS[i], chess_terms_white(&pos));
        CHECK(chess != linear_white(EVAL_WEIGHTS), "%s: chess and QEC tables both give %d", FENS[i], chess);
        CHECK(evaluate(&pos, NULL) == sign * linear_white(EVAL_WEIGHTS), "%s: evaluate left QEC's table", FENS[i]);
        /* QEC and tether: their compiled-in nets, Use NNUE false their hand-made evaluations. */
        CHECK(eval_function(&VARIANT_ROWS[VARIANT_QEC], true)(&pos, NULL) == evaluate(&pos, NULL),
              "%s: QEC with Use NNUE false is not evaluate", FENS[i]);
        CHECK(eval_function(&VARIANT_ROWS[VARIANT_CHESS], true)(&pos, NULL) == evaluate_chess(&pos, NULL),
              "%s: chess with Use NNUE false is not evaluate_chess", FENS[i]);
        CHECK(eval_function(&VARIANT_ROWS[VARIANT_TETHER], true)(&pos, NULL) == evaluate_tether(&pos, NULL),
              "%s: tether with Use NNUE false is not evaluate_tether", FENS[i]);
        CHECK(eval_function(&VARIANT_ROWS[VARIANT_QEC], false)(&pos, NULL) ==
                  linknet_evaluate(&LINKNET_EMBEDDED, &pos, NULL),
              "%s: QEC's is not its compiled-in net", FENS[i]);
        CHECK(eval_function(&VARIANT_ROWS[VARIANT_TETHER], false)(&pos, NULL) ==
                  tethernet_evaluate(&TETHERNET_EMBEDDED, &pos, NULL),
              "%s: tether's is not its compiled-in net", FENS[i]);
        EvalTrace tr;
        eval_trace(&pos, &tr);
        int leaked = 0;
        for (int t = EVAL_NTERMS; t < EVAL_MAXTERMS; t++)
            leaked += tr.coef[t] != 0;
        CHECK(leaked == 0, "%s: %d chess terms in QEC's trace", FENS[i], leaked);
    }
}

/* One coefficient of chess_trace at fen, counted by hand in the comment at each call. */
static void check_coef(const char *fen, int term, int want) {
    EvalTrace tr;
    char name[64];
    setup(fen);
    chess_trace(&pos, &tr);
    CHECK(tr.coef[term] == want, "%s: %s %d, want %d", fen, chess_term_name(term, name, sizeof name),
          tr.coef[term], want);
}

/* The chess-only terms count what they say (white minus black). */
static void test_chess_terms(void) {
    /* A knight attacked by a pawn, a passed pawn: the chess terms are applied. */
    setup("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1");
    CHECK(chess_terms_white(&pos) != 0, "threatened knight: the chess terms add nothing");
    /* e4 attacks the knight on d5, which nothing defends; the knight attacks no white piece. */
    check_coef("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", T_CH_THREAT_PAWN, 1);
    check_coef("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", T_CH_HANGING, 1);
    /* The same with colours swapped: the term counts for Black. */
    check_coef("4k3/8/8/4p3/3N4/8/8/4K3 b - - 0 1", T_CH_THREAT_PAWN, -1);
    /* e2 is passed; e3 is empty and unattacked (safe stop), e8 is occupied (no free path); the
     * white king is 2 steps from e3, the black one 5. */
    check_coef("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", T_CH_PASSER_SAFE + 1, 1);
    check_coef("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", T_CH_PASSER_FREE + 1, 0);
    check_coef("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", T_CH_PASSER_OWN_KING + 1, 2);
    check_coef("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", T_CH_PASSER_ENEMY_KING + 1, 5);
    /* With the black king on a8 the e-file is free of pieces and attacks. */
    check_coef("k7/8/8/8/8/8/4P3/4K3 w - - 0 1", T_CH_PASSER_FREE + 1, 1);
    /* Rook on the 7th with the enemy king on the 8th; a knight on d5 held by e4, no black pawns. */
    check_coef("6k1/R7/8/8/8/8/8/6K1 w - - 0 1", T_CH_ROOK_7TH, 1);
    check_coef("4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1", T_CH_OUTPOST, 1);
    check_coef("4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1", T_CH_OUTPOST, 0); /* c7-c6 would attack it */
    /* The queen on d1 checks e8 from e2, h5 and a4 safely (d8 and d7 are next to the king);
     * d7 and d8 are ring squares only the king defends. */
    check_coef("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", T_CH_SAFE_CHECK + QUEEN - KNIGHT, 3);
    check_coef("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", T_CH_WEAK_RING, 2);
    /* Units: queen on the ring 5 + 3 per safe check 9 + weak ring 2 = 16, bucket 16 / 3 = 5. */
    check_coef("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", T_CH_KING_DANGER + 4, 1);
}

/* The terms of the second set (backward pawns, shelter and storm, minor behind a pawn, knights
 * and rooks by pawns, bad bishop, trapped rook, rook behind a passer), counted by hand. */
static void test_chess_structure(void) {
    /* e3's only neighbour d4 stands ahead of it and f5 holds its stop e4: backward. f5 is
     * isolated (not backward); d4 is supported from e3. Mirrored, for Black. */
    check_coef("4k3/8/8/5p2/3P4/4P3/8/4K3 w - - 0 1", T_CH_BACKWARD, 1);
    check_coef("4k3/8/8/8/3P4/4P3/8/4K3 w - - 0 1", T_CH_BACKWARD, 0); /* e4 is not held */
    check_coef("4k3/8/4p3/3p4/5P2/8/8/4K3 b - - 0 1", T_CH_BACKWARD, -1);
    /* King g1 with f2 g2 h3 (relative ranks 1 1 2) against g4 h4; the black king's files d-f
     * hold no black pawn, and on f White's f2 comes at it from Black's relative rank 6. */
    const char *fen = "4k3/8/8/8/6pp/7P/5PP1/6K1 w - - 0 1";
    check_coef(fen, T_CH_SHELTER + 1, 2);
    check_coef(fen, T_CH_SHELTER + 2, 1);
    check_coef(fen, T_CH_SHELTER + 0, -3);
    check_coef(fen, T_CH_STORM + 0, 1 - 2); /* White's f file; Black's d and e */
    check_coef(fen, T_CH_STORM + 3, 1);     /* g4 against g2, not blocked */
    check_coef(fen, T_CH_STORM_BLOCKED, 1); /* h4 right in front of h3 */
    check_coef(fen, T_CH_STORM + 6, -1);
    /* Knight d3 behind the pawn d4; one knight and one rook with one pawn. */
    check_coef("4k3/8/8/8/3P4/3N4/8/R3K3 w - - 0 1", T_CH_MINOR_BEHIND_PAWN, 1);
    check_coef("4k3/8/8/8/3P4/3N4/8/R3K3 w - - 0 1", T_CH_KNIGHT_PAWNS, 1);
    check_coef("4k3/8/8/8/3P4/3N4/8/R3K3 w - - 0 1", T_CH_ROOK_PAWNS, 1);
    check_coef("r3k3/pp6/3b4/3p4/8/8/8/4K3 w - - 0 1", T_CH_MINOR_BEHIND_PAWN, -1);
    check_coef("r3k3/pp6/3b4/3p4/8/8/8/4K3 w - - 0 1", T_CH_ROOK_PAWNS, -3);
    /* The bishop c1 stands on the colour of b2 and d2, not of a2. */
    check_coef("4k3/8/8/8/8/8/PP1P4/2B1K3 w - - 0 1", T_CH_BAD_BISHOP, 2);
    /* Rook h1 beside the king f1 (only g1 to go to) or e1 (f1, g1): trapped; on an open file not. */
    check_coef("4k3/8/8/8/8/8/6PP/5K1R w - - 0 1", T_CH_TRAPPED_ROOK, 1);
    check_coef("4k3/8/8/8/8/8/6PP/4K2R w - - 0 1", T_CH_TRAPPED_ROOK, 1);
    check_coef("4k3/8/8/8/8/8/8/4K2R w - - 0 1", T_CH_TRAPPED_ROOK, 0); /* the open h-file frees it */
    /* The rook a1 behind the passer a5 on an open file; a knight on a3 cuts it off. */
    check_coef("4k3/8/8/P7/8/8/8/R3K3 w - - 0 1", T_CH_ROOK_BEHIND_PASSER, 1);
    check_coef("4k3/8/8/P7/8/N7/8/R3K3 w - - 0 1", T_CH_ROOK_BEHIND_PASSER, 0);
}

/* The endgame scale (eg ahead for White unless said), by hand from the rules in chess.h. */
static void check_scale(const char *fen, int eg, int want) {
    setup(fen);
    CHECK(chess_scale_for(&pos, eg) == want, "%s: scale %d, want %d", fen, chess_scale_for(&pos, eg), want);
}

static void test_chess_scale(void) {
    check_scale("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", 100, 0);     /* a knight cannot mate */
    check_scale("4k3/8/8/8/8/8/4b3/R3K3 w - - 0 1", 100, 8);   /* R v B, no pawns */
    check_scale("4k3/8/8/8/8/8/4r3/RB2K3 w - - 0 1", 100, 28); /* RB v R, no pawns */
    check_scale("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 100, CHESS_SCALE_NORMAL); /* R v nothing wins */
    check_scale("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 0, CHESS_SCALE_NORMAL);   /* nobody ahead */
    /* Bishops c1 (dark) and c8 (light) alone, e4 against e5: no passer; then a2 is one. */
    check_scale("2b1k3/8/8/4p3/4P3/8/8/2B1K3 w - - 0 1", 100, 32);
    check_scale("2b1k3/8/8/4p3/4P3/8/P7/2B1K3 w - - 0 1", 100, 40);
    check_scale("2b1k3/8/8/4p3/4P3/8/P7/2B1K3 w - - 0 1", -100, 40); /* Black ahead: the same */
    /* Bishops c1 and f8 both dark: one pawn for the side ahead, 72 + 14. */
    check_scale("4kb2/8/8/4p3/4P3/8/8/2B1K3 w - - 0 1", 100, 86);
    /* Opposite bishops with rooks: 72 + 4 per pawn of the side ahead (Black: two). */
    check_scale("r1b1k3/7p/8/4p3/4P3/8/8/R1B1K3 w - - 0 1", -100, 80);
    /* A rook ahead: no scaling even with few pawns. */
    check_scale("4k3/8/8/4p3/4P3/8/8/R3K3 w - - 0 1", 100, CHESS_SCALE_NORMAL);
}

int main(int argc, char **argv) {
    engine_init();
    searcher = test_search_new("chess_test", (SearchOptions){16, 1, 1, 10, POLICY_SEARCH, false, false, SKILL_FULL});
    if (!searcher)
        return 1;
    test_chess_table();
    test_chess_terms();
    test_chess_structure();
    test_chess_scale();
    test_issue_reproduction();
    test_mate_in_two();
    test_mated_in_one();
    test_underpromotion_mate();
    test_avoids_stalemate();
    test_perpetual_in_check();
    test_fifty_moves();
    test_wac_tactics();
    test_capture_gain();
    test_chess_eval_symmetry();
    test_correction_history();
    test_random_soak(argc > 1 ? atoi(argv[1]) : 2000);
    search_free(searcher);
    printf("chess_test: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
