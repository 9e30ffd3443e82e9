/* Notation (RULES R5.3, seed 004 §12, seed 000): every expected string below was written by
 * hand from the seeds' text, the decisions of docs/players/notation.md and well-known game scores,
 * never read off the formatter. Then round trips (format -> parse gives the same decisions)
 * over random QEC turns under random maps and random chess games. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/links.h"
#include "../../engine/notation.h"
#include "../check.h"
#include "../positions.h"
#include "../rng.h"

static Position P; /* large: keep it off the stack */
static char err[512];

static bool setup(const char *fen, const char *links, int variant) {
    return setup_position(&P, fen, links, variant, err, sizeof err);
}

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* UCI decisions (R5.1) from P, checked legal one by one on a copy; returns how many. */
static int uci_decisions(const char *toks, Move *out) {
    static Position q;
    char buf[1024], *save;
    int n = 0;
    q = P;
    snprintf(buf, sizeof buf, "%s", toks);
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        Move m = pos_parse_decision(&q, t);
        if (m == MOVE_NONE) {
            printf("FAIL test data: illegal token %s in '%s'\n", t, toks);
            return -1;
        }
        pos_do(&q, m);
        out[n++] = m;
    }
    return n;
}

static int flatten(const NotationTurn *t, int n, Move *out) {
    int k = 0;
    for (int i = 0; i < n; i++)
        k += notation_turn_decisions(&t[i], out + k);
    return k;
}

/* A game in UCI tokens must be written as `shortText` and `longText`, and both must read
 * back to the same decisions. */
static void golden_game(const char *fen, const char *links, int variant, const char *toks, const char *shortText,
                        const char *longText) {
    Move d[512], back[512];
    NotationTurn turns[256];
    char out[4096];
    if (!setup(fen, links, variant)) {
        CHECK(false, "setup %s", fen);
        return;
    }
    int n = uci_decisions(toks, d);
    if (n < 0) {
        failed++;
        return;
    }
    const char *want[2] = {shortText, longText};
    for (int style = 0; style < 2; style++) {
        if (!want[style])
            continue;
        bool ok = notation_format_game(&P, d, n, style, out, sizeof out, err, sizeof err);
        CHECK(ok && !strcmp(out, want[style]), "%s: '%s'\n     want '%s' (%s)", toks, ok ? out : "", want[style],
              ok ? "" : err);
        int t = notation_parse_game(&P, want[style], turns, 256, err, sizeof err);
        int k = t < 0 ? -1 : flatten(turns, t, back);
        CHECK(k == n && !memcmp(back, d, sizeof(Move) * (size_t)n), "read back '%s': %d decisions of %d (%s)",
              want[style], k, n, t < 0 ? err : "");
    }
}

/* Decision `tok` (UCI) at `fen`: its short (and long) text, each read back to it. */
static void golden_decision(const char *fen, int variant, const char *tok, const char *shortText,
                            const char *longText) {
    char out[64];
    if (!setup(fen, "none", variant)) {
        CHECK(false, "setup");
        return;
    }
    Move m = pos_parse_decision(&P, tok);
    CHECK(m != MOVE_NONE, "test data: %s illegal in %s", tok, fen);
    bool ok = notation_format_decision(&P, m, NOTATION_SHORT, out, sizeof out);
    CHECK(ok && !strcmp(out, shortText), "%s in %s: '%s', want '%s'", tok, fen, out, shortText);
    CHECK(notation_parse_decision(&P, shortText, err, sizeof err) == m, "read '%s': %s", shortText, err);
    if (longText) {
        ok = notation_format_decision(&P, m, NOTATION_LONG, out, sizeof out);
        CHECK(ok && !strcmp(out, longText), "%s long: '%s', want '%s'", tok, out, longText);
        CHECK(notation_parse_decision(&P, longText, err, sizeof err) == m, "read '%s': %s", longText, err);
    }
}

