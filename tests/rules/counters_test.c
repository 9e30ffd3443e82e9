/* The extra state a rules row may declare (engine/variant.h `counters`, docs/dev/adding-a-variant.md
 * "Extra state"), played through the engine's test row VARIANT_COUNTERS_TEST: chess in which the
 * third check wins. The FEN carries the counters, the key and the state stack follow them, the
 * row's hooks end the game. Expectations come from the rule (a check counts, the third wins) and
 * from the chess row on the same boards, never from this row's own output. */
#include <stdio.h>
#include <string.h>

#include "../../engine/perft.h"
#include "../../engine/variant.h"

#include "../check.h"

static Position P, Q; /* large: keep them off the stack */
static char err[256];

enum { ROW = VARIANT_COUNTERS_TEST };

static bool set(Position *p, const char *fen, int variant) { return pos_set_fen(p, fen, variant, err, sizeof err); }

static bool play(Position *p, const char *toks) {
    char buf[256], *save = NULL;
    snprintf(buf, sizeof buf, "%s", toks);
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        Move m = pos_parse_decision(p, t);
        if (m == MOVE_NONE) {
            printf("illegal token %s\n", t);
            return false;
        }
        pos_do(p, m);
    }
    return true;
}

static bool verified(const Position *p) {
    char why[128];
    bool ok = pos_verify(p, why, sizeof why);
    if (!ok)
        printf("pos_verify: %s\n", why);
    return ok;
}

