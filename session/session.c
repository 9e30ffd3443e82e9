/* The session's lifetime and its search object (session/session.h). */
#include <stdlib.h>

#include "session.h"
#include "options.h"

Session *session_new(void) {
    Session *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    pthread_mutex_init(&s->lock, NULL);
    s->board.pos = malloc(sizeof(Position));
    s->building.pos = malloc(sizeof(Position));
    s->searchRoot.pos = malloc(sizeof(Position));
    session_options_init(&s->opt);
    s->board.variant = s->building.variant = s->opt.variant;
    book_init(&s->book);
    char err[256];
    bool boardsOk = board_init(&s->board);
    boardsOk = board_init(&s->building) && boardsOk;
    entmap_default(&s->map);
    s->goodMap = s->map;
    /* Both Boards' Positions hold a position from the start: a worlds row swaps them in and
     * out untouched, and whatever reads `board.pos` (a held bestmove, the fuzzer's check) may
     * do so in any row. */
    if (!boardsOk || !s->board.pos || !s->building.pos || !s->searchRoot.pos || !s->opt.entMap ||
        !s->opt.entMapFile || !s->opt.bookFile || !s->opt.evalFile ||
        !board_set_fen(&s->board, s->opt.variant, NULL, err, sizeof err) ||
        !board_apply_map(&s->board, &s->map, err, sizeof err) ||
        !board_set_fen(&s->building, s->opt.variant, NULL, err, sizeof err)) {
        session_free(s);
        return NULL;
    }
    return s;
}

bool session_start_in(Session *s, const char *variant) {
    const Variant *v = variant_named(variant);
    char err[256];
    if (!v)
        return false;
    /* As if UCI_Variant were set first, with the row's start position on the board for the
     * shell's one command; `uci` lists it as UCI_Variant's default. */
    s->opt.variant = s->opt.startVariant = v;
    return board_set_fen(&s->board, v, NULL, err, sizeof err) && board_apply_map(&s->board, &s->map, err, sizeof err);
}

void session_free(Session *s) {
    if (!s)
        return;
    session_join(s);
    game_search_free(s->search);
    board_close(&s->searchRoot); /* safe whether or not a search made it */
    board_close(&s->board);
    board_close(&s->building);
    free(s->board.pos);
    free(s->building.pos);
    free(s->searchRoot.pos);
    book_free(&s->book);
    free(s->netData); /* EvalFile's net: after the search that read it is freed */
    session_options_free(&s->opt);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

GameSearch *session_search(Session *s, const Board *b) {
    if (!s->search && (s->search = game_search_new()))
        game_search_set_poll(s->search, s->poll, s->pollCtx);
    if (!s->search || (b && !game_search_ready(s->search, b)))
        return NULL;
    return s->search;
}

void session_set_poll(Session *s, void (*poll)(void *ctx, bool waiting), void *ctx) {
    s->poll = poll;
    s->pollCtx = ctx;
    if (s->search)
        game_search_set_poll(s->search, poll, ctx);
}

void session_join(Session *s) {
    if (s->search)
        game_search_wait(s->search);
}

bool session_parse_int64(const char *s, int64_t lo, int64_t hi, int64_t *out) {
    const char *p = s;
    bool neg = *p == '-';
    if (*p == '-' || *p == '+')
        p++;
    if (!*p)
        return false;
    uint64_t v = 0;
    for (; *p; p++) {
        if (*p < '0' || *p > '9')
            return false;
        if (v > (UINT64_MAX - 9) / 10)
            return false;
        v = v * 10 + (uint64_t)(*p - '0');
        if (v > (uint64_t)INT64_MAX)
            return false;
    }
    int64_t x = neg ? -(int64_t)v : (int64_t)v;
    if (x < lo || x > hi)
        return false;
    *out = x;
    return true;
}
