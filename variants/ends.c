/* The kinds of game end and their words (variants.h): one table for every layer that writes
 * an end, so a new kind or a new row's wording is one entry. */
#include <stdio.h>

#include "variants.h"

const EndKind END_KINDS[END_KIND_COUNT] = {
    [END_NONE] = {.termination = "", .words = "game not over", .brief = "", .comment = "draw"},
    [END_MATE] = {.termination = "mate", .words = "%s is mated", .brief = "%s mates", .comment = "%s is mated",
                  .mated = true},
    [END_DUAL_KING] = {.termination = "dual king", .words = "dual king: only the two kings are left, both sides lose",
                       .brief = "dual king", .comment = "only the kings are left: both lose"},
    [END_STALEMATE] = {.termination = "stalemate", .words = "stalemate", .brief = "stalemate", .comment = "stalemate"},
    [END_REPETITION] = {.termination = "repetition", .words = "threefold repetition", .brief = "threefold repetition",
                        .comment = "third repetition"},
    [END_FIFTY] = {.termination = "fifty turns", .words = "fifty-turn rule", .brief = "fifty-turn rule",
                   .comment = "fifty turns without a capture or pawn move"},
    [END_MATERIAL] = {.termination = "insufficient material", .words = "insufficient material",
                      .brief = "insufficient material", .comment = "insufficient material"},
    /* A row's own end (its rules row's gameEnd): the row words it (endText) and cites its rule. */
    [END_OWN_RULE] = {.termination = "variant rule", .words = "%s loses by the variant's own rule",
                      .brief = "%s wins by the variant's own rule", .comment = "%s loses by the variant's own rule",
                      .mated = true},
};

static const char *const COLOUR[2] = {"white", "black"};
static const char *const COLOUR_CAP[2] = {"White", "Black"};

static int kind_of(const GameEnd *e) { return e->reason > END_NONE && e->reason < END_KIND_COUNT ? e->reason : END_NONE; }

/* The row's wording of field `words` or `comment`, else the table's. */
static const char *text_of(const Variant *v, int kind, bool comment) {
    const EndText *t = v->endText ? &v->endText[kind] : NULL;
    const char *own = t ? (comment ? t->comment : t->words) : NULL;
    return own ? own : comment ? END_KINDS[kind].comment : END_KINDS[kind].words;
}

/* The mated side (the winner's opponent) for a "%s", or "" where the end names no side. */
static const char *loser(const GameEnd *e, const char *const names[2]) {
    return e->winner == WHITE || e->winner == BLACK ? names[e->winner ^ 1] : "";
}

const char *variant_end_rule(const Variant *v, int reason) {
    const char *const *rules = v->endRules ? v->endRules : v->rules ? v->rules->endRules : NULL;
    const char *rule = rules && reason > END_NONE && reason < END_KIND_COUNT ? rules[reason] : NULL;
    return rule ? rule : "";
}

void variant_end_words(const Variant *v, const GameEnd *e, char *buf, size_t len) {
    int k = kind_of(e);
    char words[128];
    snprintf(words, sizeof words, text_of(v, k, false), loser(e, COLOUR));
    const char *rule = variant_end_rule(v, k);
    if (k == END_NONE || !*rule)
        snprintf(buf, len, "%s", words);
    else
        snprintf(buf, len, "%s (%s)", words, rule);
}

void variant_end_brief(const Variant *v, const GameEnd *e, char *buf, size_t len) {
    int k = kind_of(e);
    char brief[64];
    snprintf(brief, sizeof brief, END_KINDS[k].brief, e->winner == WHITE || e->winner == BLACK ? COLOUR[e->winner] : "");
    snprintf(buf, len, "(%s, %s)", brief, variant_end_rule(v, k));
}

void variant_end_comment(const Variant *v, const GameEnd *e, char *buf, size_t len) {
    snprintf(buf, len, text_of(v, kind_of(e), true), loser(e, COLOUR_CAP));
}

const char *end_result(const GameEnd *e) {
    switch (e->winner) {
    case WHITE: return "1-0";
    case BLACK: return "0-1";
    case RESULT_BOTH_LOSE: return "0-0";
    default: return "1/2-1/2";
    }
}
