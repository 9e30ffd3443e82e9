/* Haft Schroedinger notation (engine/worlds_notation.h; docs/players/rules-schroedinger.md S1.1, S2.5, S3, S4.1):
 * goldens written by hand from the rules (every expected string below), lenient input and
 * errors, then seeded random games to their end: every legal move at every position has a text
 * of its own that reads back to it, its `+`/`#` agree with the rules core's check status and
 * result after it (S3.1, S3.2), and each game's movetext reads back to the same moves. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/worlds_notation.h"
#include "../check.h"
#include "../rng.h"

static WorldsPos P;
static char err[256];

/* Plays UCI tokens from the start; false (and a failed check) if one is refused. */
static bool setup(const char *moves) {
    char buf[512];
    worlds_pos_reset(&P);
    snprintf(buf, sizeof buf, "%s", moves);
    char *save = NULL;
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        const char *why = NULL;
        Move m = worlds_parse_move(&P, t, &why);
        if (m == MOVE_NONE || !worlds_do_move(&P, m)) {
            CHECK(false, "setup %s: '%s' refused (%s)", moves, t, why ? why : "?");
            return false;
        }
    }
    return true;
}

/* After `moves`, token `tok` is written `want` and `want` reads back to it. */
static void golden(const char *moves, const char *tok, const char *want) {
    if (!setup(moves))
        return;
    const char *why = NULL;
    Move m = worlds_parse_move(&P, tok, &why);
    char text[WORLDS_NOTATION_MAX];
    bool ok = m != MOVE_NONE && worlds_notation_format(&P, m, text, sizeof text);
    CHECK(ok && !strcmp(text, want), "after '%s': %s is '%s', want '%s'", moves, tok, ok ? text : why, want);
    CHECK(m != MOVE_NONE && worlds_notation_parse(&P, want, err, sizeof err) == m, "'%s' reads back to %s (%s)", want, tok,
          err);
}

static void test_goldens(void) {
    golden("", "b1c3", "Mb1-c3"); /* the b1 major jumps: a knight in every world that is left */
    golden("", "e2e4", "e2-e4");
    golden("e2e4 d7d5", "e4d5", "e4xd5");
    golden("e2e4 d7d5 e4d5", "d8d5", "Md8xd5");
    golden("e2e4 a7a6 e4e5 d7d5", "e5d6", "e5xd6"); /* en passant (S2.4), plain as in the QEC long form */
    /* S2.5: h7xg8 promotes; the pawn becomes an unknown major, written =M. */
    golden("h2h4 g7g5 h4g5 h7h6 g5h6 a7a6 h6h7 a6a5", "h7g8", "h7xg8=M");
    golden("h2h4 g7g5 h4g5 h7h6 g5h6 a7a6 h6h7 a6a5 h7g8", "f8g7", "Mf8-g7");
}

static void bad(const char *moves, const char *text, const char *want) {
    if (!setup(moves))
        return;
    Move m = worlds_notation_parse(&P, text, err, sizeof err);
    CHECK(m == MOVE_NONE && strstr(err, want), "'%s' refused with '%s': %s", text, want, m ? "read" : err);
}

