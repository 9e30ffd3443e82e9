/* `bench [hash] [threads] [depth]`: a fixed search over positions and maps kept in the
 * binary. With one thread the node count is deterministic: it is the bench signature that
 * OpenBench-style tools compare between builds. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../engine/variant.h"
#include "internal.h"

typedef struct {
    const char *fen;   /* NULL = the start position */
    const char *map;   /* any EntMap form */
    const char *moves; /* decision or whole-turn tokens played from the FEN, or NULL */
    int variant;
} BenchPosition;

/* Start position, mid-games with random maps, a forced-reply-heavy opening, positions full of
 * checks (reactive steps, a mate in one turn), promotions, castling with linked rooks, and
 * endgames. */
static const BenchPosition BENCH[] = {
    {NULL, "default", NULL, VARIANT_QEC},
    {NULL, "default", "e2e3 e7e5[f1c4] d2d4[d8e7] g8f6[f2f3] b1c3", VARIANT_QEC},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "random 1", NULL, VARIANT_QEC},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", "random 2", NULL, VARIANT_QEC},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", "random 3", NULL, VARIANT_QEC},
    {"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "random 4", NULL, VARIANT_QEC},
    {"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8", "random 6", NULL, VARIANT_QEC},
    {"r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", "a2a8 b2c8 d2d8 a7a1 b7c1 g7h1", "c4f7", VARIANT_QEC},
    {"r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1", "a2h8 h2a8 a7h1 h7a1", NULL, VARIANT_QEC},
    {"r1b4n/1P4P1/4k3/8/8/4K3/1p4p1/R1B4N w - - 0 1", "b7c8 g7h8 b2c1 g2h1", NULL, VARIANT_QEC},
    {"2b1k1n1/2p5/8/1P1pP3/6p1/8/5P2/1N2KB2 w - d6 0 1", "b5c8 e5g8 c7f1 d5b1", NULL, VARIANT_QEC},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "random 5", NULL, VARIANT_QEC},
    {"6k1/5p2/6p1/8/7p/8/6PP/6K1 b - - 0 1", "none", NULL, VARIANT_QEC},
    /* Classical chess (issue 12): a middlegame, Kiwipete, an endgame whose tree is full of
     * checks, and a root in check. */
    {"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8", "none", NULL, VARIANT_CHESS},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "none", NULL, VARIANT_CHESS},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "none", NULL, VARIANT_CHESS},
    {"rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 3", "none", NULL, VARIANT_CHESS},
    /* Tether (issue 10): a middlegame whose captures through rank-mates once blew up
     * quiescence, Kiwipete (castling as king-takes-rook, T6.2) and a rook endgame. */
    {"1n2kbn1/3q1p1p/3prr1P/b2p3R/pp1P2PB/5N2/PP1K1PP1/2BQ3R b - - 1 16", "none", NULL, VARIANT_TETHER},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "none", NULL, VARIANT_TETHER},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "none", NULL, VARIANT_TETHER},
    /* Haft Schroedinger (issue 11, searched last so the positions above keep their counts): the
     * start (every major unknown), an open game, a promotion race (S2.5) and a middlegame with
     * most types fixed and majors traded (S1.4). Depth: the bench depth minus 2 plies. */
    {NULL, "none", "", UCI_VARIANT_HSC},
    {NULL, "none", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5", UCI_VARIANT_HSC},
    {NULL, "none", "a2a4 h7h6 a4a5 h6h5 a5a6 h5h4 a6b7 h4h3", UCI_VARIANT_HSC},
    {NULL, "none",
     "c2c4 c7c5 c1b3 d8e6 a2a4 b8f4 b3c5 f4c4 c5b3 g7g6 d2d3 c4f4 d1d2 a8c7 h2h3 c7d5 e2e3 f4d6 a1a3 d6e5 f2f4 "
     "e5d4 b3d4 d5e3 d2e3 h8d4",
     UCI_VARIANT_HSC},
};
#define BENCH_COUNT ((int)(sizeof BENCH / sizeof *BENCH))

