/* Perft's bulk counting against a plain walk. perft() counts the last turn without making
 * most of its decisions (bitboard shortcuts for forced replies, pins and discovered checks,
 * engine/perft_last.c); walk() below makes every decision with pos_do and counts per R6. The two
 * must agree on positions reached by random playouts under random maps, including positions
 * in the middle of a turn. The reference files check the decisions themselves (R2-R4); this
 * test reaches the rare shortcut cases (pinned counterparts, uncovered checks, promotions,
 * checking replies) far more often than the six public QEC positions do. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/links.h"
#include "../rng.h"
#include "../../engine/perft.h"
#include "../check.h"

static Position P;

static const char *const FENS[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r1b4n/1P4P1/4k3/8/8/4K3/1p4p1/R1B4N w - - 0 1",
    "r2q2k1/5ppp/8/8/8/8/5PPP/R2Q2K1 w - - 0 1",
    "2b1k1n1/2p5/8/1P1pP3/6p1/8/5P2/1N2KB2 w - d6 0 1",
};

/* R6 by making every decision: sequences that complete `depth` turns, the one in progress
 * included (perft_below: a mate ends a sequence and is a leaf only in the last turn, R6.2). */
static uint64_t walk(Position *p, int depth) {
    Move list[MAX_MOVES];
    int n = pos_legal_decisions(p, list);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pos_do(p, list[i]);
        total += perft_below(p, depth, walk);
        pos_undo(p);
    }
    return total;
}

/* Positions where a shortcut once miscounted, with their maps (perft at depth 2 against the
 * walk). The first: Rc1xc4 forces b5xc4, which leaves c4 as it was (a black pawn) with another
 * pawn, linked to nothing where the old one was linked to the knight on c5; the cache of
 * last-turn origin counts (engine/perft_reuse.c) had kept the old pawn's count. The second:
 * a knight move of White's forces b2-b1, which promotes without check while the black knight
 * on d1 closes the first rank; when it leaves, a queen or rook on b1 checks (a count cached
 * before it left must not stand, 196 against 200 without that line in its squares). */
static const char *const KNOWN[][2] = {
    {"rnb4r/2Npkp2/5qp1/ppNPp1B1/1Pp2n2/4PP2/PP2B1PP/2RQK2R w - - 0 14",
     "a2b8 b2c8 e3f6 f3a8 b4h8 c4c5 a5c7 b5c1 d5f4 e5h1 g6e2 d7d1"},
    {"8/7k/8/8/P7/8/1p2PPPP/3nKBNR b - - 0 1", "b2g1"},
};

static uint64_t rng = 0x9E3779B97F4A7C15ULL;

/* Compares perft and walk at `depth` in the position at hand; prints the FEN on a mismatch. */
static void compare(int game, int decision, int depth) {
    if (pos_phase(&P) == PHASE_OVER)
        return;
    uint64_t bulk = perft(&P, depth), plain = walk(&P, depth);
    if (bulk != plain) {
        char fen[128];
        pos_fen(&P, fen, sizeof fen);
        printf("position: %s; links", fen);
        for (int s = 0; s < 64; s++)
            if (P.link[s] != NO_SQ && piece_type(P.board[s]) == PAWN)
                printf(" %c%d%c%d", 'a' + sq_file(s), 1 + sq_rank(s), 'a' + sq_file(P.link[s]), 1 + sq_rank(P.link[s]));
        printf(" (phase %d)\n", pos_phase(&P));
    }
    CHECK(bulk == plain, "game %d decision %d depth %d: bulk %llu, walk %llu", game, decision, depth,
          (unsigned long long)bulk, (unsigned long long)plain);
}

int main(int argc, char **argv) {
    int games = argc > 1 ? atoi(argv[1]) : 60; /* the debug build runs a few (keys re-verified at every step) */
    engine_init();
    char err[128];
    int mids = 0;
    for (size_t i = 0; i < sizeof KNOWN / sizeof KNOWN[0]; i++) {
        EntMap map;
        if (!pos_set_fen(&P, KNOWN[i][0], VARIANT_QEC, err, sizeof err) ||
            !entmap_parse(KNOWN[i][1], &map, err, sizeof err) || !entmap_apply(&map, &P, err, sizeof err))
            CHECK(false, "known position %zu: %s", i, err);
        else
            compare(-1 - (int)i, 0, 2);
    }
    for (int game = 0; game < games; game++) {
        const char *fen = FENS[game % (int)(sizeof FENS / sizeof FENS[0])];
        char spec[32];
        EntMap map;
        snprintf(spec, sizeof spec, "random %d", 1000 + game);
        if (!pos_set_fen(&P, fen, VARIANT_QEC, err, sizeof err) || !entmap_parse(spec, &map, err, sizeof err) ||
            !entmap_apply(&map, &P, err, sizeof err)) {
            CHECK(false, "setup: %s", err);
            continue;
        }
        GameEnd end;
        for (int d = 0; d < 160 && !pos_game_end(&P, &end); d++) {
            if (d % 8 == 0 || pos_phase(&P) != PHASE_BASE) {
                mids += pos_phase(&P) != PHASE_BASE;
                compare(game, d, d % 40 == 0 ? 3 : 2);
            }
            Move list[MAX_MOVES];
            int n = pos_legal_decisions(&P, list);
            if (!n)
                break;
            pos_do(&P, list[test_rand(&rng) % (uint64_t)n]);
            if (P.ply > POS_MAX_STATES - 8)
                pos_compact(&P);
        }
    }
    CHECK(mids >= 3 * games, "only %d mid-turn positions compared", mids);
    printf("bulk: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
