/* The tunable search numbers' table (search_params.h) and the switches' (variants.h), each
 * from the one list there. */
#include "search_params.h"
#include "variants.h"

#define SEARCH_PARAM_SPEC(f, uciName, d, l, h, s)                                                                      \
    {.name = (uciName), .offset = offsetof(SearchParams, f), .def = (d), .lo = (l), .hi = (h), .step = (s)},
const SearchParamSpec SEARCH_PARAM_SPECS[SEARCH_PARAM_COUNT] = {SEARCH_PARAMS(SEARCH_PARAM_SPEC)};

#define SEARCH_SWITCH_SPEC(f, uciName) {.name = (uciName), .offset = offsetof(SearchKnobs, f)},
const SearchSwitchSpec SEARCH_SWITCH_SPECS[SEARCH_SWITCH_COUNT] = {SEARCH_SWITCHES(SEARCH_SWITCH_SPEC)};
