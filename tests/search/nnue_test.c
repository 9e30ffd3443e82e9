/* The classical-chess network (eval/nnue.h):
 * - the net compiled in is a well-formed net file of this build's shape, and malformed files
 *   (short, long, wrong magic, wrong shape, misaligned) are refused with a reason;
 * - the accumulators moved from the last position evaluated give the evaluation summed afresh,
 *   to the bit, along random games with captures, castling, en passant, promotions and undos
 *   (its colour symmetry is chess_test's, beside evaluate_chess's);
 * - quality against an independent opinion: over tests/search/data/chess-scored.epd (positions
 *   scored by Debian stockfish at depth 14, bench/scored_positions.py), the net agrees with
 *   stockfish's sign wherever stockfish sees 150 cp or more, at least 95% of the time, and its
 *   mean error in stockfish's centipawns is below that of the hand-made evaluate_chess.
 * Prints "nnue_test: N passed, N failed". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../eval/chess.h"
#include "../../eval/eval.h"
#include "../../eval/nnue.h"

#include "../check.h"
#include "../rng.h"

static const char *START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

static void set(Position *p, const char *fen) {
    char err[160];
    if (!pos_set_fen(p, fen, VARIANT_CHESS, err, sizeof err)) {
        printf("FAIL setup %s: %s\n", fen, err);
        exit(1);
    }
}

static void test_file(void) {
    size_t len;
    const unsigned char *f = nnue_embedded_file(&len);
    NnueNet net;
    char err[160];
    CHECK(nnue_view(f, len, &net, err, sizeof err), "the embedded net: %s", err);
    CHECK(net.w1 == NNUE_EMBEDDED.w1 && net.b2 == NNUE_EMBEDDED.b2, "NNUE_EMBEDDED is not the embedded file's view");
    CHECK(len == NNUE_FILE_SIZE, "embedded net: %zu bytes", len);

    unsigned char *copy = aligned_alloc(64, (NNUE_FILE_SIZE + 128) / 64 * 64);
    memcpy(copy, f, len);
    CHECK(!nnue_view(copy, len - 1, &net, err, sizeof err) && strstr(err, "bytes"), "a short file: '%s'", err);
    CHECK(!nnue_view(copy, len + 1, &net, err, sizeof err) && strstr(err, "bytes"), "a long file: '%s'", err);
    copy[0] = 'X';
    CHECK(!nnue_view(copy, len, &net, err, sizeof err) && strstr(err, "not a"), "a wrong magic: '%s'", err);
    copy[0] = f[0];
    copy[8] = (unsigned char)(copy[8] + 1);
    CHECK(!nnue_view(copy, len, &net, err, sizeof err) && strstr(err, "hidden"), "a wrong shape: '%s'", err);
    copy[8] = f[8];
    CHECK(nnue_view(copy, len, &net, err, sizeof err), "the copy: %s", err);
    memmove(copy + 2, copy, len);
    CHECK(!nnue_view(copy + 2, len, &net, err, sizeof err) && strstr(err, "aligned"), "misaligned: '%s'", err);
    free(copy);
}

/* Random games (and sometimes a step back): the cached evaluation equals the fresh one. */
static void test_incremental(void) {
    static Position p;
    NnueCache cache = {0};
    uint64_t seed = 0x5eed0f11ULL;
    int checked = 0, bad = 0, promotions = 0, castles = 0, eps = 0;
    const char *FENS[] = {START, "r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPpP/R3K2R w KQkq - 0 1",
                                 "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"};
    for (int game = 0; game < 60; game++) {
        set(&p, FENS[game % 3]);
        for (int ply = 0; ply < 150; ply++) {
            Move list[MAX_MOVES];
            int n = pos_legal_decisions(&p, list);
            if (n == 0 || pos_insufficient_material(&p))
                break;
            int warm = nnue_evaluate(&NNUE_EMBEDDED, &p, &cache), cold = nnue_evaluate(&NNUE_EMBEDDED, &p, NULL);
            checked++;
            if (warm != cold && bad++ < 5) {
                char fen[128];
                pos_fen(&p, fen, sizeof fen);
                printf("FAIL %s: cached %d, fresh %d\n", fen, warm, cold);
            }
            Move m = list[test_rand(&seed) % (uint64_t)n];
            promotions += move_is_promo(m);
            castles += move_flag(m) == MF_CASTLE;
            eps += move_flag(m) == MF_EP;
            pos_do(&p, m);
            if (test_rand(&seed) % 7 == 0 && p.ply > 1) /* back two, as a search does */
                pos_undo(&p), pos_undo(&p), ply -= 2;
        }
    }
    CHECK(bad == 0, "%d of %d cached evaluations differ", bad, checked);
    CHECK(promotions > 0 && castles > 0 && eps > 0, "the walk made %d promotions, %d castlings, %d en passants",
          promotions, castles, eps);
}

static void test_against_stockfish(void) {
    FILE *f = fopen("tests/search/data/chess-scored.epd", "r");
    CHECK(f != NULL, "tests/search/data/chess-scored.epd: cannot open");
    if (!f)
        return;
    static Position p;
    char line[256];
    int n = 0, decided = 0, agree = 0;
    long errNet = 0, errHce = 0;
    while (fgets(line, sizeof line, f)) {
        char *sf = strstr(line, "; sf ");
        if (line[0] == '#' || !sf)
            continue;
        *sf = 0;
        int score = atoi(sf + 5);
        set(&p, line);
        /* both evaluations on stockfish's scale */
        int net = evaluate_chess_net(&p, NULL) * 64 / CHESS_NET_SCALE;
        int hce = evaluate_chess(&p, NULL) * 64 / CHESS_NET_SCALE;
        n++;
        errNet += abs(net - score), errHce += abs(hce - score);
        if (abs(score) >= 150)
            decided++, agree += (net > 0) == (score > 0);
    }
    fclose(f);
    CHECK(n == 300 && decided > 200, "%d positions, %d decided", n, decided);
    CHECK(agree * 100 >= decided * 95, "the net agrees with stockfish's sign in %d of %d decided positions", agree,
          decided);
    CHECK(errNet < errHce, "mean error in stockfish's cp: net %ld, evaluate_chess %ld", errNet / n, errHce / n);
    printf("nnue_test: against stockfish: sign %d/%d, mean error %ld cp (evaluate_chess %ld cp)\n", agree, decided,
           errNet / n, errHce / n);
}

int main(void) {
    engine_init();
    test_file();
    test_incremental();
    test_against_stockfish();
    printf("nnue_test: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
