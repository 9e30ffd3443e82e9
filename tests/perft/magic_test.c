/* The slider attack tables and the magics' seeds (engine/bitboard.c). Checks every square's
 * rook and bishop attacks, for random occupancies, against rays walked here square by square,
 * and that BB_MAGIC_SEEDS holds, for every square, the first fitting candidate counted from 0
 * (so start-up tries one candidate per square). `magic_test --print` searches the seeds from 0
 * and prints them as engine/magic_seeds.inc. */
#include <string.h>

#include "../../engine/bitboard.h"
#include "../check.h"
#include "../rng.h"

/* The squares a slider on s reaches along the rays (df, dr) through occupancy occ. */
static Bitboard walk(int s, Bitboard occ, const int rays[4][2]) {
    Bitboard att = 0;
    for (int d = 0; d < 4; d++)
        for (int f = s % 8 + rays[d][0], r = s / 8 + rays[d][1]; f >= 0 && f < 8 && r >= 0 && r < 8;
             f += rays[d][0], r += rays[d][1]) {
            att |= 1ULL << (8 * r + f);
            if (occ & (1ULL << (8 * r + f)))
                break;
        }
    return att;
}

int main(int argc, char **argv) {
    if (argc > 1 && !strcmp(argv[1], "--print")) {
        for (int b = 0; b < 2; b++) {
            printf("{");
            for (int s = 0; s < 64; s++)
                printf("%s%u", s ? (s % 8 ? ", " : ",\n ") : "", bb_magic_seed(s, b, 0));
            printf("}%s\n", b ? "" : ",");
        }
        return 0;
    }
    static const int ROOK_RAYS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}},
                     BISHOP_RAYS[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    bb_init();
    uint64_t rng = 0x2545F4914F6CDD1DULL;
    for (int s = 0; s < 64; s++) {
        int bad = 0;
        for (int i = 0; i < 2000; i++) {
            /* sparse and dense boards alike */
            Bitboard occ = test_rand(&rng) & (i % 2 ? test_rand(&rng) : ~0ULL) & (i % 3 ? test_rand(&rng) : ~0ULL);
            bad += rook_attacks(s, occ) != walk(s, occ, ROOK_RAYS) || bishop_attacks(s, occ) != walk(s, occ, BISHOP_RAYS);
        }
        CHECK(bad == 0, "square %d: %d of 2000 occupancies attacked wrongly", s, bad);
        for (int b = 0; b < 2; b++) {
            uint32_t k = bb_magic_seed(s, b, 0);
            CHECK(k == BB_MAGIC_SEEDS[b][s], "%s on square %d: the first fitting candidate is %u, the table says %u",
                  b ? "bishop" : "rook", s, k, BB_MAGIC_SEEDS[b][s]);
        }
    }
    return check_summary("magic_test");
}
