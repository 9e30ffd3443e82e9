/* texel: tunes EVAL_WEIGHTS on positions with game results (texel method). The evaluation
 * is linear in its weights (eval/eval.h), so each position is traced once into sparse
 * coefficients; then K is fitted and the weights follow full-batch Adam on the mean squared
 * error between sigmoid(K * eval / 400) and the result, plus LAMBDA * sum(((w - w0) / 100)^2)
 * (a pull towards the starting weights, so that rarely seen terms stay sane). Every tenth
 * position is held out and its error printed (to choose LAMBDA and EPOCHS honestly).
 * Writes the new table to OUT: for QEC the header of named blocks eval/weights_qec.h (one macro
 * of rows per term group; eval/weights.c is EVAL_ROWS_QEC), for tether and chess a new
 * eval/weights_tether.c or eval/weights_chess.c that names QEC's block wherever a whole group's
 * rows are QEC's (so frozen rows are not copied). The first comment of OUT gives the run's
 * numbers; the rest is compared with the committed files by tests/search/texel.sh.
 *
 *   texel OUT EPOCHS LAMBDA [OPTION]... FILE...
 *   FILE lines: fen;links;result (1, 0.5, 0 from White). Options:
 *   --freeze FIRST-LAST  keep terms FIRST..LAST (indices of eval.h) at their starting weights
 *   --block N            hold out every tenth block of N consecutive positions instead of every
 *                        tenth position: the files hold whole games in order, so N >= ~100
 *                        keeps most of a held-out game out of training (an honest error)
 *   --zero FIRST-LAST    start terms FIRST..LAST at 0 (with --freeze: tune without them, to see
 *                        what a group of terms is worth in held-out error)
 *   --lowrank A-B        piece-square tables of pieces A..B (0 = pawn .. 5 = king) are tuned
 *                        as start table + rank term + folded-file term (12 instead of 32
 *                        numbers per phase), so they cannot learn single-square noise
 *   --centre             keep the mean of each low-rank offset at 0: the tables learn only their
 *                        shape, a piece's value stays with its material weight
 *   --nodraws            skip positions of drawn games (turn-cap and dual-king ends are
 *                        draws too: their positions say little about who stands better)
 *   --test FILE          hold out every position of FILE too (and only held-out positions after
 *                        it: give it last), to check that what was learnt carries over to
 *                        other games, e.g. those of a newer engine
 *   --best               write the weights of the epoch with the lowest held-out error
 *                        (checked every 10 epochs) instead of the last
 *   --variant tether     tune TETHER_WEIGHTS (every classical term and the T_TETHER_* terms,
 *                        eval/tether.h) on tether positions (links ignored) and write a new
 *                        eval/weights_tether.c; without it, EVAL_WEIGHTS on QEC positions
 *                        (OUT a header such as eval/weights_qec.h, not a .c)
 *   --variant chess      tune CHESS_WEIGHTS (the classical terms and eval/chess.c's T_CH_*
 *                        terms; the endgame part scaled by chess_scale at the start weights,
 *                        fixed per position) on classical chess positions, starting from the current
 *                        CHESS_WEIGHTS (bench/chess_data.py and
 *                        bench/chess_labels.py write such files), and write a new
 *                        eval/weights_chess.c
 *   --variant schroedinger  WORLDS_EVAL_WEIGHTS on whole games (tools/texel_worlds.c, its own
 *                        data format and options)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/links.h"
#include "../eval/chess.h"
#include "../eval/eval.h"
#include "../eval/tether.h"
#include "texel_worlds.h"
#include "tool_util.h"

typedef struct {
    int start, count; /* into the coefficient arrays */
    float result, phase;
    float egScale; /* chess: the endgame scale of eval/chess.h at the start weights, else 1 */
} Sample;