/* The R5.2 machine form of the same games. */
static void golden_uci(const char *fen, const char *links, int variant, const char *toks, const char *want) {
    Move d[512];
    char out[4096];
    int n = setup(fen, links, variant) ? uci_decisions(toks, d) : -1;
    if (n < 0) {
        CHECK(false, "setup");
        return;
    }
    bool ok = notation_format_game(&P, d, n, NOTATION_UCI, out, sizeof out, err, sizeof err);
    CHECK(ok && !strcmp(out, want), "UCI form of %s: '%s', want '%s'", toks, out, want);
}

/* Seed 004 §12's examples and seed 000's validation list (QEC). */
static void test_seed_examples(void) {
    /* §12: e2 is linked to the h8 rook, which can move (h7 is empty). */
    const char *h7 = "rnbqkbnr/ppppppp1/8/7p/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2";
    golden_game(h7, "e2h8", VARIANT_QEC, "e2e4 h8h7", "2. e4 [↔ Rh7]", "2. e2-e4 [↔ h8R:h8-h7]");
    /* the forced reply not chosen yet: the seed's first form */
    golden_game(h7, "e2h8", VARIANT_QEC, "e2e4", "2. e4", "2. e2-e4 [↔ h8R]");
    /* `d` inside a turn: the turn so far */
    char last[NOTATION_TURN_MAX];
    setup(h7, "e2h8", VARIANT_QEC);
    CHECK(!notation_format_last_turn(&P, NOTATION_LONG, last, sizeof last), "no decision yet");
    pos_do(&P, pos_parse_decision(&P, "e2e4"));
    CHECK(notation_format_last_turn(&P, NOTATION_LONG, last, sizeof last) && !strcmp(last, "e2-e4 [↔ h8R]"),
          "last turn mid-turn: '%s'", last);
    pos_do(&P, pos_parse_decision(&P, "h8h6"));
    CHECK(notation_format_last_turn(&P, NOTATION_SHORT, last, sizeof last) && !strcmp(last, "e4 [↔ Rh6]"),
          "last turn: '%s'", last);
    /* the issue's `Qd8-h4+ <Ke1-e2>`: no links, e2 is the only step */
    golden_game("rnbqkbnr/pppp1ppp/8/4p3/8/4PP2/PPPP2PP/RNBQKBNR b KQkq - 0 2", "none", VARIANT_QEC, "d8h4 e1e2",
                "2... Qh4+ <Ke2>", "2... Qd8-h4+ <Ke1-e2>");
    /* seed 000 #1 blocked forced reply (e2<->Bf8 boxed in), #2 immediate force (e7<->Bf1),
     * then the reactive check of docs/gui/sessions.md: the e5 pawn cannot end the check (R2.3), the king
     * steps and takes the linked bishop; both captures break links. */
    golden_game(START, "default", VARIANT_QEC, "e2e3 e7e5 f1c4 c4f7 e8f7", "1. e3 e5 [↔ Bc4] 2. Bxf7+ <Kxf7>",
                "1. e2-e3 [↔ f8B:--] e7-e5 [↔ f1B:f1-c4] 2. Bc4xf7✖+ [↔ e5P:--] <Ke8xf7✖>");
    /* the QEC sample session of docs/gui/sessions.md and R5.2's examples */
    golden_uci(START, "default", VARIANT_QEC, "e2e3 e7e5 f1c4 c4f7 e8f7", "1. e2e3 e7e5[f1c4] 2. c4f7<e8f7>");
    golden_uci(START, "default", VARIANT_QEC, "f2f3 g8h6 e7e5 g2g4 h8g8 d8h4",
               "1. f2f3[g8h6] e7e5 2. g2g4[h8g8] d8h4");
    golden_uci("rnbqkbnr/pppp1ppp/8/4p3/8/4PP2/PPPP2PP/RNBQKBNR b KQkq - 0 2", "none", VARIANT_QEC, "d8h4 e1e2",
               "2... d8h4<e1e2>");
    golden_uci(h7, "e2h8", VARIANT_QEC, "e2e4", "2. e2e4");
    /* #3 reactive check as a mate: the queen's d2 pawn cannot end the check, no step (R4.1) */
    golden_game(START, "default", VARIANT_QEC, "f2f3 g8h6 e7e5 g2g4 h8g8 d8h4",
                "1. f3 [↔ Nh6] e5 2. g4 [↔ Rg8] Qh4#",
                "1. f2-f3 [↔ g8N:g8-h6] e7-e5 [↔ f1B:--] 2. g2-g4 [↔ h8R:h8-g8] Qd8-h4# [↔ d2P:--]");
    /* #4 castling: only the rook's link forces a reply (R2.3, R3.1) */
    golden_game("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", "g7h1 b2a8", VARIANT_QEC,
                "e1g1 g7g6 e8c8 b2b4", "1. O-O [↔ g6] O-O-O [↔ b4]", "1. O-O [↔ g7P:g7-g6] O-O-O [↔ b2P:b2-b4]");
    /* #5 en passant breaks the captured pawn's link (d5<->Nb1: no ghost reply of b1); the
     * capturing pawn's own link (e5<->Ng8) forces the knight */
    const char *ep = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
    golden_game(ep, "d5b1", VARIANT_QEC, "e5d6", "3. exd6", "3. e5xd6✖");
    golden_game(ep, "d5b1 e5g8", VARIANT_QEC, "e5d6 g8f6", "3. exd6 [↔ Nf6]", "3. e5xd6✖ [↔ g8N:g8-f6]");
    /* promotion breaks the pawn's link, so no forced reply (R3.3); the check needs a step */
    golden_game("4k3/1P6/8/8/8/8/8/4K1n1 w - - 0 1", "b7g1", VARIANT_QEC, "b7b8q e8e7", "1. b8=Q+ <Ke7>",
                "1. b7-b8=Q+ <Ke8-e7>");
    /* a forced reply that checks the turn owner: `+`, and the owner's king steps (R2.5) ... */
    golden_game("4q2k/8/8/8/8/7P/P4PP1/6K1 w - - 0 1", "a2e8", VARIANT_QEC, "a2a3 e8e1 g1h2",
                "1. a3 [↔ Qe1+] <Kh2>", "1. a2-a3 [↔ e8Q:e8-e1+] <Kg1-h2>");
    /* ... or, with no step, the forced reply mates the side whose turn it is (R4.1, R6.2) */
    golden_game("4q2k/8/8/8/8/8/P4PPP/6K1 w - - 0 1", "a2e8", VARIANT_QEC, "a2a3 e8e1", "1. a3 [↔ Qe1#]",
                "1. a2-a3 [↔ e8Q:e8-e1#]");
    /* a forced reply may promote (R3.3), with check */
    golden_game("4k3/8/8/8/8/8/1p6/4K1N1 w - - 0 1", "b2g1", VARIANT_QEC, "g1f3 b2b1q e1e2",
                "1. Nf3 [↔ b1=Q+] <Ke2>", "1. Ng1-f3 [↔ b2P:b2-b1=Q+] <Ke1-e2>");
    /* the issue's paste: e2-e4 boxes the f8 bishop in as well */
    NotationTurn t[8];
    Move d[16], want[16];
    setup(START, "default", VARIANT_QEC);
    int n = notation_parse_game(&P, "1. e4 e5 [↔ Bc4] 2. Bxf7+ <Kxf7>", t, 8, err, sizeof err);
    int w = uci_decisions("e2e4 e7e5 f1c4 c4f7 e8f7", want);
    CHECK(n == 3 && flatten(t, n, d) == w && !memcmp(d, want, sizeof(Move) * (size_t)w), "issue paste: %d (%s)", n,
          err);
}

