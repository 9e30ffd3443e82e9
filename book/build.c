/* The book builder: game records (record/record.h) -> counts per (key, decision) in a bounded
 * open-addressing table -> filtered, sorted, weighted entries -> a temporary file renamed
 * over the output. */
#include "book.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/stat.h>
#include <xxhash.h>

#include "../engine/links.h"
#include "../engine/variant.h"
#include "../variants/variants.h"
#include "../record/record.h"
#include "book_internal.h"

#define BOOK_DEFAULT_MAX_ENTRIES (3u << 19) /* 1.5 Mi pairs: at most a 2 Mi-slot table (48 MiB) */
#define BOOK_MAX_MESSAGES 100

void book_build_defaults(BookBuildOptions *o) {
    o->maxTurns = BOOK_DEFAULT_DEPTH;
    o->minGames = 1;
    o->minScore = 0.0;
}

/* ---- the counting table ---- */

/* Slots are entries: `weight` marks a used slot while counting (weights are set at the
 * end), so the table turns into the entry array in place. */
typedef BookEntry Slot;

typedef struct {
    Slot *slot;
    size_t mask, count, maxEntries, maxSlots;
} Table;

static size_t slot_index(const Table *t, Key key, BookMove move) {
    return (size_t)((key ^ (uint64_t)move * 0x9E3779B97F4A7C15ULL) * 0xD6E8FEB86659FD93ULL >> 17) & t->mask;
}

static bool table_init(Table *t, size_t maxEntries) {
    size_t maxSlots = 1024;
    while (maxSlots / 4 * 3 < maxEntries)
        maxSlots *= 2;
    t->maxEntries = maxEntries;
    t->maxSlots = maxSlots;
    t->count = 0;
    size_t slots = maxSlots < 65536 ? maxSlots : 65536;
    t->slot = calloc(slots, sizeof *t->slot);
    t->mask = slots - 1;
    return t->slot != NULL;
}

static Slot *table_find(Table *t, Key key, BookMove move) {
    size_t i = slot_index(t, key, move);
    while (t->slot[i].weight && (t->slot[i].key != key || t->slot[i].move != move))
        i = (i + 1) & t->mask;
    return &t->slot[i];
}

/* Doubles the table while it may; false when out of memory (the old table is kept). */
static bool table_grow(Table *t) {
    size_t slots = (t->mask + 1) * 2;
    Slot *old = t->slot, *s = calloc(slots, sizeof *s);
    if (!s)
        return false;
    size_t oldSlots = t->mask + 1;
    t->slot = s;
    t->mask = slots - 1;
    for (size_t i = 0; i < oldSlots; i++)
        if (old[i].weight)
            *table_find(t, old[i].key, old[i].move) = old[i];
    free(old);
    return true;
}

/* The slot of (key, move), created if there is room; NULL when the table is full (the
 * memory bound: later new pairs are dropped, pairs already there still count). */
static Slot *table_get(Table *t, Key key, BookMove move) {
    Slot *s = table_find(t, key, move);
    if (s->weight)
        return s;
    if (t->count >= t->maxEntries)
        return NULL;
    if ((t->count + 1) * 4 > (t->mask + 1) * 3) {
        if (t->mask + 1 >= t->maxSlots || !table_grow(t))
            return NULL;
        s = table_find(t, key, move);
    }
    s->key = key;
    s->move = move;
    s->weight = 1;
    t->count++;
    return s;
}

/* ---- games ---- */

typedef struct {
    Key key;
    BookMove move;
    uint8_t decider;
} Occurrence;

typedef struct {
    const BookBuildOptions *o;
    BookBuildStats *st;
    FILE *log;
    Table table;
    Position *p;
    PgnGame game;
    Occurrence *occ;
    int nocc, capOcc;
    long gameNo;
} Builder;

/* "game 12 (Round "3.1", White "a", Black "b")": enough to find the game in the file. */
static void game_name(const Builder *b, char *buf, size_t len) {
    const PgnGame *g = &b->game;
    snprintf(buf, len, "game %ld (Round \"%.24s\", White \"%.40s\", Black \"%.40s\")", b->gameNo,
             g->round[0] ? g->round : "?", g->white, g->black);
}

