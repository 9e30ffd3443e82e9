#include "player.h"

#include <ctype.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

/* A write that cannot complete this fast means the engine stopped reading its input. */
enum { WRITE_TIMEOUT_US = 5 * 1000 * 1000, QUIT_GRACE_MS = 500 };

void player_init(Player *pl, const EngineConfig *cfg, const atomic_int *stop, int64_t readyTimeoutUs, FILE *debug,
                 int slot) {
    memset(pl, 0, sizeof *pl);
    pl->cfg = cfg;
    pl->stop = stop;
    pl->readyTimeoutUs = readyTimeoutUs;
    pl->debug = debug;
    pl->slot = slot;
}

static void forget_options(Player *pl) {
    for (int i = 0; i < pl->nadvertised; i++)
        free(pl->advertised[i]);
    free(pl->advertised);
    free(pl->variantVars);
    pl->advertised = NULL;
    pl->variantVars = NULL;
    pl->nadvertised = 0;
    pl->variantDefault[0] = 0;
}

void player_free(Player *pl) {
    player_quit(pl);
    forget_options(pl);
    free(pl->proc);
    pl->proc = NULL;
}

bool player_has_option(const Player *pl, const char *name) {
    for (int i = 0; i < pl->nadvertised; i++)
        if (!strcasecmp(pl->advertised[i], name))
            return true;
    return false;
}

/* The words of `line` after the first " key " and up to the next of the UCI option keywords. */
static void option_field(const char *line, const char *key, char *out, size_t len) {
    static const char *const KEYS[] = {" name ", " type ", " default ", " min ", " max ", " var "};
    out[0] = 0;
    const char *s = strstr(line, key);
    if (!s)
        return;
    s += strlen(key);
    const char *end = s + strlen(s);
    for (size_t k = 0; k < sizeof KEYS / sizeof KEYS[0]; k++) {
        const char *e = strstr(s - 1, KEYS[k]);
        if (e && e < end)
            end = e;
    }
    size_t n = (size_t)(end - s) < len - 1 ? (size_t)(end - s) : len - 1;
    memcpy(out, s, n);
    while (n && isspace((unsigned char)out[n - 1]))
        n--;
    out[n] = 0;
}

/* `option name NAME type T [default D] [var V]...`: NAME is remembered, UCI_Variant's default
 * and vars too. Malformed option lines are ignored, as UCI asks of unknown output. */
static void note_option(Player *pl, const char *line) {
    char name[256];
    option_field(line, " name ", name, sizeof name);
    if (!name[0] || !strstr(line, " type "))
        return;
    char **a = realloc(pl->advertised, sizeof *a * (size_t)(pl->nadvertised + 1));
    char *copy = strdup(name);
    if (!a || !copy) {
        free(copy);
        if (a)
            pl->advertised = a;
        return;
    }
    pl->advertised = a;
    a[pl->nadvertised++] = copy;
    if (strcasecmp(name, "UCI_Variant"))
        return;
    option_field(line, " default ", pl->variantDefault, sizeof pl->variantDefault);
    size_t vl = strlen(line) + 2;
    free(pl->variantVars);
    if ((pl->variantVars = malloc(vl))) { /* " var a var b" -> " a b " */
        size_t at = 0;
        pl->variantVars[at++] = ' ';
        for (const char *v = strstr(line, " var "); v; v = strstr(v + 1, " var ")) {
            const char *w = v + 5, *e = w + strcspn(w, " \t");
            at += (size_t)snprintf(pl->variantVars + at, vl - at, "%.*s ", (int)(e - w), w);
        }
    }
}

static void log_line(const Player *pl, const char *dir, const char *line) {
    if (pl->debug)
        fprintf(pl->debug, "[%d] %s %s %s\n", pl->slot, pl->cfg->name, dir, line);
}

static bool send(Player *pl, const char *line) {
    log_line(pl, "<", line);
    return proc_write_line(pl->proc, line, now_us() + WRITE_TIMEOUT_US);
}

