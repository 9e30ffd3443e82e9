#include "variant.h"

#include <strings.h>

#include "tether.h"

const VariantRules VARIANTS[VARIANT_COUNT] = {
    [VARIANT_QEC] = {"qec", true, true, false, turn_decisions, perft_qec, insufficient_qec, NULL},
    [VARIANT_CHESS] = {"chess", false, false, false, chess_decisions, perft_chess, insufficient_qec, NULL},
    [VARIANT_TETHER] = {"tether", false, false, true, tether_legal, tether_perft, insufficient_tether, tether_fen_ok},
};

int variant_by_name(const char *name) {
    for (int v = 0; v < VARIANT_COUNT; v++)
        if (!strcasecmp(name, VARIANTS[v].name))
            return v;
    return -1;
}
