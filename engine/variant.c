#include "variant.h"

#include <strings.h>

#include "movegen.h"
#include "tether.h"

static const char *const QEC_ENDS[] = {"", "R4.1", "R4.2", "R4.3", "R4.4", "R4.5", "R4.6"};
static const char *const TETHER_ENDS[] = {"", "T5.1", "", "T5.2", "T5.3", "T5.3", "T5.4"};

const VariantRules VARIANTS[VARIANT_COUNT] = {
    [VARIANT_QEC] = {.name = "qec", .links = true, .bareKingsLose = true, .decisions = turn_decisions,
                     .noisy = gen_legal_noisy, .perft = perft_qec, .insufficient = insufficient_qec, .endRules = QEC_ENDS},
    [VARIANT_CHESS] = {.name = "chess", .classicalTurns = true, .decisions = chess_decisions, .noisy = gen_legal_noisy,
                       .perft = perft_chess, .insufficient = insufficient_qec, .endRules = QEC_ENDS},
    [VARIANT_TETHER] = {.name = "tether", .castleKxR = true, .classicalTurns = true, .pawnsReturn = true,
                        .decisions = tether_legal, .perft = tether_perft, .insufficient = insufficient_tether,
                        .fenOk = tether_fen_ok, .endRules = TETHER_ENDS},
};

int variant_by_name(const char *name) {
    for (int v = 0; v < VARIANT_COUNT; v++)
        if (!strcasecmp(name, VARIANTS[v].name))
            return v;
    return -1;
}
