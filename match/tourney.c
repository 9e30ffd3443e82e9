#include "tourney.h"

#include <cJSON.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "series.h"

enum { JOB_SINGLE, JOB_PAIR, JOB_SERIES };
/* Opening slots a series reserves: three regular games and a sudden-death game. */
enum { SERIES_SLOTS = 4 };
/* A game's result from the first player's (job.a) point of view. */
enum { RES_A_WINS, RES_B_WINS, RES_DRAW, RES_BOTH_LOSE, RES_ABORTED };

typedef struct {
    int a, b, kind, slot, number;
    bool bWhiteFirst;   /* single games alternate colours */
} Job;

typedef struct {
    int w, l, d, dk;    /* first player's wins, losses, draws, dual-king games */
    int byColour[2][3]; /* [colour of the first player][win, loss, draw or 0-0] */
    int penta[PENTA_BINS];
    int series[SERIES_ROLLOVER + 1];
    int seriesGames;
} Encounter;

typedef struct {
    int w, l, d, dk;
    int forfeits[FORFEIT_COUNT];
} Totals;

typedef struct {
    int game, engine, reason;
    char detail[256];
} ForfeitNote;

typedef struct {
    char name[48];
    int count;
} Count;

typedef struct {
    const MatchConfig *cfg;
    atomic_int *stop;
    OpeningBook book;
    Job *jobs;
    int njobs, nextJob;
    pthread_mutex_t lock;
    int started, finished, aborted, totalGames;
    Encounter *enc;     /* [a * nengines + b] */
    Totals *eng;
    Count term[32];
    int nterm;
    int colour[4];      /* white wins, black wins, draws, dual king */
    FILE *pgn;
    bool fatal, sprtStopped;
    char fatalMsg[400];
    int sprtState;
    double llr;
    ForfeitNote *notes;
    int nnotes;
} Tourney;

typedef struct {
    Tourney *t;
    int id;
    Player *players;    /* one per engine, started when first needed */
    Position *pos;
    PgnGame rec;
} Worker;

/* ---- schedule ---- */

static void add_job(Tourney *t, Job j) {
    j.number = t->njobs;
    t->jobs[t->njobs++] = j;
}

static bool schedule(Tourney *t) {
    const MatchConfig *c = t->cfg;
    int n = c->nengines, nenc = c->tournament == TOURNEY_GAUNTLET ? n - 1 : n * (n - 1) / 2;
    long perEnc = c->series ? 1 : c->games;
    long total = (long)c->rounds * nenc * perEnc;
    if (total > 50 * 1000 * 1000)
        return false;
    t->jobs = malloc(sizeof *t->jobs * (size_t)(total ? total : 1));
    if (!t->jobs)
        return false;
    int slot = 0;
    for (int r = 0; r < c->rounds; r++)
        for (int a = 0; a < n; a++)
            for (int b = a + 1; b < n; b++) {
                if (c->tournament == TOURNEY_GAUNTLET && a != 0)
                    continue;
                if (c->series) {
                    add_job(t, (Job){a, b, JOB_SERIES, slot, 0, false});
                    slot += SERIES_SLOTS;
                    continue;
                }
                for (int k = 0; k < c->games; k++) {
                    if (c->repeat && k + 1 < c->games) {
                        add_job(t, (Job){a, b, JOB_PAIR, slot++, 0, false});
                        k++;
                    } else
                        add_job(t, (Job){a, b, JOB_SINGLE, slot++, 0, k % 2 == 1});
                }
            }
    t->totalGames = c->series ? 0 : (int)total;
    return true;
}

/* ---- output helpers ---- */

static const char *fmt_num(double v, char *buf, size_t len) {
    if (isnan(v))
        snprintf(buf, len, "nan");
    else if (isinf(v))
        snprintf(buf, len, "%sinf", v > 0 ? "+" : "-");
    else
        snprintf(buf, len, "%.1f", fabs(v) < 0.05 ? 0.0 : v); /* no "-0.0" */
    return buf;
}

