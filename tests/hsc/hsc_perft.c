/* Haft Schroedinger perft (S5) against tests/data/schroedinger-perft-public.epd, counted by an
 * independent implementation of seed 003's model. Usage: hsc_perft FILE [MAXDEPTH]. Lines are
 * `startpos [moves t ...] ;D1 n ;D2 n ...`; each count up to MAXDEPTH is one check. On a
 * mismatch the divide at depth 1 below is printed to find the first diverging move. */
#include <stdlib.h>
#include <string.h>

#include "../../engine/hsc.h"
#include "../check.h"

static void report_divide(HscPos *p, int depth) {
    Move moves[HSC_MAX_MOVES];
    uint64_t counts[HSC_MAX_MOVES];
    int n = hsc_perft_divide(p, depth, moves, counts);
    for (int i = 0; i < n; i++) {
        char s[6];
        hsc_move_str(moves[i], s);
        printf("  %s %llu\n", s, (unsigned long long)counts[i]);
    }
}

static void run_line(HscPos *p, char *line, int maxdepth) {
    char *semi = strchr(line, ';');
    if (!semi)
        return;
    *semi = 0;
    hsc_pos_reset(p);
    char *save = NULL, *tok = strtok_r(line, " \t", &save);
    bool ok = tok && !strcmp(tok, "startpos");
    tok = strtok_r(NULL, " \t", &save);
    if (tok && !strcmp(tok, "moves"))
        while ((tok = strtok_r(NULL, " \t\r\n", &save))) {
            const char *err = NULL;
            Move m = hsc_parse_move(p, tok, &err);
            CHECK(m != MOVE_NONE, "move %s: %s", tok, err ? err : "?");
            if (m == MOVE_NONE) {
                ok = false;
                break;
            }
            hsc_do_move(p, m);
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
        unsigned long long got = hsc_perft(p, depth);
        CHECK(got == want, "ply %d depth %d: %llu, expected %llu", p->top, depth, got, want);
        if (got != want && depth > 1)
            report_divide(p, depth);
    }
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: hsc_perft FILE [MAXDEPTH]\n");
        return 2;
    }
    int maxdepth = argc > 2 ? atoi(argv[2]) : 9;
    FILE *f = fopen(argv[1], "r");
    CHECK(f != NULL, "cannot open %s", argv[1]);
    HscPos p;
    CHECK(hsc_pos_init(&p), "allocation");
    char line[4096];
    while (f && fgets(line, sizeof line, f))
        if (line[0] != '#' && line[0] != '\n')
            run_line(&p, line, maxdepth);
    if (f)
        fclose(f);
    hsc_pos_free(&p);
    printf("hsc_perft: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
