/* Position set-up, make/unmake of one decision, links, keys. The QEC turn flow (which
 * decision point comes next) is in turn.c. */
#include "position.h"

#include <stdio.h>
#include <string.h>

#include "movegen.h"
#include "turn.h"
#include "variant.h"

static const char PIECE_CHARS[] = " PNBRQK  pnbrqk";

void engine_init(void) {
    bb_init();
    zobrist_init();
}

Bitboard pos_attackers_to(const Position *p, int s, Bitboard occ) {
    return (BB_PAWN_ATTACKS[BLACK][s] & pos_pieces(p, WHITE, PAWN)) |
           (BB_PAWN_ATTACKS[WHITE][s] & pos_pieces(p, BLACK, PAWN)) | (BB_KNIGHT[s] & p->byType[KNIGHT]) |
           (BB_KING[s] & p->byType[KING]) |
           (bishop_attacks(s, occ) & (p->byType[BISHOP] | p->byType[QUEEN])) |
           (rook_attacks(s, occ) & (p->byType[ROOK] | p->byType[QUEEN]));
}

bool pos_in_check(const Position *p, int c) {
    return (pos_attackers_to(p, pos_king(p, c), p->byType[0]) & p->byColor[c ^ 1]) != 0;
}

/* The key of the link between the pieces on a and b (pawn square first). */
static inline Key link_key(const Position *p, int a, int b) {
    return piece_type(p->board[a]) == PAWN ? Z_LINK[a][b] : Z_LINK[b][a];
}
/* A linked piece moved from `from` to `to` (board already updated): the link follows it. */
static inline void move_link(Position *p, StateInfo *st, int from, int to) {
    int q = p->link[from];
    if (q == NO_SQ)
        return;
    Key k = piece_type(p->board[to]) == PAWN ? Z_LINK[from][q] ^ Z_LINK[to][q] : Z_LINK[q][from] ^ Z_LINK[q][to];
    st->entKey ^= k;
    p->link[to] = (uint8_t)q;
    p->link[q] = (uint8_t)to;
    p->link[from] = NO_SQ;
}
/* Break the link of the piece on s (R1.6); returns the former partner. */
static inline int break_link(Position *p, StateInfo *st, int s) {
    int q = p->link[s];
    if (q != NO_SQ) {
        st->entKey ^= link_key(p, s, q);
        p->link[q] = NO_SQ;
        p->link[s] = NO_SQ;
    }
    return q;
}

void pos_apply_move(Position *p, StateInfo *st, Move m) {
    int from = move_from(m), to = move_to(m), flag = move_flag(m);
    int pc = p->board[from], us = piece_color(pc), pt = piece_type(pc);
    int capsq = flag == MF_EP ? to + (us == WHITE ? -8 : 8) : to;
    int cap = p->board[capsq];
    st->move = m;
    st->captured = (uint8_t)cap;
    st->capturedPartner = st->promoPartner = NO_SQ;
    if (cap) {
        st->capturedPartner = (uint8_t)break_link(p, st, capsq);
        st->key ^= Z_PIECE[cap][capsq];
        pos_remove_piece(p, capsq);
        st->irreversible |= IRR_MATERIAL;
    }
    if (pt == PAWN)
        st->irreversible |= IRR_PAWN;
    if (move_is_promo(m)) {
        st->irreversible |= IRR_MATERIAL;
        int promo = make_piece(us, move_promo_type(m));
        st->promoPartner = (uint8_t)break_link(p, st, from);
        st->key ^= Z_PIECE[pc][from] ^ Z_PIECE[promo][to];
        pos_remove_piece(p, from);
        pos_put_piece(p, promo, to);
    } else {
        st->key ^= Z_PIECE[pc][from] ^ Z_PIECE[pc][to];
        pos_move_piece(p, from, to);
        move_link(p, st, from, to);
    }
    if (flag == MF_CASTLE) {
        int rfrom = to > from ? from + 3 : from - 4, rto = to > from ? from + 1 : from - 1;
        int rook = p->board[rfrom];
        st->key ^= Z_PIECE[rook][rfrom] ^ Z_PIECE[rook][rto];
        pos_move_piece(p, rfrom, rto);
        move_link(p, st, rfrom, rto);
    }
    int cr = castling_after(st->castling, from, to);
    if (cr != st->castling) {
        st->key ^= Z_CASTLING[st->castling] ^ Z_CASTLING[cr];
        st->castling = (uint8_t)cr;
    }
}

