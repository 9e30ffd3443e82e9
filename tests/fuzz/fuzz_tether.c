/* libFuzzer target for Tether Chess input (rules-tether.md): FENs (T1, tether_fen_ok), decisions
 * as UCI tokens (castling as e1h1, T6.2) and as SAN / long algebraic (engine/notation.h, with
 * the from-square where a transporter move makes SAN name two moves), and movetext. Input
 * "<fen>\n<tokens>"; an empty first line is the start position. Every refusal says why and
 * leaves the position as it was; every legal decision, transporter and apex moves included
 * (T2.2, T2.6), is written in each form and read back to itself. */
#include <stdlib.h>
#include <string.h>

#include "../../engine/notation.h"
#include "../../engine/tether.h"
#include "text_target.h"
#include "tokens.h"

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

static Position P;
static NotationTurn turns[128];

/* The legal decisions' tokens are all different (T2.4: each move once, T6.1), and a dozen
 * decisions spread over the list read back from the token and from both notation forms, with
 * their kind (reading a SAN decision formats every legal one: a sample keeps the pace). */
static void check_round_trips(const Position *p) {
    Move list[MAX_MOVES];
    static char toks[MAX_MOVES][6];
    char err[256], text[NOTATION_TURN_MAX];
    int n = pos_legal_decisions(p, list), stride = n / 4 + 1;
    if (n != tether_legal(p, list + 0) || n != tether_count(p))
        abort();
    write_tokens(list, n, VARIANT_TETHER, toks);
    for (int i = 0; i < n; i += stride) {
        TetherMoveKind k = tether_move_kind(p, list[i]);
        if (k != TETHER_NATIVE && k != TETHER_TRANSPORTER && k != TETHER_APEX)
            abort();
        if (pos_parse_decision(p, toks[i]) != list[i])
            abort();
        for (int style = NOTATION_SHORT; style <= NOTATION_LONG; style++) {
            if (!notation_format_decision(p, list[i], style, text, sizeof text))
                abort();
            if (notation_parse_decision(p, text, err, sizeof err) != list[i])
                abort();
        }
    }
    if (!tokens_all_different(toks, n))
        abort();
}

/* The first token refused says why (a message that lists every legal decision in SAN: ~150
 * decisions written, each played and taken back for its + or #); the later ones are read
 * without asking why, by the same reader, so that an input of many bad tokens keeps the pace. */
static void play_tokens(char *toks) {
    char err[256], *save = NULL;
    bool explained = false;
    for (char *t = strtok_r(toks, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
        Key k = pos_key(&P);
        Move m = pos_parse_decision(&P, t);
        if (m == MOVE_NONE) {
            err[0] = 0;
            m = notation_parse_decision(&P, t, explained ? NULL : err, explained ? 0 : sizeof err);
            if (m == MOVE_NONE && ((!explained && !err[0]) || pos_key(&P) != k))
                abort();
            explained |= m == MOVE_NONE;
        }
        if (m == MOVE_NONE)
            continue;
        pos_do(&P, m);
        if (!pos_verify(&P, err, sizeof err))
            abort();
    }
}

static void fuzz_text(char *buf, size_t size) {
    (void)size;
    char err[256];
    char *toks = cut_line(buf);
    if (!pos_set_fen(&P, START, VARIANT_TETHER, err, sizeof err))
        abort();
    Key before = pos_key(&P);
    if (*buf && !pos_set_fen(&P, buf, VARIANT_TETHER, err, sizeof err) && (pos_key(&P) != before || !err[0]))
        abort();
    if (!pos_verify(&P, err, sizeof err))
        abort();
    /* The whole rest as movetext, from this position (a start is a turn start in tether). */
    err[0] = 0;
    if (toks && notation_parse_game(&P, toks, turns, 128, err, sizeof err) < 0 && !err[0])
        abort();
    if (toks)
        play_tokens(toks);
    GameEnd end;
    if (!pos_game_end(&P, &end))
        check_round_trips(&P);
}
