/* The variants, one row each (docs/dev/architecture.md, "The variant table"): everything that
 * differs between qec, chess, tether and schroedinger in one place, so the layers above
 * (uci/, match/, book/, tools/) hold a `const Variant *` and ask the row, never an id.
 *
 * Two rules families play the rows: the Position family (engine/position.h, whose rules row
 * is engine/variant.h's VariantRules, reached through `rules`) and the worlds family
 * (engine/worlds.h, docs/players/rules-schroedinger.md S1). variants/board.h is the session facade over both.
 * The table itself is data only (no search/ or eval/ functions), so search/thread.c and
 * eval/eval.c read their knobs from it at the start of a search, and qecmatch links it
 * without the search. */
#ifndef QEC_VARIANTS_H
#define QEC_VARIANTS_H

#include <stdbool.h>
#include <stddef.h>

#include "../engine/variant.h"
#include "search_params.h"

/* Which evaluation a variant's search uses (eval/eval.h's eval_function reads it). */
typedef enum {
    EVAL_LINKS,  /* qec: its LinkNet (eval/nnue_links.c), or the hand-made terms with the link walk (eval.c) */
    EVAL_CHESS,  /* the chess network (eval/chess.c), or its hand-made table with Use NNUE off */
    EVAL_TETHER, /* tether: its net (chess's shape), or its own table (eval/tether.c) */
    EVAL_WORLDS, /* schroedinger: eval/worlds.h over the worlds */
    EVAL_FAMILY_COUNT
} EvalFamily;

/* The Position search's knobs, named for what they do, copied into each thread at the start
 * of a search (search/thread.c), so no node tests the variant. A technique is on in a row
 * only where a match in that game gated it (docs/results/search-gates-*.md): most were tuned
 * where every decision is a whole move of the side to move; in QEC the decision before a
 * quiet move is as often a forced reply or a reactive step. */
typedef struct {
    bool rankMateExchange;    /* static exchange through rank-mates (T3.3, search/movepick.c) */
    bool narrowQuiescence;    /* deep quiescence plays recaptures only, then one, and few evasions
                                 (for capture trees that branch through rank-mates, T2.2) */
    bool quiescenceChecks;    /* quiet checks at the first quiescence level */
    bool continuationHistory; /* quiet ordering by the decisions 1 and 2 plies before (2 MiB a thread) */
    bool captureHistory;      /* captures: the victim first, then their own cut-off history */
    bool linearHistoryBonus;  /* a cut-off's history bonus grows with depth, not its square */
    bool correctionHistory;   /* the static eval corrected by the pawn structure's past errors */
    bool improving;           /* prune less where the side's eval rose since its last move */
    bool singularExtension;   /* the TT move alone good: one ply more (double and negative too) */
    bool prunesUnmade;        /* late quiets and bad captures pruned before they are made: a
                                 decision never starts a forced reply, gives_check tells a check */
    bool cutNodeReduction;    /* one ply more of reduction at an expected cut node */
    bool historyPruning;      /* late quiets with a failing history pruned at shallow depth */
    bool futilityNeedsOfficers; /* no reverse futility for a side with no officers (mate nets) */
    bool captureGainFromEval; /* delta pruning weighs a capture by the evaluation's own piece worth */
    int checkMask;            /* nodes between clock checks - 1 (a tether node costs several) */
    SearchParams params;      /* the tunable margins and divisors (search_params.h; SPSA, issue 44) */
} SearchKnobs;

/* The techniques of SearchKnobs the tuning build can switch per session (uci/tune.c: a check
 * option each, "Knob" + the name), so that a technique is tried in a game by a match without
 * a build of its own: X(field, UCI name). */
#define SEARCH_SWITCHES(X)                                                                                             \
    X(rankMateExchange, "KnobRankMateExchange")                                                                        \
    X(narrowQuiescence, "KnobNarrowQuiescence")                                                                        \
    X(quiescenceChecks, "KnobQuiescenceChecks")                                                                        \
    X(continuationHistory, "KnobContinuationHistory")                                                                  \
    X(captureHistory, "KnobCaptureHistory")                                                                            \
    X(linearHistoryBonus, "KnobLinearHistoryBonus")                                                                    \
    X(correctionHistory, "KnobCorrectionHistory")                                                                      \
    X(improving, "KnobImproving")                                                                                      \
    X(singularExtension, "KnobSingularExtension")                                                                      \
    X(prunesUnmade, "KnobPrunesUnmade")                                                                                \
    X(cutNodeReduction, "KnobCutNodeReduction")                                                                        \
    X(historyPruning, "KnobHistoryPruning")                                                                            \
    X(futilityNeedsOfficers, "KnobFutilityNeedsOfficers")                                                              \
    X(captureGainFromEval, "KnobCaptureGainFromEval")

