/* Opening book keyed by the full position key (board ^ links ^ decision point), so the same
 * board under other links, and every decision kind (base move, forced reply, reactive step,
 * RULES R2), has entries of its own. docs/gui/book-format.md has the file format,
 * docs/testers/book.md the builder.
 *
 * A loaded book is read-only: any number of threads may probe it at once. */
#ifndef QEC_BOOK_H
#define QEC_BOOK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../engine/position.h"

#define BOOK_VERSION 1
#define BOOK_HEADER_SIZE 48
#define BOOK_ENTRY_SIZE 24
#define BOOK_DEFAULT_DEPTH 12 /* turns, for the builder's --max-turns and UCI BookDepth */

/* A decision as stored in the file: from | to << 6 | promo << 12 (promo 0 = none, 1..4 =
 * N, B, R, Q), i.e. exactly its UCI token (RULES R5.1), independent of engine move flags. */
typedef uint16_t BookMove;

typedef struct {
    Key key;          /* pos_key() at the decision point */
    BookMove move;
    uint16_t weight;  /* relative probability among the entries of one key; 0 = never chosen */
    uint32_t wins, draws, losses; /* of the games that took this decision, for its decider */
} BookEntry;

typedef struct {
    BookEntry *entries; /* sorted by (key, move), no duplicates */
    size_t n;
    uint32_t games;     /* games the builder used */
    uint32_t maxTurns;  /* the builder's --max-turns */
} Book;

void book_init(Book *b);
void book_free(Book *b);
/* Reads and validates a whole book (magic, version, sizes, key scheme, checksum, order,
 * decision encoding). On failure returns false, writes why to err and leaves *b untouched;
 * on success the previous contents of *b are freed. Never crashes on any bytes. Needs
 * engine_init(). */
bool book_load(Book *b, const char *path, char *err, size_t errlen);
/* The same from bytes in memory (fuzzing, embedded books); messages name "(memory)". */
bool book_load_buffer(Book *b, const void *data, size_t size, char *err, size_t errlen);

/* The entries of key, best weight first (ties: file order); returns how many were written
 * (at most max). */
int book_probe(const Book *b, Key key, BookEntry *out, int max);
/* The key a book stores for p: pos_variant_key() (QEC books keep their pos_key keys), so that
 * a book of one variant never answers in another. */
Key book_key(const Position *p);
/* Schroedinger (docs/players/rules-schroedinger.md) has no book, by choice: the same board with another set
 * of consistent worlds (S1.2) has other legal moves, and these keys cover board, links and turn
 * only. The builder skips schroedinger records with that reason, and `go` in schroedinger with
 * OwnBook on says so (`info string error: OwnBook: …`) and searches. */
/* How many entries key has. */
int book_count(const Book *b, Key key);

/* Conversions between the book's encoding and the engine's. book_decision returns the legal
 * decision at p's decision point that bm writes, or MOVE_NONE. */
BookMove book_move_encode(Move m);
Move book_decision(const Position *p, BookMove bm);
void book_move_str(BookMove bm, char buf[6]);

/* 0-based index of the turn in progress counted from the start of the game by the position's
 * full-move number: 2 * (fullmove - 1) + (black owns the turn). The builder records, and UCI
 * BookDepth plays, only decisions whose turn index is below the depth. */
int book_turn(const Position *p);

/* A weighted random choice among the entries of p's key whose decision is legal at p's
 * decision point, or MOVE_NONE (no entry, none legal, all weights 0, game over). The same
 * (book, position, seed) always gives the same decision. */
Move book_choose(const Book *b, const Position *p, uint64_t seed);

/* The builder (book/build.c). Games come from game records (record/record.h). */
typedef struct {
    int maxTurns;    /* record decisions of turns with book_turn() < maxTurns */
    int minGames;    /* keep a (key, decision) played in at least this many games */
    double minScore; /* ... whose decider scored at least this fraction (0..1) */
} BookBuildOptions;

typedef struct {
    long games;       /* game records read (malformed ones included) */
    long used;        /* games whose decisions were counted */
    long malformed;   /* rejected with a message */
    long unfinished;  /* result "*": skipped */
    long decisions;   /* (key, decision) occurrences counted */
    long dropped;     /* occurrences lost because the table was full (bounded memory) */
    size_t distinct;  /* distinct (key, decision) pairs seen */
    size_t written;   /* entries in the book after --min-games / --min-score */
} BookBuildStats;

void book_build_defaults(BookBuildOptions *o);
/* Reads every game of the files, writes the book to a temporary file next to `out` and
 * renames it over `out` (never a half-written book). Messages about skipped games go to log
 * (may be NULL). Returns false (err says why) only when no book could be written. */
bool book_build(const char *const *pgnPaths, int npaths, const char *out, const BookBuildOptions *o,
                BookBuildStats *st, FILE *log, char *err, size_t errlen);

/* `qec book build|dump|probe …`; argv[0] is "book". Prints to stdout/stderr and returns the
 * process exit status. */
int book_cli(int argc, char **argv);

#endif
