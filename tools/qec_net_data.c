/* qec_net_data: training games for the QEC and tether networks (issue 31,
 * docs/dev/qec-network.md). qec plays itself in-process; every decision it searches is written
 * with the search's score at a fixed node count, so a net learns qec's own searched opinion
 * (generation 0: the hand-made evaluation searched; generation n+1: --net, the generation-n net
 * searched). One process per core, any seeds; games are independent of each other.
 *
 *   qec_net_data -o OUT [--variant qec|tether] [--games N] [--first G] [--nodes 2000] [--seed S]
 *                [--book EPD] [--random-open K] [--random P] [--max-turns T] [--hash MiB] [--net FILE]
 *
 * Game g starts (QEC) with every other game from the start position under map `random <seed*1e6+g>`,
 * the others from line (seed*7919 + g) of --book (`FEN; links PAIRS`, e.g. book/openings-qec.epd);
 * tether from the book or the start position. Then K random decisions (not scored), then the
 * search plays; with probability P a scored decision is replaced by a random one (so the net
 * sees the positions a search meets, not only a good player's).
 *
 * Output, one line a game (appended):
 *   VARIANT|FEN|LINKS|D1 D2 ...|S1 S2 ...|FLAGS|RESULT
 *   Di     the decisions in UCI form (pos_parse_decision reads them back)
 *   Si     the search's score of the position before Di, from the view of its decider (who
 *          decides Di: the turn owner, or the owner of the piece of a forced reply or reactive
 *          step), in centipawns, +-30000 a mate; '-' for a decision not searched
 *   FLAGS  one character a decision: 'o' random opening, 'b' the search's best, 'r' random but
 *          scored, 'f' the only option (not searched)
 *   RESULT 1, 0.5, 0 from White; 'x' both lose (R4.2); the game is adjudicated a draw at T turns.
 * Prints the scored positions per CPU second at the end (the pipeline's data rate per core). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tool_util.h"
#include "../engine/links.h"
#include "../eval/nnue_links.h"
#include "../search/search.h"
#include "../variants/variants.h"

static const char START[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
enum { MAX_DECISIONS = 4000, MATE_CP = 30000 };

typedef struct {
    const Variant *variant; /* a row with a network: qec's LinkNet or tether's */
    int games, first, randomOpen, maxTurns, hash;
    uint64_t nodes, seed;
    double randomP;
    const char *out, *net;
    char (*book)[512];
    int nbook;
} Config;

typedef struct {
    Move move[MAX_DECISIONS];
    int score[MAX_DECISIONS];
    char flag[MAX_DECISIONS + 1];
    int n;
} Game;

/* The lines of an EPD book ('#' lines skipped). */
static int load_book(const char *path, char (**out)[512]) {
    char *buf = (char *)*out;
    int n = tool_load_lines(path, "\r\n", 512, &buf);
    *out = (char (*)[512])buf;
    return n;
}

/* Game g's start: a book line (FEN; links PAIRS) or the start position under a random map. */
static void setup_game(const Config *cfg, int g, Position *p) {
    char err[256], fen[512], map[512] = "none";
    EntMap m;
    bool fromBook = cfg->nbook && (!variant_links(cfg->variant) || g % 2); /* half under random maps */
    if (fromBook) {
        snprintf(fen, sizeof fen, "%s", cfg->book[(cfg->seed * 7919 + (uint64_t)g) % (uint64_t)cfg->nbook]);
        char *links = strstr(fen, "; links ");
        if (links)
            snprintf(map, sizeof map, "%s", links + 8);
        fen[strcspn(fen, ";")] = 0;
    } else {
        snprintf(fen, sizeof fen, "%s", START);
        snprintf(map, sizeof map, "random %llu", (unsigned long long)(cfg->seed * 1000000 + (uint64_t)g));
    }
    bool ok = variant_set_fen(cfg->variant, p, fen, err, sizeof err);
    if (ok && variant_links(cfg->variant))
        ok = entmap_parse(map, &m, err, sizeof err) && entmap_apply(&m, p, err, sizeof err);
    if (!ok) {
        fprintf(stderr, "game %d: %s (%s; links %s)\n", g, err, fen, map);
        exit(1);
    }
}

