/* `openings` in schroedinger (issue 11, 14): a balanced book of move lists. A position is the
 * start position and its moves (S4.2), so a line is `startpos moves <tokens>` (qecmatch's
 * -openings file= form for this variant; the form of tests/data/schroedinger-perft-public.epd).
 * Candidate n is `plies` random legal moves from the start (SplitMix64 of the seed); it is kept
 * only if the game is not over (S3), neither side can force mate (S3.2) within `depth` of its
 * own moves (exact: every move tried, every reply answered), a shallow search (BALANCE_PLIES,
 * search/hsc_search.h, cleared before each candidate so the book does not depend on their
 * order) scores it within ±window cp for the side to move, and its key (board and the set of
 * consistent worlds, hsc_key) is new. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

enum { BALANCE_PLIES = 4 };

/* No mate score, and the score within ±window cp (side to move), after BALANCE_PLIES. */
static bool balanced(Uci *u, const Board *b, int window) {
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.depth = BALANCE_PLIES;
    lim.time[WHITE] = lim.time[BLACK] = -1;
    SearchInfo info;
    memset(&info, 0, sizeof info);
    game_search_clear(u->session->search);
    game_search_run(u->session->search, b, &lim, 1, &info);
    return !score_is_mate(info.score) && abs(info.score) <= window;
}

static bool mates_within(HscPos *p, int n);

/* The side to move loses by force: every legal move lets the other side mate within n of its
 * own moves. False when it has no move (the game is over, not lost to a forced line). */
static bool loses_within(HscPos *p, int n) {
    Move list[HSC_MAX_MOVES];
    int k = hsc_gen_legal(p, list);
    for (int i = 0; i < k; i++) {
        hsc_do_move(p, list[i]);
        bool lost = hsc_result(p) == HSC_ONGOING && mates_within(p, n);
        hsc_undo_move(p);
        if (!lost)
            return false;
    }
    return k > 0;
}

/* The side to move can force mate (S3.2: no legal move, in check in every world) within n of
 * its own moves. */
static bool mates_within(HscPos *p, int n) {
    Move list[HSC_MAX_MOVES];
    int k = hsc_gen_legal(p, list);
    for (int i = 0; i < k; i++) {
        hsc_do_move(p, list[i]);
        int r = hsc_result(p);
        bool won = r == HSC_CHECKMATE || (r == HSC_ONGOING && n > 1 && loses_within(p, n - 1));
        hsc_undo_move(p);
        if (won)
            return true;
    }
    return false;
}

/* Candidate `plies` random moves from the start; false if the game ended on the way. */
static bool random_line(HscPos *p, int plies, uint64_t *rng) {
    hsc_pos_reset(p);
    for (int i = 0; i < plies; i++) {
        Move list[HSC_MAX_MOVES];
        int k = hsc_gen_legal(p, list);
        if (!k)
            return false;
        hsc_do_move(p, list[splitmix64_next(rng) % (uint64_t)k]);
        if (hsc_result(p) != HSC_ONGOING)
            return false;
    }
    return true;
}

/* `startpos moves t1 t2 …` of the line on p's stack. */
static void print_line(Uci *u, const Board *b) {
    const HscPos *p = &b->hsc;
    char line[16 + 6 * 256];
    size_t n = (size_t)snprintf(line, sizeof line, "startpos%s", p->top ? " moves" : "");
    for (int i = 1; i <= p->top && n + 7 < sizeof line; i++) {
        char tok[6];
        board_token(b, p->stack[i].move, tok);
        n += (size_t)snprintf(line + n, sizeof line - n, " %s", tok);
    }
    uci_printf(u, "%s", line);
}

/* The worlds family's candidates: `plies` random moves from the start (n is not used: no map). */
typedef struct {
    Uci *u;
    Board b; /* its worlds-family position b.hsc: the candidate */
    int plies, window, depth;
} HscOpenings;

static bool hsc_candidate(void *ctx, uint64_t n, uint64_t *rng) {
    HscOpenings *c = ctx;
    return random_line(&c->b.hsc, c->plies, rng);
}

static bool hsc_balanced(void *ctx) {
    HscOpenings *c = ctx;
    return !mates_within(&c->b.hsc, c->depth) && !loses_within(&c->b.hsc, c->depth) && balanced(c->u, &c->b, c->window);
}

static Key hsc_candidate_key(void *ctx) { return hsc_key(&((HscOpenings *)ctx)->b.hsc); }

static void hsc_print(Uci *u, void *ctx) { print_line(u, &((HscOpenings *)ctx)->b); }

static const OpeningsFamily HSC_OPENINGS = {hsc_candidate, hsc_balanced, hsc_candidate_key, hsc_print};

void hsc_openings(Uci *u, int count, int plies, int window, uint64_t seed, int depth) {
    HscOpenings ctx = {u, {.variant = u->session->opt.variant}, plies, window, depth};
    if (!uci_search(u, &ctx.b) || !hsc_pos_init(&ctx.b.hsc)) {
        uci_error(u, "openings: out of memory");
        return;
    }
    uci_join_search(u);
    SearchOptions so = uci_fixed_search_options(u, u->session->opt.hash, 1);
    game_search_set_options(u->session->search, &so);
    char why[96];
    snprintf(why, sizeof why, "a forced mate within %d move%s or |score| > %d cp", depth, depth == 1 ? "" : "s", window);
    openings_run(u, &HSC_OPENINGS, &ctx, count, seed, why);
    hsc_pos_free(&ctx.b.hsc);
    options_apply(u); /* back to the user's options */
}