/* Classical chess: plain SAN. The Opera game (Morphy, Paris 1858) as every book gives it. */
static void test_classical_san(void) {
    golden_game(START, "none", VARIANT_CHESS,
                "e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5 f1c4 g8f6 f3b3 d8e7 b1c3 c7c6 c1g5 b7b5 c3b5 "
                "c6b5 c4b5 b8d7 e1c1 a8d8 d1d7 d8d7 h1d1 e7e6 b5d7 f6d7 b3b8 d7b8 d1d8",
                "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 "
                "10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 "
                "17. Rd8#",
                NULL);
    golden_game(START, "none", VARIANT_CHESS, "g1f3 d7d5 b1c3", "1. Nf3 d5 2. Nc3",
                "1. Ng1-f3 d7-d5 2. Nb1-c3");
    /* disambiguation among legal moves only (PGN 8.2.3.3) */
    golden_decision("k7/8/8/8/8/4R3/8/4R1K1 w - - 0 1", VARIANT_CHESS, "e1e2", "R1e2", "Re1-e2");
    golden_decision("k7/8/8/8/8/4R3/8/4R1K1 w - - 0 1", VARIANT_CHESS, "e3e2", "R3e2", "Re3-e2");
    golden_decision("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", VARIANT_CHESS, "a1d1", "Rd1", "Ra1-d1"); /* Ke1 blocks h1 */
    golden_decision("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", VARIANT_CHESS, "a1d1", "Rad1", "Ra1-d1");
    golden_decision("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", VARIANT_CHESS, "h1f1", "Rhf1", NULL);
    golden_decision("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", VARIANT_CHESS, "a1b2", "Qa1b2", NULL);
    golden_decision("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", VARIANT_CHESS, "a3b2", "Q3b2", NULL);
    golden_decision("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", VARIANT_CHESS, "c1b2", "Qcb2", NULL);
    golden_decision("4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1", VARIANT_CHESS, "g1e2", "Ne2", "Ng1-e2"); /* Nc3 pinned */
    /* promotions, with check */
    golden_decision("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", VARIANT_CHESS, "b7a8q", "bxa8=Q+", "b7xa8=Q+");
    golden_decision("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", VARIANT_CHESS, "b7b8q", "b8=Q+", "b7-b8=Q+");
    golden_decision("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", VARIANT_CHESS, "b7b8n", "b8=N", NULL);
    golden_decision("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", VARIANT_CHESS, "b7a8n", "bxa8=N", NULL);
    /* en passant is plain */
    golden_decision("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", VARIANT_CHESS, "e5d6", "exd6",
                    "e5xd6");
    golden_decision("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", VARIANT_CHESS, "e8c8", "O-O-O", "O-O-O");
    golden_decision("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", VARIANT_CHESS, "e8g8", "O-O", "O-O");
    /* tether T6.1: the queen borrows the b1 knight's jump; the only queen that reaches c3 */
    golden_decision(START, VARIANT_TETHER, "d1c3", "Qc3", "Qd1-c3");
}

