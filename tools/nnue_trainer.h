/* The float network both trainers fit (nnue_train.c: chess; qec_net_train.c: QEC and tether):
 * NNUE_HIDDEN units per perspective, squared clipped ReLU, one output layer per bucket. Weights
 * are flat float arrays (w1 [inputs][H], b1 [H], the bucket's output row [2 * H] and bias), so
 * that each trainer keeps its own layout of the whole net. Also AdamW and the quantizing
 * writers of the file formats (eval/nnue.h, eval/nnue_links.h). */
#ifndef QEC_TOOLS_NNUE_TRAINER_H
#define QEC_TOOLS_NNUE_TRAINER_H

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/position.h"
#include "../engine/types.h"
#include "../eval/nnue.h"
#include "tool_util.h"

enum { TRAIN_H = NNUE_HIDDEN };

static inline float train_sigmoid(float x) { return 1.0f / (1.0f + expf(-x)); }

/* The output y (x 400 = centipawns) seen by side us: feats[persp][0..nf) are the active inputs
 * from each perspective, w2 and b2 the bucket's output row and bias; acc is kept for the
 * backward pass. */
static inline float train_forward(const float *w1, const float *b1, const float *w2, float b2, const int *feats[2],
                                  int nf, int us, float acc[2][TRAIN_H]) {
    for (int persp = 0; persp < 2; persp++) {
        memcpy(acc[persp], b1, sizeof(float) * TRAIN_H);
        for (int i = 0; i < nf; i++) {
            const float *row = w1 + (size_t)feats[persp][i] * TRAIN_H;
            for (int j = 0; j < TRAIN_H; j++)
                acc[persp][j] += row[j];
        }
    }
    float y = b2;
    for (int half = 0; half < 2; half++) {
        const float *a = acc[half == 0 ? us : us ^ 1], *wh = w2 + half * TRAIN_H;
        for (int j = 0; j < TRAIN_H; j++) {
            float v = a[j] < 0 ? 0 : a[j] > 1 ? 1 : a[j];
            y += wh[j] * v * v;
        }
    }
    return y;
}

/* Adds g (d loss / d y) back through the net into the gradients gw1, gb1, gw2 (the bucket's row;
 * its bias is the caller's: it takes g itself). */
static inline void train_backward(const float *w2, float *gw1, float *gb1, float *gw2, const int *feats[2], int nf,
                                  int us, float acc[2][TRAIN_H], float g) {
    float dacc[TRAIN_H];
    for (int half = 0; half < 2; half++) {
        int persp = half == 0 ? us : us ^ 1;
        const float *a = acc[persp], *wh = w2 + half * TRAIN_H;
        float *gw = gw2 + half * TRAIN_H;
        for (int i = 0; i < TRAIN_H; i++) {
            float v = a[i] < 0 ? 0 : a[i] > 1 ? 1 : a[i];
            gw[i] += g * v * v;
            dacc[i] = (a[i] > 0 && a[i] < 1) ? g * wh[i] * 2 * v : 0;
        }
        for (int i = 0; i < TRAIN_H; i++)
            gb1[i] += dacc[i];
        for (int f = 0; f < nf; f++) {
            float *row = gw1 + (size_t)feats[persp][f] * TRAIN_H;
            for (int i = 0; i < TRAIN_H; i++)
                row[i] += dacc[i];
        }
    }
}

/* AdamW over n parameters; the weights stay within what the quantized net can hold (|w| < 1.98:
 * x QA and x QB keep every int16 product in range). */
static inline void train_adam(float *w, const float *g, float *m, float *v, size_t n, int step, float lr,
                              float batch) {
    const float b1 = 0.9f, b2 = 0.999f, eps = 1e-8f, decay = 0.01f;
    float c1 = 1 - powf(b1, (float)step), c2 = 1 - powf(b2, (float)step);
    for (size_t i = 0; i < n; i++) {
        float gi = g[i] / batch;
        m[i] = b1 * m[i] + (1 - b1) * gi;
        v[i] = b2 * v[i] + (1 - b2) * gi * gi;
        float wi = w[i] - lr * ((m[i] / c1) / (sqrtf(v[i] / c2) + eps) + decay * w[i]);
        w[i] = wi > 1.98f ? 1.98f : wi < -1.98f ? -1.98f : wi;
    }
}

/* The array items (n of them, *cap allocated, `size` bytes each) with room for one more: the
 * capacity doubles, from `first`; out of memory ends the program. */
static inline void *train_grow(void *items, size_t n, size_t *cap, size_t size, size_t first) {
    if (n < *cap)
        return items;
    *cap = *cap ? 2 * *cap : first;
    items = realloc(items, *cap * size);
    if (!items) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    return items;
}

/* ---- reading the data files: a game a line, '|'-separated fields ---- */

/* Splits line at '|' into at most max fields (empty ones skipped, as strtok does); their count. */
static inline int train_fields(char *line, char **field, int max) {
    char *save = NULL;
    int n = 0;
    for (char *t = strtok_r(line, "|", &save); t && n < max; t = strtok_r(NULL, "|", &save))
        field[n++] = t;
    return n;
}

