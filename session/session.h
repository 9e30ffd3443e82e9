/* The engine a protocol speaks for (issue 43): one Session owns the board, the search, the
 * networks, the book and the options, and offers typed operations on them; the UCI front-end
 * (uci/) only reads command lines and prints, and the WebAssembly entry, bench, selfplay and
 * openings reach the engine through the same object. Stockfish 17's Engine under its UCIEngine
 * is the model. The session never prints: what a search finds reaches the caller through the
 * callbacks it gives (SessionReport), refusals as error text in the caller's buffer. */
#ifndef QEC_SESSION_H
#define QEC_SESSION_H

#include <pthread.h>

#include "../book/book.h"
#include "../engine/links.h"
#include "../search/game_search.h"
#include "../variants/board.h"
#include "../variants/variants.h"

/* The option values (the table and its validation: session/options.c). */
typedef struct {
    int hash, threads, multiPV, moveOverhead, policy;
    int threadsMax; /* Threads' ceiling in this session (session_set_threads_max) */
    /* UCI_Variant's row (variants/variants.h), from the next `position`. A worlds row
     * (schroedinger, docs/players/rules-schroedinger.md) has its own position type (engine/worlds.h), which
     * the session's Board holds beside the Position. */
    const Variant *variant;
    /* UCI_Variant's default as `uci` lists it: qec, or the variant the command line started
     * the session in (session_start_in) */
    const Variant *startVariant;
    bool ponder, ownBook;
    bool useNNUE; /* Use NNUE: false = the hand-made evaluation where a variant has a network */
    bool showTurns; /* ShowTurns: each pv line again as whole turns for people (uci/turns.c) */
    bool showWDL;       /* UCI_ShowWDL: `wdl W D L` after every score */
    int skillLevel;     /* Skill Level, 0..20 (20: full strength) */
    bool limitStrength; /* UCI_LimitStrength: play at UCI_Elo's level instead */
    int elo;            /* UCI_Elo */
    int bookDepth;    /* turns from the start of the game played from the book */
    int64_t bookSeed;
    char *entMap;     /* the last accepted EntMap text */
    char *entMapFile; /* the last accepted EntMapFile path, "" if none */
    char *bookFile;   /* the loaded BookFile path, "" if none */
    char *evalFile;   /* the loaded EvalFile path, "" if none (the compiled-in nets) */
    SearchParamOverride tune; /* the tuning build's search numbers set (uci/tune.c); none otherwise */
} SessionOptions;

/* What a `go` reports, each through the caller's callback with ctx (the session never prints).
 * info and bestmove of a search run on a search thread with the session's lock held (so they
 * never overlap, and a caller that asks session_searching after its bestmove sees false). */
typedef struct {
    /* an iteration's line: mate is UCI's `mate N` (turns, negative when the root's decider is
     * mated; 0: a cp score); v is the search's row (to spell the pv, variant_token, and for its
     * WDL model) */
    void (*info)(void *ctx, const SearchInfo *info, int mate, const Variant *v);
    /* the answer, spelled by its row; ponder NULL when there is none. Once per go, unless the
     * go was infinite or ponder and its answer is held (session_stop, session_ponderhit). */
    void (*bestmove)(void *ctx, const char *best, const char *ponder);
    void (*gameOver)(void *ctx, const GameEnd *e); /* the game has ended: before its bestmove */
    void (*book)(void *ctx, const char *move);     /* the book's move: before its bestmove */
    void (*error)(void *ctx, const char *text);    /* a refusal that does not stop the go */
    void *ctx;
} SessionReport;

/* The fields are the caller's to read (a protocol prints from them); only session_* functions
 * change them. */
