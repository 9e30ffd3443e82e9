/* Static evaluation. The score is linear in a table of (middlegame, endgame) weights, tapered
 * by the material phase, so the same code serves the search (evaluate) and the texel tuner
 * (eval_trace: the coefficient of every weight). Read-only tables, no globals written. */
#ifndef QEC_EVAL_H
#define QEC_EVAL_H

#include "../engine/position.h"
#include "../variants/variants.h"
#include "nnue.h"
#include "nnue_links.h"

/* Every weight, grouped; the tuner and eval/weights.h use these indices. */
enum {
    T_MATERIAL = 0,                 /* [pt - PAWN], pawn..queen */
    T_PST = T_MATERIAL + 5,         /* [pt - PAWN][relative rank * 4 + folded file], pawn..king */
    T_MOB_N = T_PST + 6 * 32,       /* [safe squares 0..8] */
    T_MOB_B = T_MOB_N + 9,          /* [0..13] */
    T_MOB_R = T_MOB_B + 14,         /* [0..14] */
    T_MOB_Q = T_MOB_R + 15,         /* [0..27] */
    T_PASSED = T_MOB_Q + 28,        /* [relative rank] */
    T_DOUBLED = T_PASSED + 8,
    T_ISOLATED,
    T_PHALANX,
    T_SUPPORTED,
    T_BISHOP_PAIR,
    T_ROOK_OPEN,
    T_ROOK_SEMIOPEN,
    T_SHIELD,                       /* own pawns in front of the king */
    T_KING_ATTACK,                  /* [pt - KNIGHT]: attacks on squares next to the enemy king */
    T_KING_ESCAPES = T_KING_ATTACK + 4, /* [0..8] safe one-square king steps (R2.5 mate risk) */
    T_ENT_CONTROL = T_KING_ESCAPES + 9, /* [officer pt - KNIGHT]: our pawns linked to enemy officers */
    T_PULLABLE = T_ENT_CONTROL + 4, /* [officer pt - KNIGHT]: ... whose pawn can move right now */
    T_COUNTER_MOB = T_PULLABLE + 4, /* mobility of enemy officers our pawn moves would free */
    T_FREE_PAWN,                    /* unlinked pawns: moves that hand the enemy no reply */
    T_FREE_RATIO,                   /* 16 * unlinked officers / officers */
    T_TEMPO,                        /* the turn owner */
    EVAL_NTERMS,                    /* QEC's and chess's table ends here (EVAL_WEIGHTS) */
    /* Tether only (eval/tether.c, rules-tether.md T2): TETHER_WEIGHTS holds every term above, tuned
     * on tether games, and these. */
    T_TETHER_MOB = EVAL_NTERMS,     /* safe squares of each piece's rank union (T2.2), / 4 */
    T_TETHER_KINDS,                 /* per extra piece kind on a rank, per piece there */
    T_TETHER_APEX,                  /* pawns that can promote by their next move (T2.6) */
    T_TETHER_APEX2,                 /* pawns on the rank before a last-rank reach */
    T_TETHER_EXPOSED,               /* king-ring squares in the enemy's rank unions */
    TETHER_NTERMS
};

/* Classical chess only (eval/chess.c): CHESS_WEIGHTS holds every classical term and these. Their
 * indices overlap tether's: each variant has its own table and trace. */
