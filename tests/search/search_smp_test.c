/* The threaded search API (Lazy SMP, search_start/stop/ponderhit/wait), meant to run under
 * ThreadSanitizer with 2 threads (build/tsan) as well as in release and ASan builds.
 * Checks the contract of search.h: on_bestmove exactly once per search_start, never before
 * stop/ponderhit in infinite or ponder mode, always a legal decision; MultiPV lines.
 * Prints "search_smp_test: N passed, N failed". */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../engine/links.h"
#include "../../search/search.h"

#include "../check.h"
static Position pos;


typedef struct {
    atomic_int bestmoves, infos, maxMultipv;
    _Atomic Move best;
} Seen;

static void on_info(const SearchInfo *info, void *ctx) {
    Seen *s = ctx;
    atomic_fetch_add(&s->infos, 1);
    if (info->multipv > atomic_load(&s->maxMultipv))
        atomic_store(&s->maxMultipv, info->multipv);
}
static void on_bestmove(Move best, Move ponder, void *ctx) {
    Seen *s = ctx;
    (void)ponder;
    atomic_store(&s->best, best);
    atomic_fetch_add(&s->bestmoves, 1);
}

static void setup(const char *fen, const char *map) {
    char err[256];
    EntMap m;
    if (!pos_set_fen(&pos, fen, VARIANT_QEC, err, sizeof err) || !entmap_parse(map, &m, err, sizeof err) ||
        !entmap_apply(&m, &pos, err, sizeof err)) {
        printf("FAIL setup: %s\n", err);
        exit(1);
    }
}

static SearchLimits no_limits(void) {
    SearchLimits l;
    memset(&l, 0, sizeof l);
    l.time[0] = l.time[1] = -1;
    return l;
}

static void sleep_ms(int ms) {
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static bool legal(Move m) {
    char tok[6];
    move_to_uci(m, tok);
    return m && pos_parse_decision(&pos, tok) == m;
}

static void start(Seen *s, const SearchLimits *l) {
    memset(s, 0, sizeof *s);
    SearchReport r = {on_info, on_bestmove, s};
    search_start(&pos, l, &r);
}

static void test_depth(void) {
    Seen s;
    SearchLimits l = no_limits();
    l.depth = 5;
    start(&s, &l);
    search_wait();
    CHECK(atomic_load(&s.bestmoves) == 1, "bestmove %d times", atomic_load(&s.bestmoves));
    CHECK(legal(atomic_load(&s.best)), "illegal bestmove");
    CHECK(atomic_load(&s.infos) >= 5, "only %d info lines for depth 5", atomic_load(&s.infos));
    CHECK(!search_running(), "still running after wait");
}

static void test_infinite_stop(void) {
    Seen s;
    SearchLimits l = no_limits();
    l.infinite = true;
    start(&s, &l);
    sleep_ms(60);
    CHECK(atomic_load(&s.bestmoves) == 0, "bestmove during infinite before stop");
    search_stop();
    search_wait();
    CHECK(atomic_load(&s.bestmoves) == 1, "bestmove %d times after stop", atomic_load(&s.bestmoves));
    CHECK(legal(atomic_load(&s.best)), "illegal bestmove after stop");
}

/* Infinite with a depth that is reached at once: the answer still waits for stop. */
static void test_infinite_depth_waits(void) {
    Seen s;
    SearchLimits l = no_limits();
    l.infinite = true;
    l.depth = 1;
    start(&s, &l);
    sleep_ms(40);
    CHECK(atomic_load(&s.bestmoves) == 0, "bestmove before stop in infinite mode");
    search_stop();
    search_wait();
    CHECK(atomic_load(&s.bestmoves) == 1, "bestmove %d times", atomic_load(&s.bestmoves));
}

static void test_ponder(void) {
    Seen s;
    SearchLimits l = no_limits();
    l.ponder = true;
    l.movetime = 20;
    start(&s, &l);
    sleep_ms(80);
    CHECK(atomic_load(&s.bestmoves) == 0, "bestmove while pondering");
    search_ponderhit();
    search_wait();
    CHECK(atomic_load(&s.bestmoves) == 1, "bestmove %d times after ponderhit", atomic_load(&s.bestmoves));
    CHECK(legal(atomic_load(&s.best)), "illegal bestmove after ponderhit");
}

static void test_clock_and_movetime(void) {
    Seen s;
    SearchLimits l = no_limits();
    l.movetime = 30;
    start(&s, &l);
    search_wait();
    CHECK(atomic_load(&s.bestmoves) == 1 && legal(atomic_load(&s.best)), "movetime search");
    l = no_limits();
    l.time[WHITE] = 1000;
    l.time[BLACK] = 1000;
    l.inc[WHITE] = l.inc[BLACK] = 10;
    start(&s, &l);
    search_wait();
    CHECK(atomic_load(&s.bestmoves) == 1 && legal(atomic_load(&s.best)), "clock search");
    /* A restart while one runs: the first answers once, the second once. */
    Seen s2;
    l = no_limits();
    l.infinite = true;
    start(&s, &l);
    search_stop();
    l = no_limits();
    l.depth = 3;
    start(&s2, &l);
    search_wait();
    CHECK(atomic_load(&s.bestmoves) == 1 && atomic_load(&s2.bestmoves) == 1, "back-to-back searches: %d, %d",
          atomic_load(&s.bestmoves), atomic_load(&s2.bestmoves));
}

static void test_multipv(void) {
    SearchOptions o = {8, 2, 3, 10, POLICY_SEARCH};
    search_set_options(&o);
    Seen s;
    SearchLimits l = no_limits();
    l.depth = 4;
    start(&s, &l);
    search_wait();
    CHECK(atomic_load(&s.maxMultipv) == 3, "MultiPV 3 reported up to line %d", atomic_load(&s.maxMultipv));
    o.multiPV = 1;
    search_set_options(&o);
}

/* The root with no option (the game is over): the search still answers once. */
static void test_empty_root(void) {
    setup("r6k/6pp/8/8/8/8/8/3Q2K1 w - - 0 1", "none");
    pos_do(&pos, pos_parse_decision(&pos, "d1d8")); /* R4.1 mate: PHASE_OVER */
    Seen s;
    SearchLimits l = no_limits();
    l.depth = 3;
    start(&s, &l);
    search_wait();
    CHECK(atomic_load(&s.bestmoves) == 1 && atomic_load(&s.best) == MOVE_NONE, "game over: %d answers",
          atomic_load(&s.bestmoves));
}

static void test_run_threads(void) {
    SearchLimits l = no_limits();
    l.depth = 6;
    SearchInfo info;
    Move m = search_run(&pos, &l, &info);
    CHECK(legal(m) && info.depth >= 1, "search_run with 2 threads");
}

int main(int argc, char **argv) {
    int threads = argc > 1 ? atoi(argv[1]) : 2;
    search_init();
    SearchOptions o = {8, threads, 1, 10, POLICY_SEARCH};
    search_set_options(&o);
    setup("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "random 11");
    test_depth();
    test_infinite_stop();
    test_infinite_depth_waits();
    test_ponder();
    test_clock_and_movetime();
    test_run_threads();
    test_multipv();
    test_empty_root();
    search_quit();
    printf("search_smp_test: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