/* Undo pos_apply_move on the board and links; keys come back with the state stack. */
void pos_revert_move(Position *p, const StateInfo *st) {
    Move m = st->move;
    int from = move_from(m), to = move_to(m), flag = move_flag(m);
    if (flag == MF_CASTLE) {
        int rfrom = to > from ? from + 3 : from - 4, rto = to > from ? from + 1 : from - 1;
        pos_move_piece(p, rto, rfrom);
        int q = p->link[rto];
        if (q != NO_SQ) {
            p->link[rfrom] = (uint8_t)q;
            p->link[q] = (uint8_t)rfrom;
            p->link[rto] = NO_SQ;
        }
    }
    if (move_is_promo(m)) {
        int us = piece_color(p->board[to]);
        pos_remove_piece(p, to);
        pos_put_piece(p, make_piece(us, PAWN), from);
        if (st->promoPartner != NO_SQ) {
            p->link[from] = st->promoPartner;
            p->link[st->promoPartner] = (uint8_t)from;
        }
    } else {
        pos_move_piece(p, to, from);
        int q = p->link[to];
        if (q != NO_SQ) {
            p->link[from] = (uint8_t)q;
            p->link[q] = (uint8_t)from;
            p->link[to] = NO_SQ;
        }
    }
    if (st->captured) {
        int capsq = flag == MF_EP ? to + (piece_color(p->board[from]) == WHITE ? -8 : 8) : to;
        pos_put_piece(p, st->captured, capsq);
        if (st->capturedPartner != NO_SQ) {
            p->link[capsq] = st->capturedPartner;
            p->link[st->capturedPartner] = (uint8_t)capsq;
        }
    }
}

/* Debug builds recompute every key from scratch after each make and unmake. */
static inline void debug_verify(const Position *p, const char *where) {
#ifdef QEC_DEBUG
    char err[128];
    if (!pos_verify(p, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", where, err);
        __builtin_trap();
    }
#else
    (void)p;
    (void)where;
#endif
}

void pos_do(Position *p, Move m) {
    StateInfo *st = &p->st[p->ply + 1];
    *st = p->st[p->ply];
    p->ply++;
    st->nullDist++;
    turn_after_decision(p, st, m);
    debug_verify(p, "pos_do");
}

void pos_undo(Position *p) {
    pos_revert_move(p, &p->st[p->ply]);
    p->ply--;
    debug_verify(p, "pos_undo");
}

void pos_do_null(Position *p) {
    StateInfo *st = &p->st[p->ply + 1];
    *st = p->st[p->ply];
    p->ply++;
    st->move = MOVE_NONE;
    st->captured = 0;
    st->nullDist = 0;
    st->epRaw = NO_SQ;
    if (st->ep != NO_SQ) {
        st->key ^= Z_EP_FILE[sq_file(st->ep)];
        st->ep = NO_SQ;
    }
    st->key ^= Z_SIDE;
    st->stm ^= 1;
    st->rule50++;
    st->repWindow++;
}

void pos_undo_null(Position *p) { p->ply--; }

void pos_compact(Position *p) {
    if (p->ply < POS_MAX_STATES - 2 * POS_KEEP_STATES)
        return;
    int drop = p->ply - POS_KEEP_STATES;
    memmove(&p->st[0], &p->st[drop], sizeof(StateInfo) * (size_t)(POS_KEEP_STATES + 1));
    p->ply = POS_KEEP_STATES;
}

/* ---- links ---- */

void pos_clear_links(Position *p) {
    memset(p->link, NO_SQ, sizeof p->link);
    p->st[p->ply].entKey = 0;
}

static const char *sq_name(int s, char buf[3]) {
    buf[0] = (char)('a' + sq_file(s));
    buf[1] = (char)('1' + sq_rank(s));
    buf[2] = 0;
    return buf;
}

bool pos_add_link(Position *p, int a, int b, char *err, size_t errlen) {
    char na[3], nb[3];
    int pa = p->board[a], pb = p->board[b];
    sq_name(a, na);
    sq_name(b, nb);
    if (!pa || !pb) {
        snprintf(err, errlen, "link %s-%s: square %s is empty", na, nb, !pa ? na : nb);
        return false;
    }
    if (piece_type(pb) == PAWN && piece_type(pa) != PAWN) { /* R7.5: either order */
        int t = a;
        a = b;
        b = t;
        pa = p->board[a];
        pb = p->board[b];
        sq_name(a, na);
        sq_name(b, nb);
    }
    if (piece_type(pa) != PAWN) {
        snprintf(err, errlen, "link %s-%s: a link needs a pawn, and neither piece is one (R1.2)", na, nb);
        return false;
    }
    if (piece_type(pb) == PAWN) {
        snprintf(err, errlen, "link %s-%s: pawn-pawn links are not allowed (R1.2)", na, nb);
        return false;
    }
    if (piece_type(pb) == KING) {
        snprintf(err, errlen, "link %s-%s: kings are never linked (R1.2)", na, nb);
        return false;
    }
    if (piece_color(pa) == piece_color(pb)) {
        snprintf(err, errlen, "link %s-%s: the pawn on %s and the officer on %s are the same colour (R1.2)", na,
                 nb, na, nb);
        return false;
    }
    if (p->link[a] != NO_SQ || p->link[b] != NO_SQ) {
        snprintf(err, errlen, "link %s-%s: the piece on %s is already linked (R1.2)", na, nb,
                 p->link[a] != NO_SQ ? na : nb);
        return false;
    }
    if (!VARIANTS[p->variant].links) {
        snprintf(err, errlen, "link %s-%s: the %s variant has no links", na, nb, VARIANTS[p->variant].name);
        return false;
    }
    p->link[a] = (uint8_t)b;
    p->link[b] = (uint8_t)a;
    p->st[p->ply].entKey ^= Z_LINK[a][b];
    return true;
}

int pos_links(const Position *p, int pairs[][2]) {
    int n = 0;
    for (int s = 0; s < 64; s++)
        if (p->link[s] != NO_SQ && piece_type(p->board[s]) == PAWN) {
            pairs[n][0] = s;
            pairs[n][1] = p->link[s];
            n++;
        }
    return n;
}

/* ---- FEN ---- */

static bool parse_uint(const char *s, unsigned max, unsigned *out) {
    unsigned v = 0;
    if (!*s)
        return false;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return false;
        v = v * 10 + (unsigned)(*s - '0');
        if (v > max)
            return false;
    }
    *out = v;
    return true;
}

