/* The classical-chess network (UCI_Variant chess): an efficiently updatable neural network in
 * the shape every modern engine starts with (Stockfish's NNUE, as trained by bullet):
 *
 *   768 inputs (colour x piece type x square, seen from each side) -> NNUE_HIDDEN per side
 *   -> squared clipped ReLU of [side to move, other side] -> one output, one of NNUE_BUCKETS
 *   output layers chosen by the number of pieces on the board.
 *
 * It was trained by tools/nnue_train.c on positions of stockfish's self-play scored by
 * stockfish (bench/nnue_data.py); docs/dev/chess-network.md. The net file is compiled
 * into the binary (eval/chess.nnue). A thread keeps the accumulators of the last position it
 * evaluated (NnueCache) and moves them to the next position by the pieces that differ, so most
 * evaluations cost a few rows of additions instead of 32. */
#ifndef QEC_NNUE_H
#define QEC_NNUE_H

#include "../engine/position.h"

/* The hidden layer's width (a build of another width reads only nets of that width: trainer
 * experiments, make BUILD=build/h256 OPT="-O3 -march=native -DQEC_NNUE_HIDDEN=256"). */
#ifndef QEC_NNUE_HIDDEN
#define QEC_NNUE_HIDDEN 128
#endif

enum {
    NNUE_INPUTS = 768,
    NNUE_HIDDEN = QEC_NNUE_HIDDEN,
    NNUE_BUCKETS = 8,
    NNUE_QA = 255,   /* hidden weights and biases are stored x QA */
    NNUE_QB = 64,    /* output weights x QB */
    NNUE_SCALE = 400 /* the output, x SCALE, is stockfish's centipawns */
};

/* The input of piece pc on square s seen from side `persp`: its own pieces first, ranks
 * mirrored for Black, so the two sides share one weight table. */
static inline int nnue_feature(int persp, int pc, int s) {
    int rel = piece_color(pc) != persp;
    return (rel * 6 + piece_type(pc) - 1) * 64 + (persp == WHITE ? s : s ^ 56);
}
/* The output layer for a board of n pieces (2..32). */
static inline int nnue_bucket(int n) { return (n - 2) / 4 < NNUE_BUCKETS - 1 ? (n - 2) / 4 : NNUE_BUCKETS - 1; }

/* The net file: a 64-byte header ("QECNNUE1", little-endian int32 hidden size and bucket count,
 * zeros), then int16 hidden weights [768][HIDDEN], int16 hidden biases [HIDDEN], int16 output
 * weights [BUCKETS][2 * HIDDEN], int32 output biases [BUCKETS] (x QA x QB). Every array starts
 * 64-byte aligned when the file does, so the net is used where it lies, never copied. */
#define NNUE_MAGIC "QECNNUE1"
enum {
    NNUE_HEADER = 64,
    NNUE_FILE_SIZE = NNUE_HEADER + 2 * (NNUE_INPUTS * NNUE_HIDDEN + NNUE_HIDDEN + NNUE_BUCKETS * 2 * NNUE_HIDDEN) +
                     4 * NNUE_BUCKETS,
    /* where each array starts in the file (chess's net and tether's, eval/nnue_links.c) */
    NNUE_W1_AT = NNUE_HEADER,
    NNUE_B1_AT = NNUE_W1_AT + 2 * NNUE_INPUTS * NNUE_HIDDEN,
    NNUE_W2_AT = NNUE_B1_AT + 2 * NNUE_HIDDEN,
    NNUE_B2_AT = NNUE_W2_AT + 2 * NNUE_BUCKETS * 2 * NNUE_HIDDEN
};

/* A net: views into a net file's arrays. */
typedef struct {
    const int16_t *w1; /* [NNUE_INPUTS][NNUE_HIDDEN] */
    const int16_t *b1; /* [NNUE_HIDDEN] */
    const int16_t *w2; /* [NNUE_BUCKETS][2 * NNUE_HIDDEN] */
    const int32_t *b2; /* [NNUE_BUCKETS] */
} NnueNet;

/* One side's accumulator per perspective, and the pieces they were summed for. */
typedef struct {
    int16_t acc[2][NNUE_HIDDEN]; /* not _Alignas: threads are calloc'd */
    Bitboard pieces[2][7]; /* [colour][piece type] */
    bool valid;
} NnueCache;

/* The net compiled into the binary. */
extern const NnueNet NNUE_EMBEDDED;
/* Views data (len bytes, 64-byte aligned, kept alive by the caller) as a net file; false with the
 * reason in err if it is not one of this build's shape. */
bool nnue_view(const void *data, size_t len, NnueNet *net, char *err, size_t errlen);
/* The embedded file's bytes (tests check that it is a well-formed net file). */
const unsigned char *nnue_embedded_file(size_t *len);
/* The net's value of p in centipawns on stockfish's scale, from the side to move's view. c: a
 * thread's cache for this net, or NULL (every accumulator summed from the pieces). */
int nnue_evaluate(const NnueNet *net, const Position *p, NnueCache *c);

#endif
