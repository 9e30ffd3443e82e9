/* The tournament (tourney.h): the workers that play the games, each finished game's record and
 * lines, and the run. The jobs are dealt by schedule.c, the results counted by tally.c, and
 * -state FILE (saving each game, resuming) is resume.c. */
#include "tourney.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "balance.h"
#include "tourney_internal.h"

typedef struct {
    Tourney *t;
    int id;
    Player *players;    /* one per engine, started when first needed */
    Position *pos;
    PgnGame rec;
    Opening *op;        /* the opening of slot opSlot (-1: none yet) */
    int opSlot;
    int opCandidate;    /* the candidate op is */
} Worker;

static void set_fatal(Tourney *t, const char *msg) {
    pthread_mutex_lock(&t->lock);
    if (!t->r.fatal) {
        t->r.fatal = true;
        snprintf(t->r.fatalMsg, sizeof t->r.fatalMsg, "%s", msg);
    }
    atomic_store(t->stop, 1);
    pthread_mutex_unlock(&t->lock);
}

/* ---- finished games: the record, the state, the lines (called with the lock held) ---- */

/* The test build's hooks (tourney_internal.h; the shipped runner ignores QECMATCH_TEST_KILL): at
 * the game and moment asked for, the state file is taken away (KILL_UNLINK, just before the save,
 * as a user deleting it would), or the runner is killed (SIGKILL, as a crash or kill -9). */
#ifdef QEC_TEST_HOOKS
static void test_hook(const Tourney *t, int when) {
    if (t->kill.game != t->recordedNow)
        return;
    if (when == KILL_UNSAVED && t->kill.when == KILL_UNLINK)
        unlink(t->cfg->statePath);
    if (t->kill.when == when) {
        fflush(stdout);
        raise(SIGKILL);
    }
}
#else
static void test_hook(const Tourney *t, int when) { (void)t, (void)when; }
#endif

static bool write_record(Tourney *t, const PgnGame *rec) {
#ifdef QEC_TEST_HOOKS
    if (t->kill.when == KILL_PGN && t->kill.game == t->recordedNow) { /* a record cut short, as by a crash */
        char *buf = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&buf, &len);
        if (m && pgn_write(m, rec) && !fclose(m))
            fwrite(buf, 1, len / 2, t->pgn);
        fflush(t->pgn);
        free(buf);
        test_hook(t, KILL_PGN);
    }
#endif
    return pgn_write(t->pgn, rec) && !fflush(t->pgn);
}

static void record_game(Tourney *t, const Job *j, int gameInJob, int no, int white, const GameOutcome *o,
                        PgnGame *rec, int candidate) {
    int black = white == j->a ? j->b : j->a;
    char err[sizeof t->r.fatalMsg];
    tally_game(t, j, no, white, o, rec->termination, rec->comment);
    t->recordedNow++;
    if (t->pgn && !write_record(t, rec)) {
        snprintf(t->r.fatalMsg, sizeof t->r.fatalMsg, "cannot write the PGN file %s", t->cfg->pgnout);
        t->r.fatal = true;
        atomic_store(t->stop, 1);
    } else if (t->cfg->statePath) {
        test_hook(t, KILL_UNSAVED);
        if (!resume_save_game(t, j, gameInJob, no, white, o, rec, candidate, err, sizeof err)) {
            snprintf(t->r.fatalMsg, sizeof t->r.fatalMsg, "%s", err);
            t->r.fatal = true;
            atomic_store(t->stop, 1);
        }
    }
    test_hook(t, KILL_SAVED);
    printf("Finished game %d (%s vs %s): %s {%s}\n", no, t->cfg->engines[white].name, t->cfg->engines[black].name,
           rec->result, rec->comment);
    report_score(&t->r, j->a, j->b);
    if (!t->cfg->repeat)
        tally_check_sprt(t);
    fflush(stdout);
}

