/* Static evaluation: one pass per side that adds weight * coefficient into middlegame and
 * endgame sums (and, for the tuner, records the coefficient). Weights: eval/weights_qec.h (QEC's,
 * as named blocks of rows that the other tables share), eval/weights_chess.c (classical chess),
 * eval/weights_tether.c (tether, with eval/tether.c). */
#include "eval.h"

#include <assert.h>
#include <stdio.h>

#include "chess.h"
#include "tether.h"

typedef struct {
    int mg, eg;
    EvalWeights w;    /* a variant's table: a constant the compiler folds in */
    EvalTrace *trace; /* NULL in the search: the compiler drops the recording */
} Acc;

typedef struct {
    Bitboard pawnAtt[2];  /* squares attacked by each side's pawns */
    Bitboard attacked[2]; /* squares attacked by each side (all pieces) */
    Bitboard kingRing[2]; /* squares next to each king */
    uint8_t mob[64];      /* safe squares of the officer on each square */
    EvalAttacks *at;      /* filled for a variant's own terms; NULL (a constant) for QEC's */
} EvalInfo;

static const int PHASE_INC[7] = {0, 0, 1, 1, 2, 4, 0};

static inline __attribute__((always_inline)) void add(Acc *a, int term, int coef) {
    a->mg += a->w[term][0] * coef;
    a->eg += a->w[term][1] * coef;
    if (a->trace)
        a->trace->coef[term] = (int16_t)(a->trace->coef[term] + coef);
}

static inline int pst_index(int c, int s) {
    int rs = c == WHITE ? s : s ^ 56, f = sq_file(rs);
    return sq_rank(rs) * 4 + (f < 4 ? f : 7 - f);
}

/* c's pawns: their material, piece-square and structure terms (all read the pawns alone). */
static inline __attribute__((always_inline)) void eval_pawns(const Position *p, int c, Acc *a, int sign) {
    Bitboard ours = pos_pieces(p, c, PAWN), theirs = pos_pieces(p, c ^ 1, PAWN), b = ours;
    add(a, T_MATERIAL, sign * popcount(ours));
    while (b) {
        int s = pop_lsb(&b), f = sq_file(s), rr = relative_rank(c, sq_rank(s));
        add(a, T_PST + pst_index(c, s), sign);
        Bitboard fwd = front_span(c, s);
        if (BB_FORWARD_FILE[c][s] & ours)
            add(a, T_DOUBLED, sign);
        if (!(adjacent_files(f) & ours))
            add(a, T_ISOLATED, sign);
        if (!(fwd & theirs))
            add(a, T_PASSED + rr, sign);
        if (adjacent_files(f) & rank_bb(sq_rank(s)) & ours)
            add(a, T_PHALANX, sign);
        if (BB_PAWN_ATTACKS[c ^ 1][s] & ours)
            add(a, T_SUPPORTED, sign);
    }
}

static inline __attribute__((always_inline)) void eval_pieces(const Position *p, int c, Acc *a, int sign,
                                                              EvalInfo *ei) {
    Bitboard occ = p->byType[0], area = ~p->byColor[c] & ~ei->pawnAtt[c ^ 1];
    Bitboard ourPawns = pos_pieces(p, c, PAWN), theirPawns = pos_pieces(p, c ^ 1, PAWN);
    Bitboard b = p->byColor[c] & ~p->byType[PAWN] & ~p->byType[KING];
    while (b) {
        int s = pop_lsb(&b), pt = piece_type(p->board[s]);
        Bitboard att = piece_attacks(pt, s, occ);
        ei->attacked[c] |= att;
        int n = popcount(att & area);
        ei->mob[s] = (uint8_t)n;
        add(a, EVAL_MOB_FIRST[pt] + n, sign);
        int ka = popcount(att & ei->kingRing[c ^ 1]);
        if (ei->at) {
            ei->at->by[c][pt] |= att;
            ei->at->ringAttackers[c][pt] += ka > 0;
        }
        if (ka)
            add(a, T_KING_ATTACK + pt - KNIGHT, sign * ka);
        if (pt == ROOK && !(file_bb(sq_file(s)) & ourPawns))
            add(a, (file_bb(sq_file(s)) & theirPawns) ? T_ROOK_SEMIOPEN : T_ROOK_OPEN, sign);
    }
    if (more_than_one(pos_pieces(p, c, BISHOP)))
        add(a, T_BISHOP_PAIR, sign);
}

