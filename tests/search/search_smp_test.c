/* The threaded search API (Lazy SMP, search_start/stop/ponderhit/wait), meant to run under
 * ThreadSanitizer with 2 threads (build/tsan) as well as in release and ASan builds.
 * Checks the contract of search.h: on_bestmove exactly once per search_start, never before
 * stop/ponderhit in infinite or ponder mode, always a legal decision; MultiPV lines: every
 * report has lines 1..k of one iteration, the last one shows the answer, and a `go depth N`
 * ends on a report of depth N or more, whichever thread (main or helper) completed it first.
 * Prints "search_smp_test: N passed, N failed". */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../engine/links.h"
#include "../../search/search.h"

#include "../check.h"
#include "search_util.h"

static Search *searcher; /* this program's search (search_new in main) */
static Position pos;
static int threads = 2;


enum { MAX_SEEN = 1024 };

typedef struct {
    int depth, multipv;
    Move first;   /* the line's first decision */
    bool bounded; /* a lower or upper bound: an aspiration fail reported mid-iteration, or a
                     line as a stop found it */
} Line;

/* The lines array is written by the search's reporting thread and read after search_wait
 * (which joins it); the counters may be read while a search runs. */
typedef struct {
    atomic_int bestmoves, infos, maxMultipv;
    _Atomic Move best;
    int stallMs; /* the reporting thread sleeps this long in the first on_info call */
    Line lines[MAX_SEEN];
} Seen;

static void sleep_ms(int ms);

