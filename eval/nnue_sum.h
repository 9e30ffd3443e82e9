/* The inference loops of the networks: chess's (nnue.c) and QEC's and tether's (nnue_links.c).
 * All static inline, so that every net's caller compiles its own copy around its own net: an
 * out-of-line copy shared by two callers cost chess 0.82x its nodes per second (the compiler no
 * longer knows the net). Plain loops over NNUE_HIDDEN int16 lanes, which the compiler turns into
 * the machine's widest vector instructions (-march); in WebAssembly the output's loop is written
 * in its SIMD instructions (nnue_half_output). Included by nnue.c and nnue_links.c only. */
#ifndef QEC_NNUE_SUM_H
#define QEC_NNUE_SUM_H

#include "nnue.h"

#include <stdio.h>
#include <string.h>
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

/* The checks every net file passes before its header is read: its size (what: the net's kind,
 * "" or "QEC ", for the message) and 64-byte alignment. */
static inline bool nnue_file_fits(const unsigned char *b, size_t len, size_t size, const char *what, char *err,
                                  size_t errlen) {
    if (len != size) {
        snprintf(err, errlen, "net file has %zu bytes, this build's %snet has %zu", len, what, size);
        return false;
    }
    if ((uintptr_t)b % 64) {
        snprintf(err, errlen, "net data not 64-byte aligned");
        return false;
    }
    return true;
}

static inline int32_t nnue_le32(const unsigned char *b) {
    return (int32_t)(b[0] | b[1] << 8 | b[2] << 16 | (uint32_t)b[3] << 24);
}

static inline void nnue_add_row(int16_t *restrict acc, const int16_t *restrict row) {
    for (int i = 0; i < NNUE_HIDDEN; i++)
        acc[i] = (int16_t)(acc[i] + row[i]);
}
static inline void nnue_sub_row(int16_t *restrict acc, const int16_t *restrict row) {
    for (int i = 0; i < NNUE_HIDDEN; i++)
        acc[i] = (int16_t)(acc[i] - row[i]);
}

/* One feature appears or goes: both perspectives' accumulators move by its rows (white: its row
 * seen from White, black: from Black). */
static inline void nnue_add_feature(int16_t acc[2][NNUE_HIDDEN], const int16_t *white, const int16_t *black) {
    nnue_add_row(acc[WHITE], white);
    nnue_add_row(acc[BLACK], black);
}
static inline void nnue_sub_feature(int16_t acc[2][NNUE_HIDDEN], const int16_t *white, const int16_t *black) {
    nnue_sub_row(acc[WHITE], white);
    nnue_sub_row(acc[BLACK], black);
}

/* One side's half of the output: sum of w * clamp(acc, 0, QA)^2, with (v * w) taken first so
 * that every product stays within 16 bits' reach of the vector units. */
#ifdef __wasm_simd128__
/* WebAssembly's 128-bit SIMD: the compiler widens the plain loop below to four 32-bit lanes at a
 * time (16 instructions for 8 units). Here 8 units take 10, through i32x4.dot_i16x8 (pairwise
 * 16x16-bit products summed): v*v (at most 255^2) does not fit a signed 16-bit lane, but its low
 * 16 bits do, read as v*v - 65536 where v*v >= 32768 (v >= 182); the second dot product sums w
 * over those lanes (the compare's -1), and 65536 times it is added back. Every step is exact
 * modulo 2^32, as the int32 sum of the plain loop is: the same value to the bit. */
