/* The book file (docs/gui/book-format.md; the options in docs/gui/protocol.md, "The book's
 * options"): loading with full validation, probing, the weighted choice. */
#include "book.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <xxhash.h>

#include "../engine/links.h"
#include "../variants/variants.h"
#include "../io/file.h"
#include "book_internal.h"

#define BOOK_FAIL(...)                                                                                          \
    do {                                                                                                        \
        snprintf(err, errlen, __VA_ARGS__);                                                                     \
        goto fail;                                                                                              \
    } while (0)

void book_init(Book *b) { memset(b, 0, sizeof *b); }

void book_free(Book *b) {
    free(b->entries);
    book_init(b);
}

/* ---- encoding ---- */

void book_header_encode(const BookHeader *h, unsigned char out[BOOK_HEADER_SIZE]) {
    memcpy(out, BOOK_MAGIC, 8);
    le_put(out + 8, h->version, 4);
    le_put(out + 12, h->entrySize, 4);
    le_put(out + 16, h->count, 8);
    le_put(out + 24, h->fingerprint, 8);
    le_put(out + 32, h->games, 4);
    le_put(out + 36, h->maxTurns, 4);
    le_put(out + 40, h->checksum, 8);
}

static void header_decode(const unsigned char in[BOOK_HEADER_SIZE], BookHeader *h) {
    h->version = (uint32_t)le_get(in + 8, 4);
    h->entrySize = (uint32_t)le_get(in + 12, 4);
    h->count = le_get(in + 16, 8);
    h->fingerprint = le_get(in + 24, 8);
    h->games = (uint32_t)le_get(in + 32, 4);
    h->maxTurns = (uint32_t)le_get(in + 36, 4);
    h->checksum = le_get(in + 40, 8);
}

void book_entry_encode(const BookEntry *e, unsigned char out[BOOK_ENTRY_SIZE]) {
    le_put(out, e->key, 8);
    le_put(out + 8, e->move, 2);
    le_put(out + 10, e->weight, 2);
    le_put(out + 12, e->wins, 4);
    le_put(out + 16, e->draws, 4);
    le_put(out + 20, e->losses, 4);
}

void book_entry_decode(const unsigned char in[BOOK_ENTRY_SIZE], BookEntry *e) {
    e->key = le_get(in, 8);
    e->move = (BookMove)le_get(in + 8, 2);
    e->weight = (uint16_t)le_get(in + 10, 2);
    e->wins = (uint32_t)le_get(in + 12, 4);
    e->draws = (uint32_t)le_get(in + 16, 4);
    e->losses = (uint32_t)le_get(in + 20, 4);
}

int book_entry_cmp(const BookEntry *a, const BookEntry *b) {
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    return (a->move > b->move) - (a->move < b->move);
}

bool book_move_valid(BookMove bm) {
    int from = bm & 63, to = (bm >> 6) & 63, promo = bm >> 12;
    return from != to && promo <= 4;
}

BookMove book_move_encode(Move m) {
    int promo = move_is_promo(m) ? move_promo_type(m) - KNIGHT + 1 : 0;
    return (BookMove)(move_from(m) | move_to(m) << 6 | promo << 12);
}

void book_move_str(BookMove bm, char buf[6]) {
    int from = bm & 63, to = (bm >> 6) & 63, promo = bm >> 12;
    buf[0] = (char)('a' + sq_file(from));
    buf[1] = (char)('1' + sq_rank(from));
    buf[2] = (char)('a' + sq_file(to));
    buf[3] = (char)('1' + sq_rank(to));
    buf[4] = promo >= 1 && promo <= 4 ? " nbrq"[promo] : 0;
    buf[5] = 0;
}

Move book_decision(const Position *p, BookMove bm) {
    Move list[MAX_MOVES];
    int n = pos_legal_decisions(p, list);
    for (int i = 0; i < n; i++)
        if (book_move_encode(list[i]) == bm)
            return list[i];
    return MOVE_NONE;
}

int book_turn(const Position *p) {
    const StateInfo *s = pos_state(p);
    int full = s->fullmove > 0 ? s->fullmove : 1;
    return 2 * (full - 1) + (s->stm == BLACK);
}

/* The start position under the default map (R1.4), and the forced reply after e2e3 e7e5
 * (docs/gui/protocol.md, "The unit of play"), so the piece, castling, link and phase keys all take part. */
