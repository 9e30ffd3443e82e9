/* `selfplay [movetime] [maxturns] [map]`: one game of the engine against itself from the
 * start position, written turn by turn in R5.2 tokens (replayable) and in the seed's long
 * notation (docs/players/notation.md), then the result and final FEN. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Arguments: up to two leading numbers, then the map text (default: the EntMap option). */
static bool parse_selfplay(Uci *u, const Words *ws, int64_t *movetime, int64_t *maxTurns, EntMap *map) {
    int i = 1;
    int64_t *num[2] = {movetime, maxTurns};
    static const int64_t HI[2] = {10000000, 100000};
    static const char *const NAME[2] = {"movetime", "maxturns"};
    for (int k = 0; k < 2 && i < ws->n && ws->w[i][0] >= '0' && ws->w[i][0] <= '9'; k++, i++)
        if (!parse_int64(ws->w[i], 1, HI[k], num[k])) {
            uci_error(u, "selfplay %s: '%.24s' is not a whole number from 1 to %lld", NAME[k], ws->w[i],
                      (long long)HI[k]);
            return false;
        }
    *map = u->session->map;
    char err[256];
    if (i < ws->n && !entmap_parse(words_rest(ws, i), map, err, sizeof err)) {
        uci_error(u, "selfplay: %s", err);
        return false;
    }
    return true;
}

/* One game from the Board's root, turn by turn, every row through the Board: a turn is the
 * decisions up to the next base move (R5.2; one move in the worlds family, S2.1). Each
 * decision is read back from its token before it is played, so a search bug shows as an error
 * line. */
static void play(Uci *u, Board *game, int64_t movetime, int64_t maxTurns) {
    char line[64], tok[6], links[256];
    int turns = 0;
    uint64_t played = 0;
    GameEnd e;
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.movetime = movetime;
    lim.time[WHITE] = lim.time[BLACK] = -1;
    board_links_text(game, links, sizeof links);
    uci_printf(u, "Links: %s", links);
    while (!board_game_end(game, &e) && turns < maxTurns) {
        int side = board_decider(game), number = board_turn_number(game);
        size_t used = (size_t)snprintf(line, sizeof line, "%d%s ", number, side == WHITE ? "." : "...");
        do {
            int phase = board_phase(game);
            /* the seed (played + 1) varies the worlds family's random policy from move to move */
            Move m = game_search_run(u->session->search, game, &lim, played + 1, NULL);
            board_token(game, m, tok);
            if (m == MOVE_NONE || board_parse(game, tok) != m) {
                uci_error(u, "selfplay: the search returned '%s', not a legal %s", tok, board_decision_word(game));
                return;
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
        uci_printf(u, "%s", text);
        turns++;
    }
    char words[128], fen[128];
    board_fen(game, fen, sizeof fen);
    if (board_game_end(game, &e)) {
        board_end_brief(game, &e, words, sizeof words);
        uci_printf(u, "Result: %s %s", end_result(&e), words);
    } else
        uci_printf(u, "Result: * (turn limit)");
    uci_printf(u, "Fen: %s", fen);
}

void cmd_selfplay(Uci *u, const Words *ws) {
    int64_t movetime = 100, maxTurns = 60;
    EntMap map;
    char err[256];
    if (uci_is_searching(u)) {
        uci_error(u, "selfplay: a search is running (send stop first)");
        return;
    }
    if (!parse_selfplay(u, ws, &movetime, &maxTurns, &map))
        return;
    /* The game's root through a Board (variants/board.h), as `position startpos` sets it: the
     * row's start position with the map in a row with links. */
    Board game = {.pos = malloc(sizeof(Position))};
    if (!game.pos) {
        uci_error(u, "selfplay: out of memory");
        return;
    }
    if (!board_set_fen(&game, u->session->opt.variant, NULL, err, sizeof err) || !board_apply_map(&game, &map, err, sizeof err))
        uci_error(u, "selfplay: %s", err);
    else if (uci_search(u, &game)) { /* else out of memory, said */
        uci_join_search(u);
        game_search_clear(u->session->search);
        play(u, &game, movetime, maxTurns);
    }
    board_close(&game);
    free(game.pos);
}
