/* perft_bench <qec|chess|tether> <depth> <fen> [links] [repeat]: a perft count timed in-process,
 * the best of `repeat` runs and of at least 0.5 s of runs (warm caches). Prints "nodes <N> ms <T> nps <R>". Used by
 * bench/perft.sh next to Stockfish. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/links.h"
#include "../engine/perft.h"
#include "../engine/variant.h"
#include "tool_util.h"

/* As `go perft` allows (uci/go.c), from 0 (the position itself, 1). */
enum { PERFT_BENCH_MAX_DEPTH = 12 };

int main(int argc, char **argv) {
    char err[256];
    if (argc < 4) {
        fprintf(stderr, "usage: %s <qec|chess|tether> <depth> <fen> [links] [repeat]\n", argv[0]);
        return 2;
    }
    int depth = (int)tool_int("depth", argv[2], 0, PERFT_BENCH_MAX_DEPTH);
    int repeat = argc > 5 ? (int)tool_int("repeat", argv[5], 1, 1000000) : 1;
    engine_init();
    int variant = variant_by_name(argv[1]);
    if (variant < 0) {
        fprintf(stderr, "unknown variant '%s'\n", argv[1]);
        return 2;
    }
    EntMap m;
    Position *P = calloc(1, sizeof *P);
    if (!P) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    if (!pos_set_fen(P, argv[3], variant, err, sizeof err) ||
        !entmap_parse(argc > 4 ? argv[4] : "none", &m, err, sizeof err) || !entmap_apply(&m, P, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    uint64_t n = 0;
    double ms = 1e300;
    /* With repeat > 1, short counts are repeated for at least half a second: the best of many
     * runs of a few milliseconds is as steady as the best of a few long ones. */
    double spent = 0;
    for (int i = 0; i < repeat || (repeat > 1 && spent < 500); i++) {
        double start = tool_seconds();
        n = perft(P, depth);
        double t = (tool_seconds() - start) * 1e3;
        ms = t < ms ? t : ms;
        spent += t;
    }
    printf("nodes %llu ms %.3f nps %.0f\n", (unsigned long long)n, ms, (double)n / (ms > 0 ? ms : 1) * 1e3);
    free(P);
    return 0;
}
