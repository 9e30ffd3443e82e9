/* The session's options (session/options.h): the table, each option's validation and effect,
 * and forwarding to the search. Refusals are text for the caller to print; the last good value
 * stays. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../io/file.h"
#include "options.h"

enum {
    O_HASH, O_THREADS, O_MULTIPV, O_OVERHEAD, O_CLEAR_HASH, O_PONDER, O_VARIANT, O_ENTMAP, O_ENTMAPFILE, O_POLICY,
    O_OWNBOOK, O_BOOKFILE, O_BOOKDEPTH, O_BOOKSEED, O_USE_NNUE, O_EVALFILE, O_SHOW_TURNS, O_SKILL, O_LIMIT, O_ELO, O_SHOWWDL
};

typedef struct {
    const char *name;
    OptionType type;
    int64_t def, lo, hi;   /* spin; check: def */
    const char *defText;   /* combo/string default */
    const char *vars[5];   /* combo values, in the order of their enum (UCI_Variant: the table's) */
} OptionSpec;

static const OptionSpec SPECS[] = {
    [O_HASH] = {"Hash", OPTION_SPIN, 16, 1, QEC_MAX_HASH, NULL, {NULL}},
    [O_THREADS] = {"Threads", OPTION_SPIN, 1, 1, QEC_MAX_THREADS, NULL, {NULL}},
    [O_MULTIPV] = {"MultiPV", OPTION_SPIN, 1, 1, 256, NULL, {NULL}},
    [O_OVERHEAD] = {"Move Overhead", OPTION_SPIN, 10, 0, 5000, NULL, {NULL}},
    [O_CLEAR_HASH] = {"Clear Hash", OPTION_BUTTON, 0, 0, 0, NULL, {NULL}},
    [O_PONDER] = {"Ponder", OPTION_CHECK, 0, 0, 0, NULL, {NULL}},
    [O_VARIANT] = {"UCI_Variant", OPTION_COMBO, 0, 0, 0, NULL, {NULL}}, /* the variant table: session_option_value */
    [O_ENTMAP] = {"EntMap", OPTION_STRING, 0, 0, 0, "default", {NULL}},
    [O_ENTMAPFILE] = {"EntMapFile", OPTION_STRING, 0, 0, 0, "", {NULL}},
    [O_POLICY] = {"Policy", OPTION_COMBO, 0, 0, 0, "search", {"search", "random", "greedy", "minimax2", NULL}},
    [O_OWNBOOK] = {"OwnBook", OPTION_CHECK, 0, 0, 0, NULL, {NULL}},
    [O_BOOKFILE] = {"BookFile", OPTION_STRING, 0, 0, 0, "", {NULL}},
    [O_BOOKDEPTH] = {"BookDepth", OPTION_SPIN, BOOK_DEFAULT_DEPTH, 0, 1000, NULL, {NULL}},
    [O_BOOKSEED] = {"BookSeed", OPTION_SPIN, 0, 0, 2147483647, NULL, {NULL}},
    /* Stockfish's and Fairy-Stockfish's name: false evaluates a variant that has a network
     * (chess) by its hand-made evaluation. */
    [O_USE_NNUE] = {"Use NNUE", OPTION_CHECK, 1, 0, 0, NULL, {NULL}},
    /* Stockfish's name. Experimental (issue 31): a QEC or tether network file, not yet trained. */
    [O_EVALFILE] = {"EvalFile", OPTION_STRING, 0, 0, 0, "", {NULL}},
    /* qec's own (no GUI sends it): each pv line again as whole turns for people (uci/turns.c). */
    [O_SHOW_TURNS] = {"ShowTurns", OPTION_CHECK, 0, 0, 0, NULL, {NULL}},
    /* Stockfish's names (search/skill.h); UCI_Elo's range is the one calibrated in chess
     * (search/skill.c). */
    [O_SKILL] = {"Skill Level", OPTION_SPIN, 20, 0, 20, NULL, {NULL}},
    [O_LIMIT] = {"UCI_LimitStrength", OPTION_CHECK, 0, 0, 0, NULL, {NULL}},
    [O_ELO] = {"UCI_Elo", OPTION_SPIN, SKILL_ELO_MIN, SKILL_ELO_MIN, SKILL_ELO_MAX, NULL, {NULL}},
    [O_SHOWWDL] = {"UCI_ShowWDL", OPTION_CHECK, 0, 0, 0, NULL, {NULL}},
};
#define NUM_OPTIONS ((int)(sizeof SPECS / sizeof *SPECS))

int session_option_count(void) { return NUM_OPTIONS; }

/* A spin's upper bound in this session (Threads: session_set_threads_max). */
static int64_t spin_hi(const Session *s, int id) { return id == O_THREADS ? s->opt.threadsMax : SPECS[id].hi; }

void session_option_info(const Session *s, int i, OptionInfo *out) {
    const OptionSpec *o = &SPECS[i];
    *out = (OptionInfo){o->name, o->type, o->def, o->lo, spin_hi(s, i), o->defText};
    if (i == O_VARIANT)
        out->defText = s->opt.startVariant->name;
}

