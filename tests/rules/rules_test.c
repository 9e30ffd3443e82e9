/* One or more tests per rule (docs/players/rules-qec.md R1.2–R4.6, R6.2, R7), on hand-made positions. Every
 * expectation was worked out by hand from the rules, never read off the engine. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../engine/links.h"
#include "../../engine/perft.h"

#include "../check.h"
#include "../positions.h"
static Position P; /* large: keep it off the stack */
static char err[256];


static bool setup_variant(const char *fen, const char *links, int variant) {
    return setup_position(&P, fen, links, variant, err, sizeof err);
}
static bool setup(const char *fen, const char *links) { return setup_variant(fen, links, VARIANT_QEC); }

static int cmp_str(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

/* The options at the decision at hand, sorted, space separated. */
static const char *legal(void) {
    static char out[4096];
    char toks[MAX_MOVES][6];
    Move list[MAX_MOVES];
    int n = pos_legal_decisions(&P, list);
    for (int i = 0; i < n; i++)
        move_to_uci(list[i], toks[i]);
    qsort(toks, (size_t)n, sizeof toks[0], cmp_str);
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        if (i)
            strcat(out, " ");
        strcat(out, toks[i]);
    }
    return out;
}

static bool play(const char *toks) {
    char buf[512], *save;
    snprintf(buf, sizeof buf, "%s", toks);
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        Move m = pos_parse_decision(&P, t);
        if (m == MOVE_NONE) {
            printf("illegal token %s (legal: %s)\n", t, legal());
            return false;
        }
        pos_do(&P, m);
    }
    return true;
}

static const char *links(void) {
    static char out[256];
    int pairs[32][2], n = pos_links(&P, pairs);
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        char s[8];
        snprintf(s, sizeof s, "%s%c%c%c%c", i ? " " : "", 'a' + sq_file(pairs[i][0]), '1' + sq_rank(pairs[i][0]),
                 'a' + sq_file(pairs[i][1]), '1' + sq_rank(pairs[i][1]));
        strcat(out, s);
    }
    return n ? out : "none";
}

static const char *fen(void) {
    static char out[128];
    pos_fen(&P, out, sizeof out);
    return out;
}

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* ---- R1 links ---- */

static void test_r1_2_link_validation(void) {
    EntMap m;
    pos_set_fen(&P, START, VARIANT_QEC, err, sizeof err);
    CHECK(entmap_parse("a2b2", &m, err, sizeof err), "pairs parse");
    CHECK(!entmap_apply(&m, &P, err, sizeof err) && strstr(err, "pawn-pawn"), "pawn-pawn rejected: %s", err);
    entmap_parse("a2e8", &m, err, sizeof err);
    CHECK(!entmap_apply(&m, &P, err, sizeof err) && strstr(err, "king"), "king rejected: %s", err);
    entmap_parse("a2b1", &m, err, sizeof err);
    CHECK(!entmap_apply(&m, &P, err, sizeof err) && strstr(err, "same colour"), "same colour rejected: %s", err);
    entmap_parse("a2a8 b2a8", &m, err, sizeof err);
    CHECK(!entmap_apply(&m, &P, err, sizeof err) && strstr(err, "a8") && strstr(err, "already"),
          "piece in two links rejected: %s", err);
    entmap_parse("a3a8", &m, err, sizeof err);
    CHECK(!entmap_apply(&m, &P, err, sizeof err) && strstr(err, "a3") && strstr(err, "empty"),
          "empty square named: %s", err);
    entmap_parse("b1a1", &m, err, sizeof err);
    CHECK(!entmap_apply(&m, &P, err, sizeof err), "officer-officer rejected");
    CHECK(!entmap_parse("a2a9", &m, err, sizeof err) && strstr(err, "a2a9"), "bad square named: %s", err);
    CHECK(!entmap_parse("random x", &m, err, sizeof err), "random needs a number");
    CHECK(!entmap_parse("{\"W_pawn_to_black\": {\"W_P_a2\": }", &m, err, sizeof err) && strstr(err, "JSON"),
          "invalid JSON: %s", err);
    CHECK(entmap_parse("{\"W_pawn_to_black\": {\"W_P_a2\": \"B_N_a8\"}}", &m, err, sizeof err), "JSON parses");
    CHECK(!entmap_apply(&m, &P, err, sizeof err) && strstr(err, "B_N_a8"), "wrong piece id named: %s", err);
    /* A failed map leaves the previous links in force. */
    setup(START, "default");
    Key before = pos_key(&P);
    entmap_parse("a2a8 a7a8", &m, err, sizeof err);
    CHECK(!entmap_apply(&m, &P, err, sizeof err) && pos_key(&P) == before && !strcmp(links(), "a2a8 b2b8 c2c8 d2d8 e2f8 f2g8 g2h8 a7a1 b7b1 c7c1 d7d1 e7f1 f7g1 g7h1"),
          "failed map keeps the old one: %s", links());
}