/* Text people type reads as the given UCI decisions. */
static void reads_as(const char *fen, const char *links, int variant, const char *text, const char *toks) {
    NotationTurn t[64];
    Move d[192], want[192];
    if (!setup(fen, links, variant)) {
        CHECK(false, "setup");
        return;
    }
    int w = uci_decisions(toks, want);
    int n = notation_parse_game(&P, text, t, 64, err, sizeof err);
    int k = n < 0 ? -1 : flatten(t, n, d);
    CHECK(k == w && !memcmp(d, want, sizeof(Move) * (size_t)(w > 0 ? w : 0)), "'%s' -> %d decisions, want %d (%s)",
          text, k, w, n < 0 ? err : "");
}

/* Text that must be refused with an error containing `want`. */
static void refused(const char *fen, const char *links, int variant, const char *text, const char *want) {
    NotationTurn t[64];
    setup(fen, links, variant);
    err[0] = 0;
    int n = notation_parse_game(&P, text, t, 64, err, sizeof err);
    CHECK(n < 0 && strstr(err, want), "'%s': %d, error '%s', want '%s'", text, n, err, want);
}

/* reads_as and refused for many texts from one position: pairs of (text, its UCI decisions) or
 * (text, words its error contains), ended by NULL. */
static void all_read_as(const char *fen, const char *links, int variant, const char *const *pairs) {
    for (; pairs[0]; pairs += 2)
        reads_as(fen, links, variant, pairs[0], pairs[1]);
}

static void all_refused(const char *fen, const char *links, int variant, const char *const *pairs) {
    for (; pairs[0]; pairs += 2)
        refused(fen, links, variant, pairs[0], pairs[1]);
}