/* What the tuner needs of each hand-made evaluation (a row's EvalFamily, variants/variants.h). */
typedef struct {
    const char *what; /* the weights file's first words */
    int nterms;
    EvalWeights start;
    void (*trace)(const Position *p, EvalTrace *t);
    const char *(*termName)(int t, char *buf, size_t len);
    bool endgameScale;   /* chess: the endgame part scaled by chess_scale at the start weights */
    bool namedBlocks;    /* QEC's: a header of named blocks (eval/weights_qec.h), not a .c table */
    const char *header, *array, *count; /* the other tables' .c file: its header and names */
} TunedTable;

/* By evaluation family; a family with no table here (NULL name) has no texel tuner. */
static const TunedTable TUNED[EVAL_FAMILY_COUNT] = {
    [EVAL_LINKS] = {"QEC evaluation weights", EVAL_NTERMS, EVAL_WEIGHTS, eval_trace, eval_term_name, false, true, NULL,
                    NULL, NULL},
    [EVAL_CHESS] = {"Classical chess evaluation weights", CHESS_NTERMS, CHESS_WEIGHTS, chess_trace, chess_term_name,
                    true, false, "chess.h", "CHESS_WEIGHTS", "CHESS_NTERMS"},
    [EVAL_TETHER] = {"Tether evaluation weights", TETHER_NTERMS, TETHER_WEIGHTS, tether_trace, eval_term_name, false,
                     false, "tether.h", "TETHER_WEIGHTS", "TETHER_NTERMS"},
};

/* The command's choices: the variant whose table is tuned (--variant; qec by default), that
 * table, which positions are read, and how the piece-square tables are tuned (--lowrank). */
typedef struct {
    const Variant *variant;
    const TunedTable *tuned;
    bool noDraws;
    bool lowRank[6], centre;
    double lrp[6][12][2]; /* the low-rank tables' offsets: [piece][rank 0..7, file 8..11][phase] */
    Adam lrAdam[6][12][2];
} Tuner;

/* The traced positions: position i's coefficients are index/value[s[i].start, + s[i].count). */
typedef struct {
    Sample *s;
    int n, cap;
    int16_t *index, *value;
    size_t ncoef, capCoef;
    int holdBlock, testFrom; /* --block N; the first position of --test's file */
} Samples;

static void add_sample(Samples *d, int nterms, const EvalTrace *t, double result, double egScale) {
    if (d->n == d->cap) {
        d->cap = d->cap ? d->cap * 2 : 1 << 16;
        d->s = realloc(d->s, sizeof *d->s * (size_t)d->cap);
    }
    Sample *s = &d->s[d->n++];
    s->start = (int)d->ncoef;
    s->count = 0;
    s->result = (float)result;
    s->phase = (float)t->phase / EVAL_PHASE_MAX;
    s->egScale = (float)egScale;
    for (int i = 0; i < nterms; i++) {
        if (!t->coef[i])
            continue;
        if (d->ncoef == d->capCoef) {
            d->capCoef = d->capCoef ? d->capCoef * 2 : 1 << 20;
            d->index = realloc(d->index, sizeof *d->index * d->capCoef);
            d->value = realloc(d->value, sizeof *d->value * d->capCoef);
        }
        d->index[d->ncoef] = (int16_t)i;
        d->value[d->ncoef] = t->coef[i];
        d->ncoef++;
        s->count++;
    }
}

static void load(const Tuner *tu, Samples *d, const char *path, Position *p) {
    const Variant *variant = tu->variant;
    FILE *f = fopen(path, "r");
    char line[512], err[256];
    if (!f) {
        perror(path);
        exit(1);
    }
    int bad = 0;
    while (fgets(line, sizeof line, f)) {
        char *fen = strtok(line, ";"), *links = strtok(NULL, ";"), *res = strtok(NULL, ";\r\n");
        EntMap m;
        double result;
        if (!fen || !links || !res || !tool_read_real(res, 0, 1, &result) || !variant_set_fen(variant, p, fen, err, sizeof err) ||
            (variant_links(variant) &&
             (!entmap_parse(links, &m, err, sizeof err) || !entmap_apply(&m, p, err, sizeof err)))) {
            bad++;
            continue;
        }
        if (tu->noDraws && result == 0.5)
            continue;
        EvalTrace t;
        tu->tuned->trace(p, &t);
        double egScale = tu->tuned->endgameScale ? (double)chess_scale(p) / CHESS_SCALE_NORMAL : 1;
        add_sample(d, tu->tuned->nterms, &t, result, egScale);
    }
    fclose(f);
    fprintf(stderr, "%s: %d positions so far (%d bad lines)\n", path, d->n, bad);
}

