/* The last turn's per-origin facts, shared by its count (engine/perft_last.c) and the cache
 * of origin counts the penultimate turn reuses (engine/perft_reuse.c): the pins and shields
 * of a last-turn position, a counterpart's forced replies as sets of squares, and an origin's
 * bulk count. Private to perft; inline, as the count's loops need them. */
#ifndef QEC_PERFT_ORIGIN_H
#define QEC_PERFT_ORIGIN_H

#include "movegen.h"
#include "perft_internal.h"

/* Sliders among diag (bishops, queens) and orth (rooks, queens) that the king on k would
 * newly see on occupancy occ if the piece on s were gone: only possible with nothing
 * between k and s, and then one look from s along the line. */
static Bitboard line_xray(int k, int s, Bitboard occ, Bitboard diag, Bitboard orth) {
    if (!BB_LINE[k][s] || (BB_BETWEEN[k][s] & occ))
        return 0;
    bool diagonal = sq_file(k) != sq_file(s) && sq_rank(k) != sq_rank(s);
    Bitboard sliders = (diagonal ? diag : orth) & BB_LINE[k][s];
    if (!sliders)
        return 0;
    return (diagonal ? bishop_attacks(s, occ) : rook_attacks(s, occ)) & sliders;
}

/* line_xray() on the view after a base move, its first test inline: most looks end there. */
static inline Bitboard view_xray(const BoardView *v, int k, int s, int by) {
    if (!BB_LINE[k][s] || (BB_BETWEEN[k][s] & v->occ))
        return 0;
    return line_xray(k, s, v->occ, v->col[by] & (v->type[BISHOP] | v->type[QUEEN]),
                     v->col[by] & (v->type[ROOK] | v->type[QUEEN]));
}

/* What counting the forced replies of the counterpart c needs to know about the board after
 * the base move. "Owner" is c's owner, "mover" the base mover. */
typedef struct {
    Bitboard occ, owner, mover; /* occupancy and each side's pieces */
    Bitboard checkers;          /* mover pieces checking the owner's king */
    int ownerK, moverK;
    bool pinned;  /* c is pinned to the owner's king */
    bool uncover; /* c shields the mover's king from an owner slider */
} ReplyView;

/* Per-position facts for the last turn: the pins and shields of the position before the
 * base move, which stay true after a base move that touches neither of c's two king lines. */
typedef struct {
    int us, them, ourK, theirK;
    Bitboard theirPinned;  /* their pieces pinned to their king by our sliders */
    Bitboard theirShields; /* their pieces between our king and one of their sliders */
    Bitboard theirRays, ourRays; /* the squares on a line with each king */
} LastTurn;

/* A slider's squares on an empty board: entry 0 of its table (PEXT and the magic index
 * both map an empty occupancy to 0). */
static inline Bitboard rook_rays(int s) { return BB_ROOK_MAGIC[s].attacks[0]; }
static inline Bitboard bishop_rays(int s) { return BB_BISHOP_MAGIC[s].attacks[0]; }

/* Every piece, of either colour, that alone stands between the king square ksq and a slider
 * of sliderColor: one look finds the pins and the shields (discoveries) of both sides. */
static inline __attribute__((always_inline)) Bitboard lone_blockers(const Position *p, int ksq, int sliderColor) {
    Bitboard snipers = ((rook_rays(ksq) & (p->byType[ROOK] | p->byType[QUEEN])) |
                        (bishop_rays(ksq) & (p->byType[BISHOP] | p->byType[QUEEN]))) &
                       p->byColor[sliderColor];
    Bitboard occ = p->byType[0], blockers = 0;
    while (snipers) {
        Bitboard b = BB_BETWEEN[ksq][pop_lsb(&snipers)] & occ;
        if (!more_than_one(b))
            blockers |= b;
    }
    return blockers;
}

/* The LastTurn facts, our pins (`pinned`) and check_info_init()'s CheckInfo, from two looks
 * for lone blockers instead of four. */
