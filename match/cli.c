#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../variants/variants.h"

#define CLI_FAIL(...)                                                                                                  \
    do {                                                                                                               \
        snprintf(err, errlen, __VA_ARGS__);                                                                            \
        return false;                                                                                                  \
    } while (0)

enum { MAX_ENGINES = 64 };

void cli_help(FILE *f) {
    fputs(
        "qecmatch: engine-vs-engine matches and tournaments in every variant qec plays (-variant).\n"
        "\n"
        "Usage: qecmatch -engine cmd=CMD [name=N] [option.X=Y]... -engine ... [-each ...] [options]\n"
        "\n"
        "Engines (at least two; keys for -engine and -each, -each applies to every engine and\n"
        "-engine keys override it):\n"
        "  cmd=CMD            command line of the engine (split at spaces; quotes group words)\n"
        "  name=NAME          name in results and PGN (default: the command's file name)\n"
        "  dir=DIR            working directory of the engine\n"
        "  arg=ARG            one more command-line argument (repeatable)\n"
        "  option.NAME=VALUE  `setoption name NAME value VALUE` after uciok (option.NAME= for a button);\n"
        "                     sent only if the engine advertises NAME (else a warning on stderr)\n"
        "  tc=[M/]T[+I]       clock: T seconds (or m:ss), +I seconds per decision, T again after\n"
        "                     every M decisions; tc=tournament: 180 s per decision (seed rules)\n"
        "  st=T               fixed T seconds per decision (go movetime)\n"
        "  tc=inf             no time limit (needs nodes= or depth=)\n"
        "  nodes=N, depth=N   add `nodes N` / `depth N` (turns) to every go; alone they mean tc=inf\n"
        "  timemargin=MS      milliseconds an engine may overrun before it loses on time (default 0)\n"
        "  restart=on|off     a fresh engine process for every game (default off)\n"
        "  stderr=FILE        append the engine's standard error to FILE (default: discarded)\n"
        "  proto=uci          the only protocol (accepted for cutechess compatibility)\n"
        "\n"
        "Variant:\n",
        f);
    char names[256];
    variant_names_text(names, sizeof names);
    fprintf(f, "  -variant NAME      one of: %s.\n", names);
    fputs("                     The runner keeps the game by the variant's rules and adjudicates its\n"
        "                     ends; it sends `setoption name UCI_Variant value NAME` only to engines\n"
        "                     that advertise UCI_Variant (so any UCI engine plays chess), writes\n"
        "                     the variant's notation (standard PGN with SAN where it has one, else\n"
        "                     coordinate tokens), and in a variant whose games cannot start from a\n"
        "                     FEN gives engines `position startpos [moves …]` only\n"
        "\n"
        "Tournament:\n"
        "  -tournament round-robin|gauntlet   every pair plays, or the first engine plays all others\n"
        "  -games N           games per encounter per round (default 1)\n"
        "  -rounds N          rounds (default 1); with -series, series per encounter\n"
        "  -repeat            play each opening twice with colours swapped (game pairs; needed for\n"
        "                     pentanomial statistics)\n"
        "  -concurrency N     games played at the same time (default 1)\n"
        "  -series            series mode (seed 004 5): best of three per encounter, a dual-king game is\n"
        "                     a loss for both, two mutual losses lead to a sudden-death game, no win at\n"
        "                     all is a rollover\n"
        "  -tc X              short for -each tc=X\n"
        "  -recover           an engine that cannot be started forfeits the game and the tournament goes\n"
        "                     on (without it the tournament stops); crashes, hangs, overruns, illegal\n"
        "                     decisions and garbage always forfeit the game and get a fresh process\n"
        "  -seed N            seed for opening order and random openings (default: from the clock;\n"
        "                     printed at start); -srand N is the same\n"
        "  -readytimeout MS   how long to wait for uciok/readyok (default 10000)\n"
        "\n"
        "Openings:\n"
        "  -openings file=F [format=epd|pgn] [order=sequential|random] [seed=S] [start=N] [plies=N]\n"
        "                     epd: one opening per line: `FEN[; links <pairs|none>][; ...]` (links\n"
        "                     in a variant with links; any EPD line); in a variant whose games cannot\n"
        "                     start from a FEN a line is `startpos moves <tokens>`; pgn (default for\n"
        "                     *.pgn): each game's moves, at most plies=N of them\n"
        "  -openings random seed=S plies=N [start=N] [balance=S|off] [nodes=N]\n"
        "                     N random whole turns from the start position (under the random map\n"
        "                     `random <S+i>` for opening i in a variant with links); balanced: the\n"
        "                     first engine scores each with `go nodes N` (default 20000) and one\n"
        "                     scored a mate or beyond +-S cp (default 200) is replaced by the next\n"
        "                     candidate; balance=off: no check\n"
        "  (default: the start position, with the default map in a variant with links)\n"
        "\n"
        "Adjudication (the variant's game ends are always detected by the runner):\n"
        "  -draw movenumber=N movecount=M score=S   draw once N full moves are played and the\n"
        "                     engines' scores stayed within S cp for M decisions of each engine\n"
        "  -resign movecount=M score=S [twosided=true]   an engine scoring <= -S cp for M decisions\n"
        "                     in a row loses (twosided: and its opponent >= +S cp)\n"
        "  -maxmoves N        draw after N turns\n"
        "\n"
        "Output:\n"
        "  -pgnout FILE       append every game (PGN-like, docs/gui/record-format.md) to FILE\n"
        "  -jsonout FILE      write a JSON summary to FILE at the end\n"
        "  -state FILE        save the match's progress to FILE after every finished game; the same\n"
        "                     command with -state FILE (or with the path FILE was moved or copied\n"
        "                     to) resumes the match where it stopped (docs/testers/qecmatch-resume.md)\n"
        "  -event NAME, -site NAME   PGN Event and Site tags\n"
        "  -debug             log every line sent to and received from the engines on stderr,\n"
        "                     and each decision's timing (seen, the runner's own, charged)\n"
        "\n"
        "Statistics:\n"
        "  -shard I/N         play only the game pairs (jobs) numbered I mod N, 0 <= I < N; the N shards\n"
        "                     together play the unsharded run's games (needs -seed); `qecmatch merge\n"
        "                     [-sprt ...] [-jsonout F] A.json B.json ...` sums their -jsonout files\n"
        "  -sprt elo0=E0 elo1=E1 alpha=A beta=B [model=normalized|logistic]\n"
        "                     stop when the GSPRT crosses a bound (two engines; pentanomial with\n"
        "                     -repeat). A dual-king game counts as a draw for Elo and SPRT.\n"
        "\n"
        "  -help, --help      this text;  -version  the version\n",
        f);
}

