/* Tether Chess rule tests (rules-tether.md T1–T8) on hand-made positions. Every expectation
 * was worked out by hand from the rules text (the reasoning is in the comments), never read
 * off the engine. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/perft.h"
#include "../../engine/tether.h"

#include "../check.h"

static Position P; /* large: keep it off the stack */
static char err[256];

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

static bool setup(const char *fen) {
    if (pos_set_fen(&P, fen, VARIANT_TETHER, err, sizeof err))
        return true;
    printf("setup failed: %s (%s)\n", err, fen);
    return false;
}

static int cmp_str(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

/* The legal tokens whose origin is `from` ("" for all), sorted, space separated. */
static const char *moves_from(const char *from) {
    static char out[8192];
    char toks[MAX_MOVES][6];
    Move list[MAX_MOVES];
    int n = pos_legal_decisions(&P, list), k = 0;
    for (int i = 0; i < n; i++) {
        move_to_uci_variant(list[i], P.variant, toks[k]);
        if (!from[0] || !strncmp(toks[k], from, 2))
            k++;
    }
    qsort(toks, (size_t)k, sizeof toks[0], cmp_str);
    out[0] = 0;
    for (int i = 0; i < k; i++) {
        if (i)
            strcat(out, " ");
        strcat(out, toks[i]);
    }
    return out;
}

static bool has(const char *tok) { return pos_parse_decision(&P, tok) != MOVE_NONE; }

static bool play(const char *toks) {
    char buf[256], *save;
    snprintf(buf, sizeof buf, "%s", toks);
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        Move m = pos_parse_decision(&P, t);
        if (m == MOVE_NONE) {
            printf("illegal token %s (legal: %s)\n", t, moves_from(""));
            return false;
        }
        pos_do(&P, m);
    }
    return true;
}

static const char *fen(void) {
    static char out[128];
    pos_fen(&P, out, sizeof out);
    return out;
}

#define EXPECT_MOVES(from, want) CHECK(!strcmp(moves_from(from), want), "%s: got '%s', want '%s'", from, moves_from(from), want)

/* ---- T8 worked examples ---- */

static void test_t8_start_position(void) {
    CHECK(setup(START), "start");
    /* Pawns: any square of ranks 3-4 (16 each); first-rank pieces: a3 c3 f3 h3 (4 each). */
    CHECK(perft(&P, 1) == 8 * 16 + 8 * 4, "perft(1) = 160, got %llu", (unsigned long long)perft(&P, 1));
    EXPECT_MOVES("d1", "d1a3 d1c3 d1f3 d1h3");
    CHECK(has("e1f3"), "e1f3: the king borrows the g1 knight's jump; f3 is not attacked");
    EXPECT_MOVES("a1", "a1a3 a1c3 a1f3 a1h3");
    /* The rook's rays are blocked by a2 and b1: it has nothing to lend, so b1 has only the
     * knights' jumps. */
    CHECK(tether_reach(&P, make_sq(0, 0)) == 0, "a1 rook reach is empty");
    EXPECT_MOVES("b1", "b1a3 b1c3 b1f3 b1h3");
    EXPECT_MOVES("e2", "e2a3 e2a4 e2b3 e2b4 e2c3 e2c4 e2d3 e2d4 e2e3 e2e4 e2f3 e2f4 e2g3 e2g4 e2h3 e2h4");
}

/* With a2 gone the a1 rook sees a2..a7 (a7 an enemy pawn) and lends that to b1, which the
 * knight could never reach itself. */
static void test_t2_2_rook_lends_to_knight(void) {
    CHECK(setup("rnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w KQkq - 0 1"), "setup");
    EXPECT_MOVES("b1", "b1a2 b1a3 b1a4 b1a5 b1a6 b1a7 b1c3 b1f3 b1h3");
}

/* ---- T2.2: B's pin is ignored; T3.2: A's pin is not ---- */

static void test_t2_2_pinned_lender(void) {
    /* The d2 knight is pinned by the b4 bishop (b4-c3-d2-e1) and cannot move (no square of
     * its rank's union lies on c3/b4). The a2 rook still borrows its jumps b1 b3 c4 e4 f3 f1,
     * besides its own a1 a3..a8 b2 c2 (the knight stops the rank ray). */
    CHECK(setup("4k3/8/8/8/1b6/8/R2N4/4K3 w - - 0 1"), "setup");
    EXPECT_MOVES("d2", "");
    EXPECT_MOVES("a2", "a2a1 a2a3 a2a4 a2a5 a2a6 a2a7 a2a8 a2b1 a2b2 a2b3 a2c2 a2c4 a2e4 a2f1 a2f3");
}

