/* The Haft Schroedinger search (docs/players/rules-schroedinger.md, issue 11 item 4): its tree (worlds_tree.c: PVS,
 * the shared TT keyed by worlds_key (board and world set), null move, LMR, killers, history and
 * MVV-LVA, quiescence over captures and promotions) under the search core of core.h (iterative
 * deepening, aspiration windows, MultiPV, Lazy SMP, time, ponder), as the main search's. It
 * never prints: it reports through the SearchReport callbacks of search.h (depth in plies,
 * mateTurns in moves as UCI counts them). Each WorldsSearch owns its TT (opt->hashMiB MiB, set at
 * each start or run) and its threads; the caller owns the WorldsSearch. */
#ifndef QEC_WORLDS_SEARCH_H
#define QEC_WORLDS_SEARCH_H

#include "../engine/worlds.h"
#include "search.h"

typedef struct WorldsSearch WorldsSearch;

/* Contempt: a draw (S3.2 stalemate, S3.3) is worth -WORLDS_CONTEMPT centipawns to the side the
 * search plays for (the root's side to move) and +WORLDS_CONTEMPT to the other. Against the
 * baselines nearly every draw was a threefold repetition the search chose in a position its
 * eval put 30-90 cp below level (this eval undervalues the side that has shown its types, e.g.
 * black after developing both knights) and that it went on to win in the other games; at 30
 * the search took them, at 100 it plays on (docs/dev/schroedinger.md, "Contempt"; the runs in
 * docs/results/schroedinger.md). A clearly lost position still takes the draw. */
enum { WORLDS_CONTEMPT = 100 };

/* NULL only if memory is short. */
WorldsSearch *worlds_search_new(void);
/* As search_set_poll (search.h): a build without threads polls its caller's input. */
void worlds_search_set_poll(WorldsSearch *hs, void (*poll)(void *ctx, bool waiting), void *ctx);
/* Stops and joins a running search first. */
void worlds_search_free(WorldsSearch *hs);
/* Forget what was learnt (TT, history): ucinewgame. Only while no search runs. */
void worlds_search_clear(WorldsSearch *hs);

/* Searches a copy of root in the background; on_bestmove is called exactly once (MOVE_NONE when
 * the game is over). opt: threads, multiPV, moveOverhead and policy (POLICY_*: random, greedy
 * and minimax2 are the baselines of worlds_policy.c). A search still running is stopped first.
 * false (and no callback) only if memory is missing; without a thread the search runs on the
 * caller's (core.h). */
bool worlds_search_start(WorldsSearch *hs, const WorldsPos *root, const SearchLimits *lim, const SearchOptions *opt,
                      const SearchReport *rep);
void worlds_search_stop(WorldsSearch *hs);      /* returns at once */
void worlds_search_ponderhit(WorldsSearch *hs); /* the ponder search goes on under its time limits */
void worlds_search_wait(WorldsSearch *hs);      /* until on_bestmove has returned */

/* Synchronous, on the calling thread (plus helpers when opt->threads > 1): the best move, and
 * *info (if not NULL) from the last completed iteration. lim->infinite is ignored. seed varies
 * the random policy. */
Move worlds_search_run(WorldsSearch *hs, const WorldsPos *root, const SearchLimits *lim, const SearchOptions *opt,
                    uint64_t seed, SearchInfo *info);

#endif
