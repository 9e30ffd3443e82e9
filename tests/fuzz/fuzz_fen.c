/* libFuzzer target for the FEN, EntMap and move-token parsers, in every variant of the Position
 * family: input "<variant>\n<fen>\n<entmap>\n<tokens>" (input_variant: a UCI_Variant name; a
 * name of no such variant skips the input). Any input must give a clean
 * accept or a clean error, leave the previous position intact on error, and produce a
 * position that passes pos_verify and survives a few decisions. Tokens that parse are played;
 * every legal decision's token is its own and a sample parse back to their decision (tether: T2.4,
 * T6.2). */
#include <stdlib.h>
#include <string.h>

#include "../../engine/links.h"
#include "../../engine/variant.h"
#include "text_target.h"
#include "tokens.h"

static Position P;

/* Every legal decision's token is its own (sorted, no two alike), and four spread over the
 * list read back to their decision: pos_parse_decision finds a token in the same list, so
 * with the tokens all different every one reads back as these do (reading all of them
 * generated the list once per decision, a third of the target's time). */
static void check_tokens(const Position *p) {
    Move all[MAX_MOVES];
    static char toks[MAX_MOVES][6];
    int n = pos_legal_decisions(p, all), stride = n / 4 + 1;
    write_tokens(all, n, p->variant, toks);
    for (int i = 0; i < n; i += stride)
        if (pos_parse_decision(p, toks[i]) != all[i])
            abort();
    if (!tokens_all_different(toks, n))
        abort();
}

static void fuzz_text(char *buf, size_t size) {
    char err[256], *text = buf;
    const Variant *v = input_variant(&text);
    if (!v || !v->rules)
        return;
    /* The playout below is picked by the length after the variant's line, as it was by the
     * whole input's length before that line was there: the seeds play as they did. */
    size -= (size_t)(text - buf);
    buf = text;
    char *map = cut_line(buf);
    char *toks = cut_line(map);
    pos_set_fen(&P, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", VARIANT_QEC, err, sizeof err);
    Key before = pos_key(&P);
    if (!pos_set_fen(&P, buf, variant_rules_id(v), err, sizeof err)) {
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
    check_tokens(&P);
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
}