#define FEN_FAIL(...)                                                                                                  \
    do {                                                                                                               \
        snprintf(err, errlen, __VA_ARGS__);                                                                            \
        return false;                                                                                                  \
    } while (0)

static bool castling_fits(const uint8_t *board, int cr, char *err, size_t errlen) {
    static const struct { int bit, king, rook; char c; } need[4] = {
        {WHITE_OO, 4, 7, 'K'}, {WHITE_OOO, 4, 0, 'Q'}, {BLACK_OO, 60, 63, 'k'}, {BLACK_OOO, 60, 56, 'q'}};
    for (int i = 0; i < 4; i++) {
        int c = i < 2 ? WHITE : BLACK;
        if ((cr & need[i].bit) &&
            (board[need[i].king] != make_piece(c, KING) || board[need[i].rook] != make_piece(c, ROOK)))
            FEN_FAIL("bad FEN: castling right '%c' needs the king and rook on their home squares", need[i].c);
    }
    return true;
}

bool pos_set_fen(Position *p, const char *fen, int variant, char *err, size_t errlen) {
    char buf[256], *fields[6 + POS_MAX_COUNTERS], *save = NULL;
    int nf = 0;
    if (!fen || strlen(fen) >= sizeof buf)
        FEN_FAIL("bad FEN: too long");
    if (variant < 0 || variant >= VARIANT_RULES_COUNT)
        FEN_FAIL("unknown variant");
    const VariantRules *v = &VARIANTS[variant];
    strcpy(buf, fen);
    /* strtok_r: the runner's worker threads set positions up at the same time */
    for (char *tok = strtok_r(buf, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
        if (nf == 6 + v->ncounters) {
            if (!v->ncounters)
                FEN_FAIL("bad FEN: more than 6 fields");
            FEN_FAIL("bad FEN: more than %d fields (6, then %d counter%s)", nf, v->ncounters,
                     v->ncounters > 1 ? "s" : "");
        }
        fields[nf++] = tok;
    }
    if (nf < 4)
        FEN_FAIL("bad FEN: %d field%s, need 4 to 6 (board, side, castling, en passant[, clocks])", nf,
                 nf == 1 ? "" : "s");

    uint8_t board[64] = {0};
    int r = 7, f = 0;
    for (const char *c = fields[0]; *c; c++) {
        if (*c == '/') {
            if (f != 8)
                FEN_FAIL("bad FEN: rank %d has %d squares, need 8", r + 1, f);
            if (--r < 0)
                FEN_FAIL("bad FEN: more than 8 ranks");
            f = 0;
        } else if (*c >= '1' && *c <= '8') {
            f += *c - '0';
            if (f > 8)
                FEN_FAIL("bad FEN: rank %d has more than 8 squares", r + 1);
        } else {
            const char *pc = strchr(PIECE_CHARS, *c);
            if (!pc || *c == ' ')
                FEN_FAIL("bad FEN: unknown piece character '%c'", *c);
            if (f > 7)
                FEN_FAIL("bad FEN: rank %d has more than 8 squares", r + 1);
            board[make_sq(f++, r)] = (uint8_t)(pc - PIECE_CHARS);
        }
    }
    if (r != 0 || f != 8)
        FEN_FAIL("bad FEN: the board needs 8 ranks of 8 squares");
    int kings[2] = {0, 0};
    for (int s = 0; s < 64; s++) {
        if (piece_type(board[s]) == KING)
            kings[piece_color(board[s])]++;
        if (piece_type(board[s]) == PAWN && (sq_rank(s) == 0 || sq_rank(s) == 7))
            FEN_FAIL("bad FEN: pawn on %c%c (first or last rank)", 'a' + sq_file(s), '1' + sq_rank(s));
    }
    for (int c = 0; c < 2; c++)
        if (kings[c] != 1)
            FEN_FAIL("bad FEN: %s has %d kings, needs exactly 1", c == WHITE ? "white" : "black", kings[c]);

    int stm;
    if (!strcmp(fields[1], "w"))
        stm = WHITE;
    else if (!strcmp(fields[1], "b"))
        stm = BLACK;
    else
        FEN_FAIL("bad FEN: side to move '%s', need w or b", fields[1]);

    int cr = 0;
    if (strcmp(fields[2], "-")) {
        for (const char *c = fields[2]; *c; c++) {
            const char *at = strchr("KQkq", *c);
            if (!at)
                FEN_FAIL("bad FEN: castling field '%s'", fields[2]);
            int bit = 1 << (at - "KQkq");
            if (cr & bit)
                FEN_FAIL("bad FEN: castling right '%c' given twice", *c);
            cr |= bit;
        }
    }
    if (!castling_fits(board, cr, err, errlen))
        return false;

    int ep = NO_SQ;
    if (strcmp(fields[3], "-")) {
        ep = strlen(fields[3]) == 2 ? sq_parse(fields[3]) : NO_SQ;
        if (ep == NO_SQ || sq_rank(ep) != (stm == WHITE ? 5 : 2))
            FEN_FAIL("bad FEN: en-passant square '%s'", fields[3]);
    }
    unsigned rule50 = 0, fullmove = 1;
    if (nf >= 5 && !parse_uint(fields[4], 10000, &rule50))
        FEN_FAIL("bad FEN: half-move clock '%s'", fields[4]);
    if (nf >= 6 && (!parse_uint(fields[5], 10000, &fullmove) || fullmove == 0))
        FEN_FAIL("bad FEN: full-move number '%s'", fields[5]);
    uint8_t counter[POS_MAX_COUNTERS] = {0};
    for (int i = 0; i < v->ncounters; i++) {
        const CounterRule *c = &v->counters[i];
        unsigned value = c->initial;
        if (nf > 6 + i && !parse_uint(fields[6 + i], c->max, &value))
            FEN_FAIL("bad FEN: %s '%s', need 0 to %d", c->name, fields[6 + i], c->max);
        counter[i] = (uint8_t)value;
    }

    /* Build into a scratch position so that p stays untouched on any failure. */
    static _Thread_local Position tmp;
    memset(&tmp, 0, offsetof(Position, st) + sizeof(StateInfo));
    tmp.variant = variant;
    memset(tmp.link, NO_SQ, sizeof tmp.link);
    for (int s = 0; s < 64; s++)
        if (board[s])
            pos_put_piece(&tmp, board[s], s);
    StateInfo *st = &tmp.st[0];
    st->castling = (uint8_t)cr;
    st->stm = (uint8_t)stm;
    st->phase = PHASE_BASE;
    st->pending = NO_SQ;
    st->epPending = NO_SQ;
    /* T4.3 needs the square even when no capture onto it is legal. */
    st->epRaw = ep != NO_SQ && tmp.board[ep + (stm == WHITE ? -8 : 8)] == make_piece(stm ^ 1, PAWN) && !tmp.board[ep]
                    ? (uint8_t)ep
                    : NO_SQ;
    st->capturedPartner = st->promoPartner = NO_SQ;
    st->rule50 = (uint16_t)rule50;
    st->repWindow = (uint16_t)rule50; /* the game before the FEN is not known */
    st->fullmove = (uint16_t)fullmove;
    memcpy(st->counter, counter, sizeof counter);
    /* R7.2: accept an en-passant square either way, keep it only if a capture is legal. */
    st->ep = ep != NO_SQ && ep_capture_legal(&tmp, stm, ep) ? (uint8_t)ep : NO_SQ;
    if (v->fenOk && !v->fenOk(&tmp, err, errlen))
        return false;
    if (pos_in_check(&tmp, stm ^ 1))
        FEN_FAIL("bad FEN: the side not to move (%s) is in check (R7.4)", stm == WHITE ? "black" : "white");
    st->key = pos_board_key_scratch(&tmp);
    st->entKey = 0;
    memcpy(p, &tmp, offsetof(Position, st) + sizeof(StateInfo));
    return true;
}

void pos_fen(const Position *p, char *buf, size_t len) {
    char out[128];
    size_t n = 0;
    const StateInfo *st = pos_state(p);
    for (int r = 7; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < 8; f++) {
            int pc = p->board[make_sq(f, r)];
            if (!pc) {
                empty++;
                continue;
            }
            if (empty)
                out[n++] = (char)('0' + empty);
            empty = 0;
            out[n++] = PIECE_CHARS[pc];
        }
        if (empty)
            out[n++] = (char)('0' + empty);
        if (r)
            out[n++] = '/';
    }
    out[n++] = ' ';
    out[n++] = st->stm == WHITE ? 'w' : 'b';
    out[n++] = ' ';
    if (!st->castling)
        out[n++] = '-';
    for (int i = 0; i < 4; i++)
        if (st->castling & (1 << i))
            out[n++] = "KQkq"[i];
    out[n++] = ' ';
    if (st->ep != NO_SQ) {
        out[n++] = (char)('a' + sq_file(st->ep));
        out[n++] = (char)('1' + sq_rank(st->ep));
    } else
        out[n++] = '-';
    out[n] = 0;
    int at = snprintf(buf, len, "%s %u %u", out, st->rule50, st->fullmove);
    for (int i = 0; i < VARIANTS[p->variant].ncounters && at >= 0 && (size_t)at < len; i++)
        at += snprintf(buf + at, len - at, " %u", st->counter[i]);
}

