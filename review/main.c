/* qecreview: annotates every game of record files (docs/gui/record-format.md, all four
 * variants) with the review of review.h: an [%eval] comment on every decision, ?! ? ?? marks
 * and the better decision (docs/players/review.md has the format and, under "qecreview:
 * annotating record files", the flags).
 *
 *   qecreview [--nodes N | --depth D] [--hash MiB] [-o FILE] [--quiet] [FILE ...]
 *
 * Every game is read first (a malformed one is named and skipped), then reviewed and written
 * whole, so Ctrl-C leaves only whole games behind. Exit status: 0, 1 if a game was skipped
 * (the others are written), 2 for a usage or file error, 130 when interrupted. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../engine/position.h"
#include "review.h"

/* Set by SIGINT/SIGTERM: the review stops after the search at hand, writing nothing half. */
static volatile sig_atomic_t interrupted;

static void on_signal(int sig) { interrupted = sig; }

typedef struct {
    PgnGame *games;
    char (*source)[80]; /* "FILE game K", for messages */
    int n, cap;
} GameList;

typedef struct {
    bool tty, quiet;
    long total, done; /* positions to search in the whole run, and searched */
    int game, games;  /* the game at hand (1-based) and how many */
    int dec, ndec;
} Progress;

static void usage(FILE *f) {
    fputs("usage: qecreview [--nodes N | --depth D] [--hash MiB] [-o FILE] [--quiet] [FILE ...]\n"
          "  annotates the game records of FILE (stdin without one, or -) with [%eval] comments and\n"
          "  ?! ? ?? marks (docs/players/review.md); default budget --nodes 100000 per decision\n",
          f);
}

/* Reads every game of f into list; a malformed one is named on stderr and skipped. Returns how
 * many were skipped. */
static int read_games(FILE *f, const char *name, GameList *list) {
    int bad = 0;
    char err[256];
    for (int k = 1;; k++) {
        if (list->n == list->cap) {
            list->cap = list->cap ? 2 * list->cap : 16;
            list->games = realloc(list->games, sizeof *list->games * (size_t)list->cap);
            list->source = realloc(list->source, sizeof *list->source * (size_t)list->cap);
            if (!list->games || !list->source) {
                fputs("qecreview: out of memory\n", stderr);
                exit(2);
            }
        }
        PgnGame *g = &list->games[list->n];
        pgn_init(g);
        int r = pgn_read(f, g, err, sizeof err);
        if (r == 0) {
            pgn_free(g);
            return bad;
        }
        if (r < 0) {
            fprintf(stderr, "qecreview: %s: game %d: %s (skipped)\n", name, k, err);
            pgn_free(g);
            bad++;
            continue;
        }
        snprintf(list->source[list->n], sizeof list->source[0], "%.60s game %d", name, k);
        list->n++;
    }
}

static void draw_bar(const Progress *p) {
    if (p->quiet || !p->tty)
        return;
    int width = 30, filled = p->total ? (int)(p->done * width / p->total) : width;
    char bar[64];
    for (int i = 0; i < width; i++)
        bar[i] = i < filled ? '#' : '.';
    bar[width] = 0;
    fprintf(stderr, "\r[%s] %3ld%%  game %d/%d  decision %d/%d ", bar, p->total ? p->done * 100 / p->total : 100,
            p->game, p->games, p->dec, p->ndec);
    fflush(stderr);
}

/* review_game's step: the bar, and the signal's answer. */
static bool step(void *ctx, int done) {
    Progress *p = ctx;
    p->done++;
    p->dec = done - 1;
    draw_bar(p);
    return !interrupted;
}

/* One line per game: on a terminal in place of the bar (drawn again after it). */
static void game_line(const Progress *p, const PgnGame *g, const ReviewDecision *d, const char *source) {
    int count[2][JUDGE_BLUNDER + 1] = {{0}};
    for (int i = 0; i < g->ndec; i++)
        count[d[i].decider][d[i].judge]++;
    if (p->quiet)
        return;
    if (p->tty)
        fputs("\r\033[K", stderr);
    fprintf(stderr, "qecreview: game %d/%d (%s, %s - %s): %d decisions; white %d?! %d? %d??, black %d?! %d? %d??\n",
            p->game, p->games, source, g->white[0] ? g->white : "?", g->black[0] ? g->black : "?", g->ndec,
            count[WHITE][JUDGE_INACCURACY], count[WHITE][JUDGE_MISTAKE], count[WHITE][JUDGE_BLUNDER],
            count[BLACK][JUDGE_INACCURACY], count[BLACK][JUDGE_MISTAKE], count[BLACK][JUDGE_BLUNDER]);
}