/* The next space-separated token of *s (moved past it), or NULL at the end. */
static inline char *train_token(char **s) {
    *s += strspn(*s, " ");
    if (!**s)
        return NULL;
    char *t = *s;
    *s += strcspn(*s, " ");
    if (**s)
        *(*s)++ = 0;
    return t;
}

/* A record's score, in centipawns (mates near ±32000): beyond this the record is bad. */
enum { TRAIN_MAX_SCORE = 1000000 };

/* Whether every token of a record's scores field is "-" (not scored) or a whole number within
 * ±TRAIN_MAX_SCORE: looked at before the game is replayed, so a bad score costs the whole
 * record (counted as a bad game), not the positions after it. */
static inline bool train_scores_ok(const char *s) {
    for (;;) {
        s += strspn(s, " ");
        size_t n = strcspn(s, " ");
        if (!n)
            return true;
        char tok[24];
        long long v;
        if (n >= sizeof tok)
            return false;
        memcpy(tok, s, n);
        tok[n] = 0;
        if (strcmp(tok, "-") && !tool_read_int(tok, -TRAIN_MAX_SCORE, TRAIN_MAX_SCORE, &v))
            return false;
        s += n;
    }
}

/* Whether a record's flags field has a flag for each decision of its decisions field. */
static inline bool train_flags_ok(const char *decisions, const char *flags) {
    size_t n = 0;
    for (const char *s = decisions + strspn(decisions, " "); *s; s += strspn(s, " "), n++)
        s += strcspn(s, " ");
    return strlen(flags) >= n;
}

/* Whether decision m takes something or promotes: its score is about an exchange under way. */
static inline bool train_capture(const Position *p, Move m) {
    return p->board[move_to(m)] != NO_PIECE || move_flag(m) == MF_EP || move_is_promo(m);
}

static inline int train_clip(int score, int maxcp) { return score > maxcp ? maxcp : score < -maxcp ? -maxcp : score; }

/* A trainer's growing array of its own Sample type: Samples (s[0..n), cap allocated) and
 * push(v, x), the array first grown to `first` samples. */
#define TRAIN_SAMPLES(Sample, first)                                                                                   \
    typedef struct {                                                                                                   \
        Sample *s;                                                                                                     \
        size_t n, cap;                                                                                                 \
    } Samples;                                                                                                         \
    static void push(Samples *v, const Sample *x) {                                                                    \
        v->s = train_grow(v->s, v->n, &v->cap, sizeof *v->s, first);                                                   \
        v->s[v->n++] = *x;                                                                                             \
    }

enum { TRAIN_MAX_THREADS = 64 };

/* A net's layers as flat arrays: w1 [inputs][H], b1 [H], w2 [buckets][2 * H], b2 [buckets]. */
typedef struct {
    float *w1, *b1, *w2, *b2;
} TrainLayers;

enum { TRAIN_MAXF = 64 };

/* A sample as the net sees it: its active inputs from each perspective (nf of each), its output
 * bucket, the side whose view the output is, and the target of sigmoid(y). */
typedef struct {
    int feats[2][TRAIN_MAXF];
    int nf, bucket, us;
    float target;
} TrainView;

/* How a trainer's sample k (of its own Sample type) looks to the net, at target weight lambda. */
typedef void (*TrainViewFn)(const void *samples, size_t k, float lambda, TrainView *v);

/* The output y of net n for view v; acc is kept for the backward pass. */
static inline float train_view_forward(TrainLayers n, const TrainView *v, float acc[2][TRAIN_H]) {
    const int *f[2] = {v->feats[0], v->feats[1]};
    return train_forward(n.w1, n.b1, n.w2 + (size_t)v->bucket * 2 * TRAIN_H, n.b2[v->bucket], f, v->nf, v->us, acc);
}

/* One thread's share of a pass: samples [from, to) seen through view; its loss, and its
 * gradients added into grad unless grad.w1 is NULL. */
typedef struct {
    TrainLayers net, grad;
    TrainViewFn view;
    const void *samples;
    size_t from, to;
    float lambda;
    double loss;
} TrainJob;

/* The least-squares loss of sigmoid(y) against the targets (bullet's), and its gradients. */
static inline void *train_run(void *arg) {
    TrainJob *j = arg;
    float acc[2][TRAIN_H];
    TrainView v;
    double loss = 0;
    for (size_t k = j->from; k < j->to; k++) {
        j->view(j->samples, k, j->lambda, &v);
        float y = train_view_forward(j->net, &v, acc);
        float pr = train_sigmoid(y), e = pr - v.target;
        loss += (double)e * e;
        if (!j->grad.w1)
            continue;
        float g = 2.0f * e * pr * (1.0f - pr); /* d loss / d y */
        const int *f[2] = {v.feats[0], v.feats[1]};
        size_t row = (size_t)v.bucket * 2 * TRAIN_H;
        j->grad.b2[v.bucket] += g;
        train_backward(j->net.w2 + row, j->grad.w1, j->grad.b1, j->grad.w2 + row, f, v.nf, v.us, acc, g);
    }
    j->loss = loss;
    return NULL;
}

