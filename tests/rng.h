/* The C test programs' random numbers: xorshift64*, seeded per program so that every run
 * plays the same decisions. */
#ifndef QEC_TESTS_RNG_H
#define QEC_TESTS_RNG_H

#include <stdint.h>

static inline uint64_t test_rand(uint64_t *state) {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 2685821657736338717ULL;
}

#endif
