/* The WebAssembly build's entry points (make wasm; docs/players/play-in-browser.md), in place of
 * main.c: a Web Worker owns one session and hands it one command line at a time. The build
 * has no threads (a page served without cross-origin isolation has no SharedArrayBuffer), so
 * a search runs on the Worker's only thread: every few milliseconds it polls (search.h,
 * search_set_poll), which yields to the Worker's event loop through Emscripten's Asyncify and
 * then runs the stop, ponderhit, isready or quit that arrived meanwhile. Other commands wait
 * in the Worker's queue until the search has printed its bestmove. */
#include <emscripten.h>
#include <string.h>

#include "internal.h"

/* The head of the Worker's queue when it is a command a running search must see now (the
 * Worker's Module.qecTakeUrgent, engine-worker.js): stop, ponderhit and isready are taken off
 * the queue; quit stays queued (it ends the Worker once the search has answered). */
EM_JS(int, take_urgent_line, (char *buf, int cap), {
    var line = Module.qecTakeUrgent ? Module.qecTakeUrgent() : null;
    if (line === null)
        return 0;
    stringToUTF8(line, buf, cap);
    return 1;
});

static void poll_input(void *ctx, bool waiting) {
    Uci *u = ctx;
    char line[256];
    /* 0 ms: the Worker runs the messages already queued; waiting for stop: sleep a little */
    emscripten_sleep(waiting ? 10 : 0);
    while (take_urgent_line(line, sizeof line)) {
        if (!strncmp(line, "quit", 4)) {
            if (u->search)
                search_stop(u->search);
            hsc_go_stop(u);
            return;
        }
        uci_execute(u, line, strlen(line));
    }
}

EMSCRIPTEN_KEEPALIVE Uci *qec_wasm_new(void) {
    engine_init();
    search_init();
    Uci *u = uci_new(stdout);
    if (u)
        uci_set_poll(u, poll_input, u);
    return u;
}

/* Runs one line of len bytes (NULs are the session's to refuse); 0 when it was `quit` (the
 * Worker then closes). */
EMSCRIPTEN_KEEPALIVE int qec_wasm_command(Uci *u, const char *line, int len) {
    return uci_execute(u, line, len > 0 ? (size_t)len : 0);
}
