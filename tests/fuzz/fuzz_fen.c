/* libFuzzer target for the FEN, EntMap and move-token parsers, in every variant (qec, chess,
 * tether by input length): input "<fen>\n<entmap>\n<tokens>". Any input must give a clean
 * accept or a clean error, leave the previous position intact on error, and produce a
 * position that passes pos_verify and survives a few decisions. Tokens that parse are played;
 * every legal decision's token must parse back to that decision (tether: T2.4, T6.2). */
#include <stdlib.h>
#include <string.h>

#include "../../engine/links.h"
#include "../../engine/variant.h"

static Position P;

/* Table set-up runs once, outside libFuzzer's per-input timer. */
int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    engine_init();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char err[256];
    char *buf = malloc(size + 1);
    memcpy(buf, data, size);
    buf[size] = 0;
    char *map = strchr(buf, '\n');
    if (map)
        *map++ = 0;
    char *toks = map ? strchr(map, '\n') : NULL;
    if (toks)
        *toks++ = 0;
    pos_set_fen(&P, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", VARIANT_QEC, err, sizeof err);
    Key before = pos_key(&P);
    if (!pos_set_fen(&P, buf, (int)(size % VARIANT_COUNT), err, sizeof err)) {
        if (pos_key(&P) != before || !err[0])
            abort();
    }
    EntMap m;
    Key k = pos_key(&P);
    if (map && entmap_parse(map, &m, err, sizeof err)) {
        if (!entmap_apply(&m, &P, err, sizeof err) && pos_key(&P) != k)
            abort(); /* a rejected map must leave the links as they were */
    }
    if (!pos_verify(&P, err, sizeof err))
        abort();
    char fen[128], *save = NULL;
    pos_fen(&P, fen, sizeof fen);
    for (char *t = toks ? strtok_r(toks, " ", &save) : NULL; t; t = strtok_r(NULL, " ", &save)) {
        Move m = pos_parse_decision(&P, t);
        if (m == MOVE_NONE)
            continue;
        pos_do(&P, m);
        if (!pos_verify(&P, err, sizeof err))
            abort();
    }
    Move all[MAX_MOVES];
    int nall = pos_legal_decisions(&P, all);
    for (int i = 0; i < nall; i++) {
        char tok[6];
        move_to_uci_variant(all[i], P.variant, tok);
        if (pos_parse_decision(&P, tok) != all[i])
            abort();
    }
    for (int i = 0; i < 8; i++) {
        Move list[MAX_MOVES];
        GameEnd end;
        if (pos_game_end(&P, &end))
            break;
        int n = pos_legal_decisions(&P, list);
        if (!n)
            break;
        pos_do(&P, list[(size + (size_t)i) % (size_t)n]);
        if (!pos_verify(&P, err, sizeof err))
            abort();
    }
    free(buf);
    return 0;
}