static void on_info(const SearchInfo *info, void *ctx) {
    Seen *s = ctx;
    int n = atomic_fetch_add(&s->infos, 1);
    if (n < MAX_SEEN)
        s->lines[n] = (Line){info->depth, info->multipv, info->pvLen > 0 ? info->pv[0] : MOVE_NONE,
                             info->bound != BOUND_EXACT};
    if (info->multipv > atomic_load(&s->maxMultipv))
        atomic_store(&s->maxMultipv, info->multipv);
    if (n == 0 && s->stallMs > 0) /* hold the main thread inside its depth-1 report */
        sleep_ms(s->stallMs);
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

static void start_stalled(Seen *s, const SearchLimits *l, int stallMs) {
    memset(s, 0, sizeof *s);
    s->stallMs = stallMs;
    SearchReport r = {on_info, on_bestmove, s};
    search_start(searcher, &pos, l, &r);
}

static void start(Seen *s, const SearchLimits *l) { start_stalled(s, l, 0); }

/* The reports of a finished search with MultiPV k (k options or more at the root): blocks of
 * lines 1..k, each from one completed iteration (one depth), the last block's line 1 starting
 * with the answer and of depth minDepth or more. The last block may be the lines as a stop
 * found them (lines searched deeper in the interrupted iteration say so), unless wholeLast:
 * a `go depth N` search ends on a completed iteration of depth N or more. */
static void check_reports(const Seen *seen, int k, int minDepth, bool wholeLast, const char *what) {
    int all = atomic_load(&seen->infos);
    if (all > MAX_SEEN) {
        CHECK(false, "%s: %d info lines", what, all);
        return;
    }
    /* A root line that fails its aspiration window after 3 s is reported at once, alone (as
     * Stockfish does; a loaded machine with sanitizers gets there at depth 4): it belongs to no
     * block, and the final report repeats every line after it. */
    static Seen filtered;
    Seen *s = &filtered;
    int n = 0;
    for (int i = 0; i < all; i++)
        if (!seen->lines[i].bounded || i >= all - k)
            s->lines[n++] = seen->lines[i];
    atomic_store(&s->best, atomic_load(&seen->best));
    CHECK(n >= k && n % k == 0, "%s: %d info lines (%d in all), not whole blocks of %d", what, n, all, k);
    if (n < k)
        return;
    int bad = -1, whole = wholeLast ? n : n - k;
    for (int i = 0; i < n && bad < 0; i++)
        if (s->lines[i].multipv != i % k + 1 || (i < whole && s->lines[i].depth != s->lines[i - i % k].depth))
            bad = i;
    CHECK(bad < 0, "%s: line %d is multipv %d depth %d in a block of depth %d", what, bad,
          bad >= 0 ? s->lines[bad].multipv : 0, bad >= 0 ? s->lines[bad].depth : 0,
          bad >= 0 ? s->lines[bad - bad % k].depth : 0);
    const Line *last = &s->lines[n - n % k - k];
    CHECK(last->depth >= minDepth, "%s: last report at depth %d, wanted %d", what, last->depth, minDepth);
    CHECK(last->first == atomic_load(&s->best), "%s: the last report's line 1 does not start with bestmove", what);
}

static void test_depth(void) {
    Seen s;
    SearchLimits l = no_limits();
    l.depth = 5;
    start(&s, &l);
    search_wait(searcher);
    CHECK(atomic_load(&s.bestmoves) == 1, "bestmove %d times", atomic_load(&s.bestmoves));
    CHECK(legal(atomic_load(&s.best)), "illegal bestmove");
    /* A helper may complete depth 5 first and end the search: then it reports that depth. */
    check_reports(&s, 1, 5, true, "go depth 5");
    CHECK(!search_running(searcher), "still running after wait");
}

static void test_infinite_stop(void) {
    Seen s;
    SearchLimits l = no_limits();
    l.infinite = true;
    start(&s, &l);
    sleep_ms(60);
    CHECK(atomic_load(&s.bestmoves) == 0, "bestmove during infinite before stop");
    search_stop(searcher);
    search_wait(searcher);
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
    search_stop(searcher);
    search_wait(searcher);
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
    search_ponderhit(searcher);
    search_wait(searcher);
    CHECK(atomic_load(&s.bestmoves) == 1, "bestmove %d times after ponderhit", atomic_load(&s.bestmoves));
    CHECK(legal(atomic_load(&s.best)), "illegal bestmove after ponderhit");
}

static void test_clock_and_movetime(void) {
    Seen s;
    SearchLimits l = no_limits();
    l.movetime = 30;
    start(&s, &l);
    search_wait(searcher);
    CHECK(atomic_load(&s.bestmoves) == 1 && legal(atomic_load(&s.best)), "movetime search");
    l = no_limits();
    l.time[WHITE] = 1000;
    l.time[BLACK] = 1000;
    l.inc[WHITE] = l.inc[BLACK] = 10;
    start(&s, &l);
    search_wait(searcher);
    CHECK(atomic_load(&s.bestmoves) == 1 && legal(atomic_load(&s.best)), "clock search");
    /* A restart while one runs: the first answers once, the second once. */
    Seen s2;
    l = no_limits();
    l.infinite = true;
    start(&s, &l);
    search_stop(searcher);
    l = no_limits();
    l.depth = 3;
    start(&s2, &l);
    search_wait(searcher);
    CHECK(atomic_load(&s.bestmoves) == 1 && atomic_load(&s2.bestmoves) == 1, "back-to-back searches: %d, %d",
          atomic_load(&s.bestmoves), atomic_load(&s2.bestmoves));
}

static void set_multipv(int k) {
    SearchOptions o = {8, threads, k, 10, POLICY_SEARCH, false, false, SKILL_FULL};
    search_set_options(searcher, &o);
}

static void test_multipv(void) {
    set_multipv(3);
    Seen s;
    SearchLimits l = no_limits();
    l.depth = 4;
    start(&s, &l);
    search_wait(searcher);
    CHECK(atomic_load(&s.maxMultipv) == 3, "MultiPV 3 reported up to line %d", atomic_load(&s.maxMultipv));
    check_reports(&s, 3, 4, true, "MultiPV 3, depth 4");
    set_multipv(1);
}

/* The race behind a flaky MultiPV failure, made to happen: the main thread is held in its
 * depth-1 report while the helper completes depth 4 and ends the search. The helper's lines
 * must be the final report (before: the main thread's depth-1 lines stayed the last ones, and
 * a main thread stopped before depth 1 reported no line at all). If the helper is slower than
 * the stall, the main thread completes depth 4 itself and the same checks hold. */
static void test_multipv_helper_first(void) {
    set_multipv(3);
    search_clear(searcher);
    Seen s;
    SearchLimits l = no_limits();
    l.depth = 4;
    start_stalled(&s, &l, 300);
    search_wait(searcher);
    check_reports(&s, 3, 4, true, "helper completes depth 4 first");
    set_multipv(1);
}

/* Stopped at once, or on a 1 ms clock: the main thread still completes depth 1, so the answer
 * is searched and the last report has every line. */
static void test_stop_at_once(void) {
    for (int k = 1; k <= 3; k += 2) {
        set_multipv(k);
        Seen s;
        SearchLimits l = no_limits();
        l.infinite = true;
        start(&s, &l);
        search_stop(searcher);
        search_wait(searcher);
        CHECK(atomic_load(&s.bestmoves) == 1 && legal(atomic_load(&s.best)), "stop at once, MultiPV %d", k);
        check_reports(&s, k, 1, false, k == 1 ? "stop at once, MultiPV 1" : "stop at once, MultiPV 3");
        l = no_limits();
        l.movetime = 1;
        start(&s, &l);
        search_wait(searcher);
        CHECK(atomic_load(&s.bestmoves) == 1 && legal(atomic_load(&s.best)), "movetime 1, MultiPV %d", k);
        check_reports(&s, k, 1, false, k == 1 ? "movetime 1, MultiPV 1" : "movetime 1, MultiPV 3");
    }
    set_multipv(1);
}

/* The root with no option (the game is over): the search still answers once. */
static void test_empty_root(void) {
    setup("r6k/6pp/8/8/8/8/8/3Q2K1 w - - 0 1", "none");
    pos_do(&pos, pos_parse_decision(&pos, "d1d8")); /* R4.1 mate: PHASE_OVER */
    Seen s;
    SearchLimits l = no_limits();
    l.depth = 3;
    start(&s, &l);
    search_wait(searcher);
    CHECK(atomic_load(&s.bestmoves) == 1 && atomic_load(&s.best) == MOVE_NONE, "game over: %d answers",
          atomic_load(&s.bestmoves));
}

static void test_run_threads(void) {
    SearchLimits l = no_limits();
    l.depth = 6;
    SearchInfo info;
    Move m = search_run(searcher, &pos, &l, &info);
    CHECK(legal(m) && info.depth >= 1, "search_run with 2 threads");
}

/* Search objects share nothing (search.h): while one searches without end, another, made
 * fresh, answers a one-thread depth search with the same node count as a fresh object did
 * alone (its own TT, history and stop flag), and the running one still answers once at stop. */
static void test_two_searches(void) {
    SearchLimits l = no_limits();
    l.depth = 4;
    SearchOptions one = {1, 1, 1, 10, POLICY_SEARCH, false, false, SKILL_FULL};
    Search *alone = search_new();
    if (!alone) {
        CHECK(false, "no memory for a second search");
        return;
    }
    search_set_options(alone, &one);
    SearchInfo a, b;
    Move ma = search_run(alone, &pos, &l, &a);
    search_free(alone);

    Seen s;
    SearchLimits endless = no_limits();
    endless.infinite = true;
    start(&s, &endless);
    Search *beside = search_new();
    if (!beside) {
        search_stop(searcher);
        search_wait(searcher);
        CHECK(false, "no memory for a second search");
        return;
    }
    search_set_options(beside, &one);
    Move mb = search_run(beside, &pos, &l, &b);
    CHECK(atomic_load(&s.bestmoves) == 0, "the endless search answered before stop");
    search_stop(searcher);
    search_wait(searcher);
    search_free(beside);
    CHECK(legal(ma) && ma == mb && a.nodes == b.nodes && a.score == b.score,
          "alone: %llu nodes, score %d; beside a running search: %llu nodes, score %d",
          (unsigned long long)a.nodes, a.score, (unsigned long long)b.nodes, b.score);
    CHECK(atomic_load(&s.bestmoves) == 1 && legal(atomic_load(&s.best)), "the endless search: %d answers",
          atomic_load(&s.bestmoves));
}

int main(int argc, char **argv) {
    if (argc > 1)
        threads = atoi(argv[1]);
    searcher = test_search_new("search_smp_test", (SearchOptions){8, threads, 1, 10, POLICY_SEARCH, false, false, SKILL_FULL});
    if (!searcher)
        return 1;
    setup("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "random 11");
    test_depth();
    test_infinite_stop();
    test_infinite_depth_waits();
    test_ponder();
    test_clock_and_movetime();
    test_run_threads();
    test_two_searches();
    test_multipv();
    test_multipv_helper_first();
    test_stop_at_once();
    test_empty_root();
    search_free(searcher);
    printf("search_smp_test: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
