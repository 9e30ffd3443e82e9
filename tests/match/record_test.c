/* QEC records in people's notation (issue 15, R5.3): qecmatch writes each turn in the short
 * form of engine/notation.h with its whole-turn token (R5.2) in a comment after it. Random
 * games under random maps are written by pgn_write, then read back three ways, each to the
 * position the game really reached: the record as written, its movetext with the token
 * comments cut out (short form alone), and the token comments alone as an old-style record.
 * A corrupt short-form move and a token comment that disagrees are errors naming the move. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/links.h"
#include "../../match/openings.h"
#include "../../record/record.h"
#include "../check.h"
#include "random_game.h"

static char err[400];

static bool is_square(const char *s) { return s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8'; }

/* `{e2e4[h8h7]}`: a comment that starts with a whole-turn token (written apart from the reader,
 * as another tool would: two squares after the brace). */
static bool token_comment(const char *s) { return s[0] == '{' && is_square(s + 1) && is_square(s + 3); }

/* Not inlined: GCC 12 then takes the stream's buffer for a pointer to the local `text` whose
 * address open_memstream holds (-Wdangling-pointer, a false alarm). */
__attribute__((noinline)) static char *write_text(const PgnGame *g) {
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    pgn_write(f, g);
    fclose(f);
    return text;
}

static int read_text(const char *text, PgnGame *g) {
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    int rc = pgn_read(f, g, err, sizeof err);
    fclose(f);
    return rc;
}

/* The record without its token comments: tags and the people's movetext. */
static char *short_only(const char *text) {
    char *out = malloc(strlen(text) + 1), *o = out;
    for (const char *s = text; *s;) {
        if (token_comment(s)) {
            s = strchr(s, '}') + 1;
            continue;
        }
        *o++ = *s++;
    }
    *o = 0;
    return out;
}

/* The tags, then the token comments' contents as movetext (the old record form). */
static char *tokens_only(const char *text, const char *result) {
    const char *body = strstr(text, "\n\n") + 2;
    char *out = malloc(strlen(text) + 16), *o = out;
    memcpy(o, text, (size_t)(body - text));
    o += body - text;
    for (const char *s = body; (s = strchr(s, '{'));) {
        const char *e = strchr(s, '}');
        if (token_comment(s)) {
            memcpy(o, s + 1, (size_t)(e - s - 1));
            o += e - s - 1;
            *o++ = ' ';
        }
        s = e + 1;
    }
    sprintf(o, "%s\n", result);
    return out;
}

/* Reads `text` and replays it; true if it reaches `want` (the game's final key). */
static bool reads_to(const char *text, Key want, Position *q, const char *what, int game) {
    PgnGame r;
    pgn_init(&r);
    int rc = read_text(text, &r);
    bool ok = rc == 1 && pgn_replay(&r, q, err, sizeof err) && pos_key(q) == want;
    CHECK(ok, "game %d, %s: rc %d, %s", game, what, rc, err);
    pgn_free(&r);
    return ok;
}

static void test_round_trips(Position *p, Position *q) {
    static const char *const MAPS[] = {"default", "random 3", "random 17", "a2h8 h2a8 a7h1 h7a1", "none", "random 41"};
    static const char *const FENS[] = {"", "r3k2r/p6p/8/8/8/8/P6P/R3K2R b KQkq - 3 17"};
    int decisions = 0, forced = 0, react = 0;
    for (int i = 0; i < 18; i++) {
        PgnGame g;
        EntMap map;
        pgn_init(&g);
        const char *fen = FENS[i % 2 && i < 6];
        bool set = pos_set_fen(p, fen[0] ? fen : PGN_START_FEN, VARIANT_QEC, err, sizeof err) &&
                   entmap_parse(MAPS[i % 6], &map, err, sizeof err) && entmap_apply(&map, p, err, sizeof err);
        CHECK(set, "game %d: root with map %s: %s", i, MAPS[i % 6], set ? "" : err);
        snprintf(g.fen, sizeof g.fen, "%s", fen);
        entmap_text(p, g.entmap, sizeof g.entmap);
        snprintf(g.result, sizeof g.result, "*");
        random_game(&g, p, 7000 + (uint64_t)i, 200 + 70 * i); /* some end mid-turn */
        pos_fen(p, g.finalFen, sizeof g.finalFen);
        Key want = pos_key(p);
        for (int k = 0; k < g.ndec; k++)
            forced += g.dec[k].phase == PHASE_FORCED, react += g.dec[k].phase == PHASE_REACT;
        decisions += g.ndec;
        char *text = write_text(&g), *shortText = short_only(text), *toks = tokens_only(text, g.result);
        int comments = 0;
        for (const char *c = text; (c = strchr(c, '{')); c++)
            comments += token_comment(c);
        CHECK(comments > 0 && !strchr(shortText, '{') && !strchr(toks, '{') && !strstr(shortText, "e2e4"),
              "game %d: %d token comments, none left in the short form or the tokens", i, comments);
        reads_to(text, want, q, "the record as written", i);
        reads_to(shortText, want, q, "the short form alone", i);
        reads_to(toks, want, q, "the tokens alone", i);
        free(text);
        free(shortText);
        free(toks);
        pgn_free(&g);
    }
    CHECK(decisions > 3000 && forced > 100 && react > 30, "%d decisions, %d forced replies, %d reactive steps",
          decisions, forced, react);
}

