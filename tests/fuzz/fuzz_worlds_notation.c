/* libFuzzer target for the Haft Schroedinger notation reader (engine/worlds_notation.h): every
 * input reads as moves or is refused with a message, the position is unchanged either way, and
 * every game it reads is written back and read again to the same moves. */
#include <stdlib.h>
#include <string.h>

#include "../../engine/worlds_notation.h"
#include "input.h"

static WorldsPos P;
static Move moves[256], back[256];
static char text[16 * 1024];

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    worlds_init();
    return worlds_pos_init(&P) ? 0 : 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *input = input_text(data, size), err[256];
    if (!input)
        return 0;
    worlds_pos_reset(&P);
    err[0] = 0;
    if (worlds_notation_parse(&P, input, err, sizeof err) == MOVE_NONE && !err[0])
        abort();
    err[0] = 0;
    int n = worlds_notation_parse_game(&P, input, moves, 256, err, sizeof err);
    if ((n < 0 && !err[0]) || worlds_st(&P)->ply != 0)
        abort();
    if (n > 0) {
        if (!worlds_notation_format_game(&P, moves, n, text, sizeof text, err, sizeof err))
            abort();
        if (worlds_notation_parse_game(&P, text, back, 256, err, sizeof err) != n ||
            memcmp(moves, back, sizeof *moves * (size_t)n))
            abort();
    }
    free(input);
    return 0;
}
