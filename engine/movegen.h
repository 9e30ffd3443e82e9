/* Legal move generation with check and pin masks (no make-and-test). */
#ifndef QEC_MOVEGEN_H
#define QEC_MOVEGEN_H

#include "position.h"

/* Classical legal moves of colour `us` whose moving piece stands in fromMask. `special`
 * allows castling and en passant (only a base move may do either: R3.1, R3.2). */
int gen_legal(const Position *p, int us, Bitboard fromMask, bool special, Move *list);
/* gen_legal(p, side to move, every piece, special = true, list). */
int gen_legal_all(const Position *p, Move *list);
/* The moves of gen_legal_all that capture (en passant too) or promote to a queen, in the same
 * order: what the quiescence search plays. */
int gen_legal_noisy(const Position *p, Move *list);
/* Does the side to move have a legal move? (The king's safe steps first: usually enough.) */
bool has_legal_move(const Position *p);
/* Legal moves of the one non-king piece on `from` (a forced reply, R2.3), no castling or en
 * passant; only that piece is tested for a pin. mayBeInCheck=false promises that its king
 * is not in check (saves the checkers scan). */
int gen_piece_moves(const Position *p, int from, bool mayBeInCheck, Move *list);
/* The legal en-passant captures onto epsq by us's pawns in fromMask, written at m (the
 * captured pawn may be the checker or a pin's last blocker); returns the end of the list. */
Move *gen_ep(const Position *p, int us, int epsq, Bitboard fromMask, Move *m);
/* The squares the one non-king piece on `from` may legally go to (no en passant; a pawn's
 * square on the last rank stands for its four promotions): gen_piece_moves' destinations as
 * a set, for counting a forced reply without listing it (perft, R2.3). */
Bitboard piece_targets(const Position *p, int from, bool mayBeInCheck);
/* Does the piece on `from` have a legal move (no castling or en passant)? The same answer
 * as gen_legal(p, its colour, sq_bb(from), false, list) > 0, without the list (R2.3). */
bool piece_can_move(const Position *p, int from);
/* The number of moves gen_legal_all would list for `us` on a board given by its bitboards
 * (type[0]: every piece), with castling rights cr and en-passant square ep (NO_SQ: none;
 * else a square a double step just passed): perft's last ply, without listing or making. */
int count_legal_bb(const Bitboard type[7], const Bitboard col[2], int us, int cr, int ep);
/* Reactive steps of `us` (R2.5): one-square king moves, not castling, to a safe square,
 * not uncovering check on the other king. */
int gen_king_steps(const Position *p, int us, Move *list);
/* The squares of those steps on a board given by its bitboards (type[0]: every piece), for
 * looking one move ahead without making it (perft). */
Bitboard king_step_squares(const Bitboard type[7], const Bitboard color[2], int us);
/* The king's one-square moves of `us` to squares the other side does not attack (its base
 * moves without castling), the attacks found per attacker (pawns as one set). */
Bitboard king_safe_by_attackers(const Bitboard type[7], const Bitboard color[2], int us);
/* The same squares, the attacks found per attacker (pawns as one set) instead of per square:
 * no branch per square, which pays where perft's last turn asks once per position (an open
 * king in the endgame lines, full of checks: wall clock 1.3x there). */
Bitboard king_step_squares_by_attackers(const Bitboard type[7], const Bitboard color[2], int us);
/* Classical castling of `us` (not in check), appended at m; returns the new end. */
Move *gen_castling(const Position *p, int us, Move *m);
/* True if `us` has a legal en-passant capture onto epsq. */
bool ep_capture_legal(const Position *p, int us, int epsq);
/* Pieces of colour `blockerColor` that alone stand between king square ksq and a slider of
 * colour sliderColor (pins when the colours agree with the king, discoveries otherwise). */
Bitboard slider_blockers(const Position *p, int ksq, int sliderColor, int blockerColor);

/* Per-node facts for gives_check(): computed once for the side about to move (`us`). */
typedef struct {
    int us, ksq;            /* ksq: the other king */
    Bitboard disc;          /* our pieces whose move can uncover check */
    Bitboard checkSq[7];    /* squares from which a piece type of ours checks */
} CheckInfo;
void check_info_init(const Position *p, int us, CheckInfo *ci);
/* Does legal move m of ci->us give check to the other king? No make needed. */
bool gives_check(const Position *p, const CheckInfo *ci, Move m);

#endif