uint64_t book_key_fingerprint(void) {
    Position *p = malloc(sizeof *p);
    if (!p)
        return 0;
    EntMap map;
    char err[128];
    uint64_t fp = 0;
    entmap_default(&map);
    const Variant *v = variant_default(); /* a row with links: every key part takes part */
    if (pos_set_fen(p, v->startFen, variant_rules_id(v), err, sizeof err) &&
        entmap_apply(&map, p, err, sizeof err)) {
        fp = pos_key(p);
        static const char *const LINE[] = {"e2e3", "e7e5"};
        for (int i = 0; i < 2; i++) {
            Move m = pos_parse_decision(p, LINE[i]);
            if (m == MOVE_NONE)
                break;
            pos_do(p, m);
        }
        fp ^= pos_key(p) * 0x9E3779B97F4A7C15ULL;
    }
    free(p);
    return fp;
}

/* ---- loading ---- */

static bool read_entries(FILE *f, uint64_t count, XXH64_state_t *xs, BookEntry *out, char *err, size_t errlen) {
    enum { CHUNK = 4096 };
    const size_t CHUNK_BYTES = (size_t)CHUNK * BOOK_ENTRY_SIZE;
    unsigned char *buf = malloc(CHUNK_BYTES);
    if (!buf) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    bool ok = true;
    for (uint64_t done = 0; ok && done < count;) {
        size_t k = count - done < CHUNK ? (size_t)(count - done) : CHUNK;
        if (fread(buf, BOOK_ENTRY_SIZE, k, f) != k) {
            snprintf(err, errlen, "read error after %llu entries", (unsigned long long)done);
            ok = false;
            break;
        }
        XXH64_update(xs, buf, k * BOOK_ENTRY_SIZE);
        for (size_t i = 0; i < k; i++)
            book_entry_decode(buf + i * BOOK_ENTRY_SIZE, &out[done + i]);
        done += k;
    }
    free(buf);
    return ok;
}

/* Order and decision encoding of every entry (the checksum only proves the bytes are the
 * builder's, this proves binary search and book_decision can trust them). */
static bool check_entries(const BookEntry *e, size_t n, char *err, size_t errlen) {
    for (size_t i = 0; i < n; i++) {
        if (!book_move_valid(e[i].move)) {
            snprintf(err, errlen, "entry %zu holds no valid decision (0x%04x)", i, e[i].move);
            return false;
        }
        if (i && book_entry_cmp(&e[i - 1], &e[i]) >= 0) {
            snprintf(err, errlen, "entry %zu is out of order (entries must be sorted by key, then move)", i);
            return false;
        }
    }
    return true;
}

/* Everything after opening: f holds `size` bytes, named `path` in messages. */
static bool load_stream(Book *b, FILE *f, uint64_t size, const char *path, char *err, size_t errlen) {
    char why[160];
    BookEntry *entries = NULL;
    XXH64_state_t *xs = NULL;
    if (size == 0)
        BOOK_FAIL("book '%s' is empty", path);
    unsigned char hb[BOOK_HEADER_SIZE];
    if (size < BOOK_HEADER_SIZE || fread(hb, 1, sizeof hb, f) != sizeof hb)
        BOOK_FAIL("book '%s' is truncated: %llu bytes, shorter than its %d-byte header", path,
                  (unsigned long long)size, BOOK_HEADER_SIZE);
    if (memcmp(hb, BOOK_MAGIC, 8) != 0)
        BOOK_FAIL("'%s' is not a qec book (bad magic)", path);
    BookHeader h;
    header_decode(hb, &h);
    if (h.version != BOOK_VERSION)
        BOOK_FAIL("book '%s' has format version %u, this qec reads version %d", path, h.version, BOOK_VERSION);
    if (h.entrySize != BOOK_ENTRY_SIZE)
        BOOK_FAIL("book '%s' is corrupt: entry size %u, expected %d", path, h.entrySize, BOOK_ENTRY_SIZE);
    uint64_t room = (size - BOOK_HEADER_SIZE) / BOOK_ENTRY_SIZE;
    if (h.count > room)
        BOOK_FAIL("book '%s' is truncated: the header announces %llu entries, the file holds %llu", path,
                  (unsigned long long)h.count, (unsigned long long)room);
    if (size != BOOK_HEADER_SIZE + h.count * BOOK_ENTRY_SIZE)
        BOOK_FAIL("book '%s' is corrupt: %llu bytes, %llu expected for %llu entries", path, (unsigned long long)size,
                  (unsigned long long)(BOOK_HEADER_SIZE + h.count * BOOK_ENTRY_SIZE), (unsigned long long)h.count);
    if (h.fingerprint != book_key_fingerprint())
        BOOK_FAIL("book '%s' was built with other position keys (another qec version): rebuild it", path);
    if (h.count > SIZE_MAX / sizeof(BookEntry))
        BOOK_FAIL("book '%s' is too large", path);
    entries = malloc((size_t)(h.count ? h.count : 1) * sizeof *entries);
    xs = XXH64_createState();
    if (!entries || !xs)
        BOOK_FAIL("book '%s': out of memory for %llu entries", path, (unsigned long long)h.count);
    XXH64_reset(xs, 0);
    XXH64_update(xs, hb, BOOK_CHECKSUM_OFFSET);
    if (!read_entries(f, h.count, xs, entries, why, sizeof why))
        BOOK_FAIL("book '%s': %s", path, why);
    if (XXH64_digest(xs) != h.checksum)
        BOOK_FAIL("book '%s' is corrupt: checksum mismatch", path);
    if (!check_entries(entries, (size_t)h.count, why, sizeof why))
        BOOK_FAIL("book '%s' is corrupt: %s", path, why);
    XXH64_freeState(xs);
    book_free(b);
    b->entries = entries;
    b->n = (size_t)h.count;
    b->games = h.games;
    b->maxTurns = h.maxTurns;
    return true;
fail:
    XXH64_freeState(xs);
    free(entries);
    return false;
}

