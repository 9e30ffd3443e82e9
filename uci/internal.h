/* Shared between the uci/ source files only: the session state and the helpers the command
 * files use. Not part of the module's API (that is uci.h). */
#ifndef QEC_UCI_INTERNAL_H
#define QEC_UCI_INTERNAL_H

#include <pthread.h>

#include "../book/book.h"
#include "../engine/hsc.h"
#include "../engine/links.h"
#include "../search/game_search.h"
#include "../variants/board.h"
#include "../variants/variants.h"
#include "uci.h"

/* A command line split into words; off[i] is where word i starts in the original line, so a
 * command can take "the rest of the line" verbatim (option values, EntMap JSON). */
typedef struct {
    const char *line;
    int n;
    char **w;
    size_t *off;
} Words;

typedef struct {
    int hash, threads, multiPV, moveOverhead, policy;
    int threadsMax; /* Threads' ceiling in this session (uci_set_threads_max) */
    /* UCI_Variant's row (variants/variants.h), from the next `position`. A worlds row
     * (schroedinger, docs/players/rules-schroedinger.md) has its own position type (engine/hsc.h), which
     * the session's Board holds beside the Position. */
    const Variant *variant;
    /* UCI_Variant's default as `uci` lists it: qec, or the variant the command line started
     * the session in (uci_start_in) */
    const Variant *startVariant;
    bool ponder, ownBook;
    bool useNNUE; /* Use NNUE: false = the hand-made evaluation where a variant has a network */
    bool showTurns; /* ShowTurns: each pv line again as whole turns for people (turns.c) */
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
    SearchParamOverride tune; /* the tuning build's search numbers set (tune.c); none otherwise */
} Options;

struct Uci {
    FILE *out;
    pthread_mutex_t lock; /* serializes output; guards searching/held/root/replay */
    /* A `go` is waiting for its bestmove: a search runs, or (held) the answer is known but
     * must wait for stop/ponderhit because the go was infinite or ponder. */
    bool searching, held, pondering;
    bool endless; /* the go was infinite or ponder: only stop/ponderhit/quit end it */
    Move heldMove;
    bool havePosition; /* `go` before any `position` is an error */
    Position *root;    /* the root of the running search, for mate distances in turns */
    const Variant *searchVariant; /* the running (or last) search's row: its WDL model */
    Position *replay;
    EntMap map;     /* applied to the root of the next `position` */
    EntMap goodMap; /* the last map that fitted a root; `map` falls back to it on failure */
    Book book;      /* BookFile; probed by `go` when OwnBook is on */
    /* The last accepted `position` as a Board (variants/board.h): its row, and its position
     * (root + moves) in its rules family, `pos` or (a worlds row) `hsc`, start + moves,
     * compacted; `d`, `legal`, perft and `go` read it. Owns both (uci_new, uci_free). */
    Board board;
    /* Where a `position` is built, so a refused one changes nothing; swapped whole with
     * `board` once accepted. */
    Board building;
    GameSearch *search; /* every row's search (search/game_search.h), NULL until uci_search */
    Options opt;
    /* uci_set_poll: a build without threads lets its searches poll the caller's input */
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
    /* ShowTurns (turns.c): the running search is schroedinger's, whose root is copied here
     * (the Position family's is `root`). */
    bool turnsWorlds, haveTurnsHsc;
    HscPos turnsHsc;
};