static inline __attribute__((always_inline)) void eval_king(const Position *p, int c, Acc *a, int sign,
                                                            const EvalInfo *ei) {
    int k = pos_king(p, c), f = sq_file(k), r = sq_rank(k);
    Bitboard files = file_bb(f) | adjacent_files(f);
    Bitboard front = c == WHITE ? (r < 7 ? rank_bb(r + 1) : 0) | (r < 6 ? rank_bb(r + 2) : 0)
                                : (r > 0 ? rank_bb(r - 1) : 0) | (r > 1 ? rank_bb(r - 2) : 0);
    int shield = popcount(files & front & pos_pieces(p, c, PAWN));
    if (shield)
        add(a, T_SHIELD, sign * shield);
    /* R2.5: a check is answered only by a king step, so the safe steps decide mate. */
    int esc = popcount(BB_KING[k] & ~p->byColor[c] & ~ei->attacked[c ^ 1]);
    add(a, T_KING_ESCAPES + esc, sign);
}

/* QEC terms (R1, R2.3): who can make whose officers move, and what that hands over. */
static inline __attribute__((always_inline)) void eval_links(const Position *p, int c, Acc *a, int sign,
                                                             const EvalInfo *ei) {
    Bitboard pawns = pos_pieces(p, c, PAWN), b = pawns, empty = ~p->byType[0];
    int linkedPawns = 0, counterMob = 0;
    while (b) {
        int s = pop_lsb(&b), o = p->link[s];
        if (o == NO_SQ)
            continue;
        int t = piece_type(p->board[o]) - KNIGHT;
        linkedPawns++;
        add(a, T_ENT_CONTROL + t, sign);
        if ((shift_up(sq_bb(s), c) & empty) || (BB_PAWN_ATTACKS[c][s] & p->byColor[c ^ 1]))
            add(a, T_PULLABLE + t, sign);
        counterMob += ei->mob[o];
    }
    if (counterMob)
        add(a, T_COUNTER_MOB, sign * counterMob);
    int freePawns = popcount(pawns) - linkedPawns;
    if (freePawns)
        add(a, T_FREE_PAWN, sign * freePawns);
    Bitboard officers = p->byColor[c] & ~p->byType[PAWN] & ~p->byType[KING];
    int nOff = popcount(officers), linkedOff = 0;
    /* (Our officers linked to enemy pawns need no term of their own: white minus black,
     * they are exactly minus the enemy's entanglement control.) */
    for (b = officers; b;)
        linkedOff += p->link[pop_lsb(&b)] != NO_SQ;
    if (nOff)
        add(a, T_FREE_RATIO, sign * (16 * (nOff - linkedOff) / nOff));
}

/* What eval_links adds for c when nothing is linked: every pawn free, every officer free (ratio
 * 16). Chess and tether have no links (VARIANTS[].links), so their evaluation skips the walk. */
static inline __attribute__((always_inline)) void eval_unlinked(const Position *p, int c, Acc *a, int sign) {
    int pawns = popcount(pos_pieces(p, c, PAWN));
    if (pawns)
        add(a, T_FREE_PAWN, sign * pawns);
    if (p->byColor[c] & ~p->byType[PAWN] & ~p->byType[KING])
        add(a, T_FREE_RATIO, sign * 16);
}

/* Where the structure (white pawns, black pawns) and table w sit in a pawn cache: the
 * structure's hash, with the table's address mixed in (one thread's cache serves every
 * variant). */
static inline unsigned pawn_slot(Bitboard white, Bitboard black, const void *w) {
    uint64_t h = pawn_structure_hash(white, black) ^ (uint64_t)(uintptr_t)w * 0x94D049BB133111EBULL;
    return (unsigned)(h >> 40) & (PAWN_CACHE_SIZE - 1);
}

/* Every term that reads the pawns alone, added into a: the classical pawn terms and the
 * variant's own (pawns, if not NULL). */