bool book_load(Book *b, const char *path, char *err, size_t errlen) {
    uint64_t size;
    IoError why;
    FILE *f = io_open_regular(path, &size, &why); /* a FIFO or a device is refused, not waited on */
    if (!f) {
        if (why.status == IO_NOT_REGULAR)
            snprintf(err, errlen, "book '%s' is not a regular file", path);
        else
            snprintf(err, errlen, "cannot open book '%s': %s", path, strerror(why.errnum));
        return false;
    }
    bool ok = load_stream(b, f, size, path, err, errlen);
    fclose(f);
    return ok;
}

bool book_load_buffer(Book *b, const void *data, size_t size, char *err, size_t errlen) {
    if (size == 0)
        return load_stream(b, NULL, 0, "(memory)", err, errlen);
    FILE *f = fmemopen((void *)data, size, "rb");
    if (!f) {
        snprintf(err, errlen, "book (memory): %s", strerror(errno));
        return false;
    }
    bool ok = load_stream(b, f, size, "(memory)", err, errlen);
    fclose(f);
    return ok;
}

/* ---- probing ---- */

/* First entry with this key (or n). */
static size_t lower_bound(const Book *b, Key key) {
    size_t lo = 0, hi = b->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (b->entries[mid].key < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

int book_count(const Book *b, Key key) {
    size_t i = lower_bound(b, key), j = i;
    while (j < b->n && b->entries[j].key == key)
        j++;
    return (int)(j - i);
}

int book_probe(const Book *b, Key key, BookEntry *out, int max) {
    int n = 0;
    for (size_t i = lower_bound(b, key); i < b->n && b->entries[i].key == key && n < max; i++) {
        /* Insertion by weight, stable: ties keep file order. */
        int j = n++;
        while (j > 0 && out[j - 1].weight < b->entries[i].weight) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = b->entries[i];
    }
    return n;
}

static uint64_t splitmix64(uint64_t x) {
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

Key book_key(const Position *p) { return pos_variant_key(p); }

Move book_choose(const Book *b, const Position *p, uint64_t seed) {
    Key key = book_key(p);
    size_t first = lower_bound(b, key), last = first;
    while (last < b->n && b->entries[last].key == key)
        last++;
    if (first == last)
        return MOVE_NONE;
    GameEnd end;
    if (pos_phase(p) == PHASE_BASE && pos_game_end(p, &end))
        return MOVE_NONE;
    Move list[MAX_MOVES];
    int n = pos_legal_decisions(p, list);
    /* Legal candidates with their weights; a key collision or a stale book only ever
     * offers decisions that are not legal here, and those are skipped. */
    Move cand[MAX_MOVES];
    uint32_t w[MAX_MOVES];
    int nc = 0;
    uint64_t total = 0;
    for (size_t i = first; i < last && nc < MAX_MOVES; i++) {
        if (!b->entries[i].weight)
            continue;
        for (int k = 0; k < n; k++)
            if (book_move_encode(list[k]) == b->entries[i].move) {
                cand[nc] = list[k];
                w[nc++] = b->entries[i].weight;
                total += b->entries[i].weight;
                break;
            }
    }
    if (!total)
        return MOVE_NONE;
    uint64_t r = splitmix64(seed ^ splitmix64(key)) % total;
    for (int i = 0; i < nc; i++) {
        if (r < w[i])
            return cand[i];
        r -= w[i];
    }
    return cand[nc - 1];
}
