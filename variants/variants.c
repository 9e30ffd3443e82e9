#include "variants.h"

#include "../engine/worlds.h"

#include <stdio.h>
#include <math.h>
#include <strings.h>

/* Start position, mid-games with random maps, a forced-reply-heavy opening, positions full of
 * checks (reactive steps, a mate in one turn), promotions, castling with linked rooks, and
 * endgames. */
static const BenchPosition QEC_BENCH[] = {
    {NULL, "default", NULL},
    {NULL, "default", "e2e3 e7e5[f1c4] d2d4[d8e7] g8f6[f2f3] b1c3"},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "random 1", NULL},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", "random 2", NULL},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", "random 3", NULL},
    {"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "random 4", NULL},
    {"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8", "random 6", NULL},
    {"r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", "a2a8 b2c8 d2d8 a7a1 b7c1 g7h1", "c4f7"},
    {"r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1", "a2h8 h2a8 a7h1 h7a1", NULL},
    {"r1b4n/1P4P1/4k3/8/8/4K3/1p4p1/R1B4N w - - 0 1", "b7c8 g7h8 b2c1 g2h1", NULL},
    {"2b1k1n1/2p5/8/1P1pP3/6p1/8/5P2/1N2KB2 w - d6 0 1", "b5c8 e5g8 c7f1 d5b1", NULL},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "random 5", NULL},
    {"6k1/5p2/6p1/8/7p/8/6PP/6K1 b - - 0 1", "none", NULL},
};

/* Classical chess (issue 12): a middlegame, Kiwipete, an endgame whose tree is full of
 * checks, and a root in check. */
static const BenchPosition CHESS_BENCH[] = {
    {"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8", "none", NULL},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "none", NULL},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "none", NULL},
    {"rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 3", "none", NULL},
};

/* Tether (issue 10): a middlegame whose captures through rank-mates once blew up quiescence,
 * Kiwipete (castling as king-takes-rook, T6.2) and a rook endgame. */
static const BenchPosition TETHER_BENCH[] = {
    {"1n2kbn1/3q1p1p/3prr1P/b2p3R/pp1P2PB/5N2/PP1K1PP1/2BQ3R b - - 1 16", "none", NULL},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "none", NULL},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "none", NULL},
};

/* Haft Schroedinger (issue 11, searched last so the positions above keep their counts): the
 * start (every major unknown), an open game, a promotion race (S2.5) and a middlegame with
 * most types fixed and majors traded (S1.4). Start position only (S4.2). */
