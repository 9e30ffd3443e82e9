/* The session's `go`, stop and ponderhit (session/session.h): the answers that need no search
 * (game over, the book, one option), the background search with its reports turned into the
 * caller's callbacks, and the answer held for an infinite or ponder go (UCI: no bestmove
 * before stop or ponderhit). */
#include <stdlib.h>
#include <string.h>

#include "session.h"

/* ---- reports (on search threads) ---- */

/* UCI's `mate N` of a report, 0 for a cp score. It is in moves; for QEC the number of turns,
 * both sides counted, from the root's turn (1) to the turn in which the mate happens, negative
 * when the root decider is mated: every search family counts it along its own line
 * (SearchInfo.mateTurns, core.h's mate_turns), where the positions are at hand. */
static int report_mate(const SearchInfo *info) {
    if (!score_is_mate(info->score) || abs(info->score) > SCORE_MATE)
        return 0;
    return info->mateTurns ? info->mateTurns : score_mate_moves(info->score);
}

/* Search threads spell tokens in the row of the search (s->searchVariant): s->board may be
 * replaced by a `position` meanwhile. */
static void on_info(const SearchInfo *info, void *ctx) {
    Session *s = ctx;
    pthread_mutex_lock(&s->lock);
    s->report.info(s->report.ctx, info, report_mate(info), s->searchVariant);
    pthread_mutex_unlock(&s->lock);
}

static void on_bestmove(Move best, Move ponder, void *ctx) {
    Session *s = ctx;
    char a[6], b[6];
    pthread_mutex_lock(&s->lock);
    variant_token(s->searchVariant, best, a);
    variant_token(s->searchVariant, ponder, b);
    s->report.bestmove(s->report.ctx, a, ponder != MOVE_NONE ? b : NULL);
    s->searching = s->pondering = s->held = false;
    pthread_mutex_unlock(&s->lock);
}

/* ---- answers without a search ---- */

/* An infinite or ponder go must not answer before stop/ponderhit (UCI), even when the
 * answer is already known: hold it. */
static void answer_now(Session *s, Move m, const SearchLimits *lim) {
    char tok[6];
    if (lim->infinite || lim->ponder) {
        pthread_mutex_lock(&s->lock);
        s->searching = s->held = s->endless = true;
        s->pondering = lim->ponder;
        s->heldMove = m;
        pthread_mutex_unlock(&s->lock);
        return;
    }
    board_token(&s->board, m, tok);
    s->report.bestmove(s->report.ctx, tok, NULL);
}

/* searchmoves: each must be a legal decision at hand; duplicates are dropped. */
static bool resolve_searchmoves(Session *s, SearchLimits *lim, const char *const *words, int n, char *err,
                                size_t errlen) {
    for (int i = 0; i < n; i++) {
        char tok[8];
        const char *w = words[i];
        size_t len = strlen(w);
        Move m = MOVE_NONE;
        if (len == 4 || len == 5) {
            memcpy(tok, w, len + 1);
            if (len == 5 && tok[4] >= 'A' && tok[4] <= 'Z')
                tok[4] = (char)(tok[4] - 'A' + 'a');
            m = board_parse(&s->board, tok);
        }
        if (m == MOVE_NONE) {
            char what[96];
            board_phase_words(&s->board, what, sizeof what);
            snprintf(err, errlen, "go searchmoves: '%.24s' is not a legal decision here (%s)", w, what);
            return false;
        }
        bool dup = false;
        for (int j = 0; j < lim->nsearchmoves; j++)
            dup |= lim->searchmoves[j] == m;
        if (!dup)
            lim->searchmoves[lim->nsearchmoves++] = m;
    }
    return true;
}

/* ---- the search ---- */

/* The root is copied as a Board for the reports (mate distances and ShowTurns' lines read it
 * while the session's board may change). */