static void reject(Builder *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void reject(Builder *b, const char *fmt, ...) {
    /* A file of garbage must not flood the terminal: the first messages, then a count. */
    if (++b->st->malformed > BOOK_MAX_MESSAGES || !b->log)
        return;
    char name[200], why[320];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    game_name(b, name, sizeof name);
    fprintf(b->log, "book: %s: %s; game skipped\n", name, why);
}

static const char *phase_word(int phase) {
    static const char *const W[] = {"base move", "forced reply", "reactive step", "end of the game"};
    return phase >= 0 && phase <= PHASE_OVER ? W[phase] : "?";
}

/* Winner of a result string: WHITE, BLACK, RESULT_DRAW, RESULT_BOTH_LOSE, or -3 for "*". */
static int result_code(const char *r) {
    if (!strcmp(r, "1-0"))
        return WHITE;
    if (!strcmp(r, "0-1"))
        return BLACK;
    if (!strcmp(r, "1/2-1/2"))
        return RESULT_DRAW;
    if (!strcmp(r, "0-0"))
        return RESULT_BOTH_LOSE;
    return -3;
}

static bool push_occurrence(Builder *b, Key key, BookMove move, int decider) {
    if (b->nocc == b->capOcc) {
        int cap = b->capOcc ? 2 * b->capOcc : 64;
        Occurrence *o = realloc(b->occ, sizeof *o * (size_t)cap);
        if (!o)
            return false;
        b->occ = o;
        b->capOcc = cap;
    }
    b->occ[b->nocc++] = (Occurrence){key, move, (uint8_t)decider};
    return true;
}

/* Replays the game through engine/ (every decision legal, at a decision point of its kind,
 * not after the end) and collects the decisions of its book turns. The turn named in a
 * message is counted from the game's root, 1-based, with its move number and side. */
static bool replay_game(Builder *b) {
    const PgnGame *g = &b->game;
    Position *p = b->p;
    EntMap map;
    char err[200];
    b->nocc = 0;
    if (!g->variant->book) { /* refused, not keyed: see book.h */
        reject(b, "a %s game: book keys (board, links, turn) do not cover its positions, so %s has no book",
               g->variant->name, g->variant->name);
        return false;
    }
    if (!variant_set_fen(g->variant, p, g->fen[0] ? g->fen : PGN_START_FEN, err, sizeof err)) {
        reject(b, "bad FEN tag: %s", err);
        return false;
    }
    if (variant_links(g->variant) && (!entmap_parse(g->entmap[0] ? g->entmap : "default", &map, err, sizeof err) ||
                                                !entmap_apply(&map, p, err, sizeof err))) {
        reject(b, "bad EntMap tag: %s", err);
        return false;
    }
    /* Turns as the record writes them: a base token starts one. Move number and side follow
     * from the root, as in the movetext ("2. f1c4" is turn 3, move 2, white). */
    int turn = 0, rootFull = pos_state(p)->fullmove, rootSide = pos_turn(p);
    char where[64];
    for (int i = 0; i < g->ndec; i++) {
        const PgnDecision *d = &g->dec[i];
        int phase = pos_phase(p);
        if (d->phase == PHASE_BASE || i == 0)
            turn++;
        int k = rootSide + turn - 1;
        snprintf(where, sizeof where, "turn %d (move %d, %s)", turn, rootFull + k / 2, k % 2 ? "black" : "white");
        GameEnd end;
        if ((phase == PHASE_BASE || phase == PHASE_OVER) && pos_game_end(p, &end)) {
            reject(b, "%s: %s comes after the end of the game (%s)", where, d->tok, pgn_end_name(end.reason));
            return false;
        }
        if (d->phase != phase) {
            reject(b, "%s: %s is written as a %s but the game is at a %s", where, d->tok, phase_word(d->phase),
                   phase_word(phase));
            return false;
        }
        Move m = pos_parse_decision(p, d->tok);
        if (m == MOVE_NONE) {
            reject(b, "%s: %s %s is illegal", where, phase_word(phase), d->tok);
            return false;
        }
        /* Leading turns from the opening (BookTurns, e.g. random plies) are not choices. */
        if (turn > g->bookTurns && book_turn(p) < b->o->maxTurns &&
            !push_occurrence(b, book_key(p), book_move_encode(m), pos_decider(p))) {
            reject(b, "out of memory");
            return false;
        }
        pos_do(p, m);
        pos_compact(p);
    }
    /* A game that ended by a rule must carry that rule's result (adjudications and
     * forfeits end before any rule end and may carry any result). */
    GameEnd end;
    int phase = pos_phase(p);
    if ((phase == PHASE_BASE || phase == PHASE_OVER) && pos_game_end(p, &end) &&
        strcmp(end_result(&end), g->result) != 0) {
        reject(b, "turn %d: result %s, but the game ended in %s (%s)", turn, g->result, pgn_end_name(end.reason),
               end_result(&end));
        return false;
    }
    return true;
}

static int cmp_occurrences(const void *pa, const void *pb) {
    const Occurrence *a = pa, *b = pb;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    return (a->move > b->move) - (a->move < b->move);
}

static void count_game(Builder *b, int winner) {
    /* A repeated (key, decision) counts once per game; the key fixes the decider. */
    qsort(b->occ, (size_t)b->nocc, sizeof *b->occ, cmp_occurrences);
    for (int i = 0; i < b->nocc; i++) {
        const Occurrence *o = &b->occ[i];
        if (i && !cmp_occurrences(o - 1, o))
            continue;
        Slot *s = table_get(&b->table, o->key, o->move);
        if (!s) {
            b->st->dropped++;
            continue;
        }
        b->st->decisions++;
        if (winner == RESULT_DRAW)
            s->draws++;
        else if (winner == o->decider)
            s->wins++;
        else /* the opponent won, or dual king: both lose (R4.2) */
            s->losses++;
    }
}

static void one_game(Builder *b) {
    int winner = result_code(b->game.result);
    if (winner == -3) {
        b->st->unfinished++;
        return;
    }
    if (replay_game(b)) {
        count_game(b, winner);
        b->st->used++;
    }
}

static bool read_file(Builder *b, const char *path, char *err, size_t errlen) {
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "cannot open '%s': %s", path, strerror(errno));
        return false;
    }
    char why[200];
    int rc;
    while ((rc = pgn_read(f, &b->game, why, sizeof why)) != 0) {
        b->gameNo++;
        b->st->games++;
        if (rc < 0)
            reject(b, "unreadable record: %s", why);
        else
            one_game(b);
    }
    bool ok = !ferror(f);
    if (!ok)
        snprintf(err, errlen, "read error in '%s'", path);
    fclose(f);
    return ok;
}

