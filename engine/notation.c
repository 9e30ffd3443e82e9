/* Notation for people (R5.3, seed 004 §12): the writer (the reader is notation_read.c). Every
 * function works on a scratch copy of the caller's position, so the caller's position and its
 * history stay as they were. */
#include "notation_util.h"

/* ---- writing one decision ---- */

static int captured_square(Move m) {
    return move_flag(m) == MF_EP ? make_sq(sq_file(move_to(m)), sq_rank(move_from(m))) : move_to(m);
}

static bool is_capture(const Position *p, Move m) {
    return move_flag(m) == MF_EP || (move_flag(m) != MF_CASTLE && p->board[move_to(m)] != NO_PIECE);
}

/* SAN disambiguation (PGN 8.2.3.3) against the other legal decisions at this point. */
static void put_disambiguation(Buf *b, const Position *p, const LegalList *legal, Move m) {
    int from = move_from(m), pt = piece_type(p->board[from]);
    bool others = false, sameFile = false, sameRank = false;
    for (int i = 0; i < legal->n; i++) {
        int f = move_from(legal->m[i]);
        if (f == from || move_to(legal->m[i]) != move_to(m) || piece_type(p->board[f]) != pt)
            continue;
        others = true;
        sameFile |= sq_file(f) == sq_file(from);
        sameRank |= sq_rank(f) == sq_rank(from);
    }
    if (!others)
        return;
    if (!sameFile)
        put_char(b, (char)('a' + sq_file(from)));
    else if (!sameRank)
        put_char(b, (char)('1' + sq_rank(from)));
    else
        put_square(b, from);
}

/* `+` when a king is in check after m, `#` when that ends the game by mate: QEC, a required
 * reactive step is impossible (R2.5, R4.1); chess and tether, the side to move has no move. */
static const char *check_suffix(Position *p, Move m) {
    pos_do(p, m);
    const char *s = "";
    if (pos_phase(p) == PHASE_OVER)
        s = "#";
    else if (pos_in_check(p, WHITE) || pos_in_check(p, BLACK)) {
        Move list[MAX_MOVES];
        s = pos_classical_turns(p) && !pos_legal_decisions(p, list) ? "#" : "+";
    }
    pos_undo(p);
    return s;
}

/* The move itself: `O-O`, SAN (`Nbd7`, `exd6`, `e8=Q`) or long (`Ng1-f3`, `e7xd8=Q`);
 * `letter` false leaves out the piece letter of the long form (a forced reply after `h8R:`). */
static void put_move(Buf *b, const Position *p, const LegalList *legal, Move m, int style, bool letter) {
    int from = move_from(m), to = move_to(m), pt = piece_type(p->board[from]);
    bool capture = is_capture(p, m);
    if (move_flag(m) == MF_CASTLE) {
        put(b, to > from ? "O-O" : "O-O-O");
        return;
    }
    if (style == NOTATION_LONG) {
        if (letter && pt != PAWN)
            put_char(b, PIECE_LETTER[pt]);
        put_square(b, from);
        put_char(b, capture ? 'x' : '-');
    } else if (pt != PAWN) {
        put_char(b, PIECE_LETTER[pt]);
        put_disambiguation(b, p, legal, m);
        if (capture)
            put_char(b, 'x');
    } else if (capture) {
        put_char(b, (char)('a' + sq_file(from)));
        put_char(b, 'x');
    }
    put_square(b, to);
    if (move_is_promo(m)) {
        put_char(b, '=');
        put_char(b, PIECE_LETTER[move_promo_type(m)]);
    }
}

/* SAN that names m alone among the legal decisions, else the from-square form (`b3d4`,
 * `Nb1xd2`): tether's transporter moves bring pieces of one kind, pawns too, to one square
 * from anywhere. In QEC and chess plain SAN is always unique. */
static void put_short(Buf *b, const Position *p, const LegalList *legal, Move m) {
    char san[16];
    Buf t;
    buf_init(&t, san, sizeof san);
    put_move(&t, p, legal, m, NOTATION_SHORT, true);
    if (move_flag(m) == MF_CASTLE || notation_read_among(p, legal, san) == m) {
        put(b, san);
        return;
    }
    int pt = piece_type(p->board[move_from(m)]);
    if (pt != PAWN)
        put_char(b, PIECE_LETTER[pt]);
    put_square(b, move_from(m));
    if (is_capture(p, m))
        put_char(b, 'x');
    put_square(b, move_to(m));
    if (move_is_promo(m)) {
        put_char(b, '=');
        put_char(b, PIECE_LETTER[move_promo_type(m)]);
    }
}

