#include "state.h"

#include <cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fail.h"
#include "game.h"

/* Version 1 (one JSON object with every game, rewritten whole after each game) is still read. */
enum { STATE_VERSION_1 = 1 };
static const char FORMAT[] = "qecmatch-state";
static const char *const RESULTS[] = {[GAME_WHITE_WINS] = "1-0", [GAME_BLACK_WINS] = "0-1", [GAME_DRAW] = "1/2-1/2",
                                      [GAME_BOTH_LOSE] = "0-0"};
static const char *const COLOURS[] = {"white", "black"};
/* A state file is small (about 200 bytes a game); this bounds what a wrong file can cost. */
static const long MAX_STATE_BYTES = 1L << 30;

/* ---- writing ---- */

static cJSON *int_pair(const int v[2]) {
    cJSON *a = cJSON_CreateArray();
    cJSON_AddItemToArray(a, cJSON_CreateNumber(v[0]));
    cJSON_AddItemToArray(a, cJSON_CreateNumber(v[1]));
    return a;
}

static cJSON *game_json(const StateGame *g) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "job", g->job);
    cJSON_AddNumberToObject(o, "game", g->game);
    cJSON_AddNumberToObject(o, "number", g->number);
    cJSON_AddNumberToObject(o, "white", g->white);
    cJSON_AddStringToObject(o, "result", RESULTS[g->result]);
    cJSON_AddStringToObject(o, "termination", g->termination);
    cJSON_AddNumberToObject(o, "candidate", g->candidate);
    cJSON_AddItemToObject(o, "decisions", int_pair(g->decisions));
    cJSON_AddItemToObject(o, "overruns", int_pair(g->overruns));
    cJSON *w = cJSON_AddArrayToObject(o, "worstOverrunUs");
    cJSON_AddItemToArray(w, cJSON_CreateNumber((double)g->worstOverrunUs[0]));
    cJSON_AddItemToArray(w, cJSON_CreateNumber((double)g->worstOverrunUs[1]));
    if (g->forfeit) {
        cJSON *f = cJSON_AddObjectToObject(o, "forfeit");
        cJSON_AddStringToObject(f, "reason", game_forfeit_name(g->forfeit));
        cJSON_AddStringToObject(f, "by", COLOURS[g->forfeiter]);
        cJSON_AddStringToObject(f, "detail", g->detail);
    }
    return o;
}

/* One game's line (without its newline), malloc'd. */
static char *game_line(const StateGame *g) {
    cJSON *o = game_json(g);
    cJSON_AddNumberToObject(o, "pgnBytes", (double)g->pgnBytes);
    char *text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    return text;
}

static char *header_line(const MatchState *s) {
    char num[32];
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "format", FORMAT);
    cJSON_AddNumberToObject(root, "version", STATE_VERSION);
    cJSON *args = cJSON_AddArrayToObject(root, "args");
    for (int i = 0; i < s->nargs; i++)
        cJSON_AddItemToArray(args, cJSON_CreateString(s->args[i]));
    /* 64-bit numbers as strings: a JSON number is a double. */
    snprintf(num, sizeof num, "%" PRIu64, s->seed);
    cJSON_AddStringToObject(root, "seed", num);
    cJSON *op = cJSON_AddObjectToObject(root, "openings");
    cJSON_AddNumberToObject(op, "count", s->openings);
    snprintf(num, sizeof num, "%016" PRIx64, s->openingsHash);
    cJSON_AddStringToObject(op, "fingerprint", num);
    cJSON_AddNumberToObject(root, "scheduledJobs", s->scheduledJobs);
    cJSON_AddNumberToObject(root, "pgnBytes", (double)s->pgnStart);
    char *text = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    return text;
}

