/* texel: tunes EVAL_WEIGHTS on positions with game results (texel method). The evaluation
 * is linear in its weights (eval/eval.h), so each position is traced once into sparse
 * coefficients; then K is fitted and the weights follow full-batch Adam on the mean squared
 * error between sigmoid(K * eval / 400) and the result, plus LAMBDA * sum(((w - w0) / 100)^2)
 * (a pull towards the starting weights, so that rarely seen terms stay sane). Every tenth
 * position is held out and its error printed (to choose LAMBDA and EPOCHS honestly).
 * Writes a new eval/weights.c.
 *
 *   texel OUT.c EPOCHS LAMBDA [--freeze FIRST-LAST]... FILE...
 *   FILE lines: fen;links;result (1, 0.5, 0 from White); --freeze keeps terms FIRST..LAST
 *   (indices of eval.h) at their starting weights.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/links.h"
#include "../../eval/eval.h"

typedef struct {
    int start, count; /* into the coefficient arrays */
    float result, phase;
} Sample;

static Sample *samples;
static int nsamples, capSamples;
static int16_t *cIndex, *cValue;
static size_t ncoef, capCoef;

static void add_sample(const EvalTrace *t, double result) {
    if (nsamples == capSamples) {
        capSamples = capSamples ? capSamples * 2 : 1 << 16;
        samples = realloc(samples, sizeof *samples * (size_t)capSamples);
    }
    Sample *s = &samples[nsamples++];
    s->start = (int)ncoef;
    s->count = 0;
    s->result = (float)result;
    s->phase = (float)t->phase / EVAL_PHASE_MAX;
    for (int i = 0; i < EVAL_NTERMS; i++) {
        if (!t->coef[i])
            continue;
        if (ncoef == capCoef) {
            capCoef = capCoef ? capCoef * 2 : 1 << 20;
            cIndex = realloc(cIndex, sizeof *cIndex * capCoef);
            cValue = realloc(cValue, sizeof *cValue * capCoef);
        }
        cIndex[ncoef] = (int16_t)i;
        cValue[ncoef] = t->coef[i];
        ncoef++;
        s->count++;
    }
}

static void load(const char *path, Position *p) {
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
        if (!fen || !links || !res || !pos_set_fen(p, fen, VARIANT_QEC, err, sizeof err) ||
            !entmap_parse(links, &m, err, sizeof err) || !entmap_apply(&m, p, err, sizeof err)) {
            bad++;
            continue;
        }
        EvalTrace t;
        eval_trace(p, &t);
        add_sample(&t, atof(res));
    }
    fclose(f);
    fprintf(stderr, "%s: %d positions so far (%d bad lines)\n", path, nsamples, bad);
}

static double eval_sample(const Sample *s, const double (*w)[2]) {
    double mg = 0, eg = 0;
    for (int i = s->start; i < s->start + s->count; i++) {
        mg += w[cIndex[i]][0] * cValue[i];
        eg += w[cIndex[i]][1] * cValue[i];
    }
    return mg * s->phase + eg * (1 - s->phase);
}

static inline double sigmoid(double k, double e) { return 1.0 / (1.0 + pow(10.0, -k * e / 400.0)); }

static inline bool held_out(int i) { return i % 10 == 9; }

/* Mean squared error over the training (valid = false) or held-out (true) positions. */
static double error_of(double k, const double (*w)[2], bool valid) {
    double sum = 0;
    int n = 0;
    for (int i = 0; i < nsamples; i++) {
        if (held_out(i) != valid)
            continue;
        double d = samples[i].result - sigmoid(k, eval_sample(&samples[i], w));
        sum += d * d;
        n++;
    }
    return n ? sum / n : 0;
}
static double error(double k, const double (*w)[2]) { return error_of(k, w, false); }

static double fit_k(const double (*w)[2]) {
    double lo = 0.1, hi = 3.0;
    for (int it = 0; it < 40; it++) {
        double a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3;
        if (error(a, w) < error(b, w))
            hi = b;
        else
            lo = a;
    }
    return (lo + hi) / 2;
}