#define SEARCH_SWITCH_COUNT_ONE(f, name) +1
enum { SEARCH_SWITCH_COUNT = 0 SEARCH_SWITCHES(SEARCH_SWITCH_COUNT_ONE) };
#undef SEARCH_SWITCH_COUNT_ONE
_Static_assert(SEARCH_SWITCH_COUNT <= 32, "SearchParamOverride.switchSet has a bit per switch");

typedef struct {
    const char *name; /* the tuning build's UCI option */
    size_t offset;    /* of the bool in SearchKnobs */
} SearchSwitchSpec;
extern const SearchSwitchSpec SEARCH_SWITCH_SPECS[SEARCH_SWITCH_COUNT];

static inline bool search_switch_get(const SearchKnobs *k, int i) {
    return *(const bool *)(const void *)((const char *)k + SEARCH_SWITCH_SPECS[i].offset);
}
static inline void search_switch_put(SearchKnobs *k, int i, bool on) {
    *(bool *)(void *)((char *)k + SEARCH_SWITCH_SPECS[i].offset) = on;
}
/* k with the numbers and the switches o has set (the tuning build's session values). */
static inline void search_knobs_override(SearchKnobs *k, const SearchParamOverride *o) {
    search_params_override(&k->params, o);
    for (int i = 0; i < SEARCH_SWITCH_COUNT; i++)
        if (o->switchSet >> i & 1u)
            search_switch_put(k, i, (o->switchOn >> i & 1u) != 0);
}

/* The win/draw/loss model of UCI_ShowWDL (uci/wdl.c), Stockfish's shape: a score of x
 * centipawns for the side to decide wins with probability 1 / (1 + exp((a - x) / b)) and loses
 * with 1 / (1 + exp((a + x) / b)); the rest is the draw. Fitted per variant to qec's own
 * self-play games (bench/wdl_fit.py, docs/results/wdl-model.md). a >= 0, b > 0. */
typedef struct {
    int a, b;
} WdlModel;

/* The kinds of game end (engine/position.h END_*), one row each: how every layer writes an end,
 * so `d`, `go`, `position`, `selfplay`, records and qecmatch say the same (docs/gui/record-format.md
 * for the PGN words). A variant row cites its own rule for each kind (variant_end_rule) and may
 * reword a kind (Variant.endText). */
typedef struct {
    const char *termination; /* the PGN Termination tag */
    const char *words;       /* for `d`, `go`, `position`; "%s": the mated side ("white") */
    const char *brief;       /* `selfplay`'s; "%s": the winner ("white mates") */
    const char *comment;     /* qecmatch's PGN comment; "%s": the mated side ("White") */
    bool mated;              /* the side to decide has lost: `go` answers `score mate 0` */
} EndKind;
extern const EndKind END_KINDS[END_KIND_COUNT];
/* A row's own words for a kind of end; a NULL field keeps END_KINDS'. `comment` is whole (a rule
 * cited inside it if the row wants one); `words` gets the row's rule after it, as the table's. */
typedef struct {
    const char *words, *comment;
} EndText;

/* A bench position (uci/bench.c): the FEN (NULL = start), the EntMap (qec) and the moves. */
typedef struct {
    const char *fen;
    const char *map;
    const char *moves;
} BenchPosition;

