#include "report.h"

#include <cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- output helpers ---- */

/* A figure with one decimal, or "n/a (why)" where the counts do not define it (issue 41: no
 * "nan", "inf" or "+/- 0.0" in any output). An error bar is positive whenever it is defined, so
 * one below 0.05 keeps two significant digits rather than print as 0.0. */
static const char *fmt_fig(double v, const char *why, bool bar, char *buf, size_t len) {
    if (why || !isfinite(v))
        snprintf(buf, len, "n/a (%s)", why ? why : "undefined");
    else if (bar && v < 0.05)
        snprintf(buf, len, "%.2g", v);
    else
        snprintf(buf, len, "%.1f", fabs(v) < 0.05 ? 0.0 : v); /* no "-0.0" */
    return buf;
}

/* "E +/- R", "E +/- n/a (why)" or, without E, "n/a (why)". */
static const char *fmt_bar(double v, const char *vwhy, double err, const char *ewhy, char *buf, size_t len) {
    char x[96], y[96];
    if (vwhy || !isfinite(v))
        return fmt_fig(v, vwhy, false, buf, len);
    snprintf(buf, len, "%s +/- %s", fmt_fig(v, NULL, false, x, sizeof x), fmt_fig(err, ewhy, true, y, sizeof y));
    return buf;
}

static const char *fmt_los(int w, int l, char *buf, size_t len) {
    double los = stats_los(w, l);
    if (isnan(los))
        snprintf(buf, len, "n/a (no decisive game)");
    else
        snprintf(buf, len, "%.1f %%", 100 * los);
    return buf;
}

void report_score(const Results *t, int a, int b) {
    const Encounter *e = &t->enc[a * t->cfg->nengines + b];
    EloEstimate est;
    char x[200];
    int n = e->w + e->l + e->d + e->dk;
    stats_elo_wld(e->w, e->l, e->d + e->dk, &est);
    double score = n ? est.score : 0.5;
    /* cutechess's "W - L - D [score] N" first (D counts the dual-king games: W + L + D = N, as
     * tools that read cutechess output expect), then the dual-king games among them; below
     * STATS_MIN_UNITS games the summary's caution, short (the running line has no room). */
    char few[48] = "";
    if (n < STATS_MIN_UNITS)
        snprintf(few, sizeof few, "  (too few games, fewer than %d)", STATS_MIN_UNITS);
    printf("Score of %s vs %s: %d - %d - %d  [%.3f] %d  (dual king 0-0: %d)  %.1f%%  Elo %s%s\n",
           t->cfg->engines[a].name, t->cfg->engines[b].name, e->w, e->l, e->d + e->dk, score, n, e->dk, 100 * score,
           fmt_bar(est.elo, est.eloWhy, est.err, est.errWhy, x, sizeof x), few);
}

/* Below STATS_MIN_UNITS games (pairs) the figures are printed with a caution (stats.h says
 * why); NULL when there are enough. `what` names the figures. */
static const char *caution(int units, bool pairs, const char *what, char *buf, size_t len) {
    if (units >= STATS_MIN_UNITS)
        return NULL;
    snprintf(buf, len, "only %d %s%s (fewer than %d): %s not yet meaningful", units, pairs ? "pair" : "game",
             units == 1 ? "" : "s", STATS_MIN_UNITS, what);
    return buf;
}

static const char *const GAME_FIGURES = "the Elo, its error bar and the LOS are";
static const char *const PAIR_FIGURES = "the pentanomial Elo and nElo are";

/* ---- summary ---- */

static void print_encounter(const Results *t, int a, int b) {
    const MatchConfig *c = t->cfg;
    const Encounter *e = &t->enc[a * c->nengines + b];
    int n = e->w + e->l + e->d + e->dk;
    if (!n)
        return;
    report_score(t, a, b);
    for (int col = WHITE; col <= BLACK; col++) {
        const int *k = e->byColour[col];
        printf("...      %s playing %s: %d - %d - %d\n", c->engines[a].name, col == WHITE ? "White" : "Black", k[0], k[1],
               k[2]);
    }
    EloEstimate est;
    char x[200], y[200], z[160];
    stats_elo_wld(e->w, e->l, e->d + e->dk, &est);
    printf("Elo difference: %s, LOS: %s, DrawRatio: %.1f %%\n",
           fmt_bar(est.elo, est.eloWhy, est.err, est.errWhy, x, sizeof x), fmt_los(e->w, e->l, y, sizeof y),
           100.0 * (e->d + e->dk) / n);
    if (caution(n, false, GAME_FIGURES, z, sizeof z))
        printf("Caution: %s\n", z);
    int pairs = 0;
    for (int k = 0; k < PENTA_BINS; k++)
        pairs += e->penta[k];
    if (pairs) {
        stats_elo_penta(e->penta, &est);
        printf("Pentanomial [LL, LD, DD+WL, WD, WW]: [%d, %d, %d, %d, %d], Elo %s, nElo %s\n", e->penta[0],
               e->penta[1], e->penta[2], e->penta[3], e->penta[4],
               fmt_bar(est.elo, est.eloWhy, est.err, est.errWhy, x, sizeof x),
               fmt_bar(est.nelo, est.neloWhy, est.nerr, est.neloWhy, y, sizeof y));
        if (caution(pairs, true, PAIR_FIGURES, z, sizeof z))
            printf("Caution: %s\n", z);
    }
    if (c->series)
        printf("Series: %s won %d, %s won %d, rollovers %d (%d games)\n", c->engines[a].name, e->series[SERIES_WON_A],
               c->engines[b].name, e->series[SERIES_WON_B], e->series[SERIES_ROLLOVER], e->seriesGames);
}

