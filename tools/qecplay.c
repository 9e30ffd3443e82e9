/* qecplay: in-process QEC (or Tether) games between two players built on search_run (strength
 * checks against the baseline policies, and self-play positions for the texel tuner). Not a
 * match runner (that is match/qecmatch): one process, shared TT, no clocks, no PGN.
 *
 *   qecplay [--games N] [--a P] [--b P] [--movetime MS] [--nodes N] [--depth D]
 *           [--seed S] [--first G] [--random-open K] [--dump FILE] [--max-turns T] [--hash MiB]
 *           [--variant qec|tether] [--book EPD] [--quiet]
 *   P = search | random | greedy | minimax2
 *
 * QEC: game g uses the map `random <seed + g/2>` and gives A White when g is even, so every map
 * is played with both colours. A dual-king end (R4.2, both lose) counts 0 for both players.
 * Tether has no map: game g starts from line (seed + g/2) of --book (an EPD such as
 * book/openings-tether.epd; FEN up to ';') or, without one, from the start position; then
 * --random-open K random decisions.
 * With --dump, every turn start after the opening whose search score is not a mate and whose
 * best decision is quiet is written as `fen;links;result` (result from White: 1, 0.5, 0). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool_util.h"
#include "../engine/links.h"
#include "../search/search.h"
#include "../variants/variants.h"


typedef struct {
    int policy;
} Player;

typedef struct {
    int games, first, depth, randomOpen, maxTurns, hash;
    uint64_t nodes, seed;
    int64_t movetime;
    const char *dump;
    bool quiet;
    const Variant *variant; /* qec or tether: a row with a network */
    char (*book)[128];
    int nbook;
    Player a, b;
} Config;

static int parse_policy(const char *s) {
    if (!strcmp(s, "search"))
        return POLICY_SEARCH;
    if (!strcmp(s, "random"))
        return POLICY_RANDOM;
    if (!strcmp(s, "greedy"))
        return POLICY_GREEDY;
    if (!strcmp(s, "minimax2"))
        return POLICY_MINIMAX2;
    fprintf(stderr, "unknown policy %s\n", s);
    exit(2);
}