enum {
    T_CH_THREAT_PAWN = EVAL_NTERMS, /* enemy officers attacked by our pawns */
    T_CH_THREAT_PUSH,               /* ... by a safe push of one of our pawns */
    T_CH_MINOR_BY_MINOR,            /* enemy minors attacked by our minors */
    T_CH_MINOR_BY_MAJOR,            /* undefended enemy minors attacked by our rooks/queens */
    T_CH_ROOK_BY_MINOR,             /* enemy rooks attacked by our minors */
    T_CH_QUEEN_ATTACKED,            /* the enemy queen attacked by any of our pieces */
    T_CH_HANGING,                   /* enemy officers attacked and not defended */
    T_CH_WEAK_PAWN,                 /* enemy pawns attacked and not defended */
    T_CH_SAFE_CHECK,                /* [pt - KNIGHT]: squares from which a piece can check safely */
    T_CH_WEAK_RING = T_CH_SAFE_CHECK + 4, /* enemy king-ring squares we attack, only its king defends */
    T_CH_KING_DANGER,               /* [bucket 0..9] of attack units on the enemy king */
    T_CH_PASSER_SAFE = T_CH_KING_DANGER + 10, /* [relative rank]: stop square empty, not attacked */
    T_CH_PASSER_FREE = T_CH_PASSER_SAFE + 8,  /* [relative rank]: the whole path so */
    T_CH_PASSER_OWN_KING = T_CH_PASSER_FREE + 8, /* [relative rank]: own king's distance to the stop */
    T_CH_PASSER_ENEMY_KING = T_CH_PASSER_OWN_KING + 8, /* [relative rank]: the enemy king's */
    T_CH_PASSER_PROTECTED = T_CH_PASSER_ENEMY_KING + 8, /* defended by an own pawn */
    T_CH_ROOK_7TH,                  /* rook on the 7th, enemy king on the 8th or pawns on the 7th */
    T_CH_OUTPOST,                   /* [pt - KNIGHT]: minor on ranks 4-6, pawn-defended, unassailable */
    T_CH_SPACE = T_CH_OUTPOST + 2,  /* safe central squares of our half */
    T_CH_BACKWARD,                  /* pawns behind their neighbours whose stop an enemy pawn holds */
    T_CH_SHELTER,                   /* [relative rank, 0 = none]: own pawn in front of the king, per file */
    T_CH_STORM = T_CH_SHELTER + 8,  /* [relative rank, 0 = none]: enemy pawn coming at the king, per file */
    T_CH_STORM_BLOCKED = T_CH_STORM + 8, /* ... stopped by our shelter pawn right in front of it */
    T_CH_BAD_BISHOP,                /* own pawns on the squares of our bishop's colour, per bishop */
    T_CH_MINOR_BEHIND_PAWN,         /* a minor with a pawn right in front of it */
    T_CH_KNIGHT_PAWNS,              /* knights times own pawns (a knight gains with pawns) */
    T_CH_ROOK_PAWNS,                /* rooks times own pawns (a rook gains on open boards) */
    T_CH_TRAPPED_ROOK,              /* a rook shut in beside its king on the first rank */
    T_CH_ROOK_BEHIND_PASSER,        /* our rook behind our passer on its file */
    CHESS_NTERMS
};

/* The largest table: a trace has room for every variant's terms. */
enum { EVAL_MAXTERMS = (int)CHESS_NTERMS > (int)TETHER_NTERMS ? (int)CHESS_NTERMS : (int)TETHER_NTERMS };

enum { EVAL_PHASE_MAX = 24 };
/* The first term of each piece type's mobility table (knight..queen); a table runs to the next
 * one's first term, the queen's to T_PASSED. */
static const int EVAL_MOB_FIRST[7] = {0, 0, T_MOB_N, T_MOB_B, T_MOB_R, T_MOB_Q, T_PASSED};

/* Coefficients of one position, white minus black, and its phase (EVAL_PHASE_MAX = all
 * officers on the board). eval = taper(sum weights * coef). */
typedef struct {
    int16_t coef[EVAL_MAXTERMS];
    int phase;
} EvalTrace;

/* One weight table: {middlegame, endgame} per term. */
typedef const int16_t (*EvalWeights)[2];

/* Untapered sums of the classical terms with the weights w (a variant's evaluation adds its
 * own terms, then calls eval_taper). */
typedef struct {
    int mg, eg, phase;
} EvalSum;

/* Squares strictly in front of s for colour c, on s's file and the two next to it. */
static inline Bitboard front_span(int c, int s) { return BB_FRONT_SPAN[c][s]; }

static inline Bitboard adjacent_files(int f) { return BB_ADJACENT_FILES[f]; }

/* The pawn-structure terms of positions seen before, per search thread (the pawn hash of
 * Stockfish and Ethereal): the terms that read nothing but the pawns are summed once per
 * structure and weight table. An entry's key is the exact structure and table, so a cached
 * evaluation equals the uncached one to the bit. Zeroed memory is an empty cache. */
typedef struct {
    Bitboard pawns[2];
    const void *table; /* the weight table the sums were made with */
    int32_t mg, eg;
} PawnEntry;
enum { PAWN_CACHE_SIZE = 1 << 13 };
typedef struct {
    PawnEntry entry[PAWN_CACHE_SIZE];
} PawnCache;

/* A network loaded at run time (EvalFile, search_set_nets) for one evaluation family, in the
 * shape that family reads (eval_net_shape): a LinkNet (nnue_links.h) or a net of the board
 * shape (nnue.h). Both NULL: the family's compiled-in net (docs/dev/qec-network.md). */
typedef struct {
    const LinkNet *links;
    const NnueNet *board;
} EvalNet;
typedef enum { NET_SHAPE_NONE, NET_SHAPE_LINKS, NET_SHAPE_BOARD } NetShape;
/* The shape of network family f takes from a file (NET_SHAPE_NONE: its net, if any, is
 * compiled in only). One table, so EvalFile and the tools load a file for every family of its
 * shape without naming a game. */
NetShape eval_net_shape(EvalFamily f);

