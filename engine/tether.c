/* Tether Chess moves. A piece's destinations are the union, over every friendly piece on its
 * rank (itself included), of that piece's native reach (T2.1, T2.2): one union per rank
 * serves all its pieces, and a square reached several ways is one bit, so one move (T2.4).
 * Check stays classical (T3.1), so the usual check and pin masks decide legality for any
 * destination of a non-king piece; king destinations are tested square by square. */
#include "tether.h"

#include <stdio.h>

#include "movegen.h"

/* The legal destinations of each piece of the side to move, plus castling and en passant. */
typedef struct {
    int n, nspecial;
    uint8_t from[64];
    Bitboard to[64];
    Move special[8];
} Targets;

Bitboard tether_reach(const Position *p, int s) {
    int pc = p->board[s], us = piece_color(pc);
    Bitboard occ = p->byType[0], ours = p->byColor[us];
    if (piece_type(pc) != PAWN)
        return piece_attacks(piece_type(pc), s, occ) & ~ours;
    Bitboard one = shift_up(sq_bb(s), us) & ~occ, reach = one | (BB_PAWN_ATTACKS[us][s] & p->byColor[us ^ 1]);
    if (relative_rank(us, sq_rank(s)) == 1)
        reach |= shift_up(one, us) & ~occ;
    return reach;
}

/* U[r]: the union of the native reach of the pieces of `us` on rank r (T2.2), pawns set-wise:
 * a pawn's pushes and captures land one rank ahead of it, its double steps two. */
static void rank_unions(const Position *p, int us, Bitboard U[8]) {
    Bitboard occ = p->byType[0], ours = p->byColor[us], pawns = ours & p->byType[PAWN];
    Bitboard one = shift_up(pawns, us) & ~occ;
    Bitboard two = shift_up(one & rank_bb(us == WHITE ? 2 : 5), us) & ~occ;
    Bitboard reach = one | (pawn_attacks_bb(pawns, us) & p->byColor[us ^ 1]);
    int up = us == WHITE ? 1 : -1;
    U[0] = U[7] = 0;
    for (int r = 1; r < 7; r++)
        U[r] = reach & rank_bb(r + up);
    U[us == WHITE ? 1 : 6] |= two;
    /* The other pieces kind by kind (a queen on both kinds of line): no board look-up. */
    Bitboard b = ours & p->byType[KNIGHT];
    while (b) {
        int s = pop_lsb(&b);
        U[sq_rank(s)] |= BB_KNIGHT[s] & ~ours;
    }
    b = ours & (p->byType[BISHOP] | p->byType[QUEEN]);
    while (b) {
        int s = pop_lsb(&b);
        U[sq_rank(s)] |= bishop_attacks(s, occ) & ~ours;
    }
    b = ours & (p->byType[ROOK] | p->byType[QUEEN]);
    while (b) {
        int s = pop_lsb(&b);
        U[sq_rank(s)] |= rook_attacks(s, occ) & ~ours;
    }
    int k = pos_king(p, us);
    U[sq_rank(k)] |= BB_KING[k] & ~ours;
}

void tether_rank_unions(const Position *p, int us, Bitboard U[8]) { rank_unions(p, us, U); }

/* The native en-passant capture from `from` onto ep (T4.2): legal when the king is safe after
 * both pawns have moved (the test also covers a check being answered). */
static bool ep_legal_from(const Position *p, int us, int from, int ep) {
    int them = us ^ 1, capsq = ep + (us == WHITE ? -8 : 8), ksq = pos_king(p, us);
    if (p->board[capsq] != make_piece(them, PAWN) || (p->byType[0] & sq_bb(ep)))
        return false;
    Bitboard occ = (p->byType[0] ^ sq_bb(from) ^ sq_bb(capsq)) | sq_bb(ep);
    return !(pos_attackers_to(p, ksq, occ) & p->byColor[them] & ~sq_bb(capsq));
}

/* Where the pinned piece on `from` may go: between its king and the pinner, or onto the
 * pinner. Not the whole line as in chess: a transporter move can jump past the pinner or to
 * the far side of the king, and both leave the king in check (T3.2). */