/* White's result: "1", "0.5", "0" or "x" (both lose). */
static const char *play_game(Search *s, const Config *cfg, int g, Position *p, Game *game) {
    uint64_t rng = tool_mix(cfg->seed * 0x9E3779B97F4A7C15ULL + (uint64_t)g);
    int turns = 0;
    game->n = 0;
    search_clear(s);
    for (;;) {
        GameEnd end;
        if (pos_game_end(p, &end))
            return end.winner == WHITE ? "1" : end.winner == BLACK ? "0" : end.winner == RESULT_BOTH_LOSE ? "x" : "0.5";
        if (turns >= cfg->maxTurns || game->n >= MAX_DECISIONS)
            return "0.5";
        Move list[MAX_MOVES], best;
        int n = pos_legal_decisions(p, list), score = 0;
        char flag;
        rng = tool_mix(rng + 1);
        if (game->n < cfg->randomOpen)
            best = list[rng % (uint64_t)n], flag = 'o';
        else if (n == 1)
            best = list[0], flag = 'f';
        else {
            SearchLimits l;
            SearchInfo info;
            memset(&l, 0, sizeof l);
            memset(&info, 0, sizeof info);
            l.time[0] = l.time[1] = -1;
            l.nodes = cfg->nodes;
            best = search_run(s, p, &l, &info);
            score = score_is_mate(info.score) ? (info.score > 0 ? MATE_CP : -MATE_CP) : info.score;
            flag = 'b';
            if ((double)(tool_mix(rng) >> 11) * 0x1p-53 < cfg->randomP)
                best = list[tool_mix(rng + 7) % (uint64_t)n], flag = 'r';
        }
        game->move[game->n] = best;
        game->score[game->n] = score;
        game->flag[game->n++] = flag;
        pos_do(p, best);
        pos_compact(p);
        if (pos_phase(p) == PHASE_BASE || pos_phase(p) == PHASE_OVER)
            turns++;
    }
}

static void write_game(FILE *f, const Config *cfg, const char *fen, const char *links, const Game *game,
                       const char *result) {
    fprintf(f, "%s|%s|%s|", cfg->variant->name, fen, links);
    for (int i = 0; i < game->n; i++) {
        char tok[6];
        variant_token(cfg->variant, game->move[i], tok);
        fprintf(f, "%s%s", i ? " " : "", tok);
    }
    fputc('|', f);
    for (int i = 0; i < game->n; i++) {
        if (game->flag[i] == 'b' || game->flag[i] == 'r')
            fprintf(f, "%s%d", i ? " " : "", game->score[i]);
        else
            fprintf(f, "%s-", i ? " " : "");
    }
    fprintf(f, "|%.*s|%s\n", game->n, game->flag, result);
}

static void usage(void) {
    fprintf(stderr, "usage: qec_net_data -o OUT [--variant qec|tether] [--games N] [--first G] [--nodes N] "
                    "[--seed S] [--book EPD] [--random-open K] [--random P] [--max-turns T] [--hash MiB] "
                    "[--net FILE]\n");
    exit(2);
}