/* Appends line and a newline to *buf (of *len bytes, *cap allocated); frees line. */
static bool add_line(char **buf, size_t *len, size_t *cap, char *line) {
    size_t n = line ? strlen(line) : 0;
    if (line && *len + n + 2 > *cap) {
        size_t c = 2 * (*len + n + 2);
        char *p = realloc(*buf, c);
        if (p)
            *buf = p, *cap = c;
    }
    bool ok = line && *len + n + 2 <= *cap;
    if (ok) {
        memcpy(*buf + *len, line, n);
        (*buf)[*len + n] = '\n';
        (*buf)[*len += n + 1] = 0;
    }
    free(line);
    return ok;
}

char *state_format(const MatchState *s) {
    char *buf = NULL;
    size_t len = 0, cap = 0;
    bool ok = add_line(&buf, &len, &cap, header_line(s));
    for (int i = 0; ok && i < s->ngames; i++)
        ok = add_line(&buf, &len, &cap, game_line(&s->games[i]));
    if (!ok) {
        free(buf);
        return NULL;
    }
    return buf;
}

static bool write_all(int fd, const char *p, size_t n) {
    while (n) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return false;
        p += k;
        n -= (size_t)k;
    }
    return true;
}

/* The folder's entry of the rename must reach the disk too. */
static void sync_folder(const char *path) {
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == dir)
        dir[1] = 0;
    else
        *slash = 0;
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

bool state_save(const char *path, const MatchState *s, char *err, size_t errlen) {
    char tmp[4200];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp)
        return match_fail(err, errlen, "state file name too long");
    char *text = state_format(s);
    if (!text)
        return match_fail(err, errlen, "out of memory writing the state file %s", path);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    bool ok = fd >= 0 && write_all(fd, text, strlen(text)) && fsync(fd) == 0;
    int saved = errno;
    if (fd >= 0 && close(fd) && ok) {
        ok = false;
        saved = errno;
    }
    free(text);
    if (ok && rename(tmp, path)) {
        ok = false;
        saved = errno;
    }
    if (!ok) {
        unlink(tmp);
        return match_fail(err, errlen, "cannot write the state file %s: %s", path, strerror(saved));
    }
    sync_folder(path);
    return true;
}

bool state_append(const char *path, MatchState *s, const StateGame *g, bool *rewritten, char *err, size_t errlen) {
    *rewritten = false;
    if (!state_add_game(s, g))
        return match_fail(err, errlen, "out of memory");
    if (g->pgnBytes > s->pgnBytes)
        s->pgnBytes = g->pgnBytes;
    char *line = game_line(g);
    if (!line)
        return match_fail(err, errlen, "out of memory writing the state file %s", path);
    struct stat st;
    int fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd < 0 && errno == ENOENT) {
        /* Deleted during the run (a clean-up script, a user): every game is in s, so the file
         * is written again whole rather than the match stopping. */
        free(line);
        *rewritten = true;
        return state_save(path, s, err, errlen);
    }
    bool sized = fd >= 0 && !fstat(fd, &st);
    bool ok = sized && write_all(fd, line, strlen(line)) && write_all(fd, "\n", 1) && fsync(fd) == 0;
    int saved = errno;
    /* A line that did not get out whole is taken back: the next game's line must not follow
     * half a line (a crash here leaves the half line last, where a reader drops it). */
    if (!ok && sized && ftruncate(fd, st.st_size) == 0)
        fsync(fd);
    if (fd >= 0 && close(fd) && ok) {
        ok = false;
        saved = errno;
    }
    free(line);
    return ok || match_fail(err, errlen, "cannot append to the state file %s: %s", path, strerror(saved));
}

/* ---- reading ---- */

static char *read_file(const char *path, bool *exists, size_t *len, char *err, size_t errlen) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (errno == ENOENT) {
            *exists = false;
            return NULL;
        }
        match_fail(err, errlen, "cannot read the state file %s: %s", path, strerror(errno));
        return NULL;
    }
    *exists = true;
    char *buf = NULL;
    long n = 0;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && n < MAX_STATE_BYTES && fseek(f, 0, SEEK_SET) == 0 &&
        (buf = malloc((size_t)n + 1)) && fread(buf, 1, (size_t)n, f) == (size_t)n) {
        buf[n] = 0;
        *len = (size_t)n;
    } else {
        free(buf);
        buf = NULL;
        match_fail(err, errlen, "cannot read the state file %s", path);
    }
    fclose(f);
    return buf;
}

