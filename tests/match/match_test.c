/* Unit tests of qecmatch's pure parts (the statistics are in stats_test.c): series
 * outcomes on scripted results (seed 004 §5 as written in match/series.h), time controls,
 * PGN writing/reading/replaying, openings; classical chess (issue 12): SAN formatting and
 * parsing, standard PGN without [Variant], chess EPD and PGN openings, the classical game ends
 * the runner adjudicates by. Last line "match_test: N passed, N failed". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/links.h"
#include "../../engine/notation.h"
#include "../../match/openings.h"
#include "../../match/series.h"
#include "../../match/tc.h"
#include "../../record/record.h"
#include "../../variants/variants.h"

#include "../check.h"
#include "random_game.h"


/* The variant table (variants/variants.h): names, aliases and PGN tags find their row, each
 * Position-family row sits at its engine/ id, and the worlds row has no Position rules. */
static void test_variant_table(void) {
    static const char *const SPELLED[][2] = {{"qec", "qec"}, {"QEC", "qec"}, {"chess", "chess"},
                                             {"standard", "chess"}, {"Classical", "chess"}, {"normal", "chess"},
                                             {"tether", "tether"}, {"schroedinger", "schroedinger"},
                                             {"hsc", "schroedinger"}};
    for (size_t i = 0; i < sizeof SPELLED / sizeof *SPELLED; i++) {
        const Variant *v = variant_named(SPELLED[i][0]);
        CHECK(v && !strcmp(v->name, SPELLED[i][1]), "variant_named(%s): %s", SPELLED[i][0], v ? v->name : "NULL");
    }
    CHECK(!variant_named("crazyhouse") && !variant_named(""), "unknown names have no row");
    CHECK(variant_of_pgn_tag("") == variant_named("chess") && variant_of_pgn_tag("Tether") == variant_named("tether") &&
              variant_of_pgn_tag("QEC") == variant_named("qec") &&
              variant_of_pgn_tag("Schroedinger") == variant_named("schroedinger") && !variant_of_pgn_tag("Atomic"),
          "PGN tags find their rows");
    CHECK(variant_default() == variant_named("qec"), "qec is the default");
    int positionRows = 0;
    for (int i = 0; i < VARIANT_ROW_COUNT; i++) {
        const Variant *v = &VARIANT_ROWS[i];
        CHECK(v->worlds == !v->rules && (v->rules != NULL) == (v->startFen != NULL), "%s: worlds xor rules", v->name);
        CHECK(v->nbench > 0, "%s: bench positions", v->name);
        if (v->rules) {
            positionRows++;
            CHECK(variant_rules_id(v) == i && !strcmp(v->rules->name, v->name), "%s: at its engine id", v->name);
        }
    }
    CHECK(positionRows == VARIANT_COUNT, "every engine/ variant has its row (%d)", positionRows);
    CHECK(variant_links(variant_named("qec")) && !variant_links(variant_named("chess")) &&
              !variant_links(variant_named("schroedinger")) && variant_classical_turns(variant_named("schroedinger")) &&
              !variant_classical_turns(variant_named("qec")),
          "links and classical turns read through the rules row");
}

/* ---- series ---- */

static int play_series(const char *script, Series *s) {
    series_init(s);
    for (const char *c = script; *c; c++)
        series_add(s, *c == 'A' ? SERIES_WIN_A : *c == 'B' ? SERIES_WIN_B : *c == 'D' ? SERIES_DRAW : SERIES_BOTH_LOSE);
    return s->outcome;
}

static void test_series(void) {
    /* A = A wins, B = B wins, D = draw, K = dual king (both lose). Expected by the rules in
     * series.h, worked out by hand. */
    static const struct {
        const char *script;
        int outcome, games;
        bool suddenDeath;
    } CASES[] = {
        {"AA", SERIES_WON_A, 2, false},     {"BB", SERIES_WON_B, 2, false},    {"ABA", SERIES_WON_A, 3, false},
        {"BAB", SERIES_WON_B, 3, false},    {"DDD", SERIES_ROLLOVER, 3, false}, {"ADD", SERIES_WON_A, 3, false},
        {"DDB", SERIES_WON_B, 3, false},    {"DKD", SERIES_ROLLOVER, 3, false}, {"KAA", SERIES_WON_A, 3, false},
        {"DAK", SERIES_WON_A, 3, false},    {"KKA", SERIES_WON_A, 3, true},    {"KKB", SERIES_WON_B, 3, true},
        {"KKD", SERIES_ROLLOVER, 3, true},  {"KKK", SERIES_ROLLOVER, 3, true}, {"ABB", SERIES_WON_B, 3, false},
        {"ABD", SERIES_OPEN, 3, true},      {"ABDB", SERIES_WON_B, 4, true},   {"ABDD", SERIES_ROLLOVER, 4, true},
        {"ABDK", SERIES_ROLLOVER, 4, true}, {"AKK", SERIES_OPEN, 3, true},     {"AKKB", SERIES_WON_B, 4, true},
        {"KAK", SERIES_OPEN, 3, true},      {"KAKA", SERIES_WON_A, 4, true},   {"AAB", SERIES_WON_A, 2, false},
        {"K", SERIES_OPEN, 1, false},       {"KK", SERIES_OPEN, 2, true},      {"AKB", SERIES_OPEN, 3, true},
        {"AKBA", SERIES_WON_A, 4, true},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        Series s;
        int o = play_series(CASES[i].script, &s);
        CHECK(o == CASES[i].outcome && s.games == CASES[i].games && s.suddenDeath == CASES[i].suddenDeath,
              "series %s: %s after %d games (sudden death %d), want %s after %d (%d)", CASES[i].script,
              series_outcome_name(o), s.games, s.suddenDeath, series_outcome_name(CASES[i].outcome), CASES[i].games,
              CASES[i].suddenDeath);
    }
}