static inline __attribute__((always_inline)) void pawn_sums(const Position *p, Acc *a, EvalPawnTerms pawns) {
    eval_pawns(p, WHITE, a, 1);
    eval_pawns(p, BLACK, a, -1);
    if (pawns) {
        EvalSum own = {0, 0, 0};
        pawns(p, a->trace, &own);
        a->mg += own.mg;
        a->eg += own.eg;
    }
}

/* pawn_sums, from the cache pc when it holds the structure (NULL: computed). The tuner
 * (a->trace) has no cache. */
static inline __attribute__((always_inline)) void pawn_terms(const Position *p, Acc *a, EvalPawnTerms pawns,
                                                             PawnCache *pc) {
    if (!pc) {
        pawn_sums(p, a, pawns);
        return;
    }
    assert(!a->trace);
    Bitboard white = pos_pieces(p, WHITE, PAWN), black = pos_pieces(p, BLACK, PAWN);
    PawnEntry *e = &pc->entry[pawn_slot(white, black, a->w)];
    if (e->pawns[WHITE] != white || e->pawns[BLACK] != black || e->table != (const void *)a->w) {
        Acc sums = {0, 0, a->w, NULL};
        pawn_sums(p, &sums, pawns);
        *e = (PawnEntry){{white, black}, (const void *)a->w, sums.mg, sums.eg};
    }
    a->mg += e->mg;
    a->eg += e->eg;
}

/* c's officers' and king's material and piece-square terms (the pawns': eval_pawns); returns c's
 * share of the game phase. */
static inline __attribute__((always_inline)) int eval_material_pst(const Position *p, int c, Acc *a, int sign,
                                                                   EvalInfo *ei) {
    int phase = 0;
    ei->pawnAtt[c] = pawn_attacks_bb(pos_pieces(p, c, PAWN), c);
    ei->attacked[c] = ei->pawnAtt[c] | BB_KING[pos_king(p, c)];
    ei->kingRing[c] = BB_KING[pos_king(p, c)];
    for (int pt = KNIGHT; pt <= KING; pt++) {
        Bitboard b = pos_pieces(p, c, pt);
        phase += PHASE_INC[pt] * popcount(b);
        if (pt != KING)
            add(a, T_MATERIAL + pt - PAWN, sign * popcount(b));
        while (b)
            add(a, T_PST + (pt - PAWN) * 32 + pst_index(c, pop_lsb(&b)), sign);
    }
    return phase;
}

static inline __attribute__((always_inline)) void eval_king_links(const Position *p, int c, Acc *a, int sign,
                                                                  const EvalInfo *ei, bool links) {
    eval_king(p, c, a, sign, ei);
    if (links)
        eval_links(p, c, a, sign, ei);
    else
        eval_unlinked(p, c, a, sign);
}

/* Each side's passes are written out for WHITE and BLACK so that sign is a constant in each
 * (the weights are added or subtracted, not multiplied by ±1). The attacks of both sides are
 * complete before the king terms read them. */
static inline __attribute__((always_inline)) EvalSum eval_impl(const Position *p, EvalWeights w, EvalTrace *trace,
                                                               bool links, EvalAttacks *at, EvalPawnTerms pawns,
                                                               PawnCache *pc) {
    Acc a = {0, 0, w, trace};
    EvalInfo ei;
    ei.at = at;
    if (at)
        *at = (EvalAttacks){0};
    int phase = eval_material_pst(p, WHITE, &a, 1, &ei) + eval_material_pst(p, BLACK, &a, -1, &ei);
    pawn_terms(p, &a, pawns, pc);
    eval_pieces(p, WHITE, &a, 1, &ei);
    eval_pieces(p, BLACK, &a, -1, &ei);
    eval_king_links(p, WHITE, &a, 1, &ei, links);
    eval_king_links(p, BLACK, &a, -1, &ei, links);
    add(&a, T_TEMPO, pos_turn(p) == WHITE ? 1 : -1);
    if (phase > EVAL_PHASE_MAX)
        phase = EVAL_PHASE_MAX;
    if (trace)
        trace->phase = phase;
    return (EvalSum){a.mg, a.eg, phase};
}

