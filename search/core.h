/* The search core above the trees, written once for both families of trees: the Position tree
 * (search.c: qec, chess, tether) and the Haft Schroedinger tree (worlds_tree.c). It owns iterative
 * deepening with aspiration windows, MultiPV, the reports (through SearchReport: it never
 * prints), Lazy SMP with the thread vote, time, ponder and stop, and the threads' lifecycle.
 *
 * A family plugs in through a SearchFamily, whose functions are called per search, per thread
 * or per iteration, never per node: each tree keeps its own typed thread (Thread, WorldsThread)
 * with a SearchThread as its first member, and reaches the core through it. Internal to
 * search/; the APIs are search.h and worlds_search.h. */
#ifndef QEC_CORE_H
#define QEC_CORE_H

#include <pthread.h>
#include <stdatomic.h>

#include "search.h"
#include "skill.h"
#include "tt.h"

#define SCORE_NONE (-SCORE_INFINITE - 1)
enum { CORE_MAX_THREADS = 256 };

typedef struct {
    Move move;
    int score, prevScore; /* score is SCORE_NONE until searched in the current iteration */
    int bound;
    int seldepth;
    int pvLen;
    Move pv[MAX_PLY];
} RootMove;

typedef struct SearchCore SearchCore;

/* What every search thread has, whichever tree it runs: the first member of Thread and
 * WorldsThread (so a family converts a SearchThread * to its own thread with a cast). */
typedef struct {
    SearchCore *sc;
    int idx; /* 0: the main thread, which checks the clock, reports and answers */
    pthread_t tid;
    _Atomic uint64_t nodes; /* written by its thread only, read by the main thread */
    int seldepth, rootDepth, completedDepth;
    int nRoot, pvIdx, multiPV;
    bool reported; /* main: its last on_info lines show root[0..multiPV-1] as they stand */
    bool rootScored; /* a root decision has a score in this search (core_stopped) */
    int aspirationDelta; /* the first window's half-width, set by the family's prepare */
    RootMove root[MAX_MOVES];
} SearchThread;

/* A family of trees. `root` is the family's root position (Position, WorldsPos), passed through. */
typedef struct {
    int maxDepth; /* iterations never go deeper */
    SearchThread *(*thread_new)(void); /* zeroed but for the family's own state; NULL if no memory */
    void (*thread_free)(SearchThread *t);
    void (*thread_clear)(SearchThread *t); /* forget what was learnt (history): ucinewgame */
    /* Set t up to search root, its root moves through core_set_root_moves; false if memory is
     * short (the thread then sits the search out). */
    bool (*prepare)(SearchThread *t, const void *root);
    /* The root decider's colour and the game's ply (two per full move), for the clock. */
    void (*clock)(const void *root, int *decider, int *gamePly);
    /* The tree at the root (ply 0) of t, depth deep, in the window (alpha, beta). */
    int (*root_search)(SearchThread *t, int alpha, int beta, int depth);
    /* A key of the root position and game ply: the seed of the handicapped choice (skill.h). */
    uint64_t (*seed)(const void *root);
    /* SearchInfo.mateTurns of a root line whose score is `score` (0 if not a mate). */
    int (*mate_turns)(const SearchThread *t, const RootMove *rm, int score);
    /* The baseline policies (POLICY_RANDOM, _GREEDY, _MINIMAX2) on t's root moves: through
     * core_policy_moves, core_policy_depth and core_policy_node (so they count their nodes and
     * honour stop and the limits). *score is for the root's decider, mates as the tree's. */
    Move (*policy)(SearchThread *t, int policy, int *score);
    /* The line pv[0..len) from t's root (pv[0] a root decision), lengthened by the decisions
     * the TT holds after it, each checked legal, up to max decisions: its new length. Only
     * reads the TT and leaves t's position as it was (so no search changes); a line that does
     * not replay stays as it is. */
    int (*tt_line)(SearchThread *t, Move *pv, int len, int max);
} SearchFamily;

/* A family's table, from its file's static functions named as the hooks are (prepare_thread,
 * clock_of and seed_of for prepare, clock and seed): a hook added to SearchFamily is added
 * here once, and each family that lacks the function does not compile. */
#define SEARCH_FAMILY(depth)                                                                                           \
    {                                                                                                                  \
        .maxDepth = (depth), .thread_new = thread_new, .thread_free = thread_free, .thread_clear = thread_clear,      \
        .prepare = prepare_thread, .clock = clock_of, .seed = seed_of, .root_search = root_search,                    \
        .mate_turns = mate_turns, .policy = policy, .tt_line = tt_line,                                               \
    }

/* One search object: the options, the threads and the control state of the current search. */
struct SearchCore {
    const SearchFamily *fam;
    SearchOptions opt;
    SearchThread *threads[CORE_MAX_THREADS];
    int nthreads;
    _Atomic bool stop, ponder, stopOnPonderhit, busy;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    pthread_t controller;
    bool controllerJoinable;
    /* the current search (set before its threads start) */
    SearchLimits lim;
    SearchReport rep;
    int64_t startMs, softMs, hardMs;
    /* Lines searched: MultiPV, or SKILL_LINES if more when weakened (only MultiPV are shown);
     * the level of this search (skill.h). */
    int searchPV;
    Skill skill;
    SearchInfo last;  /* the answering thread's last report (line 1), nodes and time at the end */
    const void *root; /* the asynchronous search's root, kept alive by the family's wrapper */
    TT tt;            /* this search's table, shared by its threads: opt.hashMiB MiB from the
                       * next search on; a stub (tt_make_stub) until the first */
    /* core_set_poll: a build without threads runs the search on the caller's thread */
    void (*poll)(void *ctx, bool waiting);
    void *pollCtx;
    int64_t lastPollMs;
};

