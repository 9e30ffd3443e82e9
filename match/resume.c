/* -state FILE for the tournament (docs/testers/qecmatch-resume.md): each finished game saved to
 * the state file (match/state.h) after its record, and a resumed match checked against this
 * schedule and its games restored, counted as if they were played in this run. */
#include "tourney_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- saving ---- */

/* Appends the game to the state file, with the PGN's length after its record (on the disk
 * first, so that the state never counts bytes a crash could lose). */
bool resume_save_game(Tourney *t, const Job *j, int gameInJob, int no, int white, const GameOutcome *o,
                      const PgnGame *rec, int candidate, char *err, size_t len) {
    StateGame g = {.job = j->number, .game = gameInJob, .number = no, .white = white, .result = o->result,
                   .forfeit = o->forfeit, .forfeiter = o->forfeiter, .candidate = candidate};
    for (int c = 0; c < 2; c++) {
        g.decisions[c] = o->decisionsAsked[c];
        g.overruns[c] = o->overruns[c];
        g.worstOverrunUs[c] = o->worstOverrunUs[c];
    }
    snprintf(g.termination, sizeof g.termination, "%s", rec->termination);
    if (o->forfeit)
        snprintf(g.detail, sizeof g.detail, "%s", rec->comment);
    g.pgnBytes = -1;
    if (t->pgn) {
        struct stat st;
        fsync(fileno(t->pgn)); /* fails on a pipe or terminal, which cannot be resumed anyway */
        g.pgnBytes = !fstat(fileno(t->pgn), &st) && S_ISREG(st.st_mode) ? (long long)st.st_size : -1;
    }
    bool rewritten;
    if (!state_append(t->cfg->statePath, &t->state, &g, &rewritten, err, len))
        return false;
    if (rewritten)
        fprintf(stderr, "qecmatch: the state file %s was gone; written again with the %d games finished\n",
                t->cfg->statePath, t->state.ngames);
    return true;
}

/* ---- resuming ---- */

static bool refuse(Tourney *t, const char *msg) {
    fprintf(stderr, "qecmatch: %s\n", msg);
    t->refused = true;
    return false;
}

/* Reads the state file if there is one: the seed of a resumed match is the saved one (a seed
 * from the clock would deal other openings). */
bool resume_begin(Tourney *t, uint64_t *seed) {
    const MatchConfig *c = t->cfg;
    char err[600], why[400];
    bool exists = false;
    if (!state_load(c->statePath, &t->state, &exists, err, sizeof err))
        return refuse(t, err);
    if (exists && !state_same_args(&t->state, c->argc, c->argv, why, sizeof why)) {
        snprintf(err, sizeof err, "the state file %s belongs to another command: %s; refusing to resume (give the "
                 "same arguments, or another -state file)", c->statePath, why);
        return refuse(t, err);
    }
    t->resumed = exists;
    if (exists)
        *seed = t->state.seed;
    /* The file is written whole (resume_start) only when something in it changes: a new match,
     * a line cut short, a version 1 file, or a moved or copied file, which records its new path
     * from now on; else the run only appends. */
    bool sameWords = exists && t->state.nargs == c->argc;
    for (int i = 0; sameWords && i < c->argc; i++)
        sameWords = !strcmp(t->state.args[i], c->argv[i]);
    t->stateRewrite = !sameWords || t->state.tornBytes || t->state.version != STATE_VERSION;
    if (!state_set_args(&t->state, c->argc, c->argv))
        return refuse(t, "out of memory");
    return true;
}

/* Why a saved game does not belong where it says in this schedule (NULL: it does). */
static const char *misfit(const Tourney *t, const StateGame *g, const Job *j) {
    const JobProgress *pg = &t->progress[j->index];
    int known = t->slotCandidate[job_slot(j, g->game)];
    if (g->game >= job_games(j))
        return "no such game";
    if (pg->done >> g->game & 1)
        return "given twice";
    if (pg->complete)
        return "after the series ended";
    if (j->kind == JOB_SERIES && g->game && !(pg->done >> (g->game - 1) & 1))
        return "before the game before it"; /* one worker plays a series, in order */
    if (g->white != job_white(j, g->game))
        return "with the wrong colours";
    if (j->kind != JOB_SERIES && g->number != j->firstGame + g->game + 1)
        return "with the wrong number";
    if (known >= 0 && known != g->candidate)
        return "from another opening than its pair";
    return NULL;
}

static bool restored_fits(const Tourney *t, const StateGame *g, const Job *j, char *err, size_t len) {
    const char *why = j ? misfit(t, g, j) : NULL;
    if (!j)
        snprintf(err, len, "job %d is not in this match%s", g->job, t->cfg->shardCount > 1 ? " (or this shard)" : "");
    else if (why)
        snprintf(err, len, "game %d of job %d %s", g->game, g->job, why);
    return j && !why;
}

