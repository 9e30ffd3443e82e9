/* QEC perft's last turn (R6), counted from its base moves without pos_do: origin by origin,
 * each origin's plain destinations in one multiply, checks and the squares that decide the
 * counterpart's replies move by move (engine/perft_qec.c counts the turns above it). */
#include "movegen.h"
#include "perft_internal.h"
#include "perft_origin.h"
#include "turn.h"

static Bitboard view_attackers(const BoardView *v, int s, int by) {
    return ((BB_PAWN_ATTACKS[by ^ 1][s] & v->type[PAWN]) | (BB_KNIGHT[s] & v->type[KNIGHT]) |
            (BB_KING[s] & v->type[KING]) | (bishop_attacks(s, v->occ) & (v->type[BISHOP] | v->type[QUEEN])) |
            (rook_attacks(s, v->occ) & (v->type[ROOK] | v->type[QUEEN]))) &
           v->col[by];
}

/* The reply from c to `to` (promoting to `promo`, or 0) played on the view of the base
 * move, then the base mover's steps (R2.5), or 1 for a mate, which is a leaf (R6.2). */
static uint64_t reply_then_steps(const BoardView *after, int c, int to, int promo, int mover) {
    BoardView v = *after;
    int owner = mover ^ 1, pt = PAWN;
    while (!(v.type[pt] & sq_bb(c)))
        pt++;
    for (int t = PAWN; t <= KING; t++) /* a capture: of the base-moved piece or any other */
        v.type[t] &= ~sq_bb(to);
    v.col[mover] &= ~sq_bb(to);
    v.col[owner] ^= sq_bb(c) | sq_bb(to);
    v.type[pt] ^= sq_bb(c);
    v.type[promo ? promo : pt] |= sq_bb(to);
    v.occ = v.type[0] = v.col[WHITE] | v.col[BLACK];
    Bitboard steps = king_step_squares_by_attackers(v.type, v.col, mover);
    return steps ? (uint64_t)popcount(steps) : 1;
}

/* The general case: from the BoardView of the base move, with its checkers; the pin and
 * the shield are left to reply_sets() (lazy). */
static void reply_view_full(const BoardView *v, int owner, Bitboard checkers, ReplyView *r) {
    int mover = owner ^ 1;
    r->occ = v->occ;
    r->owner = v->col[owner];
    r->mover = v->col[mover];
    r->ownerK = v->king[owner];
    r->moverK = v->king[mover];
    r->checkers = checkers;
    r->pinned = r->uncover = false;
}

/* The base mover's king after one of several checking replies of c (R2.5): the squares
 * around it the owner's other pieces attack (through the king, with c gone) are found once
 * per base move; a reply adds c's attacks from its new square, unless it lands between one
 * of those sliders and a square it attacks (`block`: reply_then_steps then). */
typedef struct {
    Bitboard ring, att, block;
} ReplyRing;

/* What the pieces `by` (of colour `colour`; types in type[], kings left out) attack on
 * occupancy occ, and into *block the squares between one of their sliders and a square of
 * `ring` it attacks: the part of a checked king's steps that does not depend on the piece
 * that gives the check (reply_ring, checked_ring). */
static inline Bitboard ring_attacks(const Bitboard type[7], Bitboard by, int colour, Bitboard occ, Bitboard ring,
                                    Bitboard *block) {
    Bitboard att = pawn_attacks_bb(by & type[PAWN], colour), b = by & type[KNIGHT];
    *block = 0;
    while (b)
        att |= BB_KNIGHT[pop_lsb(&b)];
    for (int diag = 0; diag < 2; diag++) {
        b = by & (type[QUEEN] | type[diag ? BISHOP : ROOK]);
        while (b) {
            int s = pop_lsb(&b);
            Bitboard a = diag ? bishop_attacks(s, occ) : rook_attacks(s, occ), hit = a & ring;
            att |= a;
            while (hit)
                *block |= BB_BETWEEN[s][pop_lsb(&hit)];
        }
    }
    return att;
}

