/* The inference loops of the networks: chess's (nnue.c) and QEC's and tether's (nnue_links.c).
 * All static inline, so that every net's caller compiles its own copy around its own net: an
 * out-of-line copy shared by two callers cost chess 0.82x its nodes per second (the compiler no
 * longer knows the net). The accumulators move in GCC/Clang vectors of NNUE_CHUNK lanes, which
 * the compiler maps to the machine's vector registers (-march; WebAssembly's v128); the output is
 * a plain loop the compiler widens, in WebAssembly written in its SIMD instructions
 * (nnue_half_output). Included by nnue.c and nnue_links.c only. */
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

/* Before a loop that compares piece sets (popcounts of 64-bit words): clang vectorises it for
 * WebAssembly SIMD, which has no 64-bit popcount, and V8 moves every lane out to a general
 * register and back (perf of the browser engine: the set comparison was 38% of the QEC net's
 * time). Kept scalar there; elsewhere the compiler decides. */
#if defined(__wasm__) && defined(__clang__)
#define NNUE_SCALAR_LOOP _Pragma("clang loop vectorize(disable) interleave(disable)")
#else
#define NNUE_SCALAR_LOOP
#endif

static inline int32_t nnue_le32(const unsigned char *b) {
    return (int32_t)(b[0] | b[1] << 8 | b[2] << 16 | (uint32_t)b[3] << 24);
}

/* Moves one accumulator by the rows gone (subtracted) and the rows added in one pass: a chunk of
 * the accumulator stays in registers while every row passes through it. Row by row in memory,
 * each row's sum waited for the last one's store (perf, QEC at startpos: the accumulator's
 * stores were a third of linknet_evaluate's samples). The lanes are unsigned, so the sums wrap
 * as the int16 ones did: the order of the rows does not change a bit. */
enum { NNUE_CHUNK = 32 }; /* lanes a pass holds: 64 bytes, one AVX-512 register */
_Static_assert(NNUE_HIDDEN % NNUE_CHUNK == 0, "the accumulator passes in whole chunks");
typedef uint16_t NnueLanes __attribute__((vector_size(2 * NNUE_CHUNK)));
static inline void nnue_move_acc(int16_t *restrict acc, const int16_t *const *gone, int ngone,
                                 const int16_t *const *added, int nadded) {
    enum { CHUNKS = NNUE_HIDDEN / NNUE_CHUNK };
    NnueLanes v[CHUNKS], r;
    for (int k = 0; k < CHUNKS; k++)
        memcpy(&v[k], acc + k * NNUE_CHUNK, sizeof r);
    for (int j = 0; j < ngone; j++)
        for (int k = 0; k < CHUNKS; k++) {
            memcpy(&r, gone[j] + k * NNUE_CHUNK, sizeof r);
            v[k] -= r;
        }
    for (int j = 0; j < nadded; j++)
        for (int k = 0; k < CHUNKS; k++) {
            memcpy(&r, added[j] + k * NNUE_CHUNK, sizeof r);
            v[k] += r;
        }
    for (int k = 0; k < CHUNKS; k++)
        memcpy(acc + k * NNUE_CHUNK, &v[k], sizeof r);
}

/* The rows an update moves both perspectives' accumulators by (white: a feature's row seen from
 * White, black: from Black), applied together by nnue_moves_apply; a full list is applied on the
 * spot (a position of more pieces than a game has), so the lists never overflow. */
enum { NNUE_MOVES_MAX = 72 };
typedef struct {
    int16_t (*acc)[NNUE_HIDDEN];
    const int16_t *gone[2][NNUE_MOVES_MAX], *added[2][NNUE_MOVES_MAX];
    int ngone, nadded;
} NnueMoves;

static inline void nnue_moves_start(NnueMoves *m, int16_t (*acc)[NNUE_HIDDEN]) {
    m->acc = acc;
    m->ngone = m->nadded = 0;
}
static inline void nnue_moves_apply(NnueMoves *m) {
    nnue_move_acc(m->acc[WHITE], m->gone[WHITE], m->ngone, m->added[WHITE], m->nadded);
    nnue_move_acc(m->acc[BLACK], m->gone[BLACK], m->ngone, m->added[BLACK], m->nadded);
    m->ngone = m->nadded = 0;
}
static inline void nnue_moves_gone(NnueMoves *m, const int16_t *white, const int16_t *black) {
    if (m->ngone == NNUE_MOVES_MAX)
        nnue_moves_apply(m);
    m->gone[WHITE][m->ngone] = white;
    m->gone[BLACK][m->ngone++] = black;
}
static inline void nnue_moves_added(NnueMoves *m, const int16_t *white, const int16_t *black) {
    if (m->nadded == NNUE_MOVES_MAX)
        nnue_moves_apply(m);
    m->added[WHITE][m->nadded] = white;
    m->added[BLACK][m->nadded++] = black;
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
    memcpy(c->acc[WHITE], net->b1, sizeof c->acc[WHITE]);
    memcpy(c->acc[BLACK], net->b1, sizeof c->acc[BLACK]);
    NnueMoves m; /* no initialiser: it would clear the lists, 2 KB an evaluation */
    nnue_moves_start(&m, c->acc);
    for (Bitboard b = p->byType[0]; b;) {
        int s = pop_lsb(&b);
        nnue_moves_added(&m, nnue_row(net, WHITE, p->board[s], s), nnue_row(net, BLACK, p->board[s], s));
    }
    nnue_moves_apply(&m);
    for (int col = WHITE; col <= BLACK; col++)
        for (int pt = PAWN; pt <= KING; pt++)
            c->pieces[col][pt] = pos_pieces(p, col, pt);
    c->valid = true;
}

/* Moves c's accumulators to p's pieces; false (c untouched) when summing afresh is cheaper.
 * One pass finds the piece sets that differ (most do not), the second visits those only. */
static inline bool nnue_update(const NnueNet *net, const Position *p, NnueCache *c) {
    Bitboard now[2 * 6], was[2 * 6];
    int changes = 0;
    unsigned differ = 0;
    NNUE_SCALAR_LOOP
    for (int i = 0; i < 2 * 6; i++) {
        now[i] = pos_pieces(p, i / 6, PAWN + i % 6), was[i] = c->pieces[i / 6][PAWN + i % 6];
        changes += popcount(was[i] ^ now[i]);
        differ |= (unsigned)(was[i] != now[i]) << i;
    }
    if (changes >= popcount(p->byType[0]))
        return false;
    NnueMoves m; /* no initialiser: it would clear the lists, 1 KB an evaluation */
    nnue_moves_start(&m, c->acc);
    while (differ) {
        int i = __builtin_ctz(differ), pc = make_piece(i / 6, PAWN + i % 6);
        differ &= differ - 1;
        for (Bitboard gone = was[i] & ~now[i]; gone;) {
            int s = pop_lsb(&gone);
            nnue_moves_gone(&m, nnue_row(net, WHITE, pc, s), nnue_row(net, BLACK, pc, s));
        }
        for (Bitboard added = now[i] & ~was[i]; added;) {
            int s = pop_lsb(&added);
            nnue_moves_added(&m, nnue_row(net, WHITE, pc, s), nnue_row(net, BLACK, pc, s));
        }
        c->pieces[i / 6][PAWN + i % 6] = now[i];
    }
    nnue_moves_apply(&m);
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