static void print_score(const Tourney *t, int a, int b) {
    const Encounter *e = &t->enc[a * t->cfg->nengines + b];
    EloEstimate est;
    char x[32], y[32];
    int n = e->w + e->l + e->d + e->dk;
    stats_elo_wld(e->w, e->l, e->d + e->dk, &est);
    /* cutechess's "W - L - D [score] N" first (D counts the dual-king games: W + L + D = N, as
     * tools that read cutechess output expect), then the dual-king games among them. */
    printf("Score of %s vs %s: %d - %d - %d  [%.3f] %d  (dual king 0-0: %d)  %.1f%%  Elo %s +/- %s\n",
           t->cfg->engines[a].name, t->cfg->engines[b].name, e->w, e->l, e->d + e->dk, n ? est.score : 0.5, n, e->dk,
           n ? 100 * est.score : 50.0, fmt_num(est.elo, x, sizeof x), fmt_num(est.err, y, sizeof y));
}

static void count_term(Tourney *t, const char *name) {
    for (int i = 0; i < t->nterm; i++)
        if (!strcmp(t->term[i].name, name)) {
            t->term[i].count++;
            return;
        }
    if (t->nterm < (int)(sizeof t->term / sizeof t->term[0])) {
        snprintf(t->term[t->nterm].name, sizeof t->term[0].name, "%s", name);
        t->term[t->nterm++].count = 1;
    }
}

static void set_fatal(Tourney *t, const char *msg) {
    pthread_mutex_lock(&t->lock);
    if (!t->fatal) {
        t->fatal = true;
        snprintf(t->fatalMsg, sizeof t->fatalMsg, "%s", msg);
    }
    atomic_store(t->stop, 1);
    pthread_mutex_unlock(&t->lock);
}

/* ---- results (called with the lock held) ---- */

static void check_sprt(Tourney *t) {
    if (!t->cfg->sprt || t->sprtState != SPRT_CONTINUE)
        return;
    const Encounter *e = &t->enc[1];
    const SprtConfig *s = &t->cfg->sprtCfg;
    t->llr = t->cfg->repeat ? stats_sprt_llr_penta(s, e->penta) : stats_sprt_llr_wld(s, e->w, e->l, e->d + e->dk);
    t->sprtState = stats_sprt_decide(s, t->llr);
    if (t->sprtState != SPRT_CONTINUE) {
        printf("SPRT: llr %.2f, %s accepted; stopping\n", t->llr, t->sprtState == SPRT_H1 ? "H1" : "H0");
        t->sprtStopped = true;
        atomic_store(t->stop, 1);
    }
}

static void note_forfeit(Tourney *t, int game, int engine, const GameOutcome *o, const char *comment) {
    ForfeitNote *n = realloc(t->notes, sizeof *n * (size_t)(t->nnotes + 1));
    if (!n)
        return;
    t->notes = n;
    n[t->nnotes] = (ForfeitNote){game, engine, o->forfeit, ""};
    snprintf(n[t->nnotes].detail, sizeof n[0].detail, "%s", comment);
    t->nnotes++;
    t->eng[engine].forfeits[o->forfeit]++;
}

static void add_totals(Totals *x, int res) {
    if (res == 0)
        x->w++;
    else if (res == 1)
        x->l++;
    else if (res == 2)
        x->d++;
    else
        x->dk++;
}