static void reply_ring(const BoardView *v, int c, int mover, ReplyRing *rr) {
    int owner = mover ^ 1, k = v->king[mover];
    rr->ring = BB_KING[k] & ~BB_KING[v->king[owner]];
    rr->att = ring_attacks(v->type, v->col[owner] ^ sq_bb(c), owner, v->occ ^ sq_bb(c) ^ sq_bb(k), rr->ring,
                           &rr->block);
}

/* reply_then_steps() through the ring: c (type pt, or its promotion) to `to`, not in block. */
static uint64_t ring_reply_steps(const BoardView *v, const ReplyRing *rr, int c, int to, int pt, int mover) {
    int owner = mover ^ 1, k = v->king[mover], other = v->king[owner];
    Bitboard t = sq_bb(to), ours = v->col[mover] & ~t, steps = rr->ring & ~ours & ~rr->att;
    if (!steps) /* mated whatever c attacks from `to` */
        return 1;
    Bitboard occ = (v->occ ^ sq_bb(c)) | t;
    steps &= ~(pt == PAWN ? BB_PAWN_ATTACKS[owner][to] : piece_attacks(pt, to, occ ^ sq_bb(k)));
    Bitboard line = BB_LINE[k][other]; /* R2.5: no step off a line on which it shields their king */
    if (steps && line && !(BB_BETWEEN[k][other] & occ)) {
        bool diagonal = sq_file(k) != sq_file(other) && sq_rank(k) != sq_rank(other);
        Bitboard behind = diagonal ? bishop_attacks(k, occ) & (v->type[BISHOP] | v->type[QUEEN])
                                   : rook_attacks(k, occ) & (v->type[ROOK] | v->type[QUEEN]);
        if (behind & ours & line)
            steps &= line;
    }
    return steps ? (uint64_t)popcount(steps) : 1;
}

/* After the base move (seen through v and r), the forced replies of the piece on c, each
 * followed by the base mover's step if the reply checks it. The rules are those of
 * gen_piece_moves() and gen_king_steps(); the perft suites and tests/perft/bulk_test.c hold
 * the paths together. */
static uint64_t count_replies(const Position *p, const BoardView *v, ReplyView *r, int c) {
    ReplySets s;
    reply_sets(p, r, c, piece_type(p->board[c]), v, &s);
    int mover = piece_color(p->board[c]) ^ 1, theirK = r->moverK, pt = piece_type(p->board[c]);
    Bitboard occ2 = r->occ ^ sq_bb(c);
    uint64_t total = (uint64_t)popcount(s.plain);
    ReplyRing rr = {0, 0, 0}; /* (set by reply_ring whenever read; the compiler cannot tell) */
    bool ring = more_than_one(s.checking) || s.promos;
    if (ring)
        reply_ring(v, c, mover, &rr);
    while (s.checking) {
        int to = pop_lsb(&s.checking);
        total += ring && !(rr.block & sq_bb(to)) ? ring_reply_steps(v, &rr, c, to, pt, mover)
                                                 : reply_then_steps(v, c, to, 0, mover);
    }
    while (s.promos) {
        int to = pop_lsb(&s.promos);
        /* Which of the four pieces checks from `to`: a knight, or a slider of either kind. */
        Bitboard k = sq_bb(theirK), u = s.uncover & sq_bb(to);
        Bitboard diag = bishop_attacks(to, occ2) & k, orth = rook_attacks(to, occ2) & k;
        Bitboard checks[QUEEN + 1] = {0, 0, (BB_KNIGHT[to] & k) | u, diag | u, orth | u, diag | orth | u};
        for (int t = KNIGHT; t <= QUEEN; t++) {
            if (!checks[t])
                total++;
            else
                total += !(rr.block & sq_bb(to)) ? ring_reply_steps(v, &rr, c, to, t, mover)
                                                 : reply_then_steps(v, c, to, t, mover);
        }
    }
    return total;
}

/* R2.5's steps of their king after a checking move of ours from the origin `from` that forces
 * no reply: the squares around their king that our other pieces attack (through their king,
 * with the origin left) are the same for every destination; only the moved piece's own
 * attacks and the lines its landing square cuts (`block`: counted by last_turn_move) differ. */