static void test_lenient_input(void) {
    const int C = VARIANT_CHESS, Q = VARIANT_QEC;
    all_read_as(START, "none", C,
                (const char *const[]){
                    "e4", "e2e4",
                    "Nf3", "g1f3",
                    "1.e4 e5 2.Nf3", "e2e4 e7e5 g1f3",
                    "1. e2-e4 1... e7-e5 2. Ng1-f3", "e2e4 e7e5 g1f3",
                    "e2e4 e7e5 g1f3", "e2e4 e7e5 g1f3",
                    "1. e4 {best by test} e5 $1 2. Nf3!? (2. f4 exf4) Nc6 ; a comment\n 3. Bb5 1-0",
                    "e2e4 e7e5 g1f3 b8c6 f1b5",
                    "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 *", "e2e4",
                    /* `0-0` is the dual-king result (R4.2) where castling is not legal */
                    "1. e4 e5 0-0", "e2e4 e7e5",
                    NULL});
    all_read_as("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "none", C,
                (const char *const[]){"exd5", "e4d5", "ed5", "e4d5", "e4xd5", "e4d5", "2. e4-d5", "e4d5", NULL});
    reads_as("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", "none", C, "3. exd6 e.p.", "e5d6");
    all_read_as("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "none", C,
                (const char *const[]){
                    "O-O", "e1g1",
                    "0-0", "e1g1",
                    "O-O-O", "e1c1",
                    "0-0-0 0-0", "e1c1 e8g8",
                    "1. O-O+", "e1g1", /* a wrong mark does not choose a move */
                    NULL});
    const char *pr = "8/1P2k3/8/8/8/8/8/4K3 w - - 0 1";
    all_read_as(pr, "none", C,
                (const char *const[]){
                    "b8=Q", "b7b8q",
                    "b8Q", "b7b8q",
                    "b8=q", "b7b8q",
                    "b8/R", "b7b8r",
                    "b7b8Q", "b7b8q",
                    "b7-b8=B", "b7b8b",
                    NULL});
    refused(pr, "none", C, "b8", "ambiguous (b8=B b8=N b8=Q b8=R)");
    /* QEC: the forms mixed, UCI whole-turn tokens (R5.2), ASCII link mark, marks optional */
    all_read_as(START, "default", Q,
                (const char *const[]){
                    "e2e3 e7e5[f1c4] c4f7<e8f7>", "e2e3 e7e5 f1c4 c4f7 e8f7",
                    "1. e3 e5 [<-> Bc4] 2. Bc4xf7 <Ke8-f7>", "e2e3 e7e5 f1c4 c4f7 e8f7",
                    "1. e3 e5 [f1c4] 2. Bxf7 [↔ e5P:--] <e8e7>", "e2e3 e7e5 f1c4 c4f7 e8e7",
                    "1. e3 e5 [↔ f1B:f1-c4]", "e2e3 e7e5 f1c4",
                    "1. e3 e5 [↔ f1B]", "e2e3 e7e5", /* cut short: White's reply due */
                    "1. e3 [ ↔ f8B: -- ] e5 [ ↔ f1B: f1-c4 ] 2. Bxf7 < Kxf7 >", "e2e3 e7e5 f1c4 c4f7 e8f7",
                    "1. f3 [↔ Nh6] e5 2. g4 [↔ Rg8] Qh4# 0-1", "f2f3 g8h6 e7e5 g2g4 h8g8 d8h4",
                    NULL});
}

static void test_errors(void) {
    all_refused(START, "none", VARIANT_CHESS,
                (const char *const[]){
                    "1. e4 e5 2. Nf3 Nc6 3. Bxf7", "move 3 'Bxf7': no such move",
                    "1. e4 Qh4", "move 1... 'Qh4': no such move",
                    "1. e4 e5 2. Nc3 Nc6 3. Ne2", "move 3 'Ne2': ambiguous (Nce2 Nge2)",
                    "1. e4 e5 2. Zz9", "move 2 'Zz9': not a move",
                    "1. e4 {unfinished", "unterminated",
                    "1. e4 [e5]", "no forced reply is due",
                    NULL});
    all_refused(START, "default", VARIANT_QEC,
                (const char *const[]){
                    "1. e3 e5 2. d4", "move 2 'd4': the turn before is not finished: a forced reply",
                    "1. e4 [↔ Bd6]", "no forced reply is due",
                    "1. e3 e5 [↔ g1N:g1-f3]", "not the moved piece's counterpart",
                    "1. e3 e5 [↔ f1N:f1-c4]", "not the moved piece's counterpart",
                    "1. e3 e5 [↔ f1B:--]", "move 1... '[↔ f1B:--]': a forced reply is due",
                    "1. e3 e5 [↔ Bb6]", "move 1... '[↔ Bb6]': forced reply: no such move",
                    "1. e4 <Ke2>", "no reactive step is due",
                    "1. e3 e5 [↔ f1B] 2. d4", "nothing may follow",
                    "1. f3 [↔ Nh6] e5 2. g4 [↔ Rg8] Qh4# 3. d4", "the game is over",
                    "1. e3 e5 [↔ Bc4] 2. Bxf7+ <Kd7>", "reactive step: no such move (legal: Ke7 Kxf7)", NULL});
}

