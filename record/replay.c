/* Replaying a game record (record.h) through the rules core: its root, then every decision,
 * each legal and of the kind the position asks for. */
#include <string.h>

#include "../engine/links.h"
#include "internal.h"

/* The game's root: FEN tag (start position when absent) and, in a variant with links, the
 * EntMap tag (the default map when absent). */
bool pgn_root_position(const PgnGame *g, Position *p, char *err, size_t errlen) {
    EntMap map;
    if (!variant_set_fen(g->variant, p, g->fen[0] ? g->fen : PGN_START_FEN, err, errlen))
        return false;
    return !variant_links(g->variant) ||
           (entmap_parse(g->entmap[0] ? g->entmap : "default", &map, err, errlen) &&
            entmap_apply(&map, p, err, errlen));
}

static const char *phase_name(int phase) {
    static const char *const NAMES[] = {"a base move", "a forced reply", "a reactive step", "the end of the game"};
    return phase >= 0 && phase <= PHASE_OVER ? NAMES[phase] : "?";
}

bool pgn_replay(const PgnGame *g, Position *p, char *err, size_t errlen) {
    if (!g->variant->rules) {
        snprintf(err, errlen, "a %s record replays on a Board (pgn_replay_board), not on a position", g->variant->name);
        return false;
    }
    if (!pgn_root_position(g, p, err, errlen))
        return false;
    for (int i = 0; i < g->ndec; i++) {
        const PgnDecision *d = &g->dec[i];
        GameEnd end;
        if (pos_game_end(p, &end)) {
            snprintf(err, errlen, "decision %d (%s) comes after the end of the game (%s)", i + 1, d->tok,
                     pgn_end_name(end.reason));
            return false;
        }
        if (pos_phase(p) != d->phase) {
            snprintf(err, errlen, "decision %d (%s) is written as %s but the game is at %s", i + 1, d->tok,
                     phase_name(d->phase), phase_name(pos_phase(p)));
            return false;
        }
        Move m = pos_parse_decision(p, d->tok);
        if (m == MOVE_NONE) {
            snprintf(err, errlen, "decision %d (%s) is illegal", i + 1, d->tok);
            return false;
        }
        pos_do(p, m);
        pos_compact(p);
    }
    return true;
}

/* A row whose games start at the start position only (its `fen` false, S4.2): a move list
 * played through the Board, each move legal and none after the end of the game. */
static bool replay_move_list(const PgnGame *g, Board *b, char *err, size_t errlen) {
    if (g->fen[0]) {
        snprintf(err, errlen, "a %s record has no FEN: it starts at the start position (S4.2)", g->variant->name);
        return false;
    }
    if (!board_set_fen(b, g->variant, NULL, err, errlen))
        return false;
    for (int i = 0; i < g->ndec; i++) {
        const char *tok = g->dec[i].tok;
        char why[256];
        GameEnd end;
        if (board_game_end(b, &end)) {
            snprintf(err, errlen, "move %d (%s) comes after the end of the game (%s)", i + 1, tok, pgn_end_name(end.reason));
            return false;
        }
        if (!board_play_token(b, tok, false, why, sizeof why)) {
            snprintf(err, errlen, "move %d (%s) is illegal: %s", i + 1, tok, why);
            return false;
        }
    }
    return true;
}

bool pgn_replay_board(const PgnGame *g, Board *b, char *err, size_t errlen) {
    if (!g->variant->fen)
        return replay_move_list(g, b, err, errlen);
    b->variant = g->variant;
    return pgn_replay(g, b->pos, err, errlen);
}
