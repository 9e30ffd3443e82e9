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
static bool balanced(Uci *u, const HscPos *p, int window) {
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.depth = BALANCE_PLIES;
    lim.time[WHITE] = lim.time[BLACK] = -1;
    SearchOptions so = {u->opt.hash, 1, 1, u->opt.moveOverhead, POLICY_SEARCH, !u->opt.useNNUE};
    SearchInfo info;
    memset(&info, 0, sizeof info);
    hsc_search_clear(u->hgo);
    hsc_search_run(u->hgo, p, &lim, &so, 1, &info);
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

static bool seen(const Key *keys, int n, Key k) {
    for (int i = 0; i < n; i++)
        if (keys[i] == k)
            return true;
    return false;
}

/* `startpos moves t1 t2 …` of the line on p's stack. */
static void print_line(Uci *u, const HscPos *p) {
    char line[16 + 6 * 256];
    size_t n = (size_t)snprintf(line, sizeof line, "startpos%s", p->top ? " moves" : "");
    for (int i = 1; i <= p->top && n + 7 < sizeof line; i++) {
        char tok[6];
        hsc_tok(p->stack[i].move, tok);
        n += (size_t)snprintf(line + n, sizeof line - n, " %s", tok);
    }
    uci_printf(u, "%s", line);
}

void hsc_openings(Uci *u, int count, int plies, int window, uint64_t seed, int depth) {
    HscPos p;
    Key *keys = malloc(sizeof *keys * (size_t)count);
    if (!keys || !uci_hsc_search(u) || !hsc_pos_init(&p)) {
        free(keys);
        uci_error(u, "openings: out of memory");
        return;
    }
    uci_join_search(u);
    uint64_t rng = seed, tried = 0, over = 0, decided = 0, dup = 0, maxTries = (uint64_t)count * 100;
    int kept = 0;
    while (kept < count && tried < maxTries) {
        tried++;
        if (!random_line(&p, plies, &rng)) {
            over++;
            continue;
        }
        if (mates_within(&p, depth) || loses_within(&p, depth) || !balanced(u, &p, window)) {
            decided++;
            continue;
        }
        Key k = hsc_key(&p);
        if (seen(keys, kept, k)) {
            dup++;
            continue;
        }
        keys[kept++] = k;
        print_line(u, &p);
    }
    uci_printf(u, "info string openings: kept %d of %llu (game over %llu, a forced mate within %d move%s or |score| > %d "
                  "cp: %llu, repeated %llu)",
               kept, (unsigned long long)tried, (unsigned long long)over, depth,
               depth == 1 ? "" : "s", window, (unsigned long long)decided, (unsigned long long)dup);
    hsc_pos_free(&p);
    free(keys);
}
