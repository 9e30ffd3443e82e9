/* libFuzzer target for the game-record reader (record/record.h) in every variant (the record picks
 * it with its [Variant] tag: QEC, Tether, Schroedinger, none = classical chess), which the
 * runner and the book builder feed with files from outside: every input must read as games or
 * clean errors, and every game read must replay through engine/ or be rejected with a message
 * (every row through pgn_replay_board: schroedinger records on their worlds). A game that replays is written back
 * (pgn_write) and must read again to the same variant, root, result and decisions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../record/record.h"
#include "../../variants/variants.h"

static Position P;
static Board B; /* its Position is P */
static PgnGame again;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    engine_init();
    B.pos = &P;
    pgn_init(&again);
    return 0;
}

static bool same_game(const PgnGame *a, const PgnGame *b) {
    if (a->variant != b->variant || a->ndec != b->ndec || strcmp(a->fen, b->fen) || strcmp(a->result, b->result))
        return false;
    for (int i = 0; i < a->ndec; i++)
        if (strcmp(a->dec[i].tok, b->dec[i].tok) || a->dec[i].phase != b->dec[i].phase)
            return false;
    return true;
}

static void check_write_read(const PgnGame *g) {
    char *text = NULL, err[256];
    size_t len = 0;
    FILE *w = open_memstream(&text, &len);
    if (!w)
        return;
    bool wrote = pgn_write(w, g);
    fclose(w);
    if (wrote) {
        FILE *r = fmemopen(text, len ? len : 1, "r");
        if (!r || pgn_read(r, &again, err, sizeof err) != 1 || !same_game(g, &again)) {
            fprintf(stderr, "written record does not read back (%s):\n%s\n", err, text);
            abort();
        }
        fclose(r);
    }
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char err[256];
    FILE *f = fmemopen((void *)data, size ? size : 1, "r");
    if (!f)
        return 0;
    PgnGame g;
    pgn_init(&g);
    for (int i = 0, r; i < 64 && (r = pgn_read(f, &g, err, sizeof err)) != 0; i++) {
        if (r < 0) {
            if (!err[0])
                abort(); /* a rejection must say why */
            continue;
        }
        err[0] = 0;
        bool ok = pgn_replay_board(&g, &B, err, sizeof err);
        if (!ok && !err[0])
            abort();
        if (ok)
            check_write_read(&g);
    }
    pgn_free(&g);
    fclose(f);
    return 0;
}
