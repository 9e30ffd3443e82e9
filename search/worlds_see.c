/* Static exchange evaluation over possible types (Haft Schroedinger). A major attacks a square
 * when some type it can still be reaches it (S2.2), and is worth the mean of its non-king types
 * (the eval's fixed measure). The exchange is then the classical swap: each side recaptures with
 * its least valuable attacker, x-rays open as pieces leave, and either side may stop.
 *
 * Not exact — in a given world a "may be a rook" defender may not be one — and it does not need
 * to be: the search uses it only to order captures and to skip, in quiescence, captures that lose
 * material whenever the defenders are what they may be. A piece that can only be the king
 * recaptures last, and only onto a square the other side no longer attacks. */
#include "../engine/bitboard.h"
#include "../eval/worlds.h"
#include "worlds_thread.h"

enum { KING_VALUE = 20000, PAWN_VALUE = 100 };

static int major_value(unsigned types) { return types == WORLDS_K ? KING_VALUE : worlds_type_value(types); }

/* The least valuable piece of side c in occ that may reach `to` (its square into *from), or 0. */
static int least_attacker(const WorldsState *s, const unsigned types[16], int c, int to, Bitboard occ, int *from) {
    Bitboard pawns = BB_PAWN_ATTACKS[!c][to] & s->pawns[c] & occ;
    if (pawns) {
        *from = lsb(pawns);
        return PAWN_VALUE;
    }
    int best = 0;
    for (int id = 0; id < 16; id++) {
        int sq = s->major_sq[c][id];
        if (sq == NO_SQ || !(occ & sq_bb(sq)))
            continue;
        int v = major_value(types[id]);
        if ((best && v >= best) || !(worlds_reach(types[id], sq, occ) & sq_bb(to)))
            continue;
        best = v;
        *from = sq;
    }
    return best;
}

static int piece_value(const WorldsState *s, const unsigned types[2][16], int pc) {
    return worlds_piece_id(pc) == WORLDS_PAWN_ID ? PAWN_VALUE : major_value(types[worlds_piece_color(pc)][worlds_piece_id(pc)]);
}

int worlds_see(const WorldsState *s, const unsigned types[2][16], Move m) {
    int from = move_from(m), to = move_to(m), us = s->stm;
    int pc = s->board[to];
    int gain[34], d = 0;
    gain[0] = move_flag(m) == MF_EP ? PAWN_VALUE : pc ? piece_value(s, types, pc) : 0;
    int onSquare = piece_value(s, types, s->board[from]);
    if (move_flag(m) == MF_PROMO) {
        gain[0] += worlds_type_value(WORLDS_PROMO_TYPES) - PAWN_VALUE;
        onSquare = worlds_type_value(WORLDS_PROMO_TYPES);
    }
    Bitboard occ = (s->by_color[WHITE] | s->by_color[BLACK]) & ~sq_bb(from);
    if (move_flag(m) == MF_EP)
        occ &= ~sq_bb(to + (us == WHITE ? -8 : 8));
    for (int side = !us; d < 32; side = !side) {
        int sq, v = least_attacker(s, types[side], side, to, occ, &sq);
        if (!v)
            break;
        d++;
        gain[d] = onSquare - gain[d - 1]; /* side takes what stands there */
        if (onSquare == KING_VALUE) /* the king was "taken": its capture was illegal */
            break;
        onSquare = v;
        occ &= ~sq_bb(sq);
    }
    while (d > 0) {
        /* the side that could capture at step d does so only when it nets more than stopping */
        if (gain[d] > -gain[d - 1])
            gain[d - 1] = -gain[d];
        d--;
    }
    return gain[0];
}