static double eval_sample(const Samples *d, const Sample *s, const double (*w)[2]) {
    double mg = 0, eg = 0;
    for (int i = s->start; i < s->start + s->count; i++) {
        mg += w[d->index[i]][0] * d->value[i];
        eg += w[d->index[i]][1] * d->value[i];
    }
    return mg * s->phase + eg * s->egScale * (1 - s->phase);
}

static inline bool held_out(const Samples *d, int i) { return i >= d->testFrom || i / d->holdBlock % 10 == 9; }

/* Mean squared error over the training (valid = false) or held-out (true) positions. */
static double error_of(const Samples *d, double k, const double (*w)[2], bool valid) {
    double sum = 0;
    int n = 0;
    for (int i = 0; i < d->n; i++) {
        if (held_out(d, i) != valid)
            continue;
        double e = d->s[i].result - texel_sigmoid(k, eval_sample(d, &d->s[i], w));
        sum += e * e;
        n++;
    }
    return n ? sum / n : 0;
}
static double error(const Samples *d, double k, const double (*w)[2]) { return error_of(d, k, w, false); }

double texel_fit_k(double (*err)(double k, const void *ctx), const void *ctx) {
    double lo = 0.1, hi = 3.0;
    for (int it = 0; it < 40; it++) {
        double a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3;
        if (err(a, ctx) < err(b, ctx))
            hi = b;
        else
            lo = a;
    }
    return (lo + hi) / 2;
}

/* The training error at weights w, as a function of K alone (texel_fit_k's ctx). */
typedef struct {
    const Samples *data;
    const double (*w)[2];
} FitCtx;
static double training_error(double k, const void *ctx) {
    const FitCtx *c = ctx;
    return error(c->data, k, c->w);
}

/* The term groups of eval.h, the unit in which tables share rows. QEC's table is written as one
 * block macro per group (EVAL_ROWS_<name>, in eval/weights_qec.h), each placed at its group's first
 * term by a designator; a variant's table names a block wherever every row of the group equals
 * QEC's (frozen at QEC's value, never reached by the variant's trace, or tuned back to it), so it
 * does not copy them, and follows when QEC's are retuned. LINKS are the terms that need a link (R1), UNLINKED the two every variant evaluates
 * (eval_unlinked in eval/eval.c). */
typedef struct {
    const char *name, *firstTerm, *what;
    int first;
} TermGroup;
#define GROUP(name, first, what) {name, #first, what, first}
static const TermGroup GROUPS[] = {
    GROUP("MATERIAL", T_MATERIAL, "material"),
    GROUP("PST", T_PST, "piece-square tables"),
    GROUP("MOBILITY", T_MOB_N, "mobility"),
    GROUP("PASSED", T_PASSED, "passed pawns"),
    GROUP("PAWNS", T_DOUBLED, "pawn structure"),
    GROUP("PIECES", T_BISHOP_PAIR, "bishop pair and rooks on files"),
    GROUP("KING", T_SHIELD, "king shield, attacks and escapes"),
    GROUP("LINKS", T_ENT_CONTROL, "link terms (R1, R2.3)"),
    GROUP("UNLINKED", T_FREE_PAWN, "unlinked pawns and officers"),
    GROUP("TEMPO", T_TEMPO, "tempo"),
};
enum { NGROUPS = sizeof GROUPS / sizeof GROUPS[0] };

static int group_end(int g) { return g + 1 < NGROUPS ? GROUPS[g + 1].first : EVAL_NTERMS; }

