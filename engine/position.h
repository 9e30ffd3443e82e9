/* The position: bitboards, links stored with the pieces (R1.5), the decision point at hand
 * (R2) and a state stack for undo. No I/O, no globals beyond read-only tables. */
#ifndef QEC_POSITION_H
#define QEC_POSITION_H

#include "bitboard.h"
#include "zobrist.h"
#include "types.h"

/* Variant ids index the rules table (variant.h). */
enum { VARIANT_QEC, VARIANT_CHESS, VARIANT_TETHER, VARIANT_COUNT };
/* The decision at hand inside a turn (R2). PHASE_OVER: a required reactive step was
 * impossible, `loser` is mated (R4.1). */
enum { PHASE_BASE, PHASE_FORCED, PHASE_REACT, PHASE_OVER };

/* Enough for a search of several hundred decisions on top of a game history of at most
 * POS_KEEP_STATES (older states are dropped by pos_compact, see below). */
#define POS_MAX_STATES 1536
#define POS_KEEP_STATES 400

typedef struct {
    Key key;          /* pieces, castling, en passant, turn owner, counters */
    Key entKey;       /* the set of links */
    Move move;        /* the decision that led here */
    uint8_t castling;
    uint8_t ep;       /* en-passant target usable by this turn's base move, or NO_SQ */
    uint8_t epPending;/* square passed over by this turn's base double push (R3.2) */
    uint8_t epRaw;    /* square passed over by the last native double step, even when no
                         capture onto it is legal (T4.3: a pawn move there is still en passant) */
    uint8_t captured; /* piece captured by `move` */
    uint8_t capturedPartner; /* its link partner, or NO_SQ */
    uint8_t promoPartner;    /* link partner of a pawn that promoted with `move`, or NO_SQ */
    uint8_t stm;      /* owner of the current turn */
    uint8_t phase;
    uint8_t pending;  /* forced: the counterpart's square; react: the king's; else NO_SQ */
    uint8_t loser;    /* PHASE_OVER: the mated colour */
    uint8_t irreversible; /* IRR_* of this turn's decisions so far */
    uint16_t rule50;  /* turns since the last capture or pawn move (R4.5, R7.3) */
    uint16_t repWindow; /* turns since the last capture or promotion: how far back a repetition
                           may lie where pawns can move back (tether, T2.2) */
    uint16_t fullmove;
    uint16_t nullDist;/* decisions since the last null move (for repetition scans) */
    uint8_t counter[POS_MAX_COUNTERS]; /* the rules row's extra state (engine/variant.h), 0 if none */
} StateInfo;
/* pos_do copies the whole state: the counters sit in what was padding, so they cost no copy. */
_Static_assert(sizeof(StateInfo) == 40, "StateInfo grew: every pos_do copies it");

typedef struct Position {
    Bitboard byType[7]; /* [0]: all pieces */
    Bitboard byColor[2];
    uint8_t board[64];
    uint8_t link[64];   /* the partner's square, or NO_SQ */
    int variant;
    int ply;            /* index of the current state */
    StateInfo st[POS_MAX_STATES];
} Position;

/* What a turn did that no later turn can undo (StateInfo.irreversible; any of them restarts the
 * fifty-move count): a capture or a promotion changes the material for good; a pawn move too,
 * but in tether a pawn may be moved back by transport (T2.2), so there it does not end the
 * turns a repetition (T5.3) may reach back to. */
enum { IRR_PAWN = 1, IRR_MATERIAL = 2 };

/* Game end (R4). END_OWN_RULE: a rules row's own end (its gameEnd hook, engine/variant.h) gave
 * the game to the side that just finished its turn, as a mate would (three-check's third check). */
enum { END_NONE, END_MATE, END_DUAL_KING, END_STALEMATE, END_REPETITION, END_FIFTY, END_MATERIAL, END_OWN_RULE,
       END_KIND_COUNT };
enum { RESULT_DRAW = -1, RESULT_BOTH_LOSE = -2 };
typedef struct {
    int reason; /* END_* */
    int winner; /* WHITE, BLACK, RESULT_DRAW or RESULT_BOTH_LOSE */
} GameEnd;

void engine_init(void);

/* Set up from a FEN (4 to 6 fields, then one per counter of the rules row; a counter left out
 * takes its initial value). On failure returns false, writes the reason to err and
 * leaves p untouched. The new position has no links. */
bool pos_set_fen(Position *p, const char *fen, int variant, char *err, size_t errlen);
/* The FEN of the current board (R7), with the rules row's counters after the six classical
 * fields; mid-turn the side field is the turn owner. */
void pos_fen(const Position *p, char *buf, size_t len);

static inline const StateInfo *pos_state(const Position *p) { return &p->st[p->ply]; }
static inline Bitboard pos_pieces(const Position *p, int c, int pt) { return p->byColor[c] & p->byType[pt]; }
static inline int pos_king(const Position *p, int c) { return lsb(pos_pieces(p, c, KING)); }
static inline int pos_turn(const Position *p) { return p->st[p->ply].stm; }
static inline int pos_phase(const Position *p) { return p->st[p->ply].phase; }
/* Who decides at the decision point at hand: the turn owner at a base move, else the owner
 * of the pending piece (R2.3, R2.5). */
