/* The Position search's tunable numbers (issue 44): margins, divisors and reductions of
 * search/search.c and the aspiration window of search/core.c, one row of values per variant
 * (SearchKnobs.params, variants.h), tuned by SPSA (bench/spsa.py, docs/dev/strength-loop.md).
 *
 * Why row data and not compile-time constants: a tuned set ships per variant, and the tree is
 * one for qec, chess and tether, so the values must be per row; they are copied into each
 * thread with the knobs at the start of a search (search/thread.c) and read from there as the
 * knobs are, so no node tests the variant and no global holds them. The normal build and the
 * tuning build (`make tune`, -DQEC_TUNE: ./qec-tune) run the same search code; the tuning
 * build only adds a UCI spin option per number (uci/tune.c), whose value replaces the row's
 * for the session once it is set (SearchParamOverride). Today every row has the defaults
 * below (the values before issue 44), so the bench count is unchanged. */
#ifndef QEC_SEARCH_PARAMS_H
#define QEC_SEARCH_PARAMS_H

#include <stddef.h>

/* X(field, UCI name, default, min, max, SPSA step c_end): the step is the perturbation at the
 * last iteration (fishtest's c_end), about what should move the strength by a few Elo. */
#define SEARCH_PARAMS(X)                                                                                               \
    /* late move reductions: LMR[d][m] = base/100 + ln(d) ln(m) / (divisor/100) */                                    \
    X(lmrBase, "LmrBase", 50, 0, 150, 10)                                                                              \
    X(lmrDivisor, "LmrDivisor", 230, 150, 400, 15)                                                                     \
    /* a quiet move's (2 history + continuation history) / this many plies less reduction */                         \
    X(lmrHistoryDivisor, "LmrHistoryDivisor", 16000, 4000, 40000, 2000)                                               \
    /* reverse futility: eval - margin * (depth - improving) >= beta cuts a shallow node */                           \
    X(reverseFutilityMargin, "ReverseFutilityMargin", 90, 40, 200, 8)                                                  \
    /* null move: one ply more of reduction per this many centipawns of eval above beta (up to 3) */                 \
    X(nullMoveEvalDivisor, "NullMoveEvalDivisor", 200, 80, 500, 20)                                                    \
    /* futility of late quiets: eval + base + perDepth * depth <= alpha */                                             \
    X(futilityBase, "FutilityBase", 120, 20, 300, 12)                                                                  \
    X(futilityPerDepth, "FutilityPerDepth", 100, 30, 250, 8)                                                           \
    /* move-count pruning: (base + depth^2) * (2 + improving) / 2 quiets at depth <= 5 */                             \
    X(moveCountBase, "MoveCountBase", 4, 1, 12, 1)                                                                     \
    /* bad captures at depth <= 4 pruned below a SEE of -margin * depth */                                             \
    X(seeCaptureMargin, "SeeCaptureMargin", 120, 30, 300, 10)                                                          \
    /* quiescence delta pruning: eval + the victim's worth + margin <= alpha skips a capture */                       \
    X(qsDeltaMargin, "QsDeltaMargin", 200, 50, 500, 15)                                                                \
    /* QEC's forced reply far below alpha: eval + margin <= alpha skips its quiet turn ends */                        \
    X(forcedReplyFutility, "ForcedReplyFutility", 200, 50, 600, 20)                                                    \
    /* the first aspiration window's half-width around the last iteration's score */                                  \
    X(aspirationDelta, "AspirationDelta", 20, 6, 60, 3)

#define SEARCH_PARAM_FIELD(f, name, def, lo, hi, step) int f;
typedef struct {
    SEARCH_PARAMS(SEARCH_PARAM_FIELD)
} SearchParams;
#undef SEARCH_PARAM_FIELD

#define SEARCH_PARAM_DEFAULT(f, name, def, lo, hi, step) .f = (def),
/* The defaults, for a row's initializer: .params = SEARCH_PARAMS_DEFAULT */
#define SEARCH_PARAMS_DEFAULT {SEARCH_PARAMS(SEARCH_PARAM_DEFAULT)}

#define SEARCH_PARAM_COUNT_ONE(f, name, def, lo, hi, step) +1
enum { SEARCH_PARAM_COUNT = 0 SEARCH_PARAMS(SEARCH_PARAM_COUNT_ONE) };
#undef SEARCH_PARAM_COUNT_ONE

typedef struct {
    const char *name; /* the tuning build's UCI option */
    size_t offset;    /* in SearchParams */
    int def, lo, hi, step;
} SearchParamSpec;

extern const SearchParamSpec SEARCH_PARAM_SPECS[SEARCH_PARAM_COUNT];

/* The tuning build's session values: bit i of `set` says SEARCH_PARAM_SPECS[i] was set and
 * replaces the row's value; bit i of `switchSet` that the row's on/off technique i
 * (SEARCH_SWITCH_SPECS, variants.h) is replaced by bit i of `switchOn`. Zero (the normal build,
 * a zeroed SearchOptions): the row's. */
typedef struct {
    unsigned set;
    SearchParams value;
    unsigned switchSet, switchOn;
} SearchParamOverride;
_Static_assert(SEARCH_PARAM_COUNT <= 32, "SearchParamOverride.set has a bit per parameter");

static inline int search_param_get(const SearchParams *p, int i) {
    return *(const int *)(const void *)((const char *)p + SEARCH_PARAM_SPECS[i].offset);
}
static inline void search_param_put(SearchParams *p, int i, int v) {
    *(int *)(void *)((char *)p + SEARCH_PARAM_SPECS[i].offset) = v;
}
/* p with the values o has set. */
static inline void search_params_override(SearchParams *p, const SearchParamOverride *o) {
    for (int i = 0; i < SEARCH_PARAM_COUNT; i++)
        if (o->set >> i & 1u)
            search_param_put(p, i, search_param_get(&o->value, i));
}

#endif