/* ---- time controls ---- */

static void test_tc(void) {
    TimeControl tc = {0};
    char err[200], buf[64];
    CHECK(tc_parse("40/60+0.6", &tc, err, sizeof err) && tc.kind == TC_CLOCK && tc.moves == 40 &&
              tc.baseUs == 60000000 && tc.incUs == 600000,
          "40/60+0.6");
    tc_format(&tc, buf, sizeof buf);
    CHECK(!strcmp(buf, "40/60+0.6"), "format %s", buf);
    CHECK(tc_parse("1:30+1", &tc, err, sizeof err) && tc.baseUs == 90000000 && tc.incUs == 1000000 && !tc.moves,
          "1:30+1");
    CHECK(tc_parse("0.01+0.0001", &tc, err, sizeof err) && tc.baseUs == 10000 && tc.incUs == 100, "10 ms + 0.1 ms");
    tc_format(&tc, buf, sizeof buf);
    CHECK(!strcmp(buf, "0.01+0.0001"), "format %s", buf);
    CHECK(tc_parse("tournament", &tc, err, sizeof err) && tc.kind == TC_MOVETIME && tc.movetimeUs == 180000000,
          "tournament = 180 s per decision");
    tc_format(&tc, buf, sizeof buf);
    CHECK(!strcmp(buf, "180/move"), "format %s", buf);
    const char *bad[] = {"", "abc", "-5", "40/", "/60", "0", "60+", "60+-1", "x/60", "0/60", "60+1+1", "1e400"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        TimeControl keep = tc;
        CHECK(!tc_parse(bad[i], &tc, err, sizeof err) && !memcmp(&keep, &tc, sizeof tc), "bad tc '%s' rejected",
              bad[i]);
    }
    CHECK(!tc_parse_st("0", &tc, err, sizeof err) && tc_parse_st("0.05", &tc, err, sizeof err) &&
              tc.movetimeUs == 50000,
          "st");
    CHECK(!tc_parse_margin("-1", &tc, err, sizeof err) && tc_parse_margin("25", &tc, err, sizeof err) &&
              tc.marginUs == 25000,
          "timemargin");

    /* Clock: 2/1+0.5 with a 100 ms margin. */
    TimeControl c = {.kind = TC_CLOCK, .moves = 2, .baseUs = 1000000, .incUs = 500000, .marginUs = 100000};
    Clock k;
    clock_start(&k, &c);
    CHECK(clock_allowance_us(&k, &c) == 1100000 && clock_moves_to_go(&k, &c) == 2, "allowance, movestogo");
    CHECK(clock_debit(&k, &c, 300000) && k.leftUs == 1200000, "debit + increment: %lld", (long long)k.leftUs);
    CHECK(clock_debit(&k, &c, 200000) && k.leftUs == 2500000, "second decision ends the period: %lld",
          (long long)k.leftUs);
    CHECK(clock_debit(&k, &c, 2550000) && k.leftUs == 500000, "overrun within the margin is forgiven: %lld",
          (long long)k.leftUs);
    CHECK(!clock_debit(&k, &c, 601000), "overrun past the margin loses");
    TimeControl st = {.kind = TC_MOVETIME, .movetimeUs = 50000, .marginUs = 10000};
    clock_start(&k, &st);
    CHECK(clock_debit(&k, &st, 60000) && !clock_debit(&k, &st, 60001), "movetime + margin");

    /* No clock: nodes= or depth= bound the search; a slow answer never loses on time. */
    TimeControl inf = {0};
    CHECK(tc_parse("inf", &inf, err, sizeof err) && inf.kind == TC_INFINITE, "tc=inf");
    tc_format(&inf, buf, sizeof buf);
    CHECK(!strcmp(buf, "inf"), "format %s", buf);
    clock_start(&k, &inf);
    CHECK(clock_debit(&k, &inf, 3600 * (int64_t)1000000) && clock_allowance_us(&k, &inf) >= 3600 * (int64_t)1000000,
          "no time loss without a clock");
    CHECK(tc_parse_nodes("5000", &inf, err, sizeof err) && inf.nodes == 5000, "nodes=5000");
    CHECK(tc_parse_depth("7", &inf, err, sizeof err) && inf.depth == 7, "depth=7");
    const char *badCount[] = {"", "0", "-3", "+3", "12x", "1e3"};
    for (size_t i = 0; i < sizeof badCount / sizeof badCount[0]; i++) {
        TimeControl keep = inf;
        CHECK(!tc_parse_nodes(badCount[i], &inf, err, sizeof err) && !tc_parse_depth(badCount[i], &inf, err, sizeof err) &&
                  !memcmp(&keep, &inf, sizeof inf),
              "bad nodes/depth '%s' rejected", badCount[i]);
    }
    CHECK(!tc_parse_depth("101", &inf, err, sizeof err), "depth over 100 rejected");
}

/* ---- PGN ---- */

