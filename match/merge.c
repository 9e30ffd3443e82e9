#include "merge.h"

#include <cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "report.h"

enum { MERGE_MAX_FILES = 100000 };

typedef struct {
    MatchConfig cfg;
    Results r;
    char seed[32];
    int shardCount;
    bool sprtGiven;     /* -sprt given to merge: the shards' settings are not used */
    bool haveSprt;      /* the SPRT settings are known (given, or from the first shard) */
    bool *seen;         /* [shard index] */
    bool interrupted;
} Merge;

#define MERGE_FAIL(...)                                                                                                \
    do {                                                                                                               \
        fprintf(stderr, "qecmatch merge: " __VA_ARGS__);                                                               \
        fputc('\n', stderr);                                                                                           \
        return false;                                                                                                  \
    } while (0)

static char *read_text(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, len = 0, got;
    char *text = malloc(cap);
    while (text && (got = fread(text + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (len + 1 == cap) {
            char *bigger = realloc(text, cap *= 2);
            if (!bigger)
                free(text);
            text = bigger;
        }
    }
    fclose(f);
    if (text)
        text[len] = 0;
    return text;
}

static int num(const cJSON *o, const char *key) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(v) ? v->valueint : 0;
}

/* A JSON number that may exceed an int or have a fraction (decisions, milliseconds). */
static double num_double(const cJSON *o, const char *key) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(v) ? v->valuedouble : 0;
}

static bool int_array(const cJSON *a, int *out, int n) {
    if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != n)
        return false;
    for (int i = 0; i < n; i++) {
        const cJSON *v = cJSON_GetArrayItem(a, i);
        if (!cJSON_IsNumber(v))
            return false;
        out[i] += v->valueint;
    }
    return true;
}

static int engine_index(const Merge *m, const char *name) {
    for (int i = 0; name && i < m->cfg.nengines; i++)
        if (!strcmp(m->cfg.engines[i].name, name))
            return i;
    return -1;
}

static int forfeit_index(const char *name) {
    for (int r = 1; name && r < FORFEIT_COUNT; r++)
        if (!strcmp(game_forfeit_name(r), name))
            return r;
    return -1;
}

/* The first file fixes the engines, the seed, -repeat and the number of shards. */
static bool take_shape(Merge *m, const cJSON *root, const char *path) {
    const cJSON *engines = cJSON_GetObjectItemCaseSensitive(root, "engines");
    const cJSON *seed = cJSON_GetObjectItemCaseSensitive(root, "seed");
    int n = cJSON_GetArraySize(engines);
    if (!cJSON_IsArray(engines) || n < 2 || n > 64 || !cJSON_IsString(seed))
        MERGE_FAIL("%s: not a qecmatch -jsonout summary (no engines or seed)", path);
    m->cfg.engines = calloc((size_t)n, sizeof *m->cfg.engines);
    m->r.enc = calloc((size_t)(n * n), sizeof *m->r.enc);
    m->r.eng = calloc((size_t)n, sizeof *m->r.eng);
    if (!m->cfg.engines || !m->r.enc || !m->r.eng)
        MERGE_FAIL("out of memory");
    m->cfg.nengines = n;
    for (int i = 0; i < n; i++) {
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(engines, i), "name");
        if (!cJSON_IsString(name))
            MERGE_FAIL("%s: engine %d has no name", path, i + 1);
        snprintf(m->cfg.engines[i].name, sizeof m->cfg.engines[i].name, "%s", name->valuestring);
    }
    snprintf(m->seed, sizeof m->seed, "%s", seed->valuestring);
    m->cfg.repeat = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(root, "repeat"));
    m->r.scheduled = num(root, "scheduledGames");
    m->shardCount = num(cJSON_GetObjectItemCaseSensitive(root, "shard"), "count");
    if (m->shardCount < 1 || m->shardCount > MERGE_MAX_FILES)
        MERGE_FAIL("%s: no shard count (written by a qecmatch older than -shard?)", path);
    m->seen = calloc((size_t)m->shardCount, sizeof *m->seen);
    m->r.seed = strtoull(m->seed, NULL, 10);
    m->cfg.tournament = TOURNEY_GAUNTLET;
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(root, "encounters")) {
        const cJSON *first = cJSON_GetObjectItemCaseSensitive(e, "first");
        if (!cJSON_IsString(first) || engine_index(m, first->valuestring) != 0)
            m->cfg.tournament = TOURNEY_ROUND_ROBIN;
    }
    if (n == 2)
        m->cfg.tournament = TOURNEY_ROUND_ROBIN;
    return m->seen != NULL;
}

