/* What the tournament's files share (tourney.c: the workers and the run; schedule.c: the jobs
 * and their games; tally.c: the results; resume.c: -state FILE, saving each finished game and
 * resuming); not part of the tournament's API (tourney.h). */
#ifndef QEC_MATCH_TOURNEY_INTERNAL_H
#define QEC_MATCH_TOURNEY_INTERNAL_H

#include <pthread.h>
#include <stdio.h>

#include "report.h"
#include "series.h"
#include "state.h"
#include "tourney.h"

enum { JOB_SINGLE, JOB_PAIR, JOB_SERIES };
/* Opening slots a series reserves: three regular games and a sudden-death game. */
enum { SERIES_SLOTS = 4 };
/* A game's result from the first player's (job.a) point of view. */
enum { RES_A_WINS, RES_B_WINS, RES_DRAW, RES_BOTH_LOSE, RES_ABORTED };

typedef struct {
    int a, b, kind, slot, number;
    int firstGame;      /* games before this job in the whole schedule (series: 0) */
    bool bWhiteFirst;   /* single games alternate colours */
    int index;          /* place in Tourney.jobs */
} Job;

/* The games of a job a -state file says are finished (restored, not played again). */
typedef struct {
    unsigned done;      /* bit g: game g of the job is finished */
    signed char res[STATE_MAX_GAMES_PER_JOB]; /* RES_* of each finished game */
    bool complete;      /* nothing left to play */
} JobProgress;

/* Test hook (tests/match/resume.sh), compiled in only with -DQEC_TEST_HOOKS (the test build
 * $(BUILD)/tests/qecmatch_hooks, match/module.mk): QECMATCH_TEST_KILL=WHEN:N kills the runner
 * with SIGKILL at the N-th game finished in this run: `pgn` in the middle of its PGN record,
 * `unsaved` after its record and before the state file, `saved` after the state file;
 * `unlink` does not kill: it deletes the state file before that game is saved to it. The
 * field stays in every build so that all objects agree on the struct's layout. */
enum { KILL_NONE, KILL_PGN, KILL_UNSAVED, KILL_SAVED, KILL_UNLINK };
typedef struct {
    int when, game;
} TestKill;

typedef struct {
    const MatchConfig *cfg;
    atomic_int *stop;
    OpeningBook book;
    Job *jobs;
    int njobs, nextJob;
    int scheduledJobs;  /* jobs of the whole schedule (all shards) */
    pthread_mutex_t lock;
    int started, totalGames;
    FILE *pgn;
    Results r;          /* what the summary and the JSON report */
    int nslots;         /* opening slots of the whole schedule */
    /* -state FILE: the progress saved after every game, and what a resumed run restored */
    MatchState state;
    bool resumed, refused;
    bool stateRewrite;      /* the file as read must be written whole before the first game */
    JobProgress *progress;  /* [job index]; NULL without -state */
    int *slotCandidate;     /* [slot]: candidate a restored game was played from (-1: none) */
    int pending;            /* jobs with games left to play */
    int recordedNow;        /* games finished in this run */
    TestKill kill;
} Tourney;

/* The schedule (schedule.c). schedule_build deals the jobs (false: too many games, or out of
 * memory); schedule_find_job finds a job by its number in the whole schedule (NULL: not this
 * shard's, or none). Of game g of job j: its White (job_white) and opening slot (job_slot); the
 * games a job can have (job_games); a game's result (GAME_*, White's view) as RES_* of the
 * job's first player (job_result); a RES_* as a series counts it (series_result). */
bool schedule_build(Tourney *t);
const Job *schedule_find_job(const Tourney *t, int number);
int job_white(const Job *j, int g);
int job_slot(const Job *j, int g);
int job_games(const Job *j);
int job_result(const Job *j, int white, int result);
int series_result(int res);

/* The results (tally.c), called with the lock held: one finished game, played now or restored
 * from the state file; a finished pair; a finished series; the SPRT's verdict so far (a verdict
 * stops the match). */
void tally_game(Tourney *t, const Job *j, int no, int white, const GameOutcome *o, const char *termination,
                const char *comment);
void tally_pair(Tourney *t, const Job *j, int r0, int r1);
void tally_series(Tourney *t, const Job *j, const Series *s);
void tally_check_sprt(Tourney *t);

/* -state FILE (resume.c). resume_begin reads the file if there is one (before the openings are
 * dealt: a resumed match takes the saved seed); resume_restore checks that it fits this match's
 * openings and schedule, restores its games and cuts the PGN back to the last finished game;
 * resume_start writes the state the run begins from. resume_begin and resume_restore refuse
 * with a message on stderr and t->refused set; resume_start says on stderr why it could not
 * write. resume_save_game adds a finished game (err says why it could not). */
bool resume_begin(Tourney *t, uint64_t *seed);
bool resume_restore(Tourney *t);
bool resume_start(Tourney *t);
bool resume_save_game(Tourney *t, const Job *j, int gameInJob, int no, int white, const GameOutcome *o,
                      const PgnGame *rec, int candidate, char *err, size_t len);

#endif