typedef struct Session {
    /* Guards the running search's state below (searching … heldMove) between the caller's
     * thread and the search threads; the report callbacks run with it held. */
    pthread_mutex_t lock;
    /* A `go` is waiting for its bestmove: a search runs, or (held) the answer is known but
     * must wait for stop/ponderhit because the go was infinite or ponder. */
    bool searching, held, pondering;
    bool endless; /* the go was infinite or ponder: only stop/ponderhit/quit end it */
    Move heldMove;
    bool havePosition; /* `go` before any `position` is an error */
    const Variant *searchVariant; /* the running (or last) search's row: its WDL model */
    EntMap map;     /* applied to the root of the next `position` */
    EntMap goodMap; /* the last map that fitted a root; `map` falls back to it on failure */
    Book book;      /* BookFile; probed by `go` when OwnBook is on */
    /* The last accepted `position` as a Board (variants/board.h): its row, and its position
     * (root + moves) in its rules family, `pos` or (a worlds row) `worlds`, start + moves,
     * compacted; `d`, `legal`, perft and `go` read it. Owns both (session_new, session_free). */
    Board board;
    /* Where a `position` is built, so a refused one changes nothing; swapped whole with
     * `board` once accepted. */
    Board building;
    GameSearch *search; /* every row's search (search/game_search.h), NULL until session_search */
    SessionOptions opt;
    /* session_set_poll: a build without threads lets its searches poll the caller's input */
    void (*poll)(void *ctx, bool waiting);
    void *pollCtx;
    /* EvalFile (docs/dev/qec-network.md): the loaded file's bytes and its view, a LinkNet or a
     * net of the board shape, and the nets by evaluation family that the search is given: each
     * family whose shape (eval_net_shape) the file has evaluates with it, the others with their
     * compiled-in nets. */
    void *netData;
    LinkNet fileLinks;
    NnueNet fileBoard;
    EvalNet nets[EVAL_FAMILY_COUNT];
    /* A Board copy of the running search's root: mate distances in turns and ShowTurns' lines. */
    Board searchRoot;
    bool haveSearchRoot;
    SessionReport report; /* the running go's callbacks */
} Session;

/* A move list as a protocol read it: n words, word i at off[i] in line, so that an item
 * spanning words (`d6 [↔ Rh2]`) is read with its own spacing. */
typedef struct {
    const char *line;
    int n;
    const char *const *w;
    const size_t *off;
} SessionWords;

/* Perft divided by root decision: one line per root move. */
typedef struct {
    char tok[6];
    uint64_t count;
} PerftLine;

/* A legal option at hand and its kind (board_move_kind's word: `legal kinds`). */
typedef struct {
    char tok[6];
    const char *kind;
} KindedMove;

/* engine_init() and search_init() must have run. NULL if memory is short. */
Session *session_new(void);
/* The session starts in the variant named (a UCI_Variant value or alias, case-insensitive) as
 * its UCI_Variant and UCI_Variant's default, the board at its start position. Before anything
 * else; false if no variant has that name. */
bool session_start_in(Session *s, const char *variant);
/* Joins a running search first (the caller stops it). NULL is fine. */
void session_free(Session *s);
/* The session's search, made at its first use, ready for b's row (b NULL: no row yet); NULL if
 * memory is short. */
GameSearch *session_search(Session *s, const Board *b);
/* Join search threads whose bestmove has been reported (before touching the search). */
void session_join(Session *s);
/* A build without threads runs each search on the caller's thread; its searches then call
 * poll every few milliseconds (search_set_poll). */
void session_set_poll(Session *s, void (*poll)(void *ctx, bool waiting), void *ctx);
/* ---- position (session/position.c) ---- */

/* The next position: UCI_Variant's row, its start (fen NULL or "") or a FEN, the EntMap (in a
 * row with links; falling back to the last map that fitted a root), then the moves (decision
 * and whole-turn tokens, R5.2, or moves in the notation for people). Built aside, so a refusal
 * before the moves changes nothing; a refusal inside them keeps the legal prefix as the
 * position. False with the reason in err. */
bool session_set_position(Session *s, const char *fen, const SessionWords *moves, char *err, size_t errlen);
/* `d`'s block of the position into buf (false: it does not fit). */
bool session_describe(Session *s, char *buf, size_t len);
/* The options at hand in token order, with their kinds; returns the count (MAX_MOVES at most). */
int session_legal(Session *s, KindedMove *out);
/* Perft of the position to depth, divided by root decision in token order (R6; S5 in
 * schroedinger); returns the number of lines (MAX_MOVES at most). */
int session_perft(Session *s, int depth, PerftLine *lines);

/* ---- go, stop, ponderhit (session/go.c) ---- */

/* A `go` of the position under lim: answered at once when the game has ended, from the book
 * (OwnBook, a row with a book, a timed go without searchmoves, within BookDepth) or when one
 * option is at hand, else searched in the background. searchmoves: n tokens that must each be
 * a legal decision here (duplicates dropped). Every answer and line goes to rep; false with the
 * reason in err when the go is refused (nothing reported). */
bool session_go(Session *s, const SearchLimits *lim, const char *const *searchmoves, int n, const SessionReport *rep,
                char *err, size_t errlen);
/* A go is waiting for its bestmove (a search runs, or its answer is held); *endless (if not
 * NULL): it was infinite or ponder. */