/* What a search thread keeps between evaluations: its pawn structures and the networks'
 * accumulators of the last position it evaluated. Zeroed memory is empty. net: the search's
 * family's EvalFile net, or none (eval_function's net is then the compiled-in one). Each net
 * keeps its own accumulators: `nnue` the compiled-in chess net's, `boardNnue` the board-shaped
 * net of a family with a trained net of its own (its weights, compiled in or EvalFile's),
 * `links` the LinkNet's (which also records its net); the search empties `boardNnue` at each
 * search's start, as EvalFile may have changed the net since. */
typedef struct {
    PawnCache pawns;
    NnueCache nnue;
    NnueCache boardNnue;
    LinkNetCache links;
    EvalNet net;
} EvalCache;

/* Centipawns from the view of the player who decides at p (pos_decider: at a turn start,
 * the turn owner). Only meaningful for a position that is not over. pc: a thread's pawn
 * cache, or NULL (every evaluation below takes one). */
int evaluate(const Position *p, PawnCache *pc);
/* The same evaluation from White's view. */
int evaluate_white(const Position *p);
/* The static evaluation of a variant's positions, with a thread's caches (or NULL): the row's
 * EvalFamily (variants/variants.h) picks it; the search asks once per search. By default a
 * variant's network: chess's, QEC's (LinkNet) and tether's, each compiled in, QEC's and tether's
 * replaced by ec->net when set (EvalFile); their scores are the search's own
 * scale (they learnt qec's searched scores, docs/dev/qec-network.md). handMade (UCI `Use NNUE
 * false`): the hand-made evaluation instead (evaluate_chess, evaluate, evaluate_tether), so both
 * can be compared in one binary. Schroedinger has no network and is unaffected. */
typedef int (*EvalFn)(const Position *p, EvalCache *ec);
EvalFn eval_function(const Variant *v, bool handMade);
void eval_trace(const Position *p, EvalTrace *t);
/* Material only, pawn = 100, from colour c's view (the baseline policies' measure). */
int eval_material(const Position *p, int c);
const char *eval_term_name(int term, char *buf, size_t len);
/* What the classical pass learns of the officers' attacks (occupancy: every piece), handed to a
 * variant's own terms so that they need not walk the pieces again: the squares each colour's
 * knights, bishops, rooks and queens attack ([colour][pt], pawns and king not filled), and how
 * many of each kind attack a square next to the other king. */
typedef struct {
    Bitboard by[2][7];
    int ringAttackers[2][7];
} EvalAttacks;
/* A variant's own terms counted per side (tether's: EVAL_NTERMS .. EVAL_NTERMS + n - 1; chess
 * adds its own straight into the sums) with the counts white[i] - black[i] into s, weighted by
 * w, and their coefficients into t if not NULL. */
void eval_add_own_terms(EvalWeights w, int n, const int *white, const int *black, EvalTrace *t, EvalSum *s);
/* A variant's evaluation (chess.c, tether.c; variants without links): the classical terms with
 * its table w, then `own` adds its own terms into s (and their coefficients into t if not
 * NULL), reading the attacks the classical pass found in at. */
typedef void (*EvalOwnTerms)(const Position *p, const EvalAttacks *at, EvalTrace *t, EvalSum *s);
/* A variant's own terms that read the pawns alone (the pawn cache keeps their sum). */
typedef void (*EvalPawnTerms)(const Position *p, EvalTrace *t, EvalSum *s);
/* A variant without links: its table, its own terms and its own pawn terms (NULL: none). */
typedef struct {
    EvalWeights w;
    EvalOwnTerms own;
    EvalPawnTerms pawns;
} EvalVariant;
/* From the view of the side to move. */
int eval_variant(const Position *p, const EvalVariant *v, PawnCache *pc);
/* The same sums, untapered and from White's view (a variant that scales a part of them, as chess
 * scales its endgame part, works on these; eval_for_decider then tapers them). */
EvalSum eval_variant_sum(const Position *p, const EvalVariant *v, PawnCache *pc);
/* Every coefficient (the own terms' too) and the phase: the tuner's view. */
void eval_variant_trace(const Position *p, const EvalVariant *v, EvalTrace *t);
/* The own terms alone (pawn terms included), tapered, from White's view (tests). */
int eval_own_terms_white(const Position *p, const EvalVariant *v);
static inline int eval_taper(const EvalSum *s) {
    return (s->mg * s->phase + s->eg * (EVAL_PHASE_MAX - s->phase)) / EVAL_PHASE_MAX;
}
/* s tapered, from the view of the decider at p. */
static inline int eval_for_decider(const Position *p, const EvalSum *s) {
    int v = eval_taper(s);
    return pos_decider(p) == WHITE ? v : -v;
}

extern const int16_t EVAL_WEIGHTS[EVAL_NTERMS][2];

#endif