static int crashed(Player *pl, char *detail, size_t len) {
    char how[96];
    proc_exit_text(pl->proc, how, sizeof how);
    snprintf(detail, len, "engine %s", how);
    return PLAYER_CRASH;
}

/* Reads lines until one starts with `word`; other lines are ignored, as UCI asks. */
static int wait_for(Player *pl, const char *word, int64_t deadlineUs, char *line, size_t linelen, char *detail,
                    size_t len) {
    size_t wl = strlen(word);
    proc_wait_begin(pl->proc, false);
    for (;;) {
        int rc = proc_read_line(pl->proc, line, linelen, deadlineUs, pl->stop);
        switch (rc) {
        case LINE_OK:
            log_line(pl, ">", line);
            if (!strncmp(line, word, wl) && (line[wl] == 0 || line[wl] == ' ' || line[wl] == '\t'))
                return PLAYER_OK;
            if (!strcmp(word, "uciok") && !strncmp(line, "option ", 7))
                note_option(pl, line);
            continue;
        case LINE_TIMEOUT:
            snprintf(detail, len, "no '%s' within %lld ms", word, (long long)(pl->readyTimeoutUs / 1000));
            return PLAYER_NO_RESPONSE;
        case LINE_STOPPED:
            snprintf(detail, len, "stopped");
            return PLAYER_STOPPED;
        case LINE_TOO_LONG:
            snprintf(detail, len, "an output line longer than %d bytes", PROC_BUF);
            return PLAYER_GARBAGE;
        case LINE_BINARY:
            snprintf(detail, len, "binary output (NUL bytes)");
            return PLAYER_GARBAGE;
        default:
            return crashed(pl, detail, len);
        }
    }
}

static int handshake(Player *pl, const char *cmd, const char *answer, char *detail, size_t len) {
    char line[512];
    if (!send(pl, cmd))
        return crashed(pl, detail, len);
    return wait_for(pl, answer, now_us() + pl->readyTimeoutUs, line, sizeof line, detail, len);
}

static bool set_option(Player *pl, const char *name, const char *value) {
    char line[1024];
    if (value)
        snprintf(line, sizeof line, "setoption name %s value %s", name, value);
    else
        snprintf(line, sizeof line, "setoption name %s", name);
    return send(pl, line);
}

int player_ensure(Player *pl, char *detail, size_t len) {
    if (pl->running)
        return PLAYER_OK;
    if (!pl->proc && !(pl->proc = calloc(1, sizeof *pl->proc))) {
        snprintf(detail, len, "out of memory");
        return PLAYER_START_FAILED;
    }
    const EngineConfig *c = pl->cfg;
    if (!proc_start(pl->proc, c->argv, c->dir, c->stderrFile, detail, len))
        return PLAYER_START_FAILED;
    pl->running = true;
    forget_options(pl);
    int rc = handshake(pl, "uci", "uciok", detail, len);
    for (int i = 0; rc == PLAYER_OK && i < c->noptions; i++) {
        if (!player_has_option(pl, c->options[i].name)) {
            fprintf(stderr, "qecmatch: warning: %s has no option '%s'; not sent\n", c->name, c->options[i].name);
            continue;
        }
        if (!set_option(pl, c->options[i].name, c->options[i].value))
            rc = crashed(pl, detail, len);
    }
    if (rc == PLAYER_OK)
        rc = handshake(pl, "isready", "readyok", detail, len);
    if (rc != PLAYER_OK)
        player_kill(pl);
    return rc;
}

/* The UCI_Variant value for v, or NULL when nothing is to be sent: the engine does not
 * advertise the option, already defaults to v, or lists neither v's name nor an alias. */
