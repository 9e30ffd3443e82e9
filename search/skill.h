/* Playing below full strength (Skill Level, UCI_LimitStrength + UCI_Elo: docs/gui/protocol.md),
 * for both families of the core. The idea is Stockfish's (its Skill): the search looks at
 * SKILL_LINES root lines, stops at depth level + 1, and then plays one of those lines chosen by
 * its score plus a random term that grows as the level falls. The moves stay plausible (each is
 * one of the few best at a shallow depth), never a random blunder. In a game whose row gives
 * levels a node limit too (Variant.skillNodes: a game whose search reaches depth level + 1 only
 * at long clocks, so that depth alone would make the upper levels play alike), the search also
 * stops at that many nodes, doubling every two levels. Between levels 19 and 20 (the top of
 * UCI_Elo) the full search under a node limit instead. Internal to search/. */
#ifndef QEC_SKILL_H
#define QEC_SKILL_H

#include <stdbool.h>
#include <stdint.h>

#include "search.h"

enum { SKILL_LINES = 4 }; /* root lines searched to choose among (or MultiPV, if more) */
/* From this level (hundredths, just above 19) to 20, the top of UCI_Elo: no choice among lines,
 * a node limit. The whole levels 0-19 all choose among lines. */
enum { SKILL_FADE = 1901 };

typedef struct {
    int level;      /* this search's whole level, 0..19; -1: no choice among lines */
    uint64_t nodes; /* the search's node limit (0: none): its level's, or from SKILL_FADE on the fade's */
    uint64_t rng;   /* seeded per search from the root (reproducible: skill_begin) */
} Skill;

/* The level of one search. Below SKILL_FADE: opt->skillLevel / 100, the fraction the chance of
 * one level more, so that the average level over many searches is the fractional one (UCI_Elo
 * lands between whole levels). From SKILL_FADE to 20 (exclusive; only UCI_Elo's top reaches it):
 * the full search under a node limit that grows without bound towards 20, so that strength rises
 * smoothly to full strength, which only 20 (SKILL_FULL) is. levelNodes: the game's node limit
 * at level 0 (SearchLimits.levelNodes), times 2^(level / 2) at a whole level below SKILL_FADE;
 * 0: none. seed: from the root position, so that the same position, level and search give the
 * same choice. */
void skill_begin(Skill *sk, const SearchOptions *opt, uint64_t levelNodes, uint64_t seed);
static inline bool skill_on(const Skill *sk) { return sk->level >= 0; }
/* Whether a search with these options looks at SKILL_LINES lines (known before skill_begin). */
static inline bool skill_wanted(const SearchOptions *opt) { return opt->weakened && opt->skillLevel < SKILL_FADE; }
/* The node limit of this search's level (0: none; the caller's `go nodes` may be lower). */
static inline uint64_t skill_nodes(const Skill *sk) { return sk->nodes; }
/* The depth at which the choice is made (and the search ends): level + 1. */
static inline int skill_depth(const Skill *sk) { return sk->level + 1; }
/* The line to play among n lines whose scores (for the root decider, best first) are given. */
int skill_pick(Skill *sk, const int *scores, int n);

#endif
