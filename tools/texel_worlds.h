/* texel's Haft Schroedinger path (tools/texel_worlds.c): `texel ... --variant schroedinger`
 * hands the whole command line to it; it fits K and steps its weights with texel.c's code. */
#ifndef QEC_TEXEL_WORLDS_H
#define QEC_TEXEL_WORLDS_H

#include <math.h>

typedef struct {
    double m, v;
} Adam;
/* One Adam step (learning rate 2) on x with gradient gr, step e from 1 (texel.c). */
void adam_step(double *x, Adam *a, double gr, int e);

/* The tuners' win probability of an evaluation e (centipawns) with scale k. */
static inline double texel_sigmoid(double k, double e) { return 1.0 / (1.0 + pow(10.0, -k * e / 400.0)); }
/* The k in [0.1, 3] that minimises err(k, ctx), by ternary search (texel.c). */
double texel_fit_k(double (*err)(double k, const void *ctx), const void *ctx);

int texel_worlds_main(int argc, char **argv);

/* EPOCHS on both paths' command lines: 0 (measure only) up to this. */
enum { TEXEL_MAX_EPOCHS = 1000000 };

#endif