/* m, legal at p; `legal` is p's legal decisions, or NULL to make them here if needed. */
static void put_decision(Buf *b, Position *p, const LegalList *legal, Move m, int style, bool letter) {
    if (style == NOTATION_UCI) {
        char tok[6];
        move_to_uci_variant(m, p->variant, tok); /* tether castles as e1h1 (T6.2) */
        put(b, tok);
        return;
    }
    LegalList own;
    if (!legal && style == NOTATION_SHORT) {
        legal_list(&own, p);
        legal = &own;
    }
    if (style == NOTATION_SHORT)
        put_short(b, p, legal, m);
    else
        put_move(b, p, legal, m, style, letter);
    if (style == NOTATION_LONG && is_capture(p, m) && p->link[captured_square(m)] != NO_SQ)
        put(b, BREAK_MARK); /* seed 004 §12: a capture that breaks a link (R1.6) */
    put(b, check_suffix(p, m));
}

bool notation_format_decision(const Position *p, Move m, int style, char *buf, size_t len) {
    Position s;
    Buf b;
    buf_init(&b, buf, len);
    LegalList legal;
    scratch_from(&s, p);
    legal_list(&legal, &s);
    if (!legal_has(&legal, m)) {
        put(&b, "illegal decision");
        return false;
    }
    put_decision(&b, &s, &legal, m, style, true);
    return !b.full;
}

bool notation_format_among(Position *s, const LegalList *legal, Move m, int style, char *buf, size_t len) {
    Buf b;
    buf_init(&b, buf, len);
    put_decision(&b, s, legal, m, style, true);
    return !b.full;
}

/* ---- writing a turn ---- */

/* `h8R`: the counterpart's square and piece letter (P for a pawn), seed 004 §12. */
static void put_counterpart(Buf *b, const Position *p, int s) {
    put_square(b, s);
    put_char(b, PIECE_LETTER[piece_type(p->board[s])]);
}

static void put_forced(Buf *b, Position *p, Move m, int style) {
    if (style == NOTATION_UCI) { /* `e2e4[h8h7]`; a reply not chosen yet is not written */
        if (m != MOVE_NONE) {
            put(b, "[");
            put_decision(b, p, NULL, m, style, false);
            put(b, "]");
        }
        return;
    }
    put(b, " [" LINK_MARK " ");
    if (style == NOTATION_LONG) {
        put_counterpart(b, p, pos_state(p)->pending);
        if (m == MOVE_NONE) { /* not chosen yet: the seed's `[↔ h8R]` */
            put(b, "]");
            return;
        }
        put_char(b, ':');
    }
    put_decision(b, p, NULL, m, style, false);
    put(b, "]");
}

/* Plays t on p (a scratch at a turn start) and writes it; false with the reason in err. */
static bool format_turn_on(Position *p, const NotationTurn *t, int style, Buf *b, char *err, size_t errlen) {
    if (pos_phase(p) != PHASE_BASE)
        return fail(err, errlen, "not at a turn start"), false;
    LegalList legal;
    legal_list(&legal, p);
    if (!legal_has(&legal, t->base))
        return fail(err, errlen, "base move is not legal"), false;
    int counterpart = forcing_counterpart(p, t->base);
    put_decision(b, p, &legal, t->base, style, true);
    scratch_do(p, t->base);
    if (pos_phase(p) == PHASE_FORCED) {
        if (t->forced == MOVE_NONE) {
            if (style != NOTATION_SHORT)
                put_forced(b, p, MOVE_NONE, style);
            return t->react == MOVE_NONE || (fail(err, errlen, "reactive step before the forced reply"), false);
        }
        if (!pos_is_legal_decision(p, t->forced))
            return fail(err, errlen, "forced reply is not legal"), false;
        put_forced(b, p, t->forced, style);
        scratch_do(p, t->forced);
    } else if (t->forced != MOVE_NONE)
        return fail(err, errlen, "no forced reply is due"), false;
    else if (style == NOTATION_LONG && counterpart != NO_SQ) { /* `[↔ f8B:--]`: it has no move */
        put(b, " [" LINK_MARK " ");
        put_counterpart(b, p, counterpart);
        put(b, ":--]");
    }
    if (pos_phase(p) == PHASE_REACT && t->react != MOVE_NONE) {
        legal_list(&legal, p);
        if (!legal_has(&legal, t->react))
            return fail(err, errlen, "reactive step is not legal"), false;
        put(b, style == NOTATION_UCI ? "<" : " <");
        put_decision(b, p, &legal, t->react, style, true);
        put(b, ">");
        scratch_do(p, t->react);
    } else if (t->react != MOVE_NONE)
        return fail(err, errlen, "no reactive step is due"), false;
    if (b->full)
        return fail(err, errlen, "buffer too small"), false;
    return true;
}

