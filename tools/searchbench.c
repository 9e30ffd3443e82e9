/* searchbench: fixed-depth searches over a fixed set of QEC positions and maps, through
 * search_run (the measurement behind bench/search.sh; the user-facing `bench` command is
 * uci/bench.c). With one thread the node total is deterministic.
 *
 *   searchbench [depth] [threads] [hashMiB] [hand | QEC-NET]
 * By default the search evaluates with the compiled-in QEC network (as `Use NNUE true`); `hand`:
 * with the hand-made evaluation (`Use NNUE false`), so the two runs give the network's nodes per
 * second against the hand-made one's; QEC-NET: with that QEC network file (docs/dev/qec-network.md).
 * Prints one line per position, then "Nodes searched  : N", "Nodes/second    : N" and
 * "Total time (ms) : N" (Stockfish's words). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/links.h"
#include "../eval/nnue_links.h"
#include "../search/search.h"
#include "tool_util.h"


static const char *const POSITIONS[][2] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "default"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "random 1"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "none"},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "random 2"},
    {"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", "random 3"},
    {"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 8", "random 4"},
    {"2rq1rk1/pp1bppbp/2np1np1/8/3NP3/1BN1BP2/PPPQ2PP/2KR3R b - - 6 12", "random 5"},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", "random 6"},
    {"4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19", "random 7"},
    {"r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15", "random 8"},
    {"6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/3N4 b - - 0 1", "random 9"},
    {"3b4/5kp1/1p1p1p1p/pP1PpP1P/P1P1P3/3KN3/8/8 w - - 0 1", "random 10"},
    {"8/6pk/1p6/8/PP3p1p/5P2/4KP1q/3Q4 w - - 0 1", "none"},
    {"8/3p4/p1bk3p/Pp6/1Kp1PpPp/2P2P1P/2P5/5B2 b - - 0 1", "random 12"},
};

int main(int argc, char **argv) {
    /* The ranges of `go depth` and of the Threads and Hash options. */
    int depth = argc > 1 ? (int)tool_int("depth", argv[1], 1, MAX_PLY) : 10;
    int threads = argc > 2 ? (int)tool_int("threads", argv[2], 1, TOOL_MAX_THREADS) : 1;
    int hash = argc > 3 ? (int)tool_int("hashMiB", argv[3], 1, TOOL_MAX_HASH_MIB) : 64;
    char err[256];
    Search *searcher = search_new();
    if (!searcher) {
        fputs("out of memory\n", stderr);
        return 1;
    }
    bool hand = argc > 4 && !strcmp(argv[4], "hand");
    SearchOptions o = {hash, threads, 1, 0, POLICY_SEARCH, hand, false, 0};
    search_set_options(searcher, &o);
    void *netData = NULL;
    LinkNet net;
    if (argc > 4 && !hand) {
        if (!linknet_load(argv[4], &netData, &net, err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            search_free(searcher);
            return 1;
        }
        EvalNet nets[EVAL_FAMILY_COUNT] = {[EVAL_LINKS] = {&net, NULL}};
        search_set_nets(searcher, nets);
    }
    Position *p = malloc(sizeof *p);
    uint64_t nodes = 0;
    int64_t ms = 0;
    int n = (int)(sizeof POSITIONS / sizeof POSITIONS[0]);
    for (int i = 0; i < n; i++) {
        EntMap m;
        if (!pos_set_fen(p, POSITIONS[i][0], VARIANT_QEC, err, sizeof err) ||
            !entmap_parse(POSITIONS[i][1], &m, err, sizeof err) || !entmap_apply(&m, p, err, sizeof err)) {
            fprintf(stderr, "position %d: %s\n", i + 1, err);
            return 1;
        }
        SearchLimits l;
        memset(&l, 0, sizeof l);
        l.time[0] = l.time[1] = -1;
        l.depth = depth;
        SearchInfo info;
        search_clear(searcher);
        double t0 = tool_seconds();
        Move best = search_run(searcher, p, &l, &info);
        int64_t t = (int64_t)((tool_seconds() - t0) * 1000);
        char tok[6];
        move_to_uci(best, tok);
        printf("position %2d: depth %d score %6d nodes %10llu time %6lld ms best %s\n", i + 1, info.depth, info.score,
               (unsigned long long)info.nodes, (long long)t, tok);
        fflush(stdout);
        nodes += info.nodes;
        ms += t;
    }
    printf("\nNodes searched  : %llu\n", (unsigned long long)nodes);
    printf("Nodes/second    : %llu\n", (unsigned long long)(nodes * 1000 / (uint64_t)(ms > 0 ? ms : 1)));
    printf("Total time (ms) : %lld\n", (long long)ms);
    free(p);
    search_free(searcher); /* before the net its threads may read */
    free(netData);
    return 0;
}