static void test_reading(void) {
    setup("");
    Move nc3 = worlds_parse_move(&P, "b1c3", NULL);
    const char *same[] = {"Mb1-c3", "b1c3", "b1-c3", "Mb1c3", "Mb1-c3!?", " Mb1-c3 ", "Mb1:c3"};
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++)
        CHECK(worlds_notation_parse(&P, same[i], err, sizeof err) == nc3, "'%s' is b1c3 (%s)", same[i], err);
    CHECK(worlds_notation_parse(&P, "Pe2-e4", err, sizeof err) == worlds_parse_move(&P, "e2e4", NULL), "Pe2-e4: %s", err);
    setup("h2h4 g7g5 h4g5 h7h6 g5h6 a7a6 h6h7 a6a5");
    Move promo = worlds_parse_move(&P, "h7g8", NULL);
    const char *promos[] = {"h7xg8=M", "h7g8", "h7-g8M", "h7xg8=M+"};
    for (size_t i = 0; i < sizeof promos / sizeof promos[0]; i++)
        CHECK(promo && worlds_notation_parse(&P, promos[i], err, sizeof err) == promo, "'%s' is h7g8 (%s)", promos[i], err);
    bad("", "Nb1-c3", "write M");
    bad("", "Qd1-d3", "write M");
    bad("", "Me2-e4", "e2 holds a pawn");
    bad("", "Pb1-c3", "b1 holds a major");
    bad("", "Mb1xc3", "nothing to capture on c3");
    bad("", "Mb1-b3", "no piece can make this move"); /* b2 blocks every line type (S2.2) */
    bad("", "e2e5", "no piece can make this move");
    bad("", "e3e4", "no piece can make this move");
    bad("", "e2-e4=M", "not a promotion");
    bad("", "", "not a move");
    bad("", "Mz1-c3", "not a move");
    bad("", "Mb1-c3x", "not a move");
    bad("h2h4 g7g5 h4g5 h7h6 g5h6 a7a6 h6h7 a6a5", "h7g8=Q", "S2.5");
    bad("h2h4 g7g5 h4g5 h7h6 g5h6 a7a6 h6h7 a6a5", "h7g8q", "S2.5");
    /* Movetext: numbers, comments and the result skipped; errors name the move. */
    setup("");
    Move moves[8];
    int n = worlds_notation_parse_game(&P, "1. e2-e4 {a comment} e7e5 2.Mb1-c3 Mb8-c6 1/2-1/2 Mg1-f3", moves, 8, err,
                                    sizeof err);
    CHECK(n == 4 && worlds_st(&P)->ply == 0, "movetext: %d moves, position unchanged (%s)", n, n < 0 ? err : "");
    n = worlds_notation_parse_game(&P, "1. e2-e4 e7-e5 2. Mb1-d2 Mb8-c6", moves, 8, err, sizeof err);
    CHECK(n == -1 && strstr(err, "move 2 'Mb1-d2': no piece can make this move") && worlds_st(&P)->ply == 0,
          "bad move named: %s", err);
    n = worlds_notation_parse_game(&P, "1. e2-e4 Nb8-c6", moves, 8, err, sizeof err);
    CHECK(n == -1 && strstr(err, "move 1... 'Nb8-c6'"), "black's move named: %s", err);
    n = worlds_notation_parse_game(&P, "1. e2-e4 {open", moves, 8, err, sizeof err);
    CHECK(n == -1 && strstr(err, "comment"), "unterminated comment: %s", err);
    char text[64];
    CHECK(worlds_notation_format_game(&P, moves, 0, text, sizeof text, err, sizeof err) && !text[0], "empty game");
    setup("e2e4");
    Move two[2] = {worlds_parse_move(&P, "e7e5", NULL), 0};
    worlds_do_move(&P, two[0]);
    two[1] = worlds_parse_move(&P, "g1f3", NULL);
    worlds_undo_move(&P);
    CHECK(worlds_notation_format_game(&P, two, 2, text, sizeof text, err, sizeof err) &&
              !strcmp(text, "1... e7-e5 2. Mg1-f3"),
          "movetext from Black's move: '%s'", text);
    CHECK(!worlds_notation_format_game(&P, two, 2, text, 10, err, sizeof err) && worlds_st(&P)->ply == 1,
          "too small a buffer: refused, position unchanged");
}

/* Every legal move at P: a text of its own that reads back to it, marks as the rules say. */
static int marksSeen[2];

static bool check_position(void) {
    Move list[WORLDS_MAX_MOVES];
    static char texts[WORLDS_MAX_MOVES][WORLDS_NOTATION_MAX];
    int n = worlds_gen_legal(&P, list);
    for (int i = 0; i < n; i++) {
        char *t = texts[i];
        if (!worlds_notation_format(&P, list[i], t, WORLDS_NOTATION_MAX) ||
            worlds_notation_parse(&P, t, err, sizeof err) != list[i]) {
            printf("FAIL move %d '%s' does not read back (%s)\n", i, t, err);
            return false;
        }
        for (int j = 0; j < i; j++)
            if (!strcmp(texts[j], t)) {
                printf("FAIL two moves written '%s'\n", t);
                return false;
            }
        worlds_do_move(&P, list[i]);
        int result = worlds_result(&P), check = worlds_check_status(&P);
        worlds_undo_move(&P);
        size_t len = strlen(t);
        char last = t[len - 1], want = result == WORLDS_CHECKMATE ? '#' : check == WORLDS_CHECK_ALL ? '+' : 0;
        if ((want && last != want) || (!want && (last == '+' || last == '#'))) {
            printf("FAIL '%s': mark '%c', the rules say '%c'\n", t, last, want ? want : '-');
            return false;
        }
        marksSeen[0] += want == '+';
        marksSeen[1] += want == '#';
    }
    return true;
}

