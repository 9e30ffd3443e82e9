/* Opening book tests (issue 6). Modes:
 *   book_test unit DIR         unit tests; scratch files go to DIR
 *   book_test gen N SEED FILE  N random QEC games (default and random maps) as PGN
 *   book_test rss ARGS...      book_cli(ARGS), then "maxrss_kib N" (peak resident memory)
 * Expected counts come from the hand-written PGN files and the reasoning in the comments,
 * never from the builder's own output. Positions and decisions are set up through engine/,
 * which also proves every hand-written decision legal. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <dirent.h>
#include <xxhash.h>

#include "../../book/book.h"
#include "../../engine/links.h"
#include "../../record/record.h"

static int passed, failed;
static const char *tmpdir;

static void check(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void check(bool ok, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("FAIL: ");
        vprintf(fmt, ap);
        printf("\n");
    }
    va_end(ap);
}

static char *tmp_path(const char *name) {
    static char buf[8][512];
    static int next;
    char *s = buf[next++ % 8];
    snprintf(s, 512, "%s/%s", tmpdir, name);
    return s;
}

/* A position from FEN + map + tokens (single decisions or whole turns), each checked legal. */
static Position *setup(const char *fen, const char *map, const char *moves) {
    Position *p = malloc(sizeof *p);
    EntMap m;
    char err[200], buf[512];
    if (!pos_set_fen(p, fen ? fen : PGN_START_FEN, VARIANT_QEC, err, sizeof err) ||
        !entmap_parse(map, &m, err, sizeof err) || !entmap_apply(&m, p, err, sizeof err)) {
        printf("setup: %s\n", err);
        exit(2);
    }
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *c = buf; *c; c++)
        if (strchr("[]<>", *c))
            *c = ' ';
    for (char *save, *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        Move mv = pos_parse_decision(p, t);
        if (!mv) {
            printf("setup: %s is illegal after '%s'\n", t, moves);
            exit(2);
        }
        pos_do(p, mv);
    }
    return p;
}

static Key key_of(const char *fen, const char *map, const char *moves) {
    Position *p = setup(fen, map, moves);
    Key k = pos_key(p);
    free(p);
    return k;
}

static BookMove bm_of(const char *tok) {
    BookMove promo = 0;
    if (tok[4])
        promo = (BookMove)(strchr(" nbrq", tok[4]) - " nbrq");
    return (BookMove)((tok[0] - 'a') + 8 * (tok[1] - '1') + (((tok[2] - 'a') + 8 * (tok[3] - '1')) << 6) + (promo << 12));
}

/* The entry (key, tok) or NULL. */
static const BookEntry *find(const Book *b, Key key, const char *tok) {
    static BookEntry e[MAX_MOVES];
    int n = book_probe(b, key, e, MAX_MOVES);
    for (int i = 0; i < n; i++)
        if (e[i].move == bm_of(tok))
            return &e[i];
    return NULL;
}

static void expect(const Book *b, Key key, const char *what, const char *tok, unsigned w, unsigned d, unsigned l,
                   unsigned weight) {
    const BookEntry *e = find(b, key, tok);
    check(e != NULL, "%s: entry %s present", what, tok);
    if (e)
        check(e->wins == w && e->draws == d && e->losses == l && e->weight == weight,
              "%s %s: +%u =%u -%u weight %u, expected +%u =%u -%u weight %u", what, tok, e->wins, e->draws,
              e->losses, e->weight, w, d, l, weight);
}

static bool build(const char *pgn, const char *out, int maxTurns, int minGames, double minScore, BookBuildStats *st,
                  char *log, size_t loglen) {
    BookBuildOptions o;
    book_build_defaults(&o);
    if (maxTurns)
        o.maxTurns = maxTurns;
    o.minGames = minGames;
    o.minScore = minScore;
    char err[300], *buf = NULL;
    size_t len = 0;
    FILE *lf = open_memstream(&buf, &len);
    const char *paths[] = {pgn};
    bool ok = book_build(paths, 1, out, &o, st, lf, err, sizeof err);
    fclose(lf);
    if (log)
        snprintf(log, loglen, "%s%s%s", buf, ok ? "" : "error: ", ok ? "" : err);
    free(buf);
    return ok;
}

static void load_ok(Book *b, const char *path) {
    char err[300];
    bool ok = book_load(b, path, err, sizeof err);
    check(ok, "load %s: %s", path, ok ? "" : err);
}

