/* The Position family of the search core (core.h): its threads (Thread, thread.h), their
 * set-up for a root, the tree at the root (search.c), mate distances in turns, the baselines
 * (policy.c), and the search API of search.h over one search object. */
#include "thread.h"

#include <stdlib.h>
#include <string.h>

#include "../eval/chess.h"
#include "../eval/eval.h"
#include "movepick.h"
#include "policy.h"
#include "search_internal.h"
#include "tt.h"

enum { MAX_DEPTH = 100 };

static inline Thread *thread_of(SearchThread *st) { return (Thread *)st; }
static inline const Thread *const_thread_of(const SearchThread *st) { return (const Thread *)st; }

/* ---------------------------------------------------------------- the family */

static SearchThread *thread_new(void) {
    Thread *t = calloc(1, sizeof *t);
    return t ? &t->core : NULL;
}

enum { CONT_HIST_ROWS = 16 * 64 };

static void thread_free(SearchThread *st) {
    if (st)
        free(thread_of(st)->contHist);
    free(thread_of(st));
}

static void thread_clear(SearchThread *st) {
    Thread *t = thread_of(st);
    memset(t->history, 0, sizeof t->history);
    memset(t->killers, 0, sizeof t->killers);
    if (t->contHist)
        memset(t->contHist, 0, CONT_HIST_ROWS * sizeof *t->contHist);
    memset(t->captHist, 0, sizeof t->captHist);
    memset(t->corrHist, 0, sizeof t->corrHist);
}

static bool prepare_thread(SearchThread *st, const void *rootArg) {
    Thread *t = thread_of(st);
    const Position *root = rootArg;
    const SearchOptions *opt = &st->sc->opt;
    memcpy(&t->pos, root, offsetof(Position, st) + sizeof(StateInfo) * (size_t)(root->ply + 1));
    pos_compact(&t->pos); /* room for MAX_PLY decisions on top of the game */
    /* The variant's row (variants/variants.h), read once here so no node tests the variant. */
    const Variant *v = variant_of_position(root);
    t->classical = pos_classical_turns(root);
    /* EvalFile's nets and the tuning build's numbers, or none: the core is the first member of
     * the Search that owns it (thread.h). */
    const Search *search = (const Search *)st->sc;
    t->knobs = v->search;
    search_knobs_override(&t->knobs, &search->tune);
    st->aspirationDelta = t->knobs.params.aspirationDelta;
    if (t->lmrMadeFrom[0] != t->knobs.params.lmrBase || t->lmrMadeFrom[1] != t->knobs.params.lmrDivisor)
        search_lmr_table(t);
    if (t->knobs.continuationHistory && !t->contHist) /* memory missing: the search goes on without it */
        t->contHist = calloc(CONT_HIST_ROWS, sizeof *t->contHist);
    t->checkMask = (uint64_t)v->search.checkMask;
    t->eval = eval_function(v, opt->handMadeEval); /* the variant's network, or Use NNUE false */
    /* EvalFile's nets, or NULL (the compiled-in ones); the tether net's accumulators do not say
     * which net summed them, so they start empty (the QEC net's record theirs). */
    t->evalCache.net = search->nets[v->eval];
    t->evalCache.boardNnue.valid = false;
    for (int pt = NO_PIECE_TYPE; pt <= KING; pt++)
        t->captureGain[pt] = t->knobs.captureGainFromEval && pt >= PAWN && pt <= QUEEN ? chess_piece_worth(pt) : SEE_VALUE[pt];
    Move list[MAX_MOVES];
    int n = pos_legal_decisions(root, list);
    core_set_root_moves(st, list, n, &st->sc->lim);
    memset(t->killers, 0, sizeof t->killers);
    memset(t->nullMove, 0, sizeof t->nullMove);
    memset(t->moved, 0, sizeof t->moved);
    memset(t->excluded, 0, sizeof t->excluded);
    memset(t->doubleExt, 0, sizeof t->doubleExt);
    return true;
}

static void clock_of(const void *rootArg, int *decider, int *gamePly) {
    const Position *root = rootArg;
    *decider = pos_decider(root);
    *gamePly = 2 * (pos_state(root)->fullmove - 1) + pos_turn(root);
}

/* The seed of the handicapped choice (skill.h): the position and the game's length. */
static uint64_t seed_of(const void *rootArg) {
    const Position *root = rootArg;
    return pos_variant_key(root) ^ (uint64_t)root->ply * 0x2545F4914F6CDD1DULL;
}

static int root_search(SearchThread *st, int alpha, int beta, int depth) {
    return search(thread_of(st), alpha, beta, depth, 0, false);
}

/* Turns until the mate that score announces, replaying the PV (the turn in progress counts
 * as the first); positive if the root decider mates, 0 if the score is not a mate. */
