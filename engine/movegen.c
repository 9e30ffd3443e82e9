#include "movegen.h"

static inline Bitboard blockers_bb(const Bitboard type[7], const Bitboard col[2], int ksq, int sliderColor,
                                   int blockerColor) {
    Bitboard snipers = ((rook_attacks(ksq, 0) & (type[ROOK] | type[QUEEN])) |
                        (bishop_attacks(ksq, 0) & (type[BISHOP] | type[QUEEN]))) &
                       col[sliderColor];
    Bitboard occ = type[0], blockers = 0;
    while (snipers) {
        Bitboard b = BB_BETWEEN[ksq][pop_lsb(&snipers)] & occ;
        if (b && !more_than_one(b))
            blockers |= b & col[blockerColor];
    }
    return blockers;
}

Bitboard slider_blockers(const Position *p, int ksq, int sliderColor, int blockerColor) {
    return blockers_bb(p->byType, p->byColor, ksq, sliderColor, blockerColor);
}

static Move *add_pawn_move(Move *m, int from, int to) {
    if (sq_rank(to) == 0 || sq_rank(to) == 7) {
        *m++ = make_promo(from, to, QUEEN);
        *m++ = make_promo(from, to, ROOK);
        *m++ = make_promo(from, to, BISHOP);
        *m++ = make_promo(from, to, KNIGHT);
    } else
        *m++ = make_move(from, to, MF_NORMAL);
    return m;
}

static Move *add_pawn_set(Move *m, Bitboard tos, int delta) {
    while (tos) {
        int to = pop_lsb(&tos);
        m = add_pawn_move(m, to - delta, to);
    }
    return m;
}

static bool attacked_by(const Position *p, int s, int them, Bitboard occ) {
    return (pos_attackers_to(p, s, occ) & p->byColor[them]) != 0;
}

/* Pawns that are not pinned, generated set-wise. noisy: of the pushes only the queen
 * promotions (the quiescence search's moves, in the order of the full list). */
static inline __attribute__((always_inline)) Move *gen_free_pawns(const Position *p, int us, Bitboard pawns,
                                                                  Bitboard target, bool noisy, Move *m) {
    int up = us == WHITE ? 8 : -8;
    Bitboard empty = ~p->byType[0], enemies = p->byColor[us ^ 1];
    Bitboard rank3 = rank_bb(us == WHITE ? 2 : 5);
    Bitboard one = shift_up(pawns, us) & empty;
    Bitboard notA = ~FILE_A_BB, notH = ~file_bb(7);
    Bitboard capW = us == WHITE ? (pawns & notA) << 7 : (pawns & notA) >> 9;
    Bitboard capE = us == WHITE ? (pawns & notH) << 9 : (pawns & notH) >> 7;
    if (noisy) {
        Bitboard promos = one & target & rank_bb(us == WHITE ? 7 : 0);
        while (promos) {
            int to = pop_lsb(&promos);
            *m++ = make_promo(to - up, to, QUEEN);
        }
    } else {
        Bitboard two = shift_up(one & rank3, us) & empty & target;
        m = add_pawn_set(m, one & target, up);
        while (two) {
            int to = pop_lsb(&two);
            *m++ = make_move(to - 2 * up, to, MF_NORMAL);
        }
    }
    m = add_pawn_set(m, capW & enemies & target, us == WHITE ? 7 : -9);
    m = add_pawn_set(m, capE & enemies & target, us == WHITE ? 9 : -7);
    return m;
}

/* A pawn's pushes and captures from `from`, before check and pin, without en passant (a
 * last-rank square stands for its four promotions). */
static inline Bitboard pawn_reach(int us, int from, Bitboard empty, Bitboard theirs) {
    int up = us == WHITE ? 8 : -8;
    Bitboard tos = BB_PAWN_ATTACKS[us][from] & theirs;
    if (empty & sq_bb(from + up)) {
        tos |= sq_bb(from + up);
        if (relative_rank(us, sq_rank(from)) == 1 && (empty & sq_bb(from + 2 * up)))
            tos |= sq_bb(from + 2 * up);
    }
    return tos;
}

