/* `bench [hash] [threads] [depth]`: a fixed search over positions and maps kept in the
 * binary. With one thread the node count is deterministic: it is the bench signature that
 * OpenBench-style tools compare between builds. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"

/* The positions are the variant table's (variants/variants.c), row after row. */
static int bench_count(void) {
    int n = 0;
    for (int r = 0; r < VARIANT_ROW_COUNT; r++)
        n += VARIANT_ROWS[r].nbench;
    return n;
}

/* Bench position i of the whole list, and its row in *v. */
static const BenchPosition *bench_at(int i, const Variant **v) {
    int r = 0;
    while (i >= VARIANT_ROWS[r].nbench)
        i -= VARIANT_ROWS[r++].nbench;
    *v = &VARIANT_ROWS[r];
    return &VARIANT_ROWS[r].bench[i];
}

/* Bench position b of row v onto bb through the Board (variants/board.h), as `position`
 * reads a root, a map and a move list: the FEN or the start position (a schroedinger one has
 * moves only, S4.2), the map in a row with links, then the moves, each a whole turn (R5.2). */
static bool bench_setup(Board *bb, const Variant *v, const BenchPosition *b, char *err, size_t errlen) {
    EntMap map;
    if (!board_set_fen(bb, v, b->fen, err, errlen))
        return false;
    if (variant_links(v) && (!entmap_parse(b->map, &map, err, errlen) || !board_apply_map(bb, &map, err, errlen)))
        return false;
    if (!b->moves)
        return true;
    char moves[512], *save = NULL;
    snprintf(moves, sizeof moves, "%s", b->moves);
    for (char *t = strtok_r(moves, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        if (!board_play_token(bb, t, false, err, errlen))
            return false;
    }
    return true;
}

/* One bench search of position i; false if it could not be set up. The search is the row's
 * family's, its row's benchShallower plies shallower. */
static bool bench_one(Uci *u, int i, Board *bb, const int64_t arg[3], SearchInfo *info, char tok[6]) {
    char err[2048];
    const Variant *v;
    const BenchPosition *b = bench_at(i, &v);
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.time[WHITE] = lim.time[BLACK] = -1;
    memset(info, 0, sizeof *info);
    if (!bench_setup(bb, v, b, err, sizeof err)) {
        uci_error(u, "bench position %d: %s", i + 1, err);
        return false;
    }
    lim.depth = arg[2] - v->benchShallower > 1 ? (int)arg[2] - v->benchShallower : 1;
    board_token(bb, game_search_run(u->session->search, bb, &lim, 1, info), tok);
    return true;
}

static int64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void cmd_bench(Uci *u, const Words *ws) {
    static const char *const NAMES[3] = {"hash", "threads", "depth"};
    static const int64_t LO[3] = {1, 1, 1};
    /* threads: the session's ceiling (the Threads option's), which a WebAssembly build lowers */
    const int64_t HI[3] = {65536, u->session->opt.threadsMax, MAX_PLY};
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
    Board bb = {.pos = malloc(sizeof(Position))}; /* its schroedinger position is made at its first use */
    if (!bb.pos || !uci_search(u, NULL)) {
        free(bb.pos);
        uci_error(u, "bench: out of memory");
        return;
    }
    uci_join_search(u);
    SearchOptions so = uci_fixed_search_options(u, (int)arg[0], (int)arg[1]);
    game_search_set_options(u->session->search, &so);
    game_search_clear(u->session->search);
    uint64_t nodes = 0;
    int64_t start = now_ms();
    for (int i = 0, count = bench_count(); i < count; i++) {
        char tok[6], root[128];
        SearchInfo info;
        if (!bench_one(u, i, &bb, arg, &info, tok))
            continue;
        nodes += info.nodes;
        const Variant *v;
        const BenchPosition *b = bench_at(i, &v);
        if (b->fen || v->startFen)
            snprintf(root, sizeof root, "%s", b->fen ? b->fen : v->startFen);
        else
            snprintf(root, sizeof root, "%s startpos", v->name);
        fprintf(stderr, "Position: %d/%d (%s) map %s%s%s: bestmove %s depth %d score %d nodes %llu\n", i + 1, count,
                root, b->map, b->moves ? " moves " : "", b->moves ? b->moves : "", tok, info.depth, info.score,
                (unsigned long long)info.nodes);
    }
    int64_t elapsed = now_ms() - start;
    free(bb.pos);
    board_close(&bb);
    options_apply(u); /* back to the user's options */
    game_search_clear(u->session->search);
    uci_lock_out(u);
    fprintf(u->out, "\n===========================\nTotal time (ms) : %lld\nNodes searched  : %llu\n",
            (long long)elapsed, (unsigned long long)nodes);
    fprintf(u->out, "Nodes/second    : %llu\n",
            (unsigned long long)(nodes * 1000 / (uint64_t)(elapsed > 0 ? elapsed : 1)));
    uci_unlock_out(u);
}