typedef struct {
    bool ready;
    Bitboard ring;  /* their king's squares not next to our king */
    Bitboard att;   /* those our other pieces attack with the origin left */
    Bitboard block; /* squares between one of our sliders and a ring square it attacks */
} CheckedRing;

static void checked_ring(const Position *p, const LastTurn *lt, int from, CheckedRing *r) {
    int us = lt->us, k = lt->theirK;
    r->ready = true;
    r->ring = BB_KING[k] & ~BB_KING[lt->ourK];
    r->att = ring_attacks(p->byType, p->byColor[us] ^ sq_bb(from), us, p->byType[0] ^ sq_bb(from) ^ sq_bb(k), r->ring,
                          &r->block);
}

/* The steps (or 1 for a mate, R6.2) after the checking move from `from` to `to` (not in
 * r->block) of a piece of type pt (not the king; for a promotion, the new piece), as
 * king_step_squares() finds them. */
static uint64_t checked_steps(const Position *p, const LastTurn *lt, const CheckedRing *r, int from, int pt, int to) {
    int us = lt->us, k = lt->theirK, ourK = lt->ourK;
    Bitboard t = sq_bb(to), theirs = p->byColor[lt->them] & ~t, steps = r->ring & ~theirs & ~r->att;
    if (!steps) /* mated whatever the piece attacks from `to` */
        return 1;
    Bitboard occ = (p->byType[0] ^ sq_bb(from)) | t;
    steps &= ~(pt == PAWN ? BB_PAWN_ATTACKS[us][to] : piece_attacks(pt, to, occ ^ sq_bb(k)));
    /* R2.5: no step off a line on which their king shields ours from one of their sliders. */
    Bitboard line = BB_LINE[k][ourK];
    if (steps && line && !(BB_BETWEEN[k][ourK] & occ)) {
        bool diagonal = sq_file(k) != sq_file(ourK) && sq_rank(k) != sq_rank(ourK);
        Bitboard behind = diagonal ? bishop_attacks(k, occ) & (p->byType[BISHOP] | p->byType[QUEEN])
                                   : rook_attacks(k, occ) & (p->byType[ROOK] | p->byType[QUEEN]);
        if (behind & theirs & line)
            steps &= line;
    }
    return steps ? (uint64_t)popcount(steps) : 1;
}

/* One base move of the last turn, counted through to the end of the turn; `check`: whether
 * it gives check (the caller knows it for a plain move, normal_check()). */
static uint64_t last_turn_move(const Position *p, const LastTurn *lt, const CheckInfo *ci, Move m, bool check) {
    bool force = turn_may_force(p, m);
    if (!check && !force)
        return 1;
    BoardView v;
    view_after(p, m, &v);
    if (force) {
        int c = p->link[turn_linked_origin(m)];
        Bitboard checkers = 0;
        if (check && move_flag(m) == MF_NORMAL) { /* the moved piece, or the slider it uncovered */
            int from = move_from(m), to = move_to(m), k = lt->theirK;
            if (ci->checkSq[piece_type(p->board[from])] & sq_bb(to))
                checkers = sq_bb(to);
            if ((ci->disc & sq_bb(from)) && !aligned(from, to, k))
                checkers |= view_xray(&v, k, from, lt->us);
        } else if (check)
            checkers = view_attackers(&v, lt->theirK, lt->us);
        ReplyView r;
        reply_view_full(&v, lt->them, checkers, &r);
        uint64_t replies = count_replies(p, &v, &r, c);
        if (replies)
            return replies;
    }
    if (!check) /* no reply and no check: the turn is over */
        return 1;
    Bitboard steps = king_step_squares_by_attackers(v.type, v.col, lt->them); /* the checked side steps */
    return steps ? (uint64_t)popcount(steps) : 1;
}

/* Does the checking move from `from` to `to` (a piece of type pt) leave its counterpart c no
 * reply (R2.3)? Sure when the move is unlinked or takes c, in double check (only a king
 * answers one), and when none of the squares c could reach (with the origin left) takes the
 * checker or blocks its line; false when unsure (a discovered check: last_turn_move looks). */