static bool start_search(Session *s, const SearchLimits *lim, char *err, size_t errlen) {
    SearchReport rep = {on_info, on_bestmove, s};
    session_join(s);
    GameSearch *g = session_search(s, &s->board);
    if (!g) {
        snprintf(err, errlen, "out of memory: no search");
        return false;
    }
    if (!(s->haveSearchRoot = board_copy(&s->searchRoot, &s->board)) && s->opt.showTurns)
        s->report.error(s->report.ctx, "ShowTurns: out of memory, no turns lines in this search");
    pthread_mutex_lock(&s->lock);
    s->searching = true;
    s->held = false;
    s->endless = lim->infinite || lim->ponder;
    s->pondering = lim->ponder;
    s->searchVariant = s->board.variant;
    pthread_mutex_unlock(&s->lock);
    if (!game_search_start(g, &s->board, lim, &rep)) {
        pthread_mutex_lock(&s->lock);
        s->searching = s->endless = s->pondering = false;
        pthread_mutex_unlock(&s->lock);
        snprintf(err, errlen, "go: cannot start the search (out of memory or threads)");
        return false;
    }
    return true;
}

bool session_go(Session *s, const SearchLimits *limits, const char *const *searchmoves, int nsm,
                const SessionReport *rep, char *err, size_t errlen) {
    GameEnd e;
    SearchLimits lim = *limits;
    if (session_searching(s, NULL)) {
        snprintf(err, errlen, "go: a search is already running (send stop first)");
        return false;
    }
    if (!s->havePosition) {
        snprintf(err, errlen, "go before position: send 'position startpos' or 'position fen …' first");
        return false;
    }
    s->report = *rep;
    const Variant *v = s->board.variant;
    if (s->opt.ownBook && s->book.n && !v->book) { /* book.h: the row's `book` flag */
        char why[200];
        snprintf(why, sizeof why, "OwnBook: no book in %s: book keys (board, links, turn) do not cover its "
                                  "positions; searching without it", v->name);
        rep->error(rep->ctx, why);
    }
    bool endless = lim.infinite || lim.ponder;
    if (board_game_end(&s->board, &e)) { /* game over: docs/gui/protocol.md, "go" */
        rep->gameOver(rep->ctx, &e);
        answer_now(s, MOVE_NONE, &lim);
        return true;
    }
    if (!resolve_searchmoves(s, &lim, searchmoves, nsm, err, errlen))
        return false;
    if (s->opt.ownBook && s->book.n && v->book && !endless && !lim.nsearchmoves &&
        book_turn(s->board.pos) < s->opt.bookDepth) {
        Move bm = book_choose(&s->book, s->board.pos, (uint64_t)s->opt.bookSeed);
        if (bm != MOVE_NONE) {
            char t[6];
            board_token(&s->board, bm, t);
            rep->book(rep->ctx, t);
            answer_now(s, bm, &lim); /* a timed go: answered now */
            return true;
        }
    }
    Move list[MAX_MOVES];
    int n = lim.nsearchmoves ? lim.nsearchmoves : board_options(&s->board, list);
    if (n == 1) {
        answer_now(s, lim.nsearchmoves ? lim.searchmoves[0] : list[0], &lim);
        return true;
    }
    return start_search(s, &lim, err, errlen);
}

/* ---- the running go ---- */

bool session_searching(Session *s, bool *endless) {
    pthread_mutex_lock(&s->lock);
    bool searching = s->searching;
    if (endless)
        *endless = s->searching && s->endless;
    pthread_mutex_unlock(&s->lock);
    return searching;
}

/* A held answer (infinite/ponder go with its bestmove already known), spelled as answer_now
 * would have. */
static bool release_held(Session *s, char tok[6]) {
    bool had = false;
    pthread_mutex_lock(&s->lock);
    if (s->held) {
        board_token(&s->board, s->heldMove, tok);
        s->held = s->searching = s->pondering = false;
        had = true;
    }
    pthread_mutex_unlock(&s->lock);
    return had;
}

bool session_stop(Session *s, char tok[6]) {
    if (release_held(s, tok))
        return true;
    if (!s->search)
        return false;
    if (session_searching(s, NULL))
        game_search_stop(s->search);
    game_search_wait(s->search);
    return false;
}

void session_halt(Session *s) {
    if (s->search)
        game_search_stop(s->search);
}

PonderhitResult session_ponderhit(Session *s, char tok[6]) {
    pthread_mutex_lock(&s->lock);
    bool pondering = s->pondering;
    s->pondering = false;
    pthread_mutex_unlock(&s->lock);
    if (!pondering)
        return PONDERHIT_NONE;
    if (release_held(s, tok))
        return PONDERHIT_HELD;
    if (s->search)
        game_search_ponderhit(s->search);
    return PONDERHIT_SEARCH;
}

void session_clear(Session *s) {
    session_join(s);
    if (s->search)
        game_search_clear(s->search);
}