static Bitboard pin_mask(const Position *p, int ksq, int from, Bitboard theirs) {
    Bitboard occ = p->byType[0] ^ sq_bb(from);
    bool straight = sq_rank(ksq) == sq_rank(from) || sq_file(ksq) == sq_file(from);
    Bitboard hits = (straight ? rook_attacks(ksq, occ) : bishop_attacks(ksq, occ)) & BB_LINE[ksq][from] & theirs;
    while (hits) {
        int s = pop_lsb(&hits);
        if (BB_BETWEEN[ksq][s] & sq_bb(from))
            return BB_BETWEEN[ksq][s] | sq_bb(s);
    }
    return 0;
}

static inline void add_targets(Targets *t, int from, Bitboard to) {
    if (to) {
        t->from[t->n] = (uint8_t)from;
        t->to[t->n++] = to;
    }
}

/* The king (T2.5) may go to any square of its rank's union that no enemy piece attacks once
 * it has left its square. That is all of T3.3: see docs/players/rules-tether.md. */
static inline Bitboard king_targets(const Position *p, int ksq, Bitboard kt, Bitboard theirs) {
    Bitboard safe = 0, occK = p->byType[0] ^ sq_bb(ksq);
    while (kt) {
        int to = pop_lsb(&kt);
        if (!(pos_attackers_to(p, to, occK) & theirs))
            safe |= sq_bb(to);
    }
    return safe;
}

static void tether_targets(const Position *p, Targets *t) {
    const StateInfo *st = pos_state(p);
    int us = st->stm, them = us ^ 1, ksq = pos_king(p, us);
    Bitboard occ = p->byType[0], ours = p->byColor[us], theirs = p->byColor[them];
    Bitboard U[8];
    rank_unions(p, us, U);
    t->n = 0;
    t->nspecial = 0;
    add_targets(t, ksq, king_targets(p, ksq, U[sq_rank(ksq)], theirs));
    Bitboard checkers = pos_attackers_to(p, ksq, occ) & theirs;
    if (!checkers) /* T4.1: classical castling */
        t->nspecial = (int)(gen_castling(p, us, t->special) - t->special);
    if (more_than_one(checkers))
        return;
    Bitboard target = checkers ? BB_BETWEEN[ksq][lsb(checkers)] | checkers : ~0ULL;
    Bitboard pinned = slider_blockers(p, ksq, them, us);
    Bitboard firstRank = rank_bb(us == WHITE ? 0 : 7); /* T2.6: never for a pawn */
    int ep = st->epRaw;
    Bitboard epTakers = ep != NO_SQ ? BB_PAWN_ATTACKS[them][ep] & ours & p->byType[PAWN] : 0;
    Bitboard movers = ours & ~sq_bb(ksq);
    while (movers) {
        int from = pop_lsb(&movers);
        Bitboard to = U[sq_rank(from)] & target;
        if (pinned & sq_bb(from))
            to &= pin_mask(p, ksq, from, theirs);
        if (piece_type(p->board[from]) == PAWN) {
            to &= ~firstRank;
            /* T4.3: onto the en-passant square this pawn's move is the capture, legal or not. */
            if (epTakers & sq_bb(from)) {
                to &= ~sq_bb(ep);
                if (ep_legal_from(p, us, from, ep))
                    t->special[t->nspecial++] = make_move(from, ep, MF_EP);
            }
        }
        add_targets(t, from, to);
    }
}

int tether_legal(const Position *p, Move *list) {
    Targets t;
    tether_targets(p, &t);
    Move *m = list;
    Bitboard lastRank = rank_bb(pos_turn(p) == WHITE ? 7 : 0);
    for (int i = 0; i < t.n; i++) {
        int from = t.from[i];
        Bitboard to = t.to[i];
        bool pawn = piece_type(p->board[from]) == PAWN;
        while (to) {
            int s = pop_lsb(&to);
            if (pawn && (lastRank & sq_bb(s))) { /* T2.6: apex promotion, by any move */
                *m++ = make_promo(from, s, QUEEN);
                *m++ = make_promo(from, s, ROOK);
                *m++ = make_promo(from, s, BISHOP);
                *m++ = make_promo(from, s, KNIGHT);
            } else
                *m++ = make_move(from, s, MF_NORMAL);
        }
    }
    for (int i = 0; i < t.nspecial; i++)
        *m++ = t.special[i];
    return (int)(m - list);
}

