/* texel --variant schroedinger: tunes WORLDS_EVAL_WEIGHTS (eval/worlds.h) on Haft Schroedinger games
 * (texel method). A position of this variant is its move list from the start (S4.2: no FEN), so
 * the data are whole games, one a line:
 *
 *   RESULT;TOKEN TOKEN ...      RESULT 1, 0.5 or 0 from White; tokens as in `position startpos
 *                               moves` (bench/worlds_data.sh writes such files from qecmatch PGN)
 *
 * Each game is replayed and its quiet positions past the book (no capture or promotion just
 * played, the side to move in check in no world, S3.1) are traced once with worlds_trace: the eval
 * is exactly linear, so a position is its coefficient vector. Then K is fitted on the start
 * weights and the weights follow full-batch Adam on the mean squared error between
 * sigmoid(K * eval / 400) and the result (side to move's view), plus LAMBDA * sum(((w - w0) /
 * 100)^2). Every tenth GAME is held out (positions of one game are not independent) and its
 * error printed. Writes OUT: the table as a C initializer for eval/worlds.c.
 *
 *   texel OUT EPOCHS LAMBDA --variant schroedinger [--skip PLIES] [--freeze A-B] [--best] FILE...
 *   --skip PLIES   positions from this ply on (default 8: the book's moves)
 *   --freeze A-B   keep terms A..B (indices of eval/worlds.h) at their starting weights
 *   --best         write the weights of the epoch with the lowest held-out error */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../eval/worlds.h"
#include "texel_worlds.h"
#include "tool_util.h"

typedef struct {
    float coef[HE_NTERMS]; /* trace / WORLDS_EVAL_SCALE: centipawns per unit of weight */
    float result;          /* side to move's view */
    bool held;
} WorldsSample;

typedef struct {
    WorldsSample *s;
    int n, cap, games, skip;
} WorldsData;

static void push(WorldsData *d, const WorldsPos *p, double whiteResult, bool held) {
    if (d->n == d->cap) {
        d->cap = d->cap ? d->cap * 2 : 1 << 14;
        d->s = realloc(d->s, sizeof *d->s * (size_t)d->cap);
        if (!d->s) {
            perror("texel");
            exit(1);
        }
    }
    int32_t coef[HE_NTERMS];
    worlds_trace(p, coef);
    WorldsSample *s = &d->s[d->n++];
    for (int i = 0; i < HE_NTERMS; i++)
        s->coef[i] = (float)coef[i] / WORLDS_EVAL_SCALE;
    s->result = (float)(worlds_st(p)->stm == WHITE ? whiteResult : 1 - whiteResult);
    s->held = held;
}

/* A position worth a label: past the book, nothing hanging on the last move, no check. */
static bool quiet(const WorldsPos *p, int ply, int skip) {
    const WorldsState *s = worlds_st(p);
    return ply >= skip && !s->captured && move_flag(s->move) != MF_PROMO && worlds_check_status(p) == WORLDS_CHECK_NONE;
}

static void load_game(WorldsData *d, WorldsPos *p, char *line) {
    char *res = strtok(line, ";"), *moves = strtok(NULL, "\r\n");
    double r;
    if (!res || !moves)
        return;
    if (!tool_read_real(res, 0, 1, &r)) {
        fprintf(stderr, "a game's result '%s' is not a number from 0 to 1: game skipped\n", res);
        return;
    }
    bool held = d->games++ % 10 == 9;
    worlds_pos_reset(p);
    int ply = 0;
    for (char *tok = strtok(moves, " "); tok; tok = strtok(NULL, " "), ply++) {
        const char *err = NULL;
        Move m = worlds_parse_move(p, tok, &err);
        if (m == MOVE_NONE || !worlds_do_move(p, m)) {
            fprintf(stderr, "game %d: %s at ply %d (%s): rest skipped\n", d->games, tok, ply, err ? err : "illegal");
            return;
        }
        if (quiet(p, ply + 1, d->skip))
            push(d, p, r, held);
    }
}

static void load(WorldsData *d, WorldsPos *p, const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        exit(1);
    }
    static char line[1 << 16];
    while (fgets(line, sizeof line, f))
        if (line[0] != '#')
            load_game(d, p, line);
    fclose(f);
    fprintf(stderr, "%s: %d games, %d positions so far\n", path, d->games, d->n);
}

static double eval_of(const WorldsSample *s, const double *w) {
    double v = 0;
    for (int i = 0; i < HE_NTERMS; i++)
        v += s->coef[i] * w[i];
    return v;
}

static double mse(const WorldsData *d, double k, const double *w, bool held) {
    double sum = 0;
    int n = 0;
    for (int i = 0; i < d->n; i++)
        if (d->s[i].held == held) {
            double e = d->s[i].result - texel_sigmoid(k, eval_of(&d->s[i], w));
            sum += e * e, n++;
        }
    return n ? sum / n : 0;
}

typedef struct {
    const WorldsData *d;
    const double *w;
} FitK;
static double training_mse(double k, const void *ctx) {
    const FitK *f = ctx;
    return mse(f->d, k, f->w, false);
}

/* The gradient of the training error (without the pull) into g. */
static void gradient(const WorldsData *d, double k, const double *w, double *g) {
    memset(g, 0, sizeof(double) * HE_NTERMS);
    int n = 0;
    for (int i = 0; i < d->n; i++) {
        const WorldsSample *s = &d->s[i];
        if (s->held)
            continue;
        double sg = texel_sigmoid(k, eval_of(s, w)), f = (sg - s->result) * sg * (1 - sg);
        for (int j = 0; j < HE_NTERMS; j++)
            g[j] += f * s->coef[j];
        n++;
    }
    double scale = 2 * log(10.0) * k / 400 / (n ? n : 1);
    for (int j = 0; j < HE_NTERMS; j++)
        g[j] *= scale;
}