/* A whole number in [lo, hi]; what names the field in messages. */
static bool get_int(const cJSON *o, const char *key, long long lo, long long hi, long long *out, const char *what,
                    char *err, size_t errlen) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!cJSON_IsNumber(v) || v->valuedouble != floor(v->valuedouble) || v->valuedouble < (double)lo ||
        v->valuedouble > (double)hi)
        return match_fail(err, errlen, "%s%s: missing, or not a whole number in [%lld, %lld]", what, key, lo, hi);
    *out = (long long)v->valuedouble;
    return true;
}

static bool get_pair(const cJSON *o, const char *key, long long hi, long long out[2], const char *what, char *err,
                     size_t errlen) {
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != 2)
        return match_fail(err, errlen, "%s%s: missing, or not a list of two numbers", what, key);
    for (int i = 0; i < 2; i++) {
        const cJSON *v = cJSON_GetArrayItem(a, i);
        if (!cJSON_IsNumber(v) || v->valuedouble != floor(v->valuedouble) || v->valuedouble < 0 ||
            v->valuedouble > (double)hi)
            return match_fail(err, errlen, "%s%s: not a whole number in [0, %lld]", what, key, hi);
        out[i] = (long long)v->valuedouble;
    }
    return true;
}

/* A string of at most max-1 bytes. */
static bool get_str(const cJSON *o, const char *key, char *out, size_t max, const char *what, char *err,
                    size_t errlen) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!cJSON_IsString(v) || strlen(v->valuestring) >= max)
        return match_fail(err, errlen, "%s%s: missing, or not a string of at most %zu characters", what, key, max - 1);
    memcpy(out, v->valuestring, strlen(v->valuestring) + 1);
    return true;
}

static int name_index(const char *name, const char *const *names, int n) {
    for (int i = 0; i < n; i++)
        if (names[i] && !strcmp(name, names[i]))
            return i;
    return -1;
}

static bool read_forfeit(const cJSON *o, StateGame *g, const char *what, char *err, size_t errlen) {
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(o, "forfeit");
    if (!f)
        return true;
    char reason[48], by[8];
    if (!cJSON_IsObject(f))
        return match_fail(err, errlen, "%sforfeit: not an object", what);
    if (!get_str(f, "reason", reason, sizeof reason, what, err, errlen) ||
        !get_str(f, "by", by, sizeof by, what, err, errlen) ||
        !get_str(f, "detail", g->detail, sizeof g->detail, what, err, errlen))
        return false;
    for (int r = FORFEIT_NONE + 1; r < FORFEIT_COUNT; r++)
        if (!strcmp(reason, game_forfeit_name(r)))
            g->forfeit = r;
    g->forfeiter = name_index(by, COLOURS, 2);
    if (!g->forfeit || g->forfeiter < 0)
        return match_fail(err, errlen, "%sforfeit: unknown reason '%s' or colour '%s'", what, reason, by);
    return true;
}

/* One game; what names it in messages ("line 5: " or "games[3]."); withPgn: the game carries
 * the PGN's length after its record (version 2). */