static const char *variant_value(const Player *pl, const Variant *v) {
    if (!player_has_option(pl, "UCI_Variant"))
        return NULL;
    if (variant_named(pl->variantDefault) == v)
        return NULL;
    if (!pl->variantVars || !strcmp(pl->variantVars, " "))
        return v->name; /* no list: the engine takes any name */
    char want[40];
    snprintf(want, sizeof want, " %s ", v->name);
    if (strcasestr(pl->variantVars, want))
        return v->name;
    for (const char *const *a = v->aliases; *a; a++) {
        snprintf(want, sizeof want, " %s ", *a);
        if (strcasestr(pl->variantVars, want))
            return *a;
    }
    return NULL;
}

int player_new_game(Player *pl, const Variant *v, const char *entmap, char *detail, size_t len) {
    const char *value = variant_value(pl, v);
    if (value && !set_option(pl, "UCI_Variant", value))
        return crashed(pl, detail, len);
    if (!send(pl, "ucinewgame") || (variant_links(v) && !set_option(pl, "EntMap", entmap)))
        return crashed(pl, detail, len);
    return handshake(pl, "isready", "readyok", detail, len);
}

/* `info … score cp X | mate N …`: the last score wins. */
static void parse_info(const char *line, Reply *r) {
    const char *s = strstr(line, " score ");
    const char *d = strstr(line, " depth ");
    const char *t = strstr(line, " time ");
    if (d)
        r->depth = atoi(d + 7);
    if (t)
        r->reportedMs = atoll(t + 6);
    if (!s)
        return;
    s += 7;
    if (!strncmp(s, "cp ", 3)) {
        r->score = atoi(s + 3);
        r->hasScore = true;
    } else if (!strncmp(s, "mate ", 5)) {
        int n = atoi(s + 5);
        r->score = n > 0 ? PLAYER_MATE_SCORE - n : -PLAYER_MATE_SCORE - n;
        r->hasScore = true;
    }
}