int evaluate_white(const Position *p) {
    EvalSum s = eval_impl(p, EVAL_WEIGHTS, NULL, true, NULL, NULL, NULL);
    return eval_taper(&s);
}

int evaluate(const Position *p, PawnCache *pc) {
    /* A copy per case, pc known to be there or not (as the trace's): one copy with a runtime
     * test measured 0.89-1.06x the chess nodes per second. */
    EvalSum s = pc ? eval_impl(p, EVAL_WEIGHTS, NULL, true, NULL, NULL, pc)
                   : eval_impl(p, EVAL_WEIGHTS, NULL, true, NULL, NULL, NULL);
    return eval_for_decider(p, &s);
}

static int eval_qec(const Position *p, EvalCache *ec) { return evaluate(p, ec ? &ec->pawns : NULL); }
static int eval_tether(const Position *p, EvalCache *ec) { return evaluate_tether(p, ec ? &ec->pawns : NULL); }
static int eval_chess_hand_made(const Position *p, EvalCache *ec) { return evaluate_chess(p, ec ? &ec->pawns : NULL); }

/* The nets: a thread's (EvalFile's, or NULL) or the compiled-in ones. */
static int eval_qec_net(const Position *p, EvalCache *ec) {
    return linknet_evaluate(ec && ec->net.links ? ec->net.links : &LINKNET_EMBEDDED, p, ec ? &ec->links : NULL);
}
static int eval_tether_net(const Position *p, EvalCache *ec) {
    /* tether's inputs are chess's (nnue.c's shape), its accumulators its own */
    const NnueNet *net = ec && ec->net.board ? ec->net.board : &TETHERNET_EMBEDDED;
    return tethernet_evaluate(net, p, ec ? &ec->boardNnue : NULL);
}

NetShape eval_net_shape(EvalFamily f) {
    switch (f) {
    case EVAL_LINKS: return NET_SHAPE_LINKS;
    case EVAL_TETHER: return NET_SHAPE_BOARD; /* chess's inputs, its own weights */
    default: return NET_SHAPE_NONE;           /* chess's net is compiled in only; worlds have none */
    }
}

EvalFn eval_function(const Variant *v, bool handMade) {
    switch (v->eval) {
    case EVAL_CHESS: return handMade ? eval_chess_hand_made : evaluate_chess_net;
    case EVAL_TETHER: return handMade ? eval_tether : eval_tether_net;
    case EVAL_LINKS: return handMade ? eval_qec : eval_qec_net;
    default: return eval_qec; /* the worlds family evaluates its own way (eval/worlds.h) */
    }
}

void eval_trace(const Position *p, EvalTrace *t) {
    for (int i = 0; i < EVAL_MAXTERMS; i++)
        t->coef[i] = 0;
    eval_impl(p, EVAL_WEIGHTS, t, true, NULL, NULL, NULL);
}

#ifndef NDEBUG
static bool unlinked(const Position *p) {
    for (int s = 0; s < 64; s++)
        if (p->link[s] != NO_SQ)
            return false;
    return true;
}
#endif

/* The classical terms of the variant v (and their coefficients into t, if not NULL), for a
 * position without links; fills at. */
static void eval_accumulate(const Position *p, const EvalVariant *v, EvalTrace *t, EvalSum *out, EvalAttacks *at,
                            PawnCache *pc) {
    assert(unlinked(p)); /* only the variants without links have their own terms */
    if (t)
        *out = eval_impl(p, v->w, t, false, at, v->pawns, NULL);
    else if (pc)
        *out = eval_impl(p, v->w, NULL, false, at, v->pawns, pc); /* the search's copy */
    else
        *out = eval_impl(p, v->w, NULL, false, at, v->pawns, NULL);
}

void eval_add_own_terms(EvalWeights w, int n, const int *white, const int *black, EvalTrace *t, EvalSum *s) {
    for (int i = 0; i < n; i++) {
        int coef = white[i] - black[i];
        s->mg += w[EVAL_NTERMS + i][0] * coef;
        s->eg += w[EVAL_NTERMS + i][1] * coef;
        if (t)
            t->coef[EVAL_NTERMS + i] = (int16_t)coef;
    }
}

