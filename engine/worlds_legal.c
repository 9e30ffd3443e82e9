/* Haft Schroedinger legality of one move (S2.1) without building the state after it. The full
 * update (worlds.c: apply) copies ~10 KB and narrows every set; a legality test needs only to find
 * one live king pair after the move, so it narrows each pair's two blocks on the fly:
 *   - the mover's side: block kX of side[X][kY], and with the mover's type mask (S1.3 pattern);
 *   - the other side: block kY of side[Y][kX], and with "not a type that attacks kX's square"
 *     for each enemy major attacking it after the move (S1.3 king safety);
 *   - kX is dropped when an enemy pawn attacks it, kY when it was just captured (S2.3);
 *   - promoted pieces keep a type under the enemy king (S1.2).
 * tests/worlds checks it against the full update on every candidate of random games. */
#include "worlds_internal.h"

/* Whether block k of set, and-ed with every mask, has a bit. */
static bool block_live(const WorldsSet *set, int k, const WorldsSet *const *masks, int n) {
    for (int i = k * WORLDS_BLOCK_WORDS; i < (k + 1) * WORLDS_BLOCK_WORDS; i++) {
        uint64_t x = set->w[i];
        for (int j = 0; j < n && x; j++)
            x &= masks[j]->w[i];
        if (x)
            return true;
    }
    return false;
}

typedef struct {
    int us, them, mover, to, captured_king;
    unsigned promo_ok_us; /* enemy kings under which all our promoted pieces keep a type */
    const WorldsSet *mover_mask;
    Bitboard occ, their_pawns, their_majors;
} After;

/* Constraints on the enemy when our king is kX on sq: its attackers' masks (originals) and,
 * for promoted attackers, whether each keeps a type. false when the enemy cannot comply. */
static bool enemy_masks(const WorldsState *s, const After *a, int kX, int sq, const WorldsSet **masks, int *n) {
    uint8_t promo[WORLDS_MAX_PROMO];
    int np = s->n_promo[a->them];
    for (int q = 0; q < np; q++)
        promo[q] = s->promo[a->them][q][kX];
    *n = 0;
    Bitboard att = (BB_KING[sq] | BB_KNIGHT[sq] | rook_attacks(sq, a->occ) | bishop_attacks(sq, a->occ)) &
                   a->their_majors;
    while (att) {
        int sj = pop_lsb(&att), j = worlds_piece_id(s->board[sj]);
        unsigned allowed = WORLDS_ALL & ~worlds_pattern_types(sj, sq, a->occ);
        if (j < 8)
            masks[(*n)++] = worlds_type_mask(j, allowed);
        else
            promo[j - 8] &= (uint8_t)allowed;
    }
    for (int q = 0; q < np; q++)
        if (!promo[q])
            return false;
    return true;
}

/* The enemy kings kY with (kX, kY) in live. */
static unsigned enemy_kings(uint64_t live, int us, int kX) {
    if (us == WHITE)
        return (unsigned)(live >> (8 * kX)) & 0xFF;
    unsigned ks = 0;
    for (int kw = 0; kw < 8; kw++)
        ks |= (unsigned)(live >> (8 * kw + kX) & 1) << kw;
    return ks;
}

static bool any_pair(const WorldsState *s, const After *a, uint64_t live) {
    const WorldsSet *mine[1] = {a->mover_mask};
    for (int kX = 0; kX < 8; kX++) {
        int sq = kX == a->mover ? a->to : s->major_sq[a->us][kX];
        unsigned kys = enemy_kings(live, a->us, kX);
        if (!kys || sq == NO_SQ || (BB_PAWN_ATTACKS[a->us][sq] & a->their_pawns))
            continue;
        const WorldsSet *masks[16];
        int n;
        if (!enemy_masks(s, a, kX, sq, masks, &n))
            continue;
        for (int kY = 0; kY < 8; kY++)
            if ((kys >> kY & 1) && s->major_sq[a->them][kY] != NO_SQ && kY != a->captured_king &&
                (a->promo_ok_us >> kY & 1) &&
                block_live(&s->side[a->us][kY], kX, mine, a->mover_mask != NULL) &&
                block_live(&s->side[a->them][kX], kY, masks, n))
                return true;
    }
    return false;
}

bool worlds_legal_after(const WorldsState *s, Move m, uint64_t live) {
    After a;
    int from = move_from(m), id = worlds_piece_id(s->board[from]);
    a.us = s->stm;
    a.them = !a.us;
    a.to = move_to(m);
    a.mover = id < 8 ? id : -1;
    Bitboard occ = s->by_color[WHITE] | s->by_color[BLACK];
    int capsq = move_flag(m) == MF_EP ? a.to - (a.us == WHITE ? 8 : -8) : a.to;
    int cap = s->board[capsq];
    a.captured_king = cap && worlds_piece_id(cap) < 8 ? worlds_piece_id(cap) : -1;
    unsigned types = WORLDS_ALL;
    a.mover_mask = NULL;
    if (id != WORLDS_PAWN_ID) {
        types = worlds_pattern_types(from, a.to, occ);
        if (!types)
            return false;
        if (id < 8)
            a.mover_mask = worlds_type_mask(id, types);
    }
    a.promo_ok_us = 0xFF;
    for (int p = 0; p < s->n_promo[a.us]; p++)
        for (int k = 0; k < 8; k++)
            if (!(s->promo[a.us][p][k] & (id == 8 + p ? types : WORLDS_ALL)))
                a.promo_ok_us &= ~(1u << k);
    Bitboard gone = cap ? sq_bb(capsq) : 0;
    a.occ = (occ & ~sq_bb(from) & ~gone) | sq_bb(a.to);
    a.their_pawns = s->pawns[a.them] & ~gone;
    a.their_majors = s->by_color[a.them] & ~s->pawns[a.them] & ~gone;
    return any_pair(s, &a, live);
}