/* ---- round trips ---- */

static const char *const FENS[] = {CHESS_SUITE_FENS};

static uint64_t rng = 0x9E3779B97F4A7C15ULL;
static int turnsChecked, forcedSeen, reactSeen, blockedSeen, breaksSeen, matesSeen;

static bool same_turn(const NotationTurn *a, const NotationTurn *b) {
    return a->base == b->base && a->forced == b->forced && a->react == b->react;
}

/* PGN 8.2.3.4: a piece move names its from-file, from-rank or both only when the shorter
 * text would name two moves. Drops the from-part (and each half of a full square) of SAN `t`
 * and checks that what is left is ambiguous at P. */
static bool minimal_disambiguation(const char *t) {
    if (!strchr("NBRQK", t[0]))
        return true;
    size_t to = 1;
    while (t[to] && !(t[to] >= 'a' && t[to] <= 'h' && t[to + 1] >= '1' && t[to + 1] <= '8' &&
                      (!t[to + 2] || strchr("+#", t[to + 2]))))
        to++;
    size_t from = 1, end = t[to - 1] == 'x' ? to - 1 : to; /* "Nbd7", "Qh4xe1" */
    if (end == from)
        return true;
    /* "Qh4e1": "Qe1", "Qhe1" and "Q4e1" must each name two moves; "Nbd7": "Nd7". */
    size_t len = end - from;
    static const int KEEP[][2] = {{0, 0}, {0, 1}, {1, 1}}; /* [start, count] of from-part kept */
    bool ok = true;
    for (int k = 0; k < (len == 2 ? 3 : 1); k++) {
        char shorter[40], why[512];
        snprintf(shorter, sizeof shorter, "%c%.*s%s", t[0], KEEP[k][1], t + from + KEEP[k][0], t + end);
        Move m = notation_parse_decision(&P, shorter, why, sizeof why);
        if (m != MOVE_NONE || !strstr(why, "ambiguous")) {
            printf("FAIL '%s' disambiguates more than needed: '%s' is not ambiguous (%s)\n", t, shorter, why);
            ok = false;
        }
    }
    return ok;
}

/* Every legal decision at the point at hand: its short and long texts are unique among the
 * options, read back to it, and carry `+`/`#` exactly when the position after it says so; in
 * chess the short text disambiguates no more than PGN asks. */
static bool check_point(void) {
    Move list[MAX_MOVES];
    static char texts[2][MAX_MOVES][40];
    int n = pos_legal_decisions(&P, list);
    bool ok = true;
    for (int i = 0; i < n && ok; i++) {
        for (int style = 0; style < 2; style++) {
            char *t = texts[style][i];
            ok &= notation_format_decision(&P, list[i], style, t, 40);
            ok &= notation_parse_decision(&P, t, err, sizeof err) == list[i];
            for (int j = 0; j < i; j++)
                ok &= strcmp(texts[style][j], t) != 0;
            if (style == NOTATION_SHORT && P.variant == VARIANT_CHESS)
                ok &= minimal_disambiguation(t);
            size_t len = strlen(t);
            char last = len ? t[len - 1] : 0;
            pos_do(&P, list[i]);
            Move none[MAX_MOVES];
            bool mate = pos_phase(&P) == PHASE_OVER ||
                        (P.variant != VARIANT_QEC && pos_in_check(&P, pos_turn(&P)) && !pos_legal_decisions(&P, none));
            bool check = pos_in_check(&P, WHITE) || pos_in_check(&P, BLACK);
            matesSeen += mate && style == 0;
            pos_undo(&P);
            ok &= mate ? last == '#' : check ? last == '+' : (last != '+' && last != '#');
            if (!ok) {
                printf("FAIL decision %d style %d '%s' (%s)\n", i, style, t, err);
                return false;
            }
        }
    }
    return ok;
}