/* ---- the encoding of decisions ---- */

static void test_move_encoding(void) {
    /* Random playouts: every legal decision's book encoding writes its UCI token. */
    Position *p = setup(NULL, "random 5", "");
    uint64_t s = 1;
    int bad = 0, n = 0;
    for (int step = 0; step < 3000; step++) {
        Move list[MAX_MOVES];
        int k = pos_legal_decisions(p, list);
        if (!k) {
            free(p);
            p = setup(NULL, step & 1 ? "default" : "random 9", "");
            continue;
        }
        for (int i = 0; i < k; i++, n++) {
            char a[6], b[6];
            move_to_uci(list[i], a);
            book_move_str(book_move_encode(list[i]), b);
            bad += strcmp(a, b) != 0 || book_decision(p, book_move_encode(list[i])) != list[i];
        }
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        pos_do(p, list[(s >> 33) % (uint64_t)k]);
        pos_compact(p);
    }
    free(p);
    check(bad == 0 && n > 10000, "book move encoding = UCI token for %d decisions (%d wrong)", n, bad);
}

/* ---- the hand-written PGN (tests/book/hand.pgn) ---- */

#define NONE_ "none"
#define DEF_ "default"
#define FEN8 "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
#define FEN9 "4k3/8/8/8/8/8/8/RN2K3 w - - 0 1"

