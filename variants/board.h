/* One game of any variant row (variants.h) behind one interface: engine/position.h for the
 * Position family (qec, chess, tether), engine/worlds.h for the worlds family (schroedinger,
 * docs/players/rules-schroedinger.md), whose state (the set of consistent worlds, S1.2-S1.3) a Position
 * cannot hold. The game loop, random openings and record checks ask a Board who decides, what
 * is legal, and whether the game has ended, and never look at the variant themselves. */
#ifndef QEC_VARIANTS_BOARD_H
#define QEC_VARIANTS_BOARD_H

#include "../engine/worlds.h"
#include "../engine/links.h"
#include "../engine/position.h"
#include "variants.h"

typedef struct {
    const Variant *variant;
    Position *pos;   /* the caller's scratch position (Position family) */
    WorldsPos worlds;      /* owned; allocated by board_open in the worlds family */
} Board;

/* Opens a board (zeroed before its first open; reopening reuses it) for `variant` at its root: the FEN (NULL or "" = start position) and, with links,
 * the EntMap text (NULL = default). A row without `fen` (schroedinger, S4.2) has the start position only: a FEN is
 * refused. On failure err says why; board_close is safe either way. */
bool board_open(Board *b, const Variant *variant, Position *scratch, const char *fen, const char *entmap, char *err,
                size_t errlen);
void board_close(Board *b);
/* The same in two steps, for a caller that keeps its own map (the UCI session's EntMap and its
 * fallback): the root by the FEN (NULL or "" = start position; a row without `fen` refuses one,
 * S4.2; the worlds family starts afresh), then, in a row with links, the map on that root (R1.2;
 * true with nothing to do in the other rows). b->pos is the caller's scratch position. */
bool board_set_fen(Board *b, const Variant *variant, const char *fen, char *err, size_t errlen);
bool board_apply_map(Board *b, const EntMap *map, char *err, size_t errlen);

/* PHASE_* of the decision at hand (schroedinger has base moves only) and who decides it. */
int board_phase(const Board *b);
int board_decider(const Board *b);
/* The game's end by the rules (R4, T5, S3), as engine/position.h's GameEnd. */
bool board_game_end(Board *b, GameEnd *end);
/* The legal decisions (list holds MAX_MOVES). */
int board_legal(Board *b, Move *list);
/* The options at hand: the legal decisions, none once the game has ended (R4, T5, S3). */
int board_options(Board *b, Move *list);
/* What a legal decision is (`legal kinds`, docs/gui/protocol.md): "native", "transporter"
 * (T2.2) or "apex" (T2.6) in a row with moveKinds; "native" in every other row, where each
 * move is the piece's own (S2.2: a major moves as a type it may have). */
const char *board_move_kind(const Board *b, Move m);
/* The legal decision a token names, or MOVE_NONE (S2.5: a promotion letter is not legal). */
Move board_parse(Board *b, const char *tok);
/* The token of m as the variant writes it (tether castling e1h1, schroedinger no letter). */
void board_token(const Board *b, Move m, char tok[6]);
/* Plays a legal decision; history beyond what the draw rules read is dropped. */
void board_do(Board *b, Move m);
/* perft (RULES R6, S5.1) divided by root decision: the root decisions in moves, their counts in
 * counts (both hold MAX_MOVES); returns their number. The family's own perft walks the tree
 * (engine/perft.h, engine/worlds.h), chosen once per call. */
int board_divide(Board *b, int depth, Move *moves, uint64_t *counts);
/* One token of a move list (`position … moves …`) played and the history compacted: a
 * decision or a whole turn (R5.2) in the Position family, a move in the worlds family (S2.1,
 * S2.5). All of it or nothing; on refusal err says why, in words for people. `last`: the
 * list's last token, which may stop inside a turn. */
bool board_play_token(Board *b, const char *tok, bool last, char *err, size_t errlen);
/* Whether tok is written as a UCI token (R5.1, R5.2; S4.1 in the worlds family), right or
 * wrong: what board_play_token reads. */
bool board_token_shaped(const Board *b, const char *tok);
/* One item of a move list as board_play_token plays it, but also in the notation for people
 * (docs/players/notation.md, board_text.c): a whole turn in the short or long form at a turn
 * start (`e4`, `Nf3`, `d6 [↔ Rh2]`, `Qh4+ <Ke2>`; schroedinger `Mb1-c3`), or the decision at
 * hand inside a turn (`[↔ Rh7]`, `<Ke2>`). A forced reply or reactive step left out is played
 * where it is the only legal one; where it has a choice, the item must be the list's last.
 * All of the item or nothing; err says why (ambiguous, illegal, unfinished). */