static const BenchPosition SCHROEDINGER_BENCH[] = {
    {NULL, "none", ""},
    {NULL, "none", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5"},
    {NULL, "none", "a2a4 h7h6 a4a5 h6h5 a5a6 h5h4 a6b7 h4h3"},
    {NULL, "none",
     "c2c4 c7c5 c1b3 d8e6 a2a4 b8f4 b3c5 f4c4 c5b3 g7g6 d2d3 c4f4 d1d2 a8c7 h2h3 c7d5 e2e3 f4d6 a1a3 d6e5 f2f4 "
     "e5d4 b3d4 d5e3 d2e3 h8d4"},
};

static const char *const NO_ALIASES[] = {NULL};
static const char *const CHESS_ALIASES[] = {"standard", "classical", "normal", NULL};
static const char *const SCHROEDINGER_ALIASES[] = {"hsc", NULL};

/* qecmatch's word for chess's fifty-move draw (the other rows count turns). */
static const EndText CHESS_ENDS[END_KIND_COUNT] = {[END_FIFTY] = {.comment = "fifty-move rule"}};
/* S3.2, S3.3: the ends of the worlds family in its rules' words. */
static const char *const SCHROEDINGER_END_RULES[END_KIND_COUNT] = {"", "S3.2", "", "S3.2", "S3.3", "S3.3", "S3.3"};
static const EndText SCHROEDINGER_ENDS[END_KIND_COUNT] = {
    [END_MATE] = {"%s is mated in every consistent world", "%s is mated in every consistent world (S3.2)"},
    [END_STALEMATE] = {"stalemate: no legal move, not in check in some world",
                       "stalemate: no legal move, not in check in some world (S3.2)"},
    [END_REPETITION] = {NULL, "third repetition of position and worlds (S3.3)"},
    [END_FIFTY] = {"100 plies without a capture or a pawn move", "100 plies without a capture or pawn move (S3.3)"},
    [END_MATERIAL] = {"only one piece left on each side", "only one piece left on each side (S3.3)"},
};

#define CLASSICAL_START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define BENCH(b) (b), (int)(sizeof(b) / sizeof *(b))

/* The Position-family rows come first, at their engine/position.h id (variant_of_position);
 * the worlds family's row follows. */
_Static_assert(VARIANT_ROW_COUNT == VARIANT_COUNT + 1, "one row per engine/ variant, then schroedinger's");
const Variant VARIANT_ROWS[VARIANT_ROW_COUNT] = {
    [VARIANT_QEC] = {.name = "qec", .pgnTag = "QEC", .aliases = NO_ALIASES, .rules = &VARIANTS[VARIANT_QEC],
                     .startFen = CLASSICAL_START,
                     .fen = true, .book = true,
                     .search = {.linearHistoryBonus = true, .correctionHistory = true, .cutNodeReduction = true,
                                .checkMask = 1023, .params = SEARCH_PARAMS_DEFAULT},
                     .eval = EVAL_LINKS, .wdl = {361, 272}, .bench = BENCH(QEC_BENCH),
                     .skillNodes = 1000},
    [VARIANT_CHESS] = {.name = "chess", .pgnTag = "", .aliases = CHESS_ALIASES, .rules = &VARIANTS[VARIANT_CHESS],
                     .startFen = CLASSICAL_START,
                       .fen = true, .book = true, .endText = CHESS_ENDS,
                       .search = {.quiescenceChecks = true, .continuationHistory = true, .captureHistory = true,
                                  .linearHistoryBonus = true, .correctionHistory = true, .improving = true,
                                  .singularExtension = true, .prunesUnmade = true, .cutNodeReduction = true,
                                  .historyPruning = true, .futilityNeedsOfficers = true,
                                  .captureGainFromEval = true, .checkMask = 1023,
                                  .params = SEARCH_PARAMS_DEFAULT}, .eval = EVAL_CHESS, .wdl = {246, 232},
                       .bench = BENCH(CHESS_BENCH)},
    /* A tether node generates every transporter move and costs several classical nodes: it
     * checks the clock 4x as often so a stop lands within about as many milliseconds. */
    [VARIANT_TETHER] = {.name = "tether", .pgnTag = "Tether", .aliases = NO_ALIASES, .rules = &VARIANTS[VARIANT_TETHER],
                     .startFen = CLASSICAL_START,
                        .fen = true, .book = true, .moveKinds = true,
                        .search = {.rankMateExchange = true, .narrowQuiescence = true, .prunesUnmade = true,
                                   .checkMask = 255,
                                   .params = SEARCH_PARAMS_DEFAULT}, .eval = EVAL_TETHER, .wdl = {113, 304},
                        .bench = BENCH(TETHER_BENCH), .skillNodes = 1000},
    [VARIANT_COUNT] = {.name = "schroedinger", .pgnTag = "Schroedinger", .aliases = SCHROEDINGER_ALIASES,
                       .fenRefusal = "(S4.2): a FEN cannot say which worlds are still consistent",
                       .worlds = true, .openingsMateExact = true, .endRules = SCHROEDINGER_END_RULES, .endText = SCHROEDINGER_ENDS,
                       .eval = EVAL_WORLDS, .wdl = {294, 261},
                       .bench = BENCH(SCHROEDINGER_BENCH), .benchShallower = 2, .skillNodes = 250},
};

const Variant *variant_named(const char *name) {
    for (int i = 0; i < VARIANT_ROW_COUNT; i++) {
        const Variant *v = &VARIANT_ROWS[i];
        if (!strcasecmp(name, v->name))
            return v;
        for (const char *const *a = v->aliases; *a; a++)
            if (!strcasecmp(name, *a))
                return v;
    }
    return NULL;
}

void variant_names_text(char *buf, size_t len) {
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < VARIANT_ROW_COUNT && at < len; i++) {
        const Variant *v = &VARIANT_ROWS[i];
        at += (size_t)snprintf(buf + at, len - at, "%s%s%s", i ? ", " : "", v->name, i ? "" : " (default)");
        for (const char *const *a = v->aliases; *a && at < len; a++)
            at += (size_t)snprintf(buf + at, len - at, "%s%s%s", a == v->aliases ? " (also: " : ", ", *a,
                                   a[1] ? "" : ")");
    }
}

const Variant *variant_of_pgn_tag(const char *tag) {
    for (int i = 0; i < VARIANT_ROW_COUNT; i++)
        if (!strcasecmp(tag, VARIANT_ROWS[i].pgnTag))
            return &VARIANT_ROWS[i];
    return variant_named(tag);
}

const Variant *variant_of_position(const Position *p) { return &VARIANT_ROWS[p->variant]; }

int variant_rules_id(const Variant *v) { return (int)(v->rules - VARIANTS); }

bool variant_set_fen(const Variant *v, Position *p, const char *fen, char *err, size_t errlen) {
    if (!v->rules) {
        snprintf(err, errlen, "the %s variant is not played on a FEN position (engine/worlds.h)", v->name);
        return false;
    }
    return pos_set_fen(p, fen, variant_rules_id(v), err, errlen);
}

void variant_token(const Variant *v, Move m, char tok[6]) {
    if (!v->worlds)
        move_to_uci_variant(m, variant_rules_id(v), tok);
    else if (m == MOVE_NONE)
        snprintf(tok, 6, "0000");
    else
        worlds_move_str(m, tok); /* S2.5: never a promotion letter */
}

void variant_wdl(const Variant *v, int cp, int mate, int wdl[3]) {
    if (mate) {
        wdl[0] = mate > 0 ? 1000 : 0;
        wdl[1] = 0;
        wdl[2] = mate > 0 ? 0 : 1000;
        return;
    }
    double a = v->wdl.a, b = v->wdl.b > 0 ? v->wdl.b : 1, x = cp;
    int w = (int)lround(1000.0 / (1.0 + exp((a - x) / b)));
    int l = (int)lround(1000.0 / (1.0 + exp((a + x) / b)));
    if (w + l > 1000) /* rounding, where the draw is nil: take it from the smaller side */
        *(w < l ? &w : &l) -= w + l - 1000;
    wdl[0] = w;
    wdl[1] = 1000 - w - l;
    wdl[2] = l;
}
