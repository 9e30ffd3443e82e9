/* The float network both trainers fit (nnue_train.c: chess; qec_net_train.c: QEC and tether):
 * NNUE_HIDDEN units per perspective, squared clipped ReLU, one output layer per bucket. Weights
 * are flat float arrays (w1 [inputs][H], b1 [H], the bucket's output row [2 * H] and bias), so
 * that each trainer keeps its own layout of the whole net. Also AdamW and the quantizing
 * writers of the file formats (eval/nnue.h, eval/nnue_links.h). */
#ifndef QEC_TOOLS_NNUE_TRAINER_H
#define QEC_TOOLS_NNUE_TRAINER_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "../eval/nnue.h"

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

static inline int16_t train_q16(float x, float scale) {
    float v = roundf(x * scale);
    return (int16_t)(v > 32767 ? 32767 : v < -32768 ? -32768 : v);
}

static inline void train_put32(unsigned char *b, int32_t v) {
    for (int i = 0; i < 4; i++)
        b[i] = (unsigned char)((uint32_t)v >> (8 * i));
}

#endif
