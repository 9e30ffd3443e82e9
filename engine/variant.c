#include "variant.h"

#include <strings.h>

#include "movegen.h"
#include "tether.h"

static const char *const QEC_ENDS[END_KIND_COUNT] = {"", "R4.1", "R4.2", "R4.3", "R4.4", "R4.5", "R4.6"};
static const char *const TETHER_ENDS[END_KIND_COUNT] = {"", "T5.1", "", "T5.2", "T5.3", "T5.3", "T5.4"};

/* The test row: chess in which the side that gives its third check wins (three-check's rule).
 * Counter c counts the checks colour c has given; the third check is the row's own end
 * (END_OWN_RULE), cited as "third check". */
enum { CHECKS_TO_WIN = 3 };
static const CounterRule CHECKS_GIVEN[] = {{"checks given by white", 0, CHECKS_TO_WIN},
                                           {"checks given by black", 0, CHECKS_TO_WIN}};
static const char *const CHECKS_ENDS[END_KIND_COUNT] = {"", "R4.1", "", "R4.3", "R4.4", "R4.5", "R4.6", "third check"};

static void checks_after_turn(const Position *p, uint8_t counter[POS_MAX_COUNTERS]) {
    int stm = pos_turn(p);
    if (pos_in_check(p, stm))
        counter[stm ^ 1]++;
}

static bool checks_end(const Position *p, GameEnd *end) {
    const StateInfo *st = pos_state(p);
    for (int c = WHITE; c <= BLACK; c++)
        if (st->counter[c] >= CHECKS_TO_WIN) {
            end->reason = END_OWN_RULE;
            end->winner = c;
            return true;
        }
    return false;
}

static int checks_decisions(const Position *p, Move *list) {
    GameEnd end;
    return checks_end(p, &end) ? 0 : chess_decisions(p, list);
}

/* One decision a turn: a plain walk over the row's own decisions. */
static uint64_t checks_perft(Position *p, int depth) {
    Move list[CLASSICAL_MAX_MOVES];
    int n = checks_decisions(p, list);
    if (depth <= 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pos_do(p, list[i]);
        total += checks_perft(p, depth - 1);
        pos_undo(p);
    }
    return total;
}

const VariantRules VARIANTS[VARIANT_RULES_COUNT] = {
    [VARIANT_QEC] = {.name = "qec", .links = true, .bareKingsLose = true, .decisions = turn_decisions,
                     .noisy = gen_legal_noisy, .perft = perft_qec, .insufficient = insufficient_qec, .endRules = QEC_ENDS},
    [VARIANT_CHESS] = {.name = "chess", .classicalTurns = true, .decisions = chess_decisions, .noisy = gen_legal_noisy,
                       .perft = perft_chess, .insufficient = insufficient_qec, .endRules = QEC_ENDS},
    [VARIANT_TETHER] = {.name = "tether", .castleKxR = true, .classicalTurns = true, .pawnsReturn = true,
                        .decisions = tether_legal, .perft = tether_perft, .insufficient = insufficient_tether,
                        .fenOk = tether_fen_ok, .endRules = TETHER_ENDS},
    [VARIANT_COUNTERS_TEST] = {.name = "counters-test", .classicalTurns = true, .decisions = checks_decisions,
                               .perft = checks_perft, .insufficient = insufficient_qec, .endRules = CHECKS_ENDS,
                               .ncounters = 2, .counters = CHECKS_GIVEN, .afterTurn = checks_after_turn,
                               .gameEnd = checks_end},
};

int variant_by_name(const char *name) {
    for (int v = 0; v < VARIANT_COUNT; v++)
        if (!strcasecmp(name, VARIANTS[v].name))
            return v;
    return -1;
}