/* ---- decision tokens ---- */

void move_to_uci(Move m, char buf[6]) {
    int from = move_from(m), to = move_to(m);
    if (m == MOVE_NONE) {
        strcpy(buf, "0000");
        return;
    }
    buf[0] = (char)('a' + sq_file(from));
    buf[1] = (char)('1' + sq_rank(from));
    buf[2] = (char)('a' + sq_file(to));
    buf[3] = (char)('1' + sq_rank(to));
    buf[4] = move_is_promo(m) ? " nbrq"[move_promo_type(m) - 1] : 0;
    buf[5] = 0;
}

void move_to_uci_variant(Move m, int variant, char buf[6]) {
    move_to_uci(m, buf);
    if (VARIANTS[variant].castleKxR && move_flag(m) == MF_CASTLE) { /* T6.2 */
        int from = move_from(m), rook = move_to(m) > from ? from + 3 : from - 4;
        buf[2] = (char)('a' + sq_file(rook));
    }
}

Move pos_parse_decision(const Position *p, const char *tok) {
    Move list[MAX_MOVES];
    char buf[6];
    size_t len = strlen(tok);
    if (len < 4 || len > 5)
        return MOVE_NONE;
    int n = pos_legal_decisions(p, list);
    for (int i = 0; i < n; i++) {
        move_to_uci_variant(list[i], p->variant, buf);
        if (!strcmp(buf, tok))
            return list[i];
    }
    return MOVE_NONE;
}
