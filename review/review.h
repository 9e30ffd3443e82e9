/* Reviewing a game (issue 42 item 6; docs/players/review.md): every decision of a record scored
 * by a search at a fixed budget, the drop in the decider's winning chances that each decision
 * cost, and the marks of lichess's game review (inaccuracy ?!, mistake ?, blunder ??) with the
 * better decision. qecreview (review/main.c) annotates whole files with it; the web board does
 * the same in web/static/review.js with the same model and thresholds. */
#ifndef QEC_REVIEW_H
#define QEC_REVIEW_H

#include <stdbool.h>

#include "../record/record.h"
#include "../search/game_search.h"

/* A score from one side's view: centipawns, or a mate (`mate` turns to it, counted as UCI's
 * `mate N`: moves in the classical variants, turns in QEC; 0 when the game has just ended). */
typedef struct {
    bool isMate;
    bool wins;  /* isMate: this side mates (else it is mated) */
    int mate;   /* isMate: turns to the mate, >= 0 */
    int cp;     /* !isMate: centipawns */
} ReviewScore;

/* The model of winning chances (review/model.c): variant v's fitted win/draw/loss model. */
/* The side's W, D, L per mille at a score, as UCI_ShowWDL prints them (a mate: 1000 0 0 or
 * 0 0 1000). */
void review_wdl(const Variant *v, const ReviewScore *s, int wdl[3]);
/* The side's winning chances in [-1, 1] (-1 lost, 0 even, 1 won): (W - L) / 1000, i.e. twice
 * its expected score (W + D/2) less one. */
double review_chances(const Variant *v, const ReviewScore *s);
enum { JUDGE_NONE, JUDGE_INACCURACY, JUDGE_MISTAKE, JUDGE_BLUNDER };
/* The judgement of a decision whose decider's chances went from `before` (the best decision's)
 * to `after` (the played one's). */
int review_judge(double before, double after);
/* "?!", "?", "??" or "" for a JUDGE_*; "Inaccuracy", "Mistake", "Blunder" or "". */
const char *review_mark(int judge);
const char *review_judge_name(int judge);
/* A score as [%eval] writes it: pawns with two decimals ("0.35", "-1.20"), "#3" / "#-3" for
 * mates, "#+0" / "#-0" for a game just ended by mate. */
void review_eval_text(const ReviewScore *s, char *buf, size_t len);
/* The same score from the other side's view. */
ReviewScore review_flip(ReviewScore s);

/* One decision of a reviewed game. */
typedef struct {
    int decider;        /* WHITE or BLACK */
    int options;        /* legal decisions the decider had (1: forced, never judged) */
    ReviewScore best;   /* the position before, for the decider, from the search */
    ReviewScore played; /* the position after the decision, for the decider */
    ReviewScore white;  /* the position after, for White: the [%eval] of the decision */
    int judge;          /* JUDGE_* */
    bool bestDiffers;   /* the search's best decision is not the one played */
    char bestText[48];  /* the search's best decision for people (short form; schroedinger's
                           long form; the token where neither can be written) */
    char bestToken[16]; /* and as a token (R5.1, S4.1) */
} ReviewDecision;

/* The search and the budget of a review: one per thread that reviews. */
typedef struct {
    GameSearch *search; /* every row's (search/game_search.h) */
    SearchLimits lim;
    SearchOptions opt;
} Reviewer;

/* Searches made with opt (threads, hash) and a limit per decision (nodes or depth). false if
 * memory is short. */
bool reviewer_init(Reviewer *r, uint64_t nodes, int depth, int hashMiB);
void reviewer_free(Reviewer *r);

/* Reviews game g into out[0..g->ndec). step(ctx, done) is called after each position is
 * searched (done positions of g->ndec + 1); when it returns false the review stops. Returns 1
 * when the whole game is reviewed, 0 when step stopped it, -1 when the game does not replay
 * (err says why). */
int review_game(Reviewer *r, const PgnGame *g, ReviewDecision *out, bool (*step)(void *ctx, int done), void *ctx,
                char *err, size_t errlen);

/* The note (record.h) of decision d: its mark and its comment: `[%eval E]`, then at a mark
 * `(B -> A) Blunder. Nf3 was best.` (B, A: the evals before and after, for White). */
void review_note(const ReviewDecision *d, PgnNote *note);

#endif