/* Every shard must come from the same command line but -shard I. */
static bool same_match(Merge *m, const cJSON *root, const char *path) {
    const cJSON *engines = cJSON_GetObjectItemCaseSensitive(root, "engines");
    const cJSON *seed = cJSON_GetObjectItemCaseSensitive(root, "seed");
    const cJSON *shard = cJSON_GetObjectItemCaseSensitive(root, "shard");
    if (!cJSON_IsString(seed) || strcmp(seed->valuestring, m->seed))
        MERGE_FAIL("%s: seed differs from the first file's (%s): not a shard of the same match", path, m->seed);
    if (cJSON_GetArraySize(engines) != m->cfg.nengines)
        MERGE_FAIL("%s: other engines than the first file's", path);
    for (int i = 0; i < m->cfg.nengines; i++) {
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(engines, i), "name");
        if (!cJSON_IsString(name) || strcmp(name->valuestring, m->cfg.engines[i].name))
            MERGE_FAIL("%s: engine %d is not %s as in the first file", path, i + 1, m->cfg.engines[i].name);
    }
    if (m->cfg.repeat != cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(root, "repeat")) ||
        num(root, "scheduledGames") != m->r.scheduled)
        MERGE_FAIL("%s: -repeat or the schedule differs from the first file's", path);
    if (num(shard, "count") != m->shardCount)
        MERGE_FAIL("%s: shard count %d, the first file has %d", path, num(shard, "count"), m->shardCount);
    if (cJSON_GetObjectItemCaseSensitive(shard, "merged"))
        MERGE_FAIL("%s: already a merged summary; merge the shards' own files", path);
    int index = num(shard, "index");
    if (index < 0 || index >= m->shardCount || m->seen[index])
        MERGE_FAIL("%s: shard %d/%d given twice (or out of range)", path, index, m->shardCount);
    m->seen[index] = true;
    return true;
}

static bool same_sprt(const SprtConfig *a, const SprtConfig *b) {
    return a->model == b->model && a->elo0 == b->elo0 && a->elo1 == b->elo1 && a->alpha == b->alpha &&
           a->beta == b->beta;
}

/* Without -sprt, the SPRT settings come from the shards' JSON and must be equal in all. */
static bool take_sprt(Merge *m, const cJSON *root, const char *path, bool first) {
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(root, "sprt");
    if (m->sprtGiven)
        return true;
    if (!s) {
        if (!first && m->haveSprt)
            MERGE_FAIL("%s: no SPRT settings, the first file has some (give -sprt to merge)", path);
        return true;
    }
    if (!first && !m->haveSprt)
        MERGE_FAIL("%s: SPRT settings, the first file has none (give -sprt to merge)", path);
    const cJSON *model = cJSON_GetObjectItemCaseSensitive(s, "model");
    SprtConfig c = {cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(s, "elo0")),
                    cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(s, "elo1")),
                    cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(s, "alpha")),
                    cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(s, "beta")),
                    cJSON_IsString(model) && !strcmp(model->valuestring, "logistic") ? SPRT_LOGISTIC : SPRT_NORMALIZED};
    char err[200];
    if (first && !cli_sprt_check(&c, err, sizeof err)) /* a file edited by hand: the same limits */
        MERGE_FAIL("%s: %s (give -sprt to merge)", path, err);
    if (first) {
        m->cfg.sprtCfg = c;
        m->haveSprt = true;
    } else if (!same_sprt(&c, &m->cfg.sprtCfg))
        MERGE_FAIL("%s: SPRT settings differ from the first file's (give -sprt to merge)", path);
    return true;
}