static void test_round_trip(void) {
    const char *out = tmp_path("hand.bin");
    BookBuildStats st;
    char log[2000];
    bool ok = build("tests/book/hand.pgn", out, 0, 1, 0.0, &st, log, sizeof log);
    check(ok, "build hand.pgn: %s", log);
    /* 9 games: game 6 is "*" (skipped), none malformed. */
    check(st.games == 9 && st.used == 8 && st.unfinished == 1 && st.malformed == 0,
          "hand stats: games %ld used %ld unfinished %ld malformed %ld", st.games, st.used, st.unfinished,
          st.malformed);
    Book b;
    book_init(&b);
    load_ok(&b, out);
    /* 24 pairs, listed below by position. */
    check(b.n == 24, "hand book has %zu entries, expected 24", b.n);
    check(b.games == 8 && b.maxTurns == BOOK_DEFAULT_DEPTH, "header games %u maxTurns %u", b.games, b.maxTurns);

    Key start = key_of(NULL, DEF_, "");
    /* e2e3 from the start (default map): games 1 (1-0), 2 (0-1), 3 (draw), 5 (0-0 = loss). */
    expect(&b, start, "start/default", "e2e3", 1, 1, 2, 3);
    check(book_count(&b, start) == 1, "start/default has 1 entry");
    /* Black's base move after e2e3 (the f8 bishop is blocked in: no forced reply). */
    Key k = key_of(NULL, DEF_, "e2e3");
    expect(&b, k, "after e2e3", "e7e5", 1, 0, 1, 2); /* game 1 black lost, game 2 black won */
    expect(&b, k, "after e2e3", "e7e6", 0, 1, 0, 1);
    expect(&b, k, "after e2e3", "d7d6", 0, 0, 1, 0); /* 0-0: a loss for black too */
    /* White's forced replies (R2.3): white decides, in black's turn. */
    Key f = key_of(NULL, DEF_, "e2e3 e7e5");
    {
        Position *p = setup(NULL, DEF_, "e2e3 e7e5");
        check(pos_phase(p) == PHASE_FORCED && pos_decider(p) == WHITE, "e2e3 e7e5 is white's forced reply");
        free(p);
    }
    expect(&b, f, "forced after e7e5", "f1c4", 1, 0, 0, 2);
    expect(&b, f, "forced after e7e5", "f1d3", 0, 0, 1, 0);
    expect(&b, key_of(NULL, DEF_, "e2e3 e7e6"), "forced after e7e6", "f1e2", 0, 1, 0, 1);
    expect(&b, key_of(NULL, DEF_, "e2e3 d7d6"), "forced after d7d6", "d1g4", 0, 0, 1, 0);
    expect(&b, key_of(NULL, DEF_, "e2e3 e7e5[f1c4]"), "turn 3", "h2h3", 1, 0, 0, 2);
    expect(&b, key_of(NULL, DEF_, "e2e3 e7e5[f1c4] h2h3"), "turn 4", "h7h6", 0, 0, 1, 0);
    expect(&b, key_of(NULL, DEF_, "e2e3 e7e5[f1d3]"), "turn 3", "h2h4", 0, 0, 1, 0);
    /* Same board, no links: another key, its own entry (game 4 only; game 7's d2d4 is one
     * of its BookTurns and is not counted). */
    Key startNone = key_of(NULL, NONE_, "");
    check(startNone != start, "start position: default map and no links give two keys");
    expect(&b, startNone, "start/none", "e2e3", 1, 0, 0, 2);
    check(book_count(&b, startNone) == 1 && !find(&b, startNone, "d2d4"), "BookTurns: d2d4 not counted");
    check(!find(&b, key_of(NULL, NONE_, "d2d4"), "d7d5"), "BookTurns: d7d5 not counted");
    expect(&b, key_of(NULL, NONE_, "d2d4 d7d5"), "game 7 turn 3", "c1f4", 1, 0, 0, 2);
    expect(&b, key_of(NULL, NONE_, "e2e3"), "none after e2e3", "e7e5", 0, 0, 1, 0);
    expect(&b, key_of(NULL, NONE_, "e2e3 e7e5"), "none turn 3", "f1c4", 1, 0, 0, 2);
    expect(&b, key_of(NULL, NONE_, "e2e3 e7e5 f1c4"), "none turn 4", "h7h6", 0, 0, 1, 0);
    /* Game 8: a base move that checks, black's reactive step (R2.5), black's base move. */
    expect(&b, key_of(FEN8, NONE_, ""), "fen", "a1a8", 1, 0, 0, 2);
    Position *p = setup(FEN8, NONE_, "a1a8");
    check(pos_phase(p) == PHASE_REACT && pos_decider(p) == BLACK, "a1a8 gives black a reactive step");
    expect(&b, pos_key(p), "reactive", "e8e7", 0, 0, 1, 0);
    check(book_choose(&b, p, 1) == MOVE_NONE, "only weight-0 entries: no choice");
    free(p);
    expect(&b, key_of(FEN8, NONE_, "a1a8<e8e7>"), "fen black", "e7d6", 0, 0, 1, 0);
    check(!find(&b, key_of(NULL, DEF_, "e2e3 e7e5[f1c4] h2h3 h7h6"), "a2a3"), "no entry past the games");
    /* Game 9: the root comes back after two turns each; b1c3 is played there twice but
     * counts once; after b1c3 black played e8d8, then e8d7 the second time. */
    check(key_of(FEN9, NONE_, "b1c3 e8d8 c3b1 d8e8") == key_of(FEN9, NONE_, ""), "game 9 repeats its root");
    expect(&b, key_of(FEN9, NONE_, ""), "repeated root", "b1c3", 0, 1, 0, 1);
    expect(&b, key_of(FEN9, NONE_, "b1c3"), "repeated", "e8d8", 0, 1, 0, 1);
    expect(&b, key_of(FEN9, NONE_, "b1c3"), "repeated", "e8d7", 0, 1, 0, 1);
    expect(&b, key_of(FEN9, NONE_, "b1c3 e8d8"), "game 9", "c3b1", 0, 1, 0, 1);
    expect(&b, key_of(FEN9, NONE_, "b1c3 e8d8 c3b1"), "game 9", "d8e8", 0, 1, 0, 1);
    book_free(&b);
}

/* Issue 10: a book's keys include the variant, so a QEC book never answers in another
 * variant, even on a board whose QEC key (map `none`) equals the chess key. */
static void test_variant_keys(void) {
    Position *qec = setup(NULL, "none", ""), *chess = malloc(sizeof *chess);
    char err[200];
    check(chess && pos_set_fen(chess, PGN_START_FEN, VARIANT_CHESS, err, sizeof err), "chess start: %s", err);
    check(pos_key(qec) == pos_key(chess), "same board, no links: the same position key");
    check(book_key(qec) == pos_key(qec), "a QEC book keeps pos_key (existing books stay valid)");
    check(book_key(chess) != book_key(qec), "the chess book key differs from the QEC one");
    BookEntry e = {book_key(qec), book_move_encode(pos_parse_decision(qec, "e2e4")), 1, 0, 0, 0};
    Book b = {&e, 1, 1, 1};
    check(book_choose(&b, qec, 1) == pos_parse_decision(qec, "e2e4"), "the QEC book answers in QEC");
    check(book_choose(&b, chess, 1) == MOVE_NONE, "the QEC book does not answer in chess");
    free(qec);
    free(chess);
}

