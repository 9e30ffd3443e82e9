/* The UCI front-end with the QEC extension (docs/gui/protocol.md): one Uci session reads command lines
 * and writes answers; searches run on the search module's threads and report back through
 * callbacks, so the reading thread keeps serving stop/isready/quit during a search. */
#ifndef QEC_UCI_H
#define QEC_UCI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct Uci Uci;

/* Longest accepted input line; longer lines are discarded with one error line. */
#define UCI_MAX_LINE ((size_t)1 << 20)

/* engine_init() and search_init() must have run. Answers go to `out`. */
Uci *uci_new(FILE *out);
/* The session starts in the variant named (a UCI_Variant value or alias, case-insensitive) as
 * its UCI_Variant and UCI_Variant's default, the board at its start position (`qec --variant
 * chess`, `qec-chess`: GUIs that never send UCI_Variant). Before any command; false if no
 * variant has that name. */
bool uci_start_in(Uci *u, const char *variant);
/* Stops and joins a running search first. */
void uci_free(Uci *u);
/* A build without threads (uci/wasm.c) runs each search on the caller's thread; the session's
 * searches then call poll every few milliseconds so that stop, ponderhit and isready still
 * arrive (search_set_poll). */
void uci_set_poll(Uci *u, void (*poll)(void *ctx, bool waiting), void *ctx);

/* Lowers the Threads option's ceiling (and `bench`'s threads) to n for this session, at most
 * the build's: the threaded WebAssembly build has as many threads as the browser gave it. */
void uci_set_threads_max(Uci *u, int n);

/* Run one command line (no newline needed; len bytes, NULs allowed and rejected). Returns
 * false when the command was `quit`. */
bool uci_execute(Uci *u, const char *line, size_t len);
/* Read and run lines until `quit` or end of input; then stop any search (printing its
 * bestmove). */
void uci_loop(Uci *u, FILE *in);
/* Shell use (`./qec go perft 3`): run one command from the start position with the default
 * map, wait for the search it started (an infinite or ponder search is stopped at once). */
void uci_run_command(Uci *u, const char *line);

#endif