static void test_t3_2_pinned_piece_cannot_jump_past_the_pinner(void) {
    /* The f8 rook is pinned on rank 8 by the c8 queen. Rank 8's union: a8 rook b8 c8(x)
     * a7..a1, f8 rook e8 d8 c8(x) f7..f1, g8 king h8 f7 g7 h7. The a8 rook lends b8 and the
     * king lends h8: both on the pin line, but beyond the pinner or beyond the king, so the
     * king would be in check. Only d8 e8 (between) and c8 (the pinner) are legal. */
    CHECK(setup("r1Q2rk1/8/8/8/8/8/8/4K3 b - - 0 1"), "setup");
    EXPECT_MOVES("f8", "f8c8 f8d8 f8e8");
}

/* ---- T3.3 stealth capture ---- */

static void test_t3_3_king_refuses_square_of_rank_mates_reach(void) {
    /* Black: rook a5 and knight h5 are rank-mates, so the rook could capture on f4 by
     * borrowing the knight's jump. A white king on e3 therefore may not step to f4. T3.3
     * says this adds nothing to classical check: f4 is attacked by the knight itself, and
     * that is the only attacker. So of e3's eight steps exactly f4 is refused. */
    CHECK(setup("8/8/8/r6n/8/4K3/8/k7 w - - 0 1"), "setup");
    EXPECT_MOVES("e3", "e3d2 e3d3 e3d4 e3e2 e3e4 e3f2 e3f3");
    int f4 = make_sq(5, 3);
    CHECK(!(tether_reach(&P, make_sq(0, 4)) & sq_bb(f4)), "f4 is not in the rook's own reach");
    CHECK(tether_reach(&P, make_sq(7, 4)) & sq_bb(f4), "f4 is in the knight's reach (lent to the rook)");
    CHECK((pos_attackers_to(&P, f4, P.byType[0]) & P.byColor[BLACK]) == sq_bb(make_sq(7, 4)),
          "f4 is attacked, and only by the knight");
}

static void test_t3_3_push_squares_are_not_forbidden(void) {
    /* The black e5 pawn's push e4 is in its reach while e4 is empty, and the a5 knight could
     * move there by borrowing it; but a push never captures, so a king may stand on e4. The
     * pawn attacks d4 and f4: those two are refused. */
    CHECK(setup("8/8/8/n3p3/8/4K3/8/k7 w - - 0 1"), "setup");
    EXPECT_MOVES("e3", "e3d2 e3d3 e3e2 e3e4 e3f2 e3f3");
}

/* ---- T1.2 disconnection ---- */

static void test_t1_2_disconnection(void) {
    CHECK(setup("4k3/8/8/8/8/8/8/R3K1N1 w - - 0 1"), "setup");
    CHECK(has("a1h3") && has("a1f3"), "a1 borrows g1's jumps");
    CHECK(play("g1f3 e8d8"), "knight leaves rank 1");
    /* The knight stands on rank 3 now: a1's rank-mate is the e1 king only (d1 d2 e2 f2 f1),
     * and its own ray along rank 1 stops at d1. */
    CHECK(!has("a1h3") && !has("a1g1") && !has("a1h2"), "a1 no longer borrows from the knight");
    CHECK(has("e1d2") && has("e1f2"), "the king's own steps");
}

/* ---- T2.6 pawns ---- */

static void test_t2_6_apex_promotion_via_knight(void) {
    /* b7 pawn and f7 knight are rank-mates. The knight reaches d8 h8 d6 e5 g5 h6; the pawn
     * pushes to b8. Landing on rank 8 promotes (4 moves each); d6..h6 are ordinary
     * (backward) pawn moves. The knight borrows b8 without promoting. */
    CHECK(setup("8/1P3N2/8/k7/8/8/8/4K3 w - - 0 1"), "setup");
    EXPECT_MOVES("b7", "b7b8b b7b8n b7b8q b7b8r b7d6 b7d8b b7d8n b7d8q b7d8r b7e5 b7g5 b7h6 b7h8b b7h8n b7h8q b7h8r");
    CHECK(has("f7b8") && !has("f7b8q"), "a knight on a pawn's square does not promote");
    CHECK(!has("b7d6q"), "promotion letter on a non-promotion");
    CHECK(play("b7d8n"), "apex promotion");
    CHECK(P.board[make_sq(3, 7)] == make_piece(WHITE, KNIGHT) && !P.board[make_sq(1, 6)], "knight on d8");
}

