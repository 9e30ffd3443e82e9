/* The winning-chances model and the thresholds of a review (review.h). One place, so that a
 * fitted model (issue 42 item 5: UCI_ShowWDL's per-variant fit) can take the curve's place.
 *
 * The curve and the thresholds are lichess's game review (lila, modules/analyse/src/main/
 * Advice.scala and the winning-chances function of its client's ceval module): winning
 * chances 2 / (1 + exp(-0.00368208 * cp)) - 1 with cp capped at +-1000 (a mate counts as
 * +-1); a decision that drops the decider's chances by 0.3 or more is a blunder, 0.2 a
 * mistake, 0.1 an inaccuracy. The web board's copy is web/static/review_model.js. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "review.h"

/* The slope of the logistic curve per centipawn, fitted by lichess to its players' games. */
#define REVIEW_LOGISTIC_K 0.00368208
/* Scores beyond this many centipawns count as this many (lichess). */
#define REVIEW_CP_CAP 1000
static const double THRESHOLDS[] = {[JUDGE_INACCURACY] = 0.1, [JUDGE_MISTAKE] = 0.2, [JUDGE_BLUNDER] = 0.3};

double review_chances(const ReviewScore *s) {
    if (s->isMate)
        return s->wins ? 1.0 : -1.0;
    int cp = s->cp > REVIEW_CP_CAP ? REVIEW_CP_CAP : s->cp < -REVIEW_CP_CAP ? -REVIEW_CP_CAP : s->cp;
    return 2.0 / (1.0 + exp(-REVIEW_LOGISTIC_K * cp)) - 1.0;
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