/* Output: every line goes through the lock, since search threads print too. */
void uci_printf(Uci *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void uci_error(Uci *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Several lines at once (d, perft): lock, print with fprintf(u->out, …), unlock. */
void uci_lock_out(Uci *u);
void uci_unlock_out(Uci *u);

bool uci_is_searching(Uci *u);
/* With the output lock held, as a search starts (either family): a `go` now waits for its
 * bestmove, and stop/ponderhit end it if it is infinite or ponders. */
void uci_mark_searching(Uci *u, const SearchLimits *lim);
/* The session's search, made at its first use, ready for b's row (b NULL: no row yet); NULL
 * (with an error line) if memory is short. */
GameSearch *uci_search(Uci *u, const Board *b);
/* Join search threads whose bestmove has been printed (before touching the search). */
void uci_join_search(Uci *u);

/* Words of a command; `rest` is the text from word i to the end of the line, trimmed. */
const char *words_rest(const Words *ws, int i);
/* Whole decimal numbers, the whole word; false on anything else or out of [lo, hi]. */
bool parse_int64(const char *s, int64_t lo, int64_t hi, int64_t *out);

/* Perft divide: one `tok: count` line per root move in token order (lines are sorted here),
 * then `Nodes searched: <sum>`. */
typedef struct {
    char tok[6];
    uint64_t count;
} DivideLine;
void print_divide(Uci *u, DivideLine *lines, int n);

/* Commands (one file each). */
void cmd_d(Uci *u, const Words *ws);
void cmd_legal(Uci *u, const Words *ws);
void cmd_position(Uci *u, const Words *ws);
void cmd_go(Uci *u, const Words *ws);
void cmd_setoption(Uci *u, const Words *ws);
void cmd_bench(Uci *u, const Words *ws);
void cmd_selfplay(Uci *u, const Words *ws);
void cmd_openings(Uci *u, const Words *ws);
/* The search callbacks' output, one code for both families (go.c): a whole `info` line; the
 * `bestmove` line, after which the session no longer searches. Each takes the output lock. */
void report_info(Uci *u, const SearchInfo *info);
void report_bestmove(Uci *u, Move best, Move ponder);
/* ShowTurns (turns.c), with the output lock held, right after a pv line: the same pv as whole
 * turns for people, `info string turns multipv K <movetext>`. turns_set_hsc_root copies a
 * schroedinger search's root before it starts (false if memory is short: no turns lines). */
void report_turns(Uci *u, const SearchInfo *info);
bool turns_set_hsc_root(Uci *u, const HscPos *root);
void turns_free(Uci *u);
/* UCI_ShowWDL (wdl.c): the per mille chances of the side that decides at a score, from v's model
 * (a mate: 1000 0 0 or 0 0 1000); ` wdl W D L` on f when the option is on; the game-over line
 * `info depth 0 score mate 0|cp 0 [wdl …]` (mated: the side to move has lost). */
void wdl_of(const Variant *v, int score, int wdl[3]);
void print_wdl(FILE *f, const Uci *u, const Variant *v, int score);
void game_over_score(Uci *u, bool mated);
/* `openings` of one rules family: candidate n (its line from the seed's stream rng; false if
 * the game ended on the way), whether it is balanced, its key, and its printed line. */
typedef struct {
    bool (*candidate)(void *ctx, uint64_t n, uint64_t *rng);
    bool (*balanced)(void *ctx);
    Key (*key)(void *ctx);
    void (*print)(Uci *u, void *ctx);
} OpeningsFamily;
/* Tries candidates n = seed * 1000003 + i until `count` balanced lines with new keys are printed
 * (or 100 tries a line), then the tally; `decidedWhy` words the balance test (openings.c). */
void openings_run(Uci *u, const OpeningsFamily *f, void *ctx, int count, uint64_t seed, const char *decidedWhy);
/* `openings` in schroedinger: `count` balanced move lists of `plies` moves (openings_hsc.c). */
void hsc_openings(Uci *u, int count, int plies, int window, uint64_t seed, int depth);
void print_options(Uci *u);
/* The tuning build's options (tune.c, -DQEC_TUNE); no-ops in the normal build. tune_setoption:
 * false if name is not one of them (an error is reported for a bad value of one). */
void tune_print_options(Uci *u);
bool tune_setoption(Uci *u, const char *name, const char *value);
/* Push the search-relevant options to the search module. */
void options_apply(Uci *u);
/* The search options of either family: the user's (go), or a fixed search of `hash` MiB and
 * `threads` threads, one line, Policy search (bench, openings). */
SearchOptions uci_search_options(const Uci *u);
SearchOptions uci_fixed_search_options(const Uci *u, int hash, int threads);
void options_init(Options *o);
void options_free(Options *o);

/* Schroedinger (hsc.c). */
/* `selfplay`'s game in schroedinger from p, set to the start position by the caller's Board. */
void hsc_selfplay(Uci *u, Board *game, int64_t movetime, int64_t maxTurns);

#endif