static void record_pair(Tourney *t, const Job *j, int r0, int r1) {
    pthread_mutex_lock(&t->lock);
    tally_pair(t, j, r0, r1);
    fflush(stdout);
    pthread_mutex_unlock(&t->lock);
}

static void record_series(Tourney *t, const Job *j, const Series *s) {
    static const char *const WORDS[] = {"open", "won by", "won by", "rollover"};
    pthread_mutex_lock(&t->lock);
    tally_series(t, j, s);
    Encounter *e = &t->r.enc[j->a * t->cfg->nengines + j->b];
    const char *winner = s->outcome == SERIES_WON_A   ? t->cfg->engines[j->a].name
                         : s->outcome == SERIES_WON_B ? t->cfg->engines[j->b].name
                                                      : "";
    printf("Series %d (%s vs %s): %s%s%s after %d game%s%s; series so far: %s %d, %s %d, rollovers %d\n",
           j->number + 1, t->cfg->engines[j->a].name, t->cfg->engines[j->b].name, WORDS[s->outcome],
           *winner ? " " : "", winner, s->games, s->games == 1 ? "" : "s", s->suddenDeath ? " (sudden death)" : "",
           t->cfg->engines[j->a].name, e->series[SERIES_WON_A], t->cfg->engines[j->b].name, e->series[SERIES_WON_B],
           e->series[SERIES_ROLLOVER]);
    fflush(stdout);
    pthread_mutex_unlock(&t->lock);
}

/* ---- playing ---- */

static void fill_tags(Worker *w, const Job *j, int gameInJob, int white, int black) {
    const MatchConfig *c = w->t->cfg;
    PgnGame *r = &w->rec;
    char tw[30], tb[30];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    pgn_clear(r);
    snprintf(r->event, sizeof r->event, "%s", c->event);
    snprintf(r->site, sizeof r->site, "%s", c->site);
    strftime(r->date, sizeof r->date, "%Y.%m.%d", &tm);
    if (j->kind == JOB_SINGLE)
        snprintf(r->round, sizeof r->round, "%d", j->number + 1);
    else
        snprintf(r->round, sizeof r->round, "%d.%d", j->number + 1, gameInJob + 1);
    snprintf(r->white, sizeof r->white, "%s", c->engines[white].name);
    snprintf(r->black, sizeof r->black, "%s", c->engines[black].name);
    tc_format(&c->engines[white].tc, tw, sizeof tw);
    tc_format(&c->engines[black].tc, tb, sizeof tb);
    if (strcmp(tw, tb))
        snprintf(r->timeControl, sizeof r->timeControl, "%s, %s", tw, tb);
    else
        snprintf(r->timeControl, sizeof r->timeControl, "%s", tw);
}

/* Candidate k of a random opening, checked by the first engine (-openings random balance=S
 * nodes=N); true when it may be played. An engine that cannot answer the check is restarted
 * for the game, and the candidate is played unchecked (with a warning): a check is no game. */
static bool balanced(Worker *w, int slot, int k) {
    Tourney *t = w->t;
    const OpeningsConfig *oc = &t->cfg->openings;
    char detail[200];
    int score;
    int rc = balance_check(&w->players[0], t->cfg->variant, w->op, oc->balanceNodes, oc->balance, &score, detail,
                           sizeof detail);
    if (rc == BALANCE_ENGINE_FAILED) {
        player_kill(&w->players[0]);
        if (!atomic_load(t->stop))
            fprintf(stderr, "qecmatch: warning: %s did not answer the balance check of opening %s (%s); played unchecked\n",
                    t->cfg->engines[0].name, w->op->label, detail);
        return true;
    }
    if (rc == BALANCE_REJECTED) {
        pthread_mutex_lock(&t->lock);
        t->r.openingsRejected++;
        pthread_mutex_unlock(&t->lock);
        if (t->cfg->debug)
            fprintf(stderr, "qecmatch: slot %d candidate %d (%s) rejected: score %d\n", slot, k, w->op->label, score);
    }
    return rc == BALANCE_OK;
}