/* One pawn's moves within `allowed` (its pin line and the check target); noisy: of the pushes
 * only a queen promotion. */
static Move *gen_pinned_pawn(const Position *p, int us, int from, Bitboard allowed, bool noisy, Move *m) {
    int up = us == WHITE ? 8 : -8;
    Bitboard tos = pawn_reach(us, from, ~p->byType[0], p->byColor[us ^ 1]) & allowed;
    while (tos) {
        int to = pop_lsb(&tos);
        if (to - from == 2 * up) {
            if (!noisy)
                *m++ = make_move(from, to, MF_NORMAL);
        } else if (noisy && !(p->byType[0] & sq_bb(to))) {
            if (sq_rank(to) == 0 || sq_rank(to) == 7)
                *m++ = make_promo(from, to, QUEEN);
        } else
            m = add_pawn_move(m, from, to);
    }
    return m;
}

bool ep_capture_legal(const Position *p, int us, int epsq) {
    int them = us ^ 1, capsq = epsq + (us == WHITE ? -8 : 8), ksq = pos_king(p, us);
    Bitboard cands = BB_PAWN_ATTACKS[them][epsq] & pos_pieces(p, us, PAWN);
    if (p->board[capsq] != make_piece(them, PAWN) || (p->byType[0] & sq_bb(epsq)))
        return false;
    while (cands) {
        int from = pop_lsb(&cands);
        Bitboard occ = (p->byType[0] ^ sq_bb(from) ^ sq_bb(capsq)) | sq_bb(epsq);
        Bitboard att = pos_attackers_to(p, ksq, occ) & p->byColor[them] & ~sq_bb(capsq);
        if (!att)
            return true;
    }
    return false;
}

Move *gen_ep(const Position *p, int us, int epsq, Bitboard fromMask, Move *m) {
    int them = us ^ 1, capsq = epsq + (us == WHITE ? -8 : 8), ksq = pos_king(p, us);
    Bitboard cands = BB_PAWN_ATTACKS[them][epsq] & pos_pieces(p, us, PAWN) & fromMask;
    while (cands) {
        int from = pop_lsb(&cands);
        Bitboard occ = (p->byType[0] ^ sq_bb(from) ^ sq_bb(capsq)) | sq_bb(epsq);
        if (!(pos_attackers_to(p, ksq, occ) & p->byColor[them] & ~sq_bb(capsq)))
            *m++ = make_move(from, epsq, MF_EP);
    }
    return m;
}

static inline __attribute__((always_inline)) Move *castling_moves(const Position *p, int us, Move *m) {
    int cr = pos_state(p)->castling, them = us ^ 1, k = us == WHITE ? 4 : 60;
    Bitboard occ = p->byType[0];
    if ((cr & (us == WHITE ? WHITE_OO : BLACK_OO)) && !(occ & (sq_bb(k + 1) | sq_bb(k + 2))) &&
        !attacked_by(p, k + 1, them, occ) && !attacked_by(p, k + 2, them, occ))
        *m++ = make_move(k, k + 2, MF_CASTLE);
    if ((cr & (us == WHITE ? WHITE_OOO : BLACK_OOO)) &&
        !(occ & (sq_bb(k - 1) | sq_bb(k - 2) | sq_bb(k - 3))) && !attacked_by(p, k - 1, them, occ) &&
        !attacked_by(p, k - 2, them, occ))
        *m++ = make_move(k, k - 2, MF_CASTLE);
    return m;
}

Move *gen_castling(const Position *p, int us, Move *m) { return castling_moves(p, us, m); }

/* One-square king moves of `us` to squares the other side does not attack, on a board given
 * by its bitboards (type[0]: every piece). Sliders see through the square the king leaves. */
