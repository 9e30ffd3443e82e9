/* Chess-only terms on top of the classical evaluation (eval.c), the way eval/tether.c adds
 * tether's. The classical terms were chosen for QEC, where R2.5 and the links change what a
 * threat is; in chess the ideas strong classical evaluations share are worth adding:
 * - threats: a piece attacked by a pawn (or by a safe pawn push), a minor by a minor, a rook by
 *   a minor, the queen by anything, and whatever is attacked and not defended;
 * - king danger: safe checks by piece kind, king-ring squares only the king defends, and the
 *   attack units on the ring in buckets (the danger is not linear in the units; one weight per
 *   bucket keeps it linear in the weights, so texel can tune it from the trace);
 * - passed pawns: a safe stop square, a free path, both kings' distances to the stop square
 *   (by rank: they matter in the endgame and near promotion), a pawn-protected passer;
 * - rook on the 7th, minor outposts, space;
 * - pawn structure and pieces: backward pawns, pawn shelter and storm in front of the king, bad
 *   bishop, minor behind a pawn, knights and rooks by the pawn count, trapped rook, rook behind
 *   a passer.
 * Then the endgame part is scaled for material the side ahead rarely converts (chess_scale_for).
 * Every term is linear in its weight (the T_CH_* entries of CHESS_WEIGHTS, eval/weights_chess.c)
 * and counted white minus black, so chess_trace gives texel every coefficient. */
#include "chess.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct {
    Bitboard by[2][7];      /* [colour][pt]: squares attacked by that colour's pieces of kind pt */
    Bitboard all[2];        /* every square each colour attacks */
    Bitboard officers[2];   /* ... without its king and pawns: the defenders that are not the king */
    int units[2];           /* attack units of each colour on the other's king ring */
} ChessInfo;

/* Attack units on the enemy king ring per attacking piece kind (a queen near the king is the
 * most dangerous, Stockfish/Ethereal-like proportions). */
static const int RING_UNITS[7] = {0, 0, 2, 2, 3, 5, 0};

/* The chess terms' sums, added straight into the middlegame and endgame totals (and, for the
 * tuner, the trace: white minus black, as each side adds with its sign). */
typedef struct {
    int mg, eg, sign;  /* sign: +1 while White's terms are added, -1 for Black's */
    EvalTrace *trace;  /* NULL in the search: the compiler drops the recording */
} ChessAcc;

static inline __attribute__((always_inline)) void cadd(ChessAcc *a, int term, int count) {
    a->mg += CHESS_WEIGHTS[term][0] * a->sign * count;
    a->eg += CHESS_WEIGHTS[term][1] * a->sign * count;
    if (a->trace)
        a->trace->coef[term] = (int16_t)(a->trace->coef[term] + a->sign * count);
}

static inline int distance(int a, int b) {
    int df = abs(sq_file(a) - sq_file(b)), dr = abs(sq_rank(a) - sq_rank(b));
    return df > dr ? df : dr;
}

/* The attack maps, from what the classical pass learnt of the officers (at). */
static void attack_maps(const Position *p, const EvalAttacks *at, ChessInfo *ci) {
    for (int c = WHITE; c <= BLACK; c++) {
        ci->by[c][PAWN] = pawn_attacks_bb(pos_pieces(p, c, PAWN), c);
        ci->by[c][KING] = BB_KING[pos_king(p, c)];
        ci->officers[c] = ci->units[c] = 0;
        for (int pt = KNIGHT; pt <= QUEEN; pt++) {
            ci->by[c][pt] = at->by[c][pt];
            ci->units[c] += RING_UNITS[pt] * at->ringAttackers[c][pt];
            ci->officers[c] |= ci->by[c][pt];
        }
        ci->all[c] = ci->officers[c] | ci->by[c][PAWN] | ci->by[c][KING];
    }
}

