/* libFuzzer target for the notation reader (engine/notation.h), which reads what people paste:
 * every input reads as turns or is refused with a message, and every game it reads is
 * written back in both forms and read again to the same decisions (R5.3). */
#include <stdlib.h>
#include <string.h>

#include "../../engine/links.h"
#include "../../engine/notation.h"
#include "text_target.h"

static Position P;
static NotationTurn turns[256], back[256];
static char text[32 * 1024];

static void round_trip(int variant, const char *input) {
    char err[256];
    EntMap m;
    pos_set_fen(&P, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", variant, err, sizeof err);
    entmap_parse(variant == VARIANT_QEC ? "default" : "none", &m, err, sizeof err);
    entmap_apply(&m, &P, err, sizeof err);
    err[0] = 0;
    if (notation_parse_decision(&P, input, err, sizeof err) == MOVE_NONE && !err[0])
        abort();
    err[0] = 0;
    int n = notation_parse_game(&P, input, turns, 256, err, sizeof err);
    if (n < 0) {
        if (!err[0])
            abort(); /* a refusal must say why */
        return;
    }
    Move d[768], d2[768];
    int k = 0;
    for (int i = 0; i < n; i++)
        k += notation_turn_decisions(&turns[i], d + k);
    for (int style = 0; style < 3; style++) { /* short, long, UCI */
        if (!notation_format_game(&P, d, k, style, text, sizeof text, err, sizeof err))
            abort();
        int nb = notation_parse_game(&P, text, back, 256, err, sizeof err), k2 = 0;
        if (nb != n)
            abort();
        for (int i = 0; i < nb; i++)
            k2 += notation_turn_decisions(&back[i], d2 + k2);
        if (k2 != k || memcmp(d, d2, sizeof(Move) * (size_t)k))
            abort();
    }
}

static void fuzz_text(char *input, size_t size) {
    (void)size;
    round_trip(VARIANT_QEC, input);
    round_trip(VARIANT_CHESS, input);
}