/* ---- filtering, weights, writing ---- */

/* Moves the pairs that pass the filters to the front of the table; returns how many. */
static size_t compact(Table *t, const BookBuildOptions *o) {
    size_t n = 0;
    for (size_t i = 0; i <= t->mask; i++) {
        const Slot *s = &t->slot[i];
        if (!s->weight)
            continue;
        uint64_t games = (uint64_t)s->wins + s->draws + s->losses;
        double score = games ? (s->wins + 0.5 * s->draws) / (double)games : 0.0;
        if (games >= (uint64_t)o->minGames && score >= o->minScore)
            t->slot[n++] = *s;
    }
    return n;
}

static int cmp_entries(const void *a, const void *b) { return book_entry_cmp(a, b); }

/* weight = 2 * wins + draws (points for the decider, doubled); when a key's largest weight
 * does not fit 16 bits, that key's weights are scaled (rounding up, so a nonzero weight
 * stays nonzero). */
static void set_weights(BookEntry *e, size_t n) {
    for (size_t i = 0; i < n;) {
        size_t j = i;
        uint64_t max = 0;
        for (; j < n && e[j].key == e[i].key; j++) {
            uint64_t w = 2 * (uint64_t)e[j].wins + e[j].draws;
            max = w > max ? w : max;
        }
        for (size_t k = i; k < j; k++) {
            uint64_t w = 2 * (uint64_t)e[k].wins + e[k].draws;
            if (max > 65535)
                w = (w * 65535 + max - 1) / max;
            e[k].weight = (uint16_t)w;
        }
        i = j;
    }
}