int main(int argc, char **argv) {
    Config cfg = {.variant = variant_default(), .games = 10, .maxTurns = 300, .hash = 16, .nodes = 2000, .seed = 1,
                  .randomOpen = 4, .randomP = 0.05};
    for (int i = 1; i < argc; i += 2) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v)
            usage();
        if (!strcmp(o, "-o"))
            cfg.out = v;
        else if (!strcmp(o, "--variant") && variant_has_net(variant_named(v)))
            cfg.variant = variant_named(v);
        else if (!strcmp(o, "--games"))
            cfg.games = (int)tool_int(o, v, 1, TOOL_MAX_GAMES);
        else if (!strcmp(o, "--first"))
            cfg.first = (int)tool_int(o, v, 0, TOOL_MAX_GAMES);
        else if (!strcmp(o, "--nodes"))
            cfg.nodes = tool_u64(o, v, 1);
        else if (!strcmp(o, "--seed"))
            cfg.seed = tool_u64(o, v, 0);
        else if (!strcmp(o, "--book"))
            cfg.nbook = load_book(v, &cfg.book);
        else if (!strcmp(o, "--random-open"))
            cfg.randomOpen = (int)tool_int(o, v, 0, TOOL_MAX_TURNS);
        else if (!strcmp(o, "--random"))
            cfg.randomP = tool_real(o, v, 0, 1);
        else if (!strcmp(o, "--max-turns"))
            cfg.maxTurns = (int)tool_int(o, v, 1, TOOL_MAX_TURNS);
        else if (!strcmp(o, "--hash"))
            cfg.hash = (int)tool_int(o, v, 1, TOOL_MAX_HASH_MIB);
        else if (!strcmp(o, "--net"))
            cfg.net = v;
        else
            usage();
    }
    if (!cfg.out || cfg.games < 1 || cfg.nodes < 1 || cfg.maxTurns < 1 || cfg.hash < 1)
        usage();
    engine_init();
    Search *s = search_new();
    if (!s) {
        fputs("out of memory\n", stderr);
        return 1;
    }
    /* generation 0 (no --net): the hand-made evaluation searched, not the compiled-in net */
    SearchOptions so = {cfg.hash, 1, 1, 0, POLICY_SEARCH, !cfg.net, false, 0};
    search_set_options(s, &so);
    void *netData = NULL;
    LinkNet linkNet;
    NnueNet boardNet;
    char err[256];
    if (cfg.net) {
        bool links = eval_net_shape(cfg.variant->eval) == NET_SHAPE_LINKS;
        bool ok = links ? linknet_load(cfg.net, &netData, &linkNet, err, sizeof err)
                        : nnue_load(cfg.net, &netData, &boardNet, err, sizeof err);
        if (!ok) {
            fprintf(stderr, "--net %s\n", err);
            search_free(s);
            return 1;
        }
        EvalNet nets[EVAL_FAMILY_COUNT] = {0};
        nets[cfg.variant->eval] = (EvalNet){links ? &linkNet : NULL, links ? NULL : &boardNet};
        search_set_nets(s, nets);
    }
    FILE *out = fopen(cfg.out, "a");
    if (!out) {
        perror(cfg.out);
        return 1;
    }
    Position *p = malloc(sizeof *p);
    Game *game = malloc(sizeof *game);
    double t0 = tool_seconds();
    long scored = 0;
    for (int g = cfg.first; g < cfg.first + cfg.games; g++) {
        char fen[128], links[400];
        setup_game(&cfg, g, p);
        pos_fen(p, fen, sizeof fen);
        entmap_text(p, links, sizeof links);
        const char *result = play_game(s, &cfg, g, p, game);
        write_game(out, &cfg, fen, links, game, result);
        fflush(out);
        for (int i = 0; i < game->n; i++)
            scored += game->flag[i] == 'b' || game->flag[i] == 'r';
    }
    double secs = tool_seconds() - t0;
    double cpu = (double)clock() / CLOCKS_PER_SEC; /* the machine may be shared: the rate per core is per CPU second */
    printf("qec_net_data: %d games, %ld scored positions in %.1f s (%.1f s of CPU): %.0f positions per CPU second "
           "(%llu nodes each)\n",
           cfg.games, scored, secs, cpu, scored / (cpu > 0 ? cpu : 1), (unsigned long long)cfg.nodes);
    fclose(out);
    free(game);
    free(p);
    free(cfg.book);
    search_free(s); /* before the net its threads read */
    free(netData);
    return 0;
}