static inline bool no_reply(const Position *p, const LastTurn *lt, const CheckInfo *ci, int from, int to, int pt,
                            int c) {
    if (c == NO_SQ || c == to)
        return true;
    bool direct = (ci->checkSq[pt] & sq_bb(to)) != 0;
    if ((ci->disc & sq_bb(from)) && !aligned(from, to, lt->theirK))
        return direct;
    Bitboard free, occ = p->byType[0] ^ sq_bb(from);
    Bitboard reach = counterpart_reach(c, piece_type(p->board[c]), lt->them, occ, p->byColor[lt->them],
                                       p->byColor[lt->us], &free);
    return !(reach & (BB_BETWEEN[lt->theirK][to] | sq_bb(to)));
}

/* The origin's destinations `slow`, move by move (out of line: the origin loop stays small). */
static __attribute__((noinline)) uint64_t slow_total(const Position *p, const LastTurn *lt, const CheckInfo *ci,
                                                     int from, int pt, Bitboard slow) {
    CheckedRing ring;
    ring.ready = false;
    ring.block = ring.att = ring.ring = 0; /* (set by checked_ring; the compiler cannot tell) */
    int c = p->link[from];
    uint64_t total = 0;
    while (slow) {
        int to = pop_lsb(&slow);
        bool check = normal_check(ci, from, to, pt);
        if (check && no_reply(p, lt, ci, from, to, pt, c)) { /* the checked king steps */
            if (!ring.ready)
                checked_ring(p, lt, from, &ring);
            if (!(ring.block & sq_bb(to))) {
                total += checked_steps(p, lt, &ring, from, pt, to);
                continue;
            }
        }
        total += last_turn_move(p, lt, ci, make_move(from, to, MF_NORMAL), check);
    }
    return total;
}

/* The origin's destinations `placed`, each through count_placed() (out of line, one copy per
 * type cpt of the counterpart: the origin loop stays small). */
static inline __attribute__((always_inline)) uint64_t placed_total(const Position *p, const LastTurn *lt,
                                                                   const CheckInfo *ci, int from, int pt, int cpt,
                                                                   Bitboard placed, bool pinned, bool shield) {
    ReplyView r; /* the view of c with the origin left */
    origin_view(p, lt, from, pinned, shield, &r);
    uint64_t total = 0;
    while (placed) { /* no check here: checks are slow */
        int to = pop_lsb(&placed);
        uint64_t n = count_placed(p, lt, &r, p->link[from], cpt, pt, to);
        total += n ? n : last_turn_move(p, lt, ci, make_move(from, to, MF_NORMAL), false);
    }
    return total;
}
#define PLACED_COPY(name, CPT)                                                                                   \
    static __attribute__((noinline)) uint64_t name(const Position *p, const LastTurn *lt, const CheckInfo *ci,    \
                                                   int from, int pt, Bitboard placed, bool pinned, bool shield) { \
        return placed_total(p, lt, ci, from, pt, CPT, placed, pinned, shield);                                    \
    }
PLACED_COPY(placed_pawn, PAWN)
PLACED_COPY(placed_knight, KNIGHT)
PLACED_COPY(placed_bishop, BISHOP)
PLACED_COPY(placed_rook, ROOK)
PLACED_COPY(placed_queen, QUEEN)
#undef PLACED_COPY

/* One origin's base moves (to `tos`) counted through to the end of the turn. By R1.2 the
 * counterpart c of a pawn is an officer and that of an officer a pawn; cpt is c's type (a
 * constant at most calls), 0 when the origin has no counterpart. */
static inline __attribute__((always_inline)) uint64_t origin_total(const Position *p, const LastTurn *lt,
                                                                   const CheckInfo *ci, int from, int pt,
                                                                   Bitboard tos, int cpt, int c, int us) {
    OriginCount o;
    origin_count(p, lt, ci, from, pt, tos, cpt, c, us, &o);
    Bitboard slow = tos & o.slow, placed = o.placed;
    uint64_t total = (uint64_t)popcount(tos & ~slow & ~placed) * o.leaves;
    if (placed)
        switch (cpt) { /* a constant at most calls */
        case PAWN: total += placed_pawn(p, lt, ci, from, pt, placed, o.pinned, o.shield); break;
        case KNIGHT: total += placed_knight(p, lt, ci, from, pt, placed, o.pinned, o.shield); break;
        case BISHOP: total += placed_bishop(p, lt, ci, from, pt, placed, o.pinned, o.shield); break;
        case ROOK: total += placed_rook(p, lt, ci, from, pt, placed, o.pinned, o.shield); break;
        default: /* QUEEN (placed is empty when the origin has no counterpart) */
            total += placed_queen(p, lt, ci, from, pt, placed, o.pinned, o.shield);
            break;
        }
    if (slow)
        total += slow_total(p, lt, ci, from, pt, slow);
    return total;
}

