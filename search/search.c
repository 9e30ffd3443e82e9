/* PLACEHOLDER until the search issue lands: answers the first legal decision. Keeps the
 * threading contract of search.h so uci/ can be built and tested against it. */
#include "search.h"

#include <pthread.h>
#include <string.h>

static pthread_t worker;
static bool running;
static Position rootPos;
static SearchLimits lim;
static SearchReport rep;

void search_init(void) {}
void search_quit(void) { search_wait(); }
void search_set_options(const SearchOptions *opt) { (void)opt; }
void search_clear(void) {}

Move search_run(const Position *root, const SearchLimits *limits, SearchInfo *info) {
    Move list[MAX_MOVES];
    (void)limits;
    int n = pos_legal_decisions(root, list);
    if (info)
        memset(info, 0, sizeof *info);
    return n ? list[0] : MOVE_NONE;
}

static void *work(void *arg) {
    (void)arg;
    Move m = search_run(&rootPos, &lim, NULL);
    rep.on_bestmove(m, MOVE_NONE, rep.ctx);
    return NULL;
}

void search_start(const Position *root, const SearchLimits *limits, const SearchReport *report) {
    search_wait();
    rootPos = *root;
    lim = *limits;
    rep = *report;
    running = true;
    pthread_create(&worker, NULL, work, NULL);
}
void search_stop(void) {}
void search_ponderhit(void) {}
void search_wait(void) {
    if (running)
        pthread_join(worker, NULL);
    running = false;
}
bool search_running(void) { return running; }
