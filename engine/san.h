/* Standard Algebraic Notation (PGN standard, section 8.2.3) for classical chess positions:
 * formatting a legal move, and reading one back. Built on the public position API only (legal
 * decisions, do/undo, check test); no I/O. Meant for VARIANT_CHESS records; in a QEC position
 * it describes the decision at hand with the same letters but QEC has its own record format. */
#ifndef QEC_SAN_H
#define QEC_SAN_H

#include "position.h"

enum { SAN_MAX = 12 }; /* "Qa1xb2+" and "exd8=Q#" need 8 with the terminator */

/* The SAN of legal move m in p ("Nbd7", "exd8=Q#", "O-O-O+"). p is restored before return. */
void san_format(Position *p, Move m, char buf[SAN_MAX]);
/* The legal move that `san` names, or MOVE_NONE if it names none or more than one. Lenient as
 * readers should be: check marks and annotations (+ # ! ?) are optional and ignored, 0-0 is
 * O-O, the promotion '=' and the capture 'x' may be left out. */
Move san_parse(const Position *p, const char *san);

#endif