/* The squares the pieces of `them` attack on occupancy occ (classical attacks: T3.1). */
static Bitboard attacks_of(const Position *p, int them, Bitboard occ) {
    Bitboard theirs = p->byColor[them], a = pawn_attacks_bb(theirs & p->byType[PAWN], them);
    Bitboard b = theirs & p->byType[KNIGHT];
    while (b)
        a |= BB_KNIGHT[pop_lsb(&b)];
    b = theirs & (p->byType[BISHOP] | p->byType[QUEEN]);
    while (b)
        a |= bishop_attacks(pop_lsb(&b), occ);
    b = theirs & (p->byType[ROOK] | p->byType[QUEEN]);
    while (b)
        a |= rook_attacks(pop_lsb(&b), occ);
    return a | BB_KING[pos_king(p, them)];
}

/* tether_targets' sets counted without being listed: every unpinned piece of a rank has the
 * rank's union for its destinations (T2.2), so a rank counts its union once per piece. */
int tether_count(const Position *p) {
    const StateInfo *st = pos_state(p);
    int us = st->stm, them = us ^ 1, ksq = pos_king(p, us);
    Bitboard occ = p->byType[0], ours = p->byColor[us], theirs = p->byColor[them];
    Bitboard U[8];
    rank_unions(p, us, U);
    /* Every square the other side attacks with our king off the board: the king's safe
     * targets, check and castling's squares from one map instead of a test per square. */
    Bitboard attacked = attacks_of(p, them, occ ^ sq_bb(ksq));
    int n = popcount(U[sq_rank(ksq)] & ~attacked);
    Bitboard checkers = attacked & sq_bb(ksq) ? pos_attackers_to(p, ksq, occ) & theirs : 0;
    int cr = st->castling & (us == WHITE ? WHITE_OO | WHITE_OOO : BLACK_OO | BLACK_OOO);
    if (!checkers && cr) { /* T4.1: classical castling (as gen_castling) */
        int k = us == WHITE ? 4 : 60;
        if ((cr & (WHITE_OO | BLACK_OO)) && !((occ | attacked) & (sq_bb(k + 1) | sq_bb(k + 2))))
            n++;
        if ((cr & (WHITE_OOO | BLACK_OOO)) && !(occ & sq_bb(k - 3)) && !((occ | attacked) & (sq_bb(k - 1) | sq_bb(k - 2))))
            n++;
    }
    if (more_than_one(checkers))
        return n;
    Bitboard target = checkers ? BB_BETWEEN[ksq][lsb(checkers)] | checkers : ~0ULL;
    Bitboard pinned = slider_blockers(p, ksq, them, us);
    Bitboard firstRank = rank_bb(us == WHITE ? 0 : 7), lastRank = rank_bb(us == WHITE ? 7 : 0);
    Bitboard pawns = ours & p->byType[PAWN], pieces = ours & ~pawns & ~sq_bb(ksq) & ~pinned;
    int ep = st->epRaw;
    Bitboard epTakers = ep != NO_SQ ? BB_PAWN_ATTACKS[them][ep] & pawns : 0;
    for (int r = 0; r < 8; r++) {
        Bitboard onRank = rank_bb(r), to = U[r] & target;
        int np = popcount(pieces & onRank), nq = popcount(pawns & ~pinned & onRank);
        if (np)
            n += np * popcount(to);
        if (nq) {
            to &= ~firstRank;
            n += nq * (popcount(to) + 3 * popcount(to & lastRank));
        }
    }
    Bitboard pp = ours & pinned;
    while (pp) {
        int from = pop_lsb(&pp);
        Bitboard to = U[sq_rank(from)] & target & pin_mask(p, ksq, from, theirs);
        if (pawns & sq_bb(from)) {
            to &= ~firstRank;
            n += 3 * popcount(to & lastRank);
        }
        n += popcount(to);
    }
    /* T4.3: onto the en-passant square a taker's move is the capture, counted once if legal. */
    while (epTakers) {
        int from = pop_lsb(&epTakers);
        Bitboard to = U[sq_rank(from)] & target;
        if (pinned & sq_bb(from))
            to &= pin_mask(p, ksq, from, theirs);
        n += ep_legal_from(p, us, from, ep) - (int)((to >> ep) & 1);
    }
    return n;
}