static void test_choose(void) {
    Book b;
    book_init(&b);
    load_ok(&b, tmp_path("hand.bin"));
    Position *p = setup(NULL, DEF_, "");
    bool always = true;
    for (uint64_t s = 0; s < 50; s++)
        always &= book_choose(&b, p, s) == pos_parse_decision(p, "e2e3");
    check(always, "start/default: the only entry is chosen for every seed");
    free(p);
    /* after e2e3: e7e5 (weight 2), e7e6 (1), d7d6 (0). */
    p = setup(NULL, DEF_, "e2e3");
    Move e5 = pos_parse_decision(p, "e7e5"), e6 = pos_parse_decision(p, "e7e6");
    int n5 = 0, n6 = 0, other = 0, same = 0;
    for (uint64_t s = 0; s < 3000; s++) {
        Move m = book_choose(&b, p, s);
        n5 += m == e5;
        n6 += m == e6;
        other += m != e5 && m != e6;
        same += book_choose(&b, p, s) == m;
    }
    check(other == 0, "never a weight-0 or unknown decision (%d)", other);
    check(same == 3000, "same seed, same position: same choice");
    check(n5 > 1700 && n5 < 2300 && n6 > 700 && n6 < 1300, "weights 2:1 give %d:%d of 3000", n5, n6);
    free(p);
    /* The forced reply is chosen by its decider (white) from the forced point's entries. */
    p = setup(NULL, DEF_, "e2e3 e7e5");
    check(book_choose(&b, p, 7) == pos_parse_decision(p, "f1c4"), "forced reply from the book");
    free(p);
    /* Out of the book. */
    p = setup(NULL, DEF_, "a2a3");
    check(book_choose(&b, p, 7) == MOVE_NONE, "no entry: MOVE_NONE");
    free(p);
    p = setup(NULL, DEF_, "e2e3 e7e5 f1c4 h2h3");
    check(book_turn(p) == 3, "book_turn after 3 turns is 3 (got %d)", book_turn(p));
    free(p);
    book_free(&b);
}

/* ---- the format, written from docs/gui/book-format.md by hand ---- */

typedef struct {
    Key key;
    const char *tok;
    unsigned weight, w, d, l;
} RawEntry;

static void put(unsigned char *p, uint64_t v, int n) {
    for (int i = 0; i < n; i++)
        p[i] = (unsigned char)(v >> 8 * i);
}

static uint64_t get(const unsigned char *p, int n) {
    uint64_t v = 0;
    for (int i = 0; i < n; i++)
        v |= (uint64_t)p[i] << 8 * i;
    return v;
}

/* A book file per the documented layout; fingerprint taken from a builder-written book. */
static size_t raw_book(unsigned char *buf, const RawEntry *e, int n, uint64_t fingerprint, uint32_t version) {
    memcpy(buf, "QECBOOK\0", 8);
    put(buf + 8, version, 4);
    put(buf + 12, 24, 4);
    put(buf + 16, (uint64_t)n, 8);
    put(buf + 24, fingerprint, 8);
    put(buf + 32, 5, 4);
    put(buf + 36, 12, 4);
    for (int i = 0; i < n; i++) {
        unsigned char *q = buf + 48 + 24 * i;
        put(q, e[i].key, 8);
        put(q + 8, bm_of(e[i].tok), 2);
        put(q + 10, e[i].weight, 2);
        put(q + 12, e[i].w, 4);
        put(q + 16, e[i].d, 4);
        put(q + 20, e[i].l, 4);
    }
    XXH64_state_t *xs = XXH64_createState();
    XXH64_reset(xs, 0);
    XXH64_update(xs, buf, 40);
    XXH64_update(xs, buf + 48, (size_t)n * 24);
    put(buf + 40, XXH64_digest(xs), 8);
    XXH64_freeState(xs);
    return 48 + (size_t)n * 24;
}

static unsigned char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *buf = malloc((size_t)n + 1);
    *len = fread(buf, 1, (size_t)n, f);
    fclose(f);
    return buf;
}

static void spit(const char *path, const void *buf, size_t len) {
    FILE *f = fopen(path, "wb");
    if (len)
        fwrite(buf, 1, len, f);
    fclose(f);
}

