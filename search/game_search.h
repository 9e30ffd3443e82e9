/* The search of any variant row behind one object (issue 43): the Position family's Search
 * (search.h) and the worlds family's WorldsSearch (worlds_search.h), each made at its first use and
 * chosen by the Board's row once per call, so each family's tree stays typed (no indirection
 * per node). The caller (uci/) owns one and never names a family's search. It never prints:
 * reports go through the SearchReport callbacks, as in search.h. */
#ifndef QEC_GAME_SEARCH_H
#define QEC_GAME_SEARCH_H

#include "../variants/board.h"
#include "search.h"

typedef struct GameSearch GameSearch;

/* NULL only if memory is short (the families' searches are made later, at their first use). */
GameSearch *game_search_new(void);
void game_search_free(GameSearch *g); /* stops and joins a running search first; NULL is fine */
/* search_set_poll for both families (a build without threads polls its caller's input). */
void game_search_set_poll(GameSearch *g, void (*poll)(void *ctx, bool waiting), void *ctx);
/* The options (search_set_options: the TT and threads follow) and the nets by evaluation
 * family (search_set_nets), for every later search; each stops a running search first. */
void game_search_set_options(GameSearch *g, const SearchOptions *opt);
void game_search_set_nets(GameSearch *g, const EvalNet *nets);
/* search_set_tune for every later search of the Position family (the tuning build's options). */
void game_search_set_tune(GameSearch *g, const SearchParamOverride *o);
void game_search_clear(GameSearch *g); /* Clear Hash / ucinewgame: both families' tables */
/* The search of b's row is made now if it was not (false: memory is short). */
bool game_search_ready(GameSearch *g, const Board *b);

/* A search of the decision at hand of b (copied) in the background: on_bestmove exactly once.
 * false (and no callback) if memory or threads are missing. */
bool game_search_start(GameSearch *g, const Board *b, const SearchLimits *lim, const SearchReport *rep);
void game_search_stop(GameSearch *g);      /* returns at once; nothing running is fine */
void game_search_ponderhit(GameSearch *g); /* the ponder search goes on under its time limits */
void game_search_wait(GameSearch *g);      /* until on_bestmove has returned */
/* Synchronous (bench, selfplay, openings): the best decision at b, *info (if not NULL) from the
 * last completed iteration; seed varies the worlds family's random policy. MOVE_NONE if memory
 * is short or the game is over. */
Move game_search_run(GameSearch *g, const Board *b, const SearchLimits *lim, uint64_t seed, SearchInfo *info);

#endif
