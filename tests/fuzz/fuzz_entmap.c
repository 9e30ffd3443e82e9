/* libFuzzer target for the EntMap forms (engine/links.h; docs/gui/protocol.md: default, none,
 * random <seed>, square pairs, the seed's JSON), the text `setoption name EntMap value …` and
 * EntMapFile hand to entmap_parse. Input "<entmap>\n<fen>" (no FEN: the start position). A
 * refused map says why and leaves the EntMap as it was; a refused apply leaves the position's
 * links as they were (all or nothing); an applied map passes pos_verify (R1.4) and its
 * square-pairs text (entmap_text) reads and applies back to the same links. */
#include <stdlib.h>
#include <string.h>

#include "../../engine/links.h"
#include "text_target.h"

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

static Position P, Q;

/* Field by field: the struct has padding, which a copy need not keep. */
static bool same_map(const EntMap *a, const EntMap *b) {
    if (a->kind != b->kind || a->seed != b->seed || a->npairs != b->npairs)
        return false;
    for (int i = 0; i < a->npairs && i < 32; i++)
        for (int e = 0; e < 2; e++)
            if (a->pairs[i][e].square != b->pairs[i][e].square || a->pairs[i][e].piece != b->pairs[i][e].piece)
                return false;
    return true;
}

static void check_text_round_trip(const Position *p) {
    char text[512], err[256], again[512];
    EntMap m;
    entmap_text(p, text, sizeof text);
    Q = *p;
    if (!entmap_parse(text, &m, err, sizeof err) || !entmap_apply(&m, &Q, err, sizeof err))
        abort();
    entmap_text(&Q, again, sizeof again);
    if (strcmp(text, again) || pos_key(&Q) != pos_key(p))
        abort();
}

static void fuzz_text(char *buf, size_t size) {
    (void)size;
    char err[256];
    char *fen = cut_line(buf);
    if (!fen || !pos_set_fen(&P, fen, VARIANT_QEC, err, sizeof err))
        pos_set_fen(&P, START, VARIANT_QEC, err, sizeof err);
    EntMap m, kept;
    entmap_default(&m);
    kept = m;
    err[0] = 0;
    if (!entmap_parse(buf, &m, err, sizeof err)) {
        if (!err[0] || !same_map(&m, &kept))
            abort();
        return;
    }
    Key k = pos_key(&P);
    err[0] = 0;
    if (!entmap_apply(&m, &P, err, sizeof err)) {
        if (!err[0] || pos_key(&P) != k)
            abort();
    } else if (!pos_verify(&P, err, sizeof err))
        abort();
    check_text_round_trip(&P);
}
