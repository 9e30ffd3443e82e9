/* The session: line reading, splitting, dispatch, and the small commands (uci, isready,
 * stop, ponderhit, quit, ucinewgame, debug, register, help). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define ENGINE_NAME "qec 1.0"
#define ENGINE_AUTHOR "the qec authors"

/* ---- output ---- */

void uci_lock_out(Uci *u) { pthread_mutex_lock(&u->lock); }
void uci_unlock_out(Uci *u) {
    fflush(u->out);
    pthread_mutex_unlock(&u->lock);
}

void uci_printf(Uci *u, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    uci_lock_out(u);
    vfprintf(u->out, fmt, ap);
    fputc('\n', u->out);
    uci_unlock_out(u);
    va_end(ap);
}

void uci_error(Uci *u, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    uci_lock_out(u);
    fputs("info string error: ", u->out);
    vfprintf(u->out, fmt, ap);
    fputc('\n', u->out);
    uci_unlock_out(u);
    va_end(ap);
}

bool uci_is_searching(Uci *u) { return session_searching(u->session, NULL); }

void uci_set_poll(Uci *u, void (*poll)(void *ctx, bool waiting), void *ctx) { session_set_poll(u->session, poll, ctx); }

/* ---- small parsing helpers ---- */

const char *words_rest(const Words *ws, int i) { return i < ws->n ? ws->line + ws->off[i] : ""; }

bool parse_int64(const char *s, int64_t lo, int64_t hi, int64_t *out) { return session_parse_int64(s, lo, hi, out); }

/* ---- small commands ---- */

static void cmd_uci(Uci *u, const Words *ws) {
    (void)ws;
    uci_printf(u, "id name " ENGINE_NAME);
    uci_printf(u, "id author " ENGINE_AUTHOR);
    print_options(u);
    uci_printf(u, "uciok");
}

static void cmd_isready(Uci *u, const Words *ws) {
    (void)ws;
    uci_printf(u, "readyok");
}

/* Stop the search and wait for its bestmove, so that whatever the client sends next is
 * answered after it; a held answer (infinite/ponder go with its bestmove already known) is
 * given here. */
static void stop_search(Uci *u) {
    char tok[6];
    if (session_stop(u->session, tok))
        uci_printf(u, "bestmove %s", tok);
}

static void cmd_stop(Uci *u, const Words *ws) {
    if (ws->n > 1) {
        uci_error(u, "stop takes no arguments");
        return;
    }
    if (!uci_is_searching(u)) {
        uci_error(u, "stop: no search is running");
        return;
    }
    stop_search(u);
}

static void cmd_ponderhit(Uci *u, const Words *ws) {
    if (ws->n > 1) {
        uci_error(u, "ponderhit takes no arguments");
        return;
    }
    char tok[6];
    PonderhitResult r = session_ponderhit(u->session, tok);
    if (r == PONDERHIT_NONE)
        uci_error(u, "ponderhit: no ponder search is running");
    else if (r == PONDERHIT_HELD)
        uci_printf(u, "bestmove %s", tok);
}

static void cmd_ucinewgame(Uci *u, const Words *ws) {
    if (ws->n > 1) {
        uci_error(u, "ucinewgame takes no arguments");
        return;
    }
    if (uci_is_searching(u)) {
        uci_error(u, "ucinewgame: a search is running (send stop first)");
        return;
    }
    session_clear(u->session);
}

static void cmd_debug(Uci *u, const Words *ws) {
    if (ws->n != 2 || (strcmp(ws->w[1], "on") && strcmp(ws->w[1], "off")))
        uci_error(u, "debug: want 'debug on' or 'debug off'");
}

static void cmd_register(Uci *u, const Words *ws) {
    if (ws->n < 2)
        uci_error(u, "register: want 'register later' or 'register name … code …'");
}

static void cmd_help(Uci *u, const Words *ws) {
    (void)ws;
    uci_lock_out(u);
    fputs("qec speaks UCI with the QEC extension (see docs/gui/protocol.md).\n"
          "UCI:   uci isready ucinewgame setoption position go stop ponderhit quit debug register\n"
          "QEC:   d (board and decision point), legal [kinds] (options at hand), go perft N,\n"
          "       bench [hash] [threads] [depth], selfplay [movetime] [maxturns] [map],\n"
          "       openings [count] [turns] [window] [seed] [depth], help\n"
          "Variants (setoption name UCI_Variant value …):",
          u->out);
    for (int i = 0; i < VARIANT_ROW_COUNT; i++)
        fprintf(u->out, " %s", VARIANT_ROWS[i].name);
    fputs("\n", u->out);
    for (int i = 0; i < VARIANT_ROW_COUNT; i++)
        if (!VARIANT_ROWS[i].fen)
            fprintf(u->out, "       (%s: position startpos [moves …] only)\n", VARIANT_ROWS[i].name);
    uci_unlock_out(u);
}

/* ---- dispatch ---- */

typedef struct {
    const char *name;
    void (*run)(Uci *u, const Words *ws);
} Command;

