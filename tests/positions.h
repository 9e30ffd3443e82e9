/* Positions several C test programs share: a FEN set up with an EntMap (the setup's own errors
 * printed, so a broken fixture shows as itself, not as the check after it), and seven
 * classical-chess positions rich in special moves (the start, Kiwipete, the chess programming
 * wiki's perft positions 3 to 6, a position with two en-passant captures). */
#ifndef QEC_TESTS_POSITIONS_H
#define QEC_TESTS_POSITIONS_H

#include <stdio.h>

#include "../engine/links.h"

static inline bool setup_position(Position *p, const char *fen, const char *links, int variant, char *err,
                                  size_t errlen) {
    EntMap m;
    if (!pos_set_fen(p, fen, variant, err, errlen)) {
        printf("setup failed: %s (%s)\n", err, fen);
        return false;
    }
    if (!entmap_parse(links, &m, err, errlen) || !entmap_apply(&m, p, err, errlen)) {
        printf("links failed: %s (%s)\n", err, links);
        return false;
    }
    return true;
}

#define CHESS_SUITE_FENS                                                                                               \
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",                                                        \
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",                                        \
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",                                                                   \
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",                                            \
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",                                                   \
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",                                    \
        "2b1k1n1/2p5/8/1P1pP3/6p1/8/5P2/1N2KB2 w - d6 0 1"

#endif