/* c's threats against the other side's pieces. */
static inline __attribute__((always_inline)) void threats(const Position *p, int c, const ChessInfo *ci, ChessAcc *a) {
    int them = c ^ 1;
    Bitboard occ = p->byType[0], theirs = p->byColor[them];
    Bitboard officers = theirs & ~p->byType[PAWN] & ~p->byType[KING];
    Bitboard minors = theirs & (p->byType[KNIGHT] | p->byType[BISHOP]);
    Bitboard ourMinorAtt = ci->by[c][KNIGHT] | ci->by[c][BISHOP];
    Bitboard undefended = ~ci->all[them];
    Bitboard push = shift_up(pos_pieces(p, c, PAWN), c) & ~occ;
    push |= shift_up(push & rank_bb(c == WHITE ? 2 : 5), c) & ~occ;
    push &= ~ci->by[them][PAWN] & (ci->all[c] | undefended);
    cadd(a, T_CH_THREAT_PAWN, popcount(officers & ci->by[c][PAWN]));
    cadd(a, T_CH_THREAT_PUSH, popcount(officers & pawn_attacks_bb(push, c)));
    cadd(a, T_CH_MINOR_BY_MINOR, popcount(minors & ourMinorAtt));
    cadd(a, T_CH_MINOR_BY_MAJOR, popcount(minors & (ci->by[c][ROOK] | ci->by[c][QUEEN]) & undefended));
    cadd(a, T_CH_ROOK_BY_MINOR, popcount(pos_pieces(p, them, ROOK) & ourMinorAtt));
    cadd(a, T_CH_QUEEN_ATTACKED, popcount(pos_pieces(p, them, QUEEN) & ci->all[c]));
    cadd(a, T_CH_HANGING, popcount(officers & ci->all[c] & undefended));
    cadd(a, T_CH_WEAK_PAWN, popcount(pos_pieces(p, them, PAWN) & ci->all[c] & undefended));
}

/* c's attack on the other king: safe checks, weak ring squares and a danger bucket. */
static inline __attribute__((always_inline)) void king_danger(const Position *p, int c, const ChessInfo *ci, ChessAcc *a) {
    int them = c ^ 1, ksq = pos_king(p, them), units = ci->units[c];
    Bitboard occ = p->byType[0], safe = ~p->byColor[c] & ~ci->all[them];
    Bitboard diag = bishop_attacks(ksq, occ), line = rook_attacks(ksq, occ);
    const Bitboard from[4] = {BB_KNIGHT[ksq], diag, line, diag | line};
    for (int i = 0; i < 4; i++) {
        int checks = popcount(from[i] & ci->by[c][KNIGHT + i] & safe);
        cadd(a, T_CH_SAFE_CHECK + i, checks);
        units += 3 * checks;
    }
    int weak = popcount(BB_KING[ksq] & ci->all[c] & ~ci->officers[them] & ~ci->by[them][PAWN]);
    cadd(a, T_CH_WEAK_RING, weak);
    units += weak;
    if (!pos_pieces(p, c, QUEEN)) /* without a queen an attack rarely mates */
        units /= 2;
    int bucket = units / 3 < 10 ? units / 3 : 10;
    if (bucket) /* bucket 0 is the zero point: white minus black one-hots leave a free constant */
        cadd(a, T_CH_KING_DANGER + bucket - 1, 1);
}

static inline __attribute__((always_inline)) void passers(const Position *p, int c, const ChessInfo *ci, ChessAcc *a) {
    int them = c ^ 1, ours = pos_king(p, c), theirs = pos_king(p, them);
    Bitboard occ = p->byType[0], pawns = pos_pieces(p, c, PAWN), enemyPawns = pos_pieces(p, them, PAWN);
    for (Bitboard b = pawns; b;) {
        int s = pop_lsb(&b);
        if (front_span(c, s) & enemyPawns)
            continue;
        int rr = relative_rank(c, sq_rank(s)), stop = c == WHITE ? s + 8 : s - 8;
        Bitboard path = BB_FORWARD_FILE[c][s], blocked = occ | ci->all[them];
        if (!(sq_bb(stop) & blocked))
            cadd(a, T_CH_PASSER_SAFE + rr, 1);
        if (!(path & blocked))
            cadd(a, T_CH_PASSER_FREE + rr, 1);
        cadd(a, T_CH_PASSER_OWN_KING + rr, distance(ours, stop));
        cadd(a, T_CH_PASSER_ENEMY_KING + rr, distance(theirs, stop));
        if (BB_PAWN_ATTACKS[them][s] & pawns)
            cadd(a, T_CH_PASSER_PROTECTED, 1);
        Bitboard behind = BB_FORWARD_FILE[them][s];
        if (behind & rook_attacks(s, occ) & pos_pieces(p, c, ROOK))
            cadd(a, T_CH_ROOK_BEHIND_PASSER, 1);
    }
}

