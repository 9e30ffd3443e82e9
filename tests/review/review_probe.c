/* The review's model as qecreview computes it (review/model.c), line by line on stdin, for the
 * tests that hold it against the engine's `wdl` lines (tests/review/run.sh) and against the web
 * board's copy of the thresholds (tests/web/review.test.mjs):
 *   wdl VARIANT CP          -> W D L      (per mille for the side with CP centipawns)
 *   chances VARIANT CP      -> C          (W - L) / 1000, three decimals
 *   judge BEFORE AFTER      -> J          0 none, 1 inaccuracy, 2 mistake, 3 blunder
 * A line it cannot read gets `error: …`. */
#include <stdio.h>
#include <string.h>

#include "../../review/review.h"

int main(void) {
    char line[256], cmd[16], name[32];
    int cp;
    double before, after;
    while (fgets(line, sizeof line, stdin)) {
        const Variant *v = NULL;
        if (sscanf(line, "%15s", cmd) != 1)
            continue;
        if (!strcmp(cmd, "judge") && sscanf(line, "%*s %lf %lf", &before, &after) == 2)
            printf("%d\n", review_judge(before, after));
        else if ((!strcmp(cmd, "wdl") || !strcmp(cmd, "chances")) && sscanf(line, "%*s %31s %d", name, &cp) == 2
                 && (v = variant_named(name)) != NULL) {
            ReviewScore s = {.cp = cp};
            int wdl[3];
            review_wdl(v, &s, wdl);
            if (cmd[0] == 'w')
                printf("%d %d %d\n", wdl[0], wdl[1], wdl[2]);
            else
                printf("%.3f\n", review_chances(v, &s));
        } else
            printf("error: cannot read '%.*s'\n", (int)strcspn(line, "\n"), line);
        fflush(stdout);
    }
    return 0;
}