static bool add_engines(Merge *m, const cJSON *root, const char *path) {
    const cJSON *e;
    int i = 0;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(root, "engines")) {
        Totals *t = &m->r.eng[i++];
        t->w += num(e, "wins");
        t->l += num(e, "losses");
        t->d += num(e, "draws");
        t->dk += num(e, "dualKing");
        t->decisions += (long)num_double(e, "decisions");
        t->overruns += (long)num_double(e, "overruns");
        int64_t worst = (int64_t)(num_double(e, "worstOverrunMs") * 1000);
        if (worst > t->worstOverrunUs)
            t->worstOverrunUs = worst;
        const cJSON *f;
        cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(e, "forfeits")) {
            int r = forfeit_index(f->string);
            if (r < 0 || !cJSON_IsNumber(f))
                MERGE_FAIL("%s: unknown forfeit reason '%s'", path, f->string ? f->string : "?");
            t->forfeits[r] += f->valueint;
        }
    }
    return true;
}

static bool add_encounters(Merge *m, const cJSON *root, const char *path) {
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(root, "encounters")) {
        const cJSON *first = cJSON_GetObjectItemCaseSensitive(e, "first");
        const cJSON *second = cJSON_GetObjectItemCaseSensitive(e, "second");
        int a = engine_index(m, cJSON_GetStringValue(first)), b = engine_index(m, cJSON_GetStringValue(second));
        if (a < 0 || b < 0 || a >= b)
            MERGE_FAIL("%s: an encounter of unknown engines", path);
        Encounter *x = &m->r.enc[a * m->cfg.nengines + b];
        x->w += num(e, "wins");
        x->l += num(e, "losses");
        x->d += num(e, "draws");
        x->dk += num(e, "dualKing");
        const cJSON *col = cJSON_GetObjectItemCaseSensitive(e, "byColour");
        if (!int_array(cJSON_GetObjectItemCaseSensitive(e, "pentanomial"), x->penta, PENTA_BINS) ||
            !int_array(cJSON_GetArrayItem(col, 0), x->byColour[0], 3) ||
            !int_array(cJSON_GetArrayItem(col, 1), x->byColour[1], 3))
            MERGE_FAIL("%s: an encounter without pentanomial or byColour counts", path);
    }
    return true;
}

static bool add_notes(Merge *m, const cJSON *root, const char *path) {
    const cJSON *o;
    cJSON_ArrayForEach(o, cJSON_GetObjectItemCaseSensitive(root, "forfeits")) {
        int engine = engine_index(m, cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "engine")));
        int reason = forfeit_index(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "reason")));
        const char *detail = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "detail"));
        if (engine < 0 || reason < 0)
            MERGE_FAIL("%s: a forfeit of an unknown engine or reason", path);
        ForfeitNote *n = realloc(m->r.notes, sizeof *n * (size_t)(m->r.nnotes + 1));
        if (!n)
            MERGE_FAIL("out of memory");
        m->r.notes = n;
        n[m->r.nnotes] = (ForfeitNote){num(o, "game"), engine, reason, ""};
        snprintf(n[m->r.nnotes++].detail, sizeof n->detail, "%s", detail ? detail : "");
    }
    return true;
}

static void add_counts(Merge *m, const cJSON *root) {
    static const char *const COLOURS[] = {"whiteWins", "blackWins", "draws", "dualKing"};
    const cJSON *col = cJSON_GetObjectItemCaseSensitive(root, "colours"), *t;
    for (int k = 0; k < 4; k++)
        m->r.colour[k] += num(col, COLOURS[k]);
    cJSON_ArrayForEach(t, cJSON_GetObjectItemCaseSensitive(root, "terminations")) {
        if (cJSON_IsNumber(t) && t->string)
            report_count_term(&m->r, t->string, t->valueint);
    }
    m->r.finished += num(root, "games");
    m->r.aborted += num(root, "aborted");
    m->r.openingsRejected += num(root, "openingsRejected");
    if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(root, "interrupted")))
        m->interrupted = true;
}

