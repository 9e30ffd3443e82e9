/* The rules table (docs/dev/architecture.md): what differs between qec, chess and tether,
 * behind one small interface. Callers look the entry up once per call (perft picks its loop
 * once per count), so no hot loop tests the variant per node. */
#ifndef QEC_VARIANT_H
#define QEC_VARIANT_H

#include "position.h"

/* One counter of a row's extra state (docs/dev/adding-a-variant.md, "Extra state"). */
typedef struct {
    const char *name;  /* for FEN errors: "checks given by white" */
    uint8_t initial;   /* its value when a FEN leaves it out */
    uint8_t max;       /* its values are 0..max (at most 255) */
} CounterRule;

typedef struct {
    const char *name;  /* the UCI_Variant value */
    bool links;        /* R1 links and the forced/reactive decision points (qec only) */
    bool bareKingsLose;/* R4.2: bare kings, both lose */
    bool castleKxR;    /* castling written as the king taking its rook (T6.2) */
    bool classicalTurns; /* one move a turn, any turn may start in check (all but qec) */
    bool pawnsReturn;  /* a pawn may be moved back (tether's transport, T2.2): a repetition may
                          reach back past a pawn move (StateInfo.repWindow) */
    /* The options at the decision point at hand (base phase for one-decision variants). */
    int (*decisions)(const Position *p, Move *list);
    /* At a turn start whose side is not in check: the decisions that capture or promote to a
     * queen, in the order of `decisions` (NULL: filter `decisions`; tether captures through
     * rank-mates). */
    int (*noisy)(const Position *p, Move *list);
    /* perft(depth >= 1) of a position whose game is not over. */
    uint64_t (*perft)(Position *p, int depth);
    /* No mate is possible any more (R4.6 / T5.4). */
    bool (*insufficient)(const Position *p);
    /* Variant checks on a FEN that passed the classical ones (NULL: none). */
    bool (*fenOk)(const Position *p, char *err, size_t errlen);
    /* The rule number of each game end (END_*), for messages. */
    const char *const *endRules;
    /* Extra state the core carries for the row (0 and NULL: none): `ncounters` counters kept in
     * StateInfo.counter (undone with the state stack), written as FEN fields after the six
     * classical ones (pos_set_fen, pos_fen) and mixed into the key (Z_COUNTER). */
    int ncounters;
    const CounterRule *counters;
    /* At the end of each turn (the state already the next side's): the counters' new values.
     * The core then keys them (NULL: the counters never change). */
    void (*afterTurn)(const Position *p, uint8_t counter[POS_MAX_COUNTERS]);
    /* An end decided by the row's own state, asked by pos_game_end at a turn start before the
     * classical ends (NULL: none). A row with one also returns no `decisions` once it says
     * so, so that perft and the search stop there too. */
    bool (*gameEnd)(const Position *p, GameEnd *end);
} VariantRules;

/* The engine's rows beyond the shipped ones: VARIANT_COUNTERS_TEST is chess with a
 * three-check-like pair of counters (engine/variant.c), the extra state's test case
 * (tests/rules/counters_test.c). No variants/ row points at it, so neither UCI_Variant nor
 * qecmatch offers it, and variant_by_name does not know it. */
enum { VARIANT_COUNTERS_TEST = VARIANT_COUNT, VARIANT_RULES_COUNT };
extern const VariantRules VARIANTS[VARIANT_RULES_COUNT];

static inline const VariantRules *variant_rules(int variant) { return &VARIANTS[variant]; }
/* The variant named `name` (case-insensitive), or -1. */
int variant_by_name(const char *name);

/* Per-variant entries, defined with their modules. */
int turn_decisions(const Position *p, Move *list);        /* qec: turn.c */
int chess_decisions(const Position *p, Move *list);       /* turn.c */
uint64_t perft_qec(Position *p, int depth);               /* perft_qec.c */
uint64_t perft_chess(Position *p, int depth);             /* perft.c */
bool insufficient_qec(const Position *p);                 /* turn.c: R4.6 */
bool insufficient_tether(const Position *p);              /* turn.c: T5.4 */

#endif
