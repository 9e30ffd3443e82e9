/* The Haft Schroedinger family of the search core (core.h): its threads (HscThread), their
 * set-up for a root, the tree at the root (hsc_tree.c), the baselines (hsc_policy.c) and the API
 * of hsc_search.h. Iterative deepening, Lazy SMP, time and the reports are the core's. */
#include <stdlib.h>
#include <string.h>

#include "hsc_thread.h"
#include "timeman.h"
#include "tt.h"

enum { MAX_DEPTH = HSC_MAX_PLY - 8 };

static inline HscThread *thread_of(SearchThread *st) { return (HscThread *)st; }

/* ---------------------------------------------------------------- the family */

static SearchThread *thread_new(void) {
    HscThread *t = calloc(1, sizeof *t);
    return t ? &t->core : NULL;
}

static void thread_free(SearchThread *st) {
    HscThread *t = thread_of(st);
    hsc_pos_free(&t->pos);
    free(t);
}

static void thread_clear(SearchThread *st) { memset(thread_of(st)->history, 0, sizeof thread_of(st)->history); }

static bool prepare_thread(SearchThread *st, const void *root) {
    HscThread *t = thread_of(st);
    hsc_pos_free(&t->pos);
    if (!hsc_pos_copy(&t->pos, root))
        return false;
    Move list[HSC_MAX_MOVES];
    int n = hsc_gen_legal(&t->pos, list);
    core_set_root_moves(st, list, n, &st->sc->lim);
    st->aspirationDelta = HSC_ASPIRATION_DELTA;
    memset(t->killers, 0, sizeof t->killers);
    memset(t->nullMove, 0, sizeof t->nullMove);
    return true;
}

static void clock_of(const void *root, int *decider, int *gamePly) {
    *decider = hsc_st(root)->stm;
    *gamePly = hsc_st(root)->ply;
}

/* The seed of the handicapped choice (skill.h): the board (identities, side to move) and the
 * game's length; the world set is left out (hsc_key would compute it), the seed needs no more. */
static uint64_t seed_of(const void *root) {
    return hsc_st(root)->board_key ^ (uint64_t)hsc_st(root)->ply * 0x2545F4914F6CDD1DULL;
}

static int root_search(SearchThread *st, int alpha, int beta, int depth) {
    return hsc_tree(thread_of(st), alpha, beta, depth, 0);
}

/* A turn is one move: UCI's mate in moves. */
static int mate_turns(const SearchThread *st, const RootMove *rm, int score) {
    (void)st, (void)rm;
    return score_is_mate(score) ? score_mate_moves(score) : 0;
}

static Move policy(SearchThread *st, int which, int *score) { return hsc_policy_decide(thread_of(st), which, score); }

/* The line from the root and on through the TT (core.h); each move is checked by hsc_is_legal
 * (a TT move may belong to another position of the bucket), a repeated position ends the line.
 * Played on the thread's own position, at the root between iterations, and taken back. */
static int tt_line(SearchThread *st, Move *pv, int len, int max) {
    HscPos *p = &thread_of(st)->pos;
    int played = 0;
    while (played < len && hsc_is_legal(p, pv[played]) && hsc_do_move(p, pv[played]))
        played++;
    TTData tte;
    while (played == len && len < max && !(len > 1 && hsc_repeated(p)) && tt_probe(core_tt(st), hsc_key(p), &tte) &&
           tte.move && hsc_is_legal(p, tte.move) && hsc_do_move(p, tte.move)) {
        pv[len++] = tte.move;
        played++;
    }
    while (played-- > 0)
        hsc_undo_move(p);
    return len;
}

static const SearchFamily HSC_FAMILY = SEARCH_FAMILY(MAX_DEPTH);

/* ---------------------------------------------------------------- API */

void hsc_search_set_poll(HscSearch *hs, void (*poll)(void *ctx, bool waiting), void *ctx) {
    core_set_poll(&hs->core, poll, ctx);
}

HscSearch *hsc_search_new(void) {
    HscSearch *hs = calloc(1, sizeof *hs);
    if (!hs)
        return NULL;
    hsc_init();
    hsc_tree_init();
    if (!core_init(&hs->core, &HSC_FAMILY)) {
        free(hs);
        return NULL;
    }
    return hs;
}

void hsc_search_free(HscSearch *hs) {
    if (!hs)
        return;
    core_destroy(&hs->core);
    if (hs->rootValid)
        hsc_pos_free(&hs->root);
    free(hs);
}

void hsc_search_clear(HscSearch *hs) { core_clear(&hs->core); }

Move hsc_search_run(HscSearch *hs, const HscPos *root, const SearchLimits *lim, const SearchOptions *opt,
                    uint64_t seed, SearchInfo *info) {
    core_set_options(&hs->core, opt);
    hs->seed = seed;
    return core_run(&hs->core, root, lim, info);
}

bool hsc_search_start(HscSearch *hs, const HscPos *root, const SearchLimits *lim, const SearchOptions *opt,
                      const SearchReport *rep) {
    core_set_options(&hs->core, opt); /* stops and joins a running search first: its root is replaced */
    if (hs->rootValid)
        hsc_pos_free(&hs->root);
    hs->rootValid = hsc_pos_copy(&hs->root, root);
    if (!hs->rootValid)
        return false;
    hs->seed = (uint64_t)now_ms();
    core_start(&hs->core, &hs->root, lim, rep);
    return true;
}

void hsc_search_stop(HscSearch *hs) { core_stop(&hs->core); }
void hsc_search_ponderhit(HscSearch *hs) { core_ponderhit(&hs->core); }
void hsc_search_wait(HscSearch *hs) { core_wait(&hs->core); }