typedef struct Variant {
    const char *name;           /* the UCI_Variant value and qecmatch's -variant name */
    const char *pgnTag;         /* the PGN [Variant] tag, "" for none (standard chess) */
    const char *const *aliases; /* other spellings (cutechess, PGN), NULL-terminated */
    const VariantRules *rules;  /* the Position family's rules row, NULL in the worlds family */
    const char *startFen;       /* the start position (NULL in the worlds family: engine/worlds.h's) */
    bool fen;                   /* a game may start from a FEN (schroedinger: S4.2, no) */
    const char *fenRefusal;     /* without `fen`: the rule and why, for `position fen`'s refusal */
    bool book;                  /* the opening book (book/) keys its positions */
    bool worlds;                /* played on engine/worlds.h's consistent worlds (S1.2) */
    bool moveKinds;             /* moves are native, transporter or apex (T2.1-T2.6) */
    bool openingsMateExact;     /* `openings` proves "no forced mate" by trying every line of 1-2
                                   own moves, then searches a few plies: the game's search may miss
                                   a mate at low depth (schroedinger, issues 11 and 14) */
    const char *const *endRules; /* the rule of each END_* kind, for messages (NULL: rules->endRules) */
    const EndText *endText;     /* END_KIND_COUNT rewordings of END_KINDS, or NULL */
    SearchKnobs search;         /* the Position search's knobs (unused when worlds) */
    EvalFamily eval;
    WdlModel wdl;               /* UCI_ShowWDL's model of this variant */
    const BenchPosition *bench; /* the bench positions, in bench order */
    int nbench;
    int benchShallower;         /* bench searches them this many plies shallower (a costlier tree) */
    /* A weakened search's node limit at Skill Level 0, doubling every two levels (search/skill.h):
     * in a game whose search reaches depth level + 1 only at long clocks, depth alone would make
     * the upper levels play alike. 0: levels limit the depth only (chess, where UCI_Elo's map was
     * measured so). */
    uint64_t skillNodes;
} Variant;

enum { VARIANT_ROW_COUNT = 4 };
/* The rows in bench and listing order: qec, chess, tether, schroedinger. */
extern const Variant VARIANT_ROWS[VARIANT_ROW_COUNT];

/* The rows' names for usage and error messages, from the table: "qec (default), chess (also:
 * standard, classical, normal), tether, schroedinger (also: worlds)". */
void variant_names_text(char *buf, size_t len);

/* The default variant (qec). */
static inline const Variant *variant_default(void) { return &VARIANT_ROWS[0]; }
/* The row of a name or alias (case-insensitive), or NULL. */
const Variant *variant_named(const char *name);
/* The row a PGN [Variant] tag names ("" = standard chess; a name or alias also works), or NULL. */
const Variant *variant_of_pgn_tag(const char *tag);
/* The row of a Position (its engine/variant.h rules id). */
const Variant *variant_of_position(const Position *p);
/* The Position rules id (engine/position.h VARIANT_*) of a Position-family row. */
int variant_rules_id(const Variant *v);
/* A Position of row v from a FEN (pos_set_fen's checks); false with the reason in err, also
 * for a worlds row (its position is engine/worlds.h's). */
bool variant_set_fen(const Variant *v, Position *p, const char *fen, char *err, size_t errlen);
/* The UCI token of a decision as row v writes it (tether: castling e1h1; the worlds family
 * without a promotion letter, S2.5); MOVE_NONE is 0000. */
void variant_token(const Variant *v, Move m, char tok[6]);

/* The per mille chances {W, D, L} of the side to decide in row v by its model: at a score of cp
 * centipawns (mate 0), or a mate found (mate > 0: it mates, < 0: it is mated; a result, not a
 * chance: 1000 0 0 or 0 0 1000). Rounded so W + D + L = 1000 (UCI_ShowWDL, qecreview). */
void variant_wdl(const Variant *v, int cp, int mate, int wdl[3]);

/* A game's end in row v's words: "white is mated (R4.1)" (d, go, position), "(white mates,
 * R4.1)" (selfplay), "White is mated" (qecmatch's PGN comment); its rule number, "" if none. */
void variant_end_words(const Variant *v, const GameEnd *e, char *buf, size_t len);
void variant_end_brief(const Variant *v, const GameEnd *e, char *buf, size_t len);
void variant_end_comment(const Variant *v, const GameEnd *e, char *buf, size_t len);
const char *variant_end_rule(const Variant *v, int reason);
/* The result of an ended game: "1-0", "0-1", "0-0" (both lose, R4.2) or "1/2-1/2". */
const char *end_result(const GameEnd *e);

/* The Position-level flags live in the rules row (engine/variant.h), read here for any row. */
/* R1 links: an EntMap, QEC-style records and decisions. */
static inline bool variant_links(const Variant *v) { return v->rules && v->rules->links; }
/* One move a turn, any turn may start in check (all but qec). */
static inline bool variant_classical_turns(const Variant *v) { return !v->rules || v->rules->classicalTurns; }
/* A row whose evaluation has a network trained by qec (issue 31): qec's LinkNet, tether's net. */
static inline bool variant_has_net(const Variant *v) { return v && (v->eval == EVAL_LINKS || v->eval == EVAL_TETHER); }

#endif
