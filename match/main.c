/* qecmatch: runs QEC engine matches and tournaments (docs/testers/qecmatch.md). */
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "../engine/position.h"
#include "cli.h"
#include "merge.h"
#include "tourney.h"

/* The one piece of global state: a signal handler can reach nothing else. Lock-free atomics
 * are safe to store from a handler. */
static atomic_int interrupted;

static void on_signal(int sig) {
    (void)sig;
    atomic_store(&interrupted, 1);
}

int main(int argc, char **argv) {
    if (argc > 1 && !strcmp(argv[1], "merge"))
        return merge_main(argc - 1, argv + 1);
    MatchConfig cfg;
    char err[512];
    int rc = cli_parse(argc, argv, &cfg, err, sizeof err);
    if (rc != CLI_RUN) {
        if (rc == CLI_ERROR)
            fprintf(stderr, "qecmatch: %s\n", err);
        cli_free(&cfg);
        return rc == CLI_ERROR ? 2 : 0;
    }
    /* A dead engine's pipe must be an error code, not the end of the runner. */
    signal(SIGPIPE, SIG_IGN);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    engine_init();
    int status = tourney_run(&cfg, &interrupted);
    cli_free(&cfg);
    return status;
}
