/* The selection sort step both search trees order their moves with (the Position tree's scores
 * are movepick.c's, Haft Schroedinger's hsc_tree.c's). Internal to search/. */
#ifndef QEC_PICK_H
#define QEC_PICK_H

#include "../engine/types.h"

/* Brings the best-scored remaining move to index i and returns it. */
static inline Move pick(Move *list, int *scores, int n, int i) {
    int b = i;
    for (int j = i + 1; j < n; j++)
        if (scores[j] > scores[b])
            b = j;
    Move m = list[b];
    int s = scores[b];
    list[b] = list[i];
    scores[b] = scores[i];
    list[i] = m;
    scores[i] = s;
    return m;
}

#endif