/* The officers of type pt (a constant at each call) on `movers`, counted origin by origin. */
static inline __attribute__((always_inline)) uint64_t officers_total(const Position *p, const LastTurn *lt,
                                                                     const CheckInfo *ci, int pt, Bitboard movers,
                                                                     Bitboard target, Bitboard pinned, int us) {
    uint64_t total = 0;
    while (movers) {
        int from = pop_lsb(&movers);
        Bitboard t = piece_attacks(pt, from, p->byType[0]) & target;
        if (pinned & sq_bb(from))
            t &= BB_LINE[lt->ourK][from];
        if (t)
            total += origin_total(p, lt, ci, from, pt, t, PAWN, p->link[from], us);
    }
    return total;
}

/* The pawns about to promote (`promoting`), apart: the loop of the others stays small. A
 * checking promotion whose steps the pawn's ring cannot count goes to *m (move by move). */
static inline __attribute__((always_inline)) uint64_t promoting_total(const Position *p, const LastTurn *lt,
                                                                      const CheckInfo *ci, Bitboard promoting,
                                                                      Bitboard one, Bitboard target, Bitboard pinned,
                                                                      const int us, Move **m) {
    const int up = us == WHITE ? 8 : -8, ksq = lt->ourK;
    Bitboard theirs = p->byColor[us ^ 1], occ = p->byType[0], last = rank_bb(us == WHITE ? 7 : 0);
    uint64_t total = 0;
    while (promoting) {
        int from = pop_lsb(&promoting);
        Bitboard t = (sq_bb(from + up) & one) | (BB_PAWN_ATTACKS[us][from] & theirs);
        t &= target;
        if (pinned & sq_bb(from))
            t &= BB_LINE[ksq][from];
        if (t & last) { /* R3.3: no forced reply; a promotion that does not check ends the turn */
            Bitboard pr = t & last, occ2 = occ ^ sq_bb(from), king = sq_bb(lt->theirK);
            CheckedRing ring; /* a check: the checked king's steps, from the pawn's ring */
            ring.ready = false;
            ring.block = ring.att = ring.ring = 0;
            t &= ~last;
            while (pr) {
                int to = pop_lsb(&pr);
                bool disc = (ci->disc & sq_bb(from)) && !aligned(from, to, lt->theirK);
                for (int q = QUEEN; q >= KNIGHT; q--) {
                    if (!disc && !(piece_attacks(q, to, occ2) & king))
                        total++;
                    else {
                        if (!ring.ready)
                            checked_ring(p, lt, from, &ring);
                        if (ring.block & sq_bb(to))
                            *(*m)++ = make_promo(from, to, q);
                        else
                            total += checked_steps(p, lt, &ring, from, q, to);
                    }
                }
            }
        }
        if (!t)
            continue;
        int c = p->link[from];
        switch (c == NO_SQ ? 0 : piece_type(p->board[c])) { /* as in last_turn_side() */
        case KNIGHT: total += origin_total(p, lt, ci, from, PAWN, t, KNIGHT, c, us); break;
        case BISHOP: total += origin_total(p, lt, ci, from, PAWN, t, BISHOP, c, us); break;
        case ROOK: total += origin_total(p, lt, ci, from, PAWN, t, ROOK, c, us); break;
        case QUEEN: total += origin_total(p, lt, ci, from, PAWN, t, QUEEN, c, us); break;
        default: total += origin_total(p, lt, ci, from, PAWN, t, 0, c, us); break;
        }
    }
    return total;
}

