/* Haft Schroedinger rules core speed (a benchmark, not a test): perft from the start and from
 * the public positions, legal-move generation per position, one move's legality test, the world
 * count, the key and the game state, over positions of seeded random games.
 *   build/release/tools/worlds_bench [EPD]        everything
 *   build/release/tools/worlds_bench perft DEPTH  "nodes N ms T nps X" (perft_bench's format) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/worlds.h"
#include "../tests/rng.h"
#include "tool_util.h"

static void bench_perft(WorldsPos *p) {
    for (int d = 1; d <= 4; d++) {
        worlds_pos_reset(p);
        double t0 = tool_seconds();
        uint64_t n = worlds_perft(p, d);
        double dt = tool_seconds() - t0;
        printf("perft %d from the start: %llu nodes in %.3f s (%.0f nodes/s)\n", d, (unsigned long long)n, dt,
               n / (dt > 0 ? dt : 1e-9));
    }
}

static void bench_epd(WorldsPos *p, const char *path) {
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    char line[4096];
    uint64_t total = 0;
    double t = 0;
    while (fgets(line, sizeof line, f)) {
        char *semi = strchr(line, ';');
        if (!semi || strncmp(line, "startpos", 8))
            continue;
        *semi = 0;
        worlds_pos_reset(p);
        char *save = NULL, *tok = strtok_r(line + 8, " \t", &save);
        if (tok && !strcmp(tok, "moves"))
            while ((tok = strtok_r(NULL, " \t\r\n", &save)))
                worlds_do_move(p, worlds_parse_move(p, tok, NULL));
        double t0 = tool_seconds();
        total += worlds_perft(p, 3);
        t += tool_seconds() - t0;
    }
    fclose(f);
    printf("perft 3 over %s: %llu nodes in %.3f s (%.0f nodes/s)\n", path, (unsigned long long)total, t,
           total / (t > 0 ? t : 1e-9));
}

/* Positions of seeded random games, each a copy of its state. */
static int sample_positions(WorldsPos *p, WorldsState *out, int max) {
    uint64_t rng = 0xBE7C4;
    int n = 0;
    while (n < max) {
        worlds_pos_reset(p);
        for (int ply = 0; ply < 120 && n < max; ply++) {
            Move list[WORLDS_MAX_MOVES];
            int k = worlds_gen_legal(p, list);
            if (!k)
                break;
            out[n++] = *worlds_st(p);
            worlds_do_move(p, list[test_rand(&rng) % (uint64_t)k]);
        }
    }
    return n;
}

static void bench_positions(WorldsPos *p, const WorldsState *pos, int n) {
    Move list[WORLDS_MAX_MOVES];
    uint64_t moves = 0, tests = 0, checksum = 0;
    int reps = 5;
    double t0 = tool_seconds();
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < n; i++) {
            p->top = 0;
            p->stack[0] = pos[i];
            moves += (uint64_t)worlds_gen_legal(p, list);
        }
    double gen = tool_seconds() - t0;
    printf("legal-move generation: %d positions x %d, %.2f us per position (%.1f legal moves each)\n", n, reps,
           gen / (n * reps) * 1e6, (double)moves / (n * reps));
    t0 = tool_seconds();
    for (int i = 0; i < n; i++) {
        p->top = 0;
        p->stack[0] = pos[i];
        int k = worlds_gen_candidates(p, list);
        for (int j = 0; j < k; j++)
            checksum += worlds_is_legal(p, list[j]);
        tests += (uint64_t)k;
    }
    double legal = tool_seconds() - t0;
    printf("one move's legality test: %.3f us (%llu candidate moves, %llu legal)\n", legal / tests * 1e6,
           (unsigned long long)tests, (unsigned long long)checksum);
    uint64_t played = 0;
    double doundo = 0;
    for (int i = 0; i < n; i++) {
        p->top = 0;
        p->stack[0] = pos[i];
        int k = worlds_gen_legal(p, list);
        double t1 = tool_seconds();
        for (int j = 0; j < k; j++) {
            checksum += worlds_do_move(p, list[j]);
            worlds_undo_move(p);
        }
        doundo += tool_seconds() - t1;
        played += (uint64_t)k;
    }
    printf("do + undo (full update, ~%zu bytes copied): %.3f us per move\n", sizeof(WorldsState),
           doundo / (double)played * 1e6);
    t0 = tool_seconds();
    for (int i = 0; i < n; i++) {
        p->top = 0;
        p->stack[0] = pos[i];
        checksum += worlds_world_count(p);
    }
    printf("world count: %.3f us per position\n", (tool_seconds() - t0) / n * 1e6);
    t0 = tool_seconds();
    for (int i = 0; i < n; i++) {
        p->top = 0;
        p->stack[0] = pos[i];
        p->stack[0].key_valid = 0;
        checksum += worlds_key(p);
    }
    printf("key (world-set hash): %.3f us per position\n", (tool_seconds() - t0) / n * 1e6);
    t0 = tool_seconds();
    for (int i = 0; i < n; i++) {
        p->top = 0;
        p->stack[0] = pos[i];
        checksum += (uint64_t)worlds_result(p);
    }
    printf("game state (S3): %.3f us per position\n", (tool_seconds() - t0) / n * 1e6);
    printf("(checksum %llu)\n", (unsigned long long)checksum);
}

int main(int argc, char **argv) {
    /* `perft N`: as `go perft` allows (uci/go.c) */
    int depth = argc > 2 && !strcmp(argv[1], "perft") ? (int)tool_int("perft depth", argv[2], 0, 12) : -1;
    WorldsPos p;
    if (!worlds_pos_init(&p))
        return 1;
    if (depth >= 0) {
        double t0 = tool_seconds();
        uint64_t n = worlds_perft(&p, depth);
        double ms = (tool_seconds() - t0) * 1e3;
        printf("nodes %llu ms %.1f nps %.0f\n", (unsigned long long)n, ms, n / (ms > 0 ? ms : 1e-6) * 1e3);
        worlds_pos_free(&p);
        return 0;
    }
    printf("state size: %zu bytes per ply\n", sizeof(WorldsState));
    bench_perft(&p);
    bench_epd(&p, argc > 1 ? argv[1] : "tests/data/schroedinger-perft-public.epd");
    enum { N = 3000 };
    WorldsState *pos = malloc(N * sizeof *pos);
    if (pos) {
        int n = sample_positions(&p, pos, N);
        bench_positions(&p, pos, n);
        free(pos);
    }
    worlds_pos_free(&p);
    return 0;
}