static void test_format(void) {
    size_t len;
    unsigned char *raw = slurp(tmp_path("hand.bin"), &len);
    check(raw && len == 48 + 24 * 24, "hand.bin is 48 + 24 * 24 bytes (%zu)", len);
    if (!raw || len < 48)
        return;
    check(!memcmp(raw, "QECBOOK\0", 8) && get(raw + 8, 4) == 1 && get(raw + 12, 4) == 24 && get(raw + 16, 8) == 24,
          "header magic, version 1, entry size 24, count 24");
    XXH64_state_t *xs = XXH64_createState();
    XXH64_reset(xs, 0);
    XXH64_update(xs, raw, 40);
    XXH64_update(xs, raw + 48, len - 48);
    check(XXH64_digest(xs) == get(raw + 40, 8), "checksum = XXH64 of header bytes 0..39 and the entries");
    XXH64_freeState(xs);
    bool sorted = true;
    for (size_t i = 1; i < 24; i++) {
        const unsigned char *a = raw + 48 + 24 * (i - 1), *b = a + 24;
        sorted &= get(a, 8) < get(b, 8) || (get(a, 8) == get(b, 8) && get(a + 8, 2) < get(b + 8, 2));
    }
    check(sorted, "entries sorted by (key, move), little-endian");
    Key start = key_of(NULL, DEF_, "");
    bool found = false;
    for (size_t i = 0; i < 24; i++) {
        const unsigned char *q = raw + 48 + 24 * i;
        if (get(q, 8) == start)
            found = get(q + 8, 2) == bm_of("e2e3") && get(q + 10, 2) == 3 && get(q + 12, 4) == 1 &&
                    get(q + 16, 4) == 1 && get(q + 20, 4) == 2;
    }
    check(found, "start entry bytes: e2e3, weight 3, +1 =1 -2");
    uint64_t fp = get(raw + 24, 8);

    /* A hand-written book: an illegal decision with a big weight is never chosen. */
    unsigned char buf[48 + 24 * 8];
    RawEntry e[] = {{start, "e2e4", 1, 1, 0, 0}, {start, "e2e5", 1000, 9, 0, 0}};
    size_t n = raw_book(buf, e, 2, fp, 1);
    spit(tmp_path("raw.bin"), buf, n);
    Book b;
    book_init(&b);
    load_ok(&b, tmp_path("raw.bin"));
    Position *p = setup(NULL, DEF_, "");
    bool ok = true;
    for (uint64_t s = 0; s < 100; s++)
        ok &= book_choose(&b, p, s) == pos_parse_decision(p, "e2e4");
    check(ok, "illegal book decision (e2e5) never chosen");
    free(p);
    book_free(&b);

    /* Entries out of order, with a valid checksum: refused. */
    RawEntry u[] = {{start, "e2e4", 1, 1, 0, 0}, {start, "d2d4", 1, 1, 0, 0}};
    n = raw_book(buf, u, 2, fp, 1);
    spit(tmp_path("unsorted.bin"), buf, n);
    /* Version 2 and a foreign key scheme. */
    n = raw_book(buf, e, 1, fp, 2);
    spit(tmp_path("v2.bin"), buf, n);
    n = raw_book(buf, e, 1, fp ^ 1, 1);
    spit(tmp_path("foreign.bin"), buf, n);
    RawEntry z[] = {{start, "e2e2", 1, 1, 0, 0}};
    n = raw_book(buf, z, 1, fp, 1);
    spit(tmp_path("nullmove.bin"), buf, n);
    free(raw);
}

/* ---- refusing bad files ---- */

static void expect_refused(const char *name, const char *word) {
    Book b;
    char err[300] = "";
    book_init(&b);
    load_ok(&b, tmp_path("hand.bin"));
    size_t before = b.n;
    bool ok = book_load(&b, tmp_path(name), err, sizeof err);
    check(!ok && strstr(err, word) != NULL, "%s refused with '%s' (got %s: %s)", name, word, ok ? "loaded" : "refused",
          err);
    check(b.n == before && book_count(&b, key_of(NULL, DEF_, "")) == 1, "%s: the previous book is kept", name);
    book_free(&b);
}

