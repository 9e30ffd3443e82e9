/* What the tools share: the numbers of a command line read strictly, a seed mixer, the lines
 * of a book file and a clock. Header-only: each tool is one .c file (tools/module.mk). */
#ifndef QEC_TOOLS_TOOL_UTIL_H
#define QEC_TOOLS_TOOL_UTIL_H

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A number given on a tool's command line: written in full (no trailing text, no blank) and in
 * range, or the tool stops with exit code 2 and a message naming the argument `what`. atoi()
 * would take "x" for 0 and "-5" for a movetime, and a tool would run on with nonsense (a search
 * with no limit, a count of no games). The message gives the range (docs/testers/building.md). */
/* Bounds for the self-play tools' counts: games, turns, milliseconds (as `go movetime`). */
#define TOOL_MAX_GAMES 100000000
#define TOOL_MAX_TURNS 100000
#define TOOL_MAX_MS ((long long)1 << 40)
/* The Hash and Threads options' maxima (the tools sit below session/, which defines them). */
#define TOOL_MAX_HASH_MIB 65536
#define TOOL_MAX_THREADS 256

static inline void tool_bad_number(const char *what, const char *s, const char *want) {
    fprintf(stderr, "error: %s: '%s' is not %s\n", what, s ? s : "(missing)", want);
    exit(2);
}

/* The strict readers under both: true with *out set when s is a number written in full (no
 * blank before it, nothing after it) from lo to hi. A data record's field is read with them
 * too: a score "x" or a result "-" makes the record bad (counted and skipped), not a 0. */
static inline bool tool_read_int(const char *s, long long lo, long long hi, long long *out) {
    char *end = NULL;
    errno = 0;
    long long v = s && *s && !isspace((unsigned char)*s) ? strtoll(s, &end, 10) : 0;
    if (!end || *end || errno || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

static inline bool tool_read_real(const char *s, double lo, double hi, double *out) {
    char *end = NULL;
    errno = 0;
    double v = s && *s && !isspace((unsigned char)*s) ? strtod(s, &end) : 0;
    if (!end || *end || errno || !isfinite(v) || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

static inline long long tool_int(const char *what, const char *s, long long lo, long long hi) {
    long long v;
    if (!tool_read_int(s, lo, hi, &v)) {
        char want[96];
        snprintf(want, sizeof want, "a whole number from %lld to %lld", lo, hi);
        tool_bad_number(what, s, want);
    }
    return v;
}

/* A seed or a node count: any whole number from lo up to 2^64 - 1 (strtoull alone would take
 * "-1" for the largest). */
static inline uint64_t tool_u64(const char *what, const char *s, uint64_t lo) {
    char *end = NULL, want[96];
    errno = 0;
    unsigned long long v = s && *s >= '0' && *s <= '9' ? strtoull(s, &end, 10) : 0;
    if (!end || *end || errno || v < lo) {
        snprintf(want, sizeof want, "a whole number from %llu to 18446744073709551615", (unsigned long long)lo);
        tool_bad_number(what, s, want);
    }
    return (uint64_t)v;
}

static inline double tool_real(const char *what, const char *s, double lo, double hi) {
    double v;
    if (!tool_read_real(s, lo, hi, &v)) {
        char want[96];
        snprintf(want, sizeof want, "a number from %g to %g", lo, hi);
        tool_bad_number(what, s, want);
    }
    return v;
}

/* Seconds on the monotonic clock (a double keeps nanoseconds for years of uptime): what every
 * tool times with, a difference of two readings. */
static inline double tool_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A 64-bit finaliser (MurmurHash3's): nearby seeds give unrelated numbers. */
static inline uint64_t tool_mix(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    return x ^ (x >> 33);
}

/* The lines of a book file, each cut at the first character of `stop` and kept in `width`
 * bytes ('#' and empty lines skipped), into *buf (n × width bytes, realloc'd). Exits when the
 * file cannot be read: a tool run with a wrong path has nothing to do. */
static inline int tool_load_lines(const char *path, const char *stop, size_t width, char **buf) {
    FILE *f = fopen(path, "r");
    char line[512];
    int n = 0, cap = 0;
    if (!f) {
        perror(path);
        exit(1);
    }
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, stop)] = 0;
        if (!line[0] || line[0] == '#')
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 256;
            *buf = realloc(*buf, width * (size_t)cap);
        }
        size_t len = strnlen(line, width - 1); /* longer lines are cut */
        memcpy(*buf + width * (size_t)n, line, len);
        (*buf)[width * (size_t)n++ + len] = 0;
    }
    fclose(f);
    return n;
}

#endif