static void test_r1_3_subsets_and_forms(void) {
    CHECK(setup(START, "a2a8") && !strcmp(links(), "a2a8"), "one link is a valid map");
    CHECK(setup(START, "none") && !strcmp(links(), "none"), "no links");
    CHECK(setup(START, "a8a2") && !strcmp(links(), "a2a8"), "either order, pawn first (R7.5)");
    CHECK(setup(START, "{\"W_pawn_to_black\": {\"W_P_a2\": \"B_R_a8\", \"W_P_b2\": \"B_N_b8\"}, "
                       "\"B_pawn_to_white\": {\"B_P_a7\": \"W_R_a1\"}, \"white_free_pawn\": \"W_P_h2\", "
                       "\"black_free_pawn\": \"B_P_h7\"}") &&
              !strcmp(links(), "a2a8 b2b8 a7a1"),
          "seed JSON form: %s", links());
    CHECK(setup(START, "random 7"), "random map applies");
    char a[256];
    snprintf(a, sizeof a, "%s", links());
    int pairs[32][2];
    CHECK(pos_links(&P, pairs) == 14, "random map has 7+7 links");
    setup(START, "random 7");
    CHECK(!strcmp(a, links()), "same seed, same map");
    setup(START, "random 8");
    CHECK(strcmp(a, links()), "another seed, another map");
}

static void test_r1_4_default_map(void) {
    CHECK(setup(START, "default") &&
              !strcmp(links(), "a2a8 b2b8 c2c8 d2d8 e2f8 f2g8 g2h8 a7a1 b7b1 c7c1 d7d1 e7f1 f7g1 g7h1"),
          "default map: %s", links());
}

static void test_r1_5_links_follow_pieces(void) {
    setup(START, "default");
    CHECK(play("b1c3") && pos_phase(&P) == PHASE_FORCED, "b1c3 pulls the b7 pawn");
    CHECK(!strcmp(legal(), "b7b5 b7b6"), "b7 pawn options: %s", legal());
    play("b7b5");
    CHECK(strstr(links(), "b5c3") != NULL, "link moved with both pieces: %s", links());
}

static void test_r1_6_links_break(void) {
    /* En passant capture breaks the captured pawn's link; the link had followed the rook. */
    setup("4k3/3p4/8/4P3/8/8/8/R3K3 b - - 0 1", "d7a1");
    CHECK(play("d7d5") && pos_phase(&P) == PHASE_FORCED && pos_decider(&P) == WHITE, "rook a1 must reply");
    play("a1a2");
    CHECK(!strcmp(links(), "d5a2"), "link follows the rook: %s", links());
    CHECK(strstr(legal(), "e5d6") != NULL, "en passant available: %s", legal());
    play("e5d6");
    CHECK(!strcmp(links(), "none"), "ep capture broke the link: %s", links());
    CHECK(pos_turn(&P) == BLACK && pos_phase(&P) == PHASE_BASE, "no forced reply from an unlinked pawn");
    /* Capturing one's own counterpart breaks the link, so no forced reply. */
    setup("4k3/8/8/8/8/2p5/1N6/4K3 w - - 0 1", "c3b2");
    CHECK(!strcmp(legal(), "b2a4 b2c4 b2d1 b2d3 e1d1 e1e2 e1f1 e1f2"), "white options: %s", legal());
    setup("4k3/8/8/8/8/7K/1p6/2N5 b - - 0 1", "b2c1");
    play("b2c1q");
    CHECK(!strcmp(links(), "none") && pos_turn(&P) == WHITE, "capture-promotion of the counterpart: no links");
}

