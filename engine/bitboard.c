/* Attack tables. With BMI2 the slider tables are indexed by PEXT; without it, magics are
 * found at start-up by a fixed-seed search (as Stockfish does; about 0.5 s), so there are
 * no hand-typed numbers and every machine builds the same tables. */
#include "bitboard.h"

#include <pthread.h>

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

static uint64_t rng_next(uint64_t *s) {
    /* xorshift64*: small, fixed, enough to find magics. */
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ULL;
}

static void init_magics(Magic *magics, Bitboard *table, const int dirs[4][2]) {
    static Bitboard occ[4096], ref[4096];
    static int epoch[4096];
    int cur = 0;
    Bitboard *next = table;
    uint64_t seed = 0x9E3779B97F4A7C15ULL;
    for (int s = 0; s < 64; s++) {
        Magic *m = &magics[s];
        Bitboard edges = ((RANK_1_BB | rank_bb(7)) & ~rank_bb(sq_rank(s))) |
                         ((FILE_A_BB | file_bb(7)) & ~file_bb(sq_file(s)));
        m->mask = slide(s, 0, dirs) & ~edges;
        m->shift = 64 - popcount(m->mask);
        m->attacks = next;
        int size = 0;
        Bitboard b = 0;
        do { /* Carry-Rippler: every subset of the mask. */
            occ[size] = b;
            ref[size++] = slide(s, b, dirs);
            b = (b - m->mask) & m->mask;
        } while (b);
#ifdef __BMI2__
        for (int i = 0; i < size; i++)
            m->attacks[SLIDER_INDEX(m, occ[i])] = ref[i];
        (void)cur;
        (void)seed;
        (void)epoch;
        next += size;
        continue;
#endif
        for (int i = 0; i < size;) {
            do
                m->magic = rng_next(&seed) & rng_next(&seed) & rng_next(&seed);
            while (popcount((m->magic * m->mask) >> 56) < 6);
            cur++;
            for (i = 0; i < size; i++) {
                unsigned idx = (unsigned)((occ[i] * m->magic) >> m->shift);
                if (epoch[idx] < cur) {
                    epoch[idx] = cur;
                    m->attacks[idx] = ref[i];
                } else if (m->attacks[idx] != ref[i])
                    break;
            }
        }
        next += size;
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
    init_magics(BB_ROOK_MAGIC, rook_table, ROOK_DIRS);
    init_magics(BB_BISHOP_MAGIC, bishop_table, BISHOP_DIRS);
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
