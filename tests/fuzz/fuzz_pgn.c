/* libFuzzer target for the game-record reader (match/pgn.h), which the runner and the book
 * builder feed with files from outside: every input must read as games or clean errors, and
 * every game read must replay through engine/ or be rejected with a message (schroedinger
 * records on their worlds, pgn_replay_hsc). */
#include <stdio.h>
#include <stdlib.h>

#include "../../match/pgn.h"
#include "../../match/variant.h"

static Position P;
static HscPos H;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    engine_init();
    if (!hsc_pos_init(&H))
        abort();
    return 0;
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
        bool ok = match_variant_worlds(g.variant) ? pgn_replay_hsc(&g, &H, err, sizeof err)
                                                  : pgn_replay(&g, &P, err, sizeof err);
        if (!ok && !err[0])
            abort();
    }
    pgn_free(&g);
    fclose(f);
    return 0;
}