static void test_pgn_roundtrip(Position *p, Position *q) {
    char err[256];
    const char *path = "build/match_test_roundtrip.pgn";
    FILE *f = fopen(path, "w");
    CHECK(f != NULL, "open %s", path);
    if (!f)
        return;
    /* Games from the start position and from a FEN with black to move, with every kind of
     * decision point; long enough to cross pos_compact's threshold. */
    const char *fens[] = {"", "r3k2r/p6p/8/8/8/8/P6P/R3K2R b KQkq - 3 17"};
    const char *maps[] = {"default", "a2h8 h2a8 a7h1 h7a1"};
    PgnGame g[6];
    Key keys[6];
    int forced = 0, react = 0;
    for (int i = 0; i < 6; i++) {
        pgn_init(&g[i]);
        EntMap map;
        const char *fen = fens[i % 2];
        pos_set_fen(p, fen[0] ? fen : PGN_START_FEN, VARIANT_QEC, err, sizeof err);
        entmap_parse(maps[i % 2], &map, err, sizeof err);
        entmap_apply(&map, p, err, sizeof err);
        snprintf(g[i].fen, sizeof g[i].fen, "%s", fen);
        entmap_text(p, g[i].entmap, sizeof g[i].entmap);
        snprintf(g[i].white, sizeof g[i].white, "W \"quoted\" \\ %d", i);
        snprintf(g[i].black, sizeof g[i].black, "B%d", i);
        snprintf(g[i].termination, sizeof g[i].termination, "adjudication");
        snprintf(g[i].comment, sizeof g[i].comment, "game %d", i);
        snprintf(g[i].result, sizeof g[i].result, "%s", i == 5 ? "0-0" : "1/2-1/2");
        g[i].bookTurns = i;
        random_game(&g[i], p, 1000 + (uint64_t)i, 900);
        pos_fen(p, g[i].finalFen, sizeof g[i].finalFen);
        keys[i] = pos_key(p);
        for (int k = 0; k < g[i].ndec; k++) {
            forced += g[i].dec[k].phase == PHASE_FORCED;
            react += g[i].dec[k].phase == PHASE_REACT;
        }
        CHECK(pgn_write(f, &g[i]), "write game %d", i);
    }
    fclose(f);
    CHECK(forced > 0 && react > 0, "the games have forced replies (%d) and reactive steps (%d)", forced, react);
    f = fopen(path, "r");
    PgnGame r;
    pgn_init(&r);
    for (int i = 0; i < 6; i++) {
        int rc = pgn_read(f, &r, err, sizeof err);
        CHECK(rc == 1, "read game %d: %d %s", i, rc, rc < 0 ? err : "");
        bool same = r.ndec == g[i].ndec;
        for (int k = 0; same && k < r.ndec; k++)
            same = !strcmp(r.dec[k].tok, g[i].dec[k].tok) && r.dec[k].phase == g[i].dec[k].phase;
        CHECK(same, "game %d: decisions read back (%d of %d)", i, r.ndec, g[i].ndec);
        CHECK(!strcmp(r.white, g[i].white) && !strcmp(r.black, g[i].black) && !strcmp(r.result, g[i].result) &&
                  !strcmp(r.fen, g[i].fen) && !strcmp(r.entmap, g[i].entmap) && r.bookTurns == i &&
                  !strcmp(r.termination, g[i].termination) && !strcmp(r.finalFen, g[i].finalFen),
              "game %d: tags read back (white '%s')", i, r.white);
        bool ok = pgn_replay(&r, q, err, sizeof err);
        char fen[128];
        pos_fen(q, fen, sizeof fen);
        CHECK(ok && pos_key(q) == keys[i] && !strcmp(fen, g[i].finalFen), "game %d replays to the same position: %s", i,
              ok ? fen : err);
    }
    CHECK(pgn_read(f, &r, err, sizeof err) == 0, "end of file");
    fclose(f);
    pgn_free(&r);
    for (int i = 0; i < 6; i++)
        pgn_free(&g[i]);
}

static int read_text(const char *text, PgnGame *g, char *err, size_t errlen) {
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    int rc = pgn_read(f, g, err, errlen);
    fclose(f);
    return rc;
}

/* Schroedinger records (S4): a random game to its end or 400 plies, written, read back and
 * replayed on the worlds to the same final position; a FEN tag, a promotion letter and a move no
 * world allows are refused; Position readers refuse the record. Random openings are move lists. */