static inline int pos_decider(const Position *p) {
    const StateInfo *s = pos_state(p);
    return s->phase == PHASE_FORCED || s->phase == PHASE_REACT ? piece_color(p->board[s->pending]) : s->stm;
}
/* A turn that is one classical move (chess; not QEC, whose turn has decision points, R2):
 * such a turn may start in check, and UCI's `mate N` counts the mating side's moves. In QEC
 * a checked king steps at once (R2.5), so a turn starts in check only at a root (R7.4). */
bool pos_classical_turns(const Position *p); /* the rules row's flag (engine/variant.h) */
/* Full key: board ^ entanglement ^ decision phase and pending piece. */
static inline Key pos_key(const Position *p) {
    const StateInfo *s = pos_state(p);
    return s->key ^ s->entKey ^ Z_PHASE[s->phase][s->pending];
}
/* pos_key with the variant mixed in (nothing for QEC, so QEC's keys are pos_key): the key of
 * anything shared across variants — the TT, which UCI_Variant does not clear, and the book.
 * The same board in chess, tether and QEC with map none is three positions. */
static inline Key pos_variant_key(const Position *p) { return pos_key(p) ^ (Key)p->variant * 0x9E3779B97F4A7C15ULL; }
/* A well-mixed 64-bit hash of the two pawn bitboards (white, black): the index of the eval's
 * pawn cache and of the search's correction history (each takes the bits it needs). */
static inline uint64_t pawn_structure_hash(Bitboard white, Bitboard black) {
    uint64_t h = white * 0x9E3779B97F4A7C15ULL ^ black * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 29;
    return h * 0xBF58476D1CE4E5B9ULL;
}

/* The castling rights left after a move from `from` to `to`: a king or rook leaving its home
 * square, or anything arriving there (a capture), ends the rights that need it. */
static inline int castling_after(int cr, int from, int to) {
    static const uint8_t LOST[64] = {[0] = WHITE_OOO,  [4] = WHITE_OO | WHITE_OOO,  [7] = WHITE_OO,
                                     [56] = BLACK_OOO, [60] = BLACK_OO | BLACK_OOO, [63] = BLACK_OO};
    return cr & ~(LOST[from] | LOST[to]);
}

/* Board primitives: pieces and bitboards only (no keys, no links). */
static inline void pos_put_piece(Position *p, int pc, int s) {
    p->board[s] = (uint8_t)pc;
    p->byType[0] |= sq_bb(s);
    p->byType[piece_type(pc)] |= sq_bb(s);
    p->byColor[piece_color(pc)] |= sq_bb(s);
}
static inline void pos_remove_piece(Position *p, int s) {
    int pc = p->board[s];
    p->byType[0] ^= sq_bb(s);
    p->byType[piece_type(pc)] ^= sq_bb(s);
    p->byColor[piece_color(pc)] ^= sq_bb(s);
    p->board[s] = NO_PIECE;
}
static inline void pos_move_piece(Position *p, int from, int to) {
    int pc = p->board[from];
    Bitboard ft = sq_bb(from) | sq_bb(to);
    p->byType[0] ^= ft;
    p->byType[piece_type(pc)] ^= ft;
    p->byColor[piece_color(pc)] ^= ft;
    p->board[from] = NO_PIECE;
    p->board[to] = (uint8_t)pc;
}

Bitboard pos_attackers_to(const Position *p, int s, Bitboard occ);
bool pos_in_check(const Position *p, int c);

/* Links (R1). pos_add_link validates R1.2 and writes an error naming the square. */
void pos_clear_links(Position *p);
bool pos_add_link(Position *p, int a, int b, char *err, size_t errlen);
/* Pairs as pawn square, officer square; returns the number of pairs. */
int pos_links(const Position *p, int pairs[][2]);

/* The options at the decision point at hand, unsorted. Zero once the game is over. */
int pos_legal_decisions(const Position *p, Move *list);
/* m is one of them: a decision from elsewhere (a TT entry, a PV, a notation reader's guess)
 * is checked before pos_do, which trusts its caller. */
bool pos_is_legal_decision(const Position *p, Move m);
/* Make one decision (must be one of pos_legal_decisions) and move on to the next decision
 * point, skipping points with no options (R2.3, R2.5). */
void pos_do(Position *p, Move m);
void pos_undo(Position *p);
/* Pass the turn without moving (search only; base phase, not in check). */
void pos_do_null(Position *p);
void pos_undo_null(Position *p);
/* Drop old history once the stack is deep, keeping what repetition needs. The states
 * dropped can no longer be undone; callers that replay a game (UCI) call this. */
void pos_compact(Position *p);

/* Game end at a turn start or after a mate (R4.1–R4.6). */
bool pos_game_end(const Position *p, GameEnd *end);
bool pos_is_repetition(const Position *p, int times);
/* No mate is possible any more (R4.6; with bare kings also R4.2). */
bool pos_insufficient_material(const Position *p);

/* From-scratch keys and full consistency check (debug builds run it after every make and
 * unmake). Returns false and writes what is wrong. */
Key pos_board_key_scratch(const Position *p);
Key pos_ent_key_scratch(const Position *p);
bool pos_verify(const Position *p, char *err, size_t errlen);

/* UCI tokens for decisions (R5.1): castling as the king's two-square move. */
void move_to_uci(Move m, char buf[6]);
/* The token in the notation of `variant`: tether writes castling as the king taking its own
 * rook (T6.2), e1h1 / e1a1. */
void move_to_uci_variant(Move m, int variant, char buf[6]);
/* The legal decision written as tok at the decision point at hand, or MOVE_NONE. */
Move pos_parse_decision(const Position *p, const char *tok);

#endif
