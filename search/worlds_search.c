/* The Haft Schroedinger family of the search core (core.h): its threads (WorldsThread), their
 * set-up for a root, the tree at the root (worlds_tree.c), the baselines (worlds_policy.c) and the API
 * of worlds_search.h. Iterative deepening, Lazy SMP, time and the reports are the core's. */
#include <stdlib.h>
#include <string.h>

#include "worlds_thread.h"
#include "timeman.h"
#include "tt.h"

enum { MAX_DEPTH = WORLDS_MAX_PLY - 8 };

static inline WorldsThread *thread_of(SearchThread *st) { return (WorldsThread *)st; }

/* ---------------------------------------------------------------- the family */

static SearchThread *thread_new(void) {
    WorldsThread *t = calloc(1, sizeof *t);
    return t ? &t->core : NULL;
}

static void thread_free(SearchThread *st) {
    WorldsThread *t = thread_of(st);
    worlds_pos_free(&t->pos);
    free(t);
}

static void thread_clear(SearchThread *st) { memset(thread_of(st)->history, 0, sizeof thread_of(st)->history); }

static bool prepare_thread(SearchThread *st, const void *root) {
    WorldsThread *t = thread_of(st);
    worlds_pos_free(&t->pos);
    if (!worlds_pos_copy(&t->pos, root))
        return false;
    Move list[WORLDS_MAX_MOVES];
    int n = worlds_gen_legal(&t->pos, list);
    core_set_root_moves(st, list, n, &st->sc->lim);
    st->aspirationDelta = WORLDS_ASPIRATION_DELTA;
    memset(t->killers, 0, sizeof t->killers);
    memset(t->nullMove, 0, sizeof t->nullMove);
    return true;
}

static void clock_of(const void *root, int *decider, int *gamePly) {
    *decider = worlds_st(root)->stm;
    *gamePly = worlds_st(root)->ply;
}

/* The seed of the handicapped choice (skill.h): the board (identities, side to move) and the
 * game's length; the world set is left out (worlds_key would compute it), the seed needs no more. */
static uint64_t seed_of(const void *root) {
    return worlds_st(root)->board_key ^ (uint64_t)worlds_st(root)->ply * 0x2545F4914F6CDD1DULL;
}

static int root_search(SearchThread *st, int alpha, int beta, int depth) {
    return worlds_tree(thread_of(st), alpha, beta, depth, 0);
}

/* A turn is one move: UCI's mate in moves. */
static int mate_turns(const SearchThread *st, const RootMove *rm, int score) {
    (void)st, (void)rm;
    return score_is_mate(score) ? score_mate_moves(score) : 0;
}

static Move policy(SearchThread *st, int which, int *score) { return worlds_policy_decide(thread_of(st), which, score); }

/* The line from the root and on through the TT (core.h); each move is checked by worlds_is_legal
 * (a TT move may belong to another position of the bucket), a repeated position ends the line.
 * Played on the thread's own position, at the root between iterations, and taken back. */
static int tt_line(SearchThread *st, Move *pv, int len, int max) {
    WorldsPos *p = &thread_of(st)->pos;
    int played = 0;
    while (played < len && worlds_is_legal(p, pv[played]) && worlds_do_move(p, pv[played]))
        played++;
    TTData tte;
    while (played == len && len < max && !(len > 1 && worlds_repeated(p)) && tt_probe(core_tt(st), worlds_key(p), &tte) &&
           tte.move && worlds_is_legal(p, tte.move) && worlds_do_move(p, tte.move)) {
        pv[len++] = tte.move;
        played++;
    }
    while (played-- > 0)
        worlds_undo_move(p);
    return len;
}

static const SearchFamily WORLDS_FAMILY = SEARCH_FAMILY(MAX_DEPTH);

/* ---------------------------------------------------------------- API */

void worlds_search_set_poll(WorldsSearch *hs, void (*poll)(void *ctx, bool waiting), void *ctx) {
    core_set_poll(&hs->core, poll, ctx);
}

WorldsSearch *worlds_search_new(void) {
    WorldsSearch *hs = calloc(1, sizeof *hs);
    if (!hs)
        return NULL;
    worlds_init();
    worlds_tree_init();
    if (!core_init(&hs->core, &WORLDS_FAMILY)) {
        free(hs);
        return NULL;
    }
    return hs;
}

void worlds_search_free(WorldsSearch *hs) {
    if (!hs)
        return;
    core_destroy(&hs->core);
    if (hs->rootValid)
        worlds_pos_free(&hs->root);
    free(hs);
}

void worlds_search_clear(WorldsSearch *hs) { core_clear(&hs->core); }

Move worlds_search_run(WorldsSearch *hs, const WorldsPos *root, const SearchLimits *lim, const SearchOptions *opt,
                    uint64_t seed, SearchInfo *info) {
    core_set_options(&hs->core, opt);
    hs->seed = seed;
    return core_run(&hs->core, root, lim, info);
}

bool worlds_search_start(WorldsSearch *hs, const WorldsPos *root, const SearchLimits *lim, const SearchOptions *opt,
                      const SearchReport *rep) {
    core_set_options(&hs->core, opt); /* stops and joins a running search first: its root is replaced */
    if (hs->rootValid)
        worlds_pos_free(&hs->root);
    hs->rootValid = worlds_pos_copy(&hs->root, root);
    if (!hs->rootValid)
        return false;
    hs->seed = (uint64_t)now_ms();
    core_start(&hs->core, &hs->root, lim, rep);
    return true;
}

void worlds_search_stop(WorldsSearch *hs) { core_stop(&hs->core); }
void worlds_search_ponderhit(WorldsSearch *hs) { core_ponderhit(&hs->core); }
void worlds_search_wait(WorldsSearch *hs) { core_wait(&hs->core); }
