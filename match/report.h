/* A match's results and how they are reported: the progress score line, the summary and the
 * JSON file. The tournament fills Results game by game; `qecmatch merge` fills it from the JSON
 * files of the shards of one match (-shard I/N), so both report with the same code. */
#ifndef QEC_MATCH_REPORT_H
#define QEC_MATCH_REPORT_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"
#include "series.h"
#include "stats.h"
#include "tourney.h"

typedef struct {
    int w, l, d, dk;    /* first player's wins, losses, draws, dual-king games */
    int byColour[2][3]; /* [colour of the first player][win, loss, draw or 0-0] */
    int penta[PENTA_BINS];
    int series[SERIES_ROLLOVER + 1];
    int seriesGames;
} Encounter;

typedef struct {
    int w, l, d, dk;
    int forfeits[FORFEIT_COUNT];
    long decisions, overruns; /* decisions asked; those that went past the time given */
    int64_t worstOverrunUs;
} Totals;

typedef struct {
    int game, engine, reason;
    char detail[256];
} ForfeitNote;

typedef struct {
    char name[48];
    int count;
} Count;

enum { REPORT_MAX_TERMS = 32 };

typedef struct {
    const MatchConfig *cfg; /* engines, tournament kind, -repeat, -series, -sprt, -jsonout */
    uint64_t seed;
    int finished, aborted;
    int scheduled;      /* games of the whole (unsharded) schedule; 0 in series mode */
    Encounter *enc;     /* [a * nengines + b] */
    Totals *eng;
    Count term[REPORT_MAX_TERMS];
    int nterm;
    int colour[4];      /* white wins, black wins, draws, dual king */
    bool fatal, sprtStopped;
    char fatalMsg[400];
    int sprtState;
    double llr;
    ForfeitNote *notes;
    int nnotes;
    int openingsRejected; /* random openings the balance check replaced */
    int shards;         /* merge: how many shard files were summed (0 = a played run) */
} Results;

/* cutechess's "Score of A vs B: W - L - D [score] N" line, plus the dual-king games. */
void report_score(const Results *r, int a, int b);
void report_summary(const Results *r, bool interrupted);
/* Writes cfg->jsonout; false if it cannot be written. */
bool report_json(const Results *r, bool interrupted);
/* Adds n games ended by `name` to the termination counts. */
void report_count_term(Results *r, const char *name, int n);
/* The SPRT log-likelihood ratio and decision of the first encounter (pairs with -repeat). */
void report_sprt(Results *r);

#endif