static void record_game(Tourney *t, const Job *j, int no, int white, const GameOutcome *o, PgnGame *rec) {
    int n = t->cfg->nengines, black = white == j->a ? j->b : j->a;
    Encounter *e = &t->enc[j->a * n + j->b];
    /* From White's view: 0 win, 1 loss, 2 draw, 3 both lose. */
    static const int WHITE_VIEW[] = {[GAME_WHITE_WINS] = 0, [GAME_BLACK_WINS] = 1, [GAME_DRAW] = 2,
                                     [GAME_BOTH_LOSE] = 3};
    int wv = WHITE_VIEW[o->result], bv = wv < 2 ? 1 - wv : wv;
    int av = white == j->a ? wv : bv;
    t->finished++;
    add_totals(&t->eng[white], wv);
    add_totals(&t->eng[black], bv);
    if (av == 0)
        e->w++;
    else if (av == 1)
        e->l++;
    else if (av == 2)
        e->d++;
    else
        e->dk++;
    e->byColour[white == j->a ? WHITE : BLACK][av > 2 ? 2 : av]++;
    t->colour[wv]++;
    count_term(t, rec->termination);
    if (o->forfeit)
        note_forfeit(t, no, o->forfeiter == WHITE ? white : black, o, rec->comment);
    if (t->pgn && (!pgn_write(t->pgn, rec) || fflush(t->pgn))) {
        snprintf(t->fatalMsg, sizeof t->fatalMsg, "cannot write the PGN file %s", t->cfg->pgnout);
        t->fatal = true;
        atomic_store(t->stop, 1);
    }
    printf("Finished game %d (%s vs %s): %s {%s}\n", no, t->cfg->engines[white].name, t->cfg->engines[black].name,
           rec->result, rec->comment);
    print_score(t, j->a, j->b);
    if (!t->cfg->repeat)
        check_sprt(t);
    fflush(stdout);
}

static int points2(int res) { return res == RES_A_WINS ? 2 : res == RES_B_WINS ? 0 : 1; }

static void record_pair(Tourney *t, const Job *j, int r0, int r1) {
    pthread_mutex_lock(&t->lock);
    t->enc[j->a * t->cfg->nengines + j->b].penta[points2(r0) + points2(r1)]++;
    check_sprt(t);
    fflush(stdout);
    pthread_mutex_unlock(&t->lock);
}

static void record_series(Tourney *t, const Job *j, const Series *s) {
    static const char *const WORDS[] = {"open", "won by", "won by", "rollover"};
    pthread_mutex_lock(&t->lock);
    Encounter *e = &t->enc[j->a * t->cfg->nengines + j->b];
    e->series[s->outcome]++;
    e->seriesGames += s->games;
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

static int play(Worker *w, const Job *j, int gameInJob, int white, int slot) {
    Tourney *t = w->t;
    const MatchConfig *c = t->cfg;
    int black = white == j->a ? j->b : j->a;
    char err[400];
    Opening *op = malloc(sizeof *op);
    if (!op || !openings_get(&t->book, slot, op, w->pos, err, sizeof err)) {
        set_fatal(t, op ? err : "out of memory");
        free(op);
        return RES_ABORTED;
    }
    pthread_mutex_lock(&t->lock);
    int no = ++t->started;
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
    free(op);
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
        t->aborted++;
        pthread_mutex_unlock(&t->lock);
        return RES_ABORTED;
    }
    pthread_mutex_lock(&t->lock);
    record_game(t, j, no, white, &o, &w->rec);
    pthread_mutex_unlock(&t->lock);
    static const int A_VIEW[] = {[GAME_WHITE_WINS] = RES_A_WINS, [GAME_BLACK_WINS] = RES_B_WINS,
                                 [GAME_DRAW] = RES_DRAW, [GAME_BOTH_LOSE] = RES_BOTH_LOSE};
    int r = A_VIEW[o.result];
    if (white != j->a && r <= RES_B_WINS)
        r ^= 1;
    return r;
}

static void run_series(Worker *w, const Job *j) {
    static const int AS_SERIES[] = {[RES_A_WINS] = SERIES_WIN_A, [RES_B_WINS] = SERIES_WIN_B,
                                    [RES_DRAW] = SERIES_DRAW, [RES_BOTH_LOSE] = SERIES_BOTH_LOSE};
    Series s;
    series_init(&s);
    for (int g = 0; s.outcome == SERIES_OPEN; g++) {
        /* Colours alternate game by game, and the first colour alternates series by series. */
        int white = (j->number + g) % 2 == 0 ? j->a : j->b;
        int r = play(w, j, g, white, j->slot + (g < SERIES_SLOTS ? g : SERIES_SLOTS - 1));
        if (r == RES_ABORTED)
            return;
        series_add(&s, AS_SERIES[r]);
    }
    record_series(w->t, j, &s);
}