static void test_worlds_records(Position *p) {
    char err[256], fen[128], back[128];
    WorldsPos h;
    PgnGame g, r;
    CHECK(worlds_pos_init(&h), "worlds_pos_init");
    pgn_init(&g);
    pgn_init(&r);
    g.variant = variant_named("schroedinger");
    uint64_t rng = 5;
    for (int ply = 0; ply < 400 && worlds_result(&h) == WORLDS_ONGOING; ply++) {
        Move list[WORLDS_MAX_MOVES];
        char tok[6];
        worlds_move_str(list[splitmix64_next(&rng) % (uint64_t)worlds_gen_legal(&h, list)], tok);
        worlds_do_move(&h, worlds_parse_move(&h, tok, &(const char *){NULL}));
        pgn_push(&g, tok, PHASE_BASE);
    }
    worlds_fen(&h, fen, sizeof fen);
    snprintf(g.result, sizeof g.result, "1/2-1/2");
    snprintf(g.termination, sizeof g.termination, "adjudication");
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    CHECK(f && pgn_write(f, &g), "write the schroedinger record");
    fclose(f);
    CHECK(strstr(text, "[Variant \"Schroedinger\"]") && !strstr(text, "[FEN") && strstr(text, "\n1. "),
          "tag, no FEN, numbered coordinates");
    CHECK(read_text(text, &r, err, sizeof err) == 1 && r.variant == variant_named("schroedinger") && r.ndec == g.ndec &&
              r.ndec > 40 && !strcmp(r.dec[r.ndec - 1].tok, g.dec[g.ndec - 1].tok),
          "read back: %d of %d moves (%s)", r.ndec, g.ndec, err);
    Board hb = {.pos = p};
    CHECK(pgn_replay_board(&r, &hb, err, sizeof err), "replays on the worlds: %s", err);
    board_fen(&hb, back, sizeof back);
    CHECK(!strcmp(fen, back), "same final position: %s vs %s", back, fen);
    CHECK(!pgn_replay(&r, p, err, sizeof err) && strstr(err, "schroedinger"), "pgn_replay refuses it: %s", err);
    free(text);
    const char *head = "[Result \"*\"]\n[Variant \"Schroedinger\"]\n";
    char buf[256];
    snprintf(buf, sizeof buf, "%s[FEN \"mmmmmmmm/pppppppp/8/8/8/8/PPPPPPPP/MMMMMMMM w - - 0 1\"]\n\n1. e2e4 *\n", head);
    CHECK(read_text(buf, &r, err, sizeof err) < 0 && strstr(err, "S4.2"), "a FEN tag is refused (S4.2): %s", err);
    snprintf(buf, sizeof buf, "%s\n1. e2e4q *\n", head);
    CHECK(read_text(buf, &r, err, sizeof err) < 0 && strstr(err, "e2e4q") && strstr(err, "S2.5"),
          "a promotion letter is refused as it is read (S2.5): %s", err);
    snprintf(buf, sizeof buf, "%s\n1. b1c3 b8c6 2. g1f3 g8f6 3. d1e3 *\n", head);
    CHECK(read_text(buf, &r, err, sizeof err) < 0 && strstr(err, "d1e3"),
          "a third knight jump is refused as it is read (S2.3): %s", err);
    OpeningsConfig cfg = {.kind = OPENINGS_RANDOM, .variant = variant_named("schroedinger"), .plies = 6};
    OpeningBook b;
    Opening o;
    CHECK(openings_load(&b, &cfg, 3, err, sizeof err) && openings_get(&b, 0, &o, p, err, sizeof err) && o.nbook == 6 &&
              !o.fen[0] && !o.entmap[0],
          "random schroedinger opening: 6 moves from the start, no FEN, no map: %s", err);
    r.ndec = 0;
    for (int i = 0; i < o.nbook; i++)
        pgn_push(&r, o.book[i], PHASE_BASE);
    GameEnd end;
    CHECK(pgn_replay_board(&r, &hb, err, sizeof err) && !board_game_end(&hb, &end), "its moves are legal: %s", err);
    openings_free(&b);
    pgn_free(&g);
    pgn_free(&r);
    worlds_pos_free(&h);
    board_close(&hb);
}

