/* The UCI options: the table `uci` prints, `setoption` (names case-insensitive, as in
 * Stockfish), and forwarding to the search. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../io/file.h"
#include "internal.h"

/* A build may support fewer threads or less memory (the WebAssembly ones: -DQEC_MAX_THREADS=1
 * or 8, -DQEC_MAX_HASH=1024, docs/players/play-in-browser.md): `uci` then offers only that. The
 * threaded WebAssembly build lowers the session's own ceiling further at start-up to what the
 * browser has (uci_set_threads_max), so the ceiling is the session's, not the table's. */
#ifndef QEC_MAX_THREADS
#define QEC_MAX_THREADS 256
#endif
#ifndef QEC_MAX_HASH
#define QEC_MAX_HASH 65536
#endif

enum { OPT_SPIN, OPT_CHECK, OPT_COMBO, OPT_BUTTON, OPT_STRING };
enum {
    O_HASH, O_THREADS, O_MULTIPV, O_OVERHEAD, O_CLEAR_HASH, O_PONDER, O_VARIANT, O_ENTMAP, O_ENTMAPFILE, O_POLICY,
    O_OWNBOOK, O_BOOKFILE, O_BOOKDEPTH, O_BOOKSEED, O_USE_NNUE, O_EVALFILE, O_SHOW_TURNS, O_SKILL, O_LIMIT, O_ELO, O_SHOWWDL
};

typedef struct {
    const char *name;
    int type;
    int64_t def, lo, hi;   /* spin; check: def */
    const char *defText;   /* combo/string default */
    const char *vars[5];   /* combo values, in the order of their enum (UCI_Variant: the table's) */
} OptionSpec;

static const OptionSpec SPECS[] = {
    [O_HASH] = {"Hash", OPT_SPIN, 16, 1, QEC_MAX_HASH, NULL, {NULL}},
    [O_THREADS] = {"Threads", OPT_SPIN, 1, 1, QEC_MAX_THREADS, NULL, {NULL}},
    [O_MULTIPV] = {"MultiPV", OPT_SPIN, 1, 1, 256, NULL, {NULL}},
    [O_OVERHEAD] = {"Move Overhead", OPT_SPIN, 10, 0, 5000, NULL, {NULL}},
    [O_CLEAR_HASH] = {"Clear Hash", OPT_BUTTON, 0, 0, 0, NULL, {NULL}},
    [O_PONDER] = {"Ponder", OPT_CHECK, 0, 0, 0, NULL, {NULL}},
    [O_VARIANT] = {"UCI_Variant", OPT_COMBO, 0, 0, 0, NULL, {NULL}}, /* the variant table: combo_value */
    [O_ENTMAP] = {"EntMap", OPT_STRING, 0, 0, 0, "default", {NULL}},
    [O_ENTMAPFILE] = {"EntMapFile", OPT_STRING, 0, 0, 0, "", {NULL}},
    [O_POLICY] = {"Policy", OPT_COMBO, 0, 0, 0, "search", {"search", "random", "greedy", "minimax2", NULL}},
    [O_OWNBOOK] = {"OwnBook", OPT_CHECK, 0, 0, 0, NULL, {NULL}},
    [O_BOOKFILE] = {"BookFile", OPT_STRING, 0, 0, 0, "", {NULL}},
    [O_BOOKDEPTH] = {"BookDepth", OPT_SPIN, BOOK_DEFAULT_DEPTH, 0, 1000, NULL, {NULL}},
    [O_BOOKSEED] = {"BookSeed", OPT_SPIN, 0, 0, 2147483647, NULL, {NULL}},
    /* Stockfish's and Fairy-Stockfish's name: false evaluates a variant that has a network
     * (chess) by its hand-made evaluation. */
    [O_USE_NNUE] = {"Use NNUE", OPT_CHECK, 1, 0, 0, NULL, {NULL}},
    /* Stockfish's name. Experimental (issue 31): a QEC or tether network file, not yet trained. */
    [O_EVALFILE] = {"EvalFile", OPT_STRING, 0, 0, 0, "", {NULL}},
    /* qec's own (no GUI sends it): each pv line again as whole turns for people (turns.c). */
    [O_SHOW_TURNS] = {"ShowTurns", OPT_CHECK, 0, 0, 0, NULL, {NULL}},
    /* Stockfish's names (search/skill.h); UCI_Elo's range is the one calibrated in chess
     * (search/skill.c). */
    [O_SKILL] = {"Skill Level", OPT_SPIN, 20, 0, 20, NULL, {NULL}},
    [O_LIMIT] = {"UCI_LimitStrength", OPT_CHECK, 0, 0, 0, NULL, {NULL}},
    [O_ELO] = {"UCI_Elo", OPT_SPIN, SKILL_ELO_MIN, SKILL_ELO_MIN, SKILL_ELO_MAX, NULL, {NULL}},
    [O_SHOWWDL] = {"UCI_ShowWDL", OPT_CHECK, 0, 0, 0, NULL, {NULL}},
};
#define NUM_OPTIONS ((int)(sizeof SPECS / sizeof *SPECS))

