/* A move list item written for people (`position startpos moves e4 e5 Nf3`, `d6 [↔ Rh2]`,
 * `Mb1-c3`; docs/players/notation.md) played onto a Board beside the UCI tokens, which stay
 * the canonical form (board_read.c reads them). The notation's own reader
 * (engine/notation.h, engine/worlds_notation.h) names the move; this file adds what a move list
 * needs: a turn whose forced reply or reactive step is left out is completed only where that
 * decision is the only legal one (R2.3, R2.5), and all of an item is played or none of it. */
#include <stdio.h>
#include <string.h>

#include "../engine/worlds_notation.h"
#include "../engine/worlds_uci.h"
#include "../engine/notation.h"
#include "board.h"

#define LINK_MARK "\xE2\x86\x94" /* ↔ */

/* The reader's errors start with the move they name ("move 1 'Nf3': no such move …"); the
 * item is named by the caller already, so only the reason is kept. */
static void put_reason(const char *why, char *err, size_t errlen) {
    const char *r = why;
    if (!strncmp(why, "move ", 5)) {
        const char *q = strstr(why, "': ");
        if (q)
            r = q + 3;
    }
    snprintf(err, errlen, "%s", r);
}

/* The decisions of p's unfinished turn that have one legal choice, played (counted in
 * *played). False (err: what is due and its choices) if one has several and the turn must
 * end here (not the list's last item). */
static bool complete_turn(Position *p, const char *text, bool last, int *played, char *err, size_t errlen) {
    GameEnd e;
    while ((pos_phase(p) == PHASE_FORCED || pos_phase(p) == PHASE_REACT) && !pos_game_end(p, &e)) {
        Move list[MAX_MOVES];
        int n = pos_legal_decisions(p, list);
        if (n == 1) {
            pos_do(p, list[0]);
            ++*played;
            continue;
        }
        if (last)
            return true; /* the list may stop inside a turn, as with tokens */
        char what[96];
        phase_words(p, what, sizeof what);
        char first[NOTATION_TURN_MAX] = "";
        size_t used = (size_t)snprintf(err, errlen, "the turn is not finished: %s has a choice (", what);
        for (int i = 0; i < n && used < errlen; i++) {
            char one[NOTATION_TURN_MAX];
            notation_format_decision(p, list[i], NOTATION_SHORT, one, sizeof one);
            used += (size_t)snprintf(err + used, errlen - used, "%s%s", i ? " " : "", one);
            if (!i)
                snprintf(first, sizeof first, "%s", one);
        }
        if (used < errlen)
            snprintf(err + used, errlen - used, pos_phase(p) == PHASE_FORCED
                                                    ? "); write it with its turn, as in '%.40s [" LINK_MARK " %s]'"
                                                    : "); write it with its turn, as in '%.40s <%s>'",
                     text, first);
        return false;
    }
    return true;
}

/* The Position family: a whole turn at a turn start, or the decision at hand inside one
 * (`f5` after the token `g1h3`). */
static bool play_position_text(Position *p, const char *text, bool last, char *err, size_t errlen) {
    char why[1024];
    int played = 0;
    GameEnd e;
    if (pos_game_end(p, &e)) {
        end_refusal(variant_of_position(p), &e, "decisions", err, errlen);
        return false;
    }
    if (pos_phase(p) == PHASE_BASE) {
        NotationTurn t;
        Move d[3];
        if (!notation_parse_turn(p, text, &t, why, sizeof why)) {
            put_reason(why, err, errlen);
            return false;
        }
        for (int i = 0, n = notation_turn_decisions(&t, d); i < n; i++, played++)
            pos_do(p, d[i]);
    } else { /* after a bare token: the decision at hand (a bracket joins its turn, setup.c) */
        Move m = notation_parse_decision(p, text, why, sizeof why);
        if (m == MOVE_NONE) {
            put_reason(why, err, errlen);
            return false;
        }
        pos_do(p, m);
        played++;
    }
    if (complete_turn(p, text, last, &played, err, errlen))
        return true;
    while (played-- > 0)
        pos_undo(p);
    return false;
}

/* The worlds family: its one form, long algebraic with M (S4.1), read by worlds_notation_parse. */
static bool play_worlds_text(const Variant *v, WorldsPos *p, const char *text, char *err, size_t errlen) {
    GameEnd e;
    if (worlds_game_end(p, &e)) {
        end_refusal(v, &e, "moves", err, errlen);
        return false;
    }
    size_t d = strspn(text, "0123456789");
    if (d && text[d] == '.') /* a move number glued to the move: `1.e2-e4` */
        text += d + strspn(text + d, ".");
    Move m = worlds_notation_parse(p, text, err, errlen);
    if (m == MOVE_NONE || !worlds_do_move(p, m)) {
        if (m != MOVE_NONE)
            snprintf(err, errlen, "not legal");
        return false;
    }
    worlds_pos_compact(p);
    return true;
}

bool board_play_text(Board *b, const char *text, bool last, char *err, size_t errlen) {
    if (board_token_shaped(b, text))
        return board_play_token(b, text, last, err, errlen);
    if (b->variant->worlds)
        return play_worlds_text(b->variant, &b->worlds, text, err, errlen);
    if (!play_position_text(b->pos, text, last, err, errlen))
        return false;
    pos_compact(b->pos);
    return true;
}