EvalSum eval_variant_sum(const Position *p, const EvalVariant *v, PawnCache *pc) {
    EvalSum s;
    EvalAttacks at;
    eval_accumulate(p, v, NULL, &s, &at, pc);
    v->own(p, &at, NULL, &s);
    return s;
}

int eval_variant(const Position *p, const EvalVariant *v, PawnCache *pc) {
    EvalSum s = eval_variant_sum(p, v, pc);
    return eval_for_decider(p, &s);
}

void eval_variant_trace(const Position *p, const EvalVariant *v, EvalTrace *t) {
    EvalSum s;
    EvalAttacks at;
    for (int i = 0; i < EVAL_MAXTERMS; i++)
        t->coef[i] = 0;
    eval_accumulate(p, v, t, &s, &at, NULL);
    v->own(p, &at, t, &s);
}

int eval_own_terms_white(const Position *p, const EvalVariant *v) {
    EvalSum s;
    EvalAttacks at;
    eval_accumulate(p, v, NULL, &s, &at, NULL); /* for the phase and the attacks */
    s.mg = s.eg = 0;
    v->own(p, &at, NULL, &s);
    if (v->pawns)
        v->pawns(p, NULL, &s);
    return eval_taper(&s);
}

int eval_material(const Position *p, int c) {
    static const int VALUE[7] = {0, 100, 300, 300, 500, 900, 0};
    int v = 0;
    for (int pt = PAWN; pt < KING; pt++)
        v += VALUE[pt] * (popcount(pos_pieces(p, c, pt)) - popcount(pos_pieces(p, c ^ 1, pt)));
    return v;
}

const char *eval_term_name(int t, char *buf, size_t len) {
    static const char *const PT = "PNBRQK";
    if (t < T_PST)
        snprintf(buf, len, "material %c", PT[t - T_MATERIAL]);
    else if (t < T_MOB_N)
        snprintf(buf, len, "pst %c rank %d file %d", PT[(t - T_PST) / 32], (t - T_PST) % 32 / 4 + 1,
                 (t - T_PST) % 4 + 1);
    else if (t < T_MOB_B)
        snprintf(buf, len, "mobility N %d", t - T_MOB_N);
    else if (t < T_MOB_R)
        snprintf(buf, len, "mobility B %d", t - T_MOB_B);
    else if (t < T_MOB_Q)
        snprintf(buf, len, "mobility R %d", t - T_MOB_R);
    else if (t < T_PASSED)
        snprintf(buf, len, "mobility Q %d", t - T_MOB_Q);
    else if (t < T_DOUBLED)
        snprintf(buf, len, "passed rank %d", t - T_PASSED + 1);
    else if (t >= T_KING_ATTACK && t < T_KING_ESCAPES)
        snprintf(buf, len, "king attack %c", PT[t - T_KING_ATTACK + 1]);
    else if (t >= T_KING_ESCAPES && t < T_ENT_CONTROL)
        snprintf(buf, len, "king escapes %d", t - T_KING_ESCAPES);
    else if (t >= T_ENT_CONTROL && t < T_PULLABLE)
        snprintf(buf, len, "entanglement control %c", PT[t - T_ENT_CONTROL + 1]);
    else if (t >= T_PULLABLE && t < T_COUNTER_MOB)
        snprintf(buf, len, "pullable %c", PT[t - T_PULLABLE + 1]);
    else {
        static const char *const NAMES[] = {"doubled", "isolated", "phalanx", "supported", "bishop pair",
                                            "rook open file", "rook semi-open file", "king shield"};
        static const char *const LATE[] = {"counterpart mobility", "free pawn", "free-piece ratio", "tempo",
                                           "tether mobility", "tether rank kinds", "tether apex",
                                           "tether apex next", "tether king exposure"};
        if (t >= T_DOUBLED && t <= T_SHIELD)
            snprintf(buf, len, "%s", NAMES[t - T_DOUBLED]);
        else if (t >= T_COUNTER_MOB && t < TETHER_NTERMS)
            snprintf(buf, len, "%s", LATE[t - T_COUNTER_MOB]);
        else
            snprintf(buf, len, "term %d", t);
    }
    return buf;
}
