/* A thread's evaluation cache (eval.h, EvalCache): an evaluation that reads the pawn-structure
 * sums from the pawn cache, or moves the chess network's accumulators from the last position
 * evaluated, must equal the evaluation that computes them afresh, to the bit, in every variant
 * with an evaluation of its own (QEC under a random map, chess's network and its hand-made
 * evaluation, tether) — with one cache shared
 * by the three, as a search thread's is when a GUI switches variants, so that a structure cached
 * with one weight table is never read with another. The cache is small enough (8,192 slots)
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
    for (int round = 0; seen[0] < positions || seen[1] < positions || seen[2] < positions; round++) {
        int v = round % 3;
        EvalFn eval = eval_function(&VARIANT_ROWS[IDS[v]], false);
        setup(&p, IDS[v], &seed);
        for (int ply = 0; ply < 120 && seen[v] < positions; ply++) {
            Move list[MAX_MOVES];
            GameEnd end;
            int n = pos_legal_decisions(&p, list);
            if (n == 0 || pos_game_end(&p, &end))
                break;
            int cold = eval(&p, NULL), warm = eval(&p, ec), again = eval(&p, ec);
            *repeats += warm == again;
            if (IDS[v] == VARIANT_CHESS) { /* the network above; the hand-made eval's pawns here */
                int hce = evaluate_chess(&p, NULL), hceWarm = evaluate_chess(&p, &ec->pawns);
                if (hce != hceWarm && bad++ < 5)
                    printf("FAIL evaluate_chess: uncached %d, cached %d\n", hce, hceWarm);
            }
            if ((cold != warm || cold != again) && bad++ < 5) {
                char fen[128];
                pos_fen(&p, fen, sizeof fen);
                printf("FAIL variant %d, %s: uncached %d, cached %d then %d\n", IDS[v], fen, cold, warm, again);
            }
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
    CHECK(bad == 0, "%d of %d evaluations differ with the pawn cache", bad, 3 * positions);
    CHECK(repeats == 3 * positions, "a second cached evaluation (a hit) differed from the first %d times",
          3 * positions - repeats);
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
