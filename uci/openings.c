/* `openings [count] [turns] [window] [seed] [depth]`: a balanced opening book made by the
 * engine itself, in the manner of variant engines' book makers. Each candidate is the start
 * position under the map `random <n>` (QEC; no links in the other variants) followed by
 * `turns` random whole turns; it is kept only if the game is not over, a search of `depth`
 * turns finds no forced mate for either side (so no game starts decided before both players
 * have decided) and scores it within ±window cp for the side to move, and its full key
 * (board, links, turn) is new. Lines are the EPD that qecmatch's -openings file= reads:
 * `<FEN>; links <pairs|none>`. In schroedinger (openings_hsc.c) `turns` is plies, lines are
 * move lists `startpos moves …` (S4.2) and `depth` (1 or 2, default 1) bounds an exact mate
 * check. */
#include <stdlib.h>
#include <string.h>

#include "../engine/variant.h"
#include "internal.h"

typedef struct {
    int64_t count, turns, window, seed, depth;
} OpeningsArgs;

static bool parse_args(Uci *u, const Words *ws, OpeningsArgs *a) {
    static const char *const NAMES[5] = {"count", "turns", "window", "seed", "depth"};
    static const int64_t LO[5] = {1, 0, 0, 0, 1}, HI[5] = {100000, 200, 100000, INT64_MAX / 2, 20};
    int64_t *v[5] = {&a->count, &a->turns, &a->window, &a->seed, &a->depth};
    if (ws->n > 6) {
        uci_error(u, "openings: want 'openings [count] [turns] [window] [seed] [depth]'");
        return false;
    }
    for (int i = 1; i < ws->n; i++)
        if (!parse_int64(ws->w[i], LO[i - 1], HI[i - 1], v[i - 1])) {
            uci_error(u, "openings %s: '%.24s' is not a whole number from %lld to %lld", NAMES[i - 1], ws->w[i],
                      (long long)LO[i - 1], (long long)HI[i - 1]);
            return false;
        }
    return true;
}

/* The start position under candidate n's map, then `turns` random whole turns. False if
 * the game ended on the way. */
static bool random_opening(Position *p, const Variant *variant, uint64_t n, int turns, uint64_t *rng) {
    char err[256], text[48];
    EntMap map;
    if (!variant_set_fen(variant, p, variant->startFen, err, sizeof err))
        return false;
    snprintf(text, sizeof text, "random %llu", (unsigned long long)n);
    if (variant_links(variant) && (!entmap_parse(text, &map, err, sizeof err) || !entmap_apply(&map, p, err, sizeof err)))
        return false;
    GameEnd e;
    for (int t = 0; t < turns; t++) {
        do {
            Move list[MAX_MOVES];
            int k = pos_legal_decisions(p, list);
            if (k == 0)
                return false;
            pos_do(p, list[splitmix64_next(rng) % (uint64_t)k]);
        } while (pos_phase(p) == PHASE_FORCED || pos_phase(p) == PHASE_REACT);
        if (pos_phase(p) == PHASE_OVER || pos_game_end(p, &e))
            return false;
    }
    return !pos_game_end(p, &e);
}

/* Balanced: no mate for either side within `depth` turns, and |score| <= window. */
static bool balanced(GameSearch *s, const Board *b, const OpeningsArgs *a) {
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.depth = (int)a->depth;
    lim.time[WHITE] = lim.time[BLACK] = -1;
    SearchInfo info;
    memset(&info, 0, sizeof info);
    game_search_clear(s);
    game_search_run(s, b, &lim, 0, &info);
    return !score_is_mate(info.score) && abs(info.score) <= a->window;
}

static bool seen_before(const Key *keys, int n, Key k) {
    for (int i = 0; i < n; i++)
        if (keys[i] == k)
            return true;
    return false;
}