/* A UCI decision token (R5.1) or the null move; anything else is garbage, not a move. */
static bool token_shape(const char *t) {
    size_t n = strlen(t);
    if (!strcmp(t, "0000") || !strcmp(t, "(none)")) /* stockfish's answer when it sees no move */
        return true;
    if (n != 4 && n != 5)
        return false;
    if (t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8' || t[2] < 'a' || t[2] > 'h' || t[3] < '1' || t[3] > '8')
        return false;
    return n == 4 || strchr("nbrq", t[4]);
}

/* Test hooks (tests/match), compiled in only with -DQEC_TEST_HOOKS (the test build,
 * match/module.mk): QECMATCH_TEST_STALL_US=N makes the runner wait N µs before it writes
 * `position`, QECMATCH_TEST_LATE_US=N after it wrote `go` and before it first looks at the
 * pipe, as a runner thread descheduled at that point would. */
#ifdef QEC_TEST_HOOKS
static void test_stall(const char *var) {
    const char *s = getenv(var);
    long us = s ? strtol(s, NULL, 10) : 0;
    if (us > 0 && us < 10000000) {
        struct timespec ts = {us / 1000000, (us % 1000000) * 1000};
        nanosleep(&ts, NULL);
    }
}
#else
static void test_stall(const char *var) { (void)var; }
#endif

/* The engine's CPU time so far (all its threads, ended ones too), µs; -1 if unknown. Seen less
 * this is the time the engine was off a CPU (a loaded machine), which a forfeit note tells. */
static int64_t engine_cpu_us(pid_t pid) {
    clockid_t id;
    struct timespec ts;
    if (clock_getcpuclockid(pid, &id) || clock_gettime(id, &ts))
        return -1;
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* One line per decision with -debug: where the milliseconds went. */
static void log_timing(const Player *pl, const Reply *r, int64_t allowanceUs, int64_t startUs, int64_t goUs) {
    fprintf(pl->debug,
            "[%d] %s timing: seen %lld us (go written -> bestmove read), runner's own %lld us, charged %lld us of "
            "%lld allowed; engine said %lld ms, ran %lld us on a CPU; position+go written in %lld us; at %lld..%lld\n",
            pl->slot, pl->cfg->name, (long long)r->seenUs, (long long)r->runnerUs, (long long)r->elapsedUs,
            (long long)allowanceUs,
            r->reportedMs, (long long)r->engineCpuUs, (long long)(goUs - startUs), (long long)startUs,
            (long long)(goUs + r->seenUs));
}

int player_go(Player *pl, const char *position, const char *go, int64_t allowanceUs, Reply *r) {
    char line[PROC_BUF];
    memset(r, 0, sizeof *r);
    r->reportedMs = -1;
    test_stall("QECMATCH_TEST_STALL_US");
    int64_t cpu0 = engine_cpu_us(pl->proc->pid), w0 = now_us();
    if (!send(pl, position) || !send(pl, go))
        return crashed(pl, r->detail, sizeof r->detail);
    /* The engine's time and its deadline both start here, once go is written. */
    int64_t t0 = now_us(), deadlineUs = t0 + allowanceUs;
    proc_wait_begin(pl->proc, true);
    test_stall("QECMATCH_TEST_LATE_US");
    int rc;
    for (;;) {
        rc = proc_read_line(pl->proc, line, sizeof line, deadlineUs, pl->stop);
        if (rc != LINE_OK)
            break;
        log_line(pl, ">", line);
        if (!strncmp(line, "info ", 5)) {
            parse_info(line, r);
            continue;
        }
        if (!strncmp(line, "bestmove", 8) && (!line[8] || line[8] == ' ' || line[8] == '\t'))
            break;
    }
    /* Charged: from go written to the earliest moment the answer can have been written, as
     * far as the runner can tell (proc_read_line): a runner that was not there to read, or
     * waited for a CPU after the pipe woke it, keeps that time for itself. */
    int64_t end = rc == LINE_OK ? pl->proc->readUs : now_us();
    int64_t arrived = rc == LINE_OK ? pl->proc->arrivedUs : end;
    r->seenUs = end > t0 ? end - t0 : 0;
    r->elapsedUs = arrived > t0 ? arrived - t0 : 0;
    if (r->elapsedUs > r->seenUs)
        r->elapsedUs = r->seenUs;
    r->runnerUs = r->seenUs - r->elapsedUs;
    int64_t cpu1 = cpu0 >= 0 ? engine_cpu_us(pl->proc->pid) : -1;
    r->engineCpuUs = cpu1 >= cpu0 ? cpu1 - cpu0 : -1;
    proc_wait_end(pl->proc);
    if (pl->debug)
        log_timing(pl, r, allowanceUs, w0, t0);
    switch (rc) {
    case LINE_OK:
        break;
    case LINE_TIMEOUT:
        snprintf(r->detail, sizeof r->detail, "no bestmove after %lld ms", (long long)(r->seenUs / 1000));
        return PLAYER_TIMEOUT;
    case LINE_STOPPED:
        snprintf(r->detail, sizeof r->detail, "stopped");
        return PLAYER_STOPPED;
    case LINE_TOO_LONG:
        snprintf(r->detail, sizeof r->detail, "an output line longer than %d bytes", PROC_BUF);
        return PLAYER_GARBAGE;
    case LINE_BINARY:
        snprintf(r->detail, sizeof r->detail, "binary output (NUL bytes)");
        return PLAYER_GARBAGE;
    default:
        return crashed(pl, r->detail, sizeof r->detail);
    }
    char tok[16] = "";
    int n = sscanf(line + 8, "%15s", tok);
    if (n != 1 || !token_shape(tok)) {
        snprintf(r->detail, sizeof r->detail, "malformed bestmove line '%.100s'", line);
        return PLAYER_GARBAGE;
    }
    snprintf(r->tok, sizeof r->tok, "%s", tok);
    return PLAYER_OK;
}

void player_quit(Player *pl) {
    if (!pl->running)
        return;
    send(pl, "quit");
    proc_stop(pl->proc, QUIT_GRACE_MS);
    pl->running = false;
}

void player_kill(Player *pl) {
    if (!pl->running)
        return;
    proc_kill(pl->proc);
    pl->running = false;
}