/* Rook on the 7th, outposts, space. */
static inline __attribute__((always_inline)) void placement(const Position *p, int c, const ChessInfo *ci, ChessAcc *a) {
    int them = c ^ 1;
    Bitboard seventh = rank_bb(c == WHITE ? 6 : 1), eighth = rank_bb(c == WHITE ? 7 : 0);
    if ((pos_pieces(p, them, KING) & eighth) || (pos_pieces(p, them, PAWN) & seventh))
        cadd(a, T_CH_ROOK_7TH, popcount(pos_pieces(p, c, ROOK) & seventh));
    Bitboard holes = (c == WHITE ? rank_bb(3) | rank_bb(4) | rank_bb(5) : rank_bb(2) | rank_bb(3) | rank_bb(4)) &
                     ci->by[c][PAWN];
    Bitboard enemyPawns = pos_pieces(p, them, PAWN);
    for (int pt = KNIGHT; pt <= BISHOP; pt++)
        for (Bitboard b = pos_pieces(p, c, pt) & holes; b;) {
            int s = pop_lsb(&b);
            if (!(front_span(c, s) & adjacent_files(sq_file(s)) & enemyPawns))
                cadd(a, T_CH_OUTPOST + pt - KNIGHT, 1);
        }
    Bitboard centre = (file_bb(2) | file_bb(3) | file_bb(4) | file_bb(5)) &
                      (c == WHITE ? rank_bb(1) | rank_bb(2) | rank_bb(3) : rank_bb(4) | rank_bb(5) | rank_bb(6));
    cadd(a, T_CH_SPACE, popcount(centre & ~pos_pieces(p, c, PAWN) & ~ci->by[them][PAWN]));
}

/* Backward pawns: no own pawn beside or behind on the next files to support it, and its stop
 * square held by an enemy pawn (in front of it or attacking it). Isolated pawns have their own
 * classical term and are left out. */
static inline __attribute__((always_inline)) void backward(const Position *p, int c, ChessAcc *a) {
    int them = c ^ 1;
    Bitboard ours = pos_pieces(p, c, PAWN), theirs = pos_pieces(p, them, PAWN);
    for (Bitboard b = ours; b;) {
        int s = pop_lsb(&b), stop = c == WHITE ? s + 8 : s - 8;
        Bitboard neighbours = ours & adjacent_files(sq_file(s));
        if (!neighbours || (neighbours & ~front_span(c, s)))
            continue;
        if ((sq_bb(stop) & theirs) || (BB_PAWN_ATTACKS[c][stop] & theirs))
            cadd(a, T_CH_BACKWARD, 1);
    }
}

/* The relative rank, for c, of the pawn of b nearest c's first rank; 0 if b is empty. */
static int rearmost_rank(int c, Bitboard b) {
    return b ? relative_rank(c, sq_rank(c == WHITE ? lsb(b) : msb(b))) : 0;
}

/* Pawn shelter and storm on the king's file and the two beside it (the king's file kept off
 * the edge so that three files count), as in Stockfish's classical evaluation: per file the
 * rearmost own pawn not behind the king and the enemy pawn nearest to it, by relative rank. */
static inline __attribute__((always_inline)) void shelter(const Position *p, int c, ChessAcc *a) {
    int them = c ^ 1, k = pos_king(p, c), kr = sq_rank(k), kf = sq_file(k);
    Bitboard notBehind = c == WHITE ? ~0ULL << (8 * kr) : ~0ULL >> (8 * (7 - kr));
    Bitboard ours = pos_pieces(p, c, PAWN) & notBehind, theirs = pos_pieces(p, them, PAWN) & notBehind;
    int centre = kf < 1 ? 1 : kf > 6 ? 6 : kf;
    for (int f = centre - 1; f <= centre + 1; f++) {
        int ourRank = rearmost_rank(c, ours & file_bb(f)), theirRank = rearmost_rank(c, theirs & file_bb(f));
        cadd(a, T_CH_SHELTER + ourRank, 1);
        if (ourRank && ourRank == theirRank - 1)
            cadd(a, T_CH_STORM_BLOCKED, 1);
        else
            cadd(a, T_CH_STORM + theirRank, 1);
    }
}

/* A rook with at most three squares to go to, on the first rank on the far side of its king,
 * which stands on the first rank too (castling would free it; a king that walked there cannot). */
static bool trapped_rook(const Position *p, int c, int s, int k) {
    int kf = sq_file(k), f = sq_file(s);
    if (relative_rank(c, sq_rank(s)) || relative_rank(c, sq_rank(k)) || (kf < 4) != (f < kf))
        return false;
    return popcount(rook_attacks(s, p->byType[0]) & ~p->byColor[c]) <= 3;
}

/* Bad bishop (own pawns on its colour), a minor behind a pawn (shielded, and it blocks or backs
 * the pawn), knights and rooks by the count of own pawns (knights like closed boards, rooks
 * open ones), a trapped rook. */
