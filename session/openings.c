/* The session's openings (session/session.h): a balanced opening book made by the engine
 * itself, in the manner of variant engines' book makers, for every row through the Board
 * (variants/board.h); uci/openings.c prints it. Each candidate is the start position under the
 * map `random <n>` (QEC; no links in the other variants) followed by `turns` random whole turns
 * (a move each in the worlds family, S2.1); it is kept only if the game is not over, no side can
 * force mate before both players have decided, it scores within ±window cp for the side to
 * move, and its full key (board, links, turn; the set of consistent worlds, S1.2) is new. Lines
 * are what qecmatch's -openings file= reads: `<FEN>; links <pairs|none>`, or in a row whose
 * games start at the start position only (S4.2) the move list `startpos moves …`.
 * The mate test is a search of `depth` turns, or in a row with openingsMateExact an
 * exact check of `depth` (1 or 2, default 1) own moves, every move tried and every reply
 * answered, before a search of BALANCE_PLIES (cleared before each candidate, so the book does
 * not depend on their order). */
#include <stdlib.h>
#include <string.h>

#include "options.h"

enum {
    BALANCE_PLIES = 4,  /* the search after the exact mate check (openingsMateExact) */
    MAX_LINE = 3 * 200, /* decisions of a candidate: 200 turns of at most three (R5.2) */
};

typedef struct {
    int64_t count, turns, window, seed, depth;
} OpeningsArgs;

/* The candidate being tried: its Board and the decisions from the start that made it. */
typedef struct {
    const OpeningsArgs *a;
    bool exact; /* the exact mate check of `depth` own moves, then a search of BALANCE_PLIES */
    Board b;
    Move line[MAX_LINE];
    int n;
} Candidate;

/* The start position under candidate n's map, then `turns` random whole turns. False if the
 * game ended on the way. */
static bool random_opening(Candidate *c, uint64_t n, uint64_t *rng) {
    char err[256], text[48];
    GameEnd e;
    snprintf(text, sizeof text, "random %llu", (unsigned long long)n);
    c->n = 0;
    if (!board_open(&c->b, c->b.variant, c->b.pos, NULL, text, err, sizeof err))
        return false;
    for (int t = 0; t < c->a->turns; t++) {
        do {
            Move list[MAX_MOVES];
            int k = board_legal(&c->b, list);
            if (k == 0)
                return false;
            Move m = list[splitmix64_next(rng) % (uint64_t)k];
            if (c->n == MAX_LINE || !board_try(&c->b, m))
                return false;
            c->line[c->n++] = m;
        } while (board_phase(&c->b) == PHASE_FORCED || board_phase(&c->b) == PHASE_REACT);
        if (board_phase(&c->b) == PHASE_OVER || board_game_end(&c->b, &e))
            return false;
    }
    return !board_game_end(&c->b, &e);
}

static bool mates_within(Board *b, int n);

/* The side to decide loses by force: every legal decision lets the other side mate within n
 * of its own. False when it has none (the game is over, not lost to a forced line). */
static bool loses_within(Board *b, int n) {
    Move list[MAX_MOVES];
    GameEnd e;
    int k = board_legal(b, list);
    for (int i = 0; i < k; i++) {
        if (!board_try(b, list[i]))
            return false;
        bool lost = !board_game_end(b, &e) && mates_within(b, n);
        board_undo(b);
        if (!lost)
            return false;
    }
    return k > 0;
}

/* The side to decide can force mate (S3.2: no legal move, in check in every world) within n of
 * its own decisions. */
static bool mates_within(Board *b, int n) {
    Move list[MAX_MOVES];
    GameEnd e;
    int k = board_legal(b, list), side = board_decider(b);
    for (int i = 0; i < k; i++) {
        if (!board_try(b, list[i]))
            continue;
        bool won = board_game_end(b, &e) ? e.winner == side : n > 1 && loses_within(b, n - 1);
        board_undo(b);
        if (won)
            return true;
    }
    return false;
}

/* Balanced: no mate for either side (the exact check, or the search's score), and |score| <=
 * window after a search of `depth` turns (BALANCE_PLIES after the exact check). */
static bool balanced(GameSearch *s, Candidate *c) {
    const OpeningsArgs *a = c->a;
    if (c->exact && (mates_within(&c->b, (int)a->depth) || loses_within(&c->b, (int)a->depth)))
        return false;
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.depth = c->exact ? BALANCE_PLIES : (int)a->depth;
    lim.time[WHITE] = lim.time[BLACK] = -1;
    SearchInfo info;
    memset(&info, 0, sizeof info);
    game_search_clear(s); /* so the book does not depend on the candidates' order */
    game_search_run(s, &c->b, &lim, 1, &info);
    return !score_is_mate(info.score) && abs(info.score) <= a->window;
}

