/* One game between two engines. The runner owns the rules: it knows every decision point from
 * engine/ (who decides, the options, the end of the game), asks only the engine that decides
 * (docs/gui/protocol.md, "The unit of play") and only when there is a choice, checks every
 * answer, keeps the clocks, and adjudicates. An engine that crashes, hangs, overruns, sends an illegal decision or garbage
 * loses the game; its process is killed so the next game gets a fresh one. */
#ifndef QEC_MATCH_GAME_H
#define QEC_MATCH_GAME_H

#include <stdatomic.h>

#include "../record/record.h"
#include "openings.h"
#include "player.h"
#include "tc.h"

typedef struct {
    bool draw;          /* -draw movenumber= movecount= score= */
    int drawMoveNumber, drawMoveCount, drawScore;
    bool resign;        /* -resign movecount= score= [twosided=] */
    int resignMoveCount, resignScore;
    bool resignTwoSided;
    int maxTurns;       /* -maxmoves: 0 = no limit */
} Adjudication;

enum { GAME_WHITE_WINS, GAME_BLACK_WINS, GAME_DRAW, GAME_BOTH_LOSE, GAME_ABORTED };
enum {
    FORFEIT_NONE,
    FORFEIT_TIME,
    FORFEIT_ILLEGAL,
    FORFEIT_CRASH,
    FORFEIT_GARBAGE,
    FORFEIT_NO_RESPONSE,
    FORFEIT_START,
    FORFEIT_COUNT
};

typedef struct {
    Player *player[2];       /* [WHITE], [BLACK] */
    const TimeControl *tc[2];
    const Opening *opening;
    const Adjudication *adj;
    const atomic_int *stop;
    const Variant *variant;  /* the rules applied and recorded (variants/variants.h) */
} GameSetup;

typedef struct {
    int result;              /* GAME_* */
    int forfeit;             /* FORFEIT_* */
    int forfeiter;           /* colour that forfeited */
    bool startup;            /* the forfeit came from starting the engine (spawn or handshake) */
    int decisionsAsked[2];
    int overruns[2];         /* decisions past the time given, forgiven by the margin or not */
    int64_t worstOverrunUs[2];
} GameOutcome;

/* Plays the game into rec (root, links, decisions, result, Termination, comment, final FEN;
 * the caller fills names, event, round, date, time control). p is scratch space. */
void game_play(const GameSetup *s, Position *p, PgnGame *rec, GameOutcome *out);
const char *game_forfeit_name(int forfeit);

#endif