/* ---- small parsers ---- */

static bool parse_int(const char *s, long lo, long hi, int *out) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end || errno || v < lo || v > hi)
        return false;
    *out = (int)v;
    return true;
}

static bool parse_double(const char *s, double *out) {
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end || v != v)
        return false;
    *out = v;
    return true;
}

static bool parse_bool(const char *s, bool *out) {
    if (!strcmp(s, "true") || !strcmp(s, "on") || !strcmp(s, "1") || !strcmp(s, "yes"))
        return *out = true;
    if (!strcmp(s, "false") || !strcmp(s, "off") || !strcmp(s, "0") || !strcmp(s, "no")) {
        *out = false;
        return true;
    }
    return false;
}

static char *dup(const char *s) {
    char *d = strdup(s);
    if (!d) {
        fputs("qecmatch: out of memory\n", stderr);
        exit(1);
    }
    return d;
}

static void *grow(void *p, size_t size) {
    void *q = realloc(p, size);
    if (!q) {
        fputs("qecmatch: out of memory\n", stderr);
        exit(1);
    }
    return q;
}

/* "key=value" → key and value (value may be empty). */
static bool split_kv(const char *arg, char *key, size_t klen, const char **value) {
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg || (size_t)(eq - arg) >= klen)
        return false;
    memcpy(key, arg, (size_t)(eq - arg));
    key[eq - arg] = 0;
    *value = eq + 1;
    return true;
}

/* ---- engines ---- */

/* Engine keys are kept as given and applied once every -each is known. */
typedef struct {
    char **kv;
    int n;
} KeyList;

static void add_key(KeyList *l, const char *kv) {
    l->kv = grow(l->kv, sizeof *l->kv * (size_t)(l->n + 1));
    l->kv[l->n++] = dup(kv);
}

static void free_keys(KeyList *l) {
    for (int i = 0; i < l->n; i++)
        free(l->kv[i]);
    free(l->kv);
    l->kv = NULL;
    l->n = 0;
}

