/* texel's Haft Schroedinger path (tests/search/texel_hsc.c): `texel ... --variant schroedinger`
 * hands the whole command line to it; it steps its weights with texel.c's Adam. */
#ifndef QEC_TEXEL_HSC_H
#define QEC_TEXEL_HSC_H

typedef struct {
    double m, v;
} Adam;
/* One Adam step (learning rate 2) on x with gradient gr, step e from 1 (texel.c). */
void adam_step(double *x, Adam *a, double gr, int e);

int texel_hsc_main(int argc, char **argv);

#endif
