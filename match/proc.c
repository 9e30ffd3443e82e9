#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* Longest single wait, so that a stop request (Ctrl-C, SPRT decided) is seen quickly. */
enum { POLL_SLICE_MS = 100 };

int64_t now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static int slice_ms(int64_t deadlineUs) {
    int64_t left = deadlineUs - now_us();
    if (left <= 0)
        return 0;
    left = (left + 999) / 1000;
    return left > POLL_SLICE_MS ? POLL_SLICE_MS : (int)left;
}

static void close_fd(int *fd) {
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

bool proc_start(Proc *p, char *const argv[], const char *dir, const char *errFile, char *err, size_t errlen) {
    int toChild[2], fromChild[2];
    p->pid = 0;
    p->in = p->out = -1;
    p->runqFd = -1;
    p->len = 0;
    p->exited = p->signaled = false;
    p->code = 0;
    if (pipe2(toChild, O_CLOEXEC) < 0) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        return false;
    }
    if (pipe2(fromChild, O_CLOEXEC) < 0) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        close(toChild[0]);
        close(toChild[1]);
        return false;
    }
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t attr;
    posix_spawn_file_actions_init(&fa);
    posix_spawnattr_init(&attr);
    /* dup2 clears close-on-exec on the copies; every other pipe end stays ours only. */
    posix_spawn_file_actions_adddup2(&fa, toChild[0], 0);
    posix_spawn_file_actions_adddup2(&fa, fromChild[1], 1);
    posix_spawn_file_actions_addopen(&fa, 2, errFile ? errFile : "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (dir && *dir)
        posix_spawn_file_actions_addchdir_np(&fa, dir);
    /* Own process group (killable as a whole); SIGPIPE back to default (we ignore it, and an
     * ignored signal would stay ignored across exec); no blocked signals. */
    sigset_t def, none;
    sigemptyset(&def);
    sigaddset(&def, SIGPIPE);
    sigemptyset(&none);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setsigdefault(&attr, &def);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    pid_t pid;
    int rc = posix_spawnp(&pid, argv[0], &fa, &attr, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    close(toChild[0]);
    close(fromChild[1]);
    if (rc != 0) {
        snprintf(err, errlen, "cannot start '%s'%s%s: %s", argv[0], dir && *dir ? " in " : "", dir && *dir ? dir : "",
                 strerror(rc));
        close(toChild[1]);
        close(fromChild[0]);
        return false;
    }
    p->pid = pid;
    p->in = toChild[1];
    p->out = fromChild[0];
    fcntl(p->in, F_SETFL, fcntl(p->in, F_GETFL) | O_NONBLOCK);
    fcntl(p->out, F_SETFL, fcntl(p->out, F_GETFL) | O_NONBLOCK);
    return true;
}

bool proc_write_line(Proc *p, const char *line, int64_t deadlineUs) {
    if (p->in < 0)
        return false;
    size_t len = strlen(line);
    const char *parts[2] = {line, "\n"};
    size_t lens[2] = {len, 1};
    for (int k = 0; k < 2; k++) {
        size_t off = 0;
        while (off < lens[k]) {
            ssize_t n = write(p->in, parts[k] + off, lens[k] - off);
            if (n > 0) {
                off += (size_t)n;
                continue;
            }
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0 && errno != EAGAIN)
                return false; /* EPIPE: the child is gone */
            int ms = slice_ms(deadlineUs);
            if (!ms)
                return false;
            struct pollfd pfd = {p->in, POLLOUT, 0};
            poll(&pfd, 1, ms);
        }
    }
    return true;
}

/* A complete line from the buffer, if there is one. */
static int take_line(Proc *p, char *out, size_t outlen, bool atEof) {
    char *nl = memchr(p->buf, '\n', p->len);
    if (!nl && !(atEof && p->len))
        return p->len == sizeof p->buf ? LINE_TOO_LONG : -1;
    size_t n = nl ? (size_t)(nl - p->buf) : p->len;
    size_t used = nl ? n + 1 : n;
    int rc = memchr(p->buf, 0, n) ? LINE_BINARY : n >= outlen ? LINE_TOO_LONG : LINE_OK;
    if (rc == LINE_OK) {
        memcpy(out, p->buf, n);
        out[n] = 0;
        if (n && out[n - 1] == '\r')
            out[n - 1] = 0;
    }
    memmove(p->buf, p->buf + used, p->len - used);
    p->len -= used;
    return rc;
}

int64_t proc_runq_us(int fd) {
    char buf[96];
    if (fd < 0)
        return -1;
    ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
    if (n <= 0)
        return -1;
    buf[n] = 0;
    unsigned long long run, wait;
    if (sscanf(buf, "%llu %llu", &run, &wait) != 2)
        return -1;
    return (int64_t)(wait / 1000);
}

void proc_wait_begin(Proc *p, bool watchRunner) {
    proc_wait_end(p);
    p->lateBytes = 0;
    p->readUs = p->arrivedUs = p->emptyUs = now_us();
    p->wokeUs = 0;
    /* thread-self: the thread that waits, whose lateness is the one to leave out. */
    p->runqFd = watchRunner ? open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC) : -1;
    p->runqMark = proc_runq_us(p->runqFd);
}