static void term_name(int i, char *buf, size_t n) {
    static const struct {
        int first, count;
        const char *name;
    } T[] = {{HE_PAWN, 1, "HE_PAWN"},
             {HE_QUEEN, 1, "HE_QUEEN"},
             {HE_ROOK, 1, "HE_ROOK"},
             {HE_BISHOP, 1, "HE_BISHOP"},
             {HE_KNIGHT, 1, "HE_KNIGHT"},
             {HE_FLEX, 4, "HE_FLEX"},
             {HE_KING_CANDIDATES, 8, "HE_KING_CANDIDATES"},
             {HE_KING_ZONE, 1, "HE_KING_ZONE"},
             {HE_KING_SHIELD, 1, "HE_KING_SHIELD"},
             {HE_KING_ATTACKED, 1, "HE_KING_ATTACKED"},
             {HE_MOBILITY, 1, "HE_MOBILITY"},
             {HE_PASSED, 8, "HE_PASSED"},
             {HE_DOUBLED, 1, "HE_DOUBLED"},
             {HE_ISOLATED, 1, "HE_ISOLATED"},
             {HE_HANGING, 1, "HE_HANGING"},
             {HE_TEMPO, 1, "HE_TEMPO"}};
    for (size_t t = 0; t < sizeof T / sizeof T[0]; t++)
        if (i >= T[t].first && i < T[t].first + T[t].count) {
            if (T[t].count == 1)
                snprintf(buf, n, "[%s]", T[t].name);
            else
                snprintf(buf, n, "[%s + %d]", T[t].name, i - T[t].first);
            return;
        }
    snprintf(buf, n, "[%d]", i);
}

static void write_table(const char *path, const double *w, const WorldsData *d, int epochs, double k, double held) {
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        exit(1);
    }
    fprintf(f, "/* Tuned by tools/texel_worlds.c: %d epochs, %d positions of %d schroedinger games,\n"
               " * K = %.3f, held-out error %.6f. */\n",
            epochs, d->n, d->games, k, held);
    char name[48];
    for (int i = 0; i < HE_NTERMS; i++) {
        term_name(i, name, sizeof name);
        fprintf(f, "    %s = %ld,\n", name, lround(w[i]));
    }
    fclose(f);
}

int texel_worlds_main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: texel OUT EPOCHS LAMBDA --variant schroedinger [--skip N] [--freeze A-B] "
                        "[--best] FILE...\n");
        return 2;
    }
    int epochs = (int)tool_int("EPOCHS", argv[2], 0, TEXEL_MAX_EPOCHS); /* before the data is read */
    double lambda = tool_real("LAMBDA", argv[3], 0, 1e9);
    worlds_init();
    WorldsPos p;
    if (!worlds_pos_init(&p))
        return 1;
    WorldsData d = {.skip = 8};
    bool frozen[HE_NTERMS] = {0}, keepBest = false;
    for (int i = 4; i < argc; i++) {
        int a, b;
        if (!strcmp(argv[i], "--variant") && i + 1 < argc)
            i++;
        else if (!strcmp(argv[i], "--skip") && i + 1 < argc)
            d.skip = (int)tool_int("--skip", argv[++i], 0, 100000);
        else if (!strcmp(argv[i], "--freeze") && i + 1 < argc && sscanf(argv[i + 1], "%d-%d", &a, &b) == 2) {
            for (int j = a < 0 ? 0 : a; j <= b && j < HE_NTERMS; j++)
                frozen[j] = true;
            i++;
        } else if (!strcmp(argv[i], "--best"))
            keepBest = true;
        else
            load(&d, &p, argv[i]);
    }
    worlds_pos_free(&p);
    double w[HE_NTERMS], w0[HE_NTERMS], best[HE_NTERMS], g[HE_NTERMS];
    Adam adam[HE_NTERMS] = {{0}};
    for (int i = 0; i < HE_NTERMS; i++)
        w[i] = w0[i] = best[i] = WORLDS_EVAL_WEIGHTS[i];
    double k = texel_fit_k(training_mse, &(FitK){&d, w}), bestHeld = mse(&d, k, w, true);
    int bestEpoch = 0;
    fprintf(stderr, "K = %.4f, start error %.6f, held out %.6f\n", k, mse(&d, k, w, false), bestHeld);
    for (int e = 1; e <= epochs; e++) {
        gradient(&d, k, w, g);
        for (int i = 0; i < HE_NTERMS; i++)
            if (!frozen[i])
                adam_step(&w[i], &adam[i], g[i] + lambda * 2 * (w[i] - w0[i]) / 10000, e);
        if (e % 10 == 0 || e == epochs) {
            double held = mse(&d, k, w, true);
            if (held < bestHeld)
                bestHeld = held, bestEpoch = e, memcpy(best, w, sizeof w);
            if (e % 100 == 0 || e == epochs)
                fprintf(stderr, "epoch %d error %.6f held out %.6f\n", e, mse(&d, k, w, false), held);
        }
    }
    if (keepBest) {
        fprintf(stderr, "best held out %.6f at epoch %d\n", bestHeld, bestEpoch);
        memcpy(w, best, sizeof w);
        epochs = bestEpoch;
    }
    write_table(argv[1], w, &d, epochs, k, mse(&d, k, w, true));
    free(d.s);
    return 0;
}
