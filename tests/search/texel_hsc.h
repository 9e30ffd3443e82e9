/* texel's Haft Schroedinger path (tests/search/texel_hsc.c): `texel ... --variant schroedinger`
 * hands the whole command line to it. */
#ifndef QEC_TEXEL_HSC_H
#define QEC_TEXEL_HSC_H

int texel_hsc_main(int argc, char **argv);

#endif
