/* The session's bench (session/session.h): a fixed search over positions and maps kept in the
 * binary, the variant table's bench positions row after row (variants/variants.c). With one
 * thread the node count is deterministic: it is the bench signature that OpenBench-style tools
 * compare between builds. */
#include <stdlib.h>
#include <string.h>

#include "options.h"

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

/* One bench search of position i (the row's family's search, its row's benchShallower plies
 * shallower), reported; false if it could not be set up. */
static bool bench_one(Session *s, int i, int count, Board *bb, int depth, const BenchReport *rep, uint64_t *nodes) {
    char err[2048], tok[6], root[128], text[2200];
    const Variant *v;
    const BenchPosition *b = bench_at(i, &v);
    SearchLimits lim;
    SearchInfo info;
    memset(&lim, 0, sizeof lim);
    lim.time[WHITE] = lim.time[BLACK] = -1;
    memset(&info, 0, sizeof info);
    if (!bench_setup(bb, v, b, err, sizeof err)) {
        snprintf(text, sizeof text, "bench position %d: %s", i + 1, err);
        rep->error(rep->ctx, text);
        return false;
    }
    lim.depth = depth - v->benchShallower > 1 ? depth - v->benchShallower : 1;
    board_token(bb, game_search_run(s->search, bb, &lim, 1, &info), tok);
    *nodes += info.nodes;
    if (b->fen || v->startFen)
        snprintf(root, sizeof root, "%s", b->fen ? b->fen : v->startFen);
    else
        snprintf(root, sizeof root, "%s startpos", v->name);
    rep->position(rep->ctx, i + 1, count, root, b, tok, &info);
    return true;
}

bool session_bench(Session *s, int hash, int threads, int depth, const BenchReport *rep, uint64_t *nodes,
                   int64_t *elapsedMs) {
    Board bb = {.pos = malloc(sizeof(Position))}; /* its schroedinger position is made at its first use */
    if (!bb.pos || !session_search(s, NULL)) {
        free(bb.pos);
        rep->error(rep->ctx, "bench: out of memory");
        return false;
    }
    session_join(s);
    SearchOptions so = session_fixed_search_options(s, hash, threads);
    game_search_set_options(s->search, &so);
    game_search_clear(s->search);
    *nodes = 0;
    int64_t start = now_ms();
    for (int i = 0, count = bench_count(); i < count; i++)
        bench_one(s, i, count, &bb, depth, rep, nodes);
    *elapsedMs = now_ms() - start;
    free(bb.pos);
    board_close(&bb);
    session_apply_options(s); /* back to the user's options */
    game_search_clear(s->search);
    return true;
}