static void test_pgn_reader(Position *p) {
    char err[256];
    PgnGame g;
    pgn_init(&g);
    /* Hand-written: comments, NAGs, variations, glued numbers, `1...`, and the R5.2 example
     * tokens in a position where they are legal: with the default map e2 is linked to f8
     * (P1): e2e3 then e7e5 forces White's f1 bishop. */
    const char *text = "[Event \"x\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n[Variant \"QEC\"]\n\n"
                       "1.e2e3 {a comment\n over lines} e7e5[f1c4] $1 (1... d7d5) 2. d2d4[d8h4] ; rest ignored\n"
                       "2... d7d6 *\n\n";
    int rc = read_text(text, &g, err, sizeof err);
    CHECK(rc == 1 && g.ndec == 6 && g.dec[2].phase == PHASE_FORCED && !strcmp(g.dec[2].tok, "f1c4") &&
              g.dec[4].phase == PHASE_FORCED && !strcmp(g.dec[5].tok, "d7d6") && g.dec[5].phase == PHASE_BASE,
          "tolerant reading: rc %d, %d decisions", rc, g.ndec);
    CHECK(rc == 1 && pgn_replay(&g, p, err, sizeof err), "replay of the hand-written game: %s", err);
    const char *wrongPhase = "[Result \"*\"]\n[Variant \"QEC\"]\n\n1. e2e3 e7e5 2. d2d4 *\n";
    rc = read_text(wrongPhase, &g, err, sizeof err);
    CHECK(rc == 1 && !pgn_replay(&g, p, err, sizeof err) && strstr(err, "forced reply"),
          "a missing forced reply is caught: %s", err);
    const char *illegal = "[Result \"*\"]\n[Variant \"QEC\"]\n\n1. e2e5 *\n";
    rc = read_text(illegal, &g, err, sizeof err);
    CHECK(rc == 1 && !pgn_replay(&g, p, err, sizeof err) && strstr(err, "illegal"), "illegal decision caught: %s", err);
    const char *bad[] = {"[Result \"*\"]\n[Variant \"QEC\"]\n\n1. e2e4[ *\n", "[Result \"*\"]\n[Variant \"QEC\"]\n\n1. e2e4x *\n",
                         "[Result \"*\"]\n[Variant \"QEC\"]\n\n1. e2e4 e7e5\n\n", "[Result \"*\n\n1. e2e4 *\n", "[Result \"*\"]\n[Variant \"QEC\"]\n\n1x e2e4 *\n",
                         "[Result \"*\"]\n[Variant \"QEC\"]\n\n1. e2e4<e1e2 *\n", "[Result \"*\"]\n[Variant \"QEC\"]\n\n1. e2e4 } *\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(read_text(bad[i], &g, err, sizeof err) == -1, "malformed game %zu rejected", i);
    /* After a malformed game the reader goes on with the next one. */
    const char *two = "[Result \"*\"]\n[Variant \"QEC\"]\n\n1. zz99 *\n\n[Result \"1-0\"]\n[Variant \"QEC\"]\n\n1. e2e4 1-0\n";
    FILE *f = fmemopen((void *)two, strlen(two), "r");
    int a = pgn_read(f, &g, err, sizeof err), b = pgn_read(f, &g, err, sizeof err);
    CHECK(a == -1 && b == 1 && !strcmp(g.result, "1-0") && g.ndec == 1, "recovery after a bad game (%d, %d)", a, b);
    fclose(f);
    pgn_free(&g);
}

/* ---- openings ---- */

/* Writes text to path; false, a failed check, if it cannot. */
static bool write_text(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    if (!f) {
        CHECK(false, "open %s", path);
        return false;
    }
    fputs(text, f);
    fclose(f);
    return true;
}

/* Openings read from the file at path, for a match of variant. */
static OpeningsConfig file_openings(const char *path, const Variant *variant) {
    OpeningsConfig cfg = {.kind = OPENINGS_FILE, .variant = variant};
    snprintf(cfg.file, sizeof cfg.file, "%s", path);
    return cfg;
}

/* text written to path and loaded as the openings of a match of variant: the book in b, its
 * config in cfg (for the caller to vary and load again); false if the file cannot be written
 * (a failed check) or the openings are refused (err says why). */
static bool load_written(OpeningBook *b, OpeningsConfig *cfg, const char *path, const char *text, const char *variant,
                         uint64_t seed, char *err, size_t errlen) {
    if (!write_text(path, text))
        return false;
    *cfg = file_openings(path, variant_named(variant));
    return openings_load(b, cfg, seed, err, errlen);
}

static void test_openings(Position *p) {
    char err[256];
    const char *path = "build/match_test_openings.epd";
    OpeningsConfig cfg;
    OpeningBook b;
    Opening o;
    bool loaded = load_written(&b, &cfg, path,
                               "# comment\n"
                               "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; links a2a8 b2b8; D1 28\n"
                               "\n"
                               "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1; links h8a2 a8h2 a7h1 h7a1; D1 29\n"
                               "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1; links none\n"
                               "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1\n",
                               "qec", 7, err, sizeof err);
    CHECK(loaded && b.n == 4, "4 openings loaded: %s", err);
    if (!loaded)
        return;
    CHECK(openings_get(&b, 0, &o, p, err, sizeof err) && !o.fen[0] && !strcmp(o.entmap, "a2a8 b2b8"),
          "start position written as \"\", links kept: '%s'", o.entmap);
    CHECK(openings_get(&b, 1, &o, p, err, sizeof err) && o.fen[0] && strstr(o.entmap, "a2h8") &&
              strstr(o.entmap, "h2a8") && strstr(o.entmap, "a7h1"),
          "pairs written pawn first: '%s'", o.entmap);
    CHECK(openings_get(&b, 2, &o, p, err, sizeof err) && !strcmp(o.entmap, "none"), "links none");
    CHECK(openings_get(&b, 3, &o, p, err, sizeof err) && strstr(o.entmap, "a2a8") && strstr(o.entmap, "a7a1") &&
              strlen(o.entmap) == 9,
          "no links field: the default-map pairs that fit (a2a8, a7a1): '%s'", o.entmap);
    CHECK(openings_get(&b, 5, &o, p, err, sizeof err) && strstr(o.entmap, "a2h8"), "slots wrap around");
    openings_free(&b);
    cfg.randomOrder = true;
    cfg.start = 2;
    CHECK(openings_load(&b, &cfg, 7, err, sizeof err), "random order");
    int seen = 0;
    for (int i = 0; i < 4; i++) {
        openings_get(&b, i, &o, p, err, sizeof err);
        seen |= 1 << (o.label[strlen(o.label) - 1] - '0');
    }
    CHECK(seen == (1 << 2 | 1 << 4 | 1 << 5 | 1 << 6), "every opening once per cycle (lines 2,4,5,6): %x", seen);
    openings_free(&b);

    CHECK(!load_written(&b, &cfg, path,
                        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; links none\n"
                        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; links a2b2\n",
                        "qec", 7, err, sizeof err) &&
              strstr(err, ":2:"),
          "bad link names the line: %s", err);

    OpeningsConfig rc = {.kind = OPENINGS_RANDOM, .variant = variant_named("qec"), .hasSeed = true, .seed = 42, .plies = 6};
    Opening o2;
    CHECK(openings_load(&b, &rc, 0, err, sizeof err), "random openings");
    CHECK(openings_get(&b, 3, &o, p, err, sizeof err) && openings_get(&b, 3, &o2, p, err, sizeof err) &&
              !memcmp(&o, &o2, sizeof o),
          "same slot, same opening");
    CHECK(o.bookTurns == 6 && !strcmp(o.label, "random 45"), "6 turns, map seed 42+3: %d %s", o.bookTurns, o.label);
    /* The map is the one qec builds for `EntMap random 45`. */
    EntMap m;
    char links[256];
    pos_set_fen(p, PGN_START_FEN, VARIANT_QEC, err, sizeof err);
    entmap_parse("random 45", &m, err, sizeof err);
    entmap_apply(&m, p, err, sizeof err);
    entmap_text(p, links, sizeof links);
    CHECK(!strcmp(links, o.entmap), "random map = EntMap random 45");
    CHECK(openings_get(&b, 4, &o2, p, err, sizeof err) && strcmp(o.entmap, o2.entmap), "next slot, another map");
    openings_free(&b);
}

/* ---- classical chess (issue 12) ---- */

static Move uci_move(Position *p, const char *tok) { return pos_parse_decision(p, tok); }

static void set_chess(Position *p, const char *fen) {
    char err[256];
    bool ok = pos_set_fen(p, fen, VARIANT_CHESS, err, sizeof err);
    CHECK(ok, "chess FEN %s: %s", fen, ok ? "" : err);
}

/* Chess SAN (PGN standard 8.2.3) is notation.h's short form of a classical position. */
static void san_format(const Position *p, Move m, char *san, size_t len) {
    if (!notation_format_decision(p, m, NOTATION_SHORT, san, len))
        snprintf(san, len, "(none)");
}

static Move san_parse(const Position *p, const char *san) {
    char err[400];
    return notation_parse_decision(p, san, err, sizeof err);
}

/* SAN of a UCI move in a chess position, and that SAN parsed back to the same move. */
static void san_case(Position *p, const char *fen, const char *tok, const char *want) {
    char san[NOTATION_TURN_MAX];
    set_chess(p, fen);
    Move m = uci_move(p, tok);
    CHECK(m != MOVE_NONE, "%s is legal in %s", tok, fen);
    if (m == MOVE_NONE)
        return;
    san_format(p, m, san, sizeof san);
    CHECK(!strcmp(san, want), "SAN of %s in %s: '%s', want '%s'", tok, fen, san, want);
    CHECK(san_parse(p, san) == m, "'%s' parses back to %s", san, tok);
}

static void test_san(Position *p) {
    san_case(p, PGN_START_FEN, "g1f3", "Nf3");
    san_case(p, PGN_START_FEN, "e2e4", "e4");
    /* Disambiguation (PGN standard 8.2.3.4): file first, rank if the file is shared, both if
     * neither alone is enough. */
    san_case(p, "2k5/8/8/8/8/8/4K3/R6R w - - 0 1", "a1d1", "Rad1");
    san_case(p, "2k5/8/8/8/8/8/4K3/R6R w - - 0 1", "h1d1", "Rhd1");
    san_case(p, "2k5/8/8/8/R7/8/4K3/R7 w - - 0 1", "a1a2", "R1a2");
    san_case(p, "2k5/8/8/8/R7/8/4K3/R7 w - - 0 1", "a4a2", "R4a2");
    san_case(p, "1k6/8/8/8/4Q2Q/1K6/8/7Q w - - 0 1", "h4e1", "Qh4e1");
    san_case(p, "1k6/8/8/8/4Q2Q/1K6/8/7Q w - - 0 1", "e4e1", "Qee1");
    san_case(p, "1k6/8/8/8/4Q2Q/1K6/8/7Q w - - 0 1", "h1e1", "Q1e1");
    /* Castling from e1g1 / e8c8 (standard UCI), promotions, en passant, check and mate. */
    san_case(p, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O");
    san_case(p, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O");
    san_case(p, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", "b8=Q+");
    san_case(p, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n", "b8=N");
    san_case(p, "2n1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7c8r", "bxc8=R+");
    san_case(p, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "exd6");
    san_case(p, "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", "Qh4#");
    /* Lenient reading: what other tools write. */
    set_chess(p, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    CHECK(san_parse(p, "0-0") == uci_move(p, "e1g1") && san_parse(p, "O-O-O+") == uci_move(p, "e1c1"), "0-0, O-O-O+");
    CHECK(san_parse(p, "Rd1") == uci_move(p, "a1d1") && san_parse(p, "Ra1-d1") == uci_move(p, "a1d1"), "Rd1, Ra1-d1");
    CHECK(san_parse(p, "Rb1!?") == uci_move(p, "a1b1"), "annotation ignored");
    set_chess(p, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    CHECK(san_parse(p, "b8Q") == uci_move(p, "b7b8q") && san_parse(p, "b8") == MOVE_NONE, "b8Q; b8 without a piece is none");
    set_chess(p, "2k5/8/8/8/8/8/4K3/R6R w - - 0 1");
    const char *bad[] = {"Rd1", "Ke4", "Nf3", "", "x", "Qxx", "e9", "O-O", "Rad1=Q", "K"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(san_parse(p, bad[i]) == MOVE_NONE, "'%s' (ambiguous, illegal or malformed) names no move", bad[i]);
    /* Every legal move of random games: its SAN is unique and parses back. */
    uint64_t seed = 77;
    int moves = 0, wrong = 0;
    for (int game = 0; game < 20; game++) {
        set_chess(p, PGN_START_FEN);
        GameEnd end;
        for (int ply = 0; ply < 300 && !pos_game_end(p, &end); ply++) {
            Move list[MAX_MOVES];
            int n = pos_legal_decisions(p, list);
            for (int i = 0; i < n; i++) {
                char san[NOTATION_TURN_MAX];
                san_format(p, list[i], san, sizeof san);
                wrong += san_parse(p, san) != list[i];
                moves++;
            }
            pos_do(p, list[splitmix64_next(&seed) % (uint64_t)n]);
            pos_compact(p);
        }
    }
    CHECK(moves > 20000 && !wrong, "SAN round trip of every legal move in random games: %d of %d wrong", wrong, moves);
}

/* A random classical game written as PGN: standard tags only, SAN, read back to the same moves. */
static void test_chess_pgn(Position *p) {
    char err[256], fen[128];
    const char *path = "build/match_test_chess.pgn";
    const char *fens[] = {"", "r3k2r/p6p/8/8/8/8/P6P/R3K2R b KQkq - 3 17"};
    PgnGame g[2], r;
    FILE *f = fopen(path, "w");
    CHECK(f != NULL, "open %s", path);
    if (!f)
        return;
    for (int i = 0; i < 2; i++) {
        pgn_init(&g[i]);
        g[i].variant = variant_named("chess");
        set_chess(p, fens[i][0] ? fens[i] : PGN_START_FEN);
        snprintf(g[i].fen, sizeof g[i].fen, "%s", fens[i]);
        snprintf(g[i].white, sizeof g[i].white, "W%d", i);
        snprintf(g[i].black, sizeof g[i].black, "B%d", i);
        random_game(&g[i], p, 500 + (uint64_t)i, 400);
        pos_fen(p, g[i].finalFen, sizeof g[i].finalFen);
        GameEnd end;
        pos_game_end(p, &end);
        snprintf(g[i].result, sizeof g[i].result, "%s", end_result(&end));
        pgn_write(f, &g[i]);
    }
    fclose(f);
    f = fopen(path, "r");
    char text[1 << 16];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    CHECK(!strstr(text, "[Variant") && !strstr(text, "[EntMap") && !strstr(text, "e2e4"),
          "chess PGN: no Variant or EntMap tag, no UCI tokens");
    CHECK(strstr(text, "[SetUp \"1\"]\n[FEN \"r3k2r/p6p/8/8/8/8/P6P/R3K2R b KQkq - 3 17\"]") != NULL &&
              strstr(text, "17... "),
          "SetUp and FEN for the set-up game, its movetext from 17...");
    f = fopen(path, "r");
    pgn_init(&r);
    for (int i = 0; i < 2; i++) {
        int rc = pgn_read(f, &r, err, sizeof err);
        bool same = rc == 1 && r.ndec == g[i].ndec && r.variant == variant_named("chess");
        for (int k = 0; same && k < r.ndec; k++)
            same = !strcmp(r.dec[k].tok, g[i].dec[k].tok);
        CHECK(same, "chess game %d read back: rc %d, %d of %d moves %s", i, rc, r.ndec, g[i].ndec, rc < 0 ? err : "");
        bool ok = same && pgn_replay(&r, p, err, sizeof err);
        pos_fen(p, fen, sizeof fen);
        CHECK(ok && !strcmp(fen, g[i].finalFen), "chess game %d replays to its final position", i);
        pgn_free(&g[i]);
    }
    fclose(f);
    /* Other tools' PGN: no tags but the roster, SAN with checks, comments, NAGs, variations,
     * UCI tokens; a wrong or ambiguous SAN is an error that names the move. */
    int rc = read_text("[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 {c} Nc6 3. Qh5 $2 (3. Nf3) Nf6?? "
                       "4. Qxf7# 1-0\n",
                       &r, err, sizeof err);
    CHECK(rc == 1 && r.variant == variant_named("chess") && r.ndec == 7 && !strcmp(r.dec[6].tok, "h5f7") &&
              pgn_replay(&r, p, err, sizeof err),
          "scholar's mate from SAN: rc %d, %d moves", rc, r.ndec);
    GameEnd end;
    CHECK(rc == 1 && pos_game_end(p, &end) && end.reason == END_MATE && end.winner == WHITE, "and it is mate");
    rc = read_text("[Result \"*\"]\n\n1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 g8f6 4. e1g1 *\n", &r, err, sizeof err);
    CHECK(rc == 1 && r.ndec == 7 && !strcmp(r.dec[6].tok, "e1g1"), "UCI tokens in chess movetext, castling e1g1");
    CHECK(read_text("[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n", &r, err, sizeof err) == -1 && strstr(err, "Ke3"),
          "illegal SAN named: %s", err);
    CHECK(read_text("[Result \"*\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 *\n", &r, err, sizeof err) == -1 &&
              strstr(err, "variant"),
          "unknown variant rejected: %s", err);
    rc = read_text("[Result \"*\"]\n[Variant \"Standard\"]\n\n1. e4 *\n", &r, err, sizeof err);
    CHECK(rc == 1 && r.variant == variant_named("chess"), "[Variant \"Standard\"] is chess");
    pgn_free(&r);
}

/* The game ends the runner adjudicates by in chess are engine/'s (pos_game_end), reached here
 * through records as the runner keeps them. */
static void chess_end_case(Position *p, const char *fen, const char *moves, int reason, int winner) {
    char err[256], buf[512];
    PgnGame g;
    pgn_init(&g);
    g.variant = variant_named("chess");
    snprintf(g.fen, sizeof g.fen, "%s", fen);
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
        pgn_push(&g, t, PHASE_BASE);
    GameEnd end;
    bool ok = pgn_replay(&g, p, err, sizeof err);
    bool over = ok && pos_game_end(p, &end);
    CHECK(over && end.reason == reason && end.winner == winner, "%s + %s: %s (reason %d winner %d, want %d %d)", fen,
          moves, ok ? "" : err, over ? end.reason : -1, over ? end.winner : -9, reason, winner);
    pgn_free(&g);
}

static void test_chess_ends(Position *p) {
    chess_end_case(p, "", "f2f3 e7e5 g2g4 d8h4", END_MATE, BLACK);
    chess_end_case(p, "k7/8/1Q6/8/8/8/8/4K3 w - - 0 1", "b6b5 a8a7 b5b6 a7a8 b6b5 a8a7 b5b6 a7a8", END_REPETITION,
                   RESULT_DRAW);
    chess_end_case(p, "k7/8/8/1Q6/8/8/8/4K3 w - - 0 1", "b5b6", END_STALEMATE, RESULT_DRAW);
    chess_end_case(p, "k7/8/8/8/8/8/8/4K2R w - - 99 80", "h1h2", END_FIFTY, RESULT_DRAW);
    chess_end_case(p, "k7/8/8/8/8/8/8/2b1K2R w - - 0 1", "h1h8 a8b7 h8c8 b7c8", END_MATERIAL, RESULT_DRAW);
    GameEnd end;
    set_chess(p, "k7/8/8/8/8/8/8/4K1NN w - - 0 1");
    CHECK(!pos_game_end(p, &end), "K+N+N v K plays on (mate is possible)");
    set_chess(p, "k7/8/8/8/8/8/8/4K2R w - - 98 80");
    pos_do(p, uci_move(p, "h1h2"));
    CHECK(!pos_game_end(p, &end), "99 plies without capture or pawn move: not yet the fifty-move rule");
}

static void test_chess_openings(Position *p) {
    char err[256];
    const char *epd = "build/match_test_chess.epd", *pgn = "build/match_test_openings.pgn";
    OpeningsConfig cfg;
    OpeningBook b;
    Opening o;
    bool loaded = load_written(&b, &cfg, epd,
                               "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"after e4\";\n"
                               "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n"
                               "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c0 \"start\";\n",
                               "chess", 1, err, sizeof err);
    CHECK(loaded && b.n == 3, "chess EPD with operations: %s", err);
    if (!loaded)
        return;
    CHECK(openings_get(&b, 0, &o, p, err, sizeof err) &&
              !strcmp(o.fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1") && !o.entmap[0],
          "EPD operations dropped, FEN written in full, no links: '%s' '%s'", o.fen, o.entmap);
    CHECK(openings_get(&b, 2, &o, p, err, sizeof err) && !o.fen[0], "the start position is written as \"\"");
    openings_free(&b);
    CHECK(!load_written(&b, &cfg, epd, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; links a2a8\n",
                        "chess", 1, err, sizeof err) &&
              strstr(err, "no links"),
          "links in chess rejected: %s", err);
    /* The numbers after the fourth field are the FEN's (clocks, then a row's counters): kept,
     * and one the row does not have is refused by the FEN reader, not dropped. */
    CHECK(load_written(&b, &cfg, epd, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 4 bm e5;\n", "chess", 1,
                       err, sizeof err) &&
              openings_get(&b, 0, &o, p, err, sizeof err) &&
              !strcmp(o.fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 4 1"),
          "a half-move clock alone is kept: '%s' %s", o.fen, err);
    openings_free(&b);
    CHECK(!load_written(&b, &cfg, epd, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 5; id \"x\";\n",
                        "chess", 1, err, sizeof err) &&
              strstr(err, "more than 6 fields"),
          "a seventh FEN field reaches the FEN reader: %s", err);

    write_text(pgn, "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 *\n\n"
                    "[Event \"b\"]\n[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n"
                    "1. e4 Kd7 *\n");
    cfg = file_openings(pgn, variant_named("chess"));
    cfg.plies = 4;
    CHECK(openings_load(&b, &cfg, 1, err, sizeof err) && b.n == 2, "PGN openings (by the file name): %s", err);
    CHECK(openings_get(&b, 0, &o, p, err, sizeof err) && o.nbook == 4 && !strcmp(o.book[3], "d7d6") && !o.fen[0],
          "plies=4 of the Sicilian: %d moves", o.nbook);
    CHECK(openings_get(&b, 1, &o, p, err, sizeof err) && o.nbook == 2 && !strcmp(o.fen, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"),
          "a set-up game keeps its FEN");
    openings_free(&b);
    cfg.variant = variant_named("qec");
    cfg.format = OPENINGS_FORMAT_PGN;
    CHECK(!openings_load(&b, &cfg, 1, err, sizeof err) && strstr(err, "chess game in a qec match"),
          "a chess PGN in a QEC match: %s", err);

    OpeningsConfig rc = {.kind = OPENINGS_RANDOM, .variant = variant_named("chess"), .hasSeed = true, .seed = 9, .plies = 8};
    CHECK(openings_load(&b, &rc, 0, err, sizeof err) && openings_get(&b, 0, &o, p, err, sizeof err) &&
              o.nbook == 8 && !o.entmap[0] && !strcmp(o.label, "random 9"),
          "random chess opening: 8 moves, no links: %d '%s'", o.nbook, o.entmap);
    openings_free(&b);
}

int main(void) {
    engine_init();
    Position *p = malloc(sizeof *p), *q = malloc(sizeof *q);
    test_variant_table();
    test_series();
    test_tc();
    test_pgn_roundtrip(p, q);
    test_pgn_reader(p);
    test_worlds_records(p);
    test_openings(p);
    test_san(p);
    test_chess_pgn(p);
    test_chess_ends(p);
    test_chess_openings(p);
    free(p);
    free(q);
    return check_summary("match_test");
}
