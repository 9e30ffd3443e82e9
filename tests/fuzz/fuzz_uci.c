/* libFuzzer target for the UCI command executor: the input is a whole session (lines split
 * on '\n', any bytes, any length), run through the same reader and dispatcher as stdin.
 * The session runs in fuzz mode (uci/uci.h): `go` is a synchronous depth-1 search, options
 * are checked but not forwarded, files are not read, bench/selfplay only parse their
 * arguments, `go perft` stops at depth 2. Output goes to /dev/null; the checks are the
 * sanitizers, no hang, and a position that still passes pos_verify at the end. */
#include <stdio.h>
#include <stdlib.h>

#include "../../uci/internal.h"

static FILE *sink;

/* Before libFuzzer's per-input timer: the magic tables take a while under instrumentation. */
int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    engine_init();
    search_init();
    sink = fopen("/dev/null", "w");
    if (!sink)
        abort();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char err[256];
    if (!size)
        return 0;
    FILE *in = fmemopen((void *)data, size, "r");
    if (!in)
        return 0;
    Uci *u = uci_new(sink, UCI_FUZZ);
    if (!u)
        abort();
    uci_loop(u, in);
    fclose(in);
    if (!pos_verify(u->pos, err, sizeof err)) {
        fprintf(stderr, "position broken after the session: %s\n", err);
        abort();
    }
    uci_free(u);
    return 0;
}
