/* The UCI options over the session's table (session/options.h): `uci`'s `option` lines and
 * `setoption`'s words; the values, their validation and their effect are the session's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

void uci_set_threads_max(Uci *u, int n) { session_set_threads_max(u->session, n); }

void options_apply(Uci *u) {
    if (!session_apply_options(u->session))
        uci_error(u, "out of memory: no search");
}

void print_options(Uci *u) {
    uci_lock_out(u);
    for (int i = 0, n = session_option_count(); i < n; i++) {
        OptionInfo o;
        session_option_info(u->session, i, &o);
        fprintf(u->out, "option name %s type ", o.name);
        switch (o.type) {
        case OPTION_SPIN:
            fprintf(u->out, "spin default %lld min %lld max %lld\n", (long long)o.def, (long long)o.lo, (long long)o.hi);
            break;
        case OPTION_CHECK: fprintf(u->out, "check default %s\n", o.def ? "true" : "false"); break;
        case OPTION_BUTTON: fputs("button\n", u->out); break;
        case OPTION_STRING: fprintf(u->out, "string default %s\n", *o.defText ? o.defText : "<empty>"); break;
        case OPTION_COMBO:
            fprintf(u->out, "combo default %s", o.defText);
            for (int k = 0; session_option_value(i, k); k++)
                fprintf(u->out, " var %s", session_option_value(i, k));
            fputc('\n', u->out);
            break;
        }
    }
    tune_print_options(u);
    uci_unlock_out(u);
}

/* ---- setoption ---- */

/* The name's words joined by one space; false if it is longer than any option's. */
static bool option_name(const Words *ws, int from, int to, char *name, size_t cap) {
    size_t used = 0;
    name[0] = 0;
    for (int i = from; i < to; i++) {
        size_t len = strlen(ws->w[i]);
        if (used + len + 2 > cap)
            return false;
        used += (size_t)snprintf(name + used, cap - used, "%s%s", used ? " " : "", ws->w[i]);
    }
    return true;
}

void cmd_setoption(Uci *u, const Words *ws) {
    char name[64], err[512];
    if (uci_is_searching(u)) {
        uci_error(u, "setoption: a search is running (send stop first)");
        return;
    }
    if (ws->n < 3 || strcasecmp(ws->w[1], "name")) {
        uci_error(u, "setoption: want 'setoption name <name> [value <value>]'");
        return;
    }
    int v = 2;
    while (v < ws->n && strcasecmp(ws->w[v], "value"))
        v++;
    int id = option_name(ws, 2, v, name, sizeof name) ? session_find_option(name) : -1;
    if (id < 0 && v == 3 && tune_setoption(u, ws->w[2], v < ws->n ? words_rest(ws, v + 1) : ""))
        return;
    if (id < 0) {
        uci_error(u, "setoption: unknown option '%.40s'", words_rest(ws, 2));
        return;
    }
    OptionInfo o;
    session_option_info(u->session, id, &o);
    bool hasValue = v < ws->n;
    const char *value = hasValue ? words_rest(ws, v + 1) : "";
    /* Stockfish's convention for an empty string value. */
    if (o.type == OPTION_STRING && !strcmp(value, "<empty>"))
        value = "";
    if (!*value && o.type != OPTION_BUTTON && o.type != OPTION_STRING) {
        uci_error(u, "setoption %s: needs 'value <value>'", o.name);
        return;
    }
    if (session_set_option(u->session, name, value, err, sizeof err) == OPTION_REFUSED)
        uci_error(u, "%s", err);
}
