/* Lock-free transposition table: 4 entries per 64-byte bucket, replacement by depth and age. */
#include "tt.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

typedef struct {
    _Atomic uint64_t keyXorData;
    _Atomic uint64_t data;
} TTEntry;

enum { BUCKET_SIZE = 4, GEN_BITS = 6, GEN_MASK = (1 << GEN_BITS) - 1, DEPTH_OFFSET = 8 };

struct TTBucket {
    TTEntry e[BUCKET_SIZE];
};

/* data: move 0-15, score 16-31, eval 32-47, depth+DEPTH_OFFSET 48-55, bound+1 56-57, gen 58-63 */
static inline uint64_t pack(Move m, int score, int eval, int depth, int bound, unsigned generation) {
    return (uint64_t)m | (uint64_t)(uint16_t)score << 16 | (uint64_t)(uint16_t)eval << 32 |
           (uint64_t)(uint8_t)(depth + DEPTH_OFFSET) << 48 | (uint64_t)(bound + 1) << 56 |
           (uint64_t)generation << 58;
}
static inline int data_depth(uint64_t d) { return (int)((d >> 48) & 0xFF) - DEPTH_OFFSET; }
static inline unsigned data_gen(uint64_t d) { return (unsigned)(d >> 58); }
static inline int data_age(const TT *tt, uint64_t d) { return (int)((tt->generation - data_gen(d)) & GEN_MASK); }

/* The bucket: the high half of key * nbuckets. WebAssembly has no 64x64->128 multiply (an
 * __int128 product is a call to the compiler's __multi3 there); with a 32-bit size_t,
 * nbuckets < 2^32 and two 64-bit products give the same high half exactly. */
static inline TTBucket *bucket_of(const TT *tt, Key key) {
#if SIZE_MAX <= UINT32_MAX
    uint64_t n = tt->nbuckets;
    return &tt->table[(size_t)(((key >> 32) * n + (((key & 0xFFFFFFFFu) * n) >> 32)) >> 32)];
#else
    return &tt->table[(size_t)(((unsigned __int128)key * tt->nbuckets) >> 64)];
#endif
}

/* Zeroed memory of bytes bytes, its pages touched only when the search writes them (a new
 * engine, or a session that sets Hash, starts at once instead of clearing the whole table). On
 * Linux a table of 2 MiB or more is mapped on 2 MiB boundaries and asked for huge pages
 * (MADV_HUGEPAGE: transparent huge pages are often given on request only): a probe then misses
 * the TLB far less often, as Stockfish's large-page table does. Elsewhere calloc. */
enum { HUGE_PAGE = 2 * 1024 * 1024 };
/* The length of the mapping a table of `bytes` gets, 0 when it is calloc'd: what is unmapped
 * follows from the table's size, so it is not kept. */
#if defined(__linux__) && defined(MADV_HUGEPAGE)
static size_t mapping_len(size_t bytes) { return bytes >= HUGE_PAGE ? bytes + HUGE_PAGE : 0; }
#endif

static void *table_alloc(size_t bytes, void **table) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    size_t len = mapping_len(bytes);
    if (len) {
        void *mem = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (mem == MAP_FAILED)
            return NULL;
        *table = (void *)(((uintptr_t)mem + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
        madvise(*table, bytes, MADV_HUGEPAGE); /* a hint: refused, the table still works */
        return mem;
    }
#endif
    void *mem = calloc(bytes + 63, 1);
    *table = (void *)(((uintptr_t)mem + 63) & ~(uintptr_t)63);
    return mem;
}

/* Frees tt's table (mem, of nbuckets buckets). */
static void table_free(TT *tt) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    size_t len = mapping_len(tt->nbuckets * sizeof(TTBucket));
    if (len && tt->mem) {
        munmap(tt->mem, len);
        return;
    }
#endif
    free(tt->mem);
}