static bool write_all(FILE *f, const BookEntry *e, size_t n, const BookHeader *h0) {
    BookHeader h = *h0;
    unsigned char hb[BOOK_HEADER_SIZE], eb[BOOK_ENTRY_SIZE * 256];
    XXH64_state_t *xs = XXH64_createState();
    if (!xs)
        return false;
    h.checksum = 0;
    book_header_encode(&h, hb);
    XXH64_reset(xs, 0);
    XXH64_update(xs, hb, BOOK_CHECKSUM_OFFSET);
    bool ok = fwrite(hb, 1, sizeof hb, f) == sizeof hb;
    for (size_t i = 0; ok && i < n; i += 256) {
        size_t k = n - i < 256 ? n - i : 256;
        for (size_t j = 0; j < k; j++)
            book_entry_encode(&e[i + j], eb + j * BOOK_ENTRY_SIZE);
        XXH64_update(xs, eb, k * BOOK_ENTRY_SIZE);
        ok = fwrite(eb, BOOK_ENTRY_SIZE, k, f) == k;
    }
    h.checksum = XXH64_digest(xs);
    XXH64_freeState(xs);
    book_header_encode(&h, hb);
    return ok && fseek(f, 0, SEEK_SET) == 0 && fwrite(hb, 1, sizeof hb, f) == sizeof hb;
}

/* Write to out.tmp.XXXXXX in the same directory, sync, rename: readers see the old book or
 * the whole new one, never a part. */
static bool write_book(const char *out, const BookEntry *e, size_t n, const BookHeader *h, char *err,
                       size_t errlen) {
    size_t len = strlen(out) + 16;
    char *tmp = malloc(len);
    if (!tmp) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    snprintf(tmp, len, "%s.tmp.XXXXXX", out);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, errlen, "cannot create a temporary file next to '%s': %s", out, strerror(errno));
        free(tmp);
        return false;
    }
    FILE *f = fdopen(fd, "wb");
    bool ok = f && fchmod(fd, 0644) == 0 && write_all(f, e, n, h) && fflush(f) == 0 && fsync(fd) == 0;
    int saved = errno;
    if (f)
        ok = fclose(f) == 0 && ok;
    else
        close(fd);
    if (ok && rename(tmp, out) != 0) {
        saved = errno;
        ok = false;
    }
    if (!ok) {
        snprintf(err, errlen, "cannot write '%s': %s", out, strerror(saved));
        unlink(tmp);
    }
    free(tmp);
    return ok;
}

static bool finish(Builder *b, const char *out, char *err, size_t errlen) {
    b->st->distinct = b->table.count;
    size_t n = compact(&b->table, b->o);
    BookEntry *e = b->table.slot;
    if (!n) {
        snprintf(err, errlen, "no decision left after the filters (%ld games used): '%s' not written",
                 b->st->used, out);
        return false;
    }
    qsort(e, n, sizeof *e, cmp_entries);
    set_weights(e, n);
    BookHeader h = {BOOK_VERSION, BOOK_ENTRY_SIZE, n, book_key_fingerprint(),
                    (unsigned long)b->st->used > UINT32_MAX ? UINT32_MAX : (uint32_t)b->st->used, (uint32_t)b->o->maxTurns, 0};
    bool ok = write_book(out, e, n, &h, err, errlen);
    b->st->written = ok ? n : 0;
    return ok;
}

static bool build_with_cap(const char *const *paths, int npaths, const char *out, const BookBuildOptions *o,
                           size_t maxEntries, BookBuildStats *st, FILE *log, char *err, size_t errlen) {
    Builder b = {.o = o, .st = st, .log = log};
    memset(st, 0, sizeof *st);
    pgn_init(&b.game);
    b.p = malloc(sizeof *b.p);
    bool ok = b.p && table_init(&b.table, maxEntries);
    if (!ok)
        snprintf(err, errlen, "out of memory");
    for (int i = 0; ok && i < npaths; i++)
        ok = read_file(&b, paths[i], err, errlen);
    if (ok && st->malformed > BOOK_MAX_MESSAGES && log)
        fprintf(log, "book: %ld more malformed games skipped without a message\n", st->malformed - BOOK_MAX_MESSAGES);
    if (ok && st->dropped && log)
        fprintf(log, "book: the table is full (%zu pairs): %ld occurrences of new pairs were dropped\n",
                b.table.count, st->dropped);
    if (ok)
        ok = finish(&b, out, err, errlen);
    free(b.table.slot);
    free(b.occ);
    free(b.p);
    pgn_free(&b.game);
    return ok;
}

bool book_build(const char *const *paths, int npaths, const char *out, const BookBuildOptions *o,
                BookBuildStats *st, FILE *log, char *err, size_t errlen) {
    return build_with_cap(paths, npaths, out, o, BOOK_DEFAULT_MAX_ENTRIES, st, log, err, errlen);
}

