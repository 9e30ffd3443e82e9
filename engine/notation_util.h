/* Helpers shared by notation.c (writing) and notation_read.c (reading); not part of the
 * API (that is notation.h). */
#ifndef QEC_NOTATION_UTIL_H
#define QEC_NOTATION_UTIL_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "notation.h"
#include "turn.h"
#include "variant.h"

#define LINK_MARK "\xE2\x86\x94"  /* ↔ */
#define BREAK_MARK "\xE2\x9C\x96" /* ✖ */

static const char PIECE_LETTER[] = " PNBRQK";

/* ---- scratch positions ---- */

/* The position at hand without its history: enough to make decisions forward (repetition
 * is not needed to write or read a move). */
static inline void scratch_from(Position *dst, const Position *src) {
    memcpy(dst, src, offsetof(Position, st));
    dst->st[0] = src->st[src->ply];
    dst->ply = 0;
}

static inline void scratch_do(Position *p, Move m) {
    pos_do(p, m);
    if (p->ply > POS_MAX_STATES - 8)
        pos_compact(p);
}

/* ---- the legal decisions at one decision point ---- */

/* What the writer and the reader compare a decision with: made once where many decisions are
 * written or read at one point (an error message lists every option; SAN is checked against
 * the others), instead of once per decision and again inside each. */
typedef struct {
    Move m[MAX_MOVES];
    int n;
} LegalList;

static inline void legal_list(LegalList *l, const Position *p) { l->n = pos_legal_decisions(p, l->m); }

static inline bool legal_has(const LegalList *l, Move m) {
    for (int i = 0; i < l->n; i++)
        if (l->m[i] == m)
            return true;
    return false;
}

/* ---- a bounded string builder ---- */

typedef struct {
    char *s;
    size_t cap, n;
    bool full;
} Buf;

static inline void buf_init(Buf *b, char *s, size_t cap) {
    b->s = s;
    b->cap = cap;
    b->n = 0;
    b->full = cap == 0;
    if (cap)
        s[0] = 0;
}

static inline void put(Buf *b, const char *text) {
    size_t k = strlen(text);
    if (b->full || b->n + k >= b->cap) {
        b->full = true;
        return;
    }
    memcpy(b->s + b->n, text, k + 1);
    b->n += k;
}

static inline void put_char(Buf *b, char c) {
    char t[2] = {c, 0};
    put(b, t);
}

static inline void put_square(Buf *b, int s) {
    char t[3] = {(char)('a' + sq_file(s)), (char)('1' + sq_rank(s)), 0};
    put(b, t);
}

static inline void fail(char *err, size_t errlen, const char *fmt, ...) {
    if (!errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/* notation.c: legal decision m of scratch position s (whose legal decisions are `legal`),
 * written as notation_format_decision writes it; s is as it was after. */
bool notation_format_among(Position *s, const LegalList *legal, Move m, int style, char *buf, size_t len);

/* notation_read.c: the one decision of `legal` (p's legal decisions) that text names, else
 * MOVE_NONE (none, or several): the writer's test that a SAN names its move alone. */
Move notation_read_among(const Position *p, const LegalList *legal, const char *text);

/* The counterpart that base move m makes reply (R2.3), or NO_SQ. */
static inline int forcing_counterpart(const Position *p, Move m) {
    return variant_rules(p->variant)->links && turn_may_force(p, m) ? p->link[turn_linked_origin(m)] : NO_SQ;
}

#endif
