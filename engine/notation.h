/* Notation for people (RULES R5.3, seed 004 §12): the seed's long form and a SAN-style short
 * form of whole turns, and a lenient reader for both (and for UCI tokens, R5.1/R5.2). No I/O.
 *
 *   long   e2-e4 [↔ h8R:h8-h7]    Qd8-h4+ <Ke1-e2>    Bc4xf7✖+ [↔ e5P:--] <Ke8xf7✖>
 *   short  e4 [↔ Rh7]             Qh4+ <Ke2>           Bxf7+ <Kxf7>
 *   UCI    e2e4[h8h7]             d8h4<e1e2>           c4f7<e8f7>
 *
 * Classical chess and tether have no brackets: the short form is plain SAN (tether: with the
 * from-square where a transporter move makes SAN name two moves), the long form long
 * algebraic (Ng1-f3, e7-e8=Q+). docs/players/notation.md has every choice. Each call keeps a
 * scratch Position (about 75 KB) or two on the stack and never touches the caller's. */
#ifndef QEC_NOTATION_H
#define QEC_NOTATION_H

#include "position.h"

/* NOTATION_UCI writes the R5.2 whole-turn token (`e2e4[h8h7]`, `d8h4<e1e2>`): the machine form
 * that records keep beside the people's forms. */
enum { NOTATION_SHORT, NOTATION_LONG, NOTATION_UCI };

/* One turn's decisions (R2): MOVE_NONE where the turn has no such decision. A turn whose
 * due forced reply or reactive step is MOVE_NONE is cut short (the last turn of a record). */
typedef struct {
    Move base, forced, react;
} NotationTurn;

/* Longest text of one turn in either form (bytes, with the terminating NUL). */
#define NOTATION_TURN_MAX 80

/* Writes turn t played from `start`, which must be at a turn start (PHASE_BASE). Returns
 * false and writes the reason to buf when a decision is not legal where it stands (or the
 * buffer is too small). `start` is not changed. */
bool notation_format_turn(const Position *start, const NotationTurn *t, int style, char *buf, size_t len);

/* The turn that holds p's last decision (the turn in progress when p is inside one), from
 * p's history: what `d` or a self-play log shows after a turn. False when p has no decision
 * in its history. */
bool notation_format_last_turn(const Position *p, int style, char *buf, size_t len);

/* One decision at the decision point at hand, no brackets (`Rh7`, `Ke1-e2`, `exd6`), with its
 * `+`/`#` and, in the long form, `✖`. False if m is not legal there. */
bool notation_format_decision(const Position *p, Move m, int style, char *buf, size_t len);

/* The legal decision that `text` names at the decision point at hand, in any form (`Nf3`,
 * `Ng1-f3`, `g1f3`, `h8-h7`, `O-O`, `0-0`, `e8Q`, marks optional), or MOVE_NONE with err
 * ("no such move (legal: …)", "ambiguous (Nce2 Nge2)"). */
Move notation_parse_decision(const Position *p, const char *text, char *err, size_t errlen);

/* A game's movetext: `decisions` (n, in play order) from `start` (a turn start) grouped into
 * turns and numbered (`1. e4 e5 [↔ Bc4] 2. Bxf7+ <Kxf7>`; `1... ` when Black starts).
 * False (reason in err) if a decision is illegal or buf is too small. */
bool notation_format_game(const Position *start, const Move *decisions, int n, int style, char *buf,
                          size_t len, char *err, size_t errlen);

/* Reads movetext against `start` (a turn start): move numbers, `{comments}`, `;` comments,
 * NAGs, `(variations)`, `!?` marks, PGN tag lines and a result token are skipped. Each turn
 * may be in the long or short form or UCI tokens (`e2e4[h8h7]`), mixed freely; lenient
 * input: `e8Q`, `e8=Q`, `0-0`, `+`/`#`/`✖` optional. Writes at most maxTurns turns to `turns`
 * and returns how many, or -1 with err naming the bad move ("move 3 'Bxf7': no such move").
 * Only the last turn may be cut short. `start` is not changed. */
int notation_parse_game(const Position *start, const char *text, NotationTurn *turns, int maxTurns, char *err,
                        size_t errlen);

/* Exactly one turn (with or without a move number) from `start`; false with err otherwise. */
bool notation_parse_turn(const Position *start, const char *text, NotationTurn *t, char *err, size_t errlen);

/* The turn's decisions in play order (what pos_do takes); returns how many (0-3). */
int notation_turn_decisions(const NotationTurn *t, Move out[3]);

#endif
