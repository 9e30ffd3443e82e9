/* The handicapped choice of skill.h. Each line's score gets two extra terms, both scaled by a
 * weakness that is largest at level 0: one pulls every line towards the best line's score (so
 * the search's opinion of the difference counts for less), one is random, up to the spread of
 * the lines' scores, capped at a pawn (so a position with one good move and several lost ones
 * rarely gets a lost one, and a quiet position with equal moves gets any of them). The line
 * with the highest sum is played. */
#include "skill.h"

#include "../engine/types.h"

enum { SPREAD_CAP = 100, WEAKNESS_TOP = 120, WEAKNESS_PER_LEVEL = 2, SCALE = 128 };

void skill_begin(Skill *sk, const SearchOptions *opt, uint64_t seed) {
    sk->rng = seed ^ 0x5DEECE66DULL;
    sk->level = -1;
    if (!skill_wanted(opt))
        return;
    int hundredths = opt->skillLevel < 0 ? 0 : opt->skillLevel;
    int level = hundredths / 100;
    if ((int)(splitmix64_next(&sk->rng) % 100) < hundredths % 100)
        level++;
    sk->level = level < SKILL_FULL / 100 ? level : -1;
}

int skill_pick(Skill *sk, const int *scores, int n) {
    if (!skill_on(sk) || n <= 1)
        return 0;
    int64_t top = scores[0], spread = top - scores[n - 1];
    if (spread > SPREAD_CAP)
        spread = SPREAD_CAP;
    if (spread < 0)
        spread = 0;
    int64_t weakness = WEAKNESS_TOP - WEAKNESS_PER_LEVEL * sk->level, bestValue = INT64_MIN;
    int best = 0;
    for (int i = 0; i < n; i++) {
        int64_t noise = (int64_t)(splitmix64_next(&sk->rng) % (uint64_t)weakness);
        int64_t value = scores[i] + (weakness * (top - scores[i]) + spread * noise) / SCALE;
        if (value > bestValue)
            bestValue = value, best = i;
    }
    return best;
}
