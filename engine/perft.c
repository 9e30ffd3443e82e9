#include "perft.h"

#include "movegen.h"
#include "perft_internal.h"
#include "variant.h"

/* Chess perft. The last two plies make no move: the leaves below a move are counted on the
 * board after it (view_after), from its bitboards, castling rights and en-passant square.
 * The per-variant loops are static (so the compiler may specialise their recursion); the
 * rules table (variant.h) points at the thin exported entries at the end of the file. */
static uint64_t chess_two(const Position *p) {
    Move list[CLASSICAL_MAX_MOVES];
    const StateInfo *st = pos_state(p);
    int n = gen_legal_all(p, list), us = st->stm, cr = st->castling;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        Move m = list[i];
        BoardView v;
        view_after(p, m, &v);
        int from = move_from(m), to = move_to(m), ep = NO_SQ;
        if ((to - from == 16 || from - to == 16) && piece_type(p->board[from]) == PAWN)
            ep = (from + to) / 2;
        total += (uint64_t)count_legal_bb(v.type, v.col, us ^ 1, cr ? castling_after(cr, from, to) : 0, ep);
    }
    return total;
}

static uint64_t chess_loop(Position *p, int depth) {
    if (depth == 1) {
        const StateInfo *st = pos_state(p);
        return (uint64_t)count_legal_bb(p->byType, p->byColor, st->stm, st->castling, st->ep);
    }
    if (depth == 2)
        return chess_two(p);
    Move list[CLASSICAL_MAX_MOVES];
    int n = gen_legal_all(p, list);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pos_do(p, list[i]);
        total += chess_loop(p, depth - 1);
        pos_undo(p);
    }
    return total;
}

uint64_t perft_chess(Position *p, int depth) { return chess_loop(p, depth); }

uint64_t perft(Position *p, int depth) {
    if (depth <= 0)
        return 1;
    if (pos_phase(p) == PHASE_OVER)
        return 0;
    return VARIANTS[p->variant].perft(p, depth);
}

uint64_t perft_below(Position *p, int depth, uint64_t (*count)(Position *, int)) {
    int next = pos_phase(p);
    if (next == PHASE_OVER)
        return depth == 1;
    if (next == PHASE_BASE) /* the turn ended */
        return depth == 1 ? 1 : count(p, depth - 1);
    return count(p, depth);
}

int perft_divide(Position *p, int depth, Move *moves, uint64_t *counts) {
    int n = pos_legal_decisions(p, moves);
    for (int i = 0; i < n; i++) {
        pos_do(p, moves[i]);
        counts[i] = perft_below(p, depth, perft);
        pos_undo(p);
    }
    return n;
}
