/* The Position tree's search thread (search.c, movepick.c): its typed state beside the core's
 * (core.h). Internal to search/ (the search API is search.h, implemented in thread.c). */
#ifndef QEC_THREAD_H
#define QEC_THREAD_H

#include <pthread.h>
#include <stdatomic.h>

#include "../eval/eval.h"
#include "core.h"
#include "search.h"

enum { CORR_BITS = 14 };

typedef struct Thread {
    SearchThread core; /* first: the core's view of this thread (core.h) */
    Position pos;
    int pvLen[MAX_PLY + 1];
    Move pv[MAX_PLY + 1][MAX_PLY + 1];
    Move killers[MAX_PLY + 1][2];
    bool nullMove[MAX_PLY + 1]; /* the decision that led to this ply was a null move */
    bool classical; /* pos_classical_turns of the root: any turn start may be in check */
    SearchKnobs knobs; /* the root's row's (variants/variants.h), what each technique here is for,
                        * its numbers (knobs.params) with the tuning build's SearchOptions.tune */
    /* late move reductions [depth][move count] from knobs.params' lmrBase and lmrDivisor,
     * remade when a root's pair differs from the one it was made from (lmrMadeFrom) */
    uint8_t lmr[64][64];
    int lmrMadeFrom[2];
    EvalFn eval; /* the variant's static evaluation (eval_function), with evalCache */
    /* What capturing a piece type can gain on the scale of `eval` (quiescence's delta
     * pruning): SEE's values in QEC and tether, the tuned table's own in chess, whose queen is
     * worth over 2,000 in the middlegame (a 900 margin pruned queen recaptures). */
    int captureGain[7];
    uint64_t checkMask; /* the main thread checks the clock when (nodes & checkMask) == 0 */
    bool pollDue;       /* a check in quiescence left the caller's poll to the main search (search.c) */
    int16_t history[3][2][64][64]; /* [phase: base, forced, react][decider][from][to] */
    /* per ply: the decision made there as piece * 64 + to (0 for a null move; written in every
     * variant, one store; read by continuationHistory), the static eval (TT_EVAL_NONE in
     * check; improving), the move a singular search leaves out */
    int moved[MAX_PLY + 1];
    int evalAt[MAX_PLY + 1];
    Move excluded[MAX_PLY + 1];
    uint8_t doubleExt[MAX_PLY + 1]; /* double singular extensions on the path to ply */
    /* continuationHistory: [piece * 64 + to of the decision 1 or 2 plies before][piece * 64 +
     * to]; 2 MiB made at the thread's first root whose row has the knob (NULL before: a session
     * of the other rows never needs it) */
    int16_t (*contHist)[16 * 64];
    /* captureHistory: [piece * 64 + to][captured piece type] of captures (and promotions),
     * learnt from cut-offs as the quiet history is (Stockfish's capture history) */
    int16_t captHist[16 * 64][7];
    EvalCache evalCache; /* this thread's pawn structures and network accumulators (eval.h) */
    int32_t corrHist[2][1 << CORR_BITS]; /* correctionHistory: [side to move][pawn structure] (correction.h) */
} Thread;

/* The search object of search.h: the core (first) and the root of its asynchronous search. */
struct Search {
    SearchCore core;
    Position *rootPos;
    EvalNet nets[EVAL_FAMILY_COUNT]; /* search_set_nets, by evaluation family; read as each search starts */
    SearchParamOverride tune;        /* search_set_tune; read as each search starts */
};

/* The stop flag, as the core sees it for t (core_stopped). */
static inline bool stopped(const Thread *t) { return core_stopped(&t->core); }

#endif
