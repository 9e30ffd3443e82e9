/* A thread's evaluation cache (eval.h, EvalCache): an evaluation that reads the pawn-structure
 * sums from the pawn cache, or moves a network's accumulators from the last position evaluated,
 * must equal the evaluation that computes them afresh, to the bit, in every variant with an
 * evaluation of its own (QEC under a random map, chess, tether; each by its network and by its
 * hand-made evaluation) — with one cache shared by the three, as a search thread's is when a GUI
 * switches variants, so that a structure cached with one weight table is never read with
 * another, nor accumulators summed by one net moved by another. The cache is small enough (8,192 slots)
 * that random games fill it, so slots are overwritten and refilled many times over.
 * Prints "pawn_cache_test: N passed, N failed". */
#include <stdio.h>
#include <stdlib.h>

#include "../../engine/links.h"
#include "../../eval/chess.h"
#include "../../eval/eval.h"
#include "../../eval/tether.h"

#include "../check.h"
#include "../rng.h"

static const char *START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

static void setup(Position *p, int variant, uint64_t *seed) {
    char err[256], map[32];
    if (!pos_set_fen(p, START, variant, err, sizeof err)) {
        printf("FAIL setup: %s\n", err);
        exit(1);
    }
    if (variant != VARIANT_QEC)
        return;
    EntMap m;
    snprintf(map, sizeof map, "random %u", (unsigned)(test_rand(seed) % 100000));
    if (!entmap_parse(map, &m, err, sizeof err) || !entmap_apply(&m, p, err, sizeof err)) {
        printf("FAIL map %s: %s\n", map, err);
        exit(1);
    }
}

/* Random games of each variant in turn, every position evaluated with and without the cache:
 * `positions` per variant. Returns how many evaluations differed. */
static int compare_over_games(EvalCache *ec, int positions, int *repeats) {
    static const int IDS[3] = {VARIANT_QEC, VARIANT_CHESS, VARIANT_TETHER};
    static Position p;
    uint64_t seed = 0x9a3cace5ULL;
    int bad = 0, seen[3] = {0, 0, 0};
    EvalFn chessNet = eval_function(&VARIANT_ROWS[VARIANT_CHESS], false),
           tetherNet = eval_function(&VARIANT_ROWS[VARIANT_TETHER], false);
    for (int round = 0; seen[0] < positions || seen[1] < positions || seen[2] < positions; round++) {
        int v = round % 3;
        /* the network (chess's, QEC's, tether's: accumulators moved from the last position), then
         * the hand-made evaluation (the pawn cache) */
        EvalFn evals[2] = {eval_function(&VARIANT_ROWS[IDS[v]], false), eval_function(&VARIANT_ROWS[IDS[v]], true)};
        setup(&p, IDS[v], &seed);
        for (int ply = 0; ply < 120 && seen[v] < positions; ply++) {
            Move list[MAX_MOVES];
            GameEnd end;
            int n = pos_legal_decisions(&p, list);
            if (n == 0 || pos_game_end(&p, &end))
                break;
            for (int hand = 0; hand < 2; hand++) {
                int cold = evals[hand](&p, NULL), warm = evals[hand](&p, ec), again = evals[hand](&p, ec);
                *repeats += warm == again;
                if ((cold != warm || cold != again) && bad++ < 5) {
                    char fen[128];
                    pos_fen(&p, fen, sizeof fen);
                    printf("FAIL variant %d%s, %s: uncached %d, cached %d then %d\n", IDS[v], hand ? " hand-made" : "",
                           fen, cold, warm, again);
                }
            }
            /* chess's net and tether's read the same pieces: one moved right after the other on
             * this position must not take the other's accumulators */
            int c1 = chessNet(&p, ec), t1 = tetherNet(&p, ec), c2 = chessNet(&p, ec);
            if ((c1 != chessNet(&p, NULL) || t1 != tetherNet(&p, NULL) || c2 != c1) && bad++ < 5)
                printf("FAIL chess's and tether's nets in turn: %d %d %d, fresh %d %d\n", c1, t1, c2,
                       chessNet(&p, NULL), tetherNet(&p, NULL));
            seen[v]++;
            pos_do(&p, list[test_rand(&seed) % (uint64_t)n]);
        }
    }
    return bad;
}

int main(void) {
    engine_init();
    static EvalCache cache; /* zeroed: empty */
    int repeats = 0, positions = 6000;
    int bad = compare_over_games(&cache, positions, &repeats);
    CHECK(bad == 0, "%d of %d evaluations differ with the cache", bad, 6 * positions);
    CHECK(repeats == 6 * positions, "a second cached evaluation (a hit) differed from the first %d times",
          6 * positions - repeats);
    /* Each variant's own table: a slot filled by one variant holds that table. */
    int tables = 0;
    const void *seen[3] = {0, 0, 0};
    for (int i = 0; i < PAWN_CACHE_SIZE; i++) {
        const void *t = cache.pawns.entry[i].table;
        if (t && t != seen[0] && t != seen[1] && t != seen[2] && tables < 3)
            seen[tables++] = t;
    }
    CHECK(tables == 3, "the cache holds %d weight tables, want 3 (QEC, chess, tether)", tables);
    printf("pawn_cache_test: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
