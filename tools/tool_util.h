/* What the self-play tools (qecplay.c, qec_net_data.c) share: a seed mixer and the lines of a
 * book file. Header-only: each tool is one .c file (tools/module.mk). */
#ifndef QEC_TOOLS_TOOL_UTIL_H
#define QEC_TOOLS_TOOL_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
        snprintf(*buf + width * (size_t)n++, width, "%s", line);
    }
    fclose(f);
    return n;
}

#endif
