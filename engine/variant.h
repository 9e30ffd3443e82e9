/* The rules table (docs/dev/architecture.md): what differs between qec, chess and tether,
 * behind one small interface. Callers look the entry up once per call (perft picks its loop
 * once per count), so no hot loop tests the variant per node. */
#ifndef QEC_VARIANT_H
#define QEC_VARIANT_H

#include "position.h"

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
} VariantRules;

extern const VariantRules VARIANTS[VARIANT_COUNT];

static inline const VariantRules *variant_rules(int variant) { return &VARIANTS[variant]; }
/* The variant named `name` (case-insensitive), or -1. */
int variant_by_name(const char *name);

/* Per-variant entries, defined with their modules. */
int turn_decisions(const Position *p, Move *list);        /* qec: turn.c */
int chess_decisions(const Position *p, Move *list);       /* turn.c */
uint64_t perft_qec(Position *p, int depth);               /* perft.c */
uint64_t perft_chess(Position *p, int depth);             /* perft.c */
bool insufficient_qec(const Position *p);                 /* turn.c: R4.6 */
bool insufficient_tether(const Position *p);              /* turn.c: T5.4 */

#endif