static Bitboard king_safe_squares(const Bitboard type[7], const Bitboard color[2], int us) {
    int them = us ^ 1, ksq = lsb(type[KING] & color[us]), theirK = lsb(type[KING] & color[them]);
    Bitboard tos = BB_KING[ksq] & ~color[us] & ~BB_KING[theirK];
    if (!tos)
        return 0;
    Bitboard occ = type[0] ^ sq_bb(ksq), theirs = color[them];
    Bitboard knights = theirs & type[KNIGHT], diag = theirs & (type[BISHOP] | type[QUEEN]),
             orth = theirs & (type[ROOK] | type[QUEEN]), pawns = theirs & type[PAWN], safe = 0;
    while (tos) { /* per square, cheapest tests first */
        int to = pop_lsb(&tos);
        if (!(BB_PAWN_ATTACKS[us][to] & pawns) && !(BB_KNIGHT[to] & knights) && !(bishop_attacks(to, occ) & diag) &&
            !(rook_attacks(to, occ) & orth))
            safe |= sq_bb(to);
    }
    return safe;
}

/* king_safe_squares() with the attacked squares found per attacker (pawns as one set): no
 * branch per square, which pays where perft's last turn asks once per position. */
Bitboard king_safe_by_attackers(const Bitboard type[7], const Bitboard color[2], int us) {
    int them = us ^ 1, ksq = lsb(type[KING] & color[us]), theirK = lsb(type[KING] & color[them]);
    Bitboard tos = BB_KING[ksq] & ~color[us] & ~BB_KING[theirK];
    if (!tos)
        return 0;
    Bitboard occ = type[0] ^ sq_bb(ksq), theirs = color[them];
    Bitboard att = pawn_attacks_bb(theirs & type[PAWN], them), b = theirs & type[KNIGHT];
    while (b)
        att |= BB_KNIGHT[pop_lsb(&b)];
    b = theirs & (type[BISHOP] | type[QUEEN]);
    while (b)
        att |= bishop_attacks(pop_lsb(&b), occ);
    b = theirs & (type[ROOK] | type[QUEEN]);
    while (b)
        att |= rook_attacks(pop_lsb(&b), occ);
    return tos & ~att;
}

static Move *gen_king(const Position *p, int us, int ksq, Bitboard target, Move *m) {
    Bitboard tos = king_safe_squares(p->byType, p->byColor, us) & target;
    while (tos)
        *m++ = make_move(ksq, pop_lsb(&tos), MF_NORMAL);
    return m;
}

/* Where the one non-king piece on `from` may go as far as check and pin allow (0 in double
 * check): the destinations of gen_piece_moves before the piece's own movement. A pin is
 * seen from the piece: with nothing between it and its king, the first piece beyond it on
 * that line (one slider look, not the king's view with and without it). */
static inline Bitboard piece_allowed(const Position *p, int from, bool mayBeInCheck) {
    int us = piece_color(p->board[from]), ksq = pos_king(p, us);
    Bitboard occ = p->byType[0], them = p->byColor[us ^ 1];
    Bitboard checkers = mayBeInCheck ? pos_attackers_to(p, ksq, occ) & them : 0;
    if (more_than_one(checkers))
        return 0;
    Bitboard target = (checkers ? BB_BETWEEN[ksq][lsb(checkers)] | checkers : ~0ULL) & ~p->byColor[us];
    Bitboard line = BB_LINE[ksq][from], sliders = p->byType[BISHOP] | p->byType[ROOK] | p->byType[QUEEN];
    if ((line & sliders & them) && !(BB_BETWEEN[ksq][from] & occ)) {
        bool diagonal = sq_file(ksq) != sq_file(from) && sq_rank(ksq) != sq_rank(from);
        Bitboard pinners = diagonal ? bishop_attacks(from, occ) & (p->byType[BISHOP] | p->byType[QUEEN])
                                    : rook_attacks(from, occ) & (p->byType[ROOK] | p->byType[QUEEN]);
        if (pinners & them & line)
            target &= line;
    }
    return target;
}