static bool bench_setup(Position *p, const BenchPosition *b, char *err, size_t errlen) {
    EntMap map;
    if (!pos_set_fen(p, b->fen ? b->fen : START_FEN, b->variant, err, errlen))
        return false;
    if (variant_rules(p->variant)->links && (!entmap_parse(b->map, &map, err, errlen) || !entmap_apply(&map, p, err, errlen)))
        return false;
    if (!b->moves)
        return true;
    char moves[256], *save = NULL;
    snprintf(moves, sizeof moves, "%s", b->moves);
    for (char *t = strtok_r(moves, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        if (!apply_token(p, t, false, err, errlen))
            return false;
    }
    return true;
}

/* A schroedinger position: the start and its moves (S4.2). */
static bool hsc_bench_setup(HscPos *p, const BenchPosition *b, char *err, size_t errlen) {
    char moves[512], *save = NULL;
    hsc_pos_reset(p);
    snprintf(moves, sizeof moves, "%s", b->moves);
    for (char *t = strtok_r(moves, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        const char *why = NULL;
        Move m = hsc_parse_move(p, t, &why);
        if (m == MOVE_NONE || !hsc_do_move(p, m)) {
            snprintf(err, errlen, "'%s': %s", t, why ? why : "not legal");
            return false;
        }
    }
    return true;
}

/* One bench search of position i (either kind); false if it could not be set up. */
static bool bench_one(Uci *u, int i, Position *p, HscPos *hp, const int64_t arg[3], SearchInfo *info, char tok[6]) {
    char err[2048];
    const BenchPosition *b = &BENCH[i];
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.time[WHITE] = lim.time[BLACK] = -1;
    memset(info, 0, sizeof *info);
    if (b->variant == UCI_VARIANT_HSC) {
        SearchOptions so = {(int)arg[0], (int)arg[1], 1, u->opt.moveOverhead, POLICY_SEARCH, !u->opt.useNNUE};
        if (!hsc_bench_setup(hp, b, err, sizeof err)) {
            uci_error(u, "bench position %d: %s", i + 1, err);
            return false;
        }
        lim.depth = arg[2] > 3 ? (int)arg[2] - 2 : 1;
        hsc_tok(hsc_search_run(u->hgo, hp, &lim, &so, 1, info), tok);
        return true;
    }
    if (!bench_setup(p, b, err, sizeof err)) {
        uci_error(u, "bench position %d: %s", i + 1, err);
        return false;
    }
    lim.depth = (int)arg[2];
    move_to_uci_variant(search_run(u->search, p, &lim, info), p->variant, tok);
    return true;
}

static int64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void cmd_bench(Uci *u, const Words *ws) {
    static const char *const NAMES[3] = {"hash", "threads", "depth"};
    static const int64_t LO[3] = {1, 1, 1}, HI[3] = {65536, 256, MAX_PLY};
    int64_t arg[3] = {16, 1, 9}; /* depth 9: a few seconds with one thread */
    if (uci_is_searching(u)) {
        uci_error(u, "bench: a search is running (send stop first)");
        return;
    }
    if (ws->n > 4) {
        uci_error(u, "bench: want 'bench [hash] [threads] [depth]'");
        return;
    }
    for (int i = 1; i < ws->n; i++)
        if (!parse_int64(ws->w[i], LO[i - 1], HI[i - 1], &arg[i - 1])) {
            uci_error(u, "bench %s: '%.24s' is not a whole number from %lld to %lld", NAMES[i - 1], ws->w[i],
                      (long long)LO[i - 1], (long long)HI[i - 1]);
            return;
        }
    Position *p = malloc(sizeof *p);
    HscPos hp;
    if (!p || !hsc_pos_init(&hp) || !uci_hsc_search(u) || !uci_search(u)) {
        if (p)
            hsc_pos_free(&hp);
        free(p);
        uci_error(u, "bench: out of memory");
        return;
    }
    uci_join_search(u);
    SearchOptions so = {(int)arg[0], (int)arg[1], 1, u->opt.moveOverhead, POLICY_SEARCH, !u->opt.useNNUE};
    search_set_options(u->search, &so);
    search_clear(u->search);
    hsc_search_clear(u->hgo);
    uint64_t nodes = 0;
    int64_t start = now_ms();
    for (int i = 0; i < BENCH_COUNT; i++) {
        char tok[6];
        SearchInfo info;
        if (!bench_one(u, i, p, &hp, arg, &info, tok))
            continue;
        nodes += info.nodes;
        fprintf(stderr, "Position: %d/%d (%s) map %s%s%s: bestmove %s depth %d score %d nodes %llu\n", i + 1,
                BENCH_COUNT, BENCH[i].variant == UCI_VARIANT_HSC ? "schroedinger startpos" : BENCH[i].fen ? BENCH[i].fen : START_FEN, BENCH[i].map, BENCH[i].moves ? " moves " : "",
                BENCH[i].moves ? BENCH[i].moves : "", tok, info.depth, info.score, (unsigned long long)info.nodes);
    }
    int64_t elapsed = now_ms() - start;
    free(p);
    hsc_pos_free(&hp);
    options_apply(u); /* back to the user's options */
    search_clear(u->search);
    uci_lock_out(u);
    fprintf(u->out, "\n===========================\nTotal time (ms) : %lld\nNodes searched  : %llu\n",
            (long long)elapsed, (unsigned long long)nodes);
    fprintf(u->out, "Nodes/second    : %llu\n",
            (unsigned long long)(nodes * 1000 / (uint64_t)(elapsed > 0 ? elapsed : 1)));
    uci_unlock_out(u);
}