/* ---- R2 the turn ---- */

static void test_r2_1_base_is_classical_legal(void) {
    setup("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", "none");
    CHECK(!strcmp(legal(), "e1d1 e1d2 e1f1 e1f2"), "pinned bishop cannot move: %s", legal());
}

static void test_r2_3_forced_reply(void) {
    setup(START, "default");
    play("e2e3");
    CHECK(pos_phase(&P) == PHASE_BASE && pos_turn(&P) == BLACK, "blocked f8 bishop: no reply (P1)");
    play("e7e5");
    CHECK(pos_phase(&P) == PHASE_FORCED && pos_decider(&P) == WHITE && pos_turn(&P) == BLACK,
          "f1 bishop must reply, white decides");
    CHECK(!strcmp(legal(), "f1a6 f1b5 f1c4 f1d3 f1e2"), "options are the bishop's moves: %s", legal());
    play("f1c4");
    CHECK(pos_phase(&P) == PHASE_BASE && pos_turn(&P) == WHITE, "then white's base move");
    /* A pinned counterpart has no legal move: it stays. */
    setup("4k3/8/2n5/1B6/8/8/P7/4K3 w - - 0 1", "a2c6");
    play("a2a3");
    CHECK(pos_phase(&P) == PHASE_BASE && pos_turn(&P) == BLACK, "pinned counterpart stays");
    /* The base move checks: the reply must end the check. */
    setup("8/6p1/4k3/8/8/8/8/K6R w - - 0 1", "g7h1");
    play("h1h6");
    CHECK(pos_phase(&P) == PHASE_FORCED && !strcmp(legal(), "g7g6 g7h6"), "reply must end the check: %s", legal());
    /* No reply ends the check: the pawn stays and the king steps. */
    setup("4k3/p7/8/8/8/8/8/K6R w - - 0 1", "a7h1");
    play("h1h8");
    CHECK(pos_phase(&P) == PHASE_REACT && pos_decider(&P) == BLACK, "king must step");
    CHECK(!strcmp(legal(), "e8d7 e8e7 e8f7"), "steps: %s", legal());
}

static void test_r2_4_one_forced_reply(void) {
    setup("8/6p1/4k3/8/8/8/8/K6R w - - 0 1", "g7h1");
    play("h1h6 g7g6");
    CHECK(pos_phase(&P) == PHASE_BASE && pos_turn(&P) == BLACK, "the reply (linked to the rook) forces nothing");
}

static void test_r2_5_reactive_step(void) {
    /* The forced reply checks the base mover, who steps (d1, f1 stay attacked through e1). */
    setup("4k2r/8/8/8/8/8/3P4/4K3 w - - 0 1", "d2h8");
    play("d2d3 h8h1");
    CHECK(pos_phase(&P) == PHASE_REACT && pos_decider(&P) == WHITE && pos_turn(&P) == WHITE, "white must step");
    CHECK(!strcmp(legal(), "e1d2 e1e2 e1f2"), "steps: %s", legal());
    /* A step may not uncover check on the other king (decision in R2.5). */
    setup("8/6n1/8/8/R2K3k/8/8/8 b - - 0 1", "none");
    play("g7f5");
    CHECK(pos_phase(&P) == PHASE_REACT && !strcmp(legal(), "d4c4 d4e4"), "steps off the rank uncover: %s", legal());
    /* A step may capture an unprotected checker. */
    setup("4k3/8/8/7q/8/8/8/4K3 b - - 0 1", "none");
    play("h5e2");
    CHECK(!strcmp(legal(), "e1e2"), "capture the checker: %s", legal());
    /* The step is a one-square king move, never castling. */
    setup("4k3/8/8/8/8/8/8/R3K2R b KQ - 0 1", "none");
    play("e8e7");
    setup("4k3/8/8/8/8/8/5r2/R3K2R b KQ - 0 1", "none");
    play("f2e2");
    CHECK(!strstr(legal(), "e1g1") && !strstr(legal(), "e1c1") && !strcmp(legal(), "e1d1 e1e2 e1f1"),
          "no castling as a step: %s", legal());
}