static bool group_is_qecs(const double (*w)[2], int g) {
    for (int i = GROUPS[g].first; i < group_end(g); i++)
        for (int j = 0; j < 2; j++)
            if (lround(w[i][j]) != EVAL_WEIGHTS[i][j])
                return false;
    return true;
}

/* The length of a term name's stem: all but its last word ("pst N rank 1" of "pst N rank 1
 * file 3", "mobility Q" of "mobility Q 12"). */
static size_t stem_len(const char *name) {
    const char *sp = strrchr(name, ' ');
    return sp ? (size_t)(sp - name) : 0;
}

/* The rows of terms i..end-1 that share term i's stem (one line of the table: a rank of a
 * piece-square table, a piece's mobility, the passed pawns by rank); the first term after them. */
static int line_end(const TunedTable *tuned, int i, int end) {
    char first[64], name[64];
    tuned->termName(i, first, sizeof first);
    size_t n = stem_len(first);
    int j = i + 1;
    while (j < end && n && stem_len(tuned->termName(j, name, sizeof name)) == n && !strncmp(name, first, n))
        j++;
    return j;
}

/* Terms from..end-1, a line per stem: the rows, then the stem and the last words it covers
 * ("1-4" for a run of numbers). In a block macro the first line carries the group's designator
 * and all lines a backslash. */
static void write_rows(FILE *f, const TunedTable *tuned, const double (*w)[2], int from, int end,
                       const char *designator, bool macro) {
    for (int i = from, j; i < end; i = j) {
        j = line_end(tuned, i, end);
        char first[64], last[64];
        tuned->termName(i, first, sizeof first);
        tuned->termName(j - 1, last, sizeof last);
        fprintf(f, "    %s%s", i == from && designator ? designator : "", i == from && designator ? " = " : "");
        for (int k = i; k < j; k++)
            fprintf(f, "{%ld, %ld}, ", lround(w[k][0]), lround(w[k][1]));
        if (j - i == 1)
            fprintf(f, "/* %s */", first);
        else {
            size_t n = stem_len(first);
            char *endp;
            strtol(first + n + 1, &endp, 10);
            bool numbers = !*endp;
            fprintf(f, "/* %.*s", (int)n, first);
            if (numbers)
                fprintf(f, " %s-%s", first + n + 1, last + n + 1);
            else
                for (int k = i; k < j; k++) {
                    char name[64];
                    fprintf(f, " %s", tuned->termName(k, name, sizeof name) + n + 1);
                }
            fprintf(f, " */");
        }
        fprintf(f, "%s\n", macro && (j < end) ? " \\" : "");
    }
}

/* QEC's table: the blocks, then EVAL_ROWS_QEC (all of them, eval/weights.c's EVAL_WEIGHTS). */
static void write_qec_blocks(FILE *f, const TunedTable *tuned, const double (*w)[2]) {
    fprintf(f, "/* QEC's weights as one block of rows per term group of eval.h, each placed at its first term:\n"
               " * EVAL_WEIGHTS (eval/weights.c) is EVAL_ROWS_QEC, and the tether and chess tables name the\n"
               " * blocks whose rows are QEC's instead of copying them. Written by tools/texel.c. */\n"
               "#ifndef EVAL_WEIGHTS_QEC_H\n#define EVAL_WEIGHTS_QEC_H\n\n#include \"eval.h\"\n");
    for (int g = 0; g < NGROUPS; g++) {
        char designator[64];
        snprintf(designator, sizeof designator, "[%s]", GROUPS[g].firstTerm);
        if (group_end(g) - GROUPS[g].first > 1)
            fprintf(f, "\n/* %s: terms %d-%d */\n", GROUPS[g].what, GROUPS[g].first, group_end(g) - 1);
        else
            fprintf(f, "\n/* %s: term %d */\n", GROUPS[g].what, GROUPS[g].first);
        fprintf(f, "#define EVAL_ROWS_%s \\\n", GROUPS[g].name);
        write_rows(f, tuned, w, GROUPS[g].first, group_end(g), designator, true);
    }
    fprintf(f, "\n#define EVAL_ROWS_QEC");
    for (int g = 0; g < NGROUPS; g++)
        fprintf(f, " \\\n    EVAL_ROWS_%s", GROUPS[g].name);
    fprintf(f, "\n\n#endif\n");
}

