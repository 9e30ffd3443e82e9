/* The session's options (session/options.c): the table a protocol lists (`uci`'s `option`
 * lines), their validation, and setting them by name and text (a protocol's `setoption`) or by
 * a typed value. Names are case-insensitive, as in Stockfish. */
#ifndef QEC_SESSION_OPTIONS_H
#define QEC_SESSION_OPTIONS_H

#include "session.h"

/* A build may support fewer threads or less memory (the WebAssembly ones: -DQEC_MAX_THREADS=1
 * or 8, -DQEC_MAX_HASH=1024, docs/players/play-in-browser.md): `uci` then offers only that. The
 * threaded WebAssembly build lowers the session's own ceiling further at start-up to what the
 * browser has (session_set_threads_max), so the ceiling is the session's, not the table's. */
#ifndef QEC_MAX_THREADS
#define QEC_MAX_THREADS 256
#endif
#ifndef QEC_MAX_HASH
#define QEC_MAX_HASH 65536
#endif

typedef enum { OPTION_SPIN, OPTION_CHECK, OPTION_COMBO, OPTION_BUTTON, OPTION_STRING } OptionType;

/* Option i as a protocol lists it: spin def/lo/hi (hi: this session's ceiling), check def,
 * combo and string defText (a combo's default: UCI_Variant's is the session's start row). */
typedef struct {
    const char *name;
    OptionType type;
    int64_t def, lo, hi;
    const char *defText;
} OptionInfo;

/* A typed value: spin `number`, check `on`, combo `index` (into session_option_value's list),
 * string `text`; a button takes none. */
typedef struct {
    int64_t number;
    bool on;
    int index;
    const char *text;
} OptionValue;

typedef enum { OPTION_SET, OPTION_UNKNOWN, OPTION_REFUSED } OptionResult;

int session_option_count(void);
void session_option_info(const Session *s, int i, OptionInfo *out);
/* Combo option i's value k, NULL past the last (UCI_Variant's: the variant table's rows). */
const char *session_option_value(int i, int k);
/* The option of that name (case-insensitive), -1 if none. */
int session_find_option(const char *name);
/* Option `name` from its text (a protocol's `value`; "" when none was given): OPTION_UNKNOWN
 * if no option has that name, OPTION_REFUSED with the reason in err when the text does not
 * fit the option or what it names cannot be used (the last good value stays). */
OptionResult session_set_option(Session *s, const char *name, const char *text, char *err, size_t errlen);
/* The same with a typed value, for option id (false: refused, the reason in err). */
bool session_set_option_value(Session *s, int id, const OptionValue *v, char *err, size_t errlen);

/* Lowers the Threads option's ceiling (and bench's threads) to n, at most the build's. */
void session_set_threads_max(Session *s, int n);
/* The search options: the user's (go), or a fixed search of `hash` MiB and `threads` threads,
 * one line, Policy search (bench, openings). */
SearchOptions session_search_options(const Session *s);
SearchOptions session_fixed_search_options(const Session *s, int hash, int threads);
/* The user's options and the nets to the search (after a fixed search, or a change); false if
 * memory is short (no search). */
bool session_apply_options(Session *s);

void session_options_init(SessionOptions *o);
void session_options_free(SessionOptions *o);

#endif