static inline __attribute__((always_inline)) void last_turn_init(const Position *p, int us, LastTurn *lt,
                                                                  CheckInfo *ci, Bitboard *pinned) {
    int them = us ^ 1;
    lt->us = us;
    lt->them = them;
    lt->ourK = pos_king(p, us);
    lt->theirK = pos_king(p, them);
    Bitboard atTheirs = lone_blockers(p, lt->theirK, us), atOurs = lone_blockers(p, lt->ourK, them);
    lt->theirPinned = atTheirs & p->byColor[them];
    lt->theirShields = atOurs & p->byColor[them];
    *pinned = atOurs & p->byColor[us];
    lt->theirRays = rook_rays(lt->theirK) | bishop_rays(lt->theirK);
    lt->ourRays = rook_rays(lt->ourK) | bishop_rays(lt->ourK);
    int ksq = lt->theirK;
    Bitboard occ = p->byType[0];
    ci->us = us;
    ci->ksq = ksq;
    ci->disc = atTheirs & p->byColor[us];
    ci->checkSq[PAWN] = BB_PAWN_ATTACKS[them][ksq];
    ci->checkSq[KNIGHT] = BB_KNIGHT[ksq];
    ci->checkSq[BISHOP] = bishop_attacks(ksq, occ);
    ci->checkSq[ROOK] = rook_attacks(ksq, occ);
    ci->checkSq[QUEEN] = ci->checkSq[BISHOP] | ci->checkSq[ROOK];
    ci->checkSq[KING] = 0;
}

/* The forced replies of the piece on c after the base move (seen through r), split into
 * those that end the turn (plain) and those that check the base mover (R2.5: a step follows)
 * or promote (four choices each). `reach` and `direct` are the squares whose occupancy
 * decides them: where c can go, and the lines along which it would check the mover's king. */
typedef struct {
    Bitboard plain, checking, promos, uncover;
    Bitboard reach, direct;
} ReplySets;

/* The squares that decide the replies of the counterpart c (type cpt, colour `them`) on
 * occupancy occ: where it reaches (a pawn: its steps and captures), and into *free those it
 * may move to (not onto `own`, its side's pieces; a pawn captures only `enemy`'s). reply_sets(),
 * origin_count(), no_reply() and the cache's counterpart_dep() share it. */
static inline __attribute__((always_inline)) Bitboard counterpart_reach(int c, int cpt, int them, Bitboard occ,
                                                                       Bitboard own, Bitboard enemy, Bitboard *free) {
    if (cpt == PAWN) {
        int up = them == WHITE ? 8 : -8;
        Bitboard one = sq_bb(c + up), two = relative_rank(them, sq_rank(c)) == 1 ? sq_bb(c + 2 * up) : 0;
        Bitboard att = BB_PAWN_ATTACKS[them][c];
        *free = (one & occ ? 0 : one | (two & ~occ)) | (att & enemy & occ);
        return one | two | att;
    }
    Bitboard reach = piece_attacks(cpt, c, occ);
    *free = reach & ~own;
    return reach;
}

static inline __attribute__((always_inline)) void reply_sets(const Position *p, ReplyView *r, int c, int pt,
                                                             const BoardView *lazy, ReplySets *s) {
    int owner = piece_color(p->board[c]), mover = owner ^ 1;
    int ksq = r->ownerK, theirK = r->moverK;
    Bitboard occ = r->occ;
    s->plain = s->checking = s->promos = s->uncover = s->direct = 0;
    Bitboard target = ~r->owner, tos;
    if (r->checkers)
        target &= more_than_one(r->checkers) ? 0 : BB_BETWEEN[ksq][lsb(r->checkers)] | r->checkers;
    s->reach = counterpart_reach(c, pt, owner, occ, r->owner, r->mover, &tos);
    tos &= target;
    if (!tos)
        return;
    /* With `lazy`, r's pin and shield are looked at on that view only now: most forced
     * moves after a check have no square to go to. */
    if (lazy)
        r->pinned = view_xray(lazy, ksq, c, mover) != 0;
    if (r->pinned && !(tos &= BB_LINE[ksq][c]))
        return;
    if (lazy)
        r->uncover = view_xray(lazy, theirK, c, owner) != 0;
    /* Checks on the base mover: directly from the new square, or uncovered behind c. */
    s->uncover = r->uncover ? ~BB_LINE[c][theirK] : 0;
    s->promos = pt == PAWN ? tos & (rank_bb(0) | rank_bb(7)) : 0;
    s->direct = pt == PAWN ? BB_PAWN_ATTACKS[mover][theirK] : piece_attacks(pt, theirK, occ ^ sq_bb(c));
    s->checking = tos & ~s->promos & (s->direct | s->uncover);
    s->plain = tos & ~s->promos & ~s->checking;
}