static void print_ranking(const Results *t) {
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
        char x[16], y[16];
        stats_elo_wld(e->w, e->l, e->d + e->dk, &est);
        snprintf(x, sizeof x, est.eloWhy ? "n/a" : "%.1f", fabs(est.elo) < 0.05 ? 0.0 : est.elo);
        snprintf(y, sizeof y, est.errWhy ? "n/a" : est.err < 0.05 ? "%.2g" : "%.1f", est.err);
        printf("%4d %-28s %6s %7s %7d %8.1f %5.1f%% %4.1f%% %9d\n", i + 1, c->engines[order[i]].name, x, y, n,
               e->w + e->d / 2.0, n ? 100 * est.score : 0, n ? 100.0 * (e->d + e->dk) / n : 0, e->dk);
    }
    /* The table has no room for the reasons: they follow it, as do the cautions. */
    for (int i = 0; i < c->nengines; i++) {
        const Totals *e = &t->eng[order[i]];
        int n = e->w + e->l + e->d + e->dk;
        EloEstimate est;
        char x[200], z[160];
        stats_elo_wld(e->w, e->l, e->d + e->dk, &est);
        if (est.eloWhy || est.errWhy)
            printf("%s: Elo %s\n", c->engines[order[i]].name,
                   fmt_bar(est.elo, est.eloWhy, est.err, est.errWhy, x, sizeof x));
        if (caution(n, false, "the Elo and its error bar are", z, sizeof z))
            printf("Caution for %s: %s\n", c->engines[order[i]].name, z);
    }
}

