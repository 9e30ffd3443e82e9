/* Reviewing one game (review.h): replay it on a Board, search the position before every
 * decision at the reviewer's budget, and judge each decision by what it cost its decider. */
#include <stdlib.h>
#include <string.h>

#include "../engine/notation.h"
#include "../variants/board.h"
#include "review.h"

bool reviewer_init(Reviewer *r, uint64_t nodes, int depth, int hashMiB) {
    memset(r, 0, sizeof *r);
    r->lim.nodes = nodes;
    r->lim.depth = depth;
    r->lim.time[WHITE] = r->lim.time[BLACK] = -1;
    /* One thread: the same record and budget give the same review. */
    r->opt.threads = 1;
    r->opt.multiPV = 1;
    r->opt.hashMiB = hashMiB;
    r->search = game_search_new(); /* each family's search is made at its first game */
    if (!r->search)
        return false;
    game_search_set_options(r->search, &r->opt);
    return true;
}

void reviewer_free(Reviewer *r) {
    game_search_free(r->search);
    r->search = NULL;
}

/* The score of a search for the root's decider. A mate the search did not count in turns
 * (QEC's Position tree may leave mateTurns 0) is counted as uci/go.c does past a line's end:
 * two decisions a turn. */
static ReviewScore search_score(const SearchInfo *info, bool classical) {
    ReviewScore s = {0};
    if (!score_is_mate(info->score)) {
        s.cp = info->score;
        return s;
    }
    s.isMate = true;
    s.wins = info->score > 0;
    int turns = info->mateTurns ? abs(info->mateTurns)
                : classical     ? abs(score_mate_moves(info->score))
                                : (SCORE_MATE - abs(info->score) + 1) / 2;
    s.mate = turns;
    return s;
}

/* The ended game's score for `side`: a mate (R4.1, S3.2) won or lost now, a draw 0, a
 * dual-king end (R4.2: both lose) 0 too, since neither side gets more from it. */
static ReviewScore end_score(const GameEnd *end, int side) {
    ReviewScore s = {0};
    if (end->winner == WHITE || end->winner == BLACK) {
        s.isMate = true;
        s.wins = end->winner == side;
    }
    return s;
}

/* Searches the decision at hand: its score for the decider and the best decision. */
static Move search_here(Reviewer *r, Board *b, ReviewScore *score) {
    SearchInfo info;
    memset(&info, 0, sizeof info);
    Move m = game_search_run(r->search, b, &r->lim, 1, &info);
    *score = search_score(&info, variant_classical_turns(b->variant));
    return m;
}

/* The best decision for people: the short form (`Nf3`, `[↔ Rh7]`, `<Ke2>`), schroedinger's
 * long form (`Mb1-c3`), or the token where neither can be written. */
static void best_text(Board *b, Move m, ReviewDecision *d) {
    char text[NOTATION_TURN_MAX];
    board_token(b, m, d->bestToken);
    if (!board_decision_text(b, m, text, sizeof text))
        snprintf(text, sizeof text, "%s", d->bestToken);
    int phase = board_phase(b);
    snprintf(d->bestText, sizeof d->bestText, phase == PHASE_FORCED  ? "[↔ %s]"
                                              : phase == PHASE_REACT ? "<%s>"
                                                                     : "%s",
             text);
}

int review_game(Reviewer *r, const PgnGame *g, ReviewDecision *out, bool (*step)(void *ctx, int done), void *ctx,
                char *err, size_t errlen) {
    Board b;
    memset(&b, 0, sizeof b);
    Position *scratch = malloc(sizeof *scratch);
    int rc = -1;
    if (!scratch) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (!board_open(&b, g->variant, scratch, g->fen[0] ? g->fen : NULL, g->entmap[0] ? g->entmap : NULL, err,
                    errlen))
        goto done;
    /* One game's searches start afresh: a review does not depend on the games before it. */
    game_search_clear(r->search);
    ReviewScore here = {0};
    Move best = MOVE_NONE;
    GameEnd end;
    bool over = board_game_end(&b, &end);
    if (!over)
        best = search_here(r, &b, &here);
    if (step && !step(ctx, 1)) {
        rc = 0;
        goto done;
    }
    for (int i = 0; i < g->ndec; i++) {
        ReviewDecision *d = &out[i];
        const PgnDecision *pd = &g->dec[i];
        Move list[MAX_MOVES];
        memset(d, 0, sizeof *d);
        Move m = over || board_phase(&b) != pd->phase ? MOVE_NONE : board_parse(&b, pd->tok);
        if (m == MOVE_NONE) {
            snprintf(err, errlen, "decision %d (%s) does not replay%s", i + 1, pd->tok,
                     over ? ": the game has ended" : "");
            goto done;
        }
        d->decider = board_decider(&b);
        d->options = board_options(&b, list);
        d->best = here;
        d->bestDiffers = best != MOVE_NONE && best != m;
        if (best != MOVE_NONE)
            best_text(&b, best, d);
        board_do(&b, m);
        over = board_game_end(&b, &end);
        int next = board_decider(&b);
        if (over)
            here = end_score(&end, next);
        else
            best = search_here(r, &b, &here);
        d->played = next == d->decider ? here : review_flip(here);
        d->white = next == WHITE ? here : review_flip(here);
        if (d->options > 1 && d->bestDiffers)
            d->judge = review_judge(review_chances(b.variant, &d->best), review_chances(b.variant, &d->played));
        if (step && !step(ctx, i + 2)) {
            rc = 0;
            goto done;
        }
    }
    rc = 1;
done:
    board_close(&b);
    free(scratch);
    return rc;
}

void review_note(const ReviewDecision *d, PgnNote *note) {
    char after[16];
    review_eval_text(&d->white, after, sizeof after);
    snprintf(note->mark, sizeof note->mark, "%s", review_mark(d->judge));
    if (d->judge == JUDGE_NONE) {
        snprintf(note->comment, sizeof note->comment, "[%%eval %s]", after);
        return;
    }
    /* The eval before, for White: the best decision's score for the decider. */
    ReviewScore before = d->decider == WHITE ? d->best : review_flip(d->best);
    char was[16];
    review_eval_text(&before, was, sizeof was);
    snprintf(note->comment, sizeof note->comment, "[%%eval %s] (%s -> %s) %s. %s was best.", after, was, after,
             review_judge_name(d->judge), d->bestText);
}