/* The opening of a slot, chosen once per slot and worker: both games of a pair start from the
 * same position even with an engine whose check would not answer the same twice. */
static const Opening *worker_opening(Worker *w, int slot, char *err, size_t len) {
    Tourney *t = w->t;
    const OpeningsConfig *oc = &t->cfg->openings;
    bool check = oc->kind == OPENINGS_RANDOM && oc->balance != OPENINGS_BALANCE_OFF;
    if (w->opSlot == slot)
        return w->op;
    w->opSlot = -1;
    /* The other game of a pair finished before a resume: its opening, unchecked again. */
    int known = t->slotCandidate ? t->slotCandidate[slot] : -1;
    if (known >= 0) {
        if (!openings_candidate(&t->book, slot, known, w->op, w->pos, err, len))
            return NULL;
        w->opSlot = slot;
        w->opCandidate = known;
        return w->op;
    }
    for (int k = 0;; k++) {
        w->opCandidate = k;
        if (!openings_candidate(&t->book, slot, k, w->op, w->pos, err, len))
            return NULL;
        if (!check || balanced(w, slot, k))
            break;
        if (atomic_load(t->stop))
            return NULL;
        if (k + 1 == OPENINGS_MAX_CANDIDATES) {
            snprintf(err, len, "no balanced random opening for slot %d in %d candidates (balance=%d nodes=%d: widen the "
                     "window or use balance=off)", slot, k + 1, oc->balance, oc->balanceNodes);
            return NULL;
        }
    }
    w->opSlot = slot;
    return w->op;
}

static int play(Worker *w, const Job *j, int gameInJob, int white, int slot) {
    Tourney *t = w->t;
    const MatchConfig *c = t->cfg;
    int black = white == j->a ? j->b : j->a;
    char err[400];
    const Opening *op = worker_opening(w, slot, err, sizeof err);
    if (!op) {
        if (!atomic_load(t->stop))
            set_fatal(t, err);
        return RES_ABORTED;
    }
    pthread_mutex_lock(&t->lock);
    /* Numbered by the schedule, not by start order: stable across -concurrency and shards. */
    int no = j->kind == JOB_SERIES ? ++t->started : j->firstGame + gameInJob + 1;
    if (t->totalGames)
        printf("Started game %d of %d (%s vs %s)\n", no, t->totalGames, c->engines[white].name, c->engines[black].name);
    else
        printf("Started game %d (%s vs %s)\n", no, c->engines[white].name, c->engines[black].name);
    fflush(stdout);
    pthread_mutex_unlock(&t->lock);

    GameSetup s = {{&w->players[white], &w->players[black]},
                   {&c->engines[white].tc, &c->engines[black].tc},
                   op,
                   &c->adj,
                   t->stop,
                   c->variant};
    GameOutcome o;
    fill_tags(w, j, gameInJob, white, black);
    game_play(&s, w->pos, &w->rec, &o);
    for (int e = 0; e < 2; e++)
        if (c->engines[e ? black : white].restart)
            player_quit(&w->players[e ? black : white]);
    if (o.startup && !c->recover && o.result != GAME_ABORTED) {
        snprintf(err, sizeof err, "%s (use -recover to let such games be forfeited and go on)", w->rec.comment);
        set_fatal(t, err);
        o.result = GAME_ABORTED;
    }
    if (o.result == GAME_ABORTED) {
        pthread_mutex_lock(&t->lock);
        t->r.aborted++;
        pthread_mutex_unlock(&t->lock);
        return RES_ABORTED;
    }
    pthread_mutex_lock(&t->lock);
    record_game(t, j, gameInJob, no, white, &o, &w->rec, w->opCandidate);
    pthread_mutex_unlock(&t->lock);
    return job_result(j, white, o.result);
}

/* A game the state file restored, or else the game played now. */
static int play_or_restored(Worker *w, const Job *j, int gameInJob, int white, int slot) {
    const JobProgress *pg = w->t->progress ? &w->t->progress[j->index] : NULL;
    if (pg && pg->done >> gameInJob & 1)
        return pg->res[gameInJob];
    return play(w, j, gameInJob, white, slot);
}

