/* The classical-chess network's inference (nnue.h): accumulators moved by the pieces that
 * differ from the last position a thread evaluated, then the squared clipped ReLU and one
 * output layer of eight. Plain loops over NNUE_HIDDEN int16 lanes, which the compiler turns into
 * the machine's widest vector instructions (-march). */
#include "nnue.h"

#include <stdio.h>
#include <string.h>

/* The net file, compiled in where it lies (the Makefile makes nnue.o depend on it). A
 * WebAssembly object has no .incbin: that build (make wasm) passes the file's bytes as a C
 * array written by the Makefile, QEC_NNUE_BYTES naming it. */
#ifdef QEC_NNUE_BYTES
_Alignas(64) const unsigned char qec_nnue_file[] = {
#include QEC_NNUE_BYTES
};
#define qec_nnue_file_end (qec_nnue_file + sizeof qec_nnue_file)
#else
__asm__(".section .rodata\n"
        ".balign 64\n"
        ".global qec_nnue_file\n"
        "qec_nnue_file:\n"
        ".incbin \"eval/chess.nnue\"\n"
        ".global qec_nnue_file_end\n"
        "qec_nnue_file_end:\n"
        ".previous\n");
extern const unsigned char qec_nnue_file[], qec_nnue_file_end[];
#endif

enum {
    W1_AT = NNUE_HEADER,
    B1_AT = W1_AT + 2 * NNUE_INPUTS * NNUE_HIDDEN,
    W2_AT = B1_AT + 2 * NNUE_HIDDEN,
    B2_AT = W2_AT + 2 * NNUE_BUCKETS * 2 * NNUE_HIDDEN
};

const NnueNet NNUE_EMBEDDED = {
    .w1 = (const int16_t *)(qec_nnue_file + W1_AT),
    .b1 = (const int16_t *)(qec_nnue_file + B1_AT),
    .w2 = (const int16_t *)(qec_nnue_file + W2_AT),
    .b2 = (const int32_t *)(qec_nnue_file + B2_AT),
};

const unsigned char *nnue_embedded_file(size_t *len) {
    *len = (size_t)(qec_nnue_file_end - qec_nnue_file);
    return qec_nnue_file;
}

static int32_t le32(const unsigned char *b) { return (int32_t)(b[0] | b[1] << 8 | b[2] << 16 | (uint32_t)b[3] << 24); }

bool nnue_view(const void *data, size_t len, NnueNet *net, char *err, size_t errlen) {
    const unsigned char *b = data;
    if (len != NNUE_FILE_SIZE) {
        snprintf(err, errlen, "net file has %zu bytes, this build's net has %d", len, (int)NNUE_FILE_SIZE);
        return false;
    }
    if (memcmp(b, NNUE_MAGIC, 8) != 0 || le32(b + 8) != NNUE_HIDDEN || le32(b + 12) != NNUE_BUCKETS) {
        snprintf(err, errlen, "not a %s net of %d hidden units and %d buckets", NNUE_MAGIC, NNUE_HIDDEN, NNUE_BUCKETS);
        return false;
    }
    if ((uintptr_t)b % 64) {
        snprintf(err, errlen, "net data not 64-byte aligned");
        return false;
    }
    *net = (NnueNet){(const int16_t *)(b + W1_AT), (const int16_t *)(b + B1_AT), (const int16_t *)(b + W2_AT),
                     (const int32_t *)(b + B2_AT)};
    return true;
}

static inline void add_row(int16_t *restrict acc, const int16_t *restrict row) {
    for (int i = 0; i < NNUE_HIDDEN; i++)
        acc[i] = (int16_t)(acc[i] + row[i]);
}
static inline void sub_row(int16_t *restrict acc, const int16_t *restrict row) {
    for (int i = 0; i < NNUE_HIDDEN; i++)
        acc[i] = (int16_t)(acc[i] - row[i]);
}
static inline const int16_t *row(const NnueNet *net, int persp, int pc, int s) {
    return net->w1 + (size_t)nnue_feature(persp, pc, s) * NNUE_HIDDEN;
}

static void refresh(const NnueNet *net, const Position *p, NnueCache *c) {
    for (int persp = WHITE; persp <= BLACK; persp++) {
        memcpy(c->acc[persp], net->b1, sizeof c->acc[persp]);
        for (Bitboard b = p->byType[0]; b;) {
            int s = pop_lsb(&b);
            add_row(c->acc[persp], row(net, persp, p->board[s], s));
        }
    }
    for (int col = WHITE; col <= BLACK; col++)
        for (int pt = PAWN; pt <= KING; pt++)
            c->pieces[col][pt] = pos_pieces(p, col, pt);
    c->valid = true;
}

/* Moves c's accumulators to p's pieces; false (c untouched) when summing afresh is cheaper. */
static bool update(const NnueNet *net, const Position *p, NnueCache *c) {
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
                sub_row(c->acc[WHITE], row(net, WHITE, pc, s));
                sub_row(c->acc[BLACK], row(net, BLACK, pc, s));
            }
            for (Bitboard added = now & ~was; added;) {
                int s = pop_lsb(&added);
                add_row(c->acc[WHITE], row(net, WHITE, pc, s));
                add_row(c->acc[BLACK], row(net, BLACK, pc, s));
            }
            c->pieces[col][pt] = now;
        }
    return true;
}

/* One side's half of the output: sum of w * clamp(acc, 0, QA)^2, with (v * w) taken first so
 * that every product stays within 16 bits' reach of the vector units. */
static inline int32_t half_output(const int16_t *restrict acc, const int16_t *restrict w) {
    int32_t sum = 0;
    for (int i = 0; i < NNUE_HIDDEN; i++) {
        int32_t v = acc[i] < 0 ? 0 : acc[i] > NNUE_QA ? NNUE_QA : acc[i];
        sum += (v * w[i]) * v;
    }
    return sum;
}

int nnue_evaluate(const NnueNet *net, const Position *p, NnueCache *c) {
    NnueCache local;
    if (!c) {
        c = &local;
        refresh(net, p, c);
    } else if (!c->valid || !update(net, p, c))
        refresh(net, p, c);
    int stm = pos_turn(p), b = nnue_bucket(popcount(p->byType[0]));
    const int16_t *w = net->w2 + (size_t)b * 2 * NNUE_HIDDEN;
    int32_t sum = half_output(c->acc[stm], w) + half_output(c->acc[stm ^ 1], w + NNUE_HIDDEN);
    int64_t out = sum / NNUE_QA + net->b2[b];
    return (int)(out * NNUE_SCALE / (NNUE_QA * NNUE_QB));
}