void openings_run(Uci *u, const OpeningsFamily *f, void *ctx, int count, uint64_t seed, const char *decidedWhy) {
    Key *keys = malloc(sizeof *keys * (size_t)count);
    if (!keys) {
        uci_error(u, "openings: out of memory");
        return;
    }
    uint64_t rng = seed, tried = 0, over = 0, decided = 0, dup = 0, maxTries = (uint64_t)count * 100;
    int kept = 0;
    while (kept < count && tried < maxTries) {
        uint64_t n = seed * 1000003ULL + tried++;
        if (!f->candidate(ctx, n, &rng)) {
            over++;
            continue;
        }
        if (!f->balanced(ctx)) {
            decided++;
            continue;
        }
        Key k = f->key(ctx);
        if (seen_before(keys, kept, k)) {
            dup++;
            continue;
        }
        keys[kept++] = k;
        f->print(u, ctx);
    }
    uci_printf(u, "info string openings: kept %d of %llu (game over %llu, %s: %llu, repeated %llu)", kept,
               (unsigned long long)tried, (unsigned long long)over, decidedWhy, (unsigned long long)decided,
               (unsigned long long)dup);
    free(keys);
}

/* The Position family's candidates (the start under map `random <n>`, then whole turns). */
typedef struct {
    Uci *u;
    GameSearch *s;
    const OpeningsArgs *a;
    Board b; /* the candidate: b.pos, in the session's row */
} PositionOpenings;

static bool position_candidate(void *ctx, uint64_t n, uint64_t *rng) {
    PositionOpenings *c = ctx;
    return random_opening(c->b.pos, c->u->session->opt.variant, n, (int)c->a->turns, rng);
}

static bool position_balanced(void *ctx) {
    PositionOpenings *c = ctx;
    return balanced(c->s, &c->b, c->a);
}

static Key position_key(void *ctx) { return pos_key(((PositionOpenings *)ctx)->b.pos); }

static void position_print(Uci *u, void *ctx) {
    const Position *p = ((PositionOpenings *)ctx)->b.pos;
    char fen[128], links[256];
    pos_fen(p, fen, sizeof fen);
    entmap_text(p, links, sizeof links);
    uci_printf(u, "%s; links %s", fen, links);
}

static const OpeningsFamily POSITION_OPENINGS = {position_candidate, position_balanced, position_key, position_print};

void cmd_openings(Uci *u, const Words *ws) {
    OpeningsArgs a = {100, 4, 100, 1, 4};
    if (uci_is_searching(u)) {
        uci_error(u, "openings: a search is running (send stop first)");
        return;
    }
    if (!parse_args(u, ws, &a))
        return;
    if (u->session->opt.variant->worlds) { /* move lists, an exact mate check (openings_hsc.c) */
        if (ws->n > 5 && a.depth > 2) {
            uci_error(u, "openings depth: at most 2 in schroedinger (the mate check there is exact, every line)");
            return;
        }
        hsc_openings(u, (int)a.count, (int)a.turns, (int)a.window, (uint64_t)a.seed, ws->n > 5 ? (int)a.depth : 1);
        return;
    }
    Position *p = malloc(sizeof *p);
    if (!p) {
        uci_error(u, "openings: out of memory");
        return;
    }
    uci_join_search(u);
    PositionOpenings ctx = {u, NULL, &a, {.variant = u->session->opt.variant, .pos = p}};
    GameSearch *s = uci_search(u, &ctx.b);
    if (!s) {
        free(p);
        return;
    }
    SearchOptions so = uci_fixed_search_options(u, u->session->opt.hash, 1);
    game_search_set_options(s, &so);
    char why[96];
    snprintf(why, sizeof why, "mate or |score| > %lld cp at depth %lld", (long long)a.window, (long long)a.depth);
    ctx.s = s;
    openings_run(u, &POSITION_OPENINGS, &ctx, (int)a.count, (uint64_t)a.seed, why);
    free(p);
    options_apply(u);
    game_search_clear(s);
}