/* Does a forced reply promoting on one of `promos` (c gone from occ) check the base mover's
 * king on k, as one of the four pieces (R3.5), or by uncovering an owner slider (`uncover`)?
 * A knight's and a queen's looks from k answer for all four. */
static inline bool promotion_checks(Bitboard promos, Bitboard occ, int k, Bitboard uncover) {
    return (promos & (uncover | BB_KNIGHT[k] | queen_attacks(k, occ))) != 0;
}

/* Bulk counting per origin square. For most destinations a plain base move (no check, no
 * special flag) ends the last turn in the same number of ways: the counterpart's replies do
 * not depend on where the piece lands, unless it lands on a square that decides them (its
 * reach, its checks, its pin or the check it may uncover: `placed`). Those destinations
 * get the replies looked at again with the piece there (count_placed); checks and taking
 * the counterpart are counted move by move (`slow`). */
typedef struct {
    Bitboard slow;   /* destinations counted by last_turn_move() */
    Bitboard placed; /* destinations (of the origin's legal ones) counted by count_placed() */
    uint64_t leaves; /* leaves after a plain base move to any other destination */
    bool pinned, shield; /* c's pin and shield with the origin left (when placed != 0) */
} OriginCount;

static inline Bitboard diagonal_sliders(const Position *p) { return p->byType[BISHOP] | p->byType[QUEEN]; }
static inline Bitboard straight_sliders(const Position *p) { return p->byType[ROOK] | p->byType[QUEEN]; }

/* The counterpart c's pin and shield with the origin `from` left (a king is never linked,
 * R1.2, so the mover's king stays): only where the piece lands can change them then. An
 * origin off both kings' lines (most) changes neither. */
static inline __attribute__((always_inline)) void origin_flags(const Position *p, const LastTurn *lt, int from, int c,
                                                               bool *pinned, bool *uncover) {
    Bitboard left = sq_bb(from);
    *pinned = (lt->theirPinned & sq_bb(c)) != 0;
    *uncover = (lt->theirShields & sq_bb(c)) != 0;
    if (!((lt->theirRays | lt->ourRays) & left))
        return;
    Bitboard occ = p->byType[0] ^ left;
    if ((lt->theirRays & left) && (BB_LINE[lt->theirK][c] & left)) { /* leaving may pin c, or unpin it */
        Bitboard mover = p->byColor[lt->us] ^ left;
        *pinned = line_xray(lt->theirK, c, occ, mover & diagonal_sliders(p), mover & straight_sliders(p)) != 0;
    }
    if ((lt->ourRays & left) && (BB_LINE[c][lt->ourK] & left)) {
        Bitboard owner = p->byColor[lt->them];
        *uncover = line_xray(lt->ourK, c, occ, owner & diagonal_sliders(p), owner & straight_sliders(p)) != 0;
    }
}

/* The counterpart's view with the origin left, for count_placed(). */
static inline __attribute__((always_inline)) void origin_view(const Position *p, const LastTurn *lt, int from,
                                                              bool pinned, bool uncover, ReplyView *r) {
    Bitboard left = sq_bb(from);
    *r = (ReplyView){p->byType[0] ^ left, p->byColor[lt->them], p->byColor[lt->us] ^ left, 0, lt->theirK, lt->ourK,
                     pinned, uncover};
}

/* reply_sets() on the view of origin_view(), the check target aside (a base move counted
 * here gives no check), with c's reach and free squares found first: when c has no free
 * square, nothing but where the piece lands can give it a reply, and the pins and shields
 * need no look. */
