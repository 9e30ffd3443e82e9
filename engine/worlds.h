/* Haft Schroedinger Chess rules core (docs/players/rules-schroedinger.md, S1-S5): a self-contained position with
 * exact world tracking, do/undo on its own state stack, legal move generation, perft, the exact
 * world count, the types each major can still have, the game end (S3) and a key covering the
 * board and the set of consistent worlds.
 *
 * How the worlds are kept (S6): per side, the 5,040 assignments of K Q R R B B N N to the eight
 * original majors are bits of a set laid out as 8 blocks of 630 (one block per king identity,
 * padded to 640 bits). Every constraint of S1.3 is either one-sided (a move fixes the mover's
 * possible types; a pawn attacker says "k is not the king") or a pair "if the opponent's king is
 * k' then my piece j is not type n". So each side keeps one set per opponent king identity k'
 * (side[c][k']), and each promoted piece one type mask per k'. For a king pair (kw, kb) the
 * consistent worlds are the product of block kw of side[WHITE][kb], block kb of
 * side[BLACK][kw] and each promoted piece's types under the opposing king: existence and the
 * exact count are a few block operations per pair. Exact, never a heuristic. */
#ifndef QEC_WORLDS_H
#define QEC_WORLDS_H

#include "types.h"

/* Type bits, in the `Types:` letter order KQRBN (S4.3). */
enum { WORLDS_K = 1, WORLDS_Q = 2, WORLDS_R = 4, WORLDS_B = 8, WORLDS_N = 16, WORLDS_ALL = 31, WORLDS_PROMO_TYPES = 30 };

enum {
    WORLDS_ASSIGNMENTS = 5040, /* 8!/(2!2!2!) per side (S1.2) */
    WORLDS_BLOCK_BITS = 640,   /* 630 assignments per king identity, padded to whole words */
    WORLDS_BLOCK_WORDS = 10,
    WORLDS_SET_WORDS = 80,
    WORLDS_MAX_PROMO = 8, /* per side: one per pawn */
    WORLDS_MAX_MOVES = 512, /* 16 majors x 27 squares + pawn moves, with room */
};

typedef struct {
    uint64_t w[WORLDS_SET_WORDS];
} WorldsSet;

/* Board square contents: 0 empty, else 1 + (colour << 5 | id), id 0-7 the original majors
 * (identity = start file), 8-15 promoted majors in promotion order, 16 a pawn. */
enum { WORLDS_EMPTY = 0, WORLDS_PAWN_ID = 16 };

/* One ply of the state stack. Copy-make: do copies the top and edits the copy, undo pops. */
enum { WORLDS_TYPES_BOUND = 8 };

typedef struct {
    WorldsSet side[2][8];                  /* [c][k']: c's assignments allowed if the enemy king is k' */
    uint8_t promo[2][WORLDS_MAX_PROMO][8]; /* [c][p][k']: types of promoted piece p if enemy king is k' */
    uint8_t board[64];
    uint8_t major_sq[2][16]; /* NO_SQ when captured or not (yet) promoted */
    uint8_t n_promo[2];
    uint8_t stm, ep; /* ep: the square passed by the last double step, or NO_SQ (S4.3) */
    uint16_t halfmove, ply;
    Bitboard by_color[2], pawns[2];
    Move move;         /* the move that led here (MOVE_NONE at the start) */
    uint8_t captured;  /* square content it captured */
    uint8_t key_valid; /* world_key computed */
    uint8_t known;     /* bit 0: live computed; bit 1 + c: types[c] computed (on demand);
                          bit 3 + c (WORLDS_TYPES_BOUND << c): types[c] holds a superset (a parent's) */
    uint8_t types[2][16]; /* [c][id]: the types over the consistent worlds (worlds_known_types) */
    uint64_t live;        /* the live king pairs (worlds_known_live) */
    Key board_key;     /* identities on squares, side to move, ep square */
    Key world_key;     /* canonical hash of the consistent world set, computed on demand */
} WorldsState;

typedef struct {
    WorldsState *stack; /* grows on demand (a game is as long as it is) */
    int cap, top;    /* stack[top] is the current state */
} WorldsPos;

static inline WorldsState *worlds_st(const WorldsPos *p) { return &p->stack[p->top]; }
static inline int worlds_piece_color(int pc) { return (pc - 1) >> 5; }
static inline int worlds_piece_id(int pc) { return (pc - 1) & 31; }

/* Tables (idempotent, thread-safe). worlds_pos_init calls it. */
void worlds_init(void);

