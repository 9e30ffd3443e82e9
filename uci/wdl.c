/* UCI_ShowWDL: `wdl W D L` after the score, per mille for the side that decides, from the
 * variant's model (variants/variants.h WdlModel, fitted in docs/results/wdl-model.md). */
#include <math.h>

#include "internal.h"

void wdl_of(const Variant *v, int score, int wdl[3]) {
    if (score_is_mate(score)) { /* a mate found is a result, not a chance */
        wdl[0] = score > 0 ? 1000 : 0;
        wdl[1] = 0;
        wdl[2] = score > 0 ? 0 : 1000;
        return;
    }
    double a = v->wdl.a, b = v->wdl.b > 0 ? v->wdl.b : 1, x = score;
    int w = (int)lround(1000.0 / (1.0 + exp((a - x) / b)));
    int l = (int)lround(1000.0 / (1.0 + exp((a + x) / b)));
    if (w + l > 1000) /* rounding, where the draw is nil: take it from the smaller side */
        *(w < l ? &w : &l) -= w + l - 1000;
    wdl[0] = w;
    wdl[1] = 1000 - w - l;
    wdl[2] = l;
}

void print_wdl(FILE *f, const Uci *u, const Variant *v, int score) {
    if (!u->opt.showWDL || !v)
        return;
    int wdl[3];
    wdl_of(v, score, wdl);
    fprintf(f, " wdl %d %d %d", wdl[0], wdl[1], wdl[2]);
}

void game_over_score(Uci *u, bool mated) {
    uci_lock_out(u);
    fprintf(u->out, "info depth 0 score %s", mated ? "mate 0" : "cp 0");
    print_wdl(u->out, u, u->board.variant, mated ? -SCORE_MATE : 0);
    fputc('\n', u->out);
    uci_unlock_out(u);
}
