/* libFuzzer target for the book loader: any bytes are either a valid book (which must then
 * answer probes and choices without harm) or refused with a message. */
#include <stdlib.h>
#include <string.h>

#include "../../book/book.h"

static Position P;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    char err[256];
    (void)argc;
    (void)argv;
    engine_init();
    pos_set_fen(&P, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", VARIANT_QEC, err, sizeof err);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char err[256];
    Book b;
    book_init(&b);
    if (!book_load_buffer(&b, data, size, err, sizeof err)) {
        if (!err[0])
            abort();
        return 0;
    }
    BookEntry out[8];
    for (size_t i = 0; i < b.n && i < 16; i++)
        book_probe(&b, b.entries[i].key, out, 8);
    book_choose(&b, &P, size);
    book_free(&b);
    return 0;
}
