/* One search object over both rules families (game_search.h). */
#include "game_search.h"

#include <stdlib.h>

#include "worlds_search.h"

struct GameSearch {
    Search *positions;  /* the Position family's (search.h), NULL until its first use */
    WorldsSearch *worlds;  /* the worlds family's (worlds_search.h), NULL until its first use */
    SearchOptions opt;  /* the options of every later search */
    EvalNet nets[EVAL_FAMILY_COUNT];
    SearchParamOverride tune; /* the tuning build's numbers (search_set_tune) */
    void (*poll)(void *ctx, bool waiting);
    void *pollCtx;
};

GameSearch *game_search_new(void) {
    GameSearch *g = calloc(1, sizeof *g);
    if (g)
        g->opt = (SearchOptions){.hashMiB = 16, .threads = 1, .multiPV = 1, .skillLevel = SKILL_FULL};
    return g;
}

void game_search_free(GameSearch *g) {
    if (!g)
        return;
    worlds_search_free(g->worlds);
    search_free(g->positions);
    free(g);
}

void game_search_set_poll(GameSearch *g, void (*poll)(void *ctx, bool waiting), void *ctx) {
    g->poll = poll, g->pollCtx = ctx;
    if (g->positions)
        search_set_poll(g->positions, poll, ctx);
    if (g->worlds)
        worlds_search_set_poll(g->worlds, poll, ctx);
}

void game_search_set_options(GameSearch *g, const SearchOptions *opt) {
    g->opt = *opt;
    if (g->positions) /* the worlds family takes its options at each start */
        search_set_options(g->positions, opt);
}

void game_search_set_nets(GameSearch *g, const EvalNet *nets) {
    for (int f = 0; f < EVAL_FAMILY_COUNT; f++)
        g->nets[f] = nets ? nets[f] : (EvalNet){0};
    if (g->positions)
        search_set_nets(g->positions, g->nets);
}

void game_search_set_tune(GameSearch *g, const SearchParamOverride *o) {
    g->tune = o ? *o : (SearchParamOverride){0};
    if (g->positions)
        search_set_tune(g->positions, &g->tune);
}

void game_search_clear(GameSearch *g) {
    if (g->positions)
        search_clear(g->positions);
    if (g->worlds)
        worlds_search_clear(g->worlds);
}

bool game_search_ready(GameSearch *g, const Board *b) {
    if (b->variant->worlds) {
        if (!g->worlds && (g->worlds = worlds_search_new()))
            worlds_search_set_poll(g->worlds, g->poll, g->pollCtx);
        return g->worlds != NULL;
    }
    if (!g->positions && (g->positions = search_new())) {
        search_set_poll(g->positions, g->poll, g->pollCtx);
        search_set_options(g->positions, &g->opt);
        search_set_nets(g->positions, g->nets);
        search_set_tune(g->positions, &g->tune);
    }
    return g->positions != NULL;
}

/* The caller's limits with the row's node limit of a level (search/skill.h). */
static SearchLimits row_limits(const Board *b, const SearchLimits *lim) {
    SearchLimits l = *lim;
    l.levelNodes = b->variant->skillNodes;
    return l;
}

bool game_search_start(GameSearch *g, const Board *b, const SearchLimits *lim, const SearchReport *rep) {
    if (!game_search_ready(g, b))
        return false;
    SearchLimits l = row_limits(b, lim);
    if (b->variant->worlds)
        return worlds_search_start(g->worlds, &b->worlds, &l, &g->opt, rep);
    search_start(g->positions, b->pos, &l, rep);
    return true;
}

/* Only one family's search runs at a time; the other is idle and ignores these. */
void game_search_stop(GameSearch *g) {
    if (g->positions)
        search_stop(g->positions);
    if (g->worlds)
        worlds_search_stop(g->worlds);
}

void game_search_ponderhit(GameSearch *g) {
    if (g->positions)
        search_ponderhit(g->positions);
    if (g->worlds)
        worlds_search_ponderhit(g->worlds);
}

void game_search_wait(GameSearch *g) {
    if (g->positions)
        search_wait(g->positions);
    if (g->worlds)
        worlds_search_wait(g->worlds);
}

Move game_search_run(GameSearch *g, const Board *b, const SearchLimits *lim, uint64_t seed, SearchInfo *info) {
    if (!game_search_ready(g, b))
        return MOVE_NONE;
    SearchLimits l = row_limits(b, lim);
    if (b->variant->worlds)
        return worlds_search_run(g->worlds, &b->worlds, &l, &g->opt, seed, info);
    return search_run(g->positions, b->pos, &l, info);
}
