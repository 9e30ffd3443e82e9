/* The session's options: their values' lifetime. */
#include <stdlib.h>
#include <string.h>

#include "options.h"

void session_options_init(SessionOptions *o) {
    o->hash = 16;
    o->threads = 1;
    o->threadsMax = QEC_MAX_THREADS;
    o->multiPV = 1;
    o->moveOverhead = 10;
    o->policy = POLICY_SEARCH;
    o->variant = o->startVariant = variant_default();
    o->ponder = false;
    o->entMap = strdup("default");
    o->entMapFile = strdup("");
    o->ownBook = false;
    o->bookDepth = BOOK_DEFAULT_DEPTH;
    o->bookSeed = 0;
    o->bookFile = strdup("");
    o->evalFile = strdup("");
    o->useNNUE = true;
    o->showTurns = false;
    o->skillLevel = 20;
    o->limitStrength = false;
    o->showWDL = false;
    o->elo = SKILL_ELO_MIN;
}

void session_options_free(SessionOptions *o) {
    free(o->entMap);
    free(o->entMapFile);
    free(o->bookFile);
    free(o->evalFile);
}
