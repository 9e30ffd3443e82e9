#include "zobrist.h"

#include <pthread.h>
#include <xxhash.h>

Key Z_PIECE[16][64];
Key Z_CASTLING[16];
Key Z_EP_FILE[8];
Key Z_SIDE;
Key Z_LINK[64][64];
Key Z_PHASE[4][65];
Key Z_COUNTER[POS_MAX_COUNTERS][256];

uint64_t zobrist_hash(uint64_t domain, uint64_t index) {
    uint64_t in[2] = {domain, index};
    return XXH64(in, sizeof in, 0x51EC5EEDULL);
}

enum { D_PIECE = 1, D_CASTLE, D_EP, D_SIDE, D_LINK, D_PHASE, D_COUNTER };

static void init_once(void) {
    for (int pc = 0; pc < 16; pc++)
        for (int s = 0; s < 64; s++)
            Z_PIECE[pc][s] = (pc & 7) && (pc & 7) <= KING ? zobrist_hash(D_PIECE, (uint64_t)pc * 64 + s) : 0;
    /* Castling keys are XORs of one key per right, so a rights change is one XOR pair. */
    Key right[4];
    for (int i = 0; i < 4; i++)
        right[i] = zobrist_hash(D_CASTLE, i);
    for (int cr = 0; cr < 16; cr++) {
        Z_CASTLING[cr] = 0;
        for (int i = 0; i < 4; i++)
            if (cr & (1 << i))
                Z_CASTLING[cr] ^= right[i];
    }
    for (int f = 0; f < 8; f++)
        Z_EP_FILE[f] = zobrist_hash(D_EP, f);
    Z_SIDE = zobrist_hash(D_SIDE, 0);
    for (int p = 0; p < 64; p++)
        for (int o = 0; o < 64; o++)
            Z_LINK[p][o] = zobrist_hash(D_LINK, (uint64_t)p * 64 + o);
    for (int ph = 0; ph < 4; ph++)
        for (int s = 0; s < 65; s++)
            Z_PHASE[ph][s] = ph ? zobrist_hash(D_PHASE, (uint64_t)ph * 65 + s) : 0;
    for (int i = 0; i < POS_MAX_COUNTERS; i++)
        for (int v = 0; v < 256; v++)
            Z_COUNTER[i][v] = v ? zobrist_hash(D_COUNTER, (uint64_t)i * 256 + v) : 0;
}

void zobrist_init(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, init_once);
}
