/* Basic types shared by every module: squares, pieces, moves, bitboards. */
#ifndef QEC_TYPES_H
#define QEC_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint64_t Bitboard;
typedef uint64_t Key;
typedef uint16_t Move;

enum { WHITE, BLACK };
enum { NO_PIECE_TYPE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING };
/* Piece = colour << 3 | type; 0 is an empty square. */
enum { NO_PIECE = 0 };
enum { NO_SQ = 64 };

/* Castling-right bits. */
enum { WHITE_OO = 1, WHITE_OOO = 2, BLACK_OO = 4, BLACK_OOO = 8 };

/* Move layout: from (bits 0-5), to (6-11), flag (12-15). Castling is written as the king's
 * two-square move (R5.1). */
enum { MF_NORMAL = 0, MF_CASTLE = 1, MF_EP = 2, MF_PROMO = 4 /* 4..7 = N,B,R,Q */ };
#define MOVE_NONE ((Move)0)
/* Tether's transporter moves (T2.2) need more room than chess: with at most 16 pieces a side
 * (checked for tether FENs), each piece has at most 64 - 16 targets and 8 pawns add 3 x 8
 * promotion moves each: 16 * 48 + 8 * 24 + 4 (castling, en passant) = 964. */
#define MAX_MOVES 1024
/* Chess and QEC move lists (at most 218 legal moves): their hot loops keep small frames. */
#define CLASSICAL_MAX_MOVES 256

/* SplitMix64: the project's reproducible random stream (maps, random openings, baseline
 * policies, test engines); each call advances *state and returns the next number. */
static inline uint64_t splitmix64_next(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline int make_piece(int c, int pt) { return (c << 3) | pt; }
static inline int piece_type(int pc) { return pc & 7; }
static inline int piece_color(int pc) { return pc >> 3; }

static inline int sq_file(int s) { return s & 7; }
static inline int sq_rank(int s) { return s >> 3; }
static inline int make_sq(int f, int r) { return r * 8 + f; }
/* "e4" -> square, or NO_SQ; reads two characters. */
static inline int sq_parse(const char *s) {
    if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
        return NO_SQ;
    return make_sq(s[0] - 'a', s[1] - '1');
}
static inline int relative_rank(int c, int r) { return c == WHITE ? r : 7 - r; }

static inline Move make_move(int from, int to, int flag) { return (Move)(from | (to << 6) | (flag << 12)); }
static inline Move make_promo(int from, int to, int pt) { return make_move(from, to, MF_PROMO + pt - KNIGHT); }
static inline int move_from(Move m) { return m & 63; }
static inline int move_to(Move m) { return (m >> 6) & 63; }
static inline int move_flag(Move m) { return m >> 12; }
static inline bool move_is_promo(Move m) { return move_flag(m) >= MF_PROMO; }
static inline int move_promo_type(Move m) { return move_flag(m) - MF_PROMO + KNIGHT; }

#endif