/* A combo's value k (NULL past the last): UCI_Variant's come from the variant table
 * (variants/variants.h), the others' from SPECS. */
const char *session_option_value(int id, int k) {
    if (id == O_VARIANT)
        return k < VARIANT_ROW_COUNT ? VARIANT_ROWS[k].name : NULL;
    return SPECS[id].type == OPTION_COMBO ? SPECS[id].vars[k] : NULL;
}

int session_find_option(const char *name) {
    for (int i = 0; i < NUM_OPTIONS; i++)
        if (!strcasecmp(name, SPECS[i].name))
            return i;
    return -1;
}

void session_options_init(SessionOptions *o) {
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

void session_options_free(SessionOptions *o) {
    free(o->entMap);
    free(o->entMapFile);
    free(o->bookFile);
    free(o->evalFile);
}

void session_set_threads_max(Session *s, int n) {
    s->opt.threadsMax = n < 1 ? 1 : n > QEC_MAX_THREADS ? QEC_MAX_THREADS : n;
    if (s->opt.threads > s->opt.threadsMax) {
        s->opt.threads = s->opt.threadsMax;
        session_apply_options(s);
    }
}

/* UCI_LimitStrength plays at UCI_Elo's level, else Skill Level (Stockfish's precedence). */
SearchOptions session_search_options(const Session *s) {
    const SessionOptions *o = &s->opt;
    int level100 = o->limitStrength ? skill_elo_level(o->elo) : o->skillLevel * 100;
    return (SearchOptions){o->hash,   o->threads,   o->multiPV,           o->moveOverhead,
                           o->policy, !o->useNNUE, level100 < SKILL_FULL, level100};
}

SearchOptions session_fixed_search_options(const Session *s, int hash, int threads) {
    return (SearchOptions){hash, threads, 1, s->opt.moveOverhead, POLICY_SEARCH, !s->opt.useNNUE, false, SKILL_FULL};
}

bool session_apply_options(Session *s) {
    SearchOptions so = session_search_options(s);
    session_join(s);
    GameSearch *g = session_search(s, NULL);
    if (g) {
        game_search_set_options(g, &so);
        game_search_set_nets(g, s->nets);
        game_search_set_tune(g, &s->opt.tune); /* none set but in the tuning build (uci/tune.c) */
    }
    return g != NULL;
}

/* ---- each option's effect ---- */

static bool applied(Session *s, char *err, size_t errlen) {
    if (session_apply_options(s))
        return true;
    snprintf(err, errlen, "out of memory: no search");
    return false;
}

static void set_string(char **field, const char *value) {
    char *copy = strdup(value);
    if (copy) {
        free(*field);
        *field = copy;
    }
}

static bool set_spin(Session *s, int id, int64_t v, char *err, size_t errlen) {
    if (id == O_BOOKDEPTH || id == O_BOOKSEED) { /* read by `go`, nothing to forward */
        if (id == O_BOOKDEPTH)
            s->opt.bookDepth = (int)v;
        else
            s->opt.bookSeed = v;
        return true;
    }
    int *field = id == O_HASH      ? &s->opt.hash
               : id == O_THREADS   ? &s->opt.threads
               : id == O_MULTIPV   ? &s->opt.multiPV
               : id == O_SKILL     ? &s->opt.skillLevel
               : id == O_ELO       ? &s->opt.elo
                                   : &s->opt.moveOverhead;
    *field = (int)v;
    return applied(s, err, errlen);
}

/* A book that fails to load is refused with the reason; the previous book stays in use. */
static bool set_book_file(Session *s, const char *value, char *err, size_t errlen) {
    char why[256];
    if (!*value) {
        book_free(&s->book);
        set_string(&s->opt.bookFile, "");
        return true;
    }
    if (!book_load(&s->book, value, why, sizeof why)) {
        snprintf(err, errlen, "setoption BookFile: %s", why);
        return false;
    }
    set_string(&s->opt.bookFile, value);
    return true;
}

/* EvalFile: a LinkNet (nnue_links.h) or a net of the board shape (nnue.h) evaluates every row
 * whose evaluation family takes that shape (eval_net_shape: QEC's LinkNet, tether's board
 * net), in place of the compiled-in net (docs/dev/qec-network.md); "" = the compiled-in nets.
 * A file that is neither is refused with both reasons and the net in use stays. */
static bool set_eval_file(Session *s, const char *value, char *err, size_t errlen) {
    char why[200], why2[200];
    void *data = NULL;
    LinkNet links = {0};
    NnueNet board = {0};
    NetShape shape = NET_SHAPE_NONE;
    if (*value) {
        if (linknet_load(value, &data, &links, why, sizeof why))
            shape = NET_SHAPE_LINKS;
        else if (nnue_load(value, &data, &board, why2, sizeof why2))
            shape = NET_SHAPE_BOARD;
        else {
            snprintf(err, errlen, "setoption EvalFile: not a links net (%s) nor a board net (%s)", why, why2);
            return false;
        }
    }
    session_join(s);
    if (s->search) /* the search lets go of the old net before it is freed (none yet: nothing holds it) */
        game_search_set_nets(s->search, NULL);
    free(s->netData);
    s->netData = data;
    s->fileLinks = links;
    s->fileBoard = board;
    for (int f = 0; f < EVAL_FAMILY_COUNT; f++) {
        NetShape fs = eval_net_shape((EvalFamily)f);
        s->nets[f] = (EvalNet){fs == shape && shape == NET_SHAPE_LINKS ? &s->fileLinks : NULL,
                               fs == shape && shape == NET_SHAPE_BOARD ? &s->fileBoard : NULL};
    }
    set_string(&s->opt.evalFile, value);
    return applied(s, err, errlen);
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
static bool set_entmap(Session *s, int id, const char *value, char *err, size_t errlen) {
    EntMap m;
    char why[256];
    if (id == O_ENTMAPFILE && !*value) {
        set_string(&s->opt.entMapFile, ""); /* no file: the map in force stays */
        return true;
    }
    if (id == O_ENTMAP && !*value) {
        snprintf(err, errlen, "setoption EntMap: needs a value (default, none, random <seed>, square pairs or JSON)");
        return false;
    }
    bool ok;
    if (id == O_ENTMAP)
        ok = entmap_parse(value, &m, why, sizeof why);
    else
        ok = entmap_parse_file(value, &m, why, sizeof why);
    if (!ok) {
        snprintf(err, errlen, "setoption %s: %s", SPECS[id].name, why);
        return false;
    }
    s->map = m;
    set_string(id == O_ENTMAP ? &s->opt.entMap : &s->opt.entMapFile, value);
    return true;
}

bool session_set_option_value(Session *s, int id, const OptionValue *v, char *err, size_t errlen) {
    if (id < 0 || id >= NUM_OPTIONS) {
        snprintf(err, errlen, "setoption: no option %d", id);
        return false;
    }
    const OptionSpec *o = &SPECS[id];
    switch (o->type) {
    case OPTION_SPIN:
        if (v->number < o->lo || v->number > spin_hi(s, id)) {
            snprintf(err, errlen, "setoption %s: %lld is not from %lld to %lld", o->name, (long long)v->number,
                     (long long)o->lo, (long long)spin_hi(s, id));
            return false;
        }
        return set_spin(s, id, v->number, err, errlen);
    case OPTION_COMBO:
        if (v->index < 0 || !session_option_value(id, v->index)) {
            snprintf(err, errlen, "setoption %s: no value %d", o->name, v->index);
            return false;
        }
        if (id == O_VARIANT) { /* from the next position */
            s->opt.variant = &VARIANT_ROWS[v->index];
            return true;
        }
        s->opt.policy = v->index; /* the vars are in POLICY_* order */
        return applied(s, err, errlen);
    case OPTION_STRING: {
        const char *t = v->text ? v->text : "";
        return id == O_BOOKFILE   ? set_book_file(s, t, err, errlen)
             : id == O_EVALFILE ? set_eval_file(s, t, err, errlen)
                                : set_entmap(s, id, t, err, errlen);
    }
    case OPTION_CHECK:
        *(id == O_OWNBOOK      ? &s->opt.ownBook
          : id == O_USE_NNUE   ? &s->opt.useNNUE
          : id == O_SHOW_TURNS ? &s->opt.showTurns
          : id == O_LIMIT      ? &s->opt.limitStrength
          : id == O_SHOWWDL    ? &s->opt.showWDL
                               : &s->opt.ponder) = v->on;
        return id == O_USE_NNUE || id == O_LIMIT ? applied(s, err, errlen) : true;
    case OPTION_BUTTON:
        session_join(s);
        if (s->search)
            game_search_clear(s->search); /* every family's tables */
        return true;
    }
    return false;
}

OptionResult session_set_option(Session *s, const char *name, const char *text, char *err, size_t errlen) {
    int id = session_find_option(name);
    if (id < 0)
        return OPTION_UNKNOWN;
    const OptionSpec *o = &SPECS[id];
    OptionValue v = {0, false, 0, text};
    switch (o->type) {
    case OPTION_SPIN:
        if (!session_parse_int64(text, o->lo, spin_hi(s, id), &v.number)) {
            snprintf(err, errlen, "setoption %s: '%.24s' is not a whole number from %lld to %lld", o->name, text,
                     (long long)o->lo, (long long)spin_hi(s, id));
            return OPTION_REFUSED;
        }
        break;
    case OPTION_COMBO:
        while (session_option_value(id, v.index) && strcasecmp(text, session_option_value(id, v.index)))
            v.index++;
        if (!session_option_value(id, v.index)) {
            snprintf(err, errlen, "setoption %s: '%.24s' is not one of the values listed by uci", o->name, text);
            return OPTION_REFUSED;
        }
        break;
    case OPTION_CHECK:
        if (strcasecmp(text, "true") && strcasecmp(text, "false")) {
            snprintf(err, errlen, "setoption %s: '%.24s' is not true or false", o->name, text);
            return OPTION_REFUSED;
        }
        v.on = !strcasecmp(text, "true");
        break;
    case OPTION_STRING:
    case OPTION_BUTTON: break;
    }
    return session_set_option_value(s, id, &v, err, errlen) ? OPTION_SET : OPTION_REFUSED;
}
