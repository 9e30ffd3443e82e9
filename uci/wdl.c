/* UCI_ShowWDL: `wdl W D L` after the score, per mille for the side that decides, from the
 * variant's model (variants/variants.h WdlModel, fitted in docs/results/wdl-model.md). */
#include "internal.h"

void wdl_of(const Variant *v, int score, int wdl[3]) {
    bool mate = score_is_mate(score);
    variant_wdl(v, mate ? 0 : score, mate ? (score > 0 ? 1 : -1) : 0, wdl);
}

void print_wdl(FILE *f, const Uci *u, const Variant *v, int score) {
    if (!u->session->opt.showWDL || !v)
        return;
    int wdl[3];
    wdl_of(v, score, wdl);
    fprintf(f, " wdl %d %d %d", wdl[0], wdl[1], wdl[2]);
}

void game_over_score(Uci *u, bool mated) {
    uci_lock_out(u);
    fprintf(u->out, "info depth 0 score %s", mated ? "mate 0" : "cp 0");
    print_wdl(u->out, u, u->session->board.variant, mated ? -SCORE_MATE : 0);
    fputc('\n', u->out);
    uci_unlock_out(u);
}