/* promoting_total() out of line, one copy per colour. */
static __attribute__((noinline)) uint64_t promoting_white(const Position *p, const LastTurn *lt, const CheckInfo *ci,
                                                          Bitboard promoting, Bitboard one, Bitboard target,
                                                          Bitboard pinned, Move **m) {
    return promoting_total(p, lt, ci, promoting, one, target, pinned, WHITE, m);
}
static __attribute__((noinline)) uint64_t promoting_black(const Position *p, const LastTurn *lt, const CheckInfo *ci,
                                                          Bitboard promoting, Bitboard one, Bitboard target,
                                                          Bitboard pinned, Move **m) {
    return promoting_total(p, lt, ci, promoting, one, target, pinned, BLACK, m);
}

/* The counts of the cache's origins that stand on this board (LastTurnCache): their squares
 * go to *reused, their sum is returned. */
static inline __attribute__((always_inline)) uint64_t reused_total(const Position *p, const LastTurnCache *cache,
                                                                   Bitboard *reused) {
    Bitboard delta = (p->byColor[WHITE] ^ cache->col[WHITE]) | (p->byColor[BLACK] ^ cache->col[BLACK]);
    for (int t = PAWN; t <= KING; t++)
        delta |= p->byType[t] ^ cache->type[t];
    Bitboard r = 0;
    uint64_t total = 0;
    for (int i = 0; i < LAST_TURN_CACHED; i++) { /* no branch: whether an origin stands is data */
        uint64_t stands = (uint64_t)((cache->dep[i] & delta) != 0) - 1;
        r |= cache->from[i] & stands;
        total += cache->count[i] & stands;
    }
    *reused = r;
    return total;
}

/* The king's one-square moves to squares the other side does not attack: with one square to
 * look at (a king at home, behind its pawns) on that square, else as
 * king_safe_by_attackers() finds them, attacker by attacker. */
static inline Bitboard king_moves(const Position *p, int us, int ksq, int theirK) {
    Bitboard tos = BB_KING[ksq] & ~p->byColor[us] & ~BB_KING[theirK];
    if (!tos)
        return 0;
    if (more_than_one(tos))
        return king_safe_by_attackers(p->byType, p->byColor, us);
    Bitboard occ = p->byType[0] ^ sq_bb(ksq), theirs = p->byColor[us ^ 1], safe = 0;
    while (tos) {
        int to = pop_lsb(&tos);
        if (!(pos_attackers_to(p, to, occ) & theirs))
            safe |= sq_bb(to);
    }
    return safe;
}

/* The last turn from its base move, without pos_do: only what R2.3-R2.5 need is computed,
 * mostly on bitboards. This mirrors turn_after_decision(); the perft suites check the two
 * against the reference counts. The base moves are generated as legal_moves() does and
 * counted origin by origin as they come; castling, en passant and promotions one by one.
 * `us` is a constant at each call (one copy per colour). Not flattened: that saves 4-9 % of
 * the instructions on the mid-game lines but ran 0.88x as fast on the native build
 * (2026-11-29). */
