/* The handicapped choice of skill.h. Each line's score gets two extra terms, both scaled by a
 * weakness that is largest at level 0: one pulls every line towards the best line's score (so
 * the search's opinion of the difference counts for less), one is random, up to the spread of
 * the lines' scores, capped at a pawn (so a position with one good move and several lost ones
 * rarely gets a lost one, and a quiet position with equal moves gets any of them). The line
 * with the highest sum is played. */
#include "skill.h"

#include "../engine/types.h"

enum { SPREAD_CAP = 100, WEAKNESS_TOP = 120, WEAKNESS_PER_LEVEL = 2, SCALE = 128 };
/* Above level 19 (from SKILL_FADE on), a full search of at most NODES_FADE / (2000 - level100)
 * nodes: 30,303 at 19.01, 60,000 at 19.50, growing without bound towards 20. The choice among
 * lines cannot fade out there: searching four lines alone cost about 240 Elo against
 * stockfish's 2500 in chess (level 19.90, its random term a tenth of level 19's, scored -127;
 * full strength +117; docs/results/levels.md). */
enum { NODES_FADE = 3000000 };

/* UCI_Elo to hundredths of a level, piecewise linear between measured points: qec in chess
 * against Debian's stockfish 15.1 at the same UCI_Elo, 5 s + 0.05 s (docs/results/levels.md).
 * Below level 8 about 1400 + 78 per level (1500: level 2 scored +70; 2000: level 7.69 -80).
 * Above it the clock limits the depth, so levels 12 to 18 play alike (level 14 scored -180
 * against 2500, level 18 -338); 2450 keeps the slope the earlier mapping had there, and the
 * last 50 go into the fade, to level 19.50 at 2500: 60,000 nodes a decision (-98 against
 * stockfish's 2500; with a run at 60,606 nodes, +108, +4 over 80 games; 50,000 scored -191).
 * Never full strength (that is Skill Level 20 with UCI_LimitStrength off). */
static const struct {
    int elo, level100;
} ELO_LEVELS[] = {{SKILL_ELO_MIN, 0}, {1500, 200}, {2000, 769}, {2450, 1876}, {SKILL_ELO_MAX, 1950}};

int skill_elo_level(int elo) {
    int n = (int)(sizeof ELO_LEVELS / sizeof *ELO_LEVELS);
    if (elo <= ELO_LEVELS[0].elo)
        return ELO_LEVELS[0].level100;
    for (int i = 1; i < n; i++)
        if (elo <= ELO_LEVELS[i].elo) {
            int e0 = ELO_LEVELS[i - 1].elo, l0 = ELO_LEVELS[i - 1].level100;
            return l0 + (ELO_LEVELS[i].level100 - l0) * (elo - e0) / (ELO_LEVELS[i].elo - e0);
        }
    return ELO_LEVELS[n - 1].level100;
}

/* levelNodes * 2^(level / 2), a whole level 0..19: an odd level by sqrt(2) ~ 1414 / 1000. */
static uint64_t level_nodes(uint64_t levelNodes, int level) {
    return (levelNodes << (level / 2)) * (level % 2 ? 1414 : 1000) / 1000;
}

void skill_begin(Skill *sk, const SearchOptions *opt, uint64_t levelNodes, uint64_t seed) {
    sk->rng = seed ^ 0x5DEECE66DULL;
    sk->level = -1;
    sk->nodes = 0;
    if (!opt->weakened || opt->skillLevel >= SKILL_FULL)
        return;
    int hundredths = opt->skillLevel < 0 ? 0 : opt->skillLevel;
    if (hundredths >= SKILL_FADE) {
        sk->nodes = (uint64_t)NODES_FADE / (uint64_t)(SKILL_FULL - hundredths);
        return;
    }
    int level = hundredths / 100;
    if ((int)(splitmix64_next(&sk->rng) % 100) < hundredths % 100)
        level++;
    sk->level = level;
    sk->nodes = levelNodes ? level_nodes(levelNodes, level) : 0;
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