/* Counts a saved game as a game finished in this run would be, in the same order. */
static void restore_game(Tourney *t, const StateGame *g, const Job *j) {
    JobProgress *pg = &t->progress[j->index];
    GameOutcome o = {.result = g->result, .forfeit = g->forfeit, .forfeiter = g->forfeiter};
    for (int c = 0; c < 2; c++) {
        o.decisionsAsked[c] = g->decisions[c];
        o.overruns[c] = g->overruns[c];
        o.worstOverrunUs[c] = g->worstOverrunUs[c];
    }
    tally_game(t, j, g->number, g->white, &o, g->termination, g->detail);
    pg->done |= 1u << g->game;
    pg->res[g->game] = (signed char)job_result(j, g->white, g->result);
    int *known = &t->slotCandidate[job_slot(j, g->game)];
    if (*known < 0) { /* the balance check rejected the candidates before it */
        *known = g->candidate;
        t->r.openingsRejected += g->candidate;
    }
    if (j->kind == JOB_SERIES && g->number > t->started)
        t->started = g->number; /* series games are numbered as they start */
    if (!t->cfg->repeat)
        tally_check_sprt(t);
    if (j->kind == JOB_SINGLE)
        pg->complete = true;
    else if (j->kind == JOB_PAIR && pg->done == 3) {
        tally_pair(t, j, pg->res[0], pg->res[1]);
        pg->complete = true;
    } else if (j->kind == JOB_SERIES) {
        Series s;
        series_init(&s);
        for (int k = 0; pg->done >> k & 1; k++)
            series_add(&s, series_result(pg->res[k]));
        if (s.outcome != SERIES_OPEN) {
            tally_series(t, j, &s);
            pg->complete = true;
        }
    }
    if (pg->complete)
        t->pending--;
}

/* Checks a resumed match deals the same openings and schedule, then restores its games. */
static bool state_restore(Tourney *t) {
    MatchState *st = &t->state;
    char err[700], why[300];
    t->progress = calloc((size_t)(t->njobs ? t->njobs : 1), sizeof *t->progress);
    t->slotCandidate = malloc(sizeof *t->slotCandidate * (size_t)(t->nslots ? t->nslots : 1));
    if (!t->progress || !t->slotCandidate)
        return refuse(t, "out of memory");
    for (int i = 0; i < t->nslots; i++)
        t->slotCandidate[i] = -1;
    uint64_t fingerprint = openings_fingerprint(&t->book);
    if (!t->resumed) {
        st->seed = t->book.seed;
        st->openings = t->book.n;
        st->openingsHash = fingerprint;
        st->scheduledJobs = t->scheduledJobs;
        st->pgnBytes = st->pgnStart = -1;
        return true;
    }
    if (st->seed != t->book.seed || st->openings != t->book.n || st->openingsHash != fingerprint ||
        st->scheduledJobs != t->scheduledJobs) {
        snprintf(err, sizeof err, "the state file %s was written for other openings or another schedule (%d openings "
                 "and %d jobs there, %d and %d here, or the openings file changed); refusing to resume",
                 t->cfg->statePath, st->openings, st->scheduledJobs, t->book.n, t->scheduledJobs);
        return refuse(t, err);
    }
    for (int i = 0; i < st->ngames; i++) {
        const StateGame *g = &st->games[i];
        const Job *j = schedule_find_job(t, g->job);
        if (!restored_fits(t, g, j, why, sizeof why)) {
            char where[32];
            if (st->version == STATE_VERSION)
                snprintf(where, sizeof where, "line %d", i + 2);
            else
                snprintf(where, sizeof where, "games[%d]", i);
            snprintf(err, sizeof err, "the state file %s is malformed (%s: %s); refusing to resume",
                     t->cfg->statePath, where, why);
            return refuse(t, err);
        }
        restore_game(t, g, j);
    }
    return true;
}

/* A resumed match's PGN loses what follows the last finished game's record: the start of a
 * record a crash cut short, or a record the state file did not get to count. */
static bool cut_pgn(Tourney *t) {
    const char *path = t->cfg->pgnout;
    long long want = t->state.pgnBytes;
    char err[700];
    struct stat st;
    if (!t->resumed || want < 0)
        return true;
    if (stat(path, &st)) {
        if (want == 0)
            return true;
        snprintf(err, sizeof err, "the PGN file %s is gone, but the state file %s counts %lld bytes of finished games "
                 "in it; refusing to resume", path, t->cfg->statePath, want);
        return refuse(t, err);
    }
    if (!S_ISREG(st.st_mode))
        return true;
    if (st.st_size < want) {
        snprintf(err, sizeof err, "the PGN file %s has %lld bytes, fewer than the %lld the state file %s counts after "
                 "its last finished game; refusing to resume", path, (long long)st.st_size, want, t->cfg->statePath);
        return refuse(t, err);
    }
    if (st.st_size > want) {
        if (truncate(path, (off_t)want)) {
            snprintf(err, sizeof err, "cannot cut the PGN file %s back to its last finished game", path);
            return refuse(t, err);
        }
        printf("qecmatch: resuming: %lld bytes after the last finished game dropped from %s\n",
               (long long)st.st_size - want, path);
    }
    return true;
}

bool resume_restore(Tourney *t) {
    return state_restore(t) && (!t->cfg->pgnout || cut_pgn(t));
}

bool resume_start(Tourney *t) {
    char err[600];
    if (t->resumed && !t->stateRewrite)
        return true;
    if (t->state.tornBytes) /* said once the match is known to resume: a refusal changes nothing */
        printf("qecmatch: resuming: the state file %s ends in %lld bytes of a line cut short (line %d: a write the "
               "stop interrupted); dropped, its game is played again\n",
               t->cfg->statePath, t->state.tornBytes, t->state.tornLine);
    if (t->pgn && !t->resumed) {
        struct stat st;
        t->state.pgnBytes = !fstat(fileno(t->pgn), &st) && S_ISREG(st.st_mode) ? (long long)st.st_size : -1;
        t->state.pgnStart = t->state.pgnBytes;
    }
    if (!state_save(t->cfg->statePath, &t->state, err, sizeof err)) {
        fprintf(stderr, "qecmatch: %s\n", err);
        return false;
    }
    return true;
}
