/* The session's options (session/options.c): their values' lifetime. */
#ifndef QEC_SESSION_OPTIONS_H
#define QEC_SESSION_OPTIONS_H

#include "session.h"

/* A build may support fewer threads or less memory (the WebAssembly ones: -DQEC_MAX_THREADS=1
 * or 8, -DQEC_MAX_HASH=1024, docs/players/play-in-browser.md): `uci` then offers only that. The
 * threaded WebAssembly build lowers the session's own ceiling further at start-up to what the
 * browser has (session_set_threads_max), so the ceiling is the session's, not the table's. */
#ifndef QEC_MAX_THREADS
#define QEC_MAX_THREADS 256
#endif
#ifndef QEC_MAX_HASH
#define QEC_MAX_HASH 65536
#endif

void session_options_init(SessionOptions *o);
void session_options_free(SessionOptions *o);

#endif