static void test_r2_6_turn_passes_after_step(void) {
    setup("4k2r/8/8/8/8/8/3P4/4K3 w - - 0 1", "d2h8");
    play("d2d3 h8h1 e1e2");
    CHECK(pos_phase(&P) == PHASE_BASE && pos_turn(&P) == BLACK, "after white's step, black's turn");
    CHECK(!strcmp(fen(), "4k3/8/8/8/8/3P4/4K3/7r b - - 0 1"), "pawn move resets the turn clock: %s", fen());
}

/* ---- R3 special moves ---- */

static void test_r3_1_castling(void) {
    setup("r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1", "a2h8 h2a8 a7h1 h7a1");
    play("e1g1");
    CHECK(pos_phase(&P) == PHASE_FORCED && pos_decider(&P) == BLACK && !strcmp(legal(), "a7a5 a7a6"),
          "linked rook castles: a7 replies: %s", legal());
    setup("r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1", "a2h8 a7h1");
    play("e1c1");
    CHECK(pos_phase(&P) == PHASE_BASE && pos_turn(&P) == BLACK, "unlinked rook: no reply");
}

static void test_r3_2_en_passant(void) {
    /* A base double push gives the right... */
    setup("7k/3p4/8/4P3/2N5/8/8/4K3 b - - 0 1", "d7c4");
    play("d7d5 c4a3");
    CHECK(strstr(legal(), "e5d6") && strstr(fen(), " d6 "), "right kept: %s", fen());
    /* ...lost if the passed square is filled during the turn. */
    setup("7k/3p4/8/4P3/2N5/8/8/4K3 b - - 0 1", "d7c4");
    play("d7d5 c4d6");
    CHECK(strstr(fen(), " - ") && !strstr(legal(), "e5d6"), "right lost: %s", fen());
    /* A forced reply never captures en passant, even a turn later. */
    setup("4k2r/3p4/8/4P3/8/8/8/4K3 b - - 0 1", "e5h8");
    play("d7d5 e1e2 h8h7");
    CHECK(pos_phase(&P) == PHASE_FORCED && !strcmp(legal(), "e5e6"), "no ep as reply: %s", legal());
    /* A forced-reply double push gives no right. */
    setup("4k3/3p4/8/4P3/8/8/8/R3K3 w - - 0 1", "d7a1");
    play("a1a2 d7d5");
    CHECK(pos_turn(&P) == BLACK && strstr(fen(), " - ") , "reply's double push: no ep: %s", fen());
    play("e8e7");
    CHECK(!strstr(legal(), "e5d6"), "no ep for white: %s", legal());
}

static void test_r3_3_promotion(void) {
    setup("6nk/1P6/8/8/8/8/8/K7 w - - 0 1", "b7g8");
    play("b7b8q");
    CHECK(pos_phase(&P) == PHASE_BASE && pos_turn(&P) == BLACK && !strcmp(links(), "none"),
          "promotion breaks the link, no reply");
    setup("6nk/1P6/8/8/8/8/8/K7 b - - 0 1", "b7g8");
    play("g8f6");
    CHECK(pos_phase(&P) == PHASE_FORCED && !strcmp(legal(), "b7b8b b7b8n b7b8q b7b8r"), "promotion as reply: %s",
          legal());
    play("b7b8n");
    CHECK(pos_turn(&P) == WHITE && !strcmp(links(), "none"), "reply promotion breaks the link");
}