/* A combo's default and its value k (NULL past the last): UCI_Variant's come from the variant
 * table (variants/variants.h), the others' from SPECS. */
static const char *combo_default(const Options *o, int id) {
    return id == O_VARIANT ? o->startVariant->name : SPECS[id].defText;
}

static const char *combo_value(int id, int k) {
    if (id == O_VARIANT)
        return k < VARIANT_ROW_COUNT ? VARIANT_ROWS[k].name : NULL;
    return SPECS[id].vars[k];
}

void options_init(Options *o) {
    o->hash = 16;
    o->threads = 1;
    o->threadsMax = QEC_MAX_THREADS;
    o->multiPV = 1;
    o->moveOverhead = 10;
    o->policy = POLICY_SEARCH;
    o->variant = o->startVariant = variant_default();
    o->ponder = false;
    o->entMap = strdup("default");
    o->entMapFile = strdup("");
    o->ownBook = false;
    o->bookDepth = BOOK_DEFAULT_DEPTH;
    o->bookSeed = 0;
    o->bookFile = strdup("");
    o->evalFile = strdup("");
    o->useNNUE = true;
    o->showTurns = false;
    o->skillLevel = 20;
    o->limitStrength = false;
    o->showWDL = false;
    o->elo = SKILL_ELO_MIN;
}

void uci_set_threads_max(Uci *u, int n) {
    u->opt.threadsMax = n < 1 ? 1 : n > QEC_MAX_THREADS ? QEC_MAX_THREADS : n;
    if (u->opt.threads > u->opt.threadsMax) {
        u->opt.threads = u->opt.threadsMax;
        options_apply(u);
    }
}

/* A spin's upper bound in this session (Threads: uci_set_threads_max). */
static int64_t spin_hi(const Uci *u, int id) { return id == O_THREADS ? u->opt.threadsMax : SPECS[id].hi; }

void options_free(Options *o) {
    free(o->entMap);
    free(o->entMapFile);
    free(o->bookFile);
    free(o->evalFile);
}

/* UCI_LimitStrength plays at UCI_Elo's level, else Skill Level (Stockfish's precedence). */
SearchOptions uci_search_options(const Uci *u) {
    int level100 = u->opt.limitStrength ? skill_elo_level(u->opt.elo) : u->opt.skillLevel * 100;
    return (SearchOptions){u->opt.hash,   u->opt.threads, u->opt.multiPV,     u->opt.moveOverhead,
                           u->opt.policy, !u->opt.useNNUE, level100 < SKILL_FULL, level100};
}

SearchOptions uci_fixed_search_options(const Uci *u, int hash, int threads) {
    return (SearchOptions){hash, threads, 1, u->opt.moveOverhead, POLICY_SEARCH, !u->opt.useNNUE, false, SKILL_FULL};
}

void options_apply(Uci *u) {
    SearchOptions so = uci_search_options(u);
    uci_join_search(u);
    GameSearch *s = uci_search(u, NULL);
    if (s) {
        game_search_set_options(s, &so);
        game_search_set_nets(s, u->nets);
        game_search_set_tune(s, &u->opt.tune); /* none set but in the tuning build (tune.c) */
    }
}

void print_options(Uci *u) {
    uci_lock_out(u);
    for (int i = 0; i < NUM_OPTIONS; i++) {
        const OptionSpec *s = &SPECS[i];
        fprintf(u->out, "option name %s type ", s->name);
        switch (s->type) {
        case OPT_SPIN:
            fprintf(u->out, "spin default %lld min %lld max %lld\n", (long long)s->def, (long long)s->lo,
                    (long long)spin_hi(u, i));
            break;
        case OPT_CHECK: fprintf(u->out, "check default %s\n", s->def ? "true" : "false"); break;
        case OPT_BUTTON: fputs("button\n", u->out); break;
        case OPT_STRING: fprintf(u->out, "string default %s\n", *s->defText ? s->defText : "<empty>"); break;
        case OPT_COMBO:
            fprintf(u->out, "combo default %s", combo_default(&u->opt, i));
            for (int k = 0; combo_value(i, k); k++)
                fprintf(u->out, " var %s", combo_value(i, k));
            fputc('\n', u->out);
            break;
        }
    }
    tune_print_options(u);
    uci_unlock_out(u);
}