bool board_play_text(Board *b, const char *text, bool last, char *err, size_t errlen);
/* The same on a bare Position (no compaction), for a reader that holds no Board (bench). */
bool apply_token(Position *p, const char *tok, bool last, char *err, size_t errlen);
/* The final-position line of a record: the FEN (schroedinger: with M/m, S4.3). */
void board_fen(const Board *b, char *buf, size_t len);

/* Walking a Board (board_walk.c), for the loops above it (`selfplay`, `openings`, ShowTurns). */
/* b ready for every row before its first open: the worlds family's position allocated, so a
 * Board swapped whole (the UCI session's) has it. false if memory is short. */
bool board_init(Board *b);
/* dst (its own scratch dst->pos; closed with board_close) becomes a copy of src: its row and
 * its position with the history the rules read. false if memory is short. */
bool board_copy(Board *dst, const Board *src);
/* Plays a legal decision keeping the history, so board_undo takes it back (no compaction:
 * board_do plays a game, this a look ahead). false (nothing played) if there is no room. */
bool board_try(Board *b, Move m);
void board_undo(Board *b);
/* The position's key: board, links, turn; in the worlds family also the set of consistent
 * worlds (S1.2), so equal keys are the same position to play from. */
Key board_key(Board *b);
/* The number of the turn at hand, as the FEN counts it (a turn is one move in the worlds
 * family, S2.1). */
int board_turn_number(const Board *b);
/* What the row calls one decision in messages: "decision" (R5), "move" (the worlds family). */
const char *board_decision_word(const Board *b);
/* The links as `d` and `selfplay` write them (`Links: …`): the pairs, or "none". */
void board_links_text(const Board *b, char *buf, size_t len);
/* `selfplay`'s line for the turn just played (docs/gui/protocol.md): head (its number and
 * tokens, `1... e7e5[f1c4]`), then that turn in the long notation for people. */
void board_turn_line(Board *b, const char *head, char *buf, size_t len);
/* `selfplay`'s words for the end e after its result, `(white mates, R4.1)`; the worlds family
 * words it as `d` does. */
void board_end_brief(const Board *b, const GameEnd *e, char *buf, size_t len);
/* The line (n legal decisions from b, the pv of a search) as whole turns in the short
 * notation for people, as ShowTurns writes it: ` 1. e4 [↔ Rh7] e5 2. Bc4`, each turn as `d`'s
 * `Last turn (short)`; a turn the line leaves unfinished ends in what is due (` [↔ …]`,
 * ` <K…>`). Stops at the first decision that is not legal. b is as before afterwards. buf
 * holds (n + 1) * BOARD_TURN_TEXT_MAX for the whole line. */
enum { BOARD_TURN_TEXT_MAX = 96 };
void board_line_turns(Board *b, const Move *line, int n, char *buf, size_t len);

/* One decision in the notation for people (board_notation.c), not played: what a record's
 * reader, its writer and the review need. */
/* The legal decision at hand that text names: SAN or QEC's short or long form, or
 * schroedinger's long form (`Mb1-c3`, S4.1), or a UCI token in any row; MOVE_NONE with the
 * reason in err ("no such move (legal: …)", "ambiguous (Nce2 Nge2)", "write M for a major …"). */
Move board_read_decision(Board *b, const char *text, char *err, size_t errlen);
/* Legal decision m at hand, no brackets: the short form (`Nf3`, `Rh7`, `exd6`), schroedinger's
 * long form (`Mb1-c3`, `e7-e8=M`). False if m is not legal there. */
bool board_decision_text(Board *b, Move m, char *buf, size_t len);
/* Whether row v's notation for people is standard SAN, which other tools read (chess,
 * tether); a record of another row keeps each turn's UCI token in a comment beside it. */
bool board_notation_standard(const Variant *v);

/* For people (board_show.c): text into the caller's buffer, no I/O. */
/* The `d` block (docs/gui/protocol.md, "d"): the diagram, Fen, Links, Key, Phase, Decider,
 * Pending, the worlds family's Worlds and Types (S4.3), Result once the game has ended, the
 * last turn (last move) in words. false if it did not fit in len. */
bool board_describe(Board *b, char *buf, size_t len);
/* The decision at hand: "white's base move", "black's forced reply with the bishop on f8", …
 * (board_phase_words: of a Board of any row; the worlds family: "white's move"). */
void phase_words(const Position *p, char *buf, size_t len);
void board_phase_words(const Board *b, char *buf, size_t len);
/* The game's end of a worlds-family position (S3.2, S3.3) as a GameEnd; false while it goes on. */
bool worlds_game_end(WorldsPos *p, GameEnd *end);
/* A move list's refusal after the end e of a game of row v: "the game is over (<words>), no
 * further <what>" into err (the end's words: variant_end_words). */
void end_refusal(const Variant *v, const GameEnd *e, const char *what, char *err, size_t errlen);

#endif
