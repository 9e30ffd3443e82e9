#include "board.h"

#include <stdio.h>
#include <string.h>

#include "../engine/worlds_uci.h"
#include "../engine/links.h"
#include "../engine/perft.h"
#include "../engine/tether.h"

bool board_set_fen(Board *b, const Variant *variant, const char *fen, char *err, size_t errlen) {
    b->variant = variant;
    if (!variant->fen && fen && *fen) {
        snprintf(err, errlen, "a %s game starts from the start position only (S4.2), not a FEN", variant->name);
        return false;
    }
    if (variant->worlds) {
        if (b->worlds.stack)
            worlds_pos_reset(&b->worlds);
        else if (!worlds_pos_init(&b->worlds)) {
            snprintf(err, errlen, "out of memory");
            return false;
        }
        return true;
    }
    return variant_set_fen(variant, b->pos, fen && *fen ? fen : variant->startFen, err, errlen);
}

bool board_apply_map(Board *b, const EntMap *map, char *err, size_t errlen) {
    return !variant_links(b->variant) || entmap_apply(map, b->pos, err, errlen);
}

bool board_open(Board *b, const Variant *variant, Position *scratch, const char *fen, const char *entmap, char *err,
                size_t errlen) {
    EntMap map;
    b->pos = scratch;
    if (!board_set_fen(b, variant, fen, err, errlen))
        return false;
    return !variant_links(variant) ||
           (entmap_parse(entmap && *entmap ? entmap : "default", &map, err, errlen) &&
            board_apply_map(b, &map, err, errlen));
}

void board_close(Board *b) {
    worlds_pos_free(&b->worlds);
}

int board_phase(const Board *b) {
    return b->variant->worlds ? PHASE_BASE : pos_phase(b->pos);
}

int board_decider(const Board *b) {
    return b->variant->worlds ? worlds_st(&b->worlds)->stm : pos_decider(b->pos);
}

/* S3.2: no legal move and in check in every consistent world is mate, otherwise stalemate;
 * S3.3's draws map onto the END_* reasons of the same meaning. */
bool worlds_game_end(WorldsPos *p, GameEnd *end) {
    int stm = worlds_st(p)->stm;
    end->winner = RESULT_DRAW;
    switch (worlds_result(p)) {
    case WORLDS_CHECKMATE: end->reason = END_MATE, end->winner = stm ^ 1; return true;
    case WORLDS_STALEMATE: end->reason = END_STALEMATE; return true;
    case WORLDS_REPETITION: end->reason = END_REPETITION; return true;
    case WORLDS_FIFTY: end->reason = END_FIFTY; return true;
    case WORLDS_BARE: end->reason = END_MATERIAL; return true;
    default: end->reason = END_NONE; return false;
    }
}

bool board_game_end(Board *b, GameEnd *end) {
    return b->variant->worlds ? worlds_game_end(&b->worlds, end) : pos_game_end(b->pos, end);
}

int board_legal(Board *b, Move *list) {
    return b->variant->worlds ? worlds_gen_legal(&b->worlds, list) : pos_legal_decisions(b->pos, list);
}

int board_options(Board *b, Move *list) {
    GameEnd end;
    return board_game_end(b, &end) ? 0 : board_legal(b, list);
}

const char *board_move_kind(const Board *b, Move m) {
    static const char *const NAME[3] = {"native", "transporter", "apex"};
    return b->variant->moveKinds ? NAME[tether_move_kind(b->pos, m)] : NAME[TETHER_NATIVE];
}

Move board_parse(Board *b, const char *tok) {
    const char *why;
    return b->variant->worlds ? worlds_parse_move(&b->worlds, tok, &why) : pos_parse_decision(b->pos, tok);
}

void board_token(const Board *b, Move m, char tok[6]) { variant_token(b->variant, m, tok); }

void board_do(Board *b, Move m) {
    if (b->variant->worlds) {
        worlds_do_move(&b->worlds, m);
        worlds_pos_compact(&b->worlds); /* S3.3 reads back to the last capture or pawn move only */
        return;
    }
    pos_do(b->pos, m);
    pos_compact(b->pos);
}

int board_divide(Board *b, int depth, Move *moves, uint64_t *counts) {
    return b->variant->worlds ? worlds_perft_divide(&b->worlds, depth, moves, counts) : perft_divide(b->pos, depth, moves, counts);
}

void board_fen(const Board *b, char *buf, size_t len) {
    if (b->variant->worlds)
        worlds_fen(&b->worlds, buf, len);
    else
        pos_fen(b->pos, buf, len);
}

void end_refusal(const Variant *v, const GameEnd *e, const char *what, char *err, size_t errlen) {
    char words[128];
    variant_end_words(v, e, words, sizeof words);
    snprintf(err, errlen, "the game is over (%s), no further %s", words, what);
}