/* Tether's or chess's table: QEC's blocks by name where the rows are QEC's, its own rows elsewhere. */
static void write_variant_table(FILE *f, const TunedTable *tuned, const double (*w)[2]) {
    bool shares = false;
    for (int g = 0; g < NGROUPS; g++)
        shares |= group_is_qecs(w, g);
    fprintf(f, "#include \"%s\"\n%s\nconst int16_t %s[%s][2] = {\n", tuned->header,
            shares ? "#include \"weights_qec.h\"\n" : "", tuned->array, tuned->count);
    for (int g = 0; g < NGROUPS; g++)
        if (group_is_qecs(w, g))
            fprintf(f, "    EVAL_ROWS_%s /* QEC's %s */\n", GROUPS[g].name, GROUPS[g].what);
        else
            write_rows(f, tuned, w, GROUPS[g].first, group_end(g), NULL, false);
    write_rows(f, tuned, w, EVAL_NTERMS, tuned->nterms, NULL, false);
    fprintf(f, "};\n");
}

/* The first comment says where the weights came from (a tuned table's is then worded by hand: the
 * rest of the file is what tests/search/texel.sh compares); the rest is the table. */
static void write_weights(const char *path, const TunedTable *tuned, const double (*w)[2], int epochs, int nsamples,
                          double err, double k) {
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        exit(1);
    }
    fprintf(f, "/* %s {middlegame, endgame}, indexed by the T_* terms of eval.h. Tuned by\n"
               " * tools/texel.c (%d epochs, %d positions, K = %.3f, mean squared error %.6f); see\n"
               " * docs/dev/evaluation.md. */\n",
            tuned->what, epochs, nsamples, k, err);
    if (tuned->namedBlocks)
        write_qec_blocks(f, tuned, w);
    else
        write_variant_table(f, tuned, w);
    fclose(f);
}

/* One Adam step on parameter x with gradient gr (step e, from 1); also texel_worlds.c's. */
void adam_step(double *x, Adam *a, double gr, int e) {
    const double lr = 2.0, b1 = 0.9, b2 = 0.999;
    a->m = b1 * a->m + (1 - b1) * gr;
    a->v = b2 * a->v + (1 - b2) * gr * gr;
    double mh = a->m / (1 - pow(b1, e)), vh = a->v / (1 - pow(b2, e));
    *x -= lr * mh / (sqrt(vh) + 1e-12);
}

/* Subtract the mean of the rank offsets over ranks lo..hi-1 and of the file offsets. */
static void centre_offsets(double (*o)[2], int lo, int hi, int j) {
    double mr = 0, mf = 0;
    for (int r = lo; r < hi; r++)
        mr += o[r][j] / (hi - lo);
    for (int f = 0; f < 4; f++)
        mf += o[8 + f][j] / 4;
    for (int r = lo; r < hi; r++)
        o[r][j] -= mr;
    for (int f = 0; f < 4; f++)
        o[8 + f][j] -= mf;
}

static int pst_term(int pc, int r, int f) { return T_PST + pc * 32 + r * 4 + f; }