int gen_piece_moves(const Position *p, int from, bool mayBeInCheck, Move *list) {
    Move *m = list;
    int us = piece_color(p->board[from]), pt = piece_type(p->board[from]);
    Bitboard target = piece_allowed(p, from, mayBeInCheck);
    if (!target)
        return 0;
    if (pt == PAWN)
        return (int)(gen_pinned_pawn(p, us, from, target, false, m) - list);
    Bitboard tos = piece_attacks(pt, from, p->byType[0]) & target;
    while (tos)
        *m++ = make_move(from, pop_lsb(&tos), MF_NORMAL);
    return (int)(m - list);
}

Bitboard piece_targets(const Position *p, int from, bool mayBeInCheck) {
    int us = piece_color(p->board[from]), pt = piece_type(p->board[from]);
    Bitboard target = piece_allowed(p, from, mayBeInCheck);
    if (!target)
        return 0;
    if (pt != PAWN)
        return piece_attacks(pt, from, p->byType[0]) & target;
    return pawn_reach(us, from, ~p->byType[0], p->byColor[us ^ 1]) & target;
}

bool piece_can_move(const Position *p, int from) {
    if (piece_type(p->board[from]) == KING) {
        Move list[CLASSICAL_MAX_MOVES];
        return gen_legal(p, piece_color(p->board[from]), sq_bb(from), false, list) > 0;
    }
    return piece_targets(p, from, true) != 0;
}

/* noisy (a constant): only captures and queen promotions, in the order of the full list. */
static inline __attribute__((always_inline)) int legal_moves(const Position *p, int us, Bitboard fromMask, bool special,
                                                             bool noisy, Move *list) {
    if (!noisy && !special && !more_than_one(fromMask) && (fromMask & p->byColor[us] & ~p->byType[KING]))
        return gen_piece_moves(p, lsb(fromMask), true, list);
    Move *m = list;
    int ksq = pos_king(p, us);
    Bitboard ours = p->byColor[us], occ = p->byType[0];
    Bitboard checkers = pos_attackers_to(p, ksq, occ) & p->byColor[us ^ 1];
    Bitboard captures = noisy ? p->byColor[us ^ 1] : ~0ULL;
    if (fromMask & sq_bb(ksq)) {
        m = gen_king(p, us, ksq, captures, m);
        if (special && !noisy && !checkers)
            m = castling_moves(p, us, m);
    }
    if (more_than_one(checkers))
        return (int)(m - list);
    Bitboard target = (checkers ? BB_BETWEEN[ksq][lsb(checkers)] | checkers : ~0ULL) & ~ours;
    Bitboard pinned = slider_blockers(p, ksq, us ^ 1, us);
    Bitboard movers = ours & fromMask & ~sq_bb(ksq);

    m = gen_free_pawns(p, us, movers & p->byType[PAWN] & ~pinned, target, noisy, m);
    Bitboard pp = movers & p->byType[PAWN] & pinned;
    while (pp) {
        int from = pop_lsb(&pp);
        m = gen_pinned_pawn(p, us, from, target & BB_LINE[ksq][from], noisy, m);
    }
    Bitboard pieces = movers & ~p->byType[PAWN] & ~(pinned & p->byType[KNIGHT]);
    while (pieces) {
        int from = pop_lsb(&pieces);
        Bitboard tos = piece_attacks(piece_type(p->board[from]), from, occ) & target & captures;
        if (pinned & sq_bb(from))
            tos &= BB_LINE[ksq][from];
        while (tos)
            *m++ = make_move(from, pop_lsb(&tos), MF_NORMAL);
    }
    int ep = pos_state(p)->ep;
    if (special && ep != NO_SQ)
        m = gen_ep(p, us, ep, fromMask, m);
    return (int)(m - list);
}