static void test_t2_6_no_pawn_to_first_rank(void) {
    /* d2 knight reach: b1 f1 b3 f3 c4 e4. The b2 pawn gets b3 b4 (own) c4 e4 f3 but not the
     * first-rank squares b1 f1; the knight borrows the pawn's b4. */
    CHECK(setup("4k3/8/8/8/8/8/1P1N4/4K3 w - - 0 1"), "setup");
    EXPECT_MOVES("b2", "b2b3 b2b4 b2c4 b2e4 b2f3");
    EXPECT_MOVES("d2", "d2b1 d2b3 d2b4 d2c4 d2e4 d2f1 d2f3");
}

/* ---- what kind a move is (`legal kinds`, the web board's colours) ---- */

static TetherMoveKind kind_of(const char *tok) {
    Move m = pos_parse_decision(&P, tok);
    CHECK(m != MOVE_NONE, "%s is legal", tok);
    return m == MOVE_NONE ? (TetherMoveKind)-1 : tether_move_kind(&P, m);
}

static void test_t2_move_kinds(void) {
    /* As test_t2_6 above: b8 is the b7 pawn's own push, so its promotion there is native (T2.1);
     * d8 and h8 are the f7 knight's jumps lent to it, promotions by transport: apex (T2.6);
     * d6 is lent, not a promotion: transporter (T2.2). The knight's own jumps are native, the
     * pawn's b8 lent to the knight is transporter. */
    CHECK(setup("8/1P3N2/8/k7/8/8/8/4K3 w - - 0 1"), "setup");
    CHECK(kind_of("b7b8q") == TETHER_NATIVE && kind_of("b7b8n") == TETHER_NATIVE, "own promotion: native");
    CHECK(kind_of("b7d8n") == TETHER_APEX && kind_of("b7h8q") == TETHER_APEX, "lent promotion: apex");
    CHECK(kind_of("b7d6") == TETHER_TRANSPORTER && kind_of("f7b8") == TETHER_TRANSPORTER, "lent: transporter");
    CHECK(kind_of("f7d8") == TETHER_NATIVE && kind_of("f7h6") == TETHER_NATIVE, "knight's own jumps: native");
    /* T2.4/T4.2: e2e4 is the pawn's own double step, though every rank-mate pawn lends e4 too;
     * a2e4 only borrows it. */
    CHECK(setup(START), "setup");
    CHECK(kind_of("e2e4") == TETHER_NATIVE && kind_of("a2e4") == TETHER_TRANSPORTER, "double step native, lent one not");
    CHECK(kind_of("g1f3") == TETHER_NATIVE && kind_of("d1f3") == TETHER_TRANSPORTER, "T8: the queen borrows f3");
    /* T6.2: castling e1h1 is native, the king's e1g1 borrows the h1 rook's reach. */
    CHECK(setup("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "setup");
    CHECK(kind_of("e1h1") == TETHER_NATIVE && kind_of("e1a1") == TETHER_NATIVE, "castling: native");
    CHECK(kind_of("e1g1") == TETHER_TRANSPORTER && kind_of("e1f1") == TETHER_NATIVE, "e1g1 lent, e1f1 own");
    /* T4.3: onto the en-passant square the pawn's move is its own en-passant capture. */
    CHECK(setup("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"), "setup");
    CHECK(kind_of("e5d6") == TETHER_NATIVE && kind_of("e5e6") == TETHER_NATIVE, "en passant and the push: native");
}

/* ---- T4 castling and en passant, T6.2 notation ---- */

static void test_t6_2_castling_written_king_takes_rook(void) {
    CHECK(setup("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "setup");
    Move c = pos_parse_decision(&P, "e1h1"), t = pos_parse_decision(&P, "e1g1");
    CHECK(c != MOVE_NONE && move_flag(c) == MF_CASTLE, "e1h1 castles");
    CHECK(t != MOVE_NONE && move_flag(t) == MF_NORMAL, "e1g1 is the king borrowing the h1 rook's reach");
    CHECK(has("e1a1") && has("e1c1") && has("e1b1"), "queenside castle and teleports");
    CHECK(play("e1h1"), "castle");
    CHECK(!strcmp(fen(), "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1"), "after e1h1: %s", fen());
    CHECK(setup("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1") && play("e1g1"), "teleport");
    CHECK(!strcmp(fen(), "4k3/8/8/8/8/8/8/R5KR b - - 1 1"), "after e1g1: the rook stays, rights gone: %s", fen());
    char tok[6];
    move_to_uci_variant(c, VARIANT_CHESS, tok);
    CHECK(!strcmp(tok, "e1g1"), "chess writes the same castle e1g1");
}

static void test_t4_1_castling_classical_conditions(void) {
    /* The f8 rook attacks f1: castling short crosses it (illegal), the g1 teleport is fine,
     * f1 is refused to the king. The rook a1 could lend b1 c1 d1 a2..a8: castling long is
     * still legal (d1 c1 not attacked, b1 empty). */
    CHECK(setup("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "setup");
    CHECK(!has("e1h1") && has("e1g1") && !has("e1f1") && has("e1a1"), "castling conditions");
    /* Rights go when the rook moves by a transporter move (T4.1): h1 borrows the king's f2. */
    CHECK(play("h1f2 f8f7"), "rook moves");
    CHECK(!strcmp(fen(), "4k3/5r2/8/8/8/8/5R2/R3K3 w Q - 2 2"), "K right lost: %s", fen());
}

static void test_t4_2_en_passant_only_after_native_double_step(void) {
    /* h2h4 is a native double step: g4xh3 e.p. is legal. a2h4 borrows h2's double push: a
     * transporter move, no right. */
    CHECK(setup("4k3/8/8/8/6p1/8/P6P/4K3 w - - 0 1") && play("h2h4"), "native");
    CHECK(has("g4h3") && move_flag(pos_parse_decision(&P, "g4h3")) == MF_EP, "g4xh3 e.p.");
    CHECK(setup("4k3/8/8/8/6p1/8/P6P/4K3 w - - 0 1") && play("a2h4"), "transported");
    CHECK(!has("g4h3") && pos_state(&P)->ep == NO_SQ, "no right after a transporter move");
    /* e2e4 with e3 occupied borrows the f2 knight's jump: no right either. */
    CHECK(setup("4k3/8/8/8/3p4/4B3/4PN2/4K3 w - - 0 1") && play("e2e4"), "over a piece");
    CHECK(pos_state(&P)->ep == NO_SQ && pos_state(&P)->epRaw == NO_SQ, "no right");
}

static void test_t4_3_en_passant_square_is_the_capture(void) {
    /* Stockfish's perft position 3 after g2g4: the h4 king lends g3 to the f4 pawn, but
     * f4g3 is en passant, which empties f4 and g4 and opens rank 4 from the b4 rook to the
     * h4 king: illegal, and there is no plain transporter move f4g3 instead. */
    CHECK(setup("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1") && play("g2g4"), "setup");
    CHECK(tether_reach(&P, make_sq(7, 3)) & sq_bb(make_sq(6, 2)), "the king lends g3");
    CHECK(!has("f4g3"), "f4g3 is the illegal e.p. capture");
    CHECK(has("h4g3"), "the king itself may go to g3");
    /* The same with the capture legal (no rook on b4): one move, and it is e.p. */
    CHECK(setup("8/2p5/3p4/KP5r/5p1k/8/4P1P1/1R6 w - - 0 1") && play("g2g4"), "setup 2");
    Move m = pos_parse_decision(&P, "f4g3");
    CHECK(m != MOVE_NONE && move_flag(m) == MF_EP, "f4g3 is e.p.");
    CHECK(play("f4g3") && !P.board[make_sq(6, 3)], "the g4 pawn is gone");
}

/* ---- T5 and T6.3 ---- */

static void test_t5_4_insufficient_material(void) {
    CHECK(setup("4k3/8/8/8/8/8/8/4KN2 w - - 0 1") && pos_insufficient_material(&P), "K+N v K");
    CHECK(setup("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1") && !pos_insufficient_material(&P),
          "K+B v K+B same colour is played on in tether");
    CHECK(setup("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), "bare kings");
    GameEnd e;
    CHECK(pos_game_end(&P, &e) && e.reason == END_MATERIAL && e.winner == RESULT_DRAW, "bare kings draw (no R4.2)");
}

/* T5.3: a pawn a rank-mate lends a step to may go back (T2.2), so a pawn move restarts the
 * fifty-move count but does not end the turns a repetition is looked for in. From a real game
 * (qec against itself, 2026-11-27) that ran to 8,000 plies: the e5 pawn blocks Qd6+ on e6 through
 * the f5 bishop's diagonal and steps back to e5 natively. */
static void test_t5_3_repetition_through_pawn_moves(void) {
    GameEnd e;
    CHECK(setup("8/8/5k2/4pb2/3Q4/3p3r/3K4/6R1 w - - 0 60") && play("d4d6 e5e6 d6d4 e6e5"), "the first cycle");
    CHECK(pos_state(&P)->rule50 == 0, "the pawn's moves restart the fifty-move count: %d", pos_state(&P)->rule50);
    CHECK(!pos_game_end(&P, &e), "the second occurrence is not yet a draw");
    CHECK(play("d4d6 e5e6 d6d4 e6e5"), "the second cycle");
    CHECK(pos_game_end(&P, &e) && e.reason == END_REPETITION && e.winner == RESULT_DRAW,
          "the third occurrence, pawn moves between, is a draw (reason %d)", e.reason);
    CHECK(pos_is_repetition(&P, 2), "the search sees the repetition too");
    /* A capture still ends the window: nothing before it can come back. */
    CHECK(setup("8/8/5k2/4pb2/3Q4/3p3r/3K4/6R1 w - - 0 60") && play("d4d6 e5e6 d6d4 e6e5 d2c1 f6f7 c1d2 f7f6"),
          "king moves");
    CHECK(pos_state(&P)->repWindow == 8, "repWindow after 8 turns without a capture: %d", pos_state(&P)->repWindow);
    CHECK(play("d4d3 h3d3"), "two captures");
    CHECK(pos_state(&P)->repWindow == 0, "a capture restarts repWindow: %d", pos_state(&P)->repWindow);
}

static void test_t5_1_mate_by_transport(void) {
    /* A back-rank mate: transporter moves must not offer an escape that is not there. */
    CHECK(setup("7k/6pp/8/8/8/8/8/R5K1 w - - 0 1") && play("a1a8"), "Ra8");
    GameEnd e;
    /* The h8 king is alone on rank 8: its union is its own steps, g8 attacked, g7 h7 its
     * pawns. The rank-7 pawns share only g6 g5 h6 h5: nothing reaches b8..g8 or a8. */
    CHECK(pos_game_end(&P, &e) && e.reason == END_MATE && e.winner == WHITE, "back-rank mate");
}

static void test_t6_3_fen(void) {
    CHECK(setup(START), "start");
    Key k = pos_key(&P);
    CHECK(!pos_set_fen(&P, "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", VARIANT_TETHER, err, sizeof err) && strstr(err, "a1"),
          "pawn on rank 1: %s", err);
    CHECK(!pos_set_fen(&P, "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", VARIANT_TETHER, err, sizeof err), "pawn on rank 8");
    CHECK(!pos_set_fen(&P, "4k3/8/8/8/8/QQQQQQQQ/QQQQQQQQ/Q3K3 w - - 0 1", VARIANT_TETHER, err, sizeof err),
          "more than 16 pieces a side: %s", err);
    CHECK(pos_key(&P) == k, "position kept");
}

int main(void) {
    engine_init();
    test_t8_start_position();
    test_t2_2_rook_lends_to_knight();
    test_t2_2_pinned_lender();
    test_t3_2_pinned_piece_cannot_jump_past_the_pinner();
    test_t3_3_king_refuses_square_of_rank_mates_reach();
    test_t3_3_push_squares_are_not_forbidden();
    test_t1_2_disconnection();
    test_t2_6_apex_promotion_via_knight();
    test_t2_6_no_pawn_to_first_rank();
    test_t2_move_kinds();
    test_t6_2_castling_written_king_takes_rook();
    test_t4_1_castling_classical_conditions();
    test_t4_2_en_passant_only_after_native_double_step();
    test_t4_3_en_passant_square_is_the_capture();
    test_t5_4_insufficient_material();
    test_t5_1_mate_by_transport();
    test_t5_3_repetition_through_pawn_moves();
    test_t6_3_fen();
    printf("tether: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
