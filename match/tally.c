/* The tournament's results (tourney_internal.h): each finished game, pair and series counted
 * into the Results the summary and the JSON report show (report.h), whether played now or
 * restored from the -state file, and the SPRT looked at after each. */
#include "tourney_internal.h"

#include <stdio.h>
#include <stdlib.h>

void tally_check_sprt(Tourney *t) {
    if (!t->cfg->sprt || t->r.sprtState != SPRT_CONTINUE)
        return;
    report_sprt(&t->r);
    /* A shard sees a part of the games: only `qecmatch merge` of all shards may stop the match. */
    if (t->r.sprtState != SPRT_CONTINUE && t->cfg->shardCount > 1) {
        t->r.sprtState = SPRT_CONTINUE;
        return;
    }
    if (t->r.sprtState != SPRT_CONTINUE) {
        printf("SPRT: llr %.2f, %s accepted; stopping\n", t->r.llr, t->r.sprtState == SPRT_H1 ? "H1" : "H0");
        t->r.sprtStopped = true;
        atomic_store(t->stop, 1);
    }
}

static void note_forfeit(Tourney *t, int game, int engine, const GameOutcome *o, const char *comment) {
    ForfeitNote *n = realloc(t->r.notes, sizeof *n * (size_t)(t->r.nnotes + 1));
    if (!n)
        return;
    t->r.notes = n;
    n[t->r.nnotes] = (ForfeitNote){game, engine, o->forfeit, ""};
    snprintf(n[t->r.nnotes].detail, sizeof n[0].detail, "%s", comment);
    t->r.nnotes++;
    t->r.eng[engine].forfeits[o->forfeit]++;
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

static void add_clock_use(Totals *x, const GameOutcome *o, int colour) {
    x->decisions += o->decisionsAsked[colour];
    x->overruns += o->overruns[colour];
    if (o->worstOverrunUs[colour] > x->worstOverrunUs)
        x->worstOverrunUs = o->worstOverrunUs[colour];
}

/* The statistics of one finished game, played now or restored from the state file. */
void tally_game(Tourney *t, const Job *j, int no, int white, const GameOutcome *o, const char *termination,
                const char *comment) {
    int n = t->cfg->nengines, black = white == j->a ? j->b : j->a;
    Encounter *e = &t->r.enc[j->a * n + j->b];
    /* From White's view: 0 win, 1 loss, 2 draw, 3 both lose. */
    static const int WHITE_VIEW[] = {[GAME_WHITE_WINS] = 0, [GAME_BLACK_WINS] = 1, [GAME_DRAW] = 2,
                                     [GAME_BOTH_LOSE] = 3};
    int wv = WHITE_VIEW[o->result], bv = wv < 2 ? 1 - wv : wv;
    int av = white == j->a ? wv : bv;
    t->r.finished++;
    add_totals(&t->r.eng[white], wv);
    add_totals(&t->r.eng[black], bv);
    add_clock_use(&t->r.eng[white], o, WHITE);
    add_clock_use(&t->r.eng[black], o, BLACK);
    if (av == 0)
        e->w++;
    else if (av == 1)
        e->l++;
    else if (av == 2)
        e->d++;
    else
        e->dk++;
    e->byColour[white == j->a ? WHITE : BLACK][av > 2 ? 2 : av]++;
    t->r.colour[wv]++;
    report_count_term(&t->r, termination, 1);
    if (o->forfeit)
        note_forfeit(t, no, o->forfeiter == WHITE ? white : black, o, comment);
}

static int points2(int res) { return res == RES_A_WINS ? 2 : res == RES_B_WINS ? 0 : 1; }

void tally_pair(Tourney *t, const Job *j, int r0, int r1) {
    t->r.enc[j->a * t->cfg->nengines + j->b].penta[points2(r0) + points2(r1)]++;
    tally_check_sprt(t);
}

void tally_series(Tourney *t, const Job *j, const Series *s) {
    Encounter *e = &t->r.enc[j->a * t->cfg->nengines + j->b];
    e->series[s->outcome]++;
    e->seriesGames += s->games;
}