/* The start position (S1.1). false only if memory is short. */
bool worlds_pos_init(WorldsPos *p);
void worlds_pos_free(WorldsPos *p);
/* dst (not initialised) becomes an independent copy of src with its history (e.g. one per
 * search thread); free it with worlds_pos_free. false only if memory is short. */
bool worlds_pos_copy(WorldsPos *dst, const WorldsPos *src);
/* Back to the start position, keeping the allocation. */
void worlds_pos_reset(WorldsPos *p);

/* Candidate moves (S2.2: squares the piece's possible types reach; pawns classical), not yet
 * checked against S2.1. Promotions carry MF_PROMO, en passant MF_EP. */
int worlds_gen_candidates(const WorldsPos *p, Move *list);
/* Legal moves (S2.1): candidates that leave at least one consistent world. */
int worlds_gen_legal(WorldsPos *p, Move *list);
/* Plays m when it is legal (true); otherwise the position is unchanged. Any 16-bit value is
 * safe to pass (a TT move, a corrupt token): it must be a move of the side to move's pieces. */
bool worlds_do_move(WorldsPos *p, Move m);
void worlds_undo_move(WorldsPos *p);
/* A null move for the search (undo with worlds_undo_move): only when the side to move is in check
 * in no world (worlds_check_status). false only if memory is short. */
bool worlds_do_null(WorldsPos *p);
/* Whether the side to move has a legal move (stops at the first). */
bool worlds_has_legal_move(WorldsPos *p);
/* Legality of one move (S2.1) without playing it (no state is built: ~0.3-0.8 us). */
bool worlds_is_legal(WorldsPos *p, Move m);

/* perft (S5.1) and divide (per root move; returns the number of root moves). */
uint64_t worlds_perft(WorldsPos *p, int depth);
int worlds_perft_divide(WorldsPos *p, int depth, Move *moves, uint64_t *counts);

/* The exact number of consistent worlds (S1.4, S4.3). */
uint64_t worlds_world_count(const WorldsPos *p);
/* Types the major on sq has in at least one consistent world (0: empty square or pawn). */
unsigned worlds_types(const WorldsPos *p, int sq);
/* Types of major `id` of colour c over the consistent worlds, captured or not (S1.4): 0-7 the
 * original majors, 8 + p the p-th promoted piece (p < stack top's n_promo[c]). */
unsigned worlds_identity_types(const WorldsPos *p, int c, int id);
/* The same for every identity of both sides at once (the eval's view): types[c][id] for id < 8 +
 * n_promo[c], 0 past it. */
void worlds_all_types(const WorldsPos *p, unsigned types[2][16]);
/* Squares a piece of the given types on sq reaches on occupancy occ (S2.2). */
Bitboard worlds_reach(unsigned types, int sq, Bitboard occ);

/* Zobrist-style key: board (identities on squares), side to move, ep square, and a canonical
 * hash of the consistent world set (equal sets give equal keys). */
Key worlds_key(WorldsPos *p);

/* Check status of the side to move (S3.1): in check in no / some / every consistent world. */
enum { WORLDS_CHECK_NONE, WORLDS_CHECK_SOME, WORLDS_CHECK_ALL };
int worlds_check_status(const WorldsPos *p);

/* S3: the game state for the side to move. */
enum {
    WORLDS_ONGOING,
    WORLDS_CHECKMATE,  /* no legal move, in check in every world: the side to move lost (S3.2) */
    WORLDS_STALEMATE,  /* no legal move otherwise (S3.2) */
    WORLDS_REPETITION, /* third occurrence (S3.3) */
    WORLDS_FIFTY,      /* 100 plies without capture or pawn move (S3.3) */
    WORLDS_BARE,       /* one piece left on each side (S3.3) */
};
int worlds_result(WorldsPos *p);
/* The position (board, side to move, ep square, world set) occurred before within the plies
 * since the last capture or pawn move: a search's draw by repetition (S3.3). */
bool worlds_repeated(const WorldsPos *p);

/* "e2e4" -> the legal move, or MOVE_NONE with *err set (S2.5: a promotion letter is an error). */
Move worlds_parse_move(WorldsPos *p, const char *tok, const char **err);
/* Move as a UCI token (S4.1), no letter for promotions; buf holds at least 5 bytes. */
void worlds_move_str(Move m, char *buf);
/* S4.3 lines, NUL-terminated, truncated to n: the FEN with M/m, and the Types list. */
void worlds_fen(const WorldsPos *p, char *buf, size_t n);
void worlds_types_line(const WorldsPos *p, char *buf, size_t n);

#endif