static void add_arg(EngineConfig *e, const char *a) {
    e->argv = grow(e->argv, sizeof *e->argv * (size_t)(e->argc + 2));
    e->argv[e->argc++] = dup(a);
    e->argv[e->argc] = NULL;
}

static void clear_args(EngineConfig *e) {
    for (int i = 0; i < e->argc; i++)
        free(e->argv[i]);
    free(e->argv);
    e->argv = NULL;
    e->argc = 0;
}

/* Splits a command at blanks; '…' and "…" group words. */
static bool set_cmd(EngineConfig *e, const char *cmd, char *err, size_t errlen) {
    clear_args(e);
    char word[1024];
    const char *s = cmd;
    while (*s) {
        while (isspace((unsigned char)*s))
            s++;
        if (!*s)
            break;
        size_t n = 0;
        char quote = 0;
        while (*s && (quote || !isspace((unsigned char)*s))) {
            if (!quote && (*s == '"' || *s == '\'')) {
                quote = *s++;
                continue;
            }
            if (quote && *s == quote) {
                quote = 0;
                s++;
                continue;
            }
            if (n + 1 >= sizeof word)
                CLI_FAIL("cmd: a word is too long");
            word[n++] = *s++;
        }
        if (quote)
            CLI_FAIL("cmd: unclosed quote in '%s'", cmd);
        word[n] = 0;
        add_arg(e, word);
    }
    if (!e->argc)
        CLI_FAIL("cmd= is empty");
    return true;
}

static void set_option(EngineConfig *e, const char *name, const char *value) {
    for (int i = 0; i < e->noptions; i++)
        if (!strcmp(e->options[i].name, name)) {
            free(e->options[i].value);
            e->options[i].value = *value ? dup(value) : NULL;
            return;
        }
    e->options = grow(e->options, sizeof *e->options * (size_t)(e->noptions + 1));
    e->options[e->noptions].name = dup(name);
    e->options[e->noptions].value = *value ? dup(value) : NULL;
    e->noptions++;
}

static bool engine_key(EngineConfig *e, const char *kv, char *err, size_t errlen) {
    char key[128];
    const char *v;
    if (!split_kv(kv, key, sizeof key, &v))
        CLI_FAIL("engine setting '%s' is not key=value", kv);
    char why[200];
    if (!strcmp(key, "cmd"))
        return set_cmd(e, v, err, errlen);
    if (!strcmp(key, "name")) {
        if (!*v || strlen(v) >= sizeof e->name || strpbrk(v, "\"\\\n"))
            CLI_FAIL("bad engine name '%s' (1 to 63 characters, no quotes)", v);
        snprintf(e->name, sizeof e->name, "%s", v);
    } else if (!strcmp(key, "dir")) {
        free(e->dir);
        e->dir = dup(v);
    } else if (!strcmp(key, "arg")) {
        if (!e->argc)
            CLI_FAIL("arg= before cmd=");
        add_arg(e, v);
    } else if (!strncmp(key, "option.", 7) && key[7]) {
        set_option(e, key + 7, v);
    } else if (!strcmp(key, "tc")) {
        if (!tc_parse(v, &e->tc, why, sizeof why))
            CLI_FAIL("%s", why);
        e->hasTc = true;
    } else if (!strcmp(key, "st")) {
        if (!tc_parse_st(v, &e->tc, why, sizeof why))
            CLI_FAIL("%s", why);
        e->hasTc = true;
    } else if (!strcmp(key, "nodes")) {
        if (!tc_parse_nodes(v, &e->tc, why, sizeof why))
            CLI_FAIL("%s", why);
    } else if (!strcmp(key, "depth")) {
        if (!tc_parse_depth(v, &e->tc, why, sizeof why))
            CLI_FAIL("%s", why);
    } else if (!strcmp(key, "timemargin")) {
        if (!tc_parse_margin(v, &e->tc, why, sizeof why))
            CLI_FAIL("%s", why);
    } else if (!strcmp(key, "restart")) {
        if (!parse_bool(v, &e->restart))
            CLI_FAIL("restart= wants on or off, not '%s'", v);
    } else if (!strcmp(key, "stderr")) {
        free(e->stderrFile);
        e->stderrFile = dup(v);
    } else if (!strcmp(key, "proto")) {
        if (strcmp(v, "uci"))
            CLI_FAIL("proto=%s: only uci is spoken", v);
    } else
        CLI_FAIL("unknown engine setting '%s'", key);
    return true;
}