static bool read_game(const cJSON *o, StateGame *g, const char *what, bool withPgn, char *err, size_t errlen) {
    char result[12];
    long long v[6] = {0}, dec[2] = {0}, over[2] = {0}, worst[2] = {0};
    memset(g, 0, sizeof *g);
    if (!cJSON_IsObject(o))
        return match_fail(err, errlen, "%snot an object", what);
    if (!get_int(o, "job", 0, 50000000, &v[0], what, err, errlen) ||
        !get_int(o, "game", 0, STATE_MAX_GAMES_PER_JOB - 1, &v[1], what, err, errlen) ||
        !get_int(o, "number", 1, 1000000000, &v[2], what, err, errlen) ||
        !get_int(o, "white", 0, 1000, &v[3], what, err, errlen) ||
        !get_int(o, "candidate", 0, 1000000, &v[4], what, err, errlen) ||
        !get_str(o, "result", result, sizeof result, what, err, errlen) ||
        !get_str(o, "termination", g->termination, sizeof g->termination, what, err, errlen) ||
        !get_pair(o, "decisions", 1000000000, dec, what, err, errlen) ||
        !get_pair(o, "overruns", 1000000000, over, what, err, errlen) ||
        !get_pair(o, "worstOverrunUs", 1LL << 52, worst, what, err, errlen) || !read_forfeit(o, g, what, err, errlen) ||
        (withPgn && !get_int(o, "pgnBytes", -1, 1LL << 52, &g->pgnBytes, what, err, errlen)))
        return false;
    g->result = name_index(result, RESULTS, GAME_BOTH_LOSE + 1);
    if (g->result < 0)
        return match_fail(err, errlen, "%sresult: '%s' is not 1-0, 0-1, 1/2-1/2 or 0-0", what, result);
    if (!g->termination[0])
        return match_fail(err, errlen, "%stermination: empty", what);
    g->job = (int)v[0], g->game = (int)v[1], g->number = (int)v[2], g->white = (int)v[3], g->candidate = (int)v[4];
    for (int c = 0; c < 2; c++) {
        g->decisions[c] = (int)dec[c];
        g->overruns[c] = (int)over[c];
        g->worstOverrunUs[c] = worst[c];
    }
    return true;
}

static bool read_args(const cJSON *root, MatchState *s, char *err, size_t errlen) {
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(root, "args");
    if (!cJSON_IsArray(a))
        return match_fail(err, errlen, "args: missing, or not a list");
    int n = cJSON_GetArraySize(a);
    s->args = calloc((size_t)(n ? n : 1), sizeof *s->args);
    if (!s->args)
        return match_fail(err, errlen, "out of memory");
    for (int i = 0; i < n; i++) {
        const cJSON *v = cJSON_GetArrayItem(a, i);
        if (!cJSON_IsString(v))
            return match_fail(err, errlen, "args[%d]: not a string", i);
        if (!(s->args[i] = strdup(v->valuestring)))
            return match_fail(err, errlen, "out of memory");
        s->nargs = i + 1;
    }
    return true;
}

static bool read_u64(const cJSON *o, const char *key, int base, uint64_t *out, char *err, size_t errlen) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    char *end;
    if (!cJSON_IsString(v) || !*v->valuestring || *v->valuestring == '-')
        return match_fail(err, errlen, "%s: missing, or not a number in a string", key);
    errno = 0;
    *out = strtoull(v->valuestring, &end, base);
    if (*end || errno)
        return match_fail(err, errlen, "%s: '%s' is not a number", key, v->valuestring);
    return true;
}

/* The fields both versions share (version 2's whole header line). */
static bool read_header(const cJSON *root, MatchState *s, char *err, size_t errlen) {
    long long v = 0; /* get_int sets it whenever it returns true; GCC 12 cannot see that */
    const cJSON *format = cJSON_GetObjectItemCaseSensitive(root, "format");
    if (!cJSON_IsObject(root) || !cJSON_IsString(format) || strcmp(format->valuestring, FORMAT))
        return match_fail(err, errlen, "not a qecmatch state file (no \"format\": \"%s\")", FORMAT);
    if (!get_int(root, "version", STATE_VERSION_1, STATE_VERSION, &v, "", err, errlen))
        return false;
    s->version = (int)v;
    if (!read_args(root, s, err, errlen) || !read_u64(root, "seed", 10, &s->seed, err, errlen))
        return false;
    const cJSON *op = cJSON_GetObjectItemCaseSensitive(root, "openings");
    if (!cJSON_IsObject(op))
        return match_fail(err, errlen, "openings: missing, or not an object");
    if (!get_int(op, "count", 0, 1000000000, &v, "openings.", err, errlen))
        return false;
    s->openings = (int)v;
    if (!read_u64(op, "fingerprint", 16, &s->openingsHash, err, errlen) ||
        !get_int(root, "scheduledJobs", 0, 50000000, &v, "", err, errlen))
        return false;
    s->scheduledJobs = (int)v;
    if (!get_int(root, "pgnBytes", -1, 1LL << 52, &s->pgnStart, "", err, errlen))
        return false;
    s->pgnBytes = s->pgnStart; /* until a game says more */
    return true;
}