void proc_wait_end(Proc *p) { close_fd(&p->runqFd); }

int proc_read_line(Proc *p, char *out, size_t outlen, int64_t deadlineUs, const atomic_int *stop) {
    for (;;) {
        /* Checked before every line, not only when the pipe runs dry. */
        if (stop && atomic_load(stop))
            return LINE_STOPPED;
        /* Lines already read are taken even past the deadline: they arrived in time by
         * p->arrivedUs, and the caller judges by that. */
        int rc = take_line(p, out, outlen, false);
        if (rc == LINE_TOO_LONG)
            p->len = 0;
        if (rc >= 0)
            return rc;
        if (p->out < 0)
            return LINE_EOF;
        /* Past the deadline the pipe is still read, boundedly: what the engine wrote while
         * the runner was not running is its answer in time; an endless flood is not. */
        bool late = now_us() >= deadlineUs;
        if (late && p->lateBytes >= PROC_LATE_BYTES)
            return LINE_TIMEOUT;
        ssize_t n = read(p->out, p->buf + p->len, sizeof p->buf - p->len);
        if (n > 0) {
            /* The earliest these bytes can have come: after the pipe was last found empty,
             * after the wake they caused, and — for what the runner owes — after its previous
             * read: it was there then, so an engine whose own output kept the pipe from
             * running dry is not spared the time that output took. */
            int64_t from = p->wokeUs > p->emptyUs ? p->wokeUs : p->emptyUs;
            p->arrivedUs = from > p->readUs ? from : p->readUs;
            p->readUs = now_us();
            p->len += (size_t)n;
            if (late)
                p->lateBytes += (size_t)n;
            continue;
        }
        if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
            close_fd(&p->out);
            p->arrivedUs = p->emptyUs > p->readUs ? p->emptyUs : p->readUs;
            p->readUs = now_us();
            rc = take_line(p, out, outlen, true); /* a last line without its newline */
            return rc >= 0 ? rc : LINE_EOF;
        }
        if (errno == EINTR)
            continue;
        p->emptyUs = now_us();
        p->wokeUs = 0;
        p->runqMark = proc_runq_us(p->runqFd);
        if (late)
            return LINE_TIMEOUT; /* the pipe was empty at or after the deadline */
        int ms = slice_ms(deadlineUs);
        struct pollfd pfd = {p->out, POLLIN, 0};
        int ready = poll(&pfd, 1, ms > 0 ? ms : 1);
        /* When poll ended, as the kernel saw it: now, less the runner's wait for a CPU since
         * the pipe was found empty (the wake's, and any preemption before the poll). */
        int64_t back = now_us(), runq = proc_runq_us(p->runqFd);
        if (runq >= 0 && p->runqMark >= 0 && runq > p->runqMark)
            back -= runq - p->runqMark;
        if (ready > 0)
            p->wokeUs = back; /* the engine's bytes woke the runner: they came then */
        else if (ready == 0) {
            p->emptyUs = back; /* the timer's end: the pipe was still empty then */
            p->runqMark = runq;
        }
    }
}

/* Looks at the child's end without reaping it: until it is reaped its pid, and so its process
 * group id, cannot be reused, which keeps the group kill below safe. */
static bool peek_exited(Proc *p) {
    if (p->exited)
        return true;
    siginfo_t si;
    memset(&si, 0, sizeof si);
    if (waitid(P_PID, (id_t)p->pid, &si, WEXITED | WNOHANG | WNOWAIT) < 0)
        return errno == ECHILD;
    if (si.si_pid != p->pid)
        return false;
    p->exited = true;
    p->signaled = si.si_code == CLD_KILLED || si.si_code == CLD_DUMPED;
    p->code = si.si_status;
    return true;
}

static void pause_ms(int ms) {
    struct timespec ts = {0, ms * 1000 * 1000};
    nanosleep(&ts, NULL);
}

void proc_kill(Proc *p) {
    if (!p->pid)
        return;
    close_fd(&p->in);
    close_fd(&p->out);
    peek_exited(p);
    kill(-p->pid, SIGKILL); /* the whole group: a script's children too */
    kill(p->pid, SIGKILL);
    int st;
    while (waitpid(p->pid, &st, 0) < 0 && errno == EINTR)
        ;
    p->pid = 0;
    p->len = 0;
}

void proc_stop(Proc *p, int graceMs) {
    if (!p->pid)
        return;
    close_fd(&p->in);
    int64_t deadline = now_us() + (int64_t)graceMs * 1000;
    while (!peek_exited(p) && now_us() < deadline)
        pause_ms(5);
    proc_kill(p);
}

void proc_exit_text(Proc *p, char *buf, size_t len) {
    /* The pipe closed; give the exit status a moment to arrive. */
    for (int i = 0; i < 40 && p->pid && !peek_exited(p); i++)
        pause_ms(5);
    if (!p->exited)
        snprintf(buf, len, "closed its pipes (still running)");
    else if (p->signaled)
        snprintf(buf, len, "killed by signal %d (%s)", p->code, sigdescr_np(p->code) ? sigdescr_np(p->code) : "?");
    else
        snprintf(buf, len, "exited with status %d", p->code);
}