static void test_r3_4_castling_rights(void) {
    setup("4k3/7p/8/8/8/8/8/4K2R b K - 0 1", "h7h1");
    play("h7h6 h1h2");
    CHECK(strstr(fen(), " w - ") != NULL, "rook's forced reply loses the right: %s", fen());
}

static void test_r3_5_promotion_tokens(void) {
    setup("7k/1P6/8/8/8/8/8/K7 w - - 0 1", "none");
    CHECK(!strcmp(legal(), "a1a2 a1b1 a1b2 b7b8b b7b8n b7b8q b7b8r"), "four promotion tokens: %s", legal());
}

/* ---- R4 end of the game ---- */

static void test_r4_1_mate(void) {
    setup("r5k1/8/8/8/8/8/2R3PP/7K b - - 0 1", "none");
    play("a8a1");
    GameEnd e;
    CHECK(pos_phase(&P) == PHASE_OVER && pos_game_end(&P, &e) && e.reason == END_MATE && e.winner == BLACK,
          "no step: white mated although Rc1 would block");
    setup_variant("r5k1/8/8/8/8/8/2R3PP/7K b - - 0 1", "none", VARIANT_CHESS);
    play("a8a1");
    CHECK(!strcmp(legal(), "c2c1"), "classical chess blocks: %s", legal());
    /* The base mover is mated by the forced reply. */
    setup("r5k1/8/8/8/8/8/4PPPP/7K w - - 0 1", "e2a8");
    play("e2e3 a8a1");
    CHECK(pos_phase(&P) == PHASE_OVER && pos_state(&P)->loser == WHITE, "base mover mated by the reply");
    /* R7.4: a FEN with the side to move checkmated. */
    setup("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "none");
    CHECK(pos_game_end(&P, &e) && e.reason == END_MATE && e.winner == BLACK, "FEN mate");
}

static void test_r4_2_dual_king(void) {
    GameEnd e;
    setup("8/8/8/8/8/8/k1r5/3K4 w - - 0 1", "none");
    CHECK(!pos_game_end(&P, &e), "not over yet");
    play("d1c2");
    CHECK(pos_game_end(&P, &e) && e.reason == END_DUAL_KING && e.winner == RESULT_BOTH_LOSE, "both lose");
}

static void test_r4_3_stalemate(void) {
    GameEnd e;
    setup("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "none");
    CHECK(pos_game_end(&P, &e) && e.reason == END_STALEMATE && e.winner == RESULT_DRAW, "stalemate");
}

static void test_r4_4_repetition(void) {
    GameEnd e;
    setup(START, "none");
    play("g1f3 g8f6 f3g1 f6g8");
    CHECK(!pos_game_end(&P, &e), "second occurrence is not yet a draw");
    play("g1f3 g8f6 f3g1 f6g8");
    CHECK(pos_game_end(&P, &e) && e.reason == END_REPETITION, "third occurrence");
    /* The same board under other links is another state (R4.4). */
    setup(START, "none");
    Key a = pos_key(&P);
    setup(START, "default");
    CHECK(a != pos_key(&P), "links are part of the key");
}

static void test_r4_5_fifty_turns(void) {
    GameEnd e;
    setup("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "none");
    CHECK(!pos_game_end(&P, &e), "99 turns: not yet");
    play("a1a2");
    CHECK(pos_game_end(&P, &e) && e.reason == END_FIFTY, "100 turns: draw");
    /* R7.3: the clock counts turns, a forced pawn reply resets it. */
    setup(START, "none");
    play("g1f3");
    CHECK(!strcmp(fen(), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"), "fen %s", fen());
    play("g8f6");
    CHECK(!strcmp(fen(), "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2"), "fen %s", fen());
    setup(START, "default");
    play("g1f3 f7f6");
    CHECK(strstr(fen(), " b KQkq - 0 1") != NULL, "reply pawn move resets: %s", fen());
}

static void test_r4_6_insufficient_material(void) {
    GameEnd e;
    static const struct { const char *fen; bool draw; } cases[] = {
        {"4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true},  {"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true},
        {"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true}, /* c1 and f8: both dark */
        {"4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", false}, {"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false},
        {"4k3/8/8/8/8/8/8/4KR2 w - - 0 1", false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        setup(cases[i].fen, "none");
        bool over = pos_game_end(&P, &e);
        CHECK(over == cases[i].draw && (!over || e.reason == END_MATERIAL), "%s", cases[i].fen);
    }
}

/* ---- R6 counting, R7 FEN ---- */

static void test_r6_2_mate_is_a_leaf(void) {
    Move moves[MAX_MOVES];
    uint64_t counts[MAX_MOVES];
    setup("r5k1/8/8/8/8/8/2R3PP/7K b - - 0 1", "none");
    CHECK(perft(&P, 1) == 17, "17 black decisions, the mate counted once");
    int n = perft_divide(&P, 2, moves, counts);
    for (int i = 0; i < n; i++) {
        char t[6];
        move_to_uci(moves[i], t);
        if (!strcmp(t, "a8a1"))
            CHECK(counts[i] == 0, "nothing below a mate");
    }
}

static void test_r7_fen(void) {
    CHECK(!pos_set_fen(&P, "R3k3/8/8/8/8/8/8/4K3 w - - 0 1", VARIANT_QEC, err, sizeof err) &&
              strstr(err, "not to move"),
          "side not to move in check rejected: %s", err);
    static const char *bad[] = {"", "8/8/8 w - -", "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
                                "4k3/8/8/8/8/8/8/4K2X w - - 0 1", "4k3/8/8/8/8/8/8/4KK2 w - - 0 1",
                                "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
                                "4k3/8/8/8/8/8/8/4K3 w - e4 0 1", "4k3/8/8/8/8/8/8/4K3 w - - -1 1",
                                "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", "4k3/8/8/8/8/8/8/4K3/8 w - - 0 1",
                                "4k3/9/8/8/8/8/8/4K3 w - - 0 1"};
    setup(START, "default");
    Key k = pos_key(&P);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(!pos_set_fen(&P, bad[i], VARIANT_QEC, err, sizeof err) && err[0] && pos_key(&P) == k,
              "bad FEN accepted or state changed: '%s'", bad[i]);
    /* R7.2: the ep square is written only when a capture is legal. */
    setup(START, "none");
    play("e2e4");
    CHECK(!strcmp(fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"), "fen %s", fen());
    setup("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "none");
    play("e2e4");
    CHECK(!strcmp(fen(), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"), "fen %s", fen());
    CHECK(pos_set_fen(&P, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", VARIANT_QEC, err, sizeof err) &&
              pos_state(&P)->ep == 20,
          "ep read");
    CHECK(pos_set_fen(&P, "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", VARIANT_QEC, err, sizeof err) &&
              pos_state(&P)->ep == NO_SQ,
          "useless ep dropped");
}

int main(void) {
    engine_init();
    test_r1_2_link_validation();
    test_r1_3_subsets_and_forms();
    test_r1_4_default_map();
    test_r1_5_links_follow_pieces();
    test_r1_6_links_break();
    test_r2_1_base_is_classical_legal();
    test_r2_3_forced_reply();
    test_r2_4_one_forced_reply();
    test_r2_5_reactive_step();
    test_r2_6_turn_passes_after_step();
    test_r3_1_castling();
    test_r3_2_en_passant();
    test_r3_3_promotion();
    test_r3_4_castling_rights();
    test_r3_5_promotion_tokens();
    test_r4_1_mate();
    test_r4_2_dual_king();
    test_r4_3_stalemate();
    test_r4_4_repetition();
    test_r4_5_fifty_turns();
    test_r4_6_insufficient_material();
    test_r6_2_mate_is_a_leaf();
    test_r7_fen();
    printf("rules: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