static bool add_file(Merge *m, const char *path, bool first) {
    char *text = read_text(path);
    if (!text)
        MERGE_FAIL("cannot read %s", path);
    cJSON *root = cJSON_Parse(text);
    free(text);
    bool ok = root != NULL;
    if (!ok)
        fprintf(stderr, "qecmatch merge: %s is not JSON\n", path);
    ok = ok && (!first || take_shape(m, root, path)) && same_match(m, root, path) && take_sprt(m, root, path, first) &&
         add_engines(m, root, path) && add_encounters(m, root, path) && add_notes(m, root, path);
    if (ok)
        add_counts(m, root);
    cJSON_Delete(root);
    return ok;
}

static int by_game(const void *x, const void *y) {
    const ForfeitNote *a = x, *b = y;
    return (a->game > b->game) - (a->game < b->game);
}

/* -sprt k=v … and -jsonout F, then the files. Returns the index of the first file, -1 on error. */
static int parse_args(Merge *m, int argc, char **argv) {
    char err[256];
    int i = 1;
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        const char *a = argv[i] + (argv[i][1] == '-');
        if (!strcmp(a, "-jsonout") && i + 1 < argc)
            m->cfg.jsonout = argv[++i];
        else if (!strcmp(a, "-sprt")) {
            m->sprtGiven = m->haveSprt = true;
            m->cfg.sprtCfg = (SprtConfig){0, 5, 0.05, 0.05, SPRT_NORMALIZED};
            for (; i + 1 < argc && strchr(argv[i + 1], '=') && argv[i + 1][0] != '-'; i++)
                if (!cli_sprt_key(&m->cfg.sprtCfg, argv[i + 1], err, sizeof err)) {
                    fprintf(stderr, "qecmatch merge: %s\n", err);
                    return -1;
                }
            if (!cli_sprt_check(&m->cfg.sprtCfg, err, sizeof err)) {
                fprintf(stderr, "qecmatch merge: %s\n", err);
                return -1;
            }
        } else {
            fprintf(stderr, "qecmatch merge: unknown option '%s' (merge [-sprt k=v ...] [-jsonout F] A.json ...)\n",
                    argv[i]);
            return -1;
        }
    }
    if (i >= argc) {
        fprintf(stderr, "qecmatch merge: no files (merge [-sprt k=v ...] [-jsonout F] A.json B.json ...)\n");
        return -1;
    }
    return i;
}

static void report_missing(const Merge *m) {
    int missing = 0;
    for (int k = 0; k < m->shardCount; k++)
        missing += !m->seen[k];
    printf("Merged %d of %d shards: %d games of the %d scheduled\n", m->shardCount - missing, m->shardCount,
           m->r.finished, m->r.scheduled);
    if (!missing)
        return;
    fprintf(stderr, "qecmatch merge: warning: shards missing:");
    for (int k = 0; k < m->shardCount; k++)
        if (!m->seen[k])
            fprintf(stderr, " %d", k);
    fprintf(stderr, " (the result covers the shards given)\n");
}

int merge_main(int argc, char **argv) {
    Merge *m = calloc(1, sizeof *m);
    if (!m)
        return 1;
    m->r.cfg = &m->cfg;
    m->r.sprtState = SPRT_CONTINUE;
    int first = parse_args(m, argc, argv), status = first < 0 ? 2 : 0;
    for (int i = first; status == 0 && i < argc; i++)
        if (!add_file(m, argv[i], i == first))
            status = 1;
    if (status == 0) {
        m->r.shards = argc - first;
        m->cfg.shardCount = m->shardCount;
        m->cfg.sprt = m->haveSprt && m->cfg.nengines == 2;
        qsort(m->r.notes, (size_t)m->r.nnotes, sizeof *m->r.notes, by_game);
        if (m->cfg.sprt)
            report_sprt(&m->r);
        report_missing(m);
        report_summary(&m->r, m->interrupted);
        if (m->cfg.jsonout && !report_json(&m->r, m->interrupted)) {
            fprintf(stderr, "qecmatch merge: cannot write %s\n", m->cfg.jsonout);
            status = 1;
        }
    }
    free(m->cfg.engines);
    free(m->r.enc);
    free(m->r.eng);
    free(m->r.notes);
    free(m->seen);
    free(m);
    return status;
}
