/* Time controls and clocks. Every clock is debited per *decision* (docs/gui/protocol.md, "The
 * unit of play"): an engine pays for each decision it is asked to make, a base move or the
 * other side's forced reply or a reactive step alike; decisions with a single option are
 * played by the runner for free.
 *   tc=[moves/]time[+inc]  a game clock: time and inc in seconds ("m:ss" allowed for time);
 *                          with moves, `time` is added again after every `moves` decisions
 *                          the engine made (the "moves" of cutechess are decisions here).
 *   st=seconds             a fixed time per decision (`go movetime`), no game clock.
 *   tc=tournament          the seed's tournament mode: 180 s per decision, no game clock.
 *   tc=inf                 no time limit: the search is bounded by nodes= or depth= instead.
 *   nodes=N, depth=N       added to every `go` (depth in turns), with any of the above.
 * timemargin=ms lets an engine go over by that much before it loses on time. */
#ifndef QEC_MATCH_TC_H
#define QEC_MATCH_TC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { TC_NONE, TC_CLOCK, TC_MOVETIME, TC_INFINITE };

typedef struct {
    int kind;
    int moves;          /* TC_CLOCK: decisions per period, 0 = whole game */
    int64_t baseUs;     /* TC_CLOCK: time per period */
    int64_t incUs;      /* TC_CLOCK: increment per decision */
    int64_t movetimeUs; /* TC_MOVETIME */
    int64_t marginUs;
    int64_t nodes;      /* `go nodes`, 0 = none */
    int depth;          /* `go depth` (turns), 0 = none */
} TimeControl;

typedef struct {
    int64_t leftUs;     /* may dip below zero, by at most the margin */
    int decisions;      /* decisions made by this engine in the game */
} Clock;

bool tc_parse(const char *text, TimeControl *tc, char *err, size_t errlen);
bool tc_parse_st(const char *text, TimeControl *tc, char *err, size_t errlen);
bool tc_parse_margin(const char *text, TimeControl *tc, char *err, size_t errlen);
bool tc_parse_nodes(const char *text, TimeControl *tc, char *err, size_t errlen);
bool tc_parse_depth(const char *text, TimeControl *tc, char *err, size_t errlen);
/* "40/60+0.6", "10+0.1", "0.05/move" … as in cutechess's PGN TimeControl tag. */
void tc_format(const TimeControl *tc, char *buf, size_t len);

void clock_start(Clock *c, const TimeControl *tc);
/* How long the engine may think on this decision before it loses, margin included. */
int64_t clock_allowance_us(const Clock *c, const TimeControl *tc);
/* The time given for this decision, the margin not counted: `st`, or the clock left; -1 with
 * no limit. */
int64_t clock_given_us(const Clock *c, const TimeControl *tc);
/* How far (µs) a decision that took elapsedUs went past the time it was given, the margin not
 * counted: `st` past the movetime, a clock past the time left; 0 within it or with no limit.
 * Called before clock_debit. A positive value within the margin is a forgiven overrun. */
int64_t clock_overrun_us(const Clock *c, const TimeControl *tc, int64_t elapsedUs);
/* Debit one decision that took elapsedUs; false if that loses on time. */
bool clock_debit(Clock *c, const TimeControl *tc, int64_t elapsedUs);
/* Decisions left to the next time control, 0 = none (for `go movestogo`). */
int clock_moves_to_go(const Clock *c, const TimeControl *tc);

#endif
