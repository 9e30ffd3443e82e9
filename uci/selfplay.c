/* `selfplay [movetime] [maxturns] [map]`: one game of the engine against itself from the
 * start position, written turn by turn in R5.2 tokens (replayable) and in the seed's long
 * notation (docs/players/notation.md), then the result and final FEN. */
#include <stdlib.h>
#include <string.h>

#include "../engine/notation.h"
#include "../engine/variant.h"
#include "internal.h"

static void print_links(Uci *u, const Position *p) {
    char text[256];
    entmap_text(p, text, sizeof text);
    uci_printf(u, "Links: %s", text);
}

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

static void play(Uci *u, Board *game, int64_t movetime, int64_t maxTurns) {
    Position *p = game->pos;
    char line[64], tok[6];
    int turns = 0;
    GameEnd e;
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.movetime = movetime;
    lim.time[WHITE] = lim.time[BLACK] = -1;
    while (!pos_game_end(p, &e) && turns < maxTurns) {
        int side = pos_turn(p), number = pos_state(p)->fullmove;
        size_t used = (size_t)snprintf(line, sizeof line, "%d%s ", number, side == WHITE ? "." : "...");
        do {
            int phase = pos_phase(p);
            Move m = game_search_run(u->session->search, game, &lim, 0, NULL);
            if (pos_parse_decision(p, (move_to_uci_variant(m, p->variant, tok), tok)) == MOVE_NONE) {
                uci_error(u, "selfplay: the search returned '%s', not a legal decision", tok);
                return;
            }
            used += (size_t)snprintf(line + used, sizeof line - used, phase == PHASE_FORCED ? "[%s]"
                                                                      : phase == PHASE_REACT ? "<%s>"
                                                                                             : "%s",
                                     tok);
            pos_do(p, m);
            pos_compact(p);
        } while (pos_phase(p) == PHASE_FORCED || pos_phase(p) == PHASE_REACT);
        char human[NOTATION_TURN_MAX * 2];
        if (!notation_format_last_turn(p, NOTATION_LONG, human, sizeof human))
            human[0] = 0;
        uci_printf(u, "%-28s %s", line, human); /* R5.2 tokens (replayable), then the seed's form */
        turns++;
    }
    char words[64], fen[128];
    pos_fen(p, fen, sizeof fen);
    if (pos_game_end(p, &e)) {
        variant_end_brief(variant_of_position(p), &e, words, sizeof words);
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
     * row's start position with the map in a row with links. The turn loop is the family's. */
    Board game = {.pos = malloc(sizeof(Position))};
    if (!game.pos) {
        uci_error(u, "selfplay: out of memory");
        return;
    }
    if (!board_set_fen(&game, u->session->opt.variant, NULL, err, sizeof err) || !board_apply_map(&game, &map, err, sizeof err))
        uci_error(u, "selfplay: %s", err);
    else if (uci_search(u, &game)) { /* else out of memory, said */
        uci_join_search(u);
        if (game.variant->worlds)
            hsc_selfplay(u, &game, movetime, maxTurns);
        else {
            game_search_clear(u->session->search);
            print_links(u, game.pos);
            play(u, &game, movetime, maxTurns);
        }
    }
    board_close(&game);
    free(game.pos);
}
