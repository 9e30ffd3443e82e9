/* The session's selfplay (session/session.h): one game of the engine against itself from the
 * start position, reported turn by turn in R5.2 tokens (replayable) and in the seed's long
 * notation (docs/players/notation.md), then the result and final FEN; uci/selfplay.c prints
 * them. */
#include <stdlib.h>
#include <string.h>

#include "session.h"

/* One game from the Board's root, turn by turn, every row through the Board: a turn is the
 * decisions up to the next base move (R5.2; one move in the worlds family, S2.1). Each
 * decision is read back from its token before it is played, so a search bug shows as an error
 * line. */
static bool selfplay_game(GameSearch *s, Board *game, int64_t movetime, int64_t maxTurns, const SelfplayReport *rep) {
    char line[64], tok[6], links[256];
    int turns = 0;
    uint64_t played = 0;
    GameEnd e;
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.movetime = movetime;
    lim.time[WHITE] = lim.time[BLACK] = -1;
    board_links_text(game, links, sizeof links);
    rep->links(rep->ctx, links);
    while (!board_game_end(game, &e) && turns < maxTurns) {
        int side = board_decider(game), number = board_turn_number(game);
        size_t used = (size_t)snprintf(line, sizeof line, "%d%s ", number, side == WHITE ? "." : "...");
        do {
            int phase = board_phase(game);
            /* the seed (played + 1) varies the worlds family's random policy from move to move */
            Move m = game_search_run(s, game, &lim, played + 1, NULL);
            board_token(game, m, tok);
            if (m == MOVE_NONE || board_parse(game, tok) != m) {
                char text[96];
                snprintf(text, sizeof text, "selfplay: the search returned '%s', not a legal %s", tok,
                         board_decision_word(game));
                rep->error(rep->ctx, text);
                return false;
            }
            used += (size_t)snprintf(line + used, sizeof line - used, phase == PHASE_FORCED ? "[%s]"
                                                                      : phase == PHASE_REACT ? "<%s>"
                                                                                             : "%s",
                                     tok);
            board_do(game, m);
            played++;
        } while (board_phase(game) == PHASE_FORCED || board_phase(game) == PHASE_REACT);
        char text[sizeof line + 2 * BOARD_TURN_TEXT_MAX];
        board_turn_line(game, line, text, sizeof text); /* R5.2 tokens (replayable), then the seed's form */
        rep->turn(rep->ctx, text);
        turns++;
    }
    char words[128], fen[128];
    board_fen(game, fen, sizeof fen);
    bool over = board_game_end(game, &e);
    if (over)
        board_end_brief(game, &e, words, sizeof words);
    rep->end(rep->ctx, over ? &e : NULL, over ? words : "", fen);
    return true;
}

bool session_selfplay(Session *s, int64_t movetime, int64_t maxTurns, const EntMap *map, const SelfplayReport *rep) {
    char err[256], text[300];
    bool ok = false;
    /* The game's root through a Board (variants/board.h), as `position startpos` sets it: the
     * row's start position with the map in a row with links. */
    Board game = {.pos = malloc(sizeof(Position))};
    if (!game.pos) {
        rep->error(rep->ctx, "selfplay: out of memory");
        return false;
    }
    if (!board_set_fen(&game, s->opt.variant, NULL, err, sizeof err) || !board_apply_map(&game, map, err, sizeof err)) {
        snprintf(text, sizeof text, "selfplay: %s", err);
        rep->error(rep->ctx, text);
    } else if (!session_search(s, &game))
        rep->error(rep->ctx, "out of memory: no search");
    else {
        session_join(s);
        game_search_clear(s->search);
        ok = selfplay_game(s->search, &game, movetime, maxTurns, rep);
    }
    board_close(&game);
    free(game.pos);
    return ok;
}
