/* The game record: QEC game records in a PGN-like text format (docs/gui/record-format.md has the
 * full description), read, written and replayed. qecmatch (match/) writes and reads them, the book
 * builder (book/build.c) reads them; the record depends on engine/ and the variant
 * table (variants/). Its API is named after the format: PgnGame, pgn_read, pgn_write, pgn_replay.
 *
 *   [Event "qecmatch"]  [Site "?"]  [Date "2025.01.31"]  [Round "3.1"]
 *   [White "A"]  [Black "B"]  [Result "1-0"]          (1-0, 0-1, 1/2-1/2, 0-0, *)
 *   [Variant "QEC"]  [EntMap "a2a8 b2b8 …"]           (root links, pawn first, or none)
 *   [FEN "…"]  [SetUp "1"]                             (only when not the start position)
 *   [TimeControl "10+0.1"]  [Termination "mate"]  [BookTurns "8"]  [FinalFEN "…"]
 *
 *   1. e4 [↔ Rh7] {e2e4[h8h7]} d5 {d7d5} 2. Nf3 [↔ e6] <Ke7> {g1f3[e7e6]<e8e7>} … {White is mated} 0-1
 *
 * Classical chess (variant chess) is written as standard PGN that other tools read: no
 * [Variant] or [EntMap] tag, [SetUp "1"] and [FEN] when not from the start position, SAN
 * movetext (engine/notation.h). A record without a [Variant] tag is read as classical chess unless it
 * has an [EntMap] tag (then it is QEC); in chess movetext SAN and UCI tokens are both accepted.
 *
 * Schroedinger (docs/players/rules-schroedinger.md) is written with [Variant "Schroedinger"], never a FEN
 * (S4.2), and movetext in its long form with M for a major, each move's token in a comment
 * (`1. Mb1-c3 {b1c3} g7-g6 {g7g6} 2. …`, S4.1, S2.5; the reader also takes bare tokens); its
 * FinalFEN has M/m for majors (S4.3). Every row but QEC is read and written a move at a time
 * through the Board's notation (variants/board.h, board_read_decision, board_decision_text).
 *
 * QEC movetext is for people (RULES R5.3): each turn in the SAN-style short form of
 * engine/notation.h, then its whole-turn token (R5.2: base move, [forced reply], <reactive
 * step>) in a comment, so a tool takes the tokens without our parser. The last turn may be cut
 * short (mate at the reactive step, a forfeit mid-turn). Every decision of the game is there,
 * single-option ones included, so `position [fen F] moves <tokens>` after `setoption name
 * EntMap value <EntMap>` gives qec the final position. The reader takes the people's text in
 * either form of notation.h, tokens mixed in, and checks every decision; when the record has
 * token comments they must say the same. Old records, whose movetext is tokens only, are read
 * as before (legality is then pgn_replay's business). */
#ifndef QEC_RECORD_H
#define QEC_RECORD_H

#include <stdbool.h>
#include <stdio.h>

#include "../engine/position.h"
#include "../variants/board.h"
#include "../variants/variants.h"

typedef struct {
    char tok[6];
    unsigned char phase; /* PHASE_BASE, PHASE_FORCED or PHASE_REACT */
} PgnDecision;

typedef struct {
    char event[64], site[64], date[16], round[24], white[64], black[64];
    char result[8];       /* "1-0", "0-1", "1/2-1/2", "0-0" or "*" */
    char termination[48]; /* see pgn_end_name and docs/gui/record-format.md */
    char comment[256];    /* the end of the game in words, written just before the result */
    char timeControl[64];
    char fen[128];        /* "" = the standard start position */
    char entmap[256];     /* root links, pawn first, or "none"; "" when read without the tag
                             (the default map, R1.4: written back as "default") */
    char finalFen[128];
    const Variant *variant; /* the row (variants/variants.h); pgn_clear: the default (qec) */
    int bookTurns;        /* leading turns that came from the opening */
    PgnDecision *dec;
    int ndec, cap;
} PgnGame;

void pgn_init(PgnGame *g);
void pgn_free(PgnGame *g);
/* Empties the game for reuse (keeps the decision buffer). */
void pgn_clear(PgnGame *g);
bool pgn_push(PgnGame *g, const char *tok, int phase);

bool pgn_write(FILE *f, const PgnGame *g);
/* What a review (review/, docs/players/review.md) adds to one decision: its mark ("?!", "?",
 * "??" or "") written after the decision's own text, and a comment ("" for none; no braces)
 * written after the move (in QEC after the turn's token comment, one per decision in order). */
typedef struct {
    char mark[4];
    char comment[160];
} PgnNote;
/* pgn_write with notes[i] on decision i (notes NULL: pgn_write). */
bool pgn_write_annotated(FILE *f, const PgnGame *g, const PgnNote *notes);
/* The next game in f: 1 = read, 0 = end of file, -1 = malformed (err says why; the reader has
 * moved past that game, so the caller may go on). */
int pgn_read(FILE *f, PgnGame *g, char *err, size_t errlen);

/* Sets p to the game's root (FEN and, in QEC, EntMap tags; start position and default map when absent)
 * and plays every decision through engine/, checking that each is legal, at a decision point
 * of its kind, and not after the end of the game. */
bool pgn_replay(const PgnGame *g, Position *p, char *err, size_t errlen);

/* Any row's record replayed on b (its Position b->pos, or its own position for a row of
 * another rules family; b is zeroed or opened before, and closed by the caller): pgn_replay for
 * a row with FEN roots, else a move list from the start position (S4.2: no FEN tag), every
 * move legal and none after the end of the game. pgn_replay refuses a record of a row without
 * a Position. */
bool pgn_replay_board(const PgnGame *g, Board *b, char *err, size_t errlen);

/* Termination tag of a rule end (END_* of engine/position.h): "mate", "dual king", …
 * (variants.h END_KINDS); its result is variants.h's end_result. */
const char *pgn_end_name(int reason);

#define PGN_START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

#endif
