#include "turn.h"

#include <string.h>

#include "movegen.h"
#include "variant.h"

/* R2.5: at most one king is in check, never the one of the side that just moved (`mover`: its
 * base move or forced reply was legal); its owner must step or is mated. Returns false if no
 * king is in check. */
static bool enter_reactive_step(Position *p, StateInfo *st, int mover) {
    int checked = mover ^ 1;
    if (!pos_in_check(p, checked))
        return false;
    if (king_step_squares(p->byType, p->byColor, checked)) {
        st->phase = PHASE_REACT;
        st->pending = (uint8_t)pos_king(p, checked);
    } else {
        st->phase = PHASE_OVER;
        st->pending = (uint8_t)pos_king(p, checked);
        st->loser = (uint8_t)checked;
    }
    return true;
}

/* The row's extra state after a turn: its hook writes the new values, the key follows them.
 * Out of line: only rows with counters come here. */
__attribute__((noinline)) static void counters_after_turn(const Position *p, StateInfo *st,
                                                          const VariantRules *v) {
    uint8_t c[POS_MAX_COUNTERS];
    memcpy(c, st->counter, sizeof c);
    v->afterTurn(p, c);
    for (int i = 0; i < POS_MAX_COUNTERS; i++) {
        st->key ^= Z_COUNTER[i][st->counter[i]] ^ Z_COUNTER[i][c[i]];
        st->counter[i] = c[i];
    }
}

/* R3.2: the right survives only if the advanced pawn is still on its arrival square and the
 * square it passed is empty, and (R7.2) it is kept only when a capture is legal. */
static void end_turn(Position *p, StateInfo *st) {
    int mover = st->stm;
    st->stm ^= 1;
    st->key ^= Z_SIDE;
    if (mover == BLACK)
        st->fullmove++;
    st->rule50 = st->irreversible ? 0 : st->rule50 + 1;
    st->repWindow = st->irreversible & IRR_MATERIAL ? 0 : st->repWindow + 1;
    st->irreversible = 0;
    st->phase = PHASE_BASE;
    st->pending = NO_SQ;
    int ep = st->epPending;
    if (ep != NO_SQ) {
        st->epPending = NO_SQ;
        int arrival = ep + (mover == WHITE ? 8 : -8);
        if (p->board[arrival] == make_piece(mover, PAWN) && !p->board[ep]) {
            st->epRaw = (uint8_t)ep;
            if (ep_capture_legal(p, st->stm, ep)) {
                st->ep = (uint8_t)ep;
                st->key ^= Z_EP_FILE[sq_file(ep)];
            }
        }
    }
    const VariantRules *v = &VARIANTS[p->variant];
    if (v->afterTurn)
        counters_after_turn(p, st, v);
}

void turn_after_decision(Position *p, StateInfo *st, Move m) {
    int phase = st->phase;
    if (phase == PHASE_BASE) {
        if (st->ep != NO_SQ) { /* the right was this base move's to use, and only its */
            st->key ^= Z_EP_FILE[sq_file(st->ep)];
            st->ep = NO_SQ;
        }
        st->epRaw = NO_SQ;
        int from = move_from(m), to = move_to(m), pc = p->board[from];
        /* Only a native double step gives the right (T4.2): from the start rank over an empty
         * square onto an empty one; in tether a pawn may land two ahead by other ways. */
        bool dbl = piece_type(pc) == PAWN && (to - from == 16 || from - to == 16) &&
                   relative_rank(piece_color(pc), sq_rank(from)) == 1 && !p->board[to] &&
                   !p->board[(from + to) / 2];
        st->epPending = dbl ? (uint8_t)((from + to) / 2) : NO_SQ;
    }
    pos_apply_move(p, st, m);
    if (!VARIANTS[p->variant].links) {
        end_turn(p, st);
        return;
    }
    if (phase == PHASE_BASE) {
        int mover = turn_linked_mover(m), c = p->link[mover];
        if (c != NO_SQ && piece_can_move(p, c)) {
            st->phase = PHASE_FORCED;
            st->pending = (uint8_t)c;
            return;
        }
    }
    if (phase != PHASE_REACT && enter_reactive_step(p, st, piece_color(p->board[move_to(m)])))
        return;
    end_turn(p, st);
}

