/* What the fuzz targets share: libFuzzer's bytes as a C string (the readers under test take
 * text), and the input cut into its lines (a target whose input is "<fen>\n<moves>" reads
 * each part as its own string). */
#ifndef QEC_FUZZ_INPUT_H
#define QEC_FUZZ_INPUT_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../variants/variants.h"

/* A copy of the input with a NUL after it (any NUL inside ends the text early, as it would
 * for the engine's readers); the caller frees it. NULL if memory is missing: the target
 * skips the input. */
static inline char *input_text(const uint8_t *data, size_t size) {
    char *s = malloc(size + 1);
    if (s) {
        memcpy(s, data, size);
        s[size] = 0;
    }
    return s;
}

/* Ends the line s at its first '\n' and returns the text after it; NULL (s untouched) if s
 * is a single line. */
static inline char *cut_line(char *s) {
    char *nl = s ? strchr(s, '\n') : NULL;
    if (nl)
        *nl++ = 0;
    return nl;
}

/* The variant an input names on its first line ("tether\n…": a UCI_Variant name or alias), its
 * text moved past that line; NULL (the target skips the input) when the line names none. By
 * name, not by a number such as the input's length modulo the count of rows, so every seed
 * keeps its game when a row is added (docs/testers/fuzzing.md). */
static inline const Variant *input_variant(char **text) {
    char *rest = cut_line(*text);
    const Variant *v = rest ? variant_named(*text) : NULL;
    if (v)
        *text = rest;
    return v;
}

#endif
