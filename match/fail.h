/* The shape of every check of qecmatch's input (options, opening books, state files): say why
 * into the caller's buffer, cut at its length whatever that is, and fail. */
#ifndef QEC_MATCH_FAIL_H
#define QEC_MATCH_FAIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

static inline bool match_fail(char *err, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static inline bool match_fail(char *err, size_t len, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
    return false;
}

#endif