static inline __attribute__((always_inline)) void origin_count(const Position *p, const LastTurn *lt,
                                                                const CheckInfo *ci, int from, int pt, Bitboard tos,
                                                                int cpt, int c, int us, OriginCount *o) {
    int them = us ^ 1;
    bool cPawn = cpt == PAWN;
    o->slow = ci->checkSq[pt];
    o->placed = 0;
    o->leaves = 1;
    if (ci->disc & sq_bb(from))
        o->slow |= ~BB_LINE[from][lt->theirK];
    if (!cpt || c == NO_SQ)
        return;
    Bitboard occ = p->byType[0] ^ sq_bb(from), free,
             reach = counterpart_reach(c, cpt, them, occ, p->byColor[them], p->byColor[them ^ 1], &free);
    bool pinned, shield;
    if (!free) {
        o->placed = reach & tos & ~o->slow;
        if (o->placed)
            origin_flags(p, lt, from, c, &o->pinned, &o->shield);
        return;
    }
    origin_flags(p, lt, from, c, &pinned, &shield);
    if (pinned)
        free &= BB_LINE[lt->theirK][c];
    Bitboard direct = 0;
    if (free) {
        /* Checks on the base mover: directly from the new square, or uncovered behind c. */
        Bitboard uncover = shield ? ~BB_LINE[c][lt->ourK] : 0;
        Bitboard promos = cPawn ? free & (rank_bb(0) | rank_bb(7)) : 0;
        direct = cPawn ? BB_PAWN_ATTACKS[us][lt->ourK] : piece_attacks(cpt, lt->ourK, occ ^ sq_bb(c));
        o->leaves = (uint64_t)popcount(free);
        if (promos || (free & (direct | uncover))) {
            /* With checks, the mover's steps depend on it all; a promotion counts four
             * (R3.5) when none of the four pieces checks. */
            if ((free & ~promos & (direct | uncover)) || promotion_checks(promos, occ ^ sq_bb(c), lt->ourK, uncover)) {
                o->slow = ~0ULL;
                return;
            }
            o->leaves += 3 * (uint64_t)popcount(promos);
        }
    }
    o->slow |= sq_bb(c); /* taking c breaks the link (R1.6) */
    /* Where landing can change the replies: in c's reach (it blocks c or becomes its
     * capture), or on c's line to its king where it unpins c (between c and the king, or
     * between c and the pinner) or, as a slider of that line's kind with nothing between c
     * and the king, pins it. Landing elsewhere leaves c's free squares as they are; it can
     * block a check c would give (`direct`, or uncovered behind c) but none of c's replies
     * checks here, and it cannot make one check. */
    Bitboard kingLine = BB_LINE[lt->theirK][c], pinLine = 0;
    if (pinned)
        pinLine = kingLine;
    else if (kingLine && !(BB_BETWEEN[lt->theirK][c] & occ)) {
        bool diagonal = sq_file(c) != sq_file(lt->theirK) && sq_rank(c) != sq_rank(lt->theirK);
        if (diagonal ? pt == BISHOP || pt == QUEEN : pt == ROOK || pt == QUEEN)
            pinLine = kingLine & ~BB_BETWEEN[lt->theirK][c];
    }
    o->placed = (reach | pinLine) & tos & ~o->slow;
    o->pinned = pinned;
    o->shield = shield;
}

/* A plain, non-checking base move of a piece of type pt from the origin of o to `to`, a
 * square that decides the counterpart c's replies: the replies looked at again with the
 * piece there (it may block c, be taken by it, take an owner piece, pin c or stop the check
 * c would uncover). Returns 0 when a reply checks (a promotion as any of its four pieces):
 * last_turn_move counts those. */
static inline __attribute__((always_inline)) uint64_t count_placed(const Position *p, const LastTurn *lt,
                                                                   const ReplyView *view, int c, int cpt, int pt,
                                                                   int to) {
    ReplyView r = *view;
    Bitboard t = sq_bb(to);
    r.occ |= t;
    r.mover |= t;
    r.owner &= ~t;
    if (BB_LINE[lt->theirK][c] & t) {
        Bitboard diag = (r.mover & ~t & diagonal_sliders(p)) | (pt == BISHOP || pt == QUEEN ? t : 0);
        Bitboard orth = (r.mover & ~t & straight_sliders(p)) | (pt == ROOK || pt == QUEEN ? t : 0);
        r.pinned = line_xray(lt->theirK, c, r.occ, diag, orth) != 0;
    }
    if (BB_LINE[c][lt->ourK] & t)
        r.uncover = line_xray(lt->ourK, c, r.occ, r.owner & diagonal_sliders(p), r.owner & straight_sliders(p)) != 0;
    ReplySets s;
    reply_sets(p, &r, c, cpt, NULL, &s);
    if (s.checking)
        return 0;
    if (s.promos) /* four pieces each, unless one of them checks */
        return promotion_checks(s.promos, r.occ ^ sq_bb(c), lt->ourK, s.uncover)
                   ? 0
                   : (uint64_t)(popcount(s.plain) + 4 * popcount(s.promos));
    return s.plain ? (uint64_t)popcount(s.plain) : 1;
}

#endif
