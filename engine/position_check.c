/* Keys from scratch and the full consistency check of a Position (position.h): what debug
 * builds run after every make and unmake, and what the fuzz targets check at the end of each
 * input. Apart from position.c because the fuzz build traces the comparisons of the readers
 * only (Makefile FUZZ_HOT): untraced, fuzz_uci runs about 13% faster. */
#include "position.h"

#include <stdio.h>
#include <string.h>

#include "variant.h"

Key pos_board_key_scratch(const Position *p) {
    const StateInfo *st = pos_state(p);
    Key k = Z_CASTLING[st->castling];
    for (int s = 0; s < 64; s++)
        if (p->board[s])
            k ^= Z_PIECE[p->board[s]][s];
    if (st->ep != NO_SQ)
        k ^= Z_EP_FILE[sq_file(st->ep)];
    if (st->stm == BLACK)
        k ^= Z_SIDE;
    for (int i = 0; i < POS_MAX_COUNTERS; i++)
        k ^= Z_COUNTER[i][st->counter[i]];
    return k;
}

Key pos_ent_key_scratch(const Position *p) {
    Key k = 0;
    for (int s = 0; s < 64; s++)
        if (p->link[s] != NO_SQ && piece_type(p->board[s]) == PAWN)
            k ^= Z_LINK[s][p->link[s]];
    return k;
}

bool pos_verify(const Position *p, char *err, size_t errlen) {
    const StateInfo *st = pos_state(p);
    Bitboard occ = 0, byC[2] = {0, 0}, byT[7] = {0};
    for (int s = 0; s < 64; s++) {
        int pc = p->board[s];
        if (!pc)
            continue;
        occ |= sq_bb(s);
        byC[piece_color(pc)] |= sq_bb(s);
        byT[piece_type(pc)] |= sq_bb(s);
    }
    byT[0] = occ;
    if (memcmp(byC, p->byColor, sizeof byC) || memcmp(byT, p->byType, sizeof byT)) {
        snprintf(err, errlen, "bitboards disagree with the board");
        return false;
    }
    if (popcount(pos_pieces(p, WHITE, KING)) != 1 || popcount(pos_pieces(p, BLACK, KING)) != 1) {
        snprintf(err, errlen, "king count");
        return false;
    }
    for (int s = 0; s < 64; s++) {
        int q = p->link[s];
        if (q == NO_SQ)
            continue;
        int a = p->board[s], b = p->board[q];
        if (q > 63 || p->link[q] != s || !a || !b || piece_color(a) == piece_color(b) ||
            (piece_type(a) == PAWN) == (piece_type(b) == PAWN) || piece_type(a) == KING || piece_type(b) == KING) {
            snprintf(err, errlen, "bad link at square %d", s);
            return false;
        }
    }
    const VariantRules *v = &VARIANTS[p->variant];
    for (int i = 0; i < POS_MAX_COUNTERS; i++)
        if (st->counter[i] > (i < v->ncounters ? v->counters[i].max : 0)) {
            snprintf(err, errlen, "counter %d is %d, out of the row's range", i, st->counter[i]);
            return false;
        }
    if (pos_board_key_scratch(p) != st->key) {
        snprintf(err, errlen, "board key mismatch");
        return false;
    }
    if (pos_ent_key_scratch(p) != st->entKey) {
        snprintf(err, errlen, "entanglement key mismatch");
        return false;
    }
    if ((st->phase == PHASE_FORCED || st->phase == PHASE_REACT) && (st->pending > 63 || !p->board[st->pending])) {
        snprintf(err, errlen, "pending square empty");
        return false;
    }
    return true;
}