/* The safe squares `tos` of `us`'s king less those off a line on which it shields their king
 * from one of its own sliders: stepping off would give check, which R2.5 forbids. */
static inline Bitboard off_shield_kept(const Bitboard type[7], const Bitboard color[2], int us, Bitboard tos) {
    int ksq = lsb(type[KING] & color[us]), theirK = lsb(type[KING] & color[us ^ 1]);
    Bitboard line = BB_LINE[ksq][theirK];
    if (tos && line && !(BB_BETWEEN[ksq][theirK] & type[0])) {
        bool diagonal = sq_file(ksq) != sq_file(theirK) && sq_rank(ksq) != sq_rank(theirK);
        Bitboard behind = diagonal ? bishop_attacks(ksq, type[0]) & (type[BISHOP] | type[QUEEN])
                                   : rook_attacks(ksq, type[0]) & (type[ROOK] | type[QUEEN]);
        if (behind & color[us] & line)
            tos &= line;
    }
    return tos;
}

Bitboard king_step_squares(const Bitboard type[7], const Bitboard color[2], int us) {
    return off_shield_kept(type, color, us, king_safe_squares(type, color, us));
}

Bitboard king_step_squares_by_attackers(const Bitboard type[7], const Bitboard color[2], int us) {
    return off_shield_kept(type, color, us, king_safe_by_attackers(type, color, us));
}

int gen_king_steps(const Position *p, int us, Move *list) {
    int ksq = pos_king(p, us);
    Bitboard tos = king_step_squares(p->byType, p->byColor, us);
    Move *m = list;
    while (tos)
        *m++ = make_move(ksq, pop_lsb(&tos), MF_NORMAL);
    return (int)(m - list);
}

void check_info_init(const Position *p, int us, CheckInfo *ci) {
    int ksq = pos_king(p, us ^ 1);
    Bitboard occ = p->byType[0];
    ci->us = us;
    ci->ksq = ksq;
    ci->disc = slider_blockers(p, ksq, us, us);
    ci->checkSq[PAWN] = BB_PAWN_ATTACKS[us ^ 1][ksq];
    ci->checkSq[KNIGHT] = BB_KNIGHT[ksq];
    ci->checkSq[BISHOP] = bishop_attacks(ksq, occ);
    ci->checkSq[ROOK] = rook_attacks(ksq, occ);
    ci->checkSq[QUEEN] = ci->checkSq[BISHOP] | ci->checkSq[ROOK];
    ci->checkSq[KING] = 0;
}

/* A blocker that moves along its own line still uncovers check if a tether transporter move
 * (T2.2) takes it beyond the king or behind our slider. In chess this finds nothing; kept
 * out of line so gives_check stays small. */
static __attribute__((noinline)) bool discovered_on_line(const Position *p, int us, int ksq, int from, int to) {
    Bitboard occ = (p->byType[0] ^ sq_bb(from)) | sq_bb(to), ours = p->byColor[us] & ~sq_bb(from);
    return (bishop_attacks(ksq, occ) & ours & (p->byType[BISHOP] | p->byType[QUEEN])) ||
           (rook_attacks(ksq, occ) & ours & (p->byType[ROOK] | p->byType[QUEEN]));
}