int pos_legal_decisions(const Position *p, Move *list) { return VARIANTS[p->variant].decisions(p, list); }

bool pos_is_legal_decision(const Position *p, Move m) {
    Move list[MAX_MOVES];
    int n = m != MOVE_NONE ? pos_legal_decisions(p, list) : 0;
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return true;
    return false;
}

int chess_decisions(const Position *p, Move *list) { return gen_legal_all(p, list); }

int turn_decisions(const Position *p, Move *list) {
    const StateInfo *st = pos_state(p);
    switch (st->phase) {
    case PHASE_BASE: return gen_legal_all(p, list);
    case PHASE_FORCED: return gen_legal(p, piece_color(p->board[st->pending]), sq_bb(st->pending), false, list);
    case PHASE_REACT: return gen_king_steps(p, piece_color(p->board[st->pending]), list);
    default: return 0;
    }
}

bool pos_is_repetition(const Position *p, int times) {
    const StateInfo *st = pos_state(p);
    if (st->phase != PHASE_BASE)
        return false;
    Key k = pos_key(p);
    /* T5.3: where pawns can move back, a pawn move does not end the turns to look through */
    int window = VARIANTS[p->variant].pawnsReturn ? st->repWindow : st->rule50;
    int seen = 1, turns = 0;
    for (int i = p->ply - 1; i >= 0 && p->ply - i <= st->nullDist; i--) {
        if (p->st[i].phase != PHASE_BASE)
            continue;
        if (++turns > window)
            break;
        if ((p->st[i].key ^ p->st[i].entKey) == k && ++seen >= times)
            return true;
    }
    return false;
}

bool pos_insufficient_material(const Position *p) { return VARIANTS[p->variant].insufficient(p); }
bool pos_classical_turns(const Position *p) { return VARIANTS[p->variant].classicalTurns; }

/* T5.4: K v K, K+N v K, K+B v K only; a bishop can change colour by borrowing a step. */
bool insufficient_tether(const Position *p) {
    return !(p->byType[PAWN] | p->byType[ROOK] | p->byType[QUEEN]) &&
           !more_than_one(p->byType[KNIGHT] | p->byType[BISHOP]);
}

/* R4.6 (and R4.2 when only kings are left). */
bool insufficient_qec(const Position *p) {
    if (p->byType[PAWN] | p->byType[ROOK] | p->byType[QUEEN])
        return false;
    Bitboard minors = p->byType[KNIGHT] | p->byType[BISHOP];
    if (!more_than_one(minors))
        return true;
    if (p->byType[KNIGHT] || popcount(minors) != 2)
        return false;
    /* K+B v K+B with bishops on the same colour. */
    return popcount(pos_pieces(p, WHITE, BISHOP)) == 1 && !((minors & DARK_SQUARES_BB) && (minors & ~DARK_SQUARES_BB));
}

bool pos_game_end(const Position *p, GameEnd *end) {
    const StateInfo *st = pos_state(p);
    Move list[MAX_MOVES];
    end->reason = END_NONE;
    end->winner = RESULT_DRAW;
    if (st->phase == PHASE_OVER) {
        end->reason = END_MATE;
        end->winner = st->loser ^ 1;
        return true;
    }
    if (st->phase != PHASE_BASE)
        return false;
    const VariantRules *v = &VARIANTS[p->variant];
    if (v->gameEnd && v->gameEnd(p, end))
        return true;
    if (v->bareKingsLose && p->byType[0] == p->byType[KING]) {
        end->reason = END_DUAL_KING;
        end->winner = RESULT_BOTH_LOSE;
        return true;
    }
    if (!v->decisions(p, list)) {
        bool mated = pos_in_check(p, st->stm); /* R7.4 */
        end->reason = mated ? END_MATE : END_STALEMATE;
        end->winner = mated ? st->stm ^ 1 : RESULT_DRAW;
        return true;
    }
    if (pos_is_repetition(p, 3))
        end->reason = END_REPETITION;
    else if (st->rule50 >= 100)
        end->reason = END_FIFTY;
    else if (pos_insufficient_material(p))
        end->reason = END_MATERIAL;
    return end->reason != END_NONE;
}