/* R2.3/R2.5 on the default map: 1. e2e3 e7e5 forces the f1 bishop (e2-f8 link, P1). */
static const char *const HEAD = "[Event \"x\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n[Variant \"QEC\"]\n"
                                "[EntMap \"default\"]\n\n";

static int read_moves(const char *moves, PgnGame *g) {
    char text[1024];
    snprintf(text, sizeof text, "%s%s\n", HEAD, moves);
    return read_text(text, g);
}

static void test_hand_records(Position *q) {
    PgnGame g;
    pgn_init(&g);
    /* Short form, long form and tokens mixed, with and without token comments. */
    int rc = read_moves("1. e3 {e2e3} e5 [↔ Bc4] {e7e5[f1c4]} 2. d2-d4 e7e5 *", &g);
    CHECK(rc == -1 && strstr(err, "e7e5"), "e7e5 after e5: %s", err);
    rc = read_moves("1. e3 {e2e3} e5 [↔ Bc4] {e7e5[f1c4]} 2. d2-d4 {d2d4} *", &g);
    CHECK(rc == 1 && g.ndec == 4 && g.dec[2].phase == PHASE_FORCED && !strcmp(g.dec[2].tok, "f1c4") &&
              !strcmp(g.dec[3].tok, "d2d4") && pgn_replay(&g, q, err, sizeof err),
          "short, long and token comments: rc %d, %d decisions %s", rc, g.ndec, rc < 0 ? err : "");
    rc = read_moves("1. e3 e7e5[f1c4] 2. d4 {a comment} *", &g);
    CHECK(rc == 1 && g.ndec == 4, "short form and UCI tokens mixed, no token comments: rc %d %s", rc, rc < 0 ? err : "");
    /* Castling written with zeros, as people type it (R3.1). */
    rc = read_text("[Result \"*\"]\n[Variant \"QEC\"]\n[EntMap \"none\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n"
                   "1. 0-0-0 O-O *\n", &g);
    CHECK(rc == 1 && g.ndec == 2 && !strcmp(g.dec[0].tok, "e1c1") && !strcmp(g.dec[1].tok, "e8g8"),
          "0-0-0 and O-O: rc %d %s", rc, rc < 0 ? err : "");
    /* A corrupt short-form move is named, token comments or not. */
    rc = read_moves("1. e3 {e2e3} e5 [↔ Bc4] {e7e5[f1c4]} 2. Qh9 {d1h5} *", &g);
    CHECK(rc == -1 && strstr(err, "Qh9"), "corrupt move named: %s", err);
    rc = read_moves("1. e3 e5 [↔ Bc4] 2. Ke3 *", &g);
    CHECK(rc == -1 && strstr(err, "move 2 'Ke3'"), "illegal move named with its number: %s", err);
    rc = read_moves("1. e3 e5 [↔ Bg2] 2. d4 *", &g);
    CHECK(rc == -1 && strstr(err, "Bg2]"), "wrong forced reply named: %s", err);
    rc = read_moves("1. e3 e5 2. d4 *", &g);
    CHECK(rc == -1 && strstr(err, "d4") && strstr(err, "forced reply"), "missing forced reply named: %s", err);
    /* The people's text and the token comments must agree. */
    rc = read_moves("1. e3 {e2e3} e5 [↔ Bc4] {e7e5[f1d3]} *", &g);
    CHECK(rc == -1 && strstr(err, "decision 3") && strstr(err, "f1c4") && strstr(err, "f1d3"),
          "a token comment that disagrees: %s", err);
    rc = read_moves("1. e3 {e2e3} e5 [↔ Bc4] *", &g);
    CHECK(rc == -1 && strstr(err, "decision 2"), "a missing token comment: %s", err);
    /* Old records (tokens only) read as before, errors too. */
    rc = read_moves("1. e2e3 e7e5[f1c4] 2. d2d4 *", &g);
    CHECK(rc == 1 && g.ndec == 4 && pgn_replay(&g, q, err, sizeof err), "old token record: rc %d", rc);
    rc = read_moves("1. e2e3 e7e9 *", &g);
    CHECK(rc == -1 && strstr(err, "bad turn token 'e7e9'"), "old record's bad token: %s", err);
    /* A QEC record without an EntMap tag is played on the default map (R1.4); written back,
     * it must still say so, not "none" (found by tests/fuzz/fuzz_pgn). */
    rc = read_text("[Result \"*\"]\n[Variant \"QEC\"]\n\n1. e2e3 e7e5[f1c4] 2. h2h3 *\n", &g);
    CHECK(rc == 1 && pgn_replay(&g, q, err, sizeof err), "QEC record without EntMap: rc %d %s", rc, err);
    char *again = write_text(&g);
    rc = read_text(again, &g);
    CHECK(rc == 1 && g.ndec == 4 && pgn_replay(&g, q, err, sizeof err) && strstr(again, "[EntMap \"default\"]"),
          "written back with the default map: rc %d %s\n%s", rc, err, again);
    free(again);
        /* A bad EntMap tag cannot be read as people's notation. */
    rc = read_text("[Result \"*\"]\n[Variant \"QEC\"]\n[EntMap \"a2a3\"]\n\n1. e3 *\n", &g);
    CHECK(rc == -1 && strstr(err, "EntMap"), "bad EntMap named: %s", err);
    pgn_free(&g);
}