static void run_job(Worker *w, const Job *j) {
    switch (j->kind) {
    case JOB_SINGLE:
        play(w, j, 0, j->bWhiteFirst ? j->b : j->a, j->slot);
        break;
    case JOB_PAIR: {
        int r0 = play(w, j, 0, j->a, j->slot);
        int r1 = r0 == RES_ABORTED ? RES_ABORTED : play(w, j, 1, j->b, j->slot);
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

/* ---- summary ---- */

static void print_encounter(const Tourney *t, int a, int b) {
    const MatchConfig *c = t->cfg;
    const Encounter *e = &t->enc[a * c->nengines + b];
    int n = e->w + e->l + e->d + e->dk;
    if (!n)
        return;
    char x[32], y[32], u[32], v[32];
    print_score(t, a, b);
    for (int col = WHITE; col <= BLACK; col++) {
        const int *k = e->byColour[col];
        printf("...      %s playing %s: %d - %d - %d\n", c->engines[a].name, col == WHITE ? "White" : "Black", k[0], k[1],
               k[2]);
    }
    EloEstimate est;
    stats_elo_wld(e->w, e->l, e->d + e->dk, &est);
    printf("Elo difference: %s +/- %s, LOS: %.1f %%, DrawRatio: %.1f %%\n", fmt_num(est.elo, x, sizeof x),
           fmt_num(est.err, y, sizeof y), 100 * stats_los(e->w, e->l), 100.0 * (e->d + e->dk) / n);
    int pairs = 0;
    for (int k = 0; k < PENTA_BINS; k++)
        pairs += e->penta[k];
    if (pairs) {
        stats_elo_penta(e->penta, &est);
        printf("Pentanomial [LL, LD, DD+WL, WD, WW]: [%d, %d, %d, %d, %d], Elo %s +/- %s, nElo %s +/- %s\n", e->penta[0],
               e->penta[1], e->penta[2], e->penta[3], e->penta[4], fmt_num(est.elo, x, sizeof x),
               fmt_num(est.err, y, sizeof y), fmt_num(est.nelo, u, sizeof u), fmt_num(est.nerr, v, sizeof v));
    }
    if (c->series)
        printf("Series: %s won %d, %s won %d, rollovers %d (%d games)\n", c->engines[a].name, e->series[SERIES_WON_A],
               c->engines[b].name, e->series[SERIES_WON_B], e->series[SERIES_ROLLOVER], e->seriesGames);
}

static void print_ranking(const Tourney *t) {
    const MatchConfig *c = t->cfg;
    int order[64];
    for (int i = 0; i < c->nengines; i++)
        order[i] = i;
    /* By points; a dual-king game is worth nothing to either side. */
    for (int i = 1; i < c->nengines; i++)
        for (int k = i; k > 0; k--) {
            const Totals *p = &t->eng[order[k - 1]], *q = &t->eng[order[k]];
            if (2 * q->w + q->d <= 2 * p->w + p->d)
                break;
            int tmp = order[k];
            order[k] = order[k - 1];
            order[k - 1] = tmp;
        }
    printf("Rank Name                          Elo     +/-   Games   Points  Score  Draw  DualKing\n");
    for (int i = 0; i < c->nengines; i++) {
        const Totals *e = &t->eng[order[i]];
        int n = e->w + e->l + e->d + e->dk;
        EloEstimate est;
        char x[32], y[32];
        stats_elo_wld(e->w, e->l, e->d + e->dk, &est);
        printf("%4d %-28s %6s %7s %7d %8.1f %5.1f%% %4.1f%% %9d\n", i + 1, c->engines[order[i]].name,
               fmt_num(est.elo, x, sizeof x), fmt_num(est.err, y, sizeof y), n, e->w + e->d / 2.0,
               n ? 100 * est.score : 0, n ? 100.0 * (e->d + e->dk) / n : 0, e->dk);
    }
}

static void print_summary(const Tourney *t, bool interrupted) {
    const MatchConfig *c = t->cfg;
    printf("\n=== Results: %d game%s%s ===\n", t->finished, t->finished == 1 ? "" : "s",
           interrupted ? " (interrupted)" : t->sprtStopped ? " (SPRT stopped the match)" : "");
    for (int a = 0; a < c->nengines; a++)
        for (int b = a + 1; b < c->nengines; b++)
            print_encounter(t, a, b);
    if (c->nengines > 2)
        print_ranking(t);
    printf("White vs Black: %d - %d - %d  (dual king 0-0: %d)\n", t->colour[0], t->colour[1], t->colour[2] + t->colour[3],
           t->colour[3]);
    if (c->sprt) {
        double lo, hi;
        stats_sprt_bounds(&c->sprtCfg, &lo, &hi);
        printf("SPRT (%s, elo0 %.2f, elo1 %.2f, alpha %.3f, beta %.3f): llr %.2f (%.1f%%), lbound %.2f, ubound %.2f - %s\n",
               c->sprtCfg.model == SPRT_LOGISTIC ? "logistic" : "normalized", c->sprtCfg.elo0, c->sprtCfg.elo1,
               c->sprtCfg.alpha, c->sprtCfg.beta, t->llr, 100 * t->llr / hi, lo, hi,
               t->sprtState == SPRT_H1   ? "H1 was accepted"
               : t->sprtState == SPRT_H0 ? "H0 was accepted"
                                         : "no decision yet");
    }
    printf("Terminations:");
    for (int i = 0; i < t->nterm; i++)
        printf("%s %s %d", i ? "," : "", t->term[i].name, t->term[i].count);
    printf("%s\n", t->nterm ? "" : " none");
    for (int e = 0; e < c->nengines; e++) {
        int total = 0;
        for (int r = 1; r < FORFEIT_COUNT; r++)
            total += t->eng[e].forfeits[r];
        if (!total)
            continue;
        printf("Forfeits of %s:", c->engines[e].name);
        for (int r = 1, first = 1; r < FORFEIT_COUNT; r++)
            if (t->eng[e].forfeits[r]) {
                printf("%s %s %d", first ? "" : ",", game_forfeit_name(r), t->eng[e].forfeits[r]);
                first = 0;
            }
        printf("\n");
    }
    if (t->aborted)
        printf("Aborted games (not counted): %d\n", t->aborted);
    fflush(stdout);
}

/* JSON has no infinities: those become null. */
static void add_num(cJSON *o, const char *k, double v) {
    if (isfinite(v))
        cJSON_AddNumberToObject(o, k, v);
    else
        cJSON_AddNullToObject(o, k);
}

static cJSON *json_encounter(const Tourney *t, int a, int b) {
    const MatchConfig *c = t->cfg;
    const Encounter *e = &t->enc[a * c->nengines + b];
    cJSON *o = cJSON_CreateObject();
    EloEstimate est;
    cJSON_AddStringToObject(o, "first", c->engines[a].name);
    cJSON_AddStringToObject(o, "second", c->engines[b].name);
    cJSON_AddNumberToObject(o, "games", e->w + e->l + e->d + e->dk);
    cJSON_AddNumberToObject(o, "wins", e->w);
    cJSON_AddNumberToObject(o, "losses", e->l);
    cJSON_AddNumberToObject(o, "draws", e->d);
    cJSON_AddNumberToObject(o, "dualKing", e->dk);
    stats_elo_wld(e->w, e->l, e->d + e->dk, &est);
    add_num(o, "score", est.score);
    add_num(o, "elo", est.elo);
    add_num(o, "eloError", est.err);
    add_num(o, "los", stats_los(e->w, e->l));
    cJSON_AddItemToObject(o, "pentanomial", cJSON_CreateIntArray(e->penta, PENTA_BINS));
    stats_elo_penta(e->penta, &est);
    add_num(o, "pentaElo", est.valid ? est.elo : NAN);
    add_num(o, "pentaEloError", est.valid ? est.err : NAN);
    add_num(o, "pentaNelo", est.valid ? est.nelo : NAN);
    if (c->series) {
        cJSON *s = cJSON_AddObjectToObject(o, "series");
        cJSON_AddNumberToObject(s, "wonByFirst", e->series[SERIES_WON_A]);
        cJSON_AddNumberToObject(s, "wonBySecond", e->series[SERIES_WON_B]);
        cJSON_AddNumberToObject(s, "rollovers", e->series[SERIES_ROLLOVER]);
        cJSON_AddNumberToObject(s, "games", e->seriesGames);
    }
    return o;
}

static cJSON *json_summary(const Tourney *t, bool interrupted) {
    const MatchConfig *c = t->cfg;
    cJSON *root = cJSON_CreateObject();
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)t->book.seed);
    cJSON_AddStringToObject(root, "seed", seed);
    cJSON_AddNumberToObject(root, "games", t->finished);
    cJSON_AddNumberToObject(root, "aborted", t->aborted);
    cJSON_AddBoolToObject(root, "interrupted", interrupted);
    cJSON_AddBoolToObject(root, "sprtStopped", t->sprtStopped);
    if (t->fatal)
        cJSON_AddStringToObject(root, "error", t->fatalMsg);
    cJSON *engines = cJSON_AddArrayToObject(root, "engines");
    for (int i = 0; i < c->nengines; i++) {
        const Totals *e = &t->eng[i];
        cJSON *o = cJSON_CreateObject(), *f = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "name", c->engines[i].name);
        cJSON_AddNumberToObject(o, "games", e->w + e->l + e->d + e->dk);
        cJSON_AddNumberToObject(o, "wins", e->w);
        cJSON_AddNumberToObject(o, "losses", e->l);
        cJSON_AddNumberToObject(o, "draws", e->d);
        cJSON_AddNumberToObject(o, "dualKing", e->dk);
        cJSON_AddNumberToObject(o, "points", e->w + e->d / 2.0);
        for (int r = 1; r < FORFEIT_COUNT; r++)
            cJSON_AddNumberToObject(f, game_forfeit_name(r), e->forfeits[r]);
        cJSON_AddItemToObject(o, "forfeits", f);
        cJSON_AddItemToArray(engines, o);
    }
    cJSON *encs = cJSON_AddArrayToObject(root, "encounters");
    for (int a = 0; a < c->nengines; a++)
        for (int b = a + 1; b < c->nengines; b++)
            if (c->tournament != TOURNEY_GAUNTLET || a == 0)
                cJSON_AddItemToArray(encs, json_encounter(t, a, b));
    cJSON *col = cJSON_AddObjectToObject(root, "colours");
    cJSON_AddNumberToObject(col, "whiteWins", t->colour[0]);
    cJSON_AddNumberToObject(col, "blackWins", t->colour[1]);
    cJSON_AddNumberToObject(col, "draws", t->colour[2]);
    cJSON_AddNumberToObject(col, "dualKing", t->colour[3]);
    cJSON *term = cJSON_AddObjectToObject(root, "terminations");
    for (int i = 0; i < t->nterm; i++)
        cJSON_AddNumberToObject(term, t->term[i].name, t->term[i].count);
    if (c->sprt) {
        double lo, hi;
        stats_sprt_bounds(&c->sprtCfg, &lo, &hi);
        cJSON *s = cJSON_AddObjectToObject(root, "sprt");
        cJSON_AddStringToObject(s, "model", c->sprtCfg.model == SPRT_LOGISTIC ? "logistic" : "normalized");
        cJSON_AddNumberToObject(s, "elo0", c->sprtCfg.elo0);
        cJSON_AddNumberToObject(s, "elo1", c->sprtCfg.elo1);
        cJSON_AddNumberToObject(s, "alpha", c->sprtCfg.alpha);
        cJSON_AddNumberToObject(s, "beta", c->sprtCfg.beta);
        add_num(s, "llr", t->llr);
        cJSON_AddNumberToObject(s, "lower", lo);
        cJSON_AddNumberToObject(s, "upper", hi);
        cJSON_AddStringToObject(s, "result",
                                t->sprtState == SPRT_H1 ? "H1" : t->sprtState == SPRT_H0 ? "H0" : "continue");
    }
    cJSON *notes = cJSON_AddArrayToObject(root, "forfeits");
    for (int i = 0; i < t->nnotes; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "game", t->notes[i].game);
        cJSON_AddStringToObject(o, "engine", c->engines[t->notes[i].engine].name);
        cJSON_AddStringToObject(o, "reason", game_forfeit_name(t->notes[i].reason));
        cJSON_AddStringToObject(o, "detail", t->notes[i].detail);
        cJSON_AddItemToArray(notes, o);
    }
    return root;
}

