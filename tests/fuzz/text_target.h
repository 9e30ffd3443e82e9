/* The frame of a target that reads its input as text with the engine's tables: the tables set
 * up once (outside libFuzzer's per-input timer), and each input handed to the target's
 * fuzz_text as a writable C string (input.h), freed after it. `size` is the input's length in
 * bytes, as libFuzzer gave it. A target includes this once and defines fuzz_text. */
#ifndef QEC_FUZZ_TEXT_TARGET_H
#define QEC_FUZZ_TEXT_TARGET_H

#include "../../engine/position.h"
#include "input.h"

static void fuzz_text(char *text, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    engine_init();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *copy = input_text(data, size);
    if (copy) {
        fuzz_text(copy, size);
        free(copy);
    }
    return 0;
}

#endif