/* Perft's last two plies: each move is played on the board alone (no keys, no state copy)
 * and the state slot above holds only what tether_count reads: the side, the castling
 * rights and the square a double step passed (T4.2, as turn_after_decision sets them). */
static uint64_t tether_two(Position *p) {
    Move list[MAX_MOVES];
    int n = tether_legal(p, list);
    const StateInfo *st = pos_state(p);
    StateInfo *next = &p->st[p->ply + 1];
    int us = st->stm, cr = st->castling;
    next->stm = (uint8_t)(us ^ 1);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        Move m = list[i];
        int from = move_from(m), to = move_to(m), flag = move_flag(m), pc = p->board[from];
        int capsq = flag == MF_EP ? to + (us == WHITE ? -8 : 8) : to, cap = p->board[capsq];
        int mid = (from + to) / 2;
        bool dbl = piece_type(pc) == PAWN && (to - from == 16 || from - to == 16) &&
                   relative_rank(us, sq_rank(from)) == 1 && !p->board[to] && !p->board[mid];
        next->epRaw = dbl ? (uint8_t)mid : NO_SQ;
        next->castling = (uint8_t)(cr ? castling_after(cr, from, to) : 0);
        int rfrom = to > from ? from + 3 : from - 4, rto = to > from ? from + 1 : from - 1;
        if (cap)
            pos_remove_piece(p, capsq);
        if (flag >= MF_PROMO) {
            pos_remove_piece(p, from);
            pos_put_piece(p, make_piece(us, move_promo_type(m)), to);
        } else
            pos_move_piece(p, from, to);
        if (flag == MF_CASTLE)
            pos_move_piece(p, rfrom, rto);
        p->ply++;
        total += (uint64_t)tether_count(p);
        p->ply--;
        if (flag == MF_CASTLE)
            pos_move_piece(p, rto, rfrom);
        if (flag >= MF_PROMO) {
            pos_remove_piece(p, to);
            pos_put_piece(p, pc, from);
        } else
            pos_move_piece(p, to, from);
        if (cap)
            pos_put_piece(p, cap, capsq);
    }
    return total;
}

uint64_t tether_perft(Position *p, int depth) {
    if (depth == 1)
        return (uint64_t)tether_count(p);
    if (depth == 2)
        return tether_two(p);
    Move list[MAX_MOVES];
    int n = tether_legal(p, list);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pos_do(p, list[i]);
        total += tether_perft(p, depth - 1);
        pos_undo(p);
    }
    return total;
}

/* T2.4: a square the piece reaches by itself is its native move, even when a rank-mate lends
 * it too; T4.2/T4.3: the double step and en passant are native, castling is (T4.1). */
TetherMoveKind tether_move_kind(const Position *p, Move m) {
    int flag = move_flag(m), from = move_from(m);
    if (flag == MF_CASTLE || flag == MF_EP || (tether_reach(p, from) & sq_bb(move_to(m))))
        return TETHER_NATIVE;
    return move_is_promo(m) ? TETHER_APEX : TETHER_TRANSPORTER;
}

bool tether_fen_ok(const Position *p, char *err, size_t errlen) {
    for (int c = WHITE; c <= BLACK; c++)
        if (popcount(p->byColor[c]) > 16) {
            snprintf(err, errlen, "bad FEN: %s has %d pieces; tether allows at most 16 a side", c == WHITE ? "white" : "black",
                     popcount(p->byColor[c]));
            return false;
        }
    return true;
}
