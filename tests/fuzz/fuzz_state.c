/* libFuzzer target for qecmatch's -state file (match/state.h, docs/testers/qecmatch-resume.md):
 * any bytes are either a state, which then writes back to a text that reads back to the same
 * state and the same text, or refused with a message. What a state means for a schedule is the
 * tournament's check (tests/match/resume.sh refuses such files end to end). */
#include <stdlib.h>
#include <string.h>

#include "../../match/state.h"
#include "input.h"

static bool same_state(const MatchState *a, const MatchState *b) {
    if (a->nargs != b->nargs || a->seed != b->seed || a->openings != b->openings ||
        a->openingsHash != b->openingsHash || a->scheduledJobs != b->scheduledJobs || a->pgnBytes != b->pgnBytes ||
        a->pgnStart != b->pgnStart || a->ngames != b->ngames)
        return false;
    for (int i = 0; i < a->nargs; i++)
        if (strcmp(a->args[i], b->args[i]))
            return false;
    for (int i = 0; i < a->ngames; i++) {
        const StateGame *x = &a->games[i], *y = &b->games[i];
        if (x->job != y->job || x->game != y->game || x->number != y->number || x->white != y->white ||
            x->result != y->result || x->forfeit != y->forfeit || x->candidate != y->candidate ||
            x->pgnBytes != y->pgnBytes || strcmp(x->termination, y->termination) || strcmp(x->detail, y->detail))
            return false;
    }
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = input_text(data, size), err[512];
    if (!text)
        return 0;
    MatchState s, again;
    if (!state_parse(text, &s, err, sizeof err)) {
        if (!err[0])
            abort(); /* a refusal always says why */
        free(text);
        return 0;
    }
    char *written = state_format(&s);
    if (written) {
        if (!state_parse(written, &again, err, sizeof err) || !same_state(&s, &again))
            abort(); /* what the runner writes, it must read back */
        char *rewritten = state_format(&again);
        if (rewritten && strcmp(written, rewritten))
            abort();
        free(rewritten);
        state_free(&again);
        free(written);
    }
    state_free(&s);
    free(text);
    return 0;
}
