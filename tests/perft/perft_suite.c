/* Runs the perft suites of tests/data: classical (perftsuite.epd, variant chess), QEC
 * (qec-perft-public.epd) and Tether (tether-perft-public.epd, T7). Numbers come from the data files only (R6). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/links.h"
#include "../../engine/perft.h"
#include "../../engine/variant.h"

static Position pos;

/* One EPD line: "<fen>; [links <pairs>;] D1 n; D2 n; ..." (both files' forms). */
static int run_line(const char *line, int maxDepth, int variant, int lineNo, int *passed, int *failed) {
    char buf[1024], err[256];
    snprintf(buf, sizeof buf, "%s", line);
    buf[strcspn(buf, "\r\n")] = 0;
    if (!buf[0])
        return 0;
    char *fields[16];
    int nf = 0;
    for (char *t = strtok(buf, ";"); t && nf < 16; t = strtok(NULL, ";"))
        fields[nf++] = t;
    if (!nf) { /* a line of separators only: no FEN to count */
        printf("FAIL line %d: no FEN\n", lineNo);
        (*failed)++;
        return 1;
    }
    if (!pos_set_fen(&pos, fields[0], variant, err, sizeof err)) {
        printf("FAIL line %d: %s\n", lineNo, err);
        (*failed)++;
        return 1;
    }
    EntMap map;
    entmap_parse("none", &map, err, sizeof err);
    for (int i = 1; i < nf; i++) {
        char *f = fields[i];
        while (*f == ' ')
            f++;
        if (!strncmp(f, "links ", 6) &&
            (!entmap_parse(f + 6, &map, err, sizeof err) || !entmap_apply(&map, &pos, err, sizeof err))) {
            printf("FAIL line %d: %s\n", lineNo, err);
            (*failed)++;
            return 1;
        }
    }
    for (int i = 1; i < nf; i++) {
        char *f = fields[i];
        while (*f == ' ')
            f++;
        int d;
        unsigned long long want;
        if (sscanf(f, "D%d %llu", &d, &want) != 2 || d > maxDepth)
            continue;
        unsigned long long got = perft(&pos, d);
        if (got == want)
            (*passed)++;
        else {
            (*failed)++;
            printf("FAIL line %d depth %d: got %llu, want %llu (%s)\n", lineNo, d, got, want, fields[0]);
        }
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s <file.epd> <qec|chess|tether> <max depth> [first line] [last line]\n", argv[0]);
        return 2;
    }
    engine_init();
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    int variant = variant_by_name(argv[2]), maxDepth = atoi(argv[3]);
    if (variant < 0) {
        fprintf(stderr, "unknown variant '%s'\n", argv[2]);
        return 2;
    }
    int first = argc > 4 ? atoi(argv[4]) : 1, last = argc > 5 ? atoi(argv[5]) : 1 << 30;
    char line[1024];
    int n = 0, passed = 0, failed = 0;
    while (fgets(line, sizeof line, f))
        if (++n >= first && n <= last)
            run_line(line, maxDepth, variant, n, &passed, &failed);
    fclose(f);
    printf("perft %s: %d passed, %d failed\n", argv[1], passed, failed);
    return failed != 0;
}
