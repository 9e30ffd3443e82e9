#include <string.h>

#include "hsc_internal.h"
#include "hsc_uci.h"

void hsc_pos_compact(HscPos *p) {
    int keep = hsc_st(p)->halfmove; /* the repetition scan reads stack[top - halfmove .. top] */
    if (p->top <= keep)
        return;
    memmove(p->stack, &p->stack[p->top - keep], (size_t)(keep + 1) * sizeof *p->stack);
    p->top = keep;
}

void hsc_board_types(const HscPos *p, unsigned types[64]) {
    const HscState *s = hsc_st(p);
    uint64_t live = hsc_live_pairs(s);
    HscSet u[2];
    hsc_live_union(s, WHITE, live, &u[WHITE]);
    hsc_live_union(s, BLACK, live, &u[BLACK]);
    for (int sq = 0; sq < 64; sq++) {
        int pc = s->board[sq];
        types[sq] = !pc || hsc_piece_id(pc) == HSC_PAWN_ID
                        ? 0
                        : hsc_union_types(s, hsc_piece_color(pc), hsc_piece_id(pc), live, &u[hsc_piece_color(pc)]);
    }
}