static inline __attribute__((always_inline)) void pieces(const Position *p, int c, ChessAcc *a) {
    Bitboard pawns = pos_pieces(p, c, PAWN), minors = pos_pieces(p, c, KNIGHT) | pos_pieces(p, c, BISHOP);
    int np = popcount(pawns), k = pos_king(p, c);
    for (Bitboard b = pos_pieces(p, c, BISHOP); b;) {
        Bitboard colour = sq_bb(pop_lsb(&b)) & DARK_SQUARES_BB ? DARK_SQUARES_BB : ~DARK_SQUARES_BB;
        cadd(a, T_CH_BAD_BISHOP, popcount(pawns & colour));
    }
    cadd(a, T_CH_MINOR_BEHIND_PAWN, popcount(shift_up(minors, c) & p->byType[PAWN]));
    cadd(a, T_CH_KNIGHT_PAWNS, popcount(pos_pieces(p, c, KNIGHT)) * np);
    cadd(a, T_CH_ROOK_PAWNS, popcount(pos_pieces(p, c, ROOK)) * np);
    for (Bitboard b = pos_pieces(p, c, ROOK); b;)
        cadd(a, T_CH_TRAPPED_ROOK, trapped_rook(p, c, pop_lsb(&b), k));
}

/* One side's chess terms (a->sign says whose). */
static inline __attribute__((always_inline)) void side_terms(const Position *p, int c, const ChessInfo *ci,
                                                             ChessAcc *a) {
    a->sign = c == WHITE ? 1 : -1;
    threats(p, c, ci, a);
    king_danger(p, c, ci, a);
    passers(p, c, ci, a);
    placement(p, c, ci, a);
    shelter(p, c, a);
    pieces(p, c, a);
}

static inline __attribute__((always_inline)) void chess_terms(const Position *p, const EvalAttacks *at, EvalTrace *t,
                                                              EvalSum *s) {
    ChessInfo ci;
    ChessAcc a = {0, 0, 1, t};
    attack_maps(p, at, &ci);
    side_terms(p, WHITE, &ci, &a);
    side_terms(p, BLACK, &ci, &a);
    s->mg += a.mg;
    s->eg += a.eg;
}

/* Adds the chess terms (white minus black) into s, and their coefficients into t if given. */
static void add_chess_terms(const Position *p, const EvalAttacks *at, EvalTrace *t, EvalSum *s) {
    if (t)
        chess_terms(p, at, t, s);
    else
        chess_terms(p, at, NULL, s); /* the search's copy: no recording */
}

/* The chess terms that read the pawns alone (the pawn cache keeps them): backward pawns. */
static void add_chess_pawn_terms(const Position *p, EvalTrace *t, EvalSum *s) {
    ChessAcc a = {0, 0, 1, t};
    backward(p, WHITE, &a);
    a.sign = -1;
    backward(p, BLACK, &a);
    s->mg += a.mg;
    s->eg += a.eg;
}

static const EvalVariant CHESS = {CHESS_WEIGHTS, add_chess_terms, add_chess_pawn_terms};

int chess_terms_white(const Position *p) { return eval_own_terms_white(p, &CHESS); }

/* Officer material in pawns (N = B = 3, R = 5, Q = 9): the scale rules' measure. */
static int officer_material(const Position *p, int c) {
    return 3 * popcount(pos_pieces(p, c, KNIGHT) | pos_pieces(p, c, BISHOP)) + 5 * popcount(pos_pieces(p, c, ROOK)) +
           9 * popcount(pos_pieces(p, c, QUEEN));
}

static int passer_count(const Position *p) {
    int count = 0;
    for (int c = WHITE; c <= BLACK; c++)
        for (Bitboard b = pos_pieces(p, c, PAWN); b;)
            count += !(front_span(c, pop_lsb(&b)) & pos_pieces(p, c ^ 1, PAWN));
    return count;
}

int chess_scale_for(const Position *p, int eg) {
    if (!eg)
        return CHESS_SCALE_NORMAL;
    int strong = eg > 0 ? WHITE : BLACK, weak = strong ^ 1;
    int ms = officer_material(p, strong), mw = officer_material(p, weak);
    int strongPawns = popcount(pos_pieces(p, strong, PAWN));
    /* No pawns and at most a minor ahead: a minor alone cannot mate, nor R v minor, RB v R. */
    if (!strongPawns && ms - mw <= 3)
        return ms < 5 ? 0 : mw <= 3 ? 8 : 28;
    Bitboard wb = pos_pieces(p, WHITE, BISHOP), bb = pos_pieces(p, BLACK, BISHOP);
    bool ocb = popcount(wb) == 1 && popcount(bb) == 1 && !(wb & DARK_SQUARES_BB) != !(bb & DARK_SQUARES_BB);
    if (ocb && ms == 3 && mw == 3) { /* bishops of opposite colours alone: drawish unless passers */
        int sf = 32 + 8 * passer_count(p);
        return sf < CHESS_SCALE_NORMAL ? sf : CHESS_SCALE_NORMAL;
    }
    if (ms - mw >= 5) /* a rook or more ahead wins with or without pawns */
        return CHESS_SCALE_NORMAL;
    /* Few pawns left for the side ahead: fewer ways to make a second passer. */
    int sf = 72 + (ocb ? 4 : 14) * strongPawns;
    return sf < CHESS_SCALE_NORMAL ? sf : CHESS_SCALE_NORMAL;
}