static void test_random_games(void) {
    uint64_t seed = 2026;
    enum { GAMES = 6, MAX_PLIES = 400 };
    static Move game[MAX_PLIES], back[MAX_PLIES];
    static char text[MAX_PLIES * 24];
    int plies = 0, promotions = 0, captures = 0, ended = 0;
    for (int g = 0; g < GAMES; g++) {
        worlds_pos_reset(&P);
        int n = 0;
        bool ok = true;
        while (n < MAX_PLIES && worlds_result(&P) == WORLDS_ONGOING && (ok = check_position())) {
            Move list[WORLDS_MAX_MOVES];
            int k = worlds_gen_legal(&P, list);
            Move m = list[splitmix64_next(&seed) % (uint64_t)k];
            promotions += move_is_promo(m);
            captures += worlds_st(&P)->board[move_to(m)] != WORLDS_EMPTY;
            worlds_do_move(&P, m);
            char last[WORLDS_NOTATION_MAX], again[WORLDS_NOTATION_MAX];
            worlds_undo_move(&P);
            worlds_notation_format(&P, m, again, sizeof again);
            worlds_do_move(&P, m);
            ok = worlds_notation_last_move(&P, last, sizeof last) && !strcmp(last, again);
            if (!ok) {
                printf("FAIL last move '%s', formatted before it '%s'\n", last, again);
                break;
            }
            game[n++] = m;
        }
        ended += worlds_result(&P) != WORLDS_ONGOING;
        CHECK(ok, "game %d: every position's moves read back (%d plies)", g, n);
        for (int i = 0; i < n; i++)
            worlds_undo_move(&P);
        bool wrote = worlds_notation_format_game(&P, game, n, text, sizeof text, err, sizeof err);
        int got = wrote ? worlds_notation_parse_game(&P, text, back, MAX_PLIES, err, sizeof err) : -1;
        bool same = got == n && !memcmp(back, game, sizeof *game * (size_t)n) && worlds_st(&P)->ply == 0;
        CHECK(same, "game %d: movetext reads back to the same %d moves (%d: %s)", g, n, got, got < 0 ? err : "");
        plies += n;
    }
    printf("%d plies in %d games (%d ended by S3), %d captures, %d promotions, %d checks in every world, %d mates\n",
           plies, GAMES, ended, captures, promotions, marksSeen[0], marksSeen[1]);
    CHECK(plies >= 600 && captures > 50 && promotions > 0 && marksSeen[0] > 0, "the games cover captures, promotions, checks");
}

/* Bad input never hurts: random text (move-like alphabets, any length) is a move or an error,
 * and the position is what it was. */
static void test_random_text(void) {
    static const char ALPHABET[] = "Mabcdefgh12345678-x=+#QNKP {}.0 ";
    uint64_t seed = 99;
    int moves = 0, errors = 0;
    setup("e2e4 d7d5");
    Key before = worlds_key(&P);
    Move legal[WORLDS_MAX_MOVES];
    int nlegal = worlds_gen_legal(&P, legal);
    for (int i = 0; i < 5000; i++) {
        char text[40];
        int len;
        if (i % 2) { /* a legal move's text with up to two characters changed */
            worlds_notation_format(&P, legal[splitmix64_next(&seed) % (uint64_t)nlegal], text, sizeof text);
            len = (int)strlen(text);
            for (int k = (int)(splitmix64_next(&seed) % 3); k > 0; k--)
                text[splitmix64_next(&seed) % (uint64_t)len] = ALPHABET[splitmix64_next(&seed) % (sizeof ALPHABET - 1)];
        } else {
            len = (int)(splitmix64_next(&seed) % 12);
            for (int k = 0; k < len; k++)
                text[k] = ALPHABET[splitmix64_next(&seed) % (sizeof ALPHABET - 1)];
            text[len] = 0;
        }
        Move list[4];
        err[0] = 0;
        if (worlds_notation_parse(&P, text, err, sizeof err) != MOVE_NONE)
            moves++;
        else
            errors += err[0] != 0;
        worlds_notation_parse_game(&P, text, list, 4, err, sizeof err);
    }
    CHECK(moves + errors == 5000 && moves > 0 && worlds_key(&P) == before && worlds_st(&P)->ply == 2,
          "5000 random texts: %d moves, %d errors with a reason, position unchanged", moves, errors);
}

int main(void) {
    worlds_init();
    if (!worlds_pos_init(&P))
        return 1;
    test_goldens();
    test_reading();
    test_random_games();
    test_random_text();
    worlds_pos_free(&P);
    printf("worlds_notation: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
