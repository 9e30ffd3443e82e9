#include "player.h"

#include <stdlib.h>
#include <string.h>

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

void player_free(Player *pl) {
    player_quit(pl);
    free(pl->proc);
    pl->proc = NULL;
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
    for (;;) {
        int rc = proc_read_line(pl->proc, line, linelen, deadlineUs, pl->stop);
        switch (rc) {
        case LINE_OK:
            log_line(pl, ">", line);
            if (!strncmp(line, word, wl) && (line[wl] == 0 || line[wl] == ' ' || line[wl] == '\t'))
                return PLAYER_OK;
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
    int rc = handshake(pl, "uci", "uciok", detail, len);
    for (int i = 0; rc == PLAYER_OK && i < c->noptions; i++)
        if (!set_option(pl, c->options[i].name, c->options[i].value))
            rc = crashed(pl, detail, len);
    if (rc == PLAYER_OK)
        rc = handshake(pl, "isready", "readyok", detail, len);
    if (rc != PLAYER_OK)
        player_kill(pl);
    return rc;
}

int player_new_game(Player *pl, const char *entmap, char *detail, size_t len) {
    if (!send(pl, "ucinewgame") || !set_option(pl, "EntMap", entmap))
        return crashed(pl, detail, len);
    return handshake(pl, "isready", "readyok", detail, len);
}

/* `info … score cp X | mate N …`: the last score wins. */
static void parse_info(const char *line, Reply *r) {
    const char *s = strstr(line, " score ");
    const char *d = strstr(line, " depth ");
    if (d)
        r->depth = atoi(d + 7);
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
    if (!strcmp(t, "0000"))
        return true;
    if (n != 4 && n != 5)
        return false;
    if (t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8' || t[2] < 'a' || t[2] > 'h' || t[3] < '1' || t[3] > '8')
        return false;
    return n == 4 || strchr("nbrq", t[4]);
}

int player_go(Player *pl, const char *position, const char *go, int64_t deadlineUs, Reply *r) {
    char line[PROC_BUF];
    memset(r, 0, sizeof *r);
    if (!send(pl, position) || !send(pl, go))
        return crashed(pl, r->detail, sizeof r->detail);
    int64_t t0 = now_us();
    for (;;) {
        int rc = proc_read_line(pl->proc, line, sizeof line, deadlineUs, pl->stop);
        r->elapsedUs = now_us() - t0;
        switch (rc) {
        case LINE_OK:
            break;
        case LINE_TIMEOUT:
            snprintf(r->detail, sizeof r->detail, "no bestmove after %lld ms", (long long)(r->elapsedUs / 1000));
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
        log_line(pl, ">", line);
        if (!strncmp(line, "info ", 5)) {
            parse_info(line, r);
            continue;
        }
        if (strncmp(line, "bestmove", 8) || (line[8] && line[8] != ' ' && line[8] != '\t'))
            continue;
        char tok[16] = "";
        int n = sscanf(line + 8, "%15s", tok);
        if (n != 1 || !token_shape(tok)) {
            snprintf(r->detail, sizeof r->detail, "malformed bestmove line '%.100s'", line);
            return PLAYER_GARBAGE;
        }
        snprintf(r->tok, sizeof r->tok, "%s", tok);
        return PLAYER_OK;
    }
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
