#include <string.h>

#include "worlds_uci.h"

void worlds_pos_compact(WorldsPos *p) {
    int keep = worlds_st(p)->halfmove; /* the repetition scan reads stack[top - halfmove .. top] */
    if (p->top <= keep)
        return;
    memmove(p->stack, &p->stack[p->top - keep], (size_t)(keep + 1) * sizeof *p->stack);
    p->top = keep;
}