static void test_fen(void) {
    char fen[128];
    const char *start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    CHECK(set(&P, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3 9 1 2", ROW), "counters read: %s", err);
    pos_fen(&P, fen, sizeof fen);
    CHECK(!strcmp(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3 9 1 2"), "round trip: %s", fen);
    CHECK(pos_state(&P)->counter[WHITE] == 1 && pos_state(&P)->counter[BLACK] == 2, "counter values");
    CHECK(set(&P, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", ROW), "four fields: %s", err);
    pos_fen(&P, fen, sizeof fen);
    CHECK(!strcmp(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0 0"), "initial values written: %s",
          fen);
    CHECK(set(&P, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1", ROW) &&
              pos_state(&P)->counter[WHITE] == 1 && pos_state(&P)->counter[BLACK] == 0,
          "a counter left out takes its initial value");
    /* Bad counters are refused by name, and the last good position is kept. */
    CHECK(!set(&P, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 4 0", ROW) &&
              strstr(err, "checks given by white") && strstr(err, "'4'") && pos_state(&P)->counter[WHITE] == 1,
          "out of range: %s", err);
    CHECK(!set(&P, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0 x", ROW) &&
              strstr(err, "checks given by black"),
          "not a number: %s", err);
    CHECK(!set(&P, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0 0 0", ROW) &&
              strstr(err, "more than 8 fields"),
          "too many fields: %s", err);
    /* A row without counters reads and writes the six classical fields only. */
    CHECK(!set(&Q, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0", VARIANT_CHESS) &&
              strstr(err, "more than 6 fields"),
          "chess has no counters: %s", err);
    CHECK(set(&Q, start, VARIANT_CHESS), "chess start");
    pos_fen(&Q, fen, sizeof fen);
    CHECK(!strcmp(fen, start), "chess FEN unchanged: %s", fen);
}

static void test_key(void) {
    const char *board = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    char fen[128];
    CHECK(set(&Q, board, VARIANT_CHESS) && set(&P, board, ROW), "set up");
    /* Counters at zero add nothing: a row without counters keeps its keys. */
    CHECK(pos_key(&P) == pos_key(&Q), "zero counters, chess's key");
    Key before = pos_key(&P);
    CHECK(play(&P, "a1a8"), "a check");
    CHECK(pos_state(&P)->counter[WHITE] == 1 && pos_state(&P)->counter[BLACK] == 0, "the check counted");
    CHECK(verified(&P), "keys after the check");
    CHECK(play(&Q, "a1a8") && pos_key(&P) != pos_key(&Q), "the counter is in the key");
    snprintf(fen, sizeof fen, "R3k3/8/8/8/8/8/8/4K3 b - - 1 1 1 0");
    CHECK(set(&Q, fen, ROW) && pos_key(&Q) == pos_key(&P), "the same state from its FEN, the same key");
    pos_do_null(&P); /* the null move is only legal when not in check: check the copy only */
    CHECK(pos_state(&P)->counter[WHITE] == 1 && verified(&P), "a null move keeps the counters");
    pos_undo_null(&P);
    pos_undo(&P);
    CHECK(pos_state(&P)->counter[WHITE] == 0 && pos_key(&P) == before && verified(&P), "undo restores counter and key");
    CHECK(play(&P, "a1a2"), "a quiet move");
    CHECK(pos_state(&P)->counter[WHITE] == 0 && verified(&P), "no check, no count");
    /* pos_verify reads the row's range. */
    P.st[P.ply].counter[BLACK] = 4;
    CHECK(!pos_verify(&P, err, sizeof err) && strstr(err, "counter 1"), "out of range caught: %s", err);
    P.st[P.ply].counter[BLACK] = 0;
}

static void test_repetition(void) {
    /* The same board with other counters is another position (a check given is not undone). */
    const char *board = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    const char *line = "a1a8 e8e7 a8a1 e7e8 a1a8 e8e7 a8a1 e7e8";
    CHECK(set(&Q, board, VARIANT_CHESS) && play(&Q, line) && pos_is_repetition(&Q, 3), "chess repeats");
    CHECK(set(&P, board, ROW) && play(&P, line) && !pos_is_repetition(&P, 2), "the counters do not repeat");
    CHECK(pos_state(&P)->counter[WHITE] == 2 && verified(&P), "two checks");
}

static void test_game_end(void) {
    GameEnd e;
    Move list[MAX_MOVES];
    const char *board = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 2 0";
    CHECK(set(&P, board, ROW) && !pos_game_end(&P, &e), "two checks: not over");
    CHECK(play(&P, "a1a8") && pos_game_end(&P, &e) && e.reason == END_OWN_RULE && e.winner == WHITE,
          "the third check wins (%d %d)", e.reason, e.winner);
    CHECK(pos_legal_decisions(&P, list) == 0, "no decisions after the end");
    CHECK(set(&Q, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", VARIANT_CHESS) && play(&Q, "a1a8") && !pos_game_end(&Q, &e) &&
              pos_legal_decisions(&Q, list) > 0,
          "in chess the king steps away");
    CHECK(set(&P, "R3k3/8/8/8/8/8/8/4K3 b - - 0 1 3 0", ROW) && pos_game_end(&P, &e) && e.winner == WHITE,
          "a FEN at the limit is over");
}

/* perft stops where the counters end the game and counts as chess elsewhere. */
static void test_perft(void) {
    const char *start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    CHECK(set(&P, start, ROW) && set(&Q, start, VARIANT_CHESS), "set up");
    uint64_t a = perft(&P, 4), b = perft(&Q, 4);
    CHECK(a == b, "no third check within 4 plies: chess's count (%llu vs %llu)", (unsigned long long)a,
          (unsigned long long)b);
    /* White has given two checks: after a checking move black has no decision. */
    const char *two = "r3k3/8/8/8/8/8/8/R3K2R w - - 0 1 2 0";
    CHECK(set(&P, two, ROW) && set(&Q, "r3k3/8/8/8/8/8/8/R3K2R w - - 0 1", VARIANT_CHESS), "set up 2");
    Move list[MAX_MOVES];
    int n = pos_legal_decisions(&Q, list);
    uint64_t want = 0;
    for (int i = 0; i < n; i++) {
        pos_do(&Q, list[i]);
        if (!pos_in_check(&Q, BLACK))
            want += perft(&Q, 1);
        pos_undo(&Q);
    }
    uint64_t got = perft(&P, 2);
    CHECK(got == want && want > 0 && got < perft(&Q, 2), "checking moves end it (%llu vs %llu)",
          (unsigned long long)got, (unsigned long long)want);
}

int main(void) {
    engine_init();
    test_fen();
    test_key();
    test_repetition();
    test_game_end();
    test_perft();
    return check_summary("counters");
}