static void test_bad_files(void) {
    size_t len;
    unsigned char *raw = slurp(tmp_path("hand.bin"), &len);
    spit(tmp_path("empty.bin"), "", 0);
    spit(tmp_path("trunc-entries.bin"), raw, len - 10);
    spit(tmp_path("trunc-header.bin"), raw, 20);
    spit(tmp_path("trailing.bin"), raw, len); /* then one more byte */
    FILE *f = fopen(tmp_path("trailing.bin"), "ab");
    fputc(0, f);
    fclose(f);
    raw[48 + 24 * 5 + 3] ^= 0x10;
    spit(tmp_path("flipped.bin"), raw, len);
    raw[48 + 24 * 5 + 3] ^= 0x10;
    raw[0] = 'X';
    spit(tmp_path("magic.bin"), raw, len);
    raw[0] = 'Q';
    put(raw + 16, 1ULL << 60, 8); /* an absurd entry count */
    spit(tmp_path("count.bin"), raw, len);
    free(raw);
    expect_refused("empty.bin", "empty");
    expect_refused("trunc-entries.bin", "truncated");
    expect_refused("trunc-header.bin", "truncated");
    expect_refused("trailing.bin", "corrupt");
    expect_refused("flipped.bin", "checksum");
    expect_refused("magic.bin", "not a qec book");
    expect_refused("count.bin", "truncated");
    expect_refused("unsorted.bin", "out of order");
    expect_refused("v2.bin", "version 2");
    expect_refused("foreign.bin", "other position keys");
    expect_refused("nullmove.bin", "no valid decision");
    expect_refused("does-not-exist.bin", "cannot open");
    expect_refused(".", "not a regular file");
}

/* Random bytes and random mutations of a good book: refused or loaded, never a crash (run
 * under ASan/UBSan by tests/book/run.sh). */
static void test_garbage(void) {
    size_t len;
    unsigned char *good = slurp(tmp_path("hand.bin"), &len), *buf = malloc(len + 64);
    uint64_t s = 12345;
    int loaded = 0;
    bool same = true;
    for (int i = 0; i < 400; i++) {
        size_t n;
        if (i % 2) {
            memcpy(buf, good, len);
            n = len;
            for (int k = 0; k < 1 + i % 5; k++) {
                s = s * 6364136223846793005ULL + 1442695040888963407ULL;
                buf[(s >> 33) % len] ^= (unsigned char)(1 + (s >> 20) % 255);
            }
            if (i % 3 == 0)
                n = (s >> 40) % (len + 1);
        } else {
            n = (size_t)(i * 7) % (len + 64);
            for (size_t k = 0; k < n; k++) {
                s = s * 6364136223846793005ULL + 1442695040888963407ULL;
                buf[k] = (unsigned char)(s >> 56);
            }
            if (n >= 8)
                memcpy(buf, "QECBOOK\0", 8);
        }
        spit(tmp_path("garbage.bin"), buf, n);
        Book b;
        char err[300], err2[300];
        book_init(&b);
        bool fromMem = book_load_buffer(&b, buf, n, err2, sizeof err2);
        book_free(&b);
        bool fromFile = book_load(&b, tmp_path("garbage.bin"), err, sizeof err);
        same &= fromMem == fromFile;
        if (fromFile) {
            loaded++;
            Position *p = setup(NULL, DEF_, "");
            book_choose(&b, p, 1);
            free(p);
        }
        book_free(&b);
    }
    check(loaded == 0, "400 damaged files: %d loaded (a checksum collision is not expected)", loaded);
    check(same, "book_load_buffer and book_load agree on every damaged file");
    Book b;
    char err[300];
    book_init(&b);
    check(book_load_buffer(&b, good, len, err, sizeof err) && b.n == 24, "book_load_buffer loads hand.bin");
    check(!book_load_buffer(&b, good, 0, err, sizeof err) && strstr(err, "empty") && b.n == 24,
          "book_load_buffer: empty refused, book kept");
    book_free(&b);
    free(good);
    free(buf);
}

/* ---- builder options and safety ---- */

