/* Playing below full strength (Skill Level, UCI_LimitStrength + UCI_Elo: docs/gui/protocol.md),
 * for both families of the core. The idea is Stockfish's (its Skill): the search looks at
 * SKILL_LINES root lines, stops at depth level + 1, and then plays one of those lines chosen by
 * its score plus a random term that grows as the level falls. The moves stay plausible (each is
 * one of the few best at a shallow depth), never a random blunder. Internal to search/. */
#ifndef QEC_SKILL_H
#define QEC_SKILL_H

#include <stdbool.h>
#include <stdint.h>

#include "search.h"

enum { SKILL_LINES = 4 }; /* root lines searched to choose among (or MultiPV, if more) */

typedef struct {
    int level;    /* this search's whole level, 0..19; -1: full strength */
    uint64_t rng; /* seeded per search from the root (reproducible: skill_begin) */
} Skill;

/* The level of one search: opt->skillLevel / 100, the fraction the chance of one level more, so
 * that the average level over many searches is the fractional one (UCI_Elo lands between whole
 * levels). seed: from the root position, so that the same position, level and search give the
 * same choice. */
void skill_begin(Skill *sk, const SearchOptions *opt, uint64_t seed);
static inline bool skill_on(const Skill *sk) { return sk->level >= 0; }
/* Whether a search with these options looks at SKILL_LINES lines (known before skill_begin). */
static inline bool skill_wanted(const SearchOptions *opt) { return opt->weakened && opt->skillLevel < SKILL_FULL; }
/* The depth at which the choice is made (and the search ends): level + 1. */
static inline int skill_depth(const Skill *sk) { return sk->level + 1; }
/* The line to play among n lines whose scores (for the root decider, best first) are given. */
int skill_pick(Skill *sk, const int *scores, int n);

#endif
