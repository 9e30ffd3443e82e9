/* Notation for people in Haft Schroedinger Chess (docs/players/notation.md, Haft Schroedinger
 * notation; docs/players/rules-schroedinger.md S4.1, S2.5): long algebraic with `M` for a major, since no major has
 * a known type (S1.1).
 *
 *   UCI    b1c3     e2e4    d1d7      e7e8      e5d6          f3f7
 *   long   Mb1-c3   e2-e4   Md1xd7+   e7-e8=M   e5xd6 (e.p.)  Mf3xf7#
 *
 * `=M`: a promoted pawn becomes an unknown major (S2.5). `+`: the side to move is in check in
 * every consistent world (S3.1); a check in some worlds only is not marked. `#`: checkmate
 * (S3.2). The reader takes this form and UCI tokens, leniently (`M`, `-`, `=M` and marks may
 * be left out), and names what is wrong. No I/O; the position is unchanged on return. */
#ifndef QEC_WORLDS_NOTATION_H
#define QEC_WORLDS_NOTATION_H

#include "worlds.h"

/* Longest text of one move, with the terminating NUL ("Mb1xc3+" is 8; room to spare). */
#define WORLDS_NOTATION_MAX 16

/* The long form of legal move m at p; false ("illegal move" in buf) if m is not legal. */
bool worlds_notation_format(WorldsPos *p, Move m, char *buf, size_t len);
/* The long form of the move that led to p (for `d`); false at the start position. Works on a
 * compacted position (engine/worlds_uci.h): it needs no state before the move. */
bool worlds_notation_last_move(WorldsPos *p, char *buf, size_t len);
/* The legal move `text` names at p, in the long form or as a UCI token, or MOVE_NONE with err
 * ("write M for a major: no major has a known type (S1.1)", "no consistent world allows this
 * move (S2.1)", …). */
Move worlds_notation_parse(WorldsPos *p, const char *text, char *err, size_t errlen);

/* A game's movetext from p: `1. e2-e4 e7-e5 2. Mb1-c3` (`1... ` when Black starts). False
 * (reason in err) if a move is illegal or buf is too small. */
bool worlds_notation_format_game(WorldsPos *p, const Move *moves, int n, char *buf, size_t len, char *err, size_t errlen);
/* Reads movetext from p: move numbers, `{comments}` and a result token are skipped; each move in
 * the long form or a UCI token. Writes at most max moves and returns how many, or -1 with err
 * naming the bad move ("move 2 'Mb1-d2': no piece can make this move"). Nothing is read after
 * the game's end (S3). */
int worlds_notation_parse_game(WorldsPos *p, const char *text, Move *moves, int max, char *err, size_t errlen);

#endif
