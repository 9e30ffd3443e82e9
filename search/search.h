/* The search: iterative deepening over decisions, run on its own threads. It never prints:
 * it reports through callbacks that uci/ turns into `info` and `bestmove` lines. */
#ifndef QEC_SEARCH_H
#define QEC_SEARCH_H

#include "../engine/position.h"
#include "../eval/eval.h"
#include "../variants/search_params.h"

#define MAX_PLY 246          /* decisions from the root */
#define SCORE_MATE 32000     /* mate at the root decision = SCORE_MATE - decisions to it */
#define SCORE_MATE_BOUND (SCORE_MATE - 1000)
#define SCORE_INFINITE 32001

enum { POLICY_SEARCH, POLICY_RANDOM, POLICY_GREEDY, POLICY_MINIMAX2 };
enum { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER };

typedef struct {
    int depth;               /* whole turns; 0 = no limit */
    uint64_t nodes;          /* 0 = no limit */
    int mate;                /* mate in N turns; 0 = none */
    int64_t movetime;        /* ms per decision; 0 = none */
    int64_t time[2], inc[2]; /* clocks in ms; time < 0 = not given */
    int movestogo;
    bool infinite, ponder;
    int nsearchmoves;
    Move searchmoves[MAX_MOVES];
    /* A weakened search's node limit at Skill Level 0 in this game, doubling every two levels
     * (search/skill.h; GameSearch sets it from the row's skillNodes); 0: levels limit the depth
     * only. */
    uint64_t levelNodes;
} SearchLimits;

typedef struct {
    int depth, seldepth, multipv; /* multipv is 1-based */
    int score;                    /* from the root decider's view (docs/gui/protocol.md, "go") */
    int bound;
    uint64_t nodes, nps, timeMs;
    int hashfull;                 /* per mille */
    int mateTurns;                /* score is a mate: +N the root decider mates in the N-th turn
                                     (the turn in progress is the first), -N it is mated; else 0.
                                     Classical turns (pos_classical_turns): in moves, as UCI. */
    int pvLen;
    Move pv[MAX_PLY];
} SearchInfo;

typedef struct {
    void (*on_info)(const SearchInfo *info, void *ctx);
    void (*on_bestmove)(Move best, Move ponder, void *ctx); /* exactly once per search_start */
    void *ctx;
} SearchReport;

enum { SKILL_FULL = 2000 }; /* SearchOptions.skillLevel of full strength: level 20, in hundredths */
/* UCI_Elo's range, and its level in hundredths (search/skill.c, measured in chess): rising with
 * the Elo, 0 at SKILL_ELO_MIN, below SKILL_FULL at SKILL_ELO_MAX. */
enum { SKILL_ELO_MIN = 1350, SKILL_ELO_MAX = 2500 };
int skill_elo_level(int elo);

typedef struct {
    int hashMiB, threads, multiPV, moveOverhead, policy;
    /* `Use NNUE false`: a variant that has a network (chess, QEC, tether) is evaluated by its
     * hand-made evaluation instead, so both can be compared in one binary. False (zero) = the
     * network. */
    bool handMadeEval;
    /* Below full strength (search/skill.h; `Skill Level`, `UCI_LimitStrength` + `UCI_Elo`):
     * weakened, at skillLevel hundredths of a level (0..1999; 2000 = full strength). False (a
     * zeroed struct): full strength. The baseline policies ignore it. */
    bool weakened;
    int skillLevel;
} SearchOptions;

/* A search object: its options, threads and transposition table. The caller owns it (uci/
 * holds one in its session; tests and tools make their own); several may exist, each used by
 * one caller thread at a time. */
typedef struct Search Search;

void search_init(void); /* once, at start-up: the rules' and the tree's tables */
/* A search with the default options (16 MiB TT, one thread); NULL if memory is short. */
Search *search_new(void);
void search_free(Search *s); /* stops and joins its threads first; NULL is fine */
/* Apply options (resizes the TT, respawns threads); stops a running search first. */
void search_set_options(Search *s, const SearchOptions *opt);
/* The nets by evaluation family (EVAL_FAMILY_COUNT of them, kept alive by the caller; an
 * empty EvalNet or nets NULL = the compiled-in ones) that evaluate their family's rows in place
 * of the compiled-in nets, unless handMadeEval (uci/ sets them from EvalFile; the network
 * pipeline, docs/dev/qec-network.md, labels with them). Stops a running search first; the next
 * search reads them. */
void search_set_nets(Search *s, const EvalNet *nets);
/* The tuning build's values of the tunable numbers (variants/search_params.h; `make tune`,
 * uci/tune.c): those o has set replace the row's from the next search (NULL or none set: the
 * row's, as every other caller has them). Stops a running search first. */
void search_set_tune(Search *s, const SearchParamOverride *o);
void search_clear(Search *s); /* Clear Hash / ucinewgame: the TT and the history tables */
/* Start searching a copy of `root` (the decision at hand) in the background. The root
 * must have at least one option. */
void search_start(Search *s, const Position *root, const SearchLimits *limits, const SearchReport *report);
void search_stop(Search *s);      /* ask the running search to stop; returns at once */
void search_ponderhit(Search *s); /* the ponder search turns into a normal timed one */
void search_wait(Search *s);      /* wait until on_bestmove has been called */
bool search_running(Search *s);
/* A build without threads (the WebAssembly one: pthread_create fails there) runs
 * search_start on the caller's thread. Its input can still reach the search: the main search
 * thread calls poll(ctx, false) every few milliseconds and, while an infinite or ponder search
 * waits for stop/ponderhit, poll(ctx, true) in a loop; poll may run stop, ponderhit and isready
 * (and nothing that changes the position or the options). NULL (the default): no polling. */
void search_set_poll(Search *s, void (*poll)(void *ctx, bool waiting), void *ctx);

/* Synchronous, single-call search for tools (bench, match self-play, book): returns the best
 * decision and fills *info with the last completed iteration, if info is not NULL. */
Move search_run(Search *s, const Position *root, const SearchLimits *limits, SearchInfo *info);

/* The monotonic clock (ms) the search's time limits are measured on (search/timeman.c); a
 * caller that times a search (bench) reads the same one. */
int64_t now_ms(void);

static inline bool score_is_mate(int s) { return s >= SCORE_MATE_BOUND || s <= -SCORE_MATE_BOUND; }
/* UCI's `mate N` where a turn is one move (pos_classical_turns): the mating side's moves,
 * negative when the root side is mated, as classical engines count it. */
static inline int score_mate_moves(int s) {
    int plies = SCORE_MATE - (s > 0 ? s : -s);
    return s > 0 ? (plies + 1) / 2 : -(plies / 2);
}

#endif
