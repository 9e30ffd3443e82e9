/* The winning-chances model and the thresholds of a review (review.h; docs/players/review.md,
 * docs/results/wdl-model.md).
 *
 * The curve is the variant's win/draw/loss model, fitted to qec's own games (variants/
 * variants.h WdlModel, the numbers UCI_ShowWDL prints): a score of x centipawns for the decider
 * wins with 1 / (1 + e^((a - x) / b)) and loses with 1 / (1 + e^((a + x) / b)), in per mille
 * rounded by variants.h's variant_wdl as UCI_ShowWDL's, so that a review judges by the very `wdl W D L` the engine
 * prints (tests/review/run.sh compares the two, and the web board, which reads the engine's
 * lines, with this file). The decider's winning chances are W - L in [-1, 1]: twice its
 * expected score W + D/2, less one, the scale of lichess's game review, whose thresholds stay
 * (lila, modules/analyse/src/main/Advice.scala): a decision that drops its decider's chances
 * by 0.3 or more is a blunder, 0.2 a mistake, 0.1 an inaccuracy, i.e. 15, 10 and 5 points of
 * expected score. A mate counts as +-1 (1000/0/0, as UCI_ShowWDL gives it). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "review.h"

static const double THRESHOLDS[] = {[JUDGE_INACCURACY] = 0.1, [JUDGE_MISTAKE] = 0.2, [JUDGE_BLUNDER] = 0.3};

void review_wdl(const Variant *v, const ReviewScore *s, int wdl[3]) {
    variant_wdl(v, s->isMate ? 0 : s->cp, s->isMate ? (s->wins ? 1 : -1) : 0, wdl);
}

double review_chances(const Variant *v, const ReviewScore *s) {
    int wdl[3];
    review_wdl(v, s, wdl);
    return (wdl[0] - wdl[2]) / 1000.0;
}

int review_judge(double before, double after) {
    double drop = before - after;
    /* a hair under the threshold: 0.3 computed as a difference of doubles may read 0.29999 */
    for (int j = JUDGE_BLUNDER; j > JUDGE_NONE; j--)
        if (drop >= THRESHOLDS[j] - 1e-9)
            return j;
    return JUDGE_NONE;
}

const char *review_mark(int judge) {
    static const char *const MARKS[] = {"", "?!", "?", "??"};
    return judge >= 0 && judge <= JUDGE_BLUNDER ? MARKS[judge] : "";
}

const char *review_judge_name(int judge) {
    static const char *const NAMES[] = {"", "Inaccuracy", "Mistake", "Blunder"};
    return judge >= 0 && judge <= JUDGE_BLUNDER ? NAMES[judge] : "";
}

void review_eval_text(const ReviewScore *s, char *buf, size_t len) {
    if (s->isMate && s->mate == 0)
        snprintf(buf, len, "#%c0", s->wins ? '+' : '-');
    else if (s->isMate)
        snprintf(buf, len, "#%s%d", s->wins ? "" : "-", s->mate);
    else
        snprintf(buf, len, "%s%d.%02d", s->cp < 0 ? "-" : "", abs(s->cp) / 100, abs(s->cp) % 100);
}

ReviewScore review_flip(ReviewScore s) {
    s.wins = !s.wins;
    s.cp = -s.cp;
    return s;
}
