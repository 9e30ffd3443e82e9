/* The cache of one side's origin counts for its last turn (LastTurnCache, perft_internal.h):
 * taken once on the board before the penultimate turn (engine/perft_qec.c), with the squares
 * each count was read from, for the last-turn positions that turn leaves (engine/perft_last.c
 * sums the counts that stand). */
#include "movegen.h"
#include "perft_internal.h"
#include "perft_origin.h"

/* The squares that decide whether the piece on s is pinned to (or shields) the king on k:
 * those between them and the line beyond s up to its first piece. */
static Bitboard line_dep(int k, int s, Bitboard occ) {
    if (!BB_LINE[k][s])
        return 0;
    bool diagonal = sq_file(k) != sq_file(s) && sq_rank(k) != sq_rank(s);
    return BB_BETWEEN[k][s] | ((diagonal ? bishop_attacks(s, occ) : rook_attacks(s, occ)) & BB_LINE[k][s]);
}

/* The squares whose contents decide the replies of c (type cpt) counted by origin_count() and
 * count_placed() for the base moves from `from`: c's reach and, when c has somewhere to go or
 * a piece placed in its way may free it (`placed`), its lines to both kings (its pin and the
 * check it would uncover) and the squares from which it would check the base mover's king.
 * A piece placed on one of them only shortens the lines and the reach looked at. */
static Bitboard counterpart_dep(const Position *p, const LastTurn *lt, int from, int c, int cpt, bool placed) {
    int them = lt->them;
    Bitboard occ = p->byType[0] ^ sq_bb(from), free,
             reach = counterpart_reach(c, cpt, them, occ, p->byColor[them], p->byColor[them ^ 1], &free);
    Bitboard dep = sq_bb(c) | reach;
    if (free || placed) {
        /* A pawn's checks are from fixed squares; a promotion's (to any of the four pieces)
         * along the lines from the king to the last rank. */
        bool promotes = cpt == PAWN && relative_rank(them, sq_rank(c)) == 6;
        dep |= line_dep(lt->theirK, c, occ) | line_dep(lt->ourK, c, occ) |
               (cpt != PAWN ? piece_attacks(cpt, lt->ourK, occ ^ sq_bb(c))
                : promotes  ? queen_attacks(lt->ourK, occ ^ sq_bb(c))
                            : 0);
    }
    return dep;
}

/* One origin into the cache, if all its base moves (to tos) end the turn alike; dep: the
 * squares its own moves were read from. */
static void cache_origin(const Position *p, const LastTurn *lt, const CheckInfo *ci, int from, int pt, Bitboard tos,
                         Bitboard dep, LastTurnCache *cache) {
    uint64_t count = 0;
    Bitboard occ = p->byType[0];
    /* Its pin and a check it would uncover: the lines through it from both kings. */
    dep |= line_dep(lt->ourK, from, occ) | line_dep(lt->theirK, from, occ);
    if (tos) {
        if (ci->checkSq[pt] & tos)
            return;
        /* No check from a destination: for a slider, the squares between it and the king. */
        for (Bitboard d = pt >= BISHOP && pt <= QUEEN ? tos & lt->theirRays : 0; d;)
            dep |= BB_BETWEEN[lt->theirK][pop_lsb(&d)];
        int c = p->link[from], cpt = c == NO_SQ ? 0 : piece_type(p->board[c]);
        OriginCount o;
        origin_count(p, lt, ci, from, pt, tos, cpt, c, lt->us, &o);
        if (tos & o.slow) /* (placed excludes slow) */
            return;
        count = (uint64_t)popcount(tos & ~o.placed) * o.leaves;
        if (o.placed) { /* each looked at with the piece there (count_placed), as origin_total does */
            ReplyView r;
            origin_view(p, lt, from, o.pinned, o.shield, &r);
            for (Bitboard b = o.placed; b;) {
                uint64_t n = count_placed(p, lt, &r, c, cpt, pt, pop_lsb(&b));
                if (!n) /* a reply checks: last_turn_move's, move by move */
                    return;
                count += n;
            }
        }
        if (cpt)
            dep |= counterpart_dep(p, lt, from, c, cpt, o.placed != 0);
    }
    int i = cache->n++;
    cache->dep[i] = dep;
    cache->from[i] = sq_bb(from);
    cache->count[i] = count;
}

void last_turn_cache(const Position *p, int us, LastTurnCache *cache) {
    LastTurn lt;
    CheckInfo ci;
    Bitboard pinned;
    last_turn_init(p, us, &lt, &ci, &pinned);
    for (int c = 0; c < 2; c++)
        cache->col[c] = p->byColor[c];
    for (int t = 0; t < 7; t++)
        cache->type[t] = p->byType[t];
    cache->n = 0;
    /* Pinned pieces and those that shield a check are looked at afresh (as the promotions). */
    int up = us == WHITE ? 8 : -8;
    Bitboard ours = p->byColor[us], occ = p->byType[0], fixed = pinned | ci.disc;
    Bitboard kings = sq_bb(lt.ourK) | sq_bb(lt.theirK);
    Bitboard pawns = ours & p->byType[PAWN] & ~rank_bb(us == WHITE ? 6 : 1) & ~fixed;
    while (pawns) {
        int from = pop_lsb(&pawns);
        Bitboard one = sq_bb(from + up), two = relative_rank(us, sq_rank(from)) == 1 ? sq_bb(from + 2 * up) : 0;
        Bitboard att = BB_PAWN_ATTACKS[us][from], t = one & ~occ;
        t |= shift_up(t, us) & two & ~occ;
        t |= att & p->byColor[us ^ 1];
        cache_origin(p, &lt, &ci, from, PAWN, t, kings | sq_bb(from) | one | two | att, cache);
    }
    for (int pt = KNIGHT; pt <= QUEEN; pt++)
        for (Bitboard b = ours & p->byType[pt] & ~fixed; b;) {
            int from = pop_lsb(&b);
            Bitboard a = piece_attacks(pt, from, occ);
            cache_origin(p, &lt, &ci, from, pt, a & ~ours, kings | sq_bb(from) | a, cache);
        }
    /* The rest of the arrays as origins of no square that never stand: the test runs over
     * all of them, a fixed count the compiler vectorises. */
    for (int i = cache->n; i < LAST_TURN_CACHED; i++) {
        cache->dep[i] = ~0ULL;
        cache->from[i] = 0;
        cache->count[i] = 0;
    }
}