static bool resize_buckets(TT *tt, size_t n) {
    if (n == tt->nbuckets && tt->table)
        return true;
    void *table, *mem = table_alloc(n * sizeof(TTBucket), &table);
    if (!mem)
        return false;
    table_free(tt);
    tt->mem = mem;
    tt->table = table;
    tt->nbuckets = n;
    tt->generation = 0;
    atomic_store_explicit(&tt->written, false, memory_order_relaxed);
    return true;
}

bool tt_resize(TT *tt, size_t mib) {
    return resize_buckets(tt, (mib < 1 ? 1 : mib) * 1024 * 1024 / sizeof(TTBucket));
}

bool tt_make_stub(TT *tt) { return resize_buckets(tt, 1); }

bool tt_is_stub(const TT *tt) { return tt->nbuckets <= 1; }

void tt_free(TT *tt) {
    table_free(tt);
    tt->mem = NULL;
    tt->table = NULL;
    tt->nbuckets = 0;
}

void tt_clear(TT *tt) {
    if (tt->table && atomic_load_explicit(&tt->written, memory_order_relaxed))
        memset(tt->table, 0, tt->nbuckets * sizeof(TTBucket));
    atomic_store_explicit(&tt->written, false, memory_order_relaxed);
    tt->generation = 0;
}

void tt_new_search(TT *tt) { tt->generation = (tt->generation + 1) & GEN_MASK; }

void tt_prefetch(const TT *tt, Key key) {
    if (tt->table)
        __builtin_prefetch(bucket_of(tt, key));
}

bool tt_probe(const TT *tt, Key key, TTData *out) {
    TTBucket *b = bucket_of(tt, key);
    for (int i = 0; i < BUCKET_SIZE; i++) {
        uint64_t d = atomic_load_explicit(&b->e[i].data, memory_order_relaxed);
        uint64_t kx = atomic_load_explicit(&b->e[i].keyXorData, memory_order_relaxed);
        if ((kx ^ d) != key || !d)
            continue;
        out->move = (Move)(d & 0xFFFF);
        out->score = (int16_t)(d >> 16);
        out->eval = (int16_t)(d >> 32);
        out->depth = data_depth(d);
        out->bound = (int)((d >> 56) & 3) - 1;
        return true;
    }
    return false;
}

void tt_store(TT *tt, Key key, Move move, int score, int eval, int depth, int bound) {
    TTBucket *b = bucket_of(tt, key);
    TTEntry *victim = NULL;
    int worst = 1 << 30;
    for (int i = 0; i < BUCKET_SIZE; i++) {
        TTEntry *e = &b->e[i];
        uint64_t d = atomic_load_explicit(&e->data, memory_order_relaxed);
        uint64_t kx = atomic_load_explicit(&e->keyXorData, memory_order_relaxed);
        if (d && (kx ^ d) == key) {
            /* Same position: keep a deeper entry of this search unless the new one is exact. */
            if (bound != 0 && depth + 2 < data_depth(d) && data_age(tt, d) == 0)
                return;
            if (!move)
                move = (Move)(d & 0xFFFF);
            victim = e;
            break;
        }
        int value = d ? data_depth(d) - 4 * data_age(tt, d) : -(1 << 20);
        if (value < worst) {
            worst = value;
            victim = e;
        }
    }
    uint64_t d = pack(move, score, eval, depth, bound, tt->generation);
    if (!atomic_load_explicit(&tt->written, memory_order_relaxed)) /* the first store since a clear */
        atomic_store_explicit(&tt->written, true, memory_order_relaxed);
    atomic_store_explicit(&victim->data, d, memory_order_relaxed);
    atomic_store_explicit(&victim->keyXorData, key ^ d, memory_order_relaxed);
}

int tt_hashfull(const TT *tt) {
    int used = 0, n = 0;
    for (size_t i = 0; i < tt->nbuckets && n < 1000; i++)
        for (int j = 0; j < BUCKET_SIZE && n < 1000; j++, n++) {
            uint64_t d = atomic_load_explicit(&tt->table[i].e[j].data, memory_order_relaxed);
            used += d && data_age(tt, d) == 0;
        }
    return n ? used * 1000 / n : 0;
}