static const char START[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

typedef struct {
    char fen[128];
    char links[128];
} Sample;

/* Reads the FENs of an EPD book (text up to ';', '#' lines skipped). */
static int load_book(const char *path, char (**out)[128]) {
    char *buf = (char *)*out;
    int n = tool_load_lines(path, ";\r\n", 128, &buf);
    *out = (char (*)[128])buf;
    return n;
}

/* Sets up game g's start: QEC with its random map; Tether from the book or the start position. */
static void setup_game(const Config *cfg, int g, Position *p) {
    char err[256], map[64];
    EntMap m;
    uint64_t k = cfg->seed + (uint64_t)g / 2;
    bool ok;
    if (variant_links(cfg->variant)) {
        snprintf(map, sizeof map, "random %llu", (unsigned long long)k);
        ok = variant_set_fen(cfg->variant, p, START, err, sizeof err) && entmap_parse(map, &m, err, sizeof err) &&
             entmap_apply(&m, p, err, sizeof err);
    } else
        ok = variant_set_fen(cfg->variant, p, cfg->nbook ? cfg->book[k % (uint64_t)cfg->nbook] : START, err, sizeof err);
    if (!ok) {
        fprintf(stderr, "setup: %s\n", err);
        exit(1);
    }
}

/* Plays one game; returns White's result: 1, 0.5, 0, or -1 for both lose. */
static double play_game(Search *searcher, const Config *cfg, int g, Position *p, Sample *samples, int *nsamples, int *turnsOut) {
    setup_game(cfg, g, p);
    const Player *white = g % 2 == 0 ? &cfg->a : &cfg->b, *black = g % 2 == 0 ? &cfg->b : &cfg->a;
    uint64_t rng = tool_mix(cfg->seed * 7919 + (uint64_t)g);
    int decisions = 0, turns = 0;
    *nsamples = 0;
    search_clear(searcher);
    for (;;) {
        GameEnd end;
        if (pos_game_end(p, &end)) {
            *turnsOut = turns;
            if (end.winner == WHITE)
                return 1;
            if (end.winner == BLACK)
                return 0;
            return end.winner == RESULT_BOTH_LOSE ? -1 : 0.5;
        }
        if (turns >= cfg->maxTurns) {
            *turnsOut = turns;
            return 0.5;
        }
        Move list[MAX_MOVES], best;
        int n = pos_legal_decisions(p, list);
        const Player *who = pos_decider(p) == WHITE ? white : black;
        SearchInfo info;
        memset(&info, 0, sizeof info);
        if (decisions < cfg->randomOpen) {
            rng = tool_mix(rng + 1);
            best = list[rng % (uint64_t)n];
        } else if (n == 1)
            best = list[0]; /* as the UCI layer does: one option, no search */
        else {
            SearchOptions o = {cfg->hash, 1, 1, 0, who->policy, false, false, 0};
            search_set_options(searcher, &o);
            SearchLimits l;
            memset(&l, 0, sizeof l);
            l.time[0] = l.time[1] = -1;
            l.depth = cfg->depth;
            l.nodes = cfg->nodes;
            l.movetime = cfg->movetime;
            best = search_run(searcher, p, &l, &info);
        }
        bool base = pos_phase(p) == PHASE_BASE;
        if (cfg->dump && base && decisions >= cfg->randomOpen + 8 && who->policy == POLICY_SEARCH && n > 1 &&
            !score_is_mate(info.score) && !p->board[move_to(best)] && !move_is_promo(best) && *nsamples < 4096) {
            Sample *s = &samples[(*nsamples)++];
            pos_fen(p, s->fen, sizeof s->fen);
            entmap_text(p, s->links, sizeof s->links);
        }
        pos_do(p, best);
        pos_compact(p);
        decisions++;
        if (pos_phase(p) == PHASE_BASE || pos_phase(p) == PHASE_OVER)
            turns++;
    }
}

int main(int argc, char **argv) {
    Config cfg = {.variant = variant_default(), .games = 2, .maxTurns = 600, .hash = 16, .seed = 1, .a = {POLICY_SEARCH}, .b = {POLICY_MINIMAX2}};
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : "";
        if (!strcmp(o, "--quiet")) {
            cfg.quiet = true;
            continue;
        }
        i++;
        if (!strcmp(o, "--games"))
            cfg.games = (int)tool_int(o, v, 1, TOOL_MAX_GAMES);
        else if (!strcmp(o, "--first"))
            cfg.first = (int)tool_int(o, v, 0, TOOL_MAX_GAMES);
        else if (!strcmp(o, "--a"))
            cfg.a.policy = parse_policy(v);
        else if (!strcmp(o, "--b"))
            cfg.b.policy = parse_policy(v);
        else if (!strcmp(o, "--movetime"))
            cfg.movetime = tool_int(o, v, 1, TOOL_MAX_MS);
        else if (!strcmp(o, "--nodes"))
            cfg.nodes = tool_u64(o, v, 1);
        else if (!strcmp(o, "--depth"))
            cfg.depth = (int)tool_int(o, v, 1, MAX_PLY);
        else if (!strcmp(o, "--seed"))
            cfg.seed = tool_u64(o, v, 0);
        else if (!strcmp(o, "--random-open"))
            cfg.randomOpen = (int)tool_int(o, v, 0, TOOL_MAX_TURNS);
        else if (!strcmp(o, "--dump"))
            cfg.dump = v;
        else if (!strcmp(o, "--max-turns"))
            cfg.maxTurns = (int)tool_int(o, v, 1, TOOL_MAX_TURNS);
        else if (!strcmp(o, "--hash"))
            cfg.hash = (int)tool_int(o, v, 1, TOOL_MAX_HASH_MIB);
        else if (!strcmp(o, "--variant") && variant_has_net(variant_named(v)))
            cfg.variant = variant_named(v);
        else if (!strcmp(o, "--book"))
            cfg.nbook = load_book(v, &cfg.book);
        else {
            fprintf(stderr, "unknown option %s\n", o);
            return 2;
        }
    }
    Search *searcher = search_new();
    if (!searcher) {
        fputs("out of memory\n", stderr);
        return 1;
    }
    FILE *dump = cfg.dump ? fopen(cfg.dump, "a") : NULL;
    if (cfg.dump && !dump) {
        perror(cfg.dump);
        return 1;
    }
    Position *p = malloc(sizeof *p);
    Sample *samples = malloc(sizeof(Sample) * 4096);
    int w = 0, d = 0, l = 0, bl = 0;
    double score = 0;
    for (int g = cfg.first; g < cfg.first + cfg.games; g++) {
        int ns, turns;
        double r = play_game(searcher, &cfg, g, p, samples, &ns, &turns);
        double forA = r < 0 ? 0 : g % 2 == 0 ? r : 1 - r;
        score += forA;
        if (r < 0)
            bl++;
        else if (forA == 1)
            w++;
        else if (forA == 0)
            l++;
        else
            d++;
        if (dump) {
            for (int i = 0; i < ns; i++)
                fprintf(dump, "%s;%s;%s\n", samples[i].fen, samples[i].links,
                        r < 0 ? "0.5" : r == 1 ? "1" : r == 0 ? "0" : "0.5");
            fflush(dump);
        }
        if (!cfg.quiet)
            printf("game %d (A %s, %s %llu): %s after %d turns\n", g, g % 2 == 0 ? "white" : "black",
                   variant_links(cfg.variant) ? "map random" : "opening", (unsigned long long)(cfg.seed + (uint64_t)g / 2),
                   r < 0 ? "0-0" : r == 1 ? "1-0" : r == 0 ? "0-1" : "1/2-1/2", turns);
        fflush(stdout);
    }
    int n = cfg.games;
    printf("qecplay: A wins %d, draws %d, losses %d, both lose %d; A score %.1f/%d = %.1f%%\n", w, d, l, bl, score, n,
           n ? 100.0 * score / n : 0.0);
    if (dump)
        fclose(dump);
    free(samples);
    free(cfg.book);
    free(p);
    search_free(searcher);
    return 0;
}
