/* One decision in the notation for people (docs/players/notation.md), read and written on a
 * Board of any row, for the readers that go a decision at a time: the game record
 * (record/read.c, record/write.c) and the review (review/analyse.c). The family's own notation
 * does the work (engine/notation.h: SAN and QEC's short form; engine/worlds_notation.h: the long
 * form with M, S4.1), chosen once per call. board_text.c plays whole move-list items. */
#include <stdio.h>
#include <string.h>

#include "../engine/worlds_notation.h"
#include "../engine/notation.h"
#include "board.h"

Move board_read_decision(Board *b, const char *text, char *err, size_t errlen) {
    if (b->variant->worlds) /* reads the UCI token too (S4.1) */
        return worlds_notation_parse(&b->worlds, text, err, errlen);
    /* a UCI token, as some tools write (R5.1); SAN is not token-shaped, so the book builder's
     * thousands of SAN records generate each move list once */
    Move m = board_token_shaped(b, text) ? board_parse(b, text) : MOVE_NONE;
    return m != MOVE_NONE ? m : notation_parse_decision(b->pos, text, err, errlen);
}

bool board_decision_text(Board *b, Move m, char *buf, size_t len) {
    return b->variant->worlds ? worlds_notation_format(&b->worlds, m, buf, len)
                              : notation_format_decision(b->pos, m, NOTATION_SHORT, buf, len);
}

/* SAN is what other tools read; QEC's turns (R5.3) and schroedinger's long form (S4.1) are
 * qec's own, so their records keep the tokens beside them. */
bool board_notation_standard(const Variant *v) { return !variant_links(v) && !v->worlds; }