/* A review's marks go after their own part of a turn, in the short form (`e5? [↔ Bc4??]`) and
 * in a whole-turn token written where the turn does not replay (`e7e5?[h1h8??]`, no space
 * before its bracket). */
static void test_marked_turns(void) {
    PgnGame g;
    PgnNote notes[4];
    pgn_init(&g);
    memset(notes, 0, sizeof notes);
    snprintf(notes[1].mark, sizeof notes[1].mark, "?");
    snprintf(notes[2].mark, sizeof notes[2].mark, "??");
    int rc = read_moves("1. e3 e5 [↔ Bc4] 2. d4 *", &g);
    CHECK(rc == 1 && g.ndec == 4 && g.dec[2].phase == PHASE_FORCED, "marked game: rc %d %s", rc, rc < 0 ? err : "");
    for (int pass = 0; pass < 2 && rc == 1; pass++) {
        if (pass) /* a forced reply no position allows: the turn and the rest are tokens */
            snprintf(g.dec[2].tok, sizeof g.dec[2].tok, "h1h8");
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        pgn_write_annotated(f, &g, notes);
        fclose(f);
        const char *want = pass ? " e7e5?[h1h8??] 2. d2d4 *" : " e5? [\xE2\x86\x94 Bc4??] {e7e5[f1c4]} 2. d4 {d2d4} *";
        CHECK(strstr(text, want), "marks after their own part (%s):\n%s", pass ? "tokens" : "short form", text);
        free(text);
    }
    pgn_free(&g);
}

/* qecmatch's `-openings file=… format=pgn` reads a record in the new form: the opening is its
 * first decisions, the same tokens the record's comments hold. */
static void test_pgn_openings(Position *p) {
    const char *path = "build/record_test_openings.pgn";
    PgnGame g;
    EntMap map;
    pgn_init(&g);
    pos_set_fen(p, PGN_START_FEN, VARIANT_QEC, err, sizeof err);
    entmap_parse("default", &map, err, sizeof err);
    entmap_apply(&map, p, err, sizeof err);
    entmap_text(p, g.entmap, sizeof g.entmap);
    /* R2.3 on the default map: e2e3 then e7e5 forces the f1 bishop (three decisions, two turns). */
    const char *toks[][2] = {{"e2e3", "0"}, {"e7e5", "0"}, {"f1c4", "1"}};
    for (size_t i = 0; i < sizeof toks / sizeof toks[0]; i++)
        pgn_push(&g, toks[i][0], toks[i][1][0] - '0');
    snprintf(g.result, sizeof g.result, "*");
    FILE *f = fopen(path, "w");
    CHECK(f && pgn_write(f, &g), "write %s", path);
    if (f)
        fclose(f);
    char *text = NULL;
    size_t len = 0;
    f = fopen(path, "r");
    CHECK(f && getdelim(&text, &len, 0, f) > 0 && strstr(text, "1. e3 {e2e3} e5 [\xE2\x86\x94 Bc4] {e7e5[f1c4]} *"),
          "the opening record is in the new form: %s", text ? text : "(none)");
    if (f)
        fclose(f);
    free(text);
    OpeningsConfig cfg = {.kind = OPENINGS_FILE, .variant = variant_named("qec"), .format = OPENINGS_FORMAT_PGN, .plies = 3};
    snprintf(cfg.file, sizeof cfg.file, "%s", path);
    OpeningBook b;
    Opening o;
    bool ok = openings_load(&b, &cfg, 1, err, sizeof err) && openings_get(&b, 0, &o, p, err, sizeof err);
    CHECK(ok && o.nbook == 3 && !strcmp(o.book[0], "e2e3") && !strcmp(o.book[2], "f1c4") && o.bookTurns == 2,
          "PGN opening from a new-form record: %s", ok ? "" : err);
    if (ok)
        openings_free(&b);
    pgn_free(&g);
}

int main(void) {
    engine_init();
    Position *p = malloc(sizeof *p), *q = malloc(sizeof *q);
    test_round_trips(p, q);
    test_hand_records(q);
    test_marked_turns();
    test_pgn_openings(p);
    free(p);
    free(q);
    return check_summary("record_test");
}
