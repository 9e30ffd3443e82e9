/* Tether Chess move generation (rules-tether.md T2–T4): transporter moves as per-rank unions of
 * the rank-mates' native reach, legality by classical check and pin masks (T3). */
#ifndef QEC_TETHER_H
#define QEC_TETHER_H

#include "position.h"

/* The legal moves of the side to move, each once (T2.4); castling carries MF_CASTLE and the
 * king's two-square destination internally (it is written e1h1, T6.2). */
int tether_legal(const Position *p, Move *list);
/* The number tether_legal would return, without writing the list (perft's last ply). */
int tether_count(const Position *p);
/* Tether perft (T7.1): distinct sequences of `depth` legal plies. */
uint64_t tether_perft(Position *p, int depth);
/* Native reach of the piece on s (T2.2): the squares it could move to by its own classical
 * movement on the current board, en passant and castling excepted. */
Bitboard tether_reach(const Position *p, int s);
/* U[r]: the union of the native reach of the pieces of `us` on rank r (T2.2), what any of
 * them may borrow; for the eval's tether terms. */
void tether_rank_unions(const Position *p, int us, Bitboard U[8]);
/* What a legal move is, for people (the web board colours the kinds apart, as the seed's UI
 * did): a native move (T2.1: the piece's own classical move, castling and en passant
 * included), a transporter move (T2.2: only through a rank-mate's reach), or an apex
 * promotion (T2.6: a transporter move that promotes, the seed's Pawn-Knight Apex). */
typedef enum { TETHER_NATIVE, TETHER_TRANSPORTER, TETHER_APEX } TetherMoveKind;
TetherMoveKind tether_move_kind(const Position *p, Move m);
/* FEN checks beyond the classical ones: at most 16 pieces a side (keeps MAX_MOVES a bound). */
bool tether_fen_ok(const Position *p, char *err, size_t errlen);

#endif
