/* Attack tables. With BMI2 the slider tables are indexed by PEXT; without it, magics are
 * found at start-up by a search over seeded candidates, each square starting from the seed of
 * the first candidate that fits (BB_MAGIC_SEEDS), so there are no hand-typed magics, every
 * machine builds the same tables, and the search takes one try per square. */
#include "bitboard.h"

#include <pthread.h>
#include <string.h>

Bitboard BB_PAWN_ATTACKS[2][64];
Bitboard BB_KNIGHT[64];
Bitboard BB_KING[64];
Bitboard BB_ADJACENT_FILES[8];
Bitboard BB_FORWARD_FILE[2][64];
Bitboard BB_FRONT_SPAN[2][64];
Bitboard BB_BETWEEN[64][64];
Bitboard BB_LINE[64][64];
Magic BB_ROOK_MAGIC[64];
Magic BB_BISHOP_MAGIC[64];

static Bitboard rook_table[0x19000];
static Bitboard bishop_table[0x1480];

static const int ROOK_DIRS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int BISHOP_DIRS[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

static Bitboard slide(int s, Bitboard occ, const int dirs[4][2]) {
    Bitboard att = 0;
    for (int d = 0; d < 4; d++) {
        int f = sq_file(s) + dirs[d][0], r = sq_rank(s) + dirs[d][1];
        while (f >= 0 && f < 8 && r >= 0 && r < 8) {
            att |= sq_bb(make_sq(f, r));
            if (occ & sq_bb(make_sq(f, r)))
                break;
            f += dirs[d][0];
            r += dirs[d][1];
        }
    }
    return att;
}

static Bitboard step_targets(int s, const int (*d)[2], int n) {
    Bitboard b = 0;
    for (int i = 0; i < n; i++) {
        int f = sq_file(s) + d[i][0], r = sq_rank(s) + d[i][1];
        if (f >= 0 && f < 8 && r >= 0 && r < 8)
            b |= sq_bb(make_sq(f, r));
    }
    return b;
}

/* A magic candidate: sparse (three draws ANDed, as Stockfish's sparse_rand) and spreading the
 * mask's high bits. Candidate k depends on k alone: xorshift64* seeded with k. */
static Bitboard magic_candidate(uint32_t k, Bitboard mask) {
    uint64_t s = ((uint64_t)k + 1) * 0x9E3779B97F4A7C15ULL; /* never 0, which xorshift keeps */
    for (;;) {
        Bitboard m = 1;
        for (int i = 0; i < 3; i++) {
            s ^= s >> 12;
            s ^= s << 25;
            s ^= s >> 27;
            m = i ? m & s * 2685821657736338717ULL : s * 2685821657736338717ULL;
        }
        if (popcount((m * mask) >> 56) >= 6)
            return m;
    }
}

/* The first candidate from k = `from` on that indexes every subset of the mask with no two
 * different attack sets on one slot; it is written to m, its table filled. Returns its k. */
typedef struct {
    Bitboard occ[4096], ref[4096];
    int epoch[4096]; /* the candidate that last wrote a slot: no clearing between candidates */
} MagicScratch;

static uint32_t find_magic(Magic *m, int size, uint32_t from, MagicScratch *w) {
    for (uint32_t k = from;; k++) {
        m->magic = magic_candidate(k, m->mask);
        int stamp = (int)(k - from) + 1, i = 0;
        for (; i < size; i++) {
            unsigned idx = (unsigned)((w->occ[i] * m->magic) >> m->shift);
            if (w->epoch[idx] != stamp) {
                w->epoch[idx] = stamp;
                m->attacks[idx] = w->ref[i];
            } else if (m->attacks[idx] != w->ref[i])
                break;
        }
        if (i == size)
            return k;
    }
}

/* Square s's mask and its subsets with their attack sets in w; returns the number of subsets. */
static int slider_subsets(Magic *m, int s, const int dirs[4][2], MagicScratch *w) {
    Bitboard edges = ((RANK_1_BB | rank_bb(7)) & ~rank_bb(sq_rank(s))) |
                     ((FILE_A_BB | file_bb(7)) & ~file_bb(sq_file(s)));
    m->mask = slide(s, 0, dirs) & ~edges;
    m->shift = 64 - popcount(m->mask);
    int size = 0;
    Bitboard b = 0;
    do { /* Carry-Rippler: every subset of the mask. */
        w->occ[size] = b;
        w->ref[size++] = slide(s, b, dirs);
        b = (b - m->mask) & m->mask;
    } while (b);
    return size;
}

/* Per square ([0] rooks, [1] bishops), the k of its first fitting candidate (bb_magic_seed from
 * 0; `magic_test --print` writes this table and the perft suite checks it), so start-up
 * tries one candidate per square instead of thousands: 1.7-4.7 s in a browser before. A wrong
 * entry would only cost time: the search goes on from it. */
const uint32_t BB_MAGIC_SEEDS[2][64] = {
#include "magic_seeds.inc"
};

uint32_t bb_magic_seed(int s, bool bishop, uint32_t from) {
    static const int *const DIRS[2] = {&ROOK_DIRS[0][0], &BISHOP_DIRS[0][0]};
    MagicScratch w;
    memset(w.epoch, 0, sizeof w.epoch);
    Bitboard table[4096];
    Magic m = {.attacks = table};
    int size = slider_subsets(&m, s, (const int (*)[2])DIRS[bishop], &w);
    return find_magic(&m, size, from, &w);
}

static void init_magics(Magic *magics, Bitboard *table, const int dirs[4][2], const uint32_t seeds[64]) {
    static MagicScratch w; /* once, under bb_init's pthread_once */
    Bitboard *next = table;
    for (int s = 0; s < 64; s++) {
        Magic *m = &magics[s];
        int size = slider_subsets(m, s, dirs, &w);
        m->attacks = next;
        next += size;
#ifdef __BMI2__
        for (int i = 0; i < size; i++)
            m->attacks[SLIDER_INDEX(m, w.occ[i])] = w.ref[i];
        (void)seeds;
#else
        memset(w.epoch, 0, sizeof w.epoch);
        find_magic(m, size, seeds[s], &w);
#endif
    }
}

static void init_once(void) {
    static const int KN[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int KG[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    static const int PW[2][2] = {{-1, 1}, {1, 1}}, PB[2][2] = {{-1, -1}, {1, -1}};
    for (int s = 0; s < 64; s++) {
        BB_KNIGHT[s] = step_targets(s, KN, 8);
        BB_KING[s] = step_targets(s, KG, 8);
        BB_PAWN_ATTACKS[WHITE][s] = step_targets(s, PW, 2);
        BB_PAWN_ATTACKS[BLACK][s] = step_targets(s, PB, 2);
    }
    for (int f = 0; f < 8; f++)
        BB_ADJACENT_FILES[f] = (f > 0 ? file_bb(f - 1) : 0) | (f < 7 ? file_bb(f + 1) : 0);
    for (int s = 0; s < 64; s++) {
        int r = sq_rank(s);
        Bitboard ahead[2] = {r < 7 ? ~0ULL << (8 * (r + 1)) : 0, (1ULL << (8 * r)) - 1};
        for (int c = WHITE; c <= BLACK; c++) {
            BB_FORWARD_FILE[c][s] = ahead[c] & file_bb(sq_file(s));
            BB_FRONT_SPAN[c][s] = ahead[c] & (file_bb(sq_file(s)) | BB_ADJACENT_FILES[sq_file(s)]);
        }
    }
    init_magics(BB_ROOK_MAGIC, rook_table, ROOK_DIRS, BB_MAGIC_SEEDS[0]);
    init_magics(BB_BISHOP_MAGIC, bishop_table, BISHOP_DIRS, BB_MAGIC_SEEDS[1]);
    for (int a = 0; a < 64; a++)
        for (int b = 0; b < 64; b++) {
            BB_BETWEEN[a][b] = BB_LINE[a][b] = 0;
            if (a == b)
                continue;
            if (bishop_attacks(a, 0) & sq_bb(b)) {
                BB_LINE[a][b] = (bishop_attacks(a, 0) & bishop_attacks(b, 0)) | sq_bb(a) | sq_bb(b);
                BB_BETWEEN[a][b] = bishop_attacks(a, sq_bb(b)) & bishop_attacks(b, sq_bb(a));
            } else if (rook_attacks(a, 0) & sq_bb(b)) {
                BB_LINE[a][b] = (rook_attacks(a, 0) & rook_attacks(b, 0)) | sq_bb(a) | sq_bb(b);
                BB_BETWEEN[a][b] = rook_attacks(a, sq_bb(b)) & rook_attacks(b, sq_bb(a));
            }
        }
}

void bb_init(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, init_once);
}
