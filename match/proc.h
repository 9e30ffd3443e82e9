/* A child process talked to over pipes, line by line, never blocking without a deadline.
 * The child runs in its own process group, so killing it also kills anything it started
 * (a script's interpreter and its children). */
#ifndef QEC_MATCH_PROC_H
#define QEC_MATCH_PROC_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum { PROC_BUF = 1 << 16 }; /* longest line accepted from a child */
enum { PROC_LATE_BYTES = 4 * PROC_BUF }; /* read past a deadline before giving up */

typedef struct {
    pid_t pid;        /* 0 when not running */
    int in, out;      /* our ends: the child's stdin and stdout */
    char buf[PROC_BUF];
    size_t len;       /* bytes buffered, not yet returned as lines */
    bool exited;      /* the child has ended (seen, not yet reaped) */
    bool signaled;    /* … killed by signal `code`, else exited with status `code` */
    int code;
    /* One wait (proc_wait_begin … proc_wait_end), for the clocks (docs/testers/qecmatch.md):
     * a complete line is always one whose newline the latest read brought (lines are taken
     * from the buffer before anything more is read), so that read's times are the line's. */
    int64_t readUs;     /* now_us() when the latest read() that brought bytes returned */
    int64_t arrivedUs;  /* the earliest those bytes can have come, as far as the runner's lateness goes */
    int64_t emptyUs;    /* the last time the pipe was found empty (or the wait began) */
    int64_t wokeUs;     /* a poll woken by the pipe since then: its wake, less the CPU wait; else 0 */
    size_t lateBytes;   /* read after the deadline: bounded, so a flood cannot hold the runner */
    int runqFd;         /* /proc/thread-self/schedstat of the waiting thread, or -1 */
    int64_t runqMark;   /* its run_delay (µs) when the pipe was last found empty */
} Proc;

enum { LINE_OK, LINE_TIMEOUT, LINE_EOF, LINE_TOO_LONG, LINE_BINARY, LINE_STOPPED };

int64_t now_us(void);

/* Starts argv[0] (PATH lookup) in dir (NULL = ours), stderr appended to errFile (NULL =
 * /dev/null). On failure err says why and p is not running. */
bool proc_start(Proc *p, char *const argv[], const char *dir, const char *errFile, char *err, size_t errlen);
/* Writes line + '\n'; false if the child is gone or does not read before deadlineUs. */
bool proc_write_line(Proc *p, const char *line, int64_t deadlineUs);
/* Starts a wait for lines at now_us(): with watchRunner, the calling thread's waits for a CPU
 * are measured where the kernel tells them (Linux schedstat), so that p->arrivedUs leaves them
 * out. proc_wait_end closes what it opened. */
void proc_wait_begin(Proc *p, bool watchRunner);
void proc_wait_end(Proc *p);
/* The next line (without the newline) into out, waiting until deadlineUs (now_us() clock)
 * or until *stop becomes non-zero. Lines already sent are still taken after the deadline:
 * the pipe is read once more when the deadline has passed (at most PROC_LATE_BYTES), so a
 * runner that wakes late still sees an answer that was there in time; only then
 * LINE_TIMEOUT. p->readUs tells when the returned line was read, p->arrivedUs the earliest it
 * can have been written as far as the runner's own lateness goes: the last time the pipe was
 * found empty or read before, or, when the runner slept in poll and the pipe woke it, the wake
 * (the poll's return less the runner's wait for a CPU). */
int proc_read_line(Proc *p, char *out, size_t outlen, int64_t deadlineUs, const atomic_int *stop);
/* The calling thread's total wait for a CPU (run_delay of /proc/thread-self/schedstat) in µs,
 * read from fd; -1 if unknown. */
int64_t proc_runq_us(int fd);
/* Closes stdin (so a well-behaved child quits), waits up to graceMs, then kills the group. */
void proc_stop(Proc *p, int graceMs);
void proc_kill(Proc *p);
/* How the child ended, e.g. "exited with status 3", "killed by signal 11", "still running". */
void proc_exit_text(Proc *p, char *buf, size_t len);

#endif