bool session_searching(Session *s, bool *endless);
/* Ends the go: a held answer is released into tok (true: the caller gives it as the bestmove);
 * else a running search is stopped and waited for (its bestmove reported). */
bool session_stop(Session *s, char tok[6]);
/* Asks a running search to stop, without waiting (a poll that heard quit). */
void session_halt(Session *s);
typedef enum { PONDERHIT_NONE, PONDERHIT_HELD, PONDERHIT_SEARCH } PonderhitResult;
/* The ponder go goes on as a timed one: NONE if there is none, HELD when its answer was held
 * (released into tok), SEARCH when its search goes on. */
PonderhitResult session_ponderhit(Session *s, char tok[6]);
/* A new game (ucinewgame, Clear Hash): both families' tables cleared. */
void session_clear(Session *s);

/* ---- bench (session/bench.c) ---- */

/* What bench reports, each through the caller's callback with ctx. */
typedef struct {
    /* position i of count (from 1) searched: its root (FEN, or `<variant> startpos`), its bench
     * row entry (map, moves), the answer and the last iteration's info */
    void (*position)(void *ctx, int i, int count, const char *root, const BenchPosition *b, const char *best,
                     const SearchInfo *info);
    void (*error)(void *ctx, const char *text); /* a position that could not be set up */
    void *ctx;
} BenchReport;

/* Every row's bench positions searched to depth (its row's benchShallower less) with a fixed
 * search of `hash` MiB and `threads` threads from cleared tables; the user's options back
 * after. *nodes: the sum (the bench signature with one thread), *elapsedMs the time taken.
 * False (reported) if memory is short. */
bool session_bench(Session *s, int hash, int threads, int depth, const BenchReport *rep, uint64_t *nodes,
                   int64_t *elapsedMs);

/* ---- selfplay (session/selfplay.c) ---- */

/* What selfplay reports, each through the caller's callback with ctx, in the game's order. */
typedef struct {
    void (*links)(void *ctx, const char *links); /* the start's links (`none` without) */
    /* a whole turn: its number and R5.2 tokens (replayable), then the seed's long notation */
    void (*turn)(void *ctx, const char *text);
    /* the end: e and its brief words, or e NULL at the turn limit; the final FEN */
    void (*end)(void *ctx, const GameEnd *e, const char *words, const char *fen);
    void (*error)(void *ctx, const char *text); /* a refusal, or a search bug: the game stops */
    void *ctx;
} SelfplayReport;

/* One game of the engine against itself from UCI_Variant's start under map (in a row with
 * links), movetime ms a decision (the user's options: Policy applies), at most maxTurns whole
 * turns, from cleared tables. False (reported) if it could not start or a search returned no
 * legal decision. */
bool session_selfplay(Session *s, int64_t movetime, int64_t maxTurns, const EntMap *map, const SelfplayReport *rep);

/* ---- openings (session/openings.c) ---- */

/* The closing tally of openings: kept of tried, and why the others were dropped. */
typedef struct {
    int kept;
    uint64_t tried, over, decided, repeated;
    const char *decidedWhy; /* the balance test in words (`mate or |score| > 100 cp at depth 4`) */
} OpeningsTally;

/* What openings reports, each through the caller's callback with ctx. */
typedef struct {
    /* a kept opening as qecmatch's -openings file= reads it: `<FEN>; links <pairs|none>`, or
     * `startpos moves …` in a row whose games start at the start position only (S4.2) */
    void (*opening)(void *ctx, const char *line);
    void (*tally)(void *ctx, const OpeningsTally *t);
    void (*error)(void *ctx, const char *text); /* a refusal (nothing else reported) */
    void *ctx;
} OpeningsReport;

/* A balanced opening book of UCI_Variant's row (docs/gui/protocol.md: `openings`): count
 * openings of `turns` random whole turns each, within ±window cp, from seed; depth: the mate
 * test's (0: the row's default, 4 turns of search, or 1 own move of the exact check in a worlds
 * row, where at most 2 is allowed). A fixed search of Hash MiB, one thread; the user's options
 * back after. False (reported) on a refusal. */
bool session_openings(Session *s, int64_t count, int64_t turns, int64_t window, int64_t seed, int64_t depth,
                      const OpeningsReport *rep);

/* Whole decimal numbers, the whole text; false on anything else or out of [lo, hi]. */
bool session_parse_int64(const char *s, int64_t lo, int64_t hi, int64_t *out);

#endif
