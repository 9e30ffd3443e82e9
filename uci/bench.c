/* `bench [hash] [threads] [depth]`: the session's bench (session/bench.c), one line per
 * position on stderr and the totals, Stockfish's form, on the session's output. */
#include <string.h>

#include "internal.h"

static void on_position(void *ctx, int i, int count, const char *root, const BenchPosition *b, const char *best,
                        const SearchInfo *info) {
    (void)ctx;
    fprintf(stderr, "Position: %d/%d (%s) map %s%s%s: bestmove %s depth %d score %d nodes %llu\n", i, count, root,
            b->map, b->moves ? " moves " : "", b->moves ? b->moves : "", best, info->depth, info->score,
            (unsigned long long)info->nodes);
}

static void on_error(void *ctx, const char *text) { uci_error(ctx, "%s", text); }

void cmd_bench(Uci *u, const Words *ws) {
    static const char *const NAMES[3] = {"hash", "threads", "depth"};
    static const int64_t LO[3] = {1, 1, 1};
    /* threads: the session's ceiling (the Threads option's), which a WebAssembly build lowers */
    const int64_t HI[3] = {65536, u->session->opt.threadsMax, MAX_PLY};
    int64_t arg[3] = {16, 1, 9}; /* depth 9: a few seconds with one thread */
    if (uci_is_searching(u)) {
        uci_error(u, "bench: a search is running (send stop first)");
        return;
    }
    if (ws->n > 4) {
        uci_error(u, "bench: want 'bench [hash] [threads] [depth]'");
        return;
    }
    for (int i = 1; i < ws->n; i++)
        if (!parse_int64(ws->w[i], LO[i - 1], HI[i - 1], &arg[i - 1])) {
            uci_error(u, "bench %s: '%.24s' is not a whole number from %lld to %lld", NAMES[i - 1], ws->w[i],
                      (long long)LO[i - 1], (long long)HI[i - 1]);
            return;
        }
    BenchReport rep = {on_position, on_error, u};
    uint64_t nodes;
    int64_t elapsed;
    if (!session_bench(u->session, (int)arg[0], (int)arg[1], (int)arg[2], &rep, &nodes, &elapsed))
        return;
    uci_lock_out(u);
    fprintf(u->out, "\n===========================\nTotal time (ms) : %lld\nNodes searched  : %llu\n",
            (long long)elapsed, (unsigned long long)nodes);
    fprintf(u->out, "Nodes/second    : %llu\n",
            (unsigned long long)(nodes * 1000 / (uint64_t)(elapsed > 0 ? elapsed : 1)));
    uci_unlock_out(u);
}