/* `<FEN>; links <pairs|none>`, or `startpos moves t1 t2 …` in a row without FEN roots. */
static void report_opening(const OpeningsReport *rep, Candidate *c) {
    char line[16 + 6 * 256];
    if (c->b.variant->fen) {
        char fen[128], links[256];
        board_fen(&c->b, fen, sizeof fen);
        board_links_text(&c->b, links, sizeof links);
        snprintf(line, sizeof line, "%s; links %s", fen, links);
        rep->opening(rep->ctx, line);
        return;
    }
    size_t n = (size_t)snprintf(line, sizeof line, "startpos%s", c->n ? " moves" : "");
    for (int i = 0; i < c->n && n + 7 < sizeof line; i++) {
        char tok[6];
        board_token(&c->b, c->line[i], tok);
        n += (size_t)snprintf(line + n, sizeof line - n, " %s", tok);
    }
    rep->opening(rep->ctx, line);
}

static bool seen_before(const Key *keys, int n, Key k) {
    for (int i = 0; i < n; i++)
        if (keys[i] == k)
            return true;
    return false;
}

/* Tries candidates n = seed * 1000003 + i until `count` balanced lines with new keys are
 * reported (or 100 tries a line), then the tally; `decidedWhy` words the balance test. */
static bool openings_run(GameSearch *s, Candidate *c, const char *decidedWhy, const OpeningsReport *rep) {
    int count = (int)c->a->count;
    uint64_t seed = (uint64_t)c->a->seed;
    Key *keys = malloc(sizeof *keys * (size_t)count);
    if (!keys) {
        rep->error(rep->ctx, "openings: out of memory");
        return false;
    }
    OpeningsTally t = {.decidedWhy = decidedWhy};
    uint64_t rng = seed, maxTries = (uint64_t)count * 100;
    while (t.kept < count && t.tried < maxTries) {
        uint64_t n = seed * 1000003ULL + t.tried++;
        if (!random_opening(c, n, &rng)) {
            t.over++;
            continue;
        }
        if (!balanced(s, c)) {
            t.decided++;
            continue;
        }
        Key k = board_key(&c->b);
        if (seen_before(keys, t.kept, k)) {
            t.repeated++;
            continue;
        }
        keys[t.kept++] = k;
        report_opening(rep, c);
    }
    rep->tally(rep->ctx, &t);
    free(keys);
    return true;
}

bool session_openings(Session *s, int64_t count, int64_t turns, int64_t window, int64_t seed, int64_t depth,
                      const OpeningsReport *rep) {
    OpeningsArgs a = {count, turns, window, seed, depth};
    const Variant *v = s->opt.variant;
    bool exact = v->openingsMateExact;
    char why[120];
    if (exact && a.depth > 2) {
        snprintf(why, sizeof why, "openings depth: at most 2 in %s (the mate check there is exact, every line)",
                 v->name);
        rep->error(rep->ctx, why);
        return false;
    }
    if (a.depth == 0)
        a.depth = exact ? 1 : 4;
    Candidate *c = calloc(1, sizeof *c);
    Position *p = malloc(sizeof *p);
    if (!c || !p) {
        rep->error(rep->ctx, "openings: out of memory");
        free(c);
        free(p);
        return false;
    }
    *c = (Candidate){.a = &a, .exact = exact, .b = {.variant = v, .pos = p}};
    bool ok = false;
    session_join(s);
    GameSearch *gs = session_search(s, &c->b);
    if (!gs)
        rep->error(rep->ctx, "out of memory: no search");
    else {
        SearchOptions so = session_fixed_search_options(s, s->opt.hash, 1);
        game_search_set_options(gs, &so);
        if (exact)
            snprintf(why, sizeof why, "a forced mate within %lld move%s or |score| > %lld cp", (long long)a.depth,
                     a.depth == 1 ? "" : "s", (long long)a.window);
        else
            snprintf(why, sizeof why, "mate or |score| > %lld cp at depth %lld", (long long)a.window,
                     (long long)a.depth);
        ok = openings_run(gs, c, why, rep);
        if (!session_apply_options(s)) /* back to the user's options */
            rep->error(rep->ctx, "out of memory: no search");
        game_search_clear(gs);
    }
    board_close(&c->b);
    free(p);
    free(c);
    return ok;
}
