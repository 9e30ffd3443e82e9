/* The classical-chess network's inference (nnue.h): accumulators moved by the pieces that
 * differ from the last position a thread evaluated, then the squared clipped ReLU and one
 * output layer of eight. The loops are nnue_sum.h's; here are the net file and its checks. */
#include "nnue.h"
#include "nnue_sum.h"

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

const NnueNet NNUE_EMBEDDED = {
    .w1 = (const int16_t *)(qec_nnue_file + NNUE_W1_AT),
    .b1 = (const int16_t *)(qec_nnue_file + NNUE_B1_AT),
    .w2 = (const int16_t *)(qec_nnue_file + NNUE_W2_AT),
    .b2 = (const int32_t *)(qec_nnue_file + NNUE_B2_AT),
};

const unsigned char *nnue_embedded_file(size_t *len) {
    *len = (size_t)(qec_nnue_file_end - qec_nnue_file);
    return qec_nnue_file;
}

bool nnue_view(const void *data, size_t len, NnueNet *net, char *err, size_t errlen) {
    const unsigned char *b = data;
    if (!nnue_file_fits(b, len, NNUE_FILE_SIZE, "", err, errlen))
        return false;
    if (memcmp(b, NNUE_MAGIC, 8) != 0 || nnue_le32(b + 8) != NNUE_HIDDEN || nnue_le32(b + 12) != NNUE_BUCKETS) {
        snprintf(err, errlen, "not a %s net of %d hidden units and %d buckets", NNUE_MAGIC, NNUE_HIDDEN, NNUE_BUCKETS);
        return false;
    }
    *net = (NnueNet){(const int16_t *)(b + NNUE_W1_AT), (const int16_t *)(b + NNUE_B1_AT),
                     (const int16_t *)(b + NNUE_W2_AT), (const int32_t *)(b + NNUE_B2_AT)};
    return true;
}

int nnue_evaluate(const NnueNet *net, const Position *p, NnueCache *c) { return nnue_evaluate_pieces(net, p, c); }