static void write_weights(const char *path, const double (*w)[2], int epochs, double err, double k) {
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        exit(1);
    }
    fprintf(f, "/* Evaluation weights {middlegame, endgame}, indexed by the T_* terms of eval.h.\n"
               " * Tuned by tests/search/texel.c (%d epochs, %d positions from QEC self-play,\n"
               " * K = %.3f, mean squared error %.6f); see README, Search and evaluation. */\n",
            epochs, nsamples, k, err);
    fprintf(f, "#include \"eval.h\"\n\nconst int16_t EVAL_WEIGHTS[EVAL_NTERMS][2] = {\n");
    char name[64];
    for (int i = 0; i < EVAL_NTERMS; i++)
        fprintf(f, "    {%ld, %ld}, /* %s */\n", lround(w[i][0]), lround(w[i][1]), eval_term_name(i, name, sizeof name));
    fprintf(f, "};\n");
    fclose(f);
}

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: texel OUT.c EPOCHS LAMBDA FILE...\n");
        return 2;
    }
    engine_init();
    Position *p = malloc(sizeof *p);
    static bool frozen[EVAL_NTERMS];
    for (int i = 4; i < argc; i++) {
        int a, b;
        if (!strcmp(argv[i], "--freeze") && i + 1 < argc && sscanf(argv[i + 1], "%d-%d", &a, &b) == 2) {
            for (int j = a; j <= b && j < EVAL_NTERMS; j++)
                frozen[j] = j >= 0;
            i++;
        } else
            load(argv[i], p);
    }
    int epochs = atoi(argv[2]), ntrain = 0;
    double lambda = atof(argv[3]);
    for (int s = 0; s < nsamples; s++)
        ntrain += !held_out(s);
    static double w[EVAL_NTERMS][2], w0[EVAL_NTERMS][2], m[EVAL_NTERMS][2], v[EVAL_NTERMS][2], g[EVAL_NTERMS][2];
    for (int i = 0; i < EVAL_NTERMS; i++)
        w0[i][0] = w[i][0] = EVAL_WEIGHTS[i][0], w0[i][1] = w[i][1] = EVAL_WEIGHTS[i][1];
    double k = fit_k((const double(*)[2])w);
    fprintf(stderr, "K = %.4f, start error %.6f, held out %.6f\n", k, error(k, (const double(*)[2])w),
            error_of(k, (const double(*)[2])w, true));
    const double lr = 2.0, b1 = 0.9, b2 = 0.999, dscale = 2 * log(10.0) * k / 400;
    for (int e = 1; e <= epochs; e++) {
        memset(g, 0, sizeof g);
        for (int s = 0; s < nsamples; s++) {
            if (held_out(s))
                continue;
            const Sample *sm = &samples[s];
            double sg = sigmoid(k, eval_sample(sm, (const double(*)[2])w));
            double d = (sg - sm->result) * sg * (1 - sg);
            for (int i = sm->start; i < sm->start + sm->count; i++) {
                g[cIndex[i]][0] += d * cValue[i] * sm->phase;
                g[cIndex[i]][1] += d * cValue[i] * (1 - sm->phase);
            }
        }
        for (int i = 0; i < EVAL_NTERMS; i++)
            for (int j = 0; j < 2 && !frozen[i]; j++) {
                double gr = dscale * g[i][j] / ntrain + lambda * 2 * (w[i][j] - w0[i][j]) / 10000;
                m[i][j] = b1 * m[i][j] + (1 - b1) * gr;
                v[i][j] = b2 * v[i][j] + (1 - b2) * gr * gr;
                double mh = m[i][j] / (1 - pow(b1, e)), vh = v[i][j] / (1 - pow(b2, e));
                w[i][j] -= lr * mh / (sqrt(vh) + 1e-12);
            }
        if (e % 50 == 0 || e == epochs)
            fprintf(stderr, "epoch %d error %.6f held out %.6f\n", e, error(k, (const double(*)[2])w),
                    error_of(k, (const double(*)[2])w, true));
    }
    double err = error(k, (const double(*)[2])w);
    write_weights(argv[1], (const double(*)[2])w, epochs, err, k);
    free(p);
    return 0;
}
