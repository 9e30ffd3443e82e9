#include "variant.h"

#include <strings.h>

#include "movegen.h"
#include "tether.h"

static const char *const QEC_ENDS[] = {"", "R4.1", "R4.2", "R4.3", "R4.4", "R4.5", "R4.6"};
static const char *const TETHER_ENDS[] = {"", "T5.1", "", "T5.2", "T5.3", "T5.3", "T5.4"};

const VariantRules VARIANTS[VARIANT_COUNT] = {
    [VARIANT_QEC] = {"qec", true, true, false, false, false, turn_decisions, gen_legal_noisy, perft_qec, insufficient_qec, NULL, QEC_ENDS},
    [VARIANT_CHESS] = {"chess", false, false, false, true, false, chess_decisions, gen_legal_noisy, perft_chess, insufficient_qec, NULL, QEC_ENDS},
    [VARIANT_TETHER] = {"tether", false, false, true, true, true, tether_legal, NULL, tether_perft, insufficient_tether, tether_fen_ok,
                        TETHER_ENDS},
};

int variant_by_name(const char *name) {
    for (int v = 0; v < VARIANT_COUNT; v++)
        if (!strcasecmp(name, VARIANTS[v].name))
            return v;
    return -1;
}