static void run_series(Worker *w, const Job *j) {
    Series s;
    series_init(&s);
    for (int g = 0; s.outcome == SERIES_OPEN; g++) {
        int r = play_or_restored(w, j, g, job_white(j, g), job_slot(j, g));
        if (r == RES_ABORTED)
            return;
        series_add(&s, series_result(r));
    }
    record_series(w->t, j, &s);
}

static void run_job(Worker *w, const Job *j) {
    switch (j->kind) {
    case JOB_SINGLE:
        play(w, j, 0, job_white(j, 0), j->slot);
        break;
    case JOB_PAIR: {
        int r0 = play_or_restored(w, j, 0, job_white(j, 0), j->slot);
        int r1 = r0 == RES_ABORTED ? RES_ABORTED : play_or_restored(w, j, 1, job_white(j, 1), j->slot);
        if (r1 != RES_ABORTED)
            record_pair(w->t, j, r0, r1);
        break;
    }
    default:
        run_series(w, j);
    }
}

static void *worker_main(void *arg) {
    Worker *w = arg;
    Tourney *t = w->t;
    for (;;) {
        pthread_mutex_lock(&t->lock);
        Job j;
        while (t->progress && t->nextJob < t->njobs && t->progress[t->nextJob].complete)
            t->nextJob++; /* restored from the state file */
        bool have = !atomic_load(t->stop) && t->nextJob < t->njobs;
        if (have)
            j = t->jobs[t->nextJob++];
        pthread_mutex_unlock(&t->lock);
        if (!have)
            break;
        run_job(w, &j);
    }
    for (int e = 0; e < t->cfg->nengines; e++)
        player_free(&w->players[e]);
    return NULL;
}

#ifdef QEC_TEST_HOOKS
static TestKill test_kill_of(const char *v) {
    static const char *const WHEN[] = {"", "pgn", "unsaved", "saved", "unlink"};
    TestKill k = {KILL_NONE, 0};
    for (int i = KILL_PGN; v && i <= KILL_UNLINK; i++) {
        size_t n = strlen(WHEN[i]);
        if (!strncmp(v, WHEN[i], n) && v[n] == ':' && atoi(v + n + 1) > 0)
            k = (TestKill){i, atoi(v + n + 1)};
    }
    return k;
}
#endif

/* ---- the run ---- */

static bool setup(Tourney *t, const MatchConfig *cfg, atomic_int *stop) {
    char err[400];
    memset(t, 0, sizeof *t);
    t->cfg = cfg;
    t->stop = stop;
    t->r.sprtState = SPRT_CONTINUE;
    t->r.cfg = cfg;
    pthread_mutex_init(&t->lock, NULL);
    int n = cfg->nengines;
    t->r.enc = calloc((size_t)(n * n), sizeof *t->r.enc);
    t->r.eng = calloc((size_t)n, sizeof *t->r.eng);
    if (!t->r.enc || !t->r.eng || !schedule_build(t)) {
        fprintf(stderr, "qecmatch: out of memory (or too many games)\n");
        return false;
    }
    uint64_t seed = cfg->seed;
    if (cfg->statePath && !resume_begin(t, &seed))
        return false;
    OpeningsConfig oc = cfg->openings;
    oc.variant = cfg->variant;
    if (!openings_load(&t->book, &oc, seed, err, sizeof err)) {
        fprintf(stderr, "qecmatch: %s\n", err);
        return false;
    }
    t->r.seed = t->book.seed;
    t->r.scheduled = t->totalGames;
#ifdef QEC_TEST_HOOKS
    t->kill = test_kill_of(getenv("QECMATCH_TEST_KILL"));
#endif
    if (cfg->statePath && !resume_restore(t))
        return false;
    if (cfg->pgnout && !(t->pgn = fopen(cfg->pgnout, "a"))) {
        fprintf(stderr, "qecmatch: cannot open %s for writing\n", cfg->pgnout);
        return false;
    }
    return !cfg->statePath || resume_start(t);
}