static void test_filters(void) {
    BookBuildStats st;
    char log[2000];
    Book b;
    book_init(&b);
    /* --min-games 2: start/default e2e3 (4 games) and e7e5 after e2e3 (2 games). */
    check(build("tests/book/hand.pgn", tmp_path("g2.bin"), 0, 2, 0.0, &st, log, sizeof log), "min-games 2: %s", log);
    load_ok(&b, tmp_path("g2.bin"));
    check(b.n == 2 && find(&b, key_of(NULL, DEF_, ""), "e2e3") && find(&b, key_of(NULL, DEF_, "e2e3"), "e7e5"),
          "min-games 2 keeps 2 entries (%zu)", b.n);
    /* --min-score 0.5: e7e5, e7e6, f1c4, f1e2, h2h3 (default); e2e3, f1c4, c1f4 (none); a1a8;
     * game 9's five draws. */
    check(build("tests/book/hand.pgn", tmp_path("s5.bin"), 0, 1, 0.5, &st, log, sizeof log), "min-score: %s", log);
    load_ok(&b, tmp_path("s5.bin"));
    check(b.n == 14 && !find(&b, key_of(NULL, DEF_, ""), "e2e3"), "min-score 0.5 keeps 14 entries (%zu)", b.n);
    /* --max-turns 1: turn index 0 only: e2e3 twice, a1a8 and black's reactive e8e7 (it is
     * part of white's turn), b1c3. */
    check(build("tests/book/hand.pgn", tmp_path("t1.bin"), 1, 1, 0.0, &st, log, sizeof log), "max-turns: %s", log);
    load_ok(&b, tmp_path("t1.bin"));
    check(b.n == 5 && find(&b, key_of(FEN8, NONE_, "a1a8"), "e8e7"), "max-turns 1 keeps 5 entries (%zu)", b.n);
    book_free(&b);
    /* Nothing left: an error, and the output file is not touched. */
    spit(tmp_path("keep.bin"), "old", 3);
    bool ok = build("tests/book/hand.pgn", tmp_path("keep.bin"), 0, 100, 0.0, &st, log, sizeof log);
    size_t len;
    unsigned char *old = slurp(tmp_path("keep.bin"), &len);
    check(!ok && strstr(log, "not written") && len == 3 && !memcmp(old, "old", 3), "empty result: old file kept (%s)",
          log);
    free(old);
    ok = build(tmp_path("missing.pgn"), tmp_path("keep.bin"), 0, 1, 0.0, &st, log, sizeof log);
    old = slurp(tmp_path("keep.bin"), &len);
    check(!ok && strstr(log, "cannot open") && len == 3, "missing PGN: error, old file kept (%s)", log);
    free(old);
    /* An unwritable directory. */
    ok = build("tests/book/hand.pgn", tmp_path("no/such/dir/x.bin"), 0, 1, 0.0, &st, log, sizeof log);
    check(!ok && strstr(log, "temporary file"), "unwritable output: error (%s)", log);
    /* No temporary file left behind. */
    DIR *d = opendir(tmpdir);
    int tmps = 0;
    for (struct dirent *de; (de = readdir(d));)
        tmps += strstr(de->d_name, ".tmp.") != NULL;
    closedir(d);
    check(tmps == 0, "no temporary file left (%d)", tmps);
}

static void test_malformed(void) {
    BookBuildStats st;
    char log[4000];
    bool ok = build("tests/book/malformed.pgn", tmp_path("mal.bin"), 0, 1, 0.0, &st, log, sizeof log);
    check(ok, "malformed.pgn still gives a book: %s", log);
    /* Games 1, 8 and 9 are good; 2-7 are each rejected. */
    check(st.games == 9 && st.used == 3 && st.malformed == 6, "malformed stats: games %ld used %ld malformed %ld",
          st.games, st.used, st.malformed);
    static const char *const WANT[] = {
        "game 2 (Round \"2\", White \"illegal\", Black \"b\"): turn 3 (move 2, white): base move e3e5 is illegal",
        "game 3 (Round \"3\", White \"phase\", Black \"b\"): turn 3 (move 2, white): f1c4 is written as a base move "
        "but the game is at a forced reply",
        "game 4 (Round \"4\", White \"lexical\", Black \"b\"): unreadable record: bad turn token 'e7e9'",
        "game 5 (Round \"5\", White \"badmap\", Black \"b\"): bad EntMap tag",
        "game 6 (Round \"6\", White \"wrongresult\", Black \"b\"): turn 1: result 0-1, but the game ended in mate (1-0)",
        "game 7 (Round \"7\", White \"afterend\", Black \"b\"): turn 2 (move 1, black): h8g8 comes after the end of "
        "the game (mate)",
    };
    for (size_t i = 0; i < sizeof WANT / sizeof *WANT; i++)
        check(strstr(log, WANT[i]) != NULL, "message '%s' in:\n%s", WANT[i], log);
    int lines = 0;
    for (const char *c = log; *c; c++)
        lines += *c == '\n';
    check(lines == 6, "one line per rejected game (%d)", lines);
    Book b;
    book_init(&b);
    load_ok(&b, tmp_path("mal.bin"));
    /* good1: e2e3, e7e5, f1c4; mate: a1a8; good2: e2e4, e7e5. */
    check(b.n == 6, "malformed book: 6 entries (%zu)", b.n);
    expect(&b, key_of("7k/8/6K1/8/8/8/8/R7 w - - 0 1", NONE_, ""), "mate", "a1a8", 1, 0, 0, 2);
    book_free(&b);
}