static bool add_game(MatchState *s, const StateGame *g, char *err, size_t errlen) {
    if (!state_add_game(s, g))
        return match_fail(err, errlen, "out of memory");
    if (g->pgnBytes > s->pgnBytes)
        s->pgnBytes = g->pgnBytes;
    return true;
}

/* Version 1: the games in a list in the one object; each gets the file's PGN length. */
static bool read_games_v1(const cJSON *root, MatchState *s, char *err, size_t errlen) {
    const cJSON *games = cJSON_GetObjectItemCaseSensitive(root, "games");
    if (!cJSON_IsArray(games))
        return match_fail(err, errlen, "games: missing, or not a list");
    int i = 0;
    for (const cJSON *g = games->child; g; g = g->next, i++) {
        StateGame sg;
        char what[32];
        snprintf(what, sizeof what, "games[%d].", i);
        if (!read_game(g, &sg, what, false, err, errlen))
            return false;
        sg.pgnBytes = s->pgnBytes;
        if (!add_game(s, &sg, err, errlen))
            return false;
    }
    return true;
}

static bool blank(const char *p, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (p[i] != ' ' && p[i] != '\t' && p[i] != '\r' && p[i] != '\n')
            return false;
    return true;
}

/* One JSON value filling p[0..n) but for white space, or NULL. */
static cJSON *parse_exact(const char *p, size_t n) {
    const char *end = NULL;
    cJSON *v = cJSON_ParseWithLengthOpts(p, n, &end, false);
    if (v && !blank(end, n - (size_t)(end - p))) {
        cJSON_Delete(v);
        v = NULL;
    }
    return v;
}

/* Version 2: one game a line after the header. Only a line that ends in a newline counts: a
 * last line without one is a write a stop cut short (append order: the line, then its
 * newline, in one write), dropped and counted in s->tornBytes. */
static bool read_game_lines(const char *p, size_t n, MatchState *s, char *err, size_t errlen) {
    for (int line = 2; n; line++) {
        const char *nl = memchr(p, '\n', n);
        if (!nl) {
            s->tornBytes = (long long)n;
            s->tornLine = line;
            return true;
        }
        size_t len = (size_t)(nl - p);
        char what[32];
        snprintf(what, sizeof what, "line %d: ", line);
        cJSON *o = parse_exact(p, len);
        StateGame g;
        bool ok = o ? read_game(o, &g, what, true, err, errlen)
                    : match_fail(err, errlen, "line %d: %s", line, blank(p, len) ? "empty" : "not one JSON object");
        cJSON_Delete(o);
        if (!ok || !add_game(s, &g, err, errlen))
            return false;
        p = nl + 1;
        n -= len + 1;
    }
    return true;
}

/* 1: parsed; 0: the first line (or a version 1 file) is not JSON; -1: JSON but not a state (why
 * says what is wrong). */
static int parse_state(const char *text, size_t n, MatchState *s, char *why, size_t whylen) {
    memset(s, 0, sizeof *s);
    why[0] = 0;
    const char *nl = memchr(text, '\n', n);
    size_t first = nl ? (size_t)(nl - text) + 1 : n;
    cJSON *root = parse_exact(text, first);
    bool whole = false;
    if (!root) { /* a version 1 file written over several lines */
        root = parse_exact(text, n);
        whole = true;
    }
    if (!root)
        return 0;
    bool ok = read_header(root, s, why, whylen);
    if (ok && s->version == STATE_VERSION_1)
        ok = (whole || blank(text + first, n - first) ||
              match_fail(why, whylen, "a version 1 state file is one JSON object; more follows it")) &&
             read_games_v1(root, s, why, whylen);
    else if (ok)
        ok = (!whole || match_fail(why, whylen, "line 1: the header is not one line")) &&
             read_game_lines(text + first, n - first, s, why, whylen);
    cJSON_Delete(root);
    if (!ok)
        state_free(s);
    return ok ? 1 : -1;
}