bool gives_check(const Position *p, const CheckInfo *ci, Move m) {
    int from = move_from(m), to = move_to(m), us = ci->us, ksq = ci->ksq;
    if (ci->checkSq[piece_type(p->board[from])] & sq_bb(to) && !move_is_promo(m))
        return true;
    if ((ci->disc & sq_bb(from)) && (!aligned(from, to, ksq) || (BB_BETWEEN[from][to] && discovered_on_line(p, us, ksq, from, to))))
        return true;
    switch (move_flag(m)) {
    case MF_NORMAL: return false;
    case MF_EP: { /* the captured pawn may have been the last blocker */
        int capsq = to + (us == WHITE ? -8 : 8);
        Bitboard occ = (p->byType[0] ^ sq_bb(from) ^ sq_bb(capsq)) | sq_bb(to);
        return (bishop_attacks(ksq, occ) & p->byColor[us] & (p->byType[BISHOP] | p->byType[QUEEN])) ||
               (rook_attacks(ksq, occ) & p->byColor[us] & (p->byType[ROOK] | p->byType[QUEEN]));
    }
    case MF_CASTLE: {
        int rfrom = to > from ? from + 3 : from - 4, rto = to > from ? from + 1 : from - 1;
        Bitboard occ = (p->byType[0] ^ sq_bb(from) ^ sq_bb(rfrom)) | sq_bb(to) | sq_bb(rto);
        return (rook_attacks(rto, occ) & sq_bb(ksq)) != 0;
    }
    default: /* promotion: the new piece attacks through the square the pawn left */
        return (piece_attacks(move_promo_type(m), to, p->byType[0] ^ sq_bb(from)) & sq_bb(ksq)) != 0;
    }
}

int gen_legal(const Position *p, int us, Bitboard fromMask, bool special, Move *list) {
    return legal_moves(p, us, fromMask, special, false, list);
}

/* The whole move list, specialised (chess perft and search run it per node). */
int gen_legal_all(const Position *p, Move *list) { return legal_moves(p, pos_turn(p), ~0ULL, true, false, list); }

int gen_legal_noisy(const Position *p, Move *list) { return legal_moves(p, pos_turn(p), ~0ULL, true, true, list); }

bool has_legal_move(const Position *p) {
    int us = pos_turn(p);
    if (king_safe_squares(p->byType, p->byColor, us))
        return true;
    Move list[MAX_MOVES];
    return gen_legal_all(p, list) > 0;
}

/* Counting instead of listing (perft's last ply): the number of moves gen_legal_all would
 * list, on a board given by its bitboards, so that perft counts a child without making the
 * move. The rules are those of legal_moves() above, set-wise where it writes one move at a
 * time (a promotion counts four); the perft suites hold the two together. `us` is a constant
 * at each call: one copy per colour, as the fastest perft programs template the side. */
static inline __attribute__((always_inline)) bool attacked_bb(const Bitboard type[7], const Bitboard col[2], int s,
                                                              int them, Bitboard occ) {
    Bitboard theirs = col[them];
    return ((BB_PAWN_ATTACKS[them ^ 1][s] & type[PAWN]) | (BB_KNIGHT[s] & type[KNIGHT]) | (BB_KING[s] & type[KING]) |
            (bishop_attacks(s, occ) & (type[BISHOP] | type[QUEEN])) | (rook_attacks(s, occ) & (type[ROOK] | type[QUEEN]))) &
           theirs;
}