static const char *base_name(const char *path) {
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* Default names from the command, made unique with a number. */
static void name_engines(MatchConfig *cfg) {
    for (int i = 0; i < cfg->nengines; i++)
        if (!cfg->engines[i].name[0])
            snprintf(cfg->engines[i].name, sizeof cfg->engines[i].name, "%.50s", base_name(cfg->engines[i].argv[0]));
    for (int i = 0; i < cfg->nengines; i++) {
        int same = 0;
        for (int j = 0; j < i; j++)
            same += !strcmp(cfg->engines[i].name, cfg->engines[j].name);
        if (same) {
            char n[64];
            snprintf(n, sizeof n, "%.50s-%d", cfg->engines[i].name, same + 1);
            memcpy(cfg->engines[i].name, n, sizeof n);
        }
    }
}

/* ---- option groups ---- */

static bool openings_key(OpeningsConfig *o, const char *arg, char *err, size_t errlen) {
    char key[32];
    const char *v;
    if (!strcmp(arg, "random")) {
        o->kind = OPENINGS_RANDOM;
        return true;
    }
    if (!split_kv(arg, key, sizeof key, &v))
        CLI_FAIL("-openings: '%s' is not key=value", arg);
    if (!strcmp(key, "file")) {
        if (!*v || strlen(v) >= sizeof o->file)
            CLI_FAIL("-openings: bad file name");
        snprintf(o->file, sizeof o->file, "%s", v);
        o->kind = OPENINGS_FILE;
    } else if (!strcmp(key, "format")) {
        if (!strcmp(v, "epd"))
            o->format = OPENINGS_FORMAT_EPD;
        else if (!strcmp(v, "pgn"))
            o->format = OPENINGS_FORMAT_PGN;
        else
            CLI_FAIL("-openings: format=%s is not supported (epd or pgn)", v);
    } else if (!strcmp(key, "order")) {
        if (strcmp(v, "random") && strcmp(v, "sequential"))
            CLI_FAIL("-openings: order=random or order=sequential, not '%s'", v);
        o->randomOrder = !strcmp(v, "random");
    } else if (!strcmp(key, "seed")) {
        char *end;
        errno = 0;
        o->seed = strtoull(v, &end, 10);
        if (!*v || *end || errno || *v == '-')
            CLI_FAIL("-openings: seed=%s is not a whole number", v);
        o->hasSeed = true;
    } else if (!strcmp(key, "balance")) {
        if (!strcmp(v, "off"))
            o->balance = OPENINGS_BALANCE_OFF;
        else if (!parse_int(v, 1, 100000, &o->balance))
            CLI_FAIL("-openings: balance=%s (a window in cp, 1 to 100000, or off)", v);
    } else if (!strcmp(key, "nodes")) {
        if (!parse_int(v, 1, 1000000000, &o->balanceNodes))
            CLI_FAIL("-openings: nodes=%s (the balance check's node budget, 1 or more)", v);
    } else if (!strcmp(key, "plies")) {
        if (!parse_int(v, 0, 200, &o->plies))
            CLI_FAIL("-openings: plies=%s (0 to 200 turns)", v);
    } else if (!strcmp(key, "start")) {
        if (!parse_int(v, 1, 1 << 30, &o->start))
            CLI_FAIL("-openings: start=%s (1 or more)", v);
    } else if (!strcmp(key, "policy")) {
        /* cutechess's opening policy: every game takes the next opening here anyway */
    } else
        CLI_FAIL("-openings: unknown key '%s'", key);
    return true;
}

bool cli_sprt_key(SprtConfig *s, const char *arg, char *err, size_t errlen) {
    char key[32];
    const char *v;
    double *d = NULL;
    if (!split_kv(arg, key, sizeof key, &v))
        CLI_FAIL("-sprt: '%s' is not key=value", arg);
    if (!strcmp(key, "model")) {
        if (!strcmp(v, "normalized"))
            s->model = SPRT_NORMALIZED;
        else if (!strcmp(v, "logistic"))
            s->model = SPRT_LOGISTIC;
        else
            CLI_FAIL("-sprt: model=normalized or model=logistic, not '%s'", v);
        return true;
    }
    d = !strcmp(key, "elo0") ? &s->elo0 : !strcmp(key, "elo1") ? &s->elo1 : !strcmp(key, "alpha") ? &s->alpha
        : !strcmp(key, "beta") ? &s->beta : NULL;
    if (!d)
        CLI_FAIL("-sprt: unknown key '%s'", key);
    if (!parse_double(v, d))
        CLI_FAIL("-sprt: %s=%s is not a number", key, v);
    return true;
}

static bool draw_key(Adjudication *a, const char *arg, char *err, size_t errlen) {
    char key[32];
    const char *v;
    int *n = NULL;
    if (!split_kv(arg, key, sizeof key, &v))
        CLI_FAIL("-draw: '%s' is not key=value", arg);
    n = !strcmp(key, "movenumber") ? &a->drawMoveNumber : !strcmp(key, "movecount") ? &a->drawMoveCount
        : !strcmp(key, "score") ? &a->drawScore : NULL;
    if (!n)
        CLI_FAIL("-draw: unknown key '%s'", key);
    if (!parse_int(v, 0, 1000000, n))
        CLI_FAIL("-draw: %s=%s is not a whole number >= 0", key, v);
    a->draw = true;
    return true;
}

static bool resign_key(Adjudication *a, const char *arg, char *err, size_t errlen) {
    char key[32];
    const char *v;
    if (!split_kv(arg, key, sizeof key, &v))
        CLI_FAIL("-resign: '%s' is not key=value", arg);
    if (!strcmp(key, "twosided")) {
        if (!parse_bool(v, &a->resignTwoSided))
            CLI_FAIL("-resign: twosided=true or false, not '%s'", v);
        return true;
    }
    int *n = !strcmp(key, "movecount") ? &a->resignMoveCount : !strcmp(key, "score") ? &a->resignScore : NULL;
    if (!n)
        CLI_FAIL("-resign: unknown key '%s'", key);
    if (!parse_int(v, 0, 1000000, n))
        CLI_FAIL("-resign: %s=%s is not a whole number >= 0", key, v);
    a->resign = true;
    return true;
}

/* ---- the command line ---- */

typedef struct {
    KeyList each, engines[MAX_ENGINES];
} Pending;

static bool is_flag(const char *a) { return a[0] == '-' && a[1] && !isdigit((unsigned char)a[1]); }

/* The value of a flag that takes exactly one. */
static bool one_value(int argc, char **argv, int *i, const char **v, char *err, size_t errlen) {
    if (*i + 1 >= argc || is_flag(argv[*i + 1]))
        CLI_FAIL("%s needs a value", argv[*i]);
    *v = argv[++*i];
    return true;
}

static bool int_flag(int argc, char **argv, int *i, long lo, long hi, int *out, char *err, size_t errlen) {
    const char *v;
    if (!one_value(argc, argv, i, &v, err, errlen))
        return false;
    if (!parse_int(v, lo, hi, out))
        CLI_FAIL("%s %s: want a whole number from %ld to %ld", argv[*i - 1], v, lo, hi);
    return true;
}

static void defaults(MatchConfig *cfg) {
    memset(cfg, 0, sizeof *cfg);
    cfg->games = cfg->rounds = cfg->concurrency = 1;
    cfg->variant = variant_default();
    cfg->tournament = TOURNEY_ROUND_ROBIN;
    cfg->seed = (uint64_t)time(NULL) ^ ((uint64_t)clock() << 20);
    cfg->sprtCfg = (SprtConfig){0, 5, 0.05, 0.05, SPRT_NORMALIZED};
    cfg->readyTimeoutUs = 10 * 1000 * 1000;
    cfg->openings.balance = OPENINGS_BALANCE_DEFAULT;
    cfg->openings.balanceNodes = OPENINGS_BALANCE_NODES;
    snprintf(cfg->event, sizeof cfg->event, "qecmatch");
    snprintf(cfg->site, sizeof cfg->site, "?");
}

static bool group(int argc, char **argv, int *i, bool (*fn)(void *, const char *, char *, size_t), void *obj,
                  char *err, size_t errlen) {
    const char *flag = argv[*i];
    int n = 0;
    while (*i + 1 < argc && !is_flag(argv[*i + 1])) {
        if (!fn(obj, argv[++*i], err, errlen))
            return false;
        n++;
    }
    if (!n)
        CLI_FAIL("%s needs settings (see --help)", flag);
    return true;
}

static bool keys_of(void *list, const char *kv, char *err, size_t errlen) {
    (void)err;
    (void)errlen;
    add_key(list, kv);
    return true;
}
static bool openings_of(void *o, const char *a, char *e, size_t l) { return openings_key(o, a, e, l); }
static bool sprt_of(void *o, const char *a, char *e, size_t l) { return cli_sprt_key(o, a, e, l); }
static bool draw_of(void *o, const char *a, char *e, size_t l) { return draw_key(o, a, e, l); }
static bool resign_of(void *o, const char *a, char *e, size_t l) { return resign_key(o, a, e, l); }

static bool flag(int argc, char **argv, int *i, MatchConfig *cfg, Pending *pd, int *status, char *err, size_t errlen) {
    const char *a = argv[*i], *v;
    if (a[1] == '-')
        a++; /* --flag is -flag */
    if (!strcmp(a, "-help") || !strcmp(a, "-h")) {
        cli_help(stdout);
        *status = CLI_EXIT_OK;
        return true;
    }
    if (!strcmp(a, "-version")) {
        puts("qecmatch 1.0 (QEC rules v1.1, protocol v1)");
        *status = CLI_EXIT_OK;
        return true;
    }
    if (!strcmp(a, "-engine")) {
        if (cfg->nengines == MAX_ENGINES)
            CLI_FAIL("too many engines (at most %d)", MAX_ENGINES);
        return group(argc, argv, i, keys_of, &pd->engines[cfg->nengines++], err, errlen);
    }
    if (!strcmp(a, "-each"))
        return group(argc, argv, i, keys_of, &pd->each, err, errlen);
    if (!strcmp(a, "-tc")) {
        char kv[160];
        if (!one_value(argc, argv, i, &v, err, errlen))
            return false;
        snprintf(kv, sizeof kv, "tc=%s", v);
        add_key(&pd->each, kv);
        return true;
    }
    if (!strcmp(a, "-openings"))
        return group(argc, argv, i, openings_of, &cfg->openings, err, errlen);
    if (!strcmp(a, "-sprt")) {
        cfg->sprt = true;
        return group(argc, argv, i, sprt_of, &cfg->sprtCfg, err, errlen);
    }
    if (!strcmp(a, "-draw"))
        return group(argc, argv, i, draw_of, &cfg->adj, err, errlen);
    if (!strcmp(a, "-resign"))
        return group(argc, argv, i, resign_of, &cfg->adj, err, errlen);
    if (!strcmp(a, "-games"))
        return int_flag(argc, argv, i, 1, 1000000000, &cfg->games, err, errlen);
    if (!strcmp(a, "-rounds"))
        return int_flag(argc, argv, i, 1, 1000000000, &cfg->rounds, err, errlen);
    if (!strcmp(a, "-concurrency"))
        return int_flag(argc, argv, i, 1, 256, &cfg->concurrency, err, errlen);
    if (!strcmp(a, "-maxmoves"))
        return int_flag(argc, argv, i, 1, 1000000, &cfg->adj.maxTurns, err, errlen);
    if (!strcmp(a, "-readytimeout")) {
        int ms;
        if (!int_flag(argc, argv, i, 1, 3600000, &ms, err, errlen))
            return false;
        cfg->readyTimeoutUs = (int64_t)ms * 1000;
        return true;
    }
    if (!strcmp(a, "-repeat")) {
        if (*i + 1 < argc && !strcmp(argv[*i + 1], "2"))
            ++*i; /* cutechess's "-repeat 2" is the same */
        cfg->repeat = true;
        return true;
    }
    if (!strcmp(a, "-recover"))
        return cfg->recover = true;
    if (!strcmp(a, "-series"))
        return cfg->series = true;
    if (!strcmp(a, "-debug"))
        return cfg->debug = true;
    if (!strcmp(a, "-variant")) {
        if (!one_value(argc, argv, i, &v, err, errlen))
            return false;
        const Variant *vi = variant_named(v);
        if (!vi) {
            char names[256];
            variant_names_text(names, sizeof names);
            CLI_FAIL("-variant %s: unknown (known: %s)", v, names);
        }
        cfg->variant = vi;
        return true;
    }
    if (!strcmp(a, "-tournament")) {
        if (!one_value(argc, argv, i, &v, err, errlen))
            return false;
        if (!strcmp(v, "round-robin"))
            cfg->tournament = TOURNEY_ROUND_ROBIN;
        else if (!strcmp(v, "gauntlet"))
            cfg->tournament = TOURNEY_GAUNTLET;
        else
            CLI_FAIL("-tournament round-robin or gauntlet, not '%s'", v);
        return true;
    }
    if (!strcmp(a, "-seed") || !strcmp(a, "-srand")) {
        char *end;
        if (!one_value(argc, argv, i, &v, err, errlen))
            return false;
        errno = 0;
        cfg->seed = strtoull(v, &end, 10);
        if (*end || errno || *v == '-')
            CLI_FAIL("%s %s: want a whole number", a, v);
        cfg->seedGiven = true;
        return true;
    }
    if (!strcmp(a, "-shard")) {
        int used = 0;
        if (!one_value(argc, argv, i, &v, err, errlen))
            return false;
        if (sscanf(v, "%d/%d%n", &cfg->shardIndex, &cfg->shardCount, &used) != 2 || v[used] || cfg->shardCount < 1 ||
            cfg->shardCount > 100000 || cfg->shardIndex < 0 || cfg->shardIndex >= cfg->shardCount)
            CLI_FAIL("-shard %s: want I/N with 0 <= I < N (e.g. -shard 0/4)", v);
        return true;
    }
    if (!strcmp(a, "-pgnout") || !strcmp(a, "-jsonout")) {
        if (!one_value(argc, argv, i, &v, err, errlen))
            return false;
        char **dst = a[1] == 'p' ? &cfg->pgnout : &cfg->jsonout;
        free(*dst);
        *dst = dup(v);
        while (*i + 1 < argc && (!strcmp(argv[*i + 1], "min") || !strcmp(argv[*i + 1], "fi")))
            ++*i; /* cutechess's -pgnout modifiers: records here are always minimal */
        return true;
    }
    if (!strcmp(a, "-state")) {
        if (!one_value(argc, argv, i, &v, err, errlen))
            return false;
        free(cfg->statePath);
        cfg->statePath = dup(v);
        return true;
    }
    if (!strcmp(a, "-event") || !strcmp(a, "-site")) {
        if (!one_value(argc, argv, i, &v, err, errlen))
            return false;
        if (strlen(v) >= 64 || strpbrk(v, "\n"))
            CLI_FAIL("%s: at most 63 characters", a);
        snprintf(a[1] == 'e' ? cfg->event : cfg->site, 64, "%s", v);
        return true;
    }
    CLI_FAIL("unknown option '%s' (see --help)", argv[*i]);
}

/* Bounds no test means: an error rate of 0.5 or more is a coin's (at alpha = beta = 0.5 both
 * LLR bounds are 0), and past +/-1000 Elo the expected score is within 0.4% of 0 or 1, where
 * the logistic fit breaks down (docs/testers/qecmatch.md, Statistics). */
enum { SPRT_MAX_ELO = 1000 };

bool cli_sprt_check(const SprtConfig *s, char *err, size_t errlen) {
    if (!(s->alpha > 0 && s->alpha < 0.5))
        CLI_FAIL("-sprt: alpha=%g: the false-positive rate must be above 0 and below 0.5 (e.g. 0.05)", s->alpha);
    if (!(s->beta > 0 && s->beta < 0.5))
        CLI_FAIL("-sprt: beta=%g: the false-negative rate must be above 0 and below 0.5 (e.g. 0.05)", s->beta);
    if (!(fabs(s->elo0) <= SPRT_MAX_ELO && fabs(s->elo1) <= SPRT_MAX_ELO))
        CLI_FAIL("-sprt: elo0=%g elo1=%g: the bounds must lie within -%d..%d Elo", s->elo0, s->elo1, SPRT_MAX_ELO,
                 SPRT_MAX_ELO);
    if (!(s->elo0 < s->elo1))
        CLI_FAIL("-sprt: elo0=%g must be below elo1=%g (H0: elo0, H1: elo1)", s->elo0, s->elo1);
    return true;
}

static bool check(MatchConfig *cfg, char *err, size_t errlen) {
    if (cfg->nengines < 2)
        CLI_FAIL("at least two engines are needed (-engine cmd=... twice)");
    for (int i = 0; i < cfg->nengines; i++) {
        EngineConfig *e = &cfg->engines[i];
        if (!e->argc)
            CLI_FAIL("engine %d has no cmd=", i + 1);
        if (!e->hasTc && (e->tc.nodes || e->tc.depth)) { /* nodes= or depth= alone: no clock */
            e->tc.kind = TC_INFINITE;
            e->hasTc = true;
        }
        if (!e->hasTc)
            CLI_FAIL("engine %s has no time control (tc=, st=, tc=tournament, or nodes=/depth=, e.g. -each tc=10+0.1)",
                     e->name);
        if (e->tc.kind == TC_INFINITE && !e->tc.nodes && !e->tc.depth)
            CLI_FAIL("engine %s: tc=inf needs nodes= or depth= (else the engine thinks for ever)", e->name);
    }
    if (cfg->sprt) {
        SprtConfig *s = &cfg->sprtCfg;
        if (cfg->nengines != 2)
            CLI_FAIL("-sprt needs exactly two engines");
        if (!cli_sprt_check(s, err, errlen))
            return false;
    }
    if (cfg->shardCount > 1 && cfg->series)
        CLI_FAIL("-shard: series mode cannot be sharded (a series' length is not known in advance)");
    /* Every shard must deal the same openings: a seed from the clock would differ per shard. */
    if (cfg->shardCount > 1 && !cfg->seedGiven && !cfg->openings.hasSeed)
        CLI_FAIL("-shard needs -seed N (or -openings ... seed=S), the same for every shard");
    if (cfg->openings.kind == OPENINGS_RANDOM && !cfg->openings.plies && !cfg->openings.hasSeed)
        CLI_FAIL("-openings random needs seed=S and/or plies=N");
    if (cfg->repeat && cfg->games % 2 && !cfg->series)
        fprintf(stderr, "qecmatch: warning: -repeat with an odd -games; the last game of each encounter has no pair\n");
    if (cfg->adj.resign && (!cfg->adj.resignMoveCount || !cfg->adj.resignScore))
        CLI_FAIL("-resign needs movecount= and score= above 0");
    if (cfg->adj.draw && !cfg->adj.drawMoveCount)
        CLI_FAIL("-draw needs movecount= above 0");
    return true;
}

int cli_parse(int argc, char **argv, MatchConfig *cfg, char *err, size_t errlen) {
    Pending *pd = calloc(1, sizeof *pd);
    if (!pd) {
        snprintf(err, errlen, "out of memory");
        return CLI_ERROR;
    }
    defaults(cfg);
    cfg->argc = argc - 1; /* what a -state file records and compares */
    cfg->argv = argv + 1;
    cfg->engines = calloc(MAX_ENGINES, sizeof *cfg->engines);
    int status = CLI_RUN;
    bool ok = cfg->engines != NULL;
    if (!ok)
        snprintf(err, errlen, "out of memory");
    for (int i = 1; ok && status == CLI_RUN && i < argc; i++) {
        if (!is_flag(argv[i])) {
            snprintf(err, errlen, "unexpected '%s' (options start with '-'; see --help)", argv[i]);
            ok = false;
        } else
            ok = flag(argc, argv, &i, cfg, pd, &status, err, errlen);
    }
    /* -each first, then the engine's own keys, so the latter win. */
    for (int e = 0; ok && status == CLI_RUN && e < cfg->nengines; e++) {
        for (int k = 0; ok && k < pd->each.n; k++)
            ok = engine_key(&cfg->engines[e], pd->each.kv[k], err, errlen);
        for (int k = 0; ok && k < pd->engines[e].n; k++)
            ok = engine_key(&cfg->engines[e], pd->engines[e].kv[k], err, errlen);
    }
    free_keys(&pd->each);
    for (int e = 0; e < MAX_ENGINES; e++)
        free_keys(&pd->engines[e]);
    free(pd);
    if (ok && status == CLI_RUN) {
        for (int e = 0; e < cfg->nengines; e++)
            if (cfg->engines[e].argc == 0) {
                snprintf(err, errlen, "engine %d has no cmd=", e + 1);
                return CLI_ERROR;
            }
        name_engines(cfg);
        ok = check(cfg, err, errlen);
    }
    return !ok ? CLI_ERROR : status;
}

void cli_free(MatchConfig *cfg) {
    for (int i = 0; cfg->engines && i < cfg->nengines; i++) {
        EngineConfig *e = &cfg->engines[i];
        clear_args(e);
        free(e->dir);
        free(e->stderrFile);
        for (int k = 0; k < e->noptions; k++) {
            free(e->options[k].name);
            free(e->options[k].value);
        }
        free(e->options);
    }
    free(cfg->engines);
    free(cfg->pgnout);
    free(cfg->jsonout);
    free(cfg->statePath);
    cfg->statePath = NULL;
    cfg->engines = NULL;
    cfg->pgnout = cfg->jsonout = NULL;
}
