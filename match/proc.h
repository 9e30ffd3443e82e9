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

typedef struct {
    pid_t pid;        /* 0 when not running */
    int in, out;      /* our ends: the child's stdin and stdout */
    char buf[PROC_BUF];
    size_t len;       /* bytes buffered, not yet returned as lines */
    bool exited;      /* the child has ended (seen, not yet reaped) */
    bool signaled;    /* … killed by signal `code`, else exited with status `code` */
    int code;
} Proc;

enum { LINE_OK, LINE_TIMEOUT, LINE_EOF, LINE_TOO_LONG, LINE_BINARY, LINE_STOPPED };

int64_t now_us(void);

/* Starts argv[0] (PATH lookup) in dir (NULL = ours), stderr appended to errFile (NULL =
 * /dev/null). On failure err says why and p is not running. */
bool proc_start(Proc *p, char *const argv[], const char *dir, const char *errFile, char *err, size_t errlen);
/* Writes line + '\n'; false if the child is gone or does not read before deadlineUs. */
bool proc_write_line(Proc *p, const char *line, int64_t deadlineUs);
/* The next line (without the newline) into out, waiting until deadlineUs (now_us() clock)
 * or until *stop becomes non-zero. */
int proc_read_line(Proc *p, char *out, size_t outlen, int64_t deadlineUs, const atomic_int *stop);
/* Closes stdin (so a well-behaved child quits), waits up to graceMs, then kills the group. */
void proc_stop(Proc *p, int graceMs);
void proc_kill(Proc *p);
/* How the child ended, e.g. "exited with status 3", "killed by signal 11", "still running". */
void proc_exit_text(Proc *p, char *buf, size_t len);

#endif
