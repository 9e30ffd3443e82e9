/* The C test programs' check: counts a pass, or prints where and why it failed. Each program
 * ends with printf("<suite>: %d passed, %d failed\n", passed, failed), or returns check_summary. */
#ifndef QEC_TESTS_CHECK_H
#define QEC_TESTS_CHECK_H

#include <stdio.h>

static int passed, failed;

#define CHECK(cond, ...)                                                                                               \
    do {                                                                                                               \
        if (cond)                                                                                                      \
            passed++;                                                                                                  \
        else {                                                                                                         \
            failed++;                                                                                                  \
            printf("FAIL %s:%d: ", __func__, __LINE__);                                                                \
            printf(__VA_ARGS__);                                                                                       \
            printf("\n");                                                                                              \
        }                                                                                                              \
    } while (0)

/* The program's closing line; its exit status (non-zero after a failure). */
static inline int check_summary(const char *program) {
    printf("%s: %d passed, %d failed\n", program, passed, failed);
    return failed != 0;
}

#endif
