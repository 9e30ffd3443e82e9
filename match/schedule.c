/* The schedule (tourney_internal.h): the jobs of a round-robin or a gauntlet (single games, game
 * pairs with -repeat, series), a shard's share of them, and for each game of a job its colours
 * and opening slot; a game's result as the job's first player sees it. */
#include "tourney_internal.h"

#include <stdlib.h>

/* Every job gets its number and first game number in the whole schedule; a shard (-shard I/N)
 * keeps the jobs dealt to it, job number mod N = I, so the N shards together play exactly the
 * games of the unsharded run, with the same openings (slots), colours and numbers. */
static void add_job(Tourney *t, Job j, int *games) {
    const MatchConfig *c = t->cfg;
    j.number = t->scheduledJobs++;
    j.firstGame = *games;
    *games += j.kind == JOB_PAIR ? 2 : j.kind == JOB_SINGLE ? 1 : 0;
    if (c->shardCount <= 1 || j.number % c->shardCount == c->shardIndex) {
        j.index = t->njobs;
        t->jobs[t->njobs++] = j;
    }
}

bool schedule_build(Tourney *t) {
    const MatchConfig *c = t->cfg;
    int n = c->nengines, nenc = c->tournament == TOURNEY_GAUNTLET ? n - 1 : n * (n - 1) / 2;
    long perEnc = c->series ? 1 : c->games;
    long total = (long)c->rounds * nenc * perEnc;
    if (total > 50 * 1000 * 1000)
        return false;
    t->jobs = malloc(sizeof *t->jobs * (size_t)(total ? total : 1));
    if (!t->jobs)
        return false;
    int slot = 0, games = 0;
    for (int r = 0; r < c->rounds; r++)
        for (int a = 0; a < n; a++)
            for (int b = a + 1; b < n; b++) {
                if (c->tournament == TOURNEY_GAUNTLET && a != 0)
                    continue;
                if (c->series) {
                    add_job(t, (Job){a, b, JOB_SERIES, slot, 0, 0, false, 0}, &games);
                    slot += SERIES_SLOTS;
                    continue;
                }
                for (int k = 0; k < c->games; k++) {
                    if (c->repeat && k + 1 < c->games) {
                        add_job(t, (Job){a, b, JOB_PAIR, slot++, 0, 0, false, 0}, &games);
                        k++;
                    } else
                        add_job(t, (Job){a, b, JOB_SINGLE, slot++, 0, 0, k % 2 == 1, 0}, &games);
                }
            }
    t->totalGames = c->series ? 0 : (int)total;
    t->nslots = slot;
    t->pending = t->njobs;
    return true;
}

const Job *schedule_find_job(const Tourney *t, int number) {
    int lo = 0, hi = t->njobs - 1;
    while (lo <= hi) { /* jobs are in schedule order */
        int mid = lo + (hi - lo) / 2;
        if (t->jobs[mid].number == number)
            return &t->jobs[mid];
        if (t->jobs[mid].number < number)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return NULL;
}

/* The games a job can have (a series: three regular games and a sudden-death game). */
int job_games(const Job *j) {
    return j->kind == JOB_SINGLE ? 1 : j->kind == JOB_PAIR ? 2 : SERIES_SLOTS;
}

/* A result (RES_*, not RES_ABORTED) as a series counts it (SERIES_* of match/series.h). */
int series_result(int res) {
    static const int AS_SERIES[] = {[RES_A_WINS] = SERIES_WIN_A, [RES_B_WINS] = SERIES_WIN_B,
                                    [RES_DRAW] = SERIES_DRAW, [RES_BOTH_LOSE] = SERIES_BOTH_LOSE};
    return AS_SERIES[res];
}

/* A game's result (GAME_*, White's view) as RES_*, the first player's (job.a) view. */
int job_result(const Job *j, int white, int result) {
    static const int A_VIEW[] = {[GAME_WHITE_WINS] = RES_A_WINS, [GAME_BLACK_WINS] = RES_B_WINS,
                                 [GAME_DRAW] = RES_DRAW, [GAME_BOTH_LOSE] = RES_BOTH_LOSE};
    int r = A_VIEW[result];
    if (white != j->a && r <= RES_B_WINS)
        r ^= 1;
    return r;
}

/* White of game g of a job: single games alternate by schedule, a pair swaps, and in a series
 * colours alternate game by game and the first colour series by series. */
int job_white(const Job *j, int g) {
    if (j->kind == JOB_SINGLE)
        return j->bWhiteFirst ? j->b : j->a;
    if (j->kind == JOB_PAIR)
        return g == 0 ? j->a : j->b;
    return (j->number + g) % 2 == 0 ? j->a : j->b;
}

/* The opening slot of game g of a job (a series' games after the third share the last). */
int job_slot(const Job *j, int g) {
    return j->kind == JOB_SERIES ? j->slot + (g < SERIES_SLOTS ? g : SERIES_SLOTS - 1) : j->slot;
}
