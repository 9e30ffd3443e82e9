#include <string.h>

#include "hsc_uci.h"

void hsc_pos_compact(HscPos *p) {
    int keep = hsc_st(p)->halfmove; /* the repetition scan reads stack[top - halfmove .. top] */
    if (p->top <= keep)
        return;
    memmove(p->stack, &p->stack[p->top - keep], (size_t)(keep + 1) * sizeof *p->stack);
    p->top = keep;
}