/* The loss over samples [from, to), split over threads. grads NULL: the loss only; else thread
 * t's gradients go to grads[t], whose nparam floats (from grads[t].w1 on) are cleared first and
 * summed into grads[0] after. */
static inline double train_pass(TrainViewFn view, const void *samples, TrainLayers net, const TrainLayers *grads,
                                size_t nparam, int threads, size_t from, size_t to, float lambda) {
    pthread_t th[TRAIN_MAX_THREADS];
    TrainJob jobs[TRAIN_MAX_THREADS];
    size_t per = (to - from + threads - 1) / threads;
    for (int t = 0; t < threads; t++) {
        size_t a = from + t * per, b = a + per < to ? a + per : to;
        jobs[t] = (TrainJob){net, grads ? grads[t] : (TrainLayers){0}, view, samples, a < to ? a : to, b, lambda, 0};
        if (grads)
            memset(grads[t].w1, 0, nparam * sizeof(float));
        pthread_create(&th[t], NULL, train_run, &jobs[t]);
    }
    double loss = 0;
    for (int t = 0; t < threads; t++) {
        pthread_join(th[t], NULL);
        loss += jobs[t].loss;
    }
    for (int t = 1; grads && t < threads; t++)
        for (size_t i = 0; i < nparam; i++)
            grads[0].w1[i] += grads[t].w1[i];
    return loss;
}

/* The options both trainers take. */
typedef struct {
    const char *out, *init;
    int epochs, batch, threads, maxcp, hold;
    float lr, lambda;
    uint64_t seed;
} TrainOptions;

/* Reads -o, --epochs, --lr, --batch, --lambda, --threads, --hold, --seed, --maxcp, --init and
 * the trainer's own `extra` option (an int, may be NULL) from argv into o (defaults first);
 * returns the index of the first data file, -1 after an unknown option (said on stderr), -2
 * when a value is out of range or something is missing (the caller prints its usage). */
static inline int train_options(int argc, char **argv, TrainOptions *o, const char *extra, int *extraValue) {
    *o = (TrainOptions){NULL, NULL, 12, 16384, 2, 3000, 50, 0.001f, 0, 1};
    int i = 1;
    for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
        const char *k = argv[i], *v = argv[i + 1];
        if (!strcmp(k, "-o"))
            o->out = v;
        else if (!strcmp(k, "--epochs"))
            o->epochs = (int)tool_int(k, v, 0, 1000000);
        else if (!strcmp(k, "--lr"))
            o->lr = (float)tool_real(k, v, 0, 1e6);
        else if (!strcmp(k, "--batch"))
            o->batch = (int)tool_int(k, v, 1, 1 << 30);
        else if (!strcmp(k, "--lambda"))
            o->lambda = (float)tool_real(k, v, 0, 1);
        else if (!strcmp(k, "--threads"))
            o->threads = (int)tool_int(k, v, 1, TRAIN_MAX_THREADS);
        else if (!strcmp(k, "--hold"))
            o->hold = (int)tool_int(k, v, 1, 1000000);
        else if (!strcmp(k, "--seed"))
            o->seed = tool_u64(k, v, 0);
        else if (!strcmp(k, "--maxcp"))
            o->maxcp = (int)tool_int(k, v, 1, 100000);
        else if (!strcmp(k, "--init"))
            o->init = v;
        else if (extra && !strcmp(k, extra))
            *extraValue = (int)tool_int(k, v, 0, 1);
        else {
            fprintf(stderr, "unknown option %s\n", k);
            return -1;
        }
    }
    if (!o->out || i >= argc || o->threads < 1 || o->threads > TRAIN_MAX_THREADS || o->batch < 1 || o->epochs < 0 ||
        o->hold < 1 || (o->hold == 1 && o->epochs > 0))
        return -2;
    return i;
}

/* A standard normal deviate (Box-Muller) from the generator state rng. */
static inline float train_gauss(uint64_t *rng) {
    double u = (splitmix64_next(rng) >> 11) * 0x1p-53 + 1e-12, v = (splitmix64_next(rng) >> 11) * 0x1p-53;
    return (float)(sqrt(-2 * log(u)) * cos(2 * M_PI * v));
}

/* Shuffles n items of `size` bytes (Fisher-Yates, from the generator state rng). */
static inline void train_shuffle(void *items, size_t n, size_t size, uint64_t *rng) {
    unsigned char *b = items;
    for (size_t i = n; i > 1; i--) {
        unsigned char *x = b + (i - 1) * size, *y = b + (splitmix64_next(rng) % i) * size;
        for (size_t k = 0; k < size; k++) {
            unsigned char c = x[k];
            x[k] = y[k];
            y[k] = c;
        }
    }
}

static inline int16_t train_q16(float x, float scale) {
    float v = roundf(x * scale);
    return (int16_t)(v > 32767 ? 32767 : v < -32768 ? -32768 : v);
}

static inline void train_put32(unsigned char *b, int32_t v) {
    for (int i = 0; i < 4; i++)
        b[i] = (unsigned char)((uint32_t)v >> (8 * i));
}

#endif
