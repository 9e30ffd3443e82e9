/* Bitboard helpers and attack tables (magic bitboards for sliders). Read-only after
 * bb_init(), which is idempotent and thread-safe. */
#ifndef QEC_BITBOARD_H
#define QEC_BITBOARD_H

#include "types.h"

#ifdef __BMI2__
#include <immintrin.h>
/* BMI2: index the attack tables with PEXT, so no magic search at start-up. */
#define SLIDER_INDEX(m, occ) _pext_u64((occ), (m)->mask)
#else
#define SLIDER_INDEX(m, occ) ((((occ) & (m)->mask) * (m)->magic) >> (m)->shift)
#endif

#define FILE_A_BB 0x0101010101010101ULL
#define DARK_SQUARES_BB 0xAA55AA55AA55AA55ULL /* a1, c1, …: the squares of a1's colour */
#define RANK_1_BB 0xFFULL

extern Bitboard BB_PAWN_ATTACKS[2][64];
extern Bitboard BB_KNIGHT[64];
extern Bitboard BB_KING[64];
extern Bitboard BB_BETWEEN[64][64]; /* squares strictly between, empty if not aligned */
extern Bitboard BB_LINE[64][64];    /* the whole line through both, empty if not aligned */
/* Pawn structure (the evaluations ask these for every pawn of every position): */
extern Bitboard BB_ADJACENT_FILES[8];  /* the files beside f */
extern Bitboard BB_FORWARD_FILE[2][64]; /* [colour][s]: the squares in front of s on its file */
extern Bitboard BB_FRONT_SPAN[2][64];   /* ... on its file and the files beside it */

typedef struct {
    Bitboard mask;
    Bitboard magic;
    Bitboard *attacks;
    unsigned shift;
} Magic;
extern Magic BB_ROOK_MAGIC[64];
extern Magic BB_BISHOP_MAGIC[64];

void bb_init(void);
/* The magics' search (bitboard.c): the k of the first fitting candidate from `from` on for square
 * s (rooks, or bishops), and the table of those k from 0 that start-up begins with. */
uint32_t bb_magic_seed(int s, bool bishop, uint32_t from);
extern const uint32_t BB_MAGIC_SEEDS[2][64];

static inline Bitboard sq_bb(int s) { return 1ULL << s; }
static inline int popcount(Bitboard b) { return __builtin_popcountll(b); }
static inline int lsb(Bitboard b) { return __builtin_ctzll(b); }
static inline int pop_lsb(Bitboard *b) { int s = lsb(*b); *b &= *b - 1; return s; }
static inline int msb(Bitboard b) { return 63 - __builtin_clzll(b); }
static inline bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }
static inline Bitboard rank_bb(int r) { return RANK_1_BB << (8 * r); }
static inline Bitboard file_bb(int f) { return FILE_A_BB << f; }

static inline Bitboard rook_attacks(int s, Bitboard occ) {
    const Magic *m = &BB_ROOK_MAGIC[s];
    return m->attacks[SLIDER_INDEX(m, occ)];
}
static inline Bitboard bishop_attacks(int s, Bitboard occ) {
    const Magic *m = &BB_BISHOP_MAGIC[s];
    return m->attacks[SLIDER_INDEX(m, occ)];
}
static inline Bitboard queen_attacks(int s, Bitboard occ) { return rook_attacks(s, occ) | bishop_attacks(s, occ); }

static inline Bitboard piece_attacks(int pt, int s, Bitboard occ) {
    switch (pt) {
    case KNIGHT: return BB_KNIGHT[s];
    case BISHOP: return bishop_attacks(s, occ);
    case ROOK: return rook_attacks(s, occ);
    case QUEEN: return queen_attacks(s, occ);
    case KING: return BB_KING[s];
    default: return 0;
    }
}

static inline Bitboard shift_up(Bitboard b, int c) { return c == WHITE ? b << 8 : b >> 8; }
static inline Bitboard pawn_attacks_bb(Bitboard b, int c) {
    const Bitboard notA = ~FILE_A_BB, notH = ~(FILE_A_BB << 7);
    return c == WHITE ? ((b & notA) << 7) | ((b & notH) << 9) : ((b & notA) >> 9) | ((b & notH) >> 7);
}
static inline bool aligned(int a, int b, int c) { return (BB_LINE[a][b] & sq_bb(c)) != 0; }

#endif
