/* The tournament: the schedule (round-robin or gauntlet, game pairs with -repeat, series), the
 * worker threads (-concurrency), results, progress lines, PGN and JSON output, SPRT. */
#ifndef QEC_MATCH_TOURNEY_H
#define QEC_MATCH_TOURNEY_H

#include <stdatomic.h>
#include <stdint.h>

#include "game.h"
#include "openings.h"
#include "player.h"
#include "stats.h"

enum { TOURNEY_ROUND_ROBIN, TOURNEY_GAUNTLET };

typedef struct {
    EngineConfig *engines;
    int nengines;
    int games, rounds, concurrency, tournament;
    bool repeat, recover, series, debug;
    OpeningsConfig openings;
    char *pgnout, *jsonout;
    bool sprt;
    SprtConfig sprtCfg;
    Adjudication adj;
    uint64_t seed;
    char event[64], site[64];
    int64_t readyTimeoutUs;
    const Variant *variant; /* -variant (variants/variants.h) */
    int shardIndex, shardCount; /* -shard I/N: play the jobs numbered I mod N (count 0 = all) */
    bool seedGiven;     /* -seed was given */
    char *statePath;    /* -state FILE: progress saved after every game, resumed from (NULL: none) */
    int argc;           /* the command's arguments (after the program name), for -state */
    char *const *argv;
} MatchConfig;

/* Runs the whole tournament; returns the process exit status (0 = finished, 1 = an engine
 * could not be started or a file could not be written, 130 = interrupted). Setting *stop
 * (from a signal handler) aborts the games in progress and ends with the summary so far. */
int tourney_run(const MatchConfig *cfg, atomic_int *stop);

#endif
