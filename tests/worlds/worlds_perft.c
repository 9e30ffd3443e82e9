/* Haft Schroedinger perft (S5) against tests/data/schroedinger-perft-public.epd, counted by an
 * independent implementation of seed 003's model. Usage: worlds_perft FILE [MAXDEPTH]. Lines are
 * `startpos [moves t ...] ;D1 n ;D2 n ...`; each count up to MAXDEPTH is one check. On a
 * mismatch the divide at depth 1 below is printed to find the first diverging move. */
#include <stdlib.h>
#include <string.h>

#include "../../engine/worlds.h"
#include "../check.h"

static void report_divide(WorldsPos *p, int depth) {
    Move moves[WORLDS_MAX_MOVES];
    uint64_t counts[WORLDS_MAX_MOVES];
    int n = worlds_perft_divide(p, depth, moves, counts);
    for (int i = 0; i < n; i++) {
        char s[6];
        worlds_move_str(moves[i], s);
        printf("  %s %llu\n", s, (unsigned long long)counts[i]);
    }
}

static void run_line(WorldsPos *p, char *line, int maxdepth) {
    char *semi = strchr(line, ';');
    if (!semi)
        return;
    *semi = 0;
    worlds_pos_reset(p);
    char *save = NULL, *tok = strtok_r(line, " \t", &save);
    bool ok = tok && !strcmp(tok, "startpos");
    tok = strtok_r(NULL, " \t", &save);
    if (tok && !strcmp(tok, "moves"))
        while ((tok = strtok_r(NULL, " \t\r\n", &save))) {
            const char *err = NULL;
            Move m = worlds_parse_move(p, tok, &err);
            CHECK(m != MOVE_NONE, "move %s: %s", tok, err ? err : "?");
            if (m == MOVE_NONE) {
                ok = false;
                break;
            }
            worlds_do_move(p, m);
        }
    if (!ok)
        return;
    for (char *d = strstr(semi + 1, "D"); d; d = strstr(d + 1, ";D")) {
        if (*d == ';')
            d++;
        int depth = atoi(d + 1);
        unsigned long long want = strtoull(strchr(d, ' ') + 1, NULL, 10);
        if (depth > maxdepth)
            continue;
        unsigned long long got = worlds_perft(p, depth);
        CHECK(got == want, "ply %d depth %d: %llu, expected %llu", p->top, depth, got, want);
        if (got != want && depth > 1)
            report_divide(p, depth);
    }
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: worlds_perft FILE [MAXDEPTH]\n");
        return 2;
    }
    int maxdepth = argc > 2 ? atoi(argv[2]) : 9;
    FILE *f = fopen(argv[1], "r");
    CHECK(f != NULL, "cannot open %s", argv[1]);
    WorldsPos p;
    CHECK(worlds_pos_init(&p), "allocation");
    char line[4096];
    while (f && fgets(line, sizeof line, f))
        if (line[0] != '#' && line[0] != '\n')
            run_line(&p, line, maxdepth);
    if (f)
        fclose(f);
    worlds_pos_free(&p);
    printf("worlds_perft: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
