#include "report.h"

#include <cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

void report_score(const Results *t, int a, int b) {
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
/* ---- summary ---- */

static void print_encounter(const Results *t, int a, int b) {
    const MatchConfig *c = t->cfg;
    const Encounter *e = &t->enc[a * c->nengines + b];
    int n = e->w + e->l + e->d + e->dk;
    if (!n)
        return;
    char x[32], y[32], u[32], v[32];
    report_score(t, a, b);
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
        char x[32], y[32];
        stats_elo_wld(e->w, e->l, e->d + e->dk, &est);
        printf("%4d %-28s %6s %7s %7d %8.1f %5.1f%% %4.1f%% %9d\n", i + 1, c->engines[order[i]].name,
               fmt_num(est.elo, x, sizeof x), fmt_num(est.err, y, sizeof y), n, e->w + e->d / 2.0,
               n ? 100 * est.score : 0, n ? 100.0 * (e->d + e->dk) / n : 0, e->dk);
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

/* JSON has no infinities: those become null. */
static void add_num(cJSON *o, const char *k, double v) {
    if (isfinite(v))
        cJSON_AddNumberToObject(o, k, v);
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
    add_num(o, "score", est.score);
    add_num(o, "elo", est.elo);
    add_num(o, "eloError", est.err);
    add_num(o, "los", stats_los(e->w, e->l));
    cJSON_AddItemToObject(o, "pentanomial", cJSON_CreateIntArray(e->penta, PENTA_BINS));
    cJSON *col = cJSON_AddArrayToObject(o, "byColour"); /* first player as White, as Black: W, L, D+0-0 */
    for (int k = 0; k < 2; k++)
        cJSON_AddItemToArray(col, cJSON_CreateIntArray(e->byColour[k], 3));
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