static void teardown(Tourney *t) {
    if (t->pgn)
        fclose(t->pgn);
    openings_free(&t->book);
    free(t->jobs);
    free(t->r.enc);
    free(t->r.eng);
    free(t->r.notes);
    free(t->progress);
    free(t->slotCandidate);
    state_free(&t->state);
    pthread_mutex_destroy(&t->lock);
}

static int run_workers(Tourney *t) {
    const MatchConfig *cfg = t->cfg;
    int nw = cfg->concurrency < t->pending ? cfg->concurrency : t->pending;
    Worker *w = calloc((size_t)(nw ? nw : 1), sizeof *w);
    pthread_t *th = calloc((size_t)(nw ? nw : 1), sizeof *th);
    bool ok = w && th;
    int started = 0;
    for (int i = 0; ok && i < nw; i++) {
        w[i].t = t;
        w[i].id = i;
        w[i].players = calloc((size_t)cfg->nengines, sizeof *w[i].players);
        w[i].pos = malloc(sizeof *w[i].pos);
        w[i].op = malloc(sizeof *w[i].op);
        w[i].opSlot = -1;
        if (!w[i].players || !w[i].pos || !w[i].op) {
            ok = false;
            break;
        }
        pgn_init(&w[i].rec);
        for (int e = 0; e < cfg->nengines; e++)
            player_init(&w[i].players[e], &cfg->engines[e], t->stop, cfg->readyTimeoutUs, cfg->debug ? stderr : NULL,
                        i + 1);
        if (pthread_create(&th[i], NULL, worker_main, &w[i])) {
            ok = false;
            break;
        }
        started++;
    }
    if (!ok)
        set_fatal(t, "cannot start the worker threads");
    for (int i = 0; i < started; i++)
        pthread_join(th[i], NULL);
    for (int i = 0; w && i < nw; i++) {
        pgn_free(&w[i].rec);
        free(w[i].players);
        free(w[i].pos);
        free(w[i].op);
    }
    free(w);
    free(th);
    return ok;
}

int tourney_run(const MatchConfig *cfg, atomic_int *stop) {
    Tourney *t = malloc(sizeof *t);
    if (!t || !setup(t, cfg, stop)) {
        int status = t && t->refused ? 2 : 1;
        if (t)
            teardown(t);
        free(t);
        return status;
    }
    printf("qecmatch: %d engines, %d %s, concurrency %d, seed %llu\n", cfg->nengines, t->njobs,
           cfg->series ? "series" : t->njobs == 1 ? "job" : "jobs (games or game pairs)", cfg->concurrency,
           (unsigned long long)t->book.seed);
    if (cfg->shardCount > 1)
        printf("qecmatch: shard %d/%d: jobs numbered %d mod %d of the %d in the schedule\n", cfg->shardIndex,
               cfg->shardCount, cfg->shardIndex, cfg->shardCount, t->scheduledJobs);
    if (t->resumed)
        printf("qecmatch: resumed from %s: %d finished game%s restored, %d of %d %s left to play\n", cfg->statePath,
               t->state.ngames, t->state.ngames == 1 ? "" : "s", t->pending, t->njobs, cfg->series ? "series" : "jobs");
    fflush(stdout);
    run_workers(t);
    bool interrupted = atomic_load(stop) && !t->r.sprtStopped && !t->r.fatal;
    report_summary(&t->r, interrupted);
    int status = t->r.fatal ? 1 : interrupted ? 130 : 0;
    if (t->r.fatal)
        fprintf(stderr, "qecmatch: %s\n", t->r.fatalMsg);
    if (cfg->jsonout && !report_json(&t->r, interrupted)) {
        fprintf(stderr, "qecmatch: cannot write %s\n", cfg->jsonout);
        status = 1;
    }
    teardown(t);
    free(t);
    return status;
}
