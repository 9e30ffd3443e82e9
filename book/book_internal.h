/* Shared by the book/ source files only: the on-disk layout (docs/gui/book-format.md). */
#ifndef QEC_BOOK_INTERNAL_H
#define QEC_BOOK_INTERNAL_H

#include <string.h>

#include "book.h"

#define BOOK_MAGIC "QECBOOK\0" /* 8 bytes */

/* Header, little-endian:
 *   0  8  magic "QECBOOK\0"
 *   8  4  version (BOOK_VERSION)
 *  12  4  entry size (BOOK_ENTRY_SIZE)
 *  16  8  entry count
 *  24  8  key fingerprint (book_key_fingerprint: refuses books built with other keys)
 *  32  4  games used by the builder
 *  36  4  the builder's --max-turns
 *  40  8  XXH64 (seed 0) of header bytes 0..39 followed by every entry byte
 * Entry:
 *   0  8  key     8  2  move     10  2  weight     12  4  wins     16  4  draws     20  4  losses */
#define BOOK_CHECKSUM_OFFSET 40

typedef struct {
    uint32_t version, entrySize;
    uint64_t count, fingerprint;
    uint32_t games, maxTurns;
    uint64_t checksum;
} BookHeader;

static inline void le_put(unsigned char *p, uint64_t v, int bytes) {
    for (int i = 0; i < bytes; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}
static inline uint64_t le_get(const unsigned char *p, int bytes) {
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

void book_header_encode(const BookHeader *h, unsigned char out[BOOK_HEADER_SIZE]);
void book_entry_encode(const BookEntry *e, unsigned char out[BOOK_ENTRY_SIZE]);
void book_entry_decode(const unsigned char in[BOOK_ENTRY_SIZE], BookEntry *e);
/* Keys of two fixed positions mixed: changes whenever the key scheme (zobrist.c) does. */
uint64_t book_key_fingerprint(void);
/* (key, move) order of the file. */
int book_entry_cmp(const BookEntry *a, const BookEntry *b);
bool book_move_valid(BookMove bm);

#endif