/* ---- command line ---- */

static void usage(FILE *f) {
    fputs("usage: qec book build --pgn FILE [--pgn FILE ...] --out BOOK [--max-turns N] [--min-games N]\n"
          "                      [--min-score X] [--max-entries N] [--quiet]\n"
          "       qec book dump BOOK [--limit N]\n"
          "       qec book probe BOOK [--fen FEN] [--entmap MAP] [--moves \"TOKENS\"] [--seed N]\n"
          "build: every game of the PGN files (qecmatch -pgnout) gives, for each decision of its first N\n"
          "       turns (default 12), counts of wins/draws/losses for the player who decided it;\n"
          "       a (position, decision) pair is kept if played in >= --min-games games (default 1)\n"
          "       with a score >= --min-score (0..1, default 0); weight = 2 * wins + draws.\n"
          "       --max-entries bounds memory (default 1572864 pairs: 48 MiB, 72 MiB while growing).\n"
          "dump:  the header and every entry; probe: the entries at one decision point and the\n"
          "       decision book_choose makes there with --seed (default 0).\n",
          f);
}

/* long long, not long: a seed takes 63 bits, and long has 32 in the WebAssembly build
 * (make wasm-node runs this command line too). */
static bool parse_number(const char *s, long long lo, long long hi, long long *out) {
    char *end;
    errno = 0;
    long long v = s && *s ? strtoll(s, &end, 10) : 0;
    if (!s || !*s || *end || errno || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

static int cli_build(int argc, char **argv) {
    BookBuildOptions o;
    book_build_defaults(&o);
    const char **paths = calloc((size_t)argc + 1, sizeof *paths);
    const char *out = NULL;
    int npaths = 0;
    long long v, maxEntries = BOOK_DEFAULT_MAX_ENTRIES;
    bool quiet = false;
    if (!paths)
        return 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        bool ok = true;
        if (!strcmp(a, "--quiet")) {
            quiet = true;
            continue;
        }
        if (!strcmp(a, "--pgn") && val)
            paths[npaths++] = val;
        else if (!strcmp(a, "--out") && val)
            out = val;
        else if (!strcmp(a, "--max-turns"))
            ok = parse_number(val, 1, 1000, &v) && ((o.maxTurns = (int)v), true);
        else if (!strcmp(a, "--min-games"))
            ok = parse_number(val, 1, 1000000000, &v) && ((o.minGames = (int)v), true);
        else if (!strcmp(a, "--max-entries"))
            ok = parse_number(val, 1, 1LL << 28, &maxEntries);
        else if (!strcmp(a, "--min-score")) {
            char *end;
            double x = val ? strtod(val, &end) : -1;
            ok = val && *val && !*end && x >= 0 && x <= 1;
            o.minScore = x;
        } else {
            fprintf(stderr, "book build: unknown or incomplete option '%s'\n", a);
            usage(stderr);
            free(paths);
            return 2;
        }
        if (!ok) {
            fprintf(stderr, "book build: bad value '%s' for %s\n", val ? val : "", a);
            free(paths);
            return 2;
        }
        i++;
    }
    if (!npaths || !out) {
        fprintf(stderr, "book build: --pgn and --out are required\n");
        usage(stderr);
        free(paths);
        return 2;
    }
    BookBuildStats st;
    char err[300];
    bool ok = build_with_cap(paths, npaths, out, &o, (size_t)maxEntries, &st, quiet ? NULL : stderr, err, sizeof err);
    free(paths);
    printf("book: %ld games read, %ld used, %ld malformed (skipped), %ld unfinished (skipped)\n", st.games, st.used,
           st.malformed, st.unfinished);
    printf("book: %ld decisions counted, %ld dropped (table full), %zu distinct (key, decision) pairs, "
           "%zu entries written\n",
           st.decisions, st.dropped, st.distinct, st.written);
    if (!ok) {
        fprintf(stderr, "book build: %s\n", err);
        return 1;
    }
    printf("book: wrote %s\n", out);
    return 0;
}

static int cli_dump(int argc, char **argv) {
    long long limit = -1;
    if (argc < 2 || (argc == 4 && (strcmp(argv[2], "--limit") || !parse_number(argv[3], 0, 1LL << 40, &limit))) ||
        (argc != 2 && argc != 4)) {
        usage(stderr);
        return 2;
    }
    Book b;
    char err[300];
    book_init(&b);
    if (!book_load(&b, argv[1], err, sizeof err)) {
        fprintf(stderr, "book dump: %s\n", err);
        return 1;
    }
    printf("version %d, %zu entries, %u games, max turns %u\n", BOOK_VERSION, b.n, b.games, b.maxTurns);
    for (size_t i = 0; i < b.n && (limit < 0 || (long long)i < limit); i++) {
        const BookEntry *e = &b.entries[i];
        char tok[6];
        book_move_str(e->move, tok);
        printf("%016llx %-5s weight %5u  +%u =%u -%u\n", (unsigned long long)e->key, tok, e->weight, e->wins,
               e->draws, e->losses);
    }
    book_free(&b);
    return 0;
}

/* Plays whole-turn or single-decision tokens (RULES R5.2) from the position. */
static bool play_tokens(Position *p, const char *text, char *err, size_t errlen) {
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", text);
    for (char *c = buf; *c; c++)
        if (*c == '[' || *c == ']' || *c == '<' || *c == '>')
            *c = ' ';
    for (char *save = NULL, *tok = strtok_r(buf, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
        Move m = pos_parse_decision(p, tok);
        if (m == MOVE_NONE) {
            snprintf(err, errlen, "illegal decision '%s'", tok);
            return false;
        }
        pos_do(p, m);
        pos_compact(p);
    }
    return true;
}

static int cli_probe(int argc, char **argv) {
    const char *fen = PGN_START_FEN, *mapText = "default", *moves = "";
    long long seed = 0;
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    for (int i = 2; i < argc; i += 2) {
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (val && !strcmp(argv[i], "--fen"))
            fen = val;
        else if (val && !strcmp(argv[i], "--entmap"))
            mapText = val;
        else if (val && !strcmp(argv[i], "--moves"))
            moves = val;
        else if (!strcmp(argv[i], "--seed") && parse_number(val, 0, 0x7fffffffffffffffLL, &seed))
            continue;
        else {
            fprintf(stderr, "book probe: unknown or incomplete option '%s'\n", argv[i]);
            return 2;
        }
    }
    Book b;
    EntMap map;
    char err[300];
    Position *p = malloc(sizeof *p);
    book_init(&b);
    int rc = 1;
    if (!p)
        return 1;
    if (!book_load(&b, argv[1], err, sizeof err) || !pos_set_fen(p, fen, variant_rules_id(variant_default()), err, sizeof err) ||
        !entmap_parse(mapText, &map, err, sizeof err) || !entmap_apply(&map, p, err, sizeof err) ||
        !play_tokens(p, moves, err, sizeof err)) {
        fprintf(stderr, "book probe: %s\n", err);
    } else {
        BookEntry e[MAX_MOVES];
        int n = book_probe(&b, book_key(p), e, MAX_MOVES);
        printf("key %016llx, turn %d, %d entries\n", (unsigned long long)book_key(p), book_turn(p) + 1, n);
        for (int i = 0; i < n; i++) {
            char tok[6];
            book_move_str(e[i].move, tok);
            printf("%-5s weight %5u  +%u =%u -%u%s\n", tok, e[i].weight, e[i].wins, e[i].draws, e[i].losses,
                   book_decision(p, e[i].move) ? "" : "  (not legal here)");
        }
        Move m = book_choose(&b, p, (uint64_t)seed);
        char tok[6] = "(none)";
        if (m)
            move_to_uci(m, tok);
        printf("choice (seed %lld): %s\n", seed, tok);
        rc = 0;
    }
    book_free(&b);
    free(p);
    return rc;
}

int book_cli(int argc, char **argv) {
    engine_init();
    const char *cmd = argc > 1 ? argv[1] : "";
    if (!strcmp(cmd, "build"))
        return cli_build(argc - 1, argv + 1);
    if (!strcmp(cmd, "dump"))
        return cli_dump(argc - 1, argv + 1);
    if (!strcmp(cmd, "probe"))
        return cli_probe(argc - 1, argv + 1);
    usage(!strcmp(cmd, "help") || !strcmp(cmd, "--help") ? stdout : stderr);
    return !strcmp(cmd, "help") || !strcmp(cmd, "--help") ? 0 : 2;
}
