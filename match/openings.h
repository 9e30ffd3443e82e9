/* Where games start.
 *   none:   the start position with the default map (RULES R1.4).
 *   file:   one opening per line, `<FEN>; links <pairs|none>[; …]` (the format of
 *           tests/data/qec-perft-public.epd; further `;` fields are ignored, a line without a
 *           links field gets the default map, blank lines and lines starting with # are
 *           skipped). Every line is checked when loading: a bad one stops the run.
 *   random: opening i (0-based) uses the map `random <seed+i>` (the same map qec builds for
 *           `setoption name EntMap value random <seed+i>`) from the start position, followed by
 *           `plies` random whole turns, reproducible per seed.
 *   In classical chess (variant chess) there are no links: an EPD line is `<FEN fields> [EPD
 *           operations]`, the operations and any `;` fields ignored; format=pgn reads the games
 *           of a PGN file (standard SAN) and plays each one's moves (at most `plies`) as the
 *           opening; random openings are random legal moves from the start position.
 *   In schroedinger (S4.2: no FEN) an opening is a move list from the start position: a file
 *           line is `startpos [moves <tokens>]` (further `;` fields ignored), format=pgn reads
 *           schroedinger records, random openings are `plies` random legal moves.
 * A tournament asks for openings by slot number; order=random shuffles the file once (by
 * seed); slots past the end wrap around. */
#ifndef QEC_MATCH_OPENINGS_H
#define QEC_MATCH_OPENINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../engine/position.h"
#include "../variants/variants.h"

enum { OPENINGS_NONE, OPENINGS_FILE, OPENINGS_RANDOM };
enum { OPENINGS_FORMAT_AUTO, OPENINGS_FORMAT_EPD, OPENINGS_FORMAT_PGN };
enum { OPENING_MAX_BOOK = 3 * 200 };

typedef struct {
    int kind;
    const Variant *variant; /* the games' row (variants/variants.h) */
    int format;         /* OPENINGS_FORMAT_*: auto = pgn for a .pgn file, else epd */
    char file[512];
    bool randomOrder;
    bool hasSeed;
    uint64_t seed;
    int plies;          /* random: whole turns; pgn: at most this many plies (0 = all) */
    int start;          /* first opening used (1-based, as cutechess) */
    int balance;        /* random: the check's window in cp (OPENINGS_BALANCE_OFF: no check) */
    int balanceNodes;   /* random: `go nodes N` of the check */
} OpeningsConfig;

enum { OPENINGS_BALANCE_OFF = -1, OPENINGS_BALANCE_DEFAULT = 200, OPENINGS_BALANCE_NODES = 20000 };
/* Candidates tried per slot before the run stops: a window that rejects every position. */
enum { OPENINGS_MAX_CANDIDATES = 200 };

typedef struct {
    char fen[128];      /* "" = start position */
    char entmap[256];   /* explicit pairs, pawn first, or "none" ("" in variants without links) */
    int nbook, bookTurns;
    char book[OPENING_MAX_BOOK][6]; /* decisions played from the root before the game */
    char label[64];
} Opening;

typedef struct {
    OpeningsConfig cfg;
    uint64_t seed;
    Opening *list;      /* file openings */
    int *order;
    int n;
} OpeningBook;

/* Loads and checks the openings; `seed` is used when the config has none. */
bool openings_load(OpeningBook *b, const OpeningsConfig *cfg, uint64_t seed, char *err, size_t errlen);
void openings_free(OpeningBook *b);
/* A hash of the seed and of every file opening (position, links, book moves) in the order the
 * slots use them: a resumed match (-state) checks it is dealt the same openings. */
uint64_t openings_fingerprint(const OpeningBook *b);
/* The opening of a slot; scratch is a position to work in. */
bool openings_get(const OpeningBook *b, int slot, Opening *out, Position *scratch, char *err, size_t errlen);
/* Random openings: candidate k of a slot (0 is openings_get's). A candidate the balance check
 * rejects is replaced by the next: candidate k >= 1 has its own seed, drawn from the slot's seed
 * and k, used like any seed: map `random <seed>` and the random turns of that seed. */
bool openings_candidate(const OpeningBook *b, int slot, int k, Opening *out, Position *scratch, char *err,
                        size_t errlen);

#endif