/* ---- generated games ---- */

static uint64_t rng(uint64_t *s) {
    *s += 0x9E3779B97F4A7C15ULL;
    uint64_t z = *s;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Random games: half under the default map, half under `random k`; random decisions that
 * favour a few moves, so positions repeat across games; up to 30 turns. */
static int gen(long ngames, uint64_t seed, const char *path) {
    FILE *f = fopen(path, "w");
    if (!f)
        return 1;
    Position *p = malloc(sizeof *p);
    PgnGame g;
    pgn_init(&g);
    uint64_t s = seed;
    for (long i = 0; i < ngames; i++) {
        pgn_clear(&g);
        snprintf(g.event, sizeof g.event, "gen");
        snprintf(g.round, sizeof g.round, "%ld", i + 1);
        snprintf(g.white, sizeof g.white, "rand");
        snprintf(g.black, sizeof g.black, "rand");
        if (i % 2)
            snprintf(g.entmap, sizeof g.entmap, "random %ld", i % 50);
        else
            snprintf(g.entmap, sizeof g.entmap, "default");
        EntMap m;
        char err[200];
        pos_set_fen(p, PGN_START_FEN, VARIANT_QEC, err, sizeof err);
        entmap_parse(g.entmap, &m, err, sizeof err);
        entmap_apply(&m, p, err, sizeof err);
        int turns = 0, maxTurns = 10 + (int)(rng(&s) % 21);
        GameEnd end = {0, 0};
        bool over = false;
        while (turns < maxTurns && !(over = pos_game_end(p, &end))) {
            Move list[MAX_MOVES];
            int n = pos_legal_decisions(p, list);
            /* Sort-free bias: the first few options in generator order most of the time. */
            uint64_t r = rng(&s);
            int k = (int)((r >> 8) % (uint64_t)(r % 4 && n > 3 ? 3 : n));
            char tok[6];
            move_to_uci(list[k], tok);
            pgn_push(&g, tok, pos_phase(p));
            pos_do(p, list[k]);
            pos_compact(p);
            if (pos_phase(p) == PHASE_BASE || pos_phase(p) == PHASE_OVER)
                turns++;
        }
        over = pos_game_end(p, &end) || over;
        static const char *const R[] = {"1-0", "0-1", "1/2-1/2", "0-0"};
        snprintf(g.result, sizeof g.result, "%s", over ? end_result(&end) : R[rng(&s) % 4]);
        pgn_write(f, &g);
    }
    pgn_free(&g);
    free(p);
    return fclose(f) != 0;
}

int main(int argc, char **argv) {
    engine_init();
    if (argc >= 3 && !strcmp(argv[1], "unit")) {
        tmpdir = argv[2];
        test_move_encoding();
        test_round_trip();
        test_variant_keys();
        test_choose();
        test_format();
        test_bad_files();
        test_garbage();
        test_filters();
        test_malformed();
        printf("unit: %d passed, %d failed\n", passed, failed);
        return failed != 0;
    }
    if (argc == 5 && !strcmp(argv[1], "gen"))
        return gen(atol(argv[2]), strtoull(argv[3], NULL, 10), argv[4]);
    if (argc >= 3 && !strcmp(argv[1], "rss")) {
        int rc = book_cli(argc - 2, argv + 2);
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        printf("maxrss_kib %ld\n", ru.ru_maxrss);
        return rc;
    }
    fprintf(stderr, "usage: book_test unit DIR | gen N SEED FILE | rss book ARGS...\n");
    return 2;
}