/* One random turn from P (a turn start): plays it and checks that both forms read back. */
static bool random_turn(NotationTurn *t) {
    Move list[MAX_MOVES];
    char text[3][NOTATION_TURN_MAX];
    static Position start;
    start = P;
    *t = (NotationTurn){MOVE_NONE, MOVE_NONE, MOVE_NONE};
    for (int k = 0; k < 3 && pos_phase(&P) != PHASE_OVER; k++) {
        if (k && pos_phase(&P) == PHASE_BASE)
            break;
        if (!check_point())
            return false;
        int n = pos_legal_decisions(&P, list);
        Move m = list[test_rand(&rng) % (uint64_t)n];
        int phase = pos_phase(&P);
        if (phase == PHASE_BASE) {
            t->base = m;
        } else if (phase == PHASE_FORCED)
            t->forced = m, forcedSeen++;
        else
            t->react = m, reactSeen++;
        pos_do(&P, m);
    }
    for (int style = 0; style < 3; style++) {
        NotationTurn back;
        bool ok = notation_format_turn(&start, t, style, text[style], sizeof text[style]) &&
                  notation_parse_turn(&start, text[style], &back, err, sizeof err) && same_turn(&back, t);
        if (!ok) {
            printf("FAIL turn '%s' (style %d) does not read back: %s\n", text[style], style, err);
            return false;
        }
    }
    for (int style = 0; style < 3; style++) { /* what `d` would show after the turn */
        char last[NOTATION_TURN_MAX];
        if (!notation_format_last_turn(&P, style, last, sizeof last) || strcmp(last, text[style])) {
            printf("FAIL last turn '%s', turn '%s'\n", last, text[style]);
            return false;
        }
    }
    breaksSeen += strstr(text[1], "✖") != NULL;
    blockedSeen += strstr(text[1], ":--]") != NULL;
    /* a turn cut short after its base move reads back as the base move alone */
    if (t->forced != MOVE_NONE) {
        NotationTurn cut = {t->base, MOVE_NONE, MOVE_NONE}, back;
        char buf[NOTATION_TURN_MAX];
        bool ok = notation_format_turn(&start, &cut, NOTATION_LONG, buf, sizeof buf) && strstr(buf, "]") &&
                  notation_parse_turn(&start, buf, &back, err, sizeof err) && same_turn(&back, &cut);
        if (!ok) {
            printf("FAIL cut-short turn '%s': %s\n", buf, err);
            return false;
        }
    }
    turnsChecked++;
    return true;
}

/* Random games: every turn round-trips, then the whole movetext in both forms. */
static void random_games(int variant, int targetTurns) {
    static NotationTurn turns[400], back[400];
    static char text[64 * 1024];
    static Move dec[1200], dec2[1200];
    int done = 0;
    for (int game = 0; done < targetTurns && failed < 20; game++) {
        char spec[32];
        EntMap map;
        snprintf(spec, sizeof spec, variant == VARIANT_QEC ? "random %d" : "none", game);
        const char *fen = FENS[game % (int)(sizeof FENS / sizeof FENS[0])];
        if (!pos_set_fen(&P, fen, variant, err, sizeof err) || !entmap_parse(spec, &map, err, sizeof err) ||
            !entmap_apply(&map, &P, err, sizeof err)) {
            CHECK(false, "setup: %s", err);
            return;
        }
        static Position root;
        root = P;
        int nt = 0, failedBefore = failed;
        GameEnd end;
        while (nt < 150 && !pos_game_end(&P, &end)) {
            if (!random_turn(&turns[nt++])) {
                failed++;
                break;
            }
        }
        done += nt;
        if (failed != failedBefore)
            continue;
        int nd = flatten(turns, nt, dec);
        for (int style = 0; style < 3; style++) {
            bool ok = notation_format_game(&root, dec, nd, style, text, sizeof text, err, sizeof err);
            int nb = ok ? notation_parse_game(&root, text, back, 400, err, sizeof err) : -1;
            ok = ok && nb == nt && flatten(back, nb, dec2) == nd && !memcmp(dec, dec2, sizeof(Move) * (size_t)nd);
            CHECK(ok, "game %d style %d does not read back: %s\n%.300s", game, style, err, text);
        }
        passed++; /* every turn of the game read back */
    }
}

