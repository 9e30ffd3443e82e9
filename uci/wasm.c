/* The WebAssembly builds' entry points (make wasm; docs/players/play-in-browser.md), in place of
 * main.c: a Web Worker owns one session and hands it one command line at a time. Two builds
 * come from this file:
 *
 * - threaded (-pthread, qec-mt.wasm, for a cross-origin isolated page): as ./qec, `go` starts
 *   the search on threads of its own (emscripten's pthreads, Workers inside the Worker) and
 *   returns, so the Worker's event loop stays free and `stop`, `ponderhit` and `isready` run
 *   at once, as main.c's input loop runs them. The searching threads' output lines reach the
 *   Worker through emscripten's proxying of stdout to the main runtime thread.
 * - one thread (qec.wasm, for any page: no SharedArrayBuffer without isolation): a search runs
 *   on the Worker's only thread; every few milliseconds it polls (search.h, search_set_poll),
 *   which yields to the Worker's event loop through Emscripten's Asyncify and then runs the
 *   stop, ponderhit, isready or quit that arrived meanwhile. Other commands wait in the
 *   Worker's queue until the search has printed its bestmove. */
#include <emscripten.h>
#include <string.h>

#include "internal.h"

#ifndef __EMSCRIPTEN_PTHREADS__
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

/* Yields to the Worker's event loop and comes back as soon as the messages already queued have
 * run: a message to itself through a MessageChannel, behind them in the queue. Not
 * emscripten_sleep(0): that is a setTimeout(0), which a browser delays by 4 ms once such timers
 * nest (each wake-up schedules the next): 4 ms idle for every 20 ms of search (the poll's
 * period, search/core.c). Measured in a Chromium Worker: 4.3 ms per yield that way, none by a
 * MessageChannel.
 * Every 8th yield still goes through a timer, so the loop's other task sources get their turn. */
EM_JS(void, qec_yield, (void), {
    Asyncify.handleSleep(function(wakeUp) {
        if ((Module.qecYields = (Module.qecYields || 0) + 1) % 8 == 0)
            return setTimeout(wakeUp, 0);
        var ch = Module.qecYieldChannel || (Module.qecYieldChannel = new MessageChannel());
        ch.port1.onmessage = function() { wakeUp(); };
        ch.port2.postMessage(0);
    });
});

static void poll_input(void *ctx, bool waiting) {
    Uci *u = ctx;
    char line[256];
    /* searching: back at once after the queued messages; waiting for stop: sleep a little */
    if (waiting)
        emscripten_sleep(10);
    else
        qec_yield();
    while (take_urgent_line(line, sizeof line)) {
        if (!strncmp(line, "quit", 4)) {
            session_halt(u->session);
            return;
        }
        uci_execute(u, line, strlen(line));
    }
}
#endif

/* maxThreads: the Threads ceiling the Worker gives (the browser's cores, capped; the threaded
 * build's pool has that many pthreads ready, so a search never waits for a Worker to load). */
EMSCRIPTEN_KEEPALIVE Uci *qec_wasm_new(int maxThreads) {
    engine_init();
    search_init();
    Uci *u = uci_new(stdout);
    if (!u)
        return NULL;
    uci_set_threads_max(u, maxThreads);
#ifndef __EMSCRIPTEN_PTHREADS__
    uci_set_poll(u, poll_input, u);
#endif
    return u;
}

/* Runs one line of len bytes (NULs are the session's to refuse); 0 when it was `quit` (the
 * Worker then closes): a search still running is stopped and answers first, as ./qec does at
 * the end of its input. */
EMSCRIPTEN_KEEPALIVE int qec_wasm_command(Uci *u, const char *line, int len) {
    if (uci_execute(u, line, len > 0 ? (size_t)len : 0))
        return 1;
    uci_free(u);
    fflush(stdout);
    return 0;
}