/* Writes the annotated game whole (one write of a buffer made first), then flushes. */
static bool write_game(FILE *out, const PgnGame *g, const ReviewDecision *d) {
    PgnNote *notes = calloc((size_t)g->ndec + 1, sizeof *notes);
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = notes ? open_memstream(&buf, &len) : NULL;
    bool ok = mem != NULL;
    if (ok) {
        for (int i = 0; i < g->ndec; i++)
            review_note(&d[i], &notes[i]);
        ok = pgn_write_annotated(mem, g, notes);
        ok = fclose(mem) == 0 && ok;
        ok = ok && fwrite(buf, 1, len, out) == len && fflush(out) == 0;
    }
    free(buf);
    free(notes);
    return ok;
}

static void free_games(GameList *list) {
    for (int i = 0; i < list->n; i++)
        pgn_free(&list->games[i]);
    free(list->games);
    free(list->source);
}

static int run(int argc, char **argv, char **files);

int main(int argc, char **argv) {
    char **files = calloc((size_t)argc + 1, sizeof *files);
    if (!files) {
        fputs("qecreview: out of memory\n", stderr);
        return 2;
    }
    int rc = run(argc, argv, files);
    free(files);
    return rc;
}

/* Everything but the file list's memory, so that every way out frees what it took. */
static int run(int argc, char **argv, char **files) {
    uint64_t nodes = 0;
    int depth = 0, hash = 16;
    const char *outPath = NULL;
    Progress prog = {.tty = isatty(2)};
    int nfiles = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool more = i + 1 < argc;
        char *end = NULL;
        long long v = 0;
        if ((!strcmp(a, "--nodes") || !strcmp(a, "--depth") || !strcmp(a, "--hash")) && more) {
            v = strtoll(argv[++i], &end, 10);
            if (*end || end == argv[i] || v < 1 || (!strcmp(a, "--depth") && v > 100) ||
                (!strcmp(a, "--hash") && v > 65536)) {
                fprintf(stderr, "qecreview: %s needs a positive number in range, not '%s'\n", a, argv[i]);
                return 2;
            }
            if (a[2] == 'n')
                nodes = (uint64_t)v;
            else if (a[2] == 'd')
                depth = (int)v;
            else
                hash = (int)v;
        } else if (!strcmp(a, "-o") && more)
            outPath = argv[++i];
        else if (!strcmp(a, "--quiet"))
            prog.quiet = true;
        else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "qecreview: unknown or incomplete option '%s'\n", a);
            usage(stderr);
            return 2;
        } else
            files[nfiles++] = argv[i];
    }
    if (!nodes && !depth)
        nodes = 100000;

    engine_init();
    search_init();
    GameList list = {0};
    int skipped = 0;
    if (!nfiles)
        skipped += read_games(stdin, "stdin", &list);
    for (int i = 0; i < nfiles; i++) {
        FILE *f = strcmp(files[i], "-") ? fopen(files[i], "r") : stdin;
        if (!f) {
            perror(files[i]);
            free_games(&list);
            return 2;
        }
        skipped += read_games(f, files[i], &list);
        if (f != stdin)
            fclose(f);
    }
    FILE *out = outPath ? fopen(outPath, "w") : stdout;
    if (!out) {
        perror(outPath);
        free_games(&list);
        return 2;
    }
    Reviewer r;
    if (!reviewer_init(&r, nodes, depth, hash)) {
        fputs("qecreview: out of memory\n", stderr);
        free_games(&list);
        return 2;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);

    prog.games = list.n;
    for (int i = 0; i < list.n; i++)
        prog.total += list.games[i].ndec + 1;
    int written = 0;
    for (int i = 0; i < list.n && !interrupted; i++) {
        PgnGame *g = &list.games[i];
        ReviewDecision *d = calloc((size_t)g->ndec + 1, sizeof *d);
        char err[256];
        prog.game = i + 1;
        prog.ndec = g->ndec;
        long before = prog.done;
        int rc = d ? review_game(&r, g, d, step, &prog, err, sizeof err) : -1;
        if (!d)
            snprintf(err, sizeof err, "out of memory");
        if (rc < 0) {
            if (prog.tty && !prog.quiet)
                fputs("\r\033[K", stderr);
            fprintf(stderr, "qecreview: %s: %s (skipped)\n", list.source[i], err);
            skipped++;
            prog.done = before + g->ndec + 1;
        } else if (rc > 0) {
            game_line(&prog, g, d, list.source[i]);
            if (!write_game(out, g, d)) {
                perror(outPath ? outPath : "stdout");
                free(d);
                interrupted = 0;
                skipped = -1; /* a write error: status 2 below */
                break;
            }
            written++;
        }
        free(d);
        draw_bar(&prog);
    }
    if (prog.tty && !prog.quiet)
        fputs("\r\033[K", stderr);
    reviewer_free(&r);
    if (out != stdout)
        fclose(out);
    free_games(&list);
    if (skipped < 0)
        return 2;
    if (interrupted) {
        fprintf(stderr, "qecreview: interrupted: %d of %d games written, each whole\n", written, list.n);
        return 130;
    }
    if (!prog.quiet)
        fprintf(stderr, "qecreview: %d games reviewed, %d skipped\n", written, skipped);
    return skipped ? 1 : 0;
}