static bool write_json(const Tourney *t, bool interrupted) {
    cJSON *root = json_summary(t, interrupted);
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    FILE *f = text ? fopen(t->cfg->jsonout, "w") : NULL;
    bool ok = f && fputs(text, f) >= 0 && fputc('\n', f) != EOF;
    if (f && fclose(f))
        ok = false;
    free(text);
    return ok;
}

/* ---- the run ---- */

static bool setup(Tourney *t, const MatchConfig *cfg, atomic_int *stop) {
    char err[400];
    memset(t, 0, sizeof *t);
    t->cfg = cfg;
    t->stop = stop;
    t->sprtState = SPRT_CONTINUE;
    pthread_mutex_init(&t->lock, NULL);
    int n = cfg->nengines;
    t->enc = calloc((size_t)(n * n), sizeof *t->enc);
    t->eng = calloc((size_t)n, sizeof *t->eng);
    if (!t->enc || !t->eng || !schedule(t)) {
        fprintf(stderr, "qecmatch: out of memory (or too many games)\n");
        return false;
    }
    OpeningsConfig oc = cfg->openings;
    oc.variant = cfg->variant;
    if (!openings_load(&t->book, &oc, cfg->seed, err, sizeof err)) {
        fprintf(stderr, "qecmatch: %s\n", err);
        return false;
    }
    if (cfg->pgnout && !(t->pgn = fopen(cfg->pgnout, "a"))) {
        fprintf(stderr, "qecmatch: cannot open %s for writing\n", cfg->pgnout);
        return false;
    }
    return true;
}