static const Command COMMANDS[] = {
    {"uci", cmd_uci},           {"isready", cmd_isready},     {"ucinewgame", cmd_ucinewgame},
    {"setoption", cmd_setoption}, {"position", cmd_position}, {"go", cmd_go},
    {"stop", cmd_stop},         {"ponderhit", cmd_ponderhit}, {"debug", cmd_debug},
    {"register", cmd_register}, {"d", cmd_d},                 {"legal", cmd_legal},
    {"bench", cmd_bench},       {"selfplay", cmd_selfplay},   {"help", cmd_help},
    {"openings", cmd_openings},
};

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* Control bytes other than tab and CR mean the client sent binary data. */
static bool is_binary(const char *s, size_t len) {
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7f)
            return true;
    }
    return false;
}

static bool split_words(const char *line, size_t len, Words *ws, char **text, char **buf) {
    *text = malloc(len + 1);
    *buf = malloc(len + 1);
    size_t maxw = len / 2 + 1;
    ws->w = malloc(maxw * sizeof *ws->w);
    ws->off = malloc(maxw * sizeof *ws->off);
    if (!*text || !*buf || !ws->w || !ws->off)
        return false;
    while (len && is_space(line[len - 1]))
        len--;
    memcpy(*text, line, len);
    (*text)[len] = 0;
    memcpy(*buf, line, len);
    (*buf)[len] = 0;
    ws->line = *text;
    ws->n = 0;
    for (size_t i = 0; i < len;) {
        while (i < len && is_space((*buf)[i]))
            (*buf)[i++] = 0;
        if (i == len)
            break;
        ws->off[ws->n] = i;
        ws->w[ws->n++] = *buf + i;
        while (i < len && !is_space((*buf)[i]))
            i++;
    }
    return true;
}

static void quit(Uci *u) { stop_search(u); }

bool uci_execute(Uci *u, const char *line, size_t len) {
    if (len >= UCI_MAX_LINE) {
        uci_error(u, "line too long (%zu bytes, the limit is %zu)", len, UCI_MAX_LINE - 1);
        return true;
    }
    if (is_binary(line, len)) {
        uci_error(u, "binary data in the input line (control bytes or NUL), line ignored");
        return true;
    }
    Words ws = {0};
    char *text = NULL, *buf = NULL;
    bool go_on = true;
    if (!split_words(line, len, &ws, &text, &buf))
        uci_error(u, "out of memory");
    else if (ws.n > 0) {
        const char *cmd = ws.w[0];
        size_t i = 0, nc = sizeof COMMANDS / sizeof *COMMANDS;
        if (!strcmp(cmd, "quit")) {
            quit(u);
            go_on = false;
        } else {
            while (i < nc && strcmp(cmd, COMMANDS[i].name))
                i++;
            if (i < nc)
                COMMANDS[i].run(u, &ws);
            else
                uci_error(u, "unknown command '%.40s' (type help for the list)", cmd);
        }
    }
    free(text);
    free(buf);
    free(ws.w);
    free(ws.off);
    return go_on;
}

/* One line of any length into *buf; a line of UCI_MAX_LINE bytes or more is read to its end
 * and reported as too long (*len = its length) without keeping it. Returns false at EOF with
 * nothing read. */
static bool read_line(FILE *in, char **buf, size_t *cap, size_t *len, bool *tooLong) {
    int c;
    size_t n = 0;
    bool any = false;
    *tooLong = false;
    while ((c = getc(in)) != EOF) {
        any = true;
        if (c == '\n')
            break;
        if (n + 1 >= UCI_MAX_LINE) {
            *tooLong = true;
            n++;
            continue;
        }
        if (n + 1 >= *cap) {
            size_t ncap = *cap ? *cap * 2 : 256;
            char *nb = realloc(*buf, ncap);
            if (!nb) {
                *tooLong = true;
                n++;
                continue;
            }
            *buf = nb;
            *cap = ncap;
        }
        (*buf)[n++] = (char)c;
    }
    *len = n;
    return any;
}

void uci_loop(Uci *u, FILE *in) {
    char *buf = NULL;
    size_t cap = 0, len;
    bool tooLong, go_on = true;
    while (go_on && read_line(in, &buf, &cap, &len, &tooLong)) {
        if (tooLong)
            uci_error(u, "line too long (more than %zu bytes), line ignored", UCI_MAX_LINE - 1);
        else
            go_on = uci_execute(u, buf ? buf : "", len);
    }
    if (go_on) /* end of input: as quit */
        quit(u);
    free(buf);
}

void uci_run_command(Uci *u, const char *line) {
    u->session->havePosition = true; /* the shell starts at startpos with the default map */
    if (!uci_execute(u, line, strlen(line)))
        return;
    bool endless;
    if (session_searching(u->session, &endless) && endless) /* no one could send stop */
        stop_search(u);
    else
        session_join(u->session);
}

/* ---- lifetime ---- */

Uci *uci_new(FILE *out) {
    Uci *u = calloc(1, sizeof *u);
    if (!u)
        return NULL;
    u->out = out;
    pthread_mutex_init(&u->lock, NULL);
    if (!(u->session = session_new())) {
        pthread_mutex_destroy(&u->lock);
        free(u);
        return NULL;
    }
    options_apply(u);
    return u;
}

bool uci_start_in(Uci *u, const char *variant) { return session_start_in(u->session, variant); }

void uci_free(Uci *u) {
    if (!u)
        return;
    stop_search(u);
    session_free(u->session);
    pthread_mutex_destroy(&u->lock);
    free(u);
}