bool notation_format_turn(const Position *start, const NotationTurn *t, int style, char *buf, size_t len) {
    Position s;
    Buf b;
    char err[64];
    buf_init(&b, buf, len);
    scratch_from(&s, start);
    if (format_turn_on(&s, t, style, &b, err, sizeof err))
        return true;
    if (len)
        snprintf(buf, len, "%s", err);
    return false;
}

bool notation_format_last_turn(const Position *p, int style, char *buf, size_t len) {
    int s = p->ply - 1;
    while (s >= 0 && p->st[s].phase != PHASE_BASE)
        s--;
    Buf b;
    char err[64];
    buf_init(&b, buf, len);
    if (s < 0 || p->st[p->ply].move == MOVE_NONE) /* no decision, or a null move (search) */
        return false;
    NotationTurn t = {MOVE_NONE, MOVE_NONE, MOVE_NONE};
    for (int i = s + 1; i <= p->ply; i++) {
        int phase = p->st[i - 1].phase;
        *(phase == PHASE_BASE ? &t.base : phase == PHASE_FORCED ? &t.forced : &t.react) = p->st[i].move;
    }
    Position q;
    memcpy(&q, p, sizeof q); /* with its history: the turn is taken back on the copy */
    while (q.ply > s)
        pos_undo(&q);
    return format_turn_on(&q, &t, style, &b, err, sizeof err);
}

int notation_turn_decisions(const NotationTurn *t, Move out[3]) {
    int n = 0;
    if (t->base != MOVE_NONE)
        out[n++] = t->base;
    if (t->forced != MOVE_NONE)
        out[n++] = t->forced;
    if (t->react != MOVE_NONE)
        out[n++] = t->react;
    return n;
}

/* The next turn of a decision list on p (at a turn start): the base move and the decisions
 * that stay inside its turn. Plays nothing; returns how many decisions it took. */
static int take_turn(Position *p, const Move *d, int n, NotationTurn *t) {
    t->base = t->forced = t->react = MOVE_NONE;
    if (n <= 0 || !pos_is_legal_decision(p, d[0]))
        return 0;
    int used = 1;
    t->base = d[0];
    pos_do(p, d[0]);
    if (pos_phase(p) == PHASE_FORCED && used < n && pos_is_legal_decision(p, d[used])) {
        t->forced = d[used++];
        pos_do(p, t->forced);
    }
    if (pos_phase(p) == PHASE_REACT && used < n && pos_is_legal_decision(p, d[used])) {
        t->react = d[used++];
        pos_do(p, t->react);
    }
    for (int i = 0; i < used; i++)
        pos_undo(p);
    return used;
}

bool notation_format_game(const Position *start, const Move *decisions, int n, int style, char *buf,
                          size_t len, char *err, size_t errlen) {
    Position s;
    Buf b;
    buf_init(&b, buf, len);
    scratch_from(&s, start);
    for (int i = 0, first = 1; i < n; first = 0) {
        NotationTurn t;
        int used = take_turn(&s, decisions + i, n - i, &t);
        char num[16];
        if (!used)
            return fail(err, errlen, "decision %d is not legal where it stands", i + 1), false;
        if (pos_turn(&s) == WHITE)
            snprintf(num, sizeof num, "%s%d. ", first ? "" : " ", pos_state(&s)->fullmove);
        else
            snprintf(num, sizeof num, first ? "%d... " : " ", pos_state(&s)->fullmove);
        put(&b, num);
        if (!format_turn_on(&s, &t, style, &b, err, errlen))
            return false;
        if (pos_phase(&s) != PHASE_BASE && i + used < n)
            return fail(err, errlen, "decision %d is not legal where it stands", i + used + 1), false;
        i += used;
    }
    if (b.full)
        return fail(err, errlen, "buffer too small"), false;
    return true;
}
