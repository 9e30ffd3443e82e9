/* Unit tests of how qecmatch dates an engine's answer (issue 41, match/proc.h): on a pipe
 * written by the test itself, with deadlines already past, so nothing depends on how fast the
 * machine is. The runner's own lateness must never be the engine's (a line that waited in the
 * pipe is dated from the last moment the runner found the pipe empty, or read from it), a
 * deadline that passed while the runner was away still lets it read what is there, and a flood
 * past the deadline is cut off.
 *
 *   proc_test     last line "proc_test: N passed, N failed" */
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../../match/proc.h"

#include "../check.h"

/* A Proc reading the test's pipe (no child, only the read end), its wait for an answer begun
 * (proc_wait_begin with watchRunner); false, a failed check, without a pipe. */
static bool waiting_pipe(Proc *p, int *writeEnd, bool watchRunner) {
    int fd[2];
    memset(p, 0, sizeof *p);
    if (pipe2(fd, O_CLOEXEC) < 0) {
        CHECK(false, "pipe");
        return false;
    }
    fcntl(fd[0], F_SETFL, fcntl(fd[0], F_GETFL) | O_NONBLOCK);
    p->in = -1;
    p->out = fd[0];
    p->runqFd = -1;
    *writeEnd = fd[1];
    proc_wait_begin(p, watchRunner);
    return true;
}

static void put(int fd, const char *s) { (void)!write(fd, s, strlen(s)); }

static void test_dating(void) {
    Proc p;
    int w;
    char line[256];
    if (!waiting_pipe(&p, &w, true))
        return;
    int64_t begin = p.emptyUs;
    CHECK(p.readUs == begin && p.arrivedUs == begin, "a wait starts with the pipe taken as empty then");

    /* The runner comes back after its deadline (it was away): the answer sent meanwhile is
     * still read, and dated from the start of the wait, not from the late read. */
    put(w, "info depth 1 time 3\nbestmove e2e4\n");
    int64_t past = now_us() - 1;
    int rc = proc_read_line(&p, line, sizeof line, past, NULL);
    CHECK(rc == LINE_OK && !strcmp(line, "info depth 1 time 3"), "late: first line read (%d '%s')", rc, line);
    rc = proc_read_line(&p, line, sizeof line, past, NULL);
    CHECK(rc == LINE_OK && !strcmp(line, "bestmove e2e4"), "late: bestmove read past the deadline (%d '%s')", rc, line);
    CHECK(p.arrivedUs == begin && p.readUs >= begin, "late: dated from the empty pipe at the start, read later");
    int64_t firstRead = p.readUs;
    rc = proc_read_line(&p, line, sizeof line, past, NULL);
    CHECK(rc == LINE_TIMEOUT, "late: an empty pipe past the deadline is a timeout (%d)", rc);
    int64_t empty = p.emptyUs;
    CHECK(empty >= firstRead, "the timeout found the pipe empty after the read");

    /* Sent after the pipe was found empty: dated from that moment. */
    put(w, "bestmove a2a3\n");
    rc = proc_read_line(&p, line, sizeof line, past, NULL);
    CHECK(rc == LINE_OK && !strcmp(line, "bestmove a2a3") && p.arrivedUs == empty,
          "dated from the last empty pipe (%d '%s')", rc, line);

    /* Two reads with no empty pipe between: the second is dated from the first, when the
     * runner was there to read (an engine's own stream of output is its own time). */
    put(w, "info one\n");
    rc = proc_read_line(&p, line, sizeof line, now_us() + 10000000, NULL);
    int64_t read1 = p.readUs;
    CHECK(rc == LINE_OK && !strcmp(line, "info one") && read1 >= empty, "a line before the deadline");
    put(w, "bestmove b2b3\n");
    rc = proc_read_line(&p, line, sizeof line, now_us() + 10000000, NULL);
    CHECK(rc == LINE_OK && !strcmp(line, "bestmove b2b3") && p.arrivedUs == read1,
          "dated from the previous read (%lld, read at %lld)", (long long)(p.arrivedUs - read1), (long long)read1);
    CHECK(p.arrivedUs <= p.readUs, "never dated after its read");

    /* A line whose last bytes come with the end of the pipe. */
    put(w, "bestmove c2c3");
    close(w);
    rc = proc_read_line(&p, line, sizeof line, past, NULL);
    CHECK(rc == LINE_OK && !strcmp(line, "bestmove c2c3") && p.arrivedUs <= p.readUs, "last line at EOF (%d)", rc);
    rc = proc_read_line(&p, line, sizeof line, past, NULL);
    CHECK(rc == LINE_EOF, "then EOF (%d)", rc);
    proc_wait_end(&p);
    CHECK(p.runqFd == -1, "the wait's schedstat file is closed");
}

/* Writes info lines until the pipe is closed on the other end. */
static void *flood(void *arg) {
    int fd = *(int *)arg;
    char chunk[4096];
    for (size_t i = 0; i + 32 <= sizeof chunk; i += 32)
        memcpy(chunk + i, "info depth 1 score cp 0 pv a2a3\n", 32);
    while (write(fd, chunk, sizeof chunk) > 0)
        ;
    close(fd);
    return NULL;
}

static void test_flood(void) {
    Proc p;
    int w;
    char line[256];
    if (!waiting_pipe(&p, &w, false))
        return;
    pthread_t th;
    if (pthread_create(&th, NULL, flood, &w)) {
        CHECK(false, "thread");
        return;
    }
    /* Past the deadline the runner reads at most PROC_LATE_BYTES more (plus what it holds):
     * the flood never ends, the wait does. */
    size_t bytes = 0;
    int rc;
    int64_t past = now_us() - 1;
    while ((rc = proc_read_line(&p, line, sizeof line, past, NULL)) == LINE_OK)
        bytes += strlen(line) + 1;
    CHECK(rc == LINE_TIMEOUT, "a flood past the deadline ends in a timeout (%d)", rc);
    CHECK(bytes <= PROC_LATE_BYTES + PROC_BUF, "after at most %d bytes (%zu)", PROC_LATE_BYTES + PROC_BUF, bytes);
    close(p.out); /* the writer's next write fails: it ends */
    pthread_join(th, NULL);
    proc_wait_end(&p);
}

int main(void) {
    signal(SIGPIPE, SIG_IGN);
    test_dating();
    test_flood();
    return check_summary("proc_test");
}