bool state_parse(const char *text, MatchState *s, char *err, size_t errlen) {
    int r = parse_state(text, strlen(text), s, err, errlen);
    return r == 1 || (r == 0 && match_fail(err, errlen, "not valid JSON"));
}

bool state_load(const char *path, MatchState *s, bool *exists, char *err, size_t errlen) {
    char why[400] = "";
    size_t n = 0;
    memset(s, 0, sizeof *s);
    err[0] = 0;
    char *text = read_file(path, exists, &n, err, errlen);
    if (!text)
        return !*exists;
    int r = parse_state(text, n, s, why, sizeof why);
    free(text);
    if (r == 0)
        return match_fail(err, errlen,
                          "the state file %s is not valid JSON (cut short or damaged?); refusing to resume", path);
    if (r < 0)
        return match_fail(err, errlen, "the state file %s is malformed (%s); refusing to resume", path, why);
    return true;
}

/* ---- arguments ---- */

/* `--flag` is `-flag` (cli.c): the same command either way. */
static const char *canonical(const char *a) { return a[0] == '-' && a[1] == '-' && a[2] ? a + 1 : a; }

bool state_set_args(MatchState *s, int argc, char *const *argv) {
    for (int i = 0; i < s->nargs; i++)
        free(s->args[i]);
    free(s->args);
    s->nargs = 0;
    s->args = calloc((size_t)(argc ? argc : 1), sizeof *s->args);
    if (!s->args)
        return false;
    for (int i = 0; i < argc; i++) {
        if (!(s->args[i] = strdup(argv[i])))
            return false;
        s->nargs = i + 1;
    }
    return true;
}

/* The flag an argument belongs to: the nearest one at or before it. */
static const char *flag_of(char *const *args, int i) {
    while (i > 0 && !(args[i][0] == '-' && args[i][1] && (args[i][1] < '0' || args[i][1] > '9')))
        i--;
    return i >= 0 ? args[i] : "";
}

/* The value of -state: a match is known by what it plays, not by where its file lies, so a
 * state file that was moved or copied resumes from its new path. */
static bool is_state_path(char *const *args, int i) { return i > 0 && !strcmp(canonical(args[i - 1]), "-state"); }

bool state_same_args(const MatchState *s, int argc, char *const *argv, char *err, size_t errlen) {
    int i = 0;
    while (i < s->nargs && i < argc &&
           (!strcmp(canonical(s->args[i]), canonical(argv[i])) || (is_state_path(s->args, i) && is_state_path(argv, i))))
        i++;
    if (i == s->nargs && i == argc)
        return true;
    if (i < s->nargs && i < argc)
        return match_fail(err, errlen, "argument %d (in %s) is '%s' in the state file but '%s' in this command", i + 1,
                          flag_of(s->args, i), s->args[i], argv[i]);
    if (i < s->nargs)
        return match_fail(err, errlen, "the state file's command has more arguments: from argument %d, '%s'", i + 1,
                          s->args[i]);
    return match_fail(err, errlen, "this command has more arguments than the state file's: from argument %d, '%s'",
                      i + 1, argv[i]);
}

bool state_add_game(MatchState *s, const StateGame *g) {
    if (s->ngames == s->cap) {
        int cap = s->cap ? 2 * s->cap : 64;
        StateGame *p = realloc(s->games, sizeof *p * (size_t)cap);
        if (!p)
            return false;
        s->games = p;
        s->cap = cap;
    }
    s->games[s->ngames++] = *g;
    return true;
}

void state_free(MatchState *s) {
    for (int i = 0; i < s->nargs; i++)
        free(s->args[i]);
    free(s->args);
    free(s->games);
    memset(s, 0, sizeof *s);
}