static inline __attribute__((always_inline)) int count_side(const Bitboard type[7], const Bitboard col[2], int us,
                                                            int cr, int ep) {
    int them = us ^ 1, ksq = lsb(type[KING] & col[us]);
    Bitboard occ = type[0], ours = col[us], theirs = col[them];
    Bitboard checkers = ((BB_PAWN_ATTACKS[us][ksq] & type[PAWN]) | (BB_KNIGHT[ksq] & type[KNIGHT]) |
                         (bishop_attacks(ksq, occ) & (type[BISHOP] | type[QUEEN])) |
                         (rook_attacks(ksq, occ) & (type[ROOK] | type[QUEEN]))) &
                        theirs;
    int n = popcount(king_safe_squares(type, col, us));
    if (more_than_one(checkers))
        return n;
    if (!checkers) {
        int k = us == WHITE ? 4 : 60;
        if ((cr & (us == WHITE ? WHITE_OO : BLACK_OO)) && !(occ & (sq_bb(k + 1) | sq_bb(k + 2))) &&
            !attacked_bb(type, col, k + 1, them, occ) && !attacked_bb(type, col, k + 2, them, occ))
            n++;
        if ((cr & (us == WHITE ? WHITE_OOO : BLACK_OOO)) && !(occ & (sq_bb(k - 1) | sq_bb(k - 2) | sq_bb(k - 3))) &&
            !attacked_bb(type, col, k - 1, them, occ) && !attacked_bb(type, col, k - 2, them, occ))
            n++;
    }
    Bitboard target = (checkers ? BB_BETWEEN[ksq][lsb(checkers)] | checkers : ~0ULL) & ~ours;
    Bitboard pinned = blockers_bb(type, col, ksq, them, us);
    Bitboard empty = ~occ, last = rank_bb(us == WHITE ? 7 : 0);
    /* Pawns: the free ones set-wise, the pinned ones along their pin line. */
    Bitboard pawns = ours & type[PAWN], free = pawns & ~pinned;
    Bitboard one = shift_up(free, us) & empty;
    Bitboard two = shift_up(one & rank_bb(us == WHITE ? 2 : 5), us) & empty & target;
    Bitboard tos = one & target;
    /* Captures west and east apart: one square may be taken from both sides. */
    Bitboard notA = ~FILE_A_BB, notH = ~file_bb(7);
    Bitboard capW = (us == WHITE ? (free & notA) << 7 : (free & notA) >> 9) & theirs & target;
    Bitboard capE = (us == WHITE ? (free & notH) << 9 : (free & notH) >> 7) & theirs & target;
    n += popcount(tos & ~last) + 4 * popcount(tos & last) + popcount(two);
    n += popcount(capW & ~last) + 4 * popcount(capW & last) + popcount(capE & ~last) + 4 * popcount(capE & last);
    Bitboard pp = pawns & pinned;
    while (pp) {
        int from = pop_lsb(&pp);
        Bitboard t = pawn_reach(us, from, empty, theirs) & target & BB_LINE[ksq][from];
        n += popcount(t & ~last) + 4 * popcount(t & last);
    }
    /* Pieces by kind, so no board look-up; a queen counts once on each kind of line, which
     * is its move list split in two. A pinned knight never moves. */
    Bitboard b = ours & type[KNIGHT] & ~pinned;
    while (b)
        n += popcount(BB_KNIGHT[pop_lsb(&b)] & target);
    b = ours & (type[BISHOP] | type[QUEEN]);
    while (b) {
        int s = pop_lsb(&b);
        Bitboard t = bishop_attacks(s, occ) & target;
        n += popcount(pinned & sq_bb(s) ? t & BB_LINE[ksq][s] : t);
    }
    b = ours & (type[ROOK] | type[QUEEN]);
    while (b) {
        int s = pop_lsb(&b);
        Bitboard t = rook_attacks(s, occ) & target;
        n += popcount(pinned & sq_bb(s) ? t & BB_LINE[ksq][s] : t);
    }
    if (ep != NO_SQ) { /* the captured pawn may be the checker or a pin's last blocker */
        int capsq = ep + (us == WHITE ? -8 : 8);
        Bitboard cands = BB_PAWN_ATTACKS[them][ep] & pawns;
        while (cands) {
            int from = pop_lsb(&cands);
            Bitboard o = (occ ^ sq_bb(from) ^ sq_bb(capsq)) | sq_bb(ep);
            Bitboard att = ((BB_KNIGHT[ksq] & type[KNIGHT]) | (BB_PAWN_ATTACKS[us][ksq] & type[PAWN]) |
                            (bishop_attacks(ksq, o) & (type[BISHOP] | type[QUEEN])) |
                            (rook_attacks(ksq, o) & (type[ROOK] | type[QUEEN]))) &
                           theirs & ~sq_bb(capsq);
            n += !att;
        }
    }
    return n;
}

int count_legal_bb(const Bitboard type[7], const Bitboard col[2], int us, int cr, int ep) {
    return us == WHITE ? count_side(type, col, WHITE, cr, ep) : count_side(type, col, BLACK, cr, ep);
}