static void lowrank_step(Tuner *tu, double (*w)[2], const double (*w0)[2], const double (*g)[2], const bool *frozen,
                         double scale, double lambda, int e) {
    double (*lrp)[12][2] = tu->lrp;
    for (int pc = 0; pc < 6; pc++) {
        if (!tu->lowRank[pc])
            continue;
        for (int j = 0; j < 2; j++) {
            double gr[12] = {0};
            for (int r = 0; r < 8; r++)
                for (int f = 0; f < 4; f++) {
                    double d = scale * g[pst_term(pc, r, f)][j];
                    gr[r] += d;
                    gr[8 + f] += d;
                }
            for (int q = 0; q < 12; q++)
                adam_step(&lrp[pc][q][j], &tu->lrAdam[pc][q][j], gr[q] + lambda * 2 * lrp[pc][q][j] / 10000, e);
            if (tu->centre)
                centre_offsets(lrp[pc], pc == 0 ? 1 : 0, pc == 0 ? 7 : 8, j);
            for (int r = 0; r < 8; r++)
                for (int f = 0; f < 4; f++) {
                    int t = pst_term(pc, r, f);
                    /* pawns never stand on ranks 1 and 8: keep those entries at their start */
                    if (!frozen[t] && !(pc == 0 && (r == 0 || r == 7)))
                        w[t][j] = w0[t][j] + lrp[pc][r][j] + lrp[pc][8 + f][j];
                }
        }
    }
}

static bool in_lowrank(const Tuner *tu, int t) {
    return t >= T_PST && t < T_PST + 6 * 32 && tu->lowRank[(t - T_PST) / 32];
}