void report_summary(const Results *t, bool interrupted) {
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
        char llr[96];
        if (isfinite(t->llr))
            snprintf(llr, sizeof llr, "%.2f (%.1f%%)", t->llr, 100 * t->llr / hi);
        else
            snprintf(llr, sizeof llr, "n/a (no fit for these bounds)");
        printf("SPRT (%s, elo0 %.2f, elo1 %.2f, alpha %.3f, beta %.3f): llr %s, lbound %.2f, ubound %.2f - %s\n",
               c->sprtCfg.model == SPRT_LOGISTIC ? "logistic" : "normalized", c->sprtCfg.elo0, c->sprtCfg.elo1,
               c->sprtCfg.alpha, c->sprtCfg.beta, llr, lo, hi,
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
    for (int e = 0; e < c->nengines; e++)
        if (t->eng[e].overruns)
            printf("Overruns of %s: %ld of %ld decisions (%.2f%%), worst %.1f ms past the time given\n",
                   c->engines[e].name, t->eng[e].overruns, t->eng[e].decisions,
                   100.0 * (double)t->eng[e].overruns / (double)t->eng[e].decisions,
                   (double)t->eng[e].worstOverrunUs / 1000);
    if (t->aborted)
        printf("Aborted games (not counted): %d\n", t->aborted);
    if (t->openingsRejected)
        printf("Random openings replaced by the balance check: %d\n", t->openingsRejected);
    fflush(stdout);
}

/* A figure, or null with "<key>Reason" saying why (JSON has no NaN or infinity either). */
static void add_fig(cJSON *o, const char *k, double v, const char *why) {
    if (!why && isfinite(v)) {
        cJSON_AddNumberToObject(o, k, v);
        return;
    }
    char key[64];
    snprintf(key, sizeof key, "%sReason", k);
    cJSON_AddNullToObject(o, k);
    cJSON_AddStringToObject(o, key, why ? why : "undefined");
}

static void add_caution(cJSON *o, const char *k, int units, bool pairs) {
    char z[160];
    if (caution(units, pairs, pairs ? PAIR_FIGURES : GAME_FIGURES, z, sizeof z))
        cJSON_AddStringToObject(o, k, z);
    else
        cJSON_AddNullToObject(o, k);
}

/* The game counts of an encounter or an engine, in the -jsonout field names. */
static void add_games(cJSON *o, int w, int l, int d, int dk) {
    cJSON_AddNumberToObject(o, "games", w + l + d + dk);
    cJSON_AddNumberToObject(o, "wins", w);
    cJSON_AddNumberToObject(o, "losses", l);
    cJSON_AddNumberToObject(o, "draws", d);
    cJSON_AddNumberToObject(o, "dualKing", dk);
}

static cJSON *json_encounter(const Results *t, int a, int b) {
    const MatchConfig *c = t->cfg;
    const Encounter *e = &t->enc[a * c->nengines + b];
    cJSON *o = cJSON_CreateObject();
    EloEstimate est;
    cJSON_AddStringToObject(o, "first", c->engines[a].name);
    cJSON_AddStringToObject(o, "second", c->engines[b].name);
    add_games(o, e->w, e->l, e->d, e->dk);
    stats_elo_wld(e->w, e->l, e->d + e->dk, &est);
    add_fig(o, "score", est.score, est.valid ? NULL : est.eloWhy);
    add_fig(o, "elo", est.elo, est.eloWhy);
    add_fig(o, "eloError", est.err, est.errWhy);
    add_fig(o, "los", stats_los(e->w, e->l), e->w + e->l ? NULL : "no decisive game");
    add_caution(o, "caution", est.units, false);
    cJSON_AddItemToObject(o, "pentanomial", cJSON_CreateIntArray(e->penta, PENTA_BINS));
    cJSON *col = cJSON_AddArrayToObject(o, "byColour"); /* first player as White, as Black: W, L, D+0-0 */
    for (int k = 0; k < 2; k++)
        cJSON_AddItemToArray(col, cJSON_CreateIntArray(e->byColour[k], 3));
    stats_elo_penta(e->penta, &est);
    add_fig(o, "pentaElo", est.elo, est.eloWhy);
    add_fig(o, "pentaEloError", est.err, est.errWhy);
    add_fig(o, "pentaNelo", est.nelo, est.neloWhy);
    add_fig(o, "pentaNeloError", est.nerr, est.neloWhy);
    add_caution(o, "pentaCaution", est.units, true);
    if (c->series) {
        cJSON *s = cJSON_AddObjectToObject(o, "series");
        cJSON_AddNumberToObject(s, "wonByFirst", e->series[SERIES_WON_A]);
        cJSON_AddNumberToObject(s, "wonBySecond", e->series[SERIES_WON_B]);
        cJSON_AddNumberToObject(s, "rollovers", e->series[SERIES_ROLLOVER]);
        cJSON_AddNumberToObject(s, "games", e->seriesGames);
    }
    return o;
}

static cJSON *json_summary(const Results *t, bool interrupted) {
    const MatchConfig *c = t->cfg;
    cJSON *root = cJSON_CreateObject();
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)t->seed);
    cJSON_AddStringToObject(root, "seed", seed);
    cJSON_AddNumberToObject(root, "games", t->finished);
    cJSON_AddNumberToObject(root, "aborted", t->aborted);
    cJSON_AddBoolToObject(root, "interrupted", interrupted);
    cJSON_AddBoolToObject(root, "sprtStopped", t->sprtStopped);
    /* What `qecmatch merge` needs to check that shards belong to one match. */
    cJSON_AddNumberToObject(root, "scheduledGames", t->scheduled);
    cJSON_AddNumberToObject(root, "openingsRejected", t->openingsRejected);
    cJSON_AddBoolToObject(root, "repeat", c->repeat);
    cJSON *shard = cJSON_AddObjectToObject(root, "shard");
    cJSON_AddNumberToObject(shard, "index", c->shardCount > 1 ? c->shardIndex : 0);
    cJSON_AddNumberToObject(shard, "count", c->shardCount > 1 ? c->shardCount : 1);
    if (t->shards)
        cJSON_AddNumberToObject(shard, "merged", t->shards);
    if (t->fatal)
        cJSON_AddStringToObject(root, "error", t->fatalMsg);
    cJSON *engines = cJSON_AddArrayToObject(root, "engines");
    for (int i = 0; i < c->nengines; i++) {
        const Totals *e = &t->eng[i];
        cJSON *o = cJSON_CreateObject(), *f = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "name", c->engines[i].name);
        add_games(o, e->w, e->l, e->d, e->dk);
        cJSON_AddNumberToObject(o, "points", e->w + e->d / 2.0);
        for (int r = 1; r < FORFEIT_COUNT; r++)
            cJSON_AddNumberToObject(f, game_forfeit_name(r), e->forfeits[r]);
        cJSON_AddItemToObject(o, "forfeits", f);
        cJSON_AddNumberToObject(o, "decisions", (double)e->decisions);
        cJSON_AddNumberToObject(o, "overruns", (double)e->overruns);
        cJSON_AddNumberToObject(o, "worstOverrunMs", (double)e->worstOverrunUs / 1000);
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
        add_fig(s, "llr", t->llr, isfinite(t->llr) ? NULL : "no fit for these bounds");
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

bool report_json(const Results *t, bool interrupted) {
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


void report_count_term(Results *r, const char *name, int n) {
    for (int i = 0; i < r->nterm; i++)
        if (!strcmp(r->term[i].name, name)) {
            r->term[i].count += n;
            return;
        }
    if (r->nterm < REPORT_MAX_TERMS) {
        snprintf(r->term[r->nterm].name, sizeof r->term[0].name, "%s", name);
        r->term[r->nterm++].count = n;
    }
}

void report_sprt(Results *r) {
    const Encounter *e = &r->enc[1];
    const SprtConfig *s = &r->cfg->sprtCfg;
    r->llr = r->cfg->repeat ? stats_sprt_llr_penta(s, e->penta) : stats_sprt_llr_wld(s, e->w, e->l, e->d + e->dk);
    r->sprtState = stats_sprt_decide(s, r->llr);
}