static void teardown(Tourney *t) {
    if (t->pgn)
        fclose(t->pgn);
    openings_free(&t->book);
    free(t->jobs);
    free(t->enc);
    free(t->eng);
    free(t->notes);
    pthread_mutex_destroy(&t->lock);
}

static int run_workers(Tourney *t) {
    const MatchConfig *cfg = t->cfg;
    int nw = cfg->concurrency < t->njobs ? cfg->concurrency : t->njobs;
    Worker *w = calloc((size_t)(nw ? nw : 1), sizeof *w);
    pthread_t *th = calloc((size_t)(nw ? nw : 1), sizeof *th);
    bool ok = w && th;
    int started = 0;
    for (int i = 0; ok && i < nw; i++) {
        w[i].t = t;
        w[i].id = i;
        w[i].players = calloc((size_t)cfg->nengines, sizeof *w[i].players);
        w[i].pos = malloc(sizeof *w[i].pos);
        if (!w[i].players || !w[i].pos) {
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
    }
    free(w);
    free(th);
    return ok;
}

int tourney_run(const MatchConfig *cfg, atomic_int *stop) {
    Tourney *t = malloc(sizeof *t);
    if (!t || !setup(t, cfg, stop)) {
        if (t)
            teardown(t);
        free(t);
        return 1;
    }
    printf("qecmatch: %d engines, %d %s, concurrency %d, seed %llu\n", cfg->nengines, t->njobs,
           cfg->series ? "series" : t->njobs == 1 ? "job" : "jobs (games or game pairs)", cfg->concurrency,
           (unsigned long long)t->book.seed);
    fflush(stdout);
    run_workers(t);
    bool interrupted = atomic_load(stop) && !t->sprtStopped && !t->fatal;
    print_summary(t, interrupted);
    int status = t->fatal ? 1 : interrupted ? 130 : 0;
    if (t->fatal)
        fprintf(stderr, "qecmatch: %s\n", t->fatalMsg);
    if (cfg->jsonout && !write_json(t, interrupted)) {
        fprintf(stderr, "qecmatch: cannot write %s\n", cfg->jsonout);
        status = 1;
    }
    teardown(t);
    free(t);
    return status;
}