/* One thread, the options' defaults (a 16 MiB TT). The TT starts as a stub: the table of the
 * size asked for is made at the next search that needs it, as most sessions (a GUI listing the
 * options, a fuzzer's input, `perft`) never search. false if memory is short. */
bool core_init(SearchCore *sc, const SearchFamily *fam);
void core_destroy(SearchCore *sc); /* stops and joins a running search first */
/* A build without threads (the WebAssembly one: pthread_create fails there) runs core_start on
 * the caller's thread. Its input can still reach the search: the main thread calls
 * poll(ctx, false) every few milliseconds (core_check_limits) and, while an infinite or ponder
 * search waits for stop/ponderhit, poll(ctx, true) in a loop; poll may run stop, ponderhit and
 * isready (nothing that changes the position or the options). NULL: no polling (native). */
void core_set_poll(SearchCore *sc, void (*poll)(void *ctx, bool waiting), void *ctx);
/* Clamps and applies options: the thread count (as many as memory allows, at least one) and
 * the TT's size, made at the next search (the table there was is kept if the memory is
 * missing then; 1 MiB if there was none). Stops a running search first. */
void core_set_options(SearchCore *sc, const SearchOptions *opt);
/* Clears the TT and every thread (thread_clear); stops a running search first. */
void core_clear(SearchCore *sc);

/* Synchronous: the best decision, *info (if not NULL) from the last completed iteration.
 * lim->infinite and lim->ponder are ignored (nobody could stop the search). */
Move core_run(SearchCore *sc, const void *root, const SearchLimits *lim, SearchInfo *info);
/* In the background; on_bestmove exactly once. root must stay valid until on_bestmove. When no
 * thread can be created the search runs on the caller's thread (it answers, rather than never). */
void core_start(SearchCore *sc, const void *root, const SearchLimits *lim, const SearchReport *rep);
void core_stop(SearchCore *sc);      /* returns at once */
void core_ponderhit(SearchCore *sc); /* the ponder search goes on under its time limits */
void core_wait(SearchCore *sc);      /* until on_bestmove has returned */
bool core_busy(SearchCore *sc);

/* For the trees and the families. */
uint64_t core_nodes(const SearchCore *sc); /* every thread's nodes in the current search */
/* Node and hard time limits: raises the stop flag. The main thread only. core_check_limits
 * also runs the caller's poll (core_set_poll); core_check_limits_unpolled does not, for a
 * part of the tree that must never be on the stack when the poll yields (search.c's
 * quiescence: web/wasm/asyncify-only.txt). */
void core_check_limits(SearchCore *sc);
void core_check_limits_unpolled(SearchCore *sc);
/* t's root moves: list, or those of it that searchmoves names (all if it names none). */
void core_set_root_moves(SearchThread *t, const Move *list, int n, const SearchLimits *lim);
/* A root decision finished searching: keep its score and PV (pv[1..pvLen-1], the child's line)
 * if it is the first or a new best (the others are marked unsearched, so an interrupted
 * iteration sorts them last). Called by the tree at ply 0. */
void core_root_record(SearchThread *t, Move m, int v, int alpha, int beta, bool first, const Move *pv, int pvLen);

/* The baselines' shared steps (policy.c, worlds_policy.c: one shape for both families). */
/* Counts a node of t (the main thread) and checks the limits every 256 nodes, or at each one
 * under a node limit. true: stop now (the value being computed is not to be trusted). */
bool core_policy_node(SearchThread *t);
/* t's root moves into list, shuffled from seed, so that "the first strictly best" is a
 * uniform choice among equals; returns how many. */
int core_policy_moves(const SearchThread *t, Move *list, uint64_t seed);
/* How far a policy looks (turns in the Position family, plies in schroedinger's): 1 for
 * greedy, 2 for minimax2, never more than `go depth`. */
int core_policy_depth(const SearchThread *t, int policy);

static inline bool core_stop_raised(const SearchCore *sc) {
    return atomic_load_explicit(&sc->stop, memory_order_relaxed);
}
/* The main thread stops only once it has an answer, whatever stopped the search (a clock,
 * `stop`, a helper that reached `go depth`): after depth 1, or with one line (MultiPV 1) once
 * depth 1 has scored a root decision. So the answer is a searched decision and every line of
 * the final report has a score, yet a depth 1 whose quiescence explodes (tether's captures
 * through rank-mates: a million nodes in some openings) cannot overrun the clock. */
static inline bool core_stopped(const SearchThread *t) {
    return core_stop_raised(t->sc) && (t->idx != 0 || t->completedDepth > 0 || (t->rootScored && t->multiPV == 1));
}
static inline void core_raise_stop(SearchCore *sc) { atomic_store(&sc->stop, true); }
static inline TT *core_tt(const SearchThread *t) { return &t->sc->tt; }

#endif