_Static_assert(NNUE_HIDDEN % 8 == 0, "the output loop takes 8 hidden units at a time");
static inline int32_t nnue_half_output(const int16_t *restrict acc, const int16_t *restrict w) {
    const v128_t zero = wasm_i16x8_splat(0), qa = wasm_i16x8_splat(NNUE_QA), wrap = wasm_i16x8_splat(181);
    v128_t sum = wasm_i32x4_splat(0), over = sum;
    for (int i = 0; i < NNUE_HIDDEN; i += 8) {
        v128_t v = wasm_i16x8_min(wasm_i16x8_max(wasm_v128_load(acc + i), zero), qa);
        v128_t wi = wasm_v128_load(w + i);
        sum = wasm_i32x4_add(sum, wasm_i32x4_dot_i16x8(wi, wasm_i16x8_mul(v, v)));
        over = wasm_i32x4_add(over, wasm_i32x4_dot_i16x8(wi, wasm_i16x8_gt(v, wrap)));
    }
    sum = wasm_i32x4_sub(sum, wasm_i32x4_shl(over, 16));
    return (int32_t)((uint32_t)wasm_i32x4_extract_lane(sum, 0) + (uint32_t)wasm_i32x4_extract_lane(sum, 1) +
                     (uint32_t)wasm_i32x4_extract_lane(sum, 2) + (uint32_t)wasm_i32x4_extract_lane(sum, 3));
}
#else
static inline int32_t nnue_half_output(const int16_t *restrict acc, const int16_t *restrict w) {
    int32_t sum = 0;
    for (int i = 0; i < NNUE_HIDDEN; i++) {
        int32_t v = acc[i] < 0 ? 0 : acc[i] > NNUE_QA ? NNUE_QA : acc[i];
        sum += (v * w[i]) * v;
    }
    return sum;
}
#endif

/* The value in centipawns of accumulators acc seen by side us, through output layer b. */
static inline int nnue_output(const int16_t *w2, const int32_t *b2, int b, int16_t acc[2][NNUE_HIDDEN], int us) {
    const int16_t *w = w2 + (size_t)b * 2 * NNUE_HIDDEN;
    int32_t sum = nnue_half_output(acc[us], w) + nnue_half_output(acc[us ^ 1], w + NNUE_HIDDEN);
    int64_t out = sum / NNUE_QA + b2[b];
    return (int)(out * NNUE_SCALE / (NNUE_QA * NNUE_QB));
}

/* Chess's inputs (the pieces), as the chess and tether nets read them. */
static inline const int16_t *nnue_row(const NnueNet *net, int persp, int pc, int s) {
    return net->w1 + (size_t)nnue_feature(persp, pc, s) * NNUE_HIDDEN;
}

static inline void nnue_refresh(const NnueNet *net, const Position *p, NnueCache *c) {
    for (int persp = WHITE; persp <= BLACK; persp++) {
        memcpy(c->acc[persp], net->b1, sizeof c->acc[persp]);
        for (Bitboard b = p->byType[0]; b;) {
            int s = pop_lsb(&b);
            nnue_add_row(c->acc[persp], nnue_row(net, persp, p->board[s], s));
        }
    }
    for (int col = WHITE; col <= BLACK; col++)
        for (int pt = PAWN; pt <= KING; pt++)
            c->pieces[col][pt] = pos_pieces(p, col, pt);
    c->valid = true;
}

/* Moves c's accumulators to p's pieces; false (c untouched) when summing afresh is cheaper. */
static inline bool nnue_update(const NnueNet *net, const Position *p, NnueCache *c) {
    int changes = 0;
    for (int col = WHITE; col <= BLACK; col++)
        for (int pt = PAWN; pt <= KING; pt++)
            changes += popcount(c->pieces[col][pt] ^ pos_pieces(p, col, pt));
    if (changes >= popcount(p->byType[0]))
        return false;
    for (int col = WHITE; col <= BLACK; col++)
        for (int pt = PAWN; pt <= KING; pt++) {
            Bitboard now = pos_pieces(p, col, pt), was = c->pieces[col][pt];
            int pc = make_piece(col, pt);
            for (Bitboard gone = was & ~now; gone;) {
                int s = pop_lsb(&gone);
                nnue_sub_feature(c->acc, nnue_row(net, WHITE, pc, s), nnue_row(net, BLACK, pc, s));
            }
            for (Bitboard added = now & ~was; added;) {
                int s = pop_lsb(&added);
                nnue_add_feature(c->acc, nnue_row(net, WHITE, pc, s), nnue_row(net, BLACK, pc, s));
            }
            c->pieces[col][pt] = now;
        }
    return true;
}

/* A chess-shaped net's value of p in centipawns from the side to move's view (nnue.h). */
static inline int nnue_evaluate_pieces(const NnueNet *net, const Position *p, NnueCache *c) {
    NnueCache local;
    if (!c) {
        c = &local;
        nnue_refresh(net, p, c);
    } else if (!c->valid || !nnue_update(net, p, c))
        nnue_refresh(net, p, c);
    return nnue_output(net->w2, net->b2, nnue_bucket(popcount(p->byType[0])), c->acc, pos_turn(p));
}

#endif
