/* Shared between the uci/ source files only: the session state and the helpers the command
 * files use. Not part of the module's API (that is uci.h). */
#ifndef QEC_UCI_INTERNAL_H
#define QEC_UCI_INTERNAL_H

#include <pthread.h>

#include "../session/options.h"
#include "../session/session.h"
#include "uci.h"

/* A command line split into words; off[i] is where word i starts in the original line, so a
 * command can take "the rest of the line" verbatim (option values, EntMap JSON). */
typedef struct {
    const char *line;
    int n;
    char **w;
    size_t *off;
} Words;

struct Uci {
    FILE *out;
    pthread_mutex_t lock; /* serializes output (search threads print too) */
    Session *session;     /* the engine this front-end speaks for (session/session.h) */
};

/* Output: every line goes through the lock, since search threads print too. */
void uci_printf(Uci *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void uci_error(Uci *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Several lines at once (d, perft): lock, print with fprintf(u->out, …), unlock. */
void uci_lock_out(Uci *u);
void uci_unlock_out(Uci *u);

bool uci_is_searching(Uci *u);

/* Words of a command; `rest` is the text from word i to the end of the line, trimmed. */
const char *words_rest(const Words *ws, int i);
/* Whole decimal numbers, the whole word; false on anything else or out of [lo, hi]. */
bool parse_int64(const char *s, int64_t lo, int64_t hi, int64_t *out);

/* Commands (one file each). */
void cmd_d(Uci *u, const Words *ws);
void cmd_legal(Uci *u, const Words *ws);
void cmd_position(Uci *u, const Words *ws);
void cmd_go(Uci *u, const Words *ws);
void cmd_setoption(Uci *u, const Words *ws);
void cmd_bench(Uci *u, const Words *ws);
void cmd_selfplay(Uci *u, const Words *ws);
void cmd_openings(Uci *u, const Words *ws);
/* ShowTurns (turns.c), with the output lock held, right after a pv line: the same pv as whole
 * turns for people, `info string turns multipv K <movetext>`, from the Board copy of the root
 * the session made as the search started (Session.searchRoot). */
void report_turns(Uci *u, const SearchInfo *info);
/* UCI_ShowWDL (wdl.c): the per mille chances of the side that decides at a score, from v's model
 * (a mate: 1000 0 0 or 0 0 1000); ` wdl W D L` on f when the option is on; the game-over line
 * `info depth 0 score mate 0|cp 0 [wdl …]` (mated: the side to move has lost). */
void wdl_of(const Variant *v, int score, int wdl[3]);
void print_wdl(FILE *f, const Uci *u, const Variant *v, int score);
void game_over_score(Uci *u, bool mated);
void print_options(Uci *u);
/* The tuning build's options (tune.c, -DQEC_TUNE); no-ops in the normal build. tune_setoption:
 * false if name is not one of them (an error is reported for a bad value of one). */
void tune_print_options(Uci *u);
bool tune_setoption(Uci *u, const char *name, const char *value);
/* Push the search-relevant options to the search module. */
void options_apply(Uci *u);

#endif
