/* The tunable search numbers' table (search_params.h), from the one list there. */
#include "search_params.h"

#define SEARCH_PARAM_SPEC(f, uciName, d, l, h, s)                                                                      \
    {.name = (uciName), .offset = offsetof(SearchParams, f), .def = (d), .lo = (l), .hi = (h), .step = (s)},
const SearchParamSpec SEARCH_PARAM_SPECS[SEARCH_PARAM_COUNT] = {SEARCH_PARAMS(SEARCH_PARAM_SPEC)};