/* `--pgn FILE.pgn FILE.uci N`: N random chess games, SAN in a PGN file and the same games as
 * UCI tokens one line each, for a reader no one here wrote (run.sh: pgn-extract). */
static int write_pgn(const char *pgnPath, const char *uciPath, int games) {
    FILE *pgn = fopen(pgnPath, "w"), *uci = fopen(uciPath, "w");
    static char text[64 * 1024];
    static Move dec[1200];
    static Position root;
    if (!pgn || !uci)
        return 1;
    for (int g = 0; g < games; g++) {
        const char *fen = FENS[g % (int)(sizeof FENS / sizeof FENS[0])];
        pos_set_fen(&P, fen, VARIANT_CHESS, err, sizeof err);
        root = P;
        int n = 0;
        GameEnd end = {END_NONE, RESULT_DRAW};
        while (n < 300 && !pos_game_end(&P, &end)) {
            Move list[MAX_MOVES];
            int k = pos_legal_decisions(&P, list);
            dec[n] = list[test_rand(&rng) % (uint64_t)k];
            pos_do(&P, dec[n++]);
        }
        const char *result = end.reason == END_NONE ? "*" : end.winner == WHITE ? "1-0" : end.winner == BLACK ? "0-1"
                                                                                                              : "1/2-1/2";
        if (!notation_format_game(&root, dec, n, NOTATION_SHORT, text, sizeof text, err, sizeof err))
            return 1;
        fprintf(pgn, "[Event \"notation %d\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"%d\"]\n", g, g);
        fprintf(pgn, "[White \"a\"]\n[Black \"b\"]\n[Result \"%s\"]\n", result);
        if (g % (int)(sizeof FENS / sizeof FENS[0]))
            fprintf(pgn, "[FEN \"%s\"]\n[SetUp \"1\"]\n", fen);
        fprintf(pgn, "\n%s %s\n\n", text, result);
        for (int i = 0; i < n; i++) {
            char tok[6];
            move_to_uci(dec[i], tok);
            fprintf(uci, "%s%s", i ? " " : "", tok);
        }
        fprintf(uci, "\n");
    }
    fclose(pgn);
    fclose(uci);
    return 0;
}

int main(int argc, char **argv) {
    engine_init();
    if (argc == 5 && !strcmp(argv[1], "--pgn"))
        return write_pgn(argv[2], argv[3], atoi(argv[4]));
    test_seed_examples();
    test_classical_san();
    test_lenient_input();
    test_errors();
    random_games(VARIANT_QEC, 10000);
    int qecTurns = turnsChecked;
    CHECK(qecTurns >= 10000 && forcedSeen > 1000 && reactSeen > 100 && breaksSeen > 100 && blockedSeen > 100 &&
              matesSeen > 10,
          "QEC coverage: %d turns, %d forced, %d reactive, %d link breaks, %d blocked, %d mates", qecTurns,
          forcedSeen, reactSeen, breaksSeen, blockedSeen, matesSeen);
    random_games(VARIANT_CHESS, 3000);
    int chessTurns = turnsChecked - qecTurns;
    random_games(VARIANT_TETHER, 3000);
    printf("%d QEC turns (%d forced replies, %d blocked, %d reactive steps, %d with a link broken), %d chess "
           "turns, %d tether turns\n",
           qecTurns, forcedSeen, blockedSeen, reactSeen, breaksSeen, chessTurns, turnsChecked - qecTurns - chessTurns);
    printf("notation: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