static int mate_turns(const SearchThread *st, const RootMove *rm, int score) {
    const Thread *t = const_thread_of(st);
    if (!score_is_mate(score))
        return 0;
    if (t->classical)
        return score_mate_moves(score);
    static _Thread_local Position scratch;
    scratch = t->pos;
    int turns = 1, i;
    for (i = 0; i < rm->pvLen && pos_phase(&scratch) != PHASE_OVER; i++) {
        Move list[MAX_MOVES];
        int n = pos_legal_decisions(&scratch, list), ok = 0;
        for (int j = 0; j < n; j++)
            ok |= list[j] == rm->pv[i];
        if (!ok)
            break;
        pos_do(&scratch, rm->pv[i]);
        if (pos_phase(&scratch) == PHASE_BASE)
            turns++;
    }
    if (pos_phase(&scratch) != PHASE_OVER) { /* a cut PV: count the rest as alternating turns */
        int left = SCORE_MATE - abs(score) - i;
        turns += left > 0 ? left / 2 : 0;
    }
    return score > 0 ? turns : -turns;
}

static Move policy(SearchThread *st, int which, int *score) { return policy_decide(thread_of(st), which, score); }

/* The line from the root and on through the TT (core.h); a TT move may belong to another
 * position of the same bucket, so each is checked legal. A turn start seen before on the line
 * ends it (the TT would lead round the cycle). Played on the thread's own position, which is
 * at the root between iterations, and taken back. */
static int tt_line(SearchThread *st, Move *pv, int len, int max) {
    Position *p = &thread_of(st)->pos;
    int played = 0;
    while (played < len && pos_is_legal_decision(p, pv[played]))
        pos_do(p, pv[played++]);
    TTData tte;
    while (played == len && len < max && pos_phase(p) != PHASE_OVER &&
           !(pos_phase(p) == PHASE_BASE && len > 1 && pos_is_repetition(p, 2)) &&
           tt_probe(core_tt(st), pos_variant_key(p), &tte) && pos_is_legal_decision(p, tte.move)) {
        pv[len++] = tte.move;
        pos_do(p, pv[played++]);
    }
    while (played-- > 0)
        pos_undo(p);
    return len;
}

static const SearchFamily POSITION_FAMILY = SEARCH_FAMILY(MAX_DEPTH);

/* ---------------------------------------------------------------- API */

static pthread_once_t tablesOnce = PTHREAD_ONCE_INIT;

static void init_tables(void) { engine_init(); }

void search_init(void) { pthread_once(&tablesOnce, init_tables); }

void search_set_poll(Search *s, void (*poll)(void *ctx, bool waiting), void *ctx) {
    core_set_poll(&s->core, poll, ctx);
}

Search *search_new(void) {
    search_init();
    Search *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->rootPos = calloc(1, sizeof(Position));
    if (!s->rootPos || !core_init(&s->core, &POSITION_FAMILY)) {
        free(s->rootPos);
        free(s);
        return NULL;
    }
    return s;
}

void search_free(Search *s) {
    if (!s)
        return;
    core_destroy(&s->core);
    free(s->rootPos);
    free(s);
}

void search_set_options(Search *s, const SearchOptions *opt) { core_set_options(&s->core, opt); }
void search_clear(Search *s) { core_clear(&s->core); }

void search_set_nets(Search *s, const EvalNet *nets) {
    if (core_busy(&s->core)) /* the running search's threads read the old nets */
        core_stop(&s->core);
    core_wait(&s->core);
    for (int f = 0; f < EVAL_FAMILY_COUNT; f++)
        s->nets[f] = nets ? nets[f] : (EvalNet){0};
}

void search_set_tune(Search *s, const SearchParamOverride *o) {
    if (core_busy(&s->core)) /* the running search's threads read the old values */
        core_stop(&s->core);
    core_wait(&s->core);
    s->tune = o ? *o : (SearchParamOverride){0};
}

Move search_run(Search *s, const Position *root, const SearchLimits *limits, SearchInfo *info) {
    return core_run(&s->core, root, limits, info);
}

void search_start(Search *s, const Position *root, const SearchLimits *limits, const SearchReport *report) {
    if (core_busy(&s->core)) /* a search still running answers first (once) */
        core_stop(&s->core);
    core_wait(&s->core); /* before its root is overwritten */
    memcpy(s->rootPos, root, offsetof(Position, st) + sizeof(StateInfo) * (size_t)(root->ply + 1));
    core_start(&s->core, s->rootPos, limits, report);
}

void search_stop(Search *s) { core_stop(&s->core); }
void search_ponderhit(Search *s) { core_ponderhit(&s->core); }
void search_wait(Search *s) { core_wait(&s->core); }
bool search_running(Search *s) { return core_busy(&s->core); }