/* ---- setoption ---- */

static int find_option(const Words *ws, int from, int to) {
    char name[64];
    size_t used = 0;
    name[0] = 0;
    for (int i = from; i < to; i++) {
        size_t len = strlen(ws->w[i]);
        if (used + len + 2 > sizeof name)
            return -1;
        used += (size_t)snprintf(name + used, sizeof name - used, "%s%s", used ? " " : "", ws->w[i]);
    }
    for (int i = 0; i < NUM_OPTIONS; i++)
        if (!strcasecmp(name, SPECS[i].name))
            return i;
    return -1;
}

static bool set_spin(Uci *u, int id, const char *value) {
    const OptionSpec *s = &SPECS[id];
    int64_t v;
    if (!parse_int64(value, s->lo, spin_hi(u, id), &v)) {
        uci_error(u, "setoption %s: '%.24s' is not a whole number from %lld to %lld", s->name, value,
                  (long long)s->lo, (long long)spin_hi(u, id));
        return false;
    }
    if (id == O_BOOKDEPTH || id == O_BOOKSEED) { /* read by `go`, nothing to forward */
        if (id == O_BOOKDEPTH)
            u->opt.bookDepth = (int)v;
        else
            u->opt.bookSeed = v;
        return true;
    }
    int *field = id == O_HASH ? &u->opt.hash
               : id == O_THREADS ? &u->opt.threads
               : id == O_MULTIPV ? &u->opt.multiPV
               : id == O_SKILL ? &u->opt.skillLevel
               : id == O_ELO ? &u->opt.elo
                                 : &u->opt.moveOverhead;
    *field = (int)v;
    options_apply(u);
    return true;
}

static void set_combo(Uci *u, int id, const char *value) {
    const OptionSpec *s = &SPECS[id];
    int k = 0;
    while (combo_value(id, k) && strcasecmp(value, combo_value(id, k)))
        k++;
    if (!combo_value(id, k)) {
        uci_error(u, "setoption %s: '%.24s' is not one of the values listed by uci", s->name, value);
        return;
    }
    if (id == O_VARIANT) /* from the next position */
        u->opt.variant = &VARIANT_ROWS[k];
    else {
        u->opt.policy = k; /* the vars are in POLICY_* order */
        options_apply(u);
    }
}

static void set_string(char **field, const char *value) {
    char *copy = strdup(value);
    if (copy) {
        free(*field);
        *field = copy;
    }
}

/* A book that fails to load is refused with the reason; the previous book stays in use. */
static void set_book_file(Uci *u, const char *value) {
    char err[256];
    if (!*value) {
        book_free(&u->book);
        set_string(&u->opt.bookFile, "");
        return;
    }
    if (!book_load(&u->book, value, err, sizeof err)) {
        uci_error(u, "setoption BookFile: %s", err);
        return;
    }
    set_string(&u->opt.bookFile, value);
}

/* EvalFile: a LinkNet (nnue_links.h) or a net of the board shape (nnue.h) evaluates every row
 * whose evaluation family takes that shape (eval_net_shape: QEC's LinkNet, tether's board
 * net), in place of the compiled-in net (docs/dev/qec-network.md); "" = the compiled-in nets.
 * A file that is neither is refused with both reasons and the net in use stays. */
static void set_eval_file(Uci *u, const char *value) {
    char err[200], err2[200];
    void *data = NULL;
    LinkNet links = {0};
    NnueNet board = {0};
    NetShape shape = NET_SHAPE_NONE;
    if (*value) {
        if (linknet_load(value, &data, &links, err, sizeof err))
            shape = NET_SHAPE_LINKS;
        else if (nnue_load(value, &data, &board, err2, sizeof err2))
            shape = NET_SHAPE_BOARD;
        else {
            uci_error(u, "setoption EvalFile: not a QEC net (%s) nor a tether net (%s)", err, err2);
            return;
        }
    }
    uci_join_search(u);
    if (u->search) /* the search lets go of the old net before it is freed (none yet: nothing holds it) */
        game_search_set_nets(u->search, NULL);
    free(u->netData);
    u->netData = data;
    u->fileLinks = links;
    u->fileBoard = board;
    for (int f = 0; f < EVAL_FAMILY_COUNT; f++) {
        NetShape fs = eval_net_shape((EvalFamily)f);
        u->nets[f] = (EvalNet){fs == shape && shape == NET_SHAPE_LINKS ? &u->fileLinks : NULL,
                               fs == shape && shape == NET_SHAPE_BOARD ? &u->fileBoard : NULL};
    }
    set_string(&u->opt.evalFile, value);
    options_apply(u);
}