static int best_weight(int first, int count, int ph) {
    int best = 0;
    for (int i = first; i < first + count; i++)
        best = CHESS_WEIGHTS[i][ph] > best ? CHESS_WEIGHTS[i][ph] : best;
    return best;
}

int chess_piece_worth(int pt) {
    int mobCount = pt >= KNIGHT ? EVAL_MOB_FIRST[pt + 1] - EVAL_MOB_FIRST[pt] : 0, best = 0;
    for (int ph = 0; ph < 2; ph++) {
        int v = CHESS_WEIGHTS[T_MATERIAL + pt - PAWN][ph] + best_weight(T_PST + (pt - PAWN) * 32, 32, ph) +
                best_weight(EVAL_MOB_FIRST[pt], mobCount, ph);
        best = v > best ? v : best;
    }
    return best;
}

int chess_scale(const Position *p) {
    return chess_scale_for(p, eval_variant_sum(p, &CHESS, NULL).eg);
}

int evaluate_chess(const Position *p, PawnCache *pc) {
    EvalSum s = eval_variant_sum(p, &CHESS, pc);
    s.eg = s.eg * chess_scale_for(p, s.eg) / CHESS_SCALE_NORMAL;
    return eval_for_decider(p, &s);
}

int evaluate_chess_net(const Position *p, EvalCache *ec) {
    return nnue_evaluate(&NNUE_EMBEDDED, p, ec ? &ec->nnue : NULL) * CHESS_NET_SCALE / 64;
}

void chess_trace(const Position *p, EvalTrace *t) { eval_variant_trace(p, &CHESS, t); }

const char *chess_term_name(int t, char *buf, size_t len) {
    static const char *const PT = "PNBRQK";
    static const char *const THREATS[] = {"threat by pawn", "threat by pawn push", "minor attacked by minor",
                                          "minor attacked by major", "rook attacked by minor", "queen attacked",
                                          "hanging piece", "weak pawn attacked"};
    if (t < EVAL_NTERMS)
        return eval_term_name(t, buf, len);
    if (t < T_CH_SAFE_CHECK)
        snprintf(buf, len, "%s", THREATS[t - T_CH_THREAT_PAWN]);
    else if (t < T_CH_WEAK_RING)
        snprintf(buf, len, "safe check %c", PT[t - T_CH_SAFE_CHECK + 1]);
    else if (t == T_CH_WEAK_RING)
        snprintf(buf, len, "weak king ring");
    else if (t < T_CH_PASSER_SAFE)
        snprintf(buf, len, "king danger %d", t - T_CH_KING_DANGER + 1);
    else if (t < T_CH_PASSER_PROTECTED) {
        static const char *const PASS[] = {"safe stop", "free path", "own king distance", "enemy king distance"};
        snprintf(buf, len, "passer %s rank %d", PASS[(t - T_CH_PASSER_SAFE) / 8], (t - T_CH_PASSER_SAFE) % 8 + 1);
    } else if (t < T_CH_OUTPOST)
        snprintf(buf, len, "%s", t == T_CH_PASSER_PROTECTED ? "passer protected" : "rook on 7th");
    else if (t < T_CH_SPACE)
        snprintf(buf, len, "outpost %c", PT[t - T_CH_OUTPOST + 1]);
    else if (t == T_CH_SPACE)
        snprintf(buf, len, "space");
    else if (t == T_CH_BACKWARD)
        snprintf(buf, len, "backward pawn");
    else if (t < T_CH_STORM_BLOCKED)
        snprintf(buf, len, "%s rank %d", t < T_CH_STORM ? "shelter" : "storm", (t - T_CH_SHELTER) % 8);
    else {
        static const char *const LATE[] = {"storm blocked", "bad bishop", "minor behind pawn", "knight x pawns",
                                           "rook x pawns", "trapped rook", "rook behind passer"};
        snprintf(buf, len, "%s", LATE[t - T_CH_STORM_BLOCKED]);
    }
    return buf;
}