static inline __attribute__((always_inline)) uint64_t last_turn_side(const Position *p, const int us,
                                                                     bool mayBeInCheck, const LastTurnCache *cache) {
    const int them = us ^ 1, up = us == WHITE ? 8 : -8;
    Move special[CLASSICAL_MAX_MOVES], *m = special;
    LastTurn lt;
    CheckInfo ci;
    Bitboard pinned, reused = 0;
    last_turn_init(p, us, &lt, &ci, &pinned);
    uint64_t total = cache ? reused_total(p, cache, &reused) : 0;
    int ksq = lt.ourK;
    Bitboard ours = p->byColor[us], theirs = p->byColor[them], occ = p->byType[0], empty = ~occ;
    Bitboard checkers = mayBeInCheck ? pos_attackers_to(p, ksq, occ) & theirs : 0;
    Bitboard kt = king_moves(p, us, ksq, lt.theirK);
    /* The king is never linked (R1.2): its steps end the turn unless one uncovers check. */
    Bitboard kslow = ci.disc & sq_bb(ksq) ? kt & ~BB_LINE[ksq][lt.theirK] : 0;
    total += (uint64_t)popcount(kt & ~kslow);
    while (kslow)
        total += last_turn_move(p, &lt, &ci, make_move(ksq, pop_lsb(&kslow), MF_NORMAL), true);
    /* The rights and the empty squares first: most positions of a deep count have neither. */
    int cr = pos_state(p)->castling, k = us == WHITE ? 4 : 60;
    if (!checkers && (((cr & (us == WHITE ? WHITE_OO : BLACK_OO)) && !(occ & (sq_bb(k + 1) | sq_bb(k + 2)))) ||
                      ((cr & (us == WHITE ? WHITE_OOO : BLACK_OOO)) &&
                       !(occ & (sq_bb(k - 1) | sq_bb(k - 2) | sq_bb(k - 3))))))
        m = gen_castling(p, us, m);
    if (!more_than_one(checkers)) {
        Bitboard target = (checkers ? BB_BETWEEN[ksq][lsb(checkers)] | checkers : ~0ULL) & ~ours;
        /* Pawns: the single steps as one set, a double step as a single step's single step. */
        Bitboard pawns = ours & p->byType[PAWN], one = shift_up(pawns, us) & empty;
        Bitboard two = shift_up(one & rank_bb(us == WHITE ? 2 : 5), us) & empty;
        /* Those about to promote first, apart (out of line): the loop of the others stays small. */
        Bitboard promoting = pawns & rank_bb(us == WHITE ? 6 : 1);
        pawns ^= promoting;
        pawns &= ~reused;
        if (promoting)
            total += us == WHITE ? promoting_white(p, &lt, &ci, promoting, one, target, pinned, &m)
                                 : promoting_black(p, &lt, &ci, promoting, one, target, pinned, &m);
        while (pawns) {
            int from = pop_lsb(&pawns);
            Bitboard t = sq_bb(from + up) & one;
            t |= (shift_up(t, us) & two) | (BB_PAWN_ATTACKS[us][from] & theirs);
            t &= target;
            if (pinned & sq_bb(from))
                t &= BB_LINE[ksq][from];
            if (!t)
                continue;
            /* By the counterpart's type (R1.2: an officer, or none): a constant in each copy. */
            int c = p->link[from];
            switch (c == NO_SQ ? 0 : piece_type(p->board[c])) {
            case KNIGHT: total += origin_total(p, &lt, &ci, from, PAWN, t, KNIGHT, c, us); break;
            case BISHOP: total += origin_total(p, &lt, &ci, from, PAWN, t, BISHOP, c, us); break;
            case ROOK: total += origin_total(p, &lt, &ci, from, PAWN, t, ROOK, c, us); break;
            case QUEEN: total += origin_total(p, &lt, &ci, from, PAWN, t, QUEEN, c, us); break;
            default: total += origin_total(p, &lt, &ci, from, PAWN, t, 0, c, us); break;
            }
        }
        /* The officers one type at a time (a pinned knight never moves): pt is a constant
         * in each copy of origin_total. */
        total += officers_total(p, &lt, &ci, KNIGHT, ours & ~reused & p->byType[KNIGHT] & ~pinned, target, pinned, us);
        total += officers_total(p, &lt, &ci, BISHOP, ours & ~reused & p->byType[BISHOP], target, pinned, us);
        total += officers_total(p, &lt, &ci, ROOK, ours & ~reused & p->byType[ROOK], target, pinned, us);
        total += officers_total(p, &lt, &ci, QUEEN, ours & ~reused & p->byType[QUEEN], target, pinned, us);
        int ep = pos_state(p)->ep;
        if (ep != NO_SQ)
            m = gen_ep(p, us, ep, ~0ULL, m);
    }
    for (Move *q = special; q < m; q++)
        total += last_turn_move(p, &lt, &ci, *q, gives_check(p, &ci, *q));
    return total;
}

/* mayBeInCheck: only a root turn may start in check (R2.5 has the checked king step at
 * once, R7.4); two_last() knows its side is not. */
uint64_t qec_last_turn(const Position *p, bool mayBeInCheck, const LastTurnCache *cache) {
    return pos_turn(p) == WHITE ? last_turn_side(p, WHITE, mayBeInCheck, cache)
                                : last_turn_side(p, BLACK, mayBeInCheck, cache);
}