/* EntMapFile: the map read from a file, here and not in engine/ (the rules core does no I/O).
 * Only a regular file, 64 KiB at most (io/file.h: a FIFO or a device is refused, not waited on). */
static bool entmap_parse_file(const char *path, EntMap *m, char *err, size_t errlen) {
    static const size_t LIMIT = 1 << 16;
    size_t n;
    IoError why;
    char *buf = io_read_bounded(path, LIMIT, 1, &n, &why);
    if (!buf) {
        if (why.status == IO_CANNOT_OPEN)
            snprintf(err, errlen, "cannot open '%s': %s", path, strerror(why.errnum));
        else if (why.status == IO_NOT_REGULAR)
            snprintf(err, errlen, "'%s' is not a regular file", path);
        else
            snprintf(err, errlen, "out of memory");
        return false;
    }
    bool ok = n <= LIMIT && !memchr(buf, 0, n);
    if (!ok)
        snprintf(err, errlen, "'%s' is not a map (binary or larger than 64 KiB)", path);
    else {
        buf[n] = 0;
        ok = entmap_parse(buf, m, err, errlen);
    }
    free(buf);
    return ok;
}

/* The parsed map replaces the one used by the next `position`; on an error nothing changes. */
static void set_entmap(Uci *u, int id, const char *value) {
    EntMap m;
    char err[256];
    if (id == O_ENTMAPFILE && !*value) {
        set_string(&u->opt.entMapFile, ""); /* no file: the map in force stays */
        return;
    }
    if (id == O_ENTMAP && !*value) {
        uci_error(u, "setoption EntMap: needs a value (default, none, random <seed>, square pairs or JSON)");
        return;
    }
    bool ok;
    if (id == O_ENTMAP)
        ok = entmap_parse(value, &m, err, sizeof err);
    else
        ok = entmap_parse_file(value, &m, err, sizeof err);
    if (!ok) {
        uci_error(u, "setoption %s: %s", SPECS[id].name, err);
        return;
    }
    u->map = m;
    set_string(id == O_ENTMAP ? &u->opt.entMap : &u->opt.entMapFile, value);
}

void cmd_setoption(Uci *u, const Words *ws) {
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
    int id = find_option(ws, 2, v);
    if (id < 0 && v == 3 && tune_setoption(u, ws->w[2], v < ws->n ? words_rest(ws, v + 1) : ""))
        return;
    if (id < 0) {
        uci_error(u, "setoption: unknown option '%.40s'", words_rest(ws, 2));
        return;
    }
    bool hasValue = v < ws->n;
    const char *value = hasValue ? words_rest(ws, v + 1) : "";
    /* Stockfish's convention for an empty string value. */
    if (SPECS[id].type == OPT_STRING && !strcmp(value, "<empty>"))
        value = "";
    if (!*value && SPECS[id].type != OPT_BUTTON && SPECS[id].type != OPT_STRING) {
        uci_error(u, "setoption %s: needs 'value <value>'", SPECS[id].name);
        return;
    }
    switch (SPECS[id].type) {
    case OPT_SPIN: set_spin(u, id, value); break;
    case OPT_COMBO: set_combo(u, id, value); break;
    case OPT_STRING:
        if (id == O_BOOKFILE)
            set_book_file(u, value);
        else if (id == O_EVALFILE)
            set_eval_file(u, value);
        else
            set_entmap(u, id, value);
        break;
    case OPT_CHECK:
        if (strcasecmp(value, "true") && strcasecmp(value, "false")) {
            uci_error(u, "setoption %s: '%.24s' is not true or false", SPECS[id].name, value);
            break;
        }
        *(id == O_OWNBOOK      ? &u->opt.ownBook
          : id == O_USE_NNUE   ? &u->opt.useNNUE
          : id == O_SHOW_TURNS ? &u->opt.showTurns
          : id == O_LIMIT      ? &u->opt.limitStrength
          : id == O_SHOWWDL    ? &u->opt.showWDL
                               : &u->opt.ponder) = !strcasecmp(value, "true");
        if (id == O_USE_NNUE || id == O_LIMIT)
            options_apply(u);
        break;
    case OPT_BUTTON:
        uci_join_search(u);
        if (u->search)
            game_search_clear(u->search); /* every family's tables */
        break;
    }
}