int main(int argc, char **argv) {
    const Variant *variant = variant_default();
    for (int i = 4; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--variant") && !(variant = variant_named(argv[i + 1]))) {
            fprintf(stderr, "texel: unknown variant '%s'\n", argv[i + 1]); /* not QEC's table on another game's data */
            return 2;
        }
    if (variant->eval == EVAL_WORLDS)
        return texel_worlds_main(argc, argv);
    if (!TUNED[variant->eval].what) {
        fprintf(stderr, "texel: the %s variant's evaluation has no weight table to tune\n", variant->name);
        return 2;
    }
    if (argc < 5) {
        fprintf(stderr, "usage: texel OUT EPOCHS LAMBDA [--variant tether|chess|schroedinger] [--freeze A-B] [--block N] "
                        "[--zero A-B] [--lowrank A-B] [--centre] [--nodraws] [--best] [--test FILE] FILE...\n");
        return 2;
    }
    int epochs = (int)tool_int("EPOCHS", argv[2], 0, TEXEL_MAX_EPOCHS); /* before the data is read */
    double lambda = tool_real("LAMBDA", argv[3], 0, 1e9);
    engine_init();
    Position *p = malloc(sizeof *p);
    Tuner *tu = calloc(1, sizeof *tu);
    if (!p || !tu) {
        fprintf(stderr, "texel: out of memory\n");
        return 1;
    }
    static bool frozen[EVAL_MAXTERMS], zeroed[EVAL_MAXTERMS];
    const TunedTable *tuned = &TUNED[variant->eval];
    tu->variant = variant, tu->tuned = tuned;
    const int nterms = tuned->nterms;
    Samples data = {.holdBlock = 1, .testFrom = 1 << 30};
    size_t outLen = strlen(argv[1]);
    if (tuned->namedBlocks && outLen >= 2 && !strcmp(argv[1] + outLen - 2, ".c")) {
        fprintf(stderr, "texel: QEC's table is written as a header of named blocks (eval/weights_qec.h, "
                        "which eval/weights.c includes), not as %s\n", argv[1]);
        return 2;
    }
    bool keepBest = false;
    for (int i = 4; i < argc; i++) {
        int a, b;
        if (!strcmp(argv[i], "--freeze") && i + 1 < argc && sscanf(argv[i + 1], "%d-%d", &a, &b) == 2) {
            for (int j = a; j <= b && j < nterms; j++)
                frozen[j] = j >= 0;
            i++;
        } else if (!strcmp(argv[i], "--zero") && i + 1 < argc && sscanf(argv[i + 1], "%d-%d", &a, &b) == 2) {
            for (int j = a; j <= b && j < nterms; j++)
                zeroed[j] = j >= 0;
            i++;
        } else if (!strcmp(argv[i], "--lowrank") && i + 1 < argc && sscanf(argv[i + 1], "%d-%d", &a, &b) == 2) {
            for (int j = a; j <= b && j < 6; j++)
                tu->lowRank[j] = j >= 0;
            i++;
        } else if (!strcmp(argv[i], "--block") && i + 1 < argc) {
            data.holdBlock = (int)tool_int("--block", argv[++i], 1, 1000000000);
        } else if (!strcmp(argv[i], "--test") && i + 1 < argc) {
            data.testFrom = data.n;
            load(tu, &data, argv[++i], p);
        } else if (!strcmp(argv[i], "--variant") && i + 1 < argc)
            i++; /* read above, before any FILE */
        else if (!strcmp(argv[i], "--centre"))
            tu->centre = true;
        else if (!strcmp(argv[i], "--nodraws"))
            tu->noDraws = true;
        else if (!strcmp(argv[i], "--best"))
            keepBest = true;
        else
            load(tu, &data, argv[i], p);
    }
    int ntrain = 0;
    for (int s = 0; s < data.n; s++)
        ntrain += !held_out(&data, s);
    static double w[EVAL_MAXTERMS][2], w0[EVAL_MAXTERMS][2], g[EVAL_MAXTERMS][2], best[EVAL_MAXTERMS][2];
    static Adam adam[EVAL_MAXTERMS][2];
    for (int i = 0; i < nterms; i++)
        w0[i][0] = w[i][0] = zeroed[i] ? 0 : tuned->start[i][0], w0[i][1] = w[i][1] = zeroed[i] ? 0 : tuned->start[i][1];
    memcpy(best, w, sizeof w);
    double k = texel_fit_k(training_error, &(FitCtx){&data, (const double(*)[2])w});
    double bestHeld = error_of(&data, k, (const double(*)[2])w, true);
    int bestEpoch = 0;
    fprintf(stderr, "K = %.4f, start error %.6f, held out %.6f (%d train, %d held out)\n", k,
            error(&data, k, (const double(*)[2])w), bestHeld, ntrain, data.n - ntrain);
    const double dscale = 2 * log(10.0) * k / 400;
    for (int e = 1; e <= epochs; e++) {
        memset(g, 0, sizeof g);
        for (int s = 0; s < data.n; s++) {
            if (held_out(&data, s))
                continue;
            const Sample *sm = &data.s[s];
            double sg = texel_sigmoid(k, eval_sample(&data, sm, (const double(*)[2])w));
            double d = (sg - sm->result) * sg * (1 - sg);
            for (int i = sm->start; i < sm->start + sm->count; i++) {
                g[data.index[i]][0] += d * data.value[i] * sm->phase;
                g[data.index[i]][1] += d * data.value[i] * sm->egScale * (1 - sm->phase);
            }
        }
        for (int i = 0; i < nterms; i++)
            for (int j = 0; j < 2 && !frozen[i] && !in_lowrank(tu, i); j++)
                adam_step(&w[i][j], &adam[i][j], dscale * g[i][j] / ntrain + lambda * 2 * (w[i][j] - w0[i][j]) / 10000, e);
        lowrank_step(tu, w, (const double(*)[2])w0, (const double(*)[2])g, frozen, dscale / ntrain, lambda, e);
        if (e % 10 == 0 || e == epochs) {
            double held = error_of(&data, k, (const double(*)[2])w, true);
            if (held < bestHeld)
                bestHeld = held, bestEpoch = e, memcpy(best, w, sizeof w);
            if (e % 50 == 0 || e == epochs)
                fprintf(stderr, "epoch %d error %.6f held out %.6f\n", e, error(&data, k, (const double(*)[2])w), held);
        }
    }
    if (keepBest) {
        fprintf(stderr, "best held out %.6f at epoch %d\n", bestHeld, bestEpoch);
        memcpy(w, best, sizeof w);
        epochs = bestEpoch;
    }
    double err = error(&data, k, (const double(*)[2])w);
    write_weights(argv[1], tuned, (const double(*)[2])w, epochs, data.n, err, k);
    free(p), free(tu), free(data.s), free(data.index), free(data.value);
    return 0;
}
