/* Reads every game of a qecmatch PGN file back and replays it through engine/:
 *   - every decision legal, at a decision point of its kind (R5.2 brackets), none after the end;
 *   - the replayed final position equals the FinalFEN tag;
 *   - a rule termination (mate, dual king, …) is what engine/ finds at the end, with the same
 *     result; any other termination (forfeit, adjudication) ends a game the rules have not;
 *   - the result fits the termination (forfeits are decisive, dual king is 0-0).
 * Schroedinger records replay on engine/worlds.h's worlds (S2.1, S3) through variants/board.h.
 * Usage: pgn_check FILE [EXPECTED_GAMES]; last line "pgn_check: N games, N bad".
 *        pgn_check --uci FILE: every game with its tags and UCI tokens as movetext (as
 *        `pgn-extract -Wuci` writes it), for feeding classical records to a UCI engine. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../record/record.h"
#include "../../variants/board.h"

/* A termination the rules decide: one of the kinds of game end (variants.h END_KINDS). */
static bool is_rule_end(const char *t) {
    for (int k = END_NONE + 1; k < END_KIND_COUNT; k++)
        if (!strcmp(t, END_KINDS[k].termination))
            return true;
    return false;
}

/* The game's final position on b (schroedinger: its worlds; else the Position p). */
static bool replay(const PgnGame *g, Board *b, Position *p, char *err, size_t errlen) {
    if (!board_open(b, g->variant, p, g->fen, g->entmap, err, errlen))
        return false;
    return pgn_replay_board(g, b, err, errlen);
}

static bool check_game(const PgnGame *g, Board *b, Position *p, char *err, size_t errlen) {
    if (!replay(g, b, p, err, errlen))
        return false;
    char fen[128];
    board_fen(b, fen, sizeof fen);
    if (strcmp(fen, g->finalFen)) {
        snprintf(err, errlen, "final position %s, FinalFEN tag %s", fen, g->finalFen);
        return false;
    }
    GameEnd end;
    bool over = board_game_end(b, &end);
    if (is_rule_end(g->termination)) {
        if (!over || strcmp(pgn_end_name(end.reason), g->termination) || strcmp(end_result(&end), g->result)) {
            snprintf(err, errlen, "Termination %s %s, but engine/ says %s %s", g->termination, g->result,
                     over ? pgn_end_name(end.reason) : "not over", over ? end_result(&end) : "");
            return false;
        }
        return true;
    }
    if (over) {
        snprintf(err, errlen, "Termination '%s', but the rules ended the game (%s)", g->termination,
                 pgn_end_name(end.reason));
        return false;
    }
    bool decisive = !strcmp(g->result, "1-0") || !strcmp(g->result, "0-1");
    if (strcmp(g->termination, "adjudication") && !decisive) {
        snprintf(err, errlen, "Termination '%s' with result %s (a forfeit is decisive)", g->termination, g->result);
        return false;
    }
    if (!strcmp(g->result, "0-0") || !strcmp(g->result, "*")) {
        snprintf(err, errlen, "result %s without a rule end", g->result);
        return false;
    }
    return true;
}

static void write_uci(const PgnGame *g) {
    const char *tags[][2] = {{"White", g->white}, {"Black", g->black}, {"Result", g->result},
                             {"FEN", g->fen},     {"Termination", g->termination}, {"FinalFEN", g->finalFen}};
    for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++)
        if (tags[i][1][0])
            printf("[%s \"%s\"]\n", tags[i][0], tags[i][1]);
    if (g->entmap[0])
        printf("[EntMap \"%s\"]\n", g->entmap);
    printf("\n");
    for (int i = 0; i < g->ndec; i++)
        printf("%s ", g->dec[i].tok);
    printf("%s\n\n", g->result);
}

static int dump_uci(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f)
        return 1;
    PgnGame g;
    char err[300];
    int rc, bad = 0;
    pgn_init(&g);
    while ((rc = pgn_read(f, &g, err, sizeof err)) != 0)
        if (rc < 0)
            bad++, fprintf(stderr, "pgn_check: %s\n", err);
        else
            write_uci(&g);
    pgn_free(&g);
    fclose(f);
    return bad != 0;
}

int main(int argc, char **argv) {
    if (argc == 3 && !strcmp(argv[1], "--uci")) {
        engine_init();
        return dump_uci(argv[2]);
    }
    if (argc < 2) {
        fprintf(stderr, "usage: pgn_check FILE [EXPECTED_GAMES]\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        printf("pgn_check: cannot open %s\npgn_check: 0 games, 1 bad\n", argv[1]);
        return 1;
    }
    engine_init();
    Position *p = malloc(sizeof *p);
    Board b = {0};
    PgnGame g;
    pgn_init(&g);
    char err[300];
    int games = 0, bad = 0, rc;
    while ((rc = pgn_read(f, &g, err, sizeof err)) != 0) {
        games++;
        if (rc < 0 || !check_game(&g, &b, p, err, sizeof err)) {
            bad++;
            printf("game %d (%s vs %s, round %s): %s\n", games, g.white, g.black, g.round, err);
        }
    }
    fclose(f);
    pgn_free(&g);
    board_close(&b);
    free(p);
    if (argc > 2 && games != atoi(argv[2])) {
        printf("expected %s games, found %d\n", argv[2], games);
        bad++;
    }
    printf("pgn_check: %d games, %d bad\n", games, bad);
    return bad != 0;
}
