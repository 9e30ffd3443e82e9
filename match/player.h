/* One engine process seen through UCI (docs/gui/protocol.md): start and handshake, a new game with
 * its EntMap, and one decision (`position …` + `go …` → `bestmove`), every wait bounded. */
#ifndef QEC_MATCH_PLAYER_H
#define QEC_MATCH_PLAYER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

#include "proc.h"
#include "tc.h"
#include "../variants/variants.h"

typedef struct {
    char *name, *value; /* value NULL: a button */
} UciOption;

/* An engine as given on the command line (-engine / -each). */
typedef struct {
    char name[64];
    char **argv;        /* NULL-terminated */
    int argc;
    char *dir, *stderrFile;
    UciOption *options;
    int noptions;
    TimeControl tc;
    bool hasTc;
    bool restart;       /* a fresh process for every game */
} EngineConfig;

typedef struct {
    const EngineConfig *cfg;
    Proc *proc;         /* heap: it holds a 64 KiB line buffer */
    bool running;
    int64_t readyTimeoutUs;
    const atomic_int *stop;
    FILE *debug;        /* every line sent and received, or NULL */
    int slot;           /* worker number, for the debug log */
    char **advertised;  /* option names from the `option name … type …` lines before uciok */
    int nadvertised;
    char variantDefault[32]; /* UCI_Variant's default, "" if not advertised */
    char *variantVars;  /* UCI_Variant's `var` list (" a b c "), or NULL */
} Player;

enum {
    PLAYER_OK,
    PLAYER_TIMEOUT,     /* no bestmove in time: a time forfeit */
    PLAYER_NO_RESPONSE, /* no uciok / readyok in time */
    PLAYER_CRASH,       /* the process ended or closed its pipes */
    PLAYER_GARBAGE,     /* unreadable output, or a bestmove that is not a decision token */
    PLAYER_START_FAILED,
    PLAYER_STOPPED      /* the runner is stopping */
};

typedef struct {
    char tok[16];       /* the decision, "0000" for a null move */
    bool hasScore;
    int score;          /* centipawns from the decider's view; mate in n = +-(100000 - n) */
    int depth;
    int64_t elapsedUs;  /* charged to the engine: seenUs less runnerUs */
    int64_t seenUs;     /* go written -> the read that brought bestmove (or the runner gave up) */
    int64_t runnerUs;   /* of seenUs, the runner's own lateness: not there to read, or waiting for a CPU */
    long long reportedMs; /* the engine's last `info … time`, -1 if none */
    int64_t engineCpuUs;  /* CPU time the engine's process used meanwhile, -1 if unknown */
    char detail[160];   /* what went wrong, in words */
} Reply;

#define PLAYER_MATE_SCORE 100000

void player_init(Player *pl, const EngineConfig *cfg, const atomic_int *stop, int64_t readyTimeoutUs, FILE *debug,
                 int slot);
void player_free(Player *pl);
/* Starts the engine if it is not running: uci/uciok (noting the options it advertises), the
 * configured options it advertises (the others are reported on stderr, never sent: an engine
 * such as stockfish must not receive options it does not know), isready/readyok. */
int player_ensure(Player *pl, char *detail, size_t len);
/* `setoption name UCI_Variant value …` if the engine advertises UCI_Variant and its default is
 * another variant (a plain UCI engine plays chess and is sent nothing), ucinewgame, in a variant
 * with links the game's EntMap (`setoption name EntMap value …`), isready/readyok. */
int player_new_game(Player *pl, const Variant *v, const char *entmap, char *detail, size_t len);
/* True if the running engine advertised option `name` (case-insensitive, as UCI names are). */
bool player_has_option(const Player *pl, const char *name);
/* Sends `position`, then `go`, and waits up to allowanceUs for `bestmove`. The engine's time
 * (r->elapsedUs) and its deadline both start at one instant, right after `go` is written, so a
 * runner that is late before writing (descheduled, busy) never charges the engine for it; it
 * ends at the earliest moment `bestmove` can have been written as far as the runner can tell
 * (r->runnerUs is the rest of what it saw: its own lateness). Past the deadline the pipe is
 * read once more before the engine is found silent. */
int player_go(Player *pl, const char *position, const char *go, int64_t allowanceUs, Reply *r);
/* `quit`, a moment to exit, then kill. */
void player_quit(Player *pl);
/* Kills at once (after a forfeit); the next player_ensure starts a fresh process. */
void player_kill(Player *pl);

#endif
