#include "game.h"

#include <stdlib.h>
#include <string.h>

#include "../variants/board.h"

typedef struct {
    const GameSetup *s;
    Position *scratch;  /* the board's Position in qec, chess and tether */
    Board b;            /* the rules of the game's variant */
    bool opened;        /* b is at the game's root or later */
    PgnGame *rec;
    GameOutcome *out;
    Clock clock[2];
    char rootCmd[192];  /* "position startpos" or "position fen …" */
    char *moves;        /* " tok tok …": every decision so far */
    size_t mlen, mcap;
    int turns;          /* turns started (base moves made) */
    int drawCount;      /* consecutive asked decisions scored within the draw window */
    int losing[2], winning[2]; /* consecutive decisions scored past -/+ the resign score */
    bool over;
} Game;

static const char *const COLOUR[2] = {"White", "Black"};

const char *game_forfeit_name(int forfeit) {
    static const char *const NAMES[FORFEIT_COUNT] = {"",      "time forfeit",   "illegal decision", "crash",
                                                     "garbage output", "no response", "start failure"};
    return forfeit > 0 && forfeit < FORFEIT_COUNT ? NAMES[forfeit] : "";
}

static void who(const Game *g, int c, char *buf, size_t len) {
    snprintf(buf, len, "%s (%s)", COLOUR[c], g->s->player[c]->cfg->name);
}

static void finish(Game *g, int result, const char *termination, const char *comment) {
    static const char *const RESULTS[] = {"1-0", "0-1", "1/2-1/2", "0-0", "*"};
    g->over = true;
    g->out->result = result;
    snprintf(g->rec->result, sizeof g->rec->result, "%s", RESULTS[result]);
    snprintf(g->rec->termination, sizeof g->rec->termination, "%s", termination);
    snprintf(g->rec->comment, sizeof g->rec->comment, "%.*s", (int)sizeof g->rec->comment - 1, comment); /* its first 255 */
    if (g->opened)
        board_fen(&g->b, g->rec->finalFen, sizeof g->rec->finalFen);
}

static void forfeit(Game *g, int c, int reason, const char *detail) {
    static const char *const VERB[FORFEIT_COUNT] = {"",
                                                    "loses on time",
                                                    "sends an illegal decision",
                                                    "crashes",
                                                    "sends garbage",
                                                    "does not respond",
                                                    "cannot start"};
    char name[96], comment[512]; /* room for any name and detail: the record keeps its first 255 */
    who(g, c, name, sizeof name);
    snprintf(comment, sizeof comment, "%s %s: %s", name, VERB[reason], detail);
    g->out->forfeit = reason;
    g->out->forfeiter = c;
    /* Whatever state the process is in, the next game gets a fresh one. */
    player_kill(g->s->player[c]);
    finish(g, c == WHITE ? GAME_BLACK_WINS : GAME_WHITE_WINS, game_forfeit_name(reason), comment);
}

static void abort_game(Game *g) { finish(g, GAME_ABORTED, "unterminated", "the runner stopped"); }

static int player_forfeit(int rc) {
    switch (rc) {
    case PLAYER_TIMEOUT: return FORFEIT_TIME;
    case PLAYER_NO_RESPONSE: return FORFEIT_NO_RESPONSE;
    case PLAYER_GARBAGE: return FORFEIT_GARBAGE;
    case PLAYER_START_FAILED: return FORFEIT_START;
    default: return FORFEIT_CRASH;
    }
}

static void player_failed(Game *g, int c, int rc, const char *detail) {
    if (rc == PLAYER_STOPPED)
        abort_game(g);
    else
        forfeit(g, c, player_forfeit(rc), detail);
}

static bool append_move(Game *g, const char *tok) {
    size_t need = g->mlen + strlen(tok) + 2;
    if (need > g->mcap) {
        size_t cap = g->mcap ? 2 * g->mcap : 4096;
        while (cap < need)
            cap *= 2;
        char *m = realloc(g->moves, cap);
        if (!m)
            return false;
        g->moves = m;
        g->mcap = cap;
    }
    g->mlen += (size_t)sprintf(g->moves + g->mlen, " %s", tok);
    return true;
}

/* Plays a decision known to be legal and writes it down. */
static bool record(Game *g, Move m) {
    char tok[6];
    board_token(&g->b, m, tok); /* tether castles as e1h1 (T6.2); schroedinger has no letter (S2.5) */
    int phase = board_phase(&g->b);
    if (!pgn_push(g->rec, tok, phase) || !append_move(g, tok))
        return false;
    if (phase == PHASE_BASE)
        g->turns++;
    board_do(&g->b, m);
    return true;
}

/* An end by the rules, in the row's words (variants.h END_KINDS: the comment and the PGN
 * Termination). */
static void rule_end(Game *g, const GameEnd *end) {
    int result = end->winner == WHITE          ? GAME_WHITE_WINS
                 : end->winner == BLACK        ? GAME_BLACK_WINS
                 : end->winner == RESULT_BOTH_LOSE ? GAME_BOTH_LOSE
                                               : GAME_DRAW;
    char comment[160];
    variant_end_comment(g->b.variant, end, comment, sizeof comment);
    finish(g, result, pgn_end_name(end->reason), comment);
}

/* Score-based and length adjudication, at turn starts only, so records end on whole turns. */
static bool adjudicate(Game *g) {
    const Adjudication *a = g->s->adj;
    char comment[160], name[96];
    if (a->maxTurns && g->turns >= a->maxTurns) {
        snprintf(comment, sizeof comment, "draw by adjudication: maximum length of %d turn%s", a->maxTurns, a->maxTurns == 1 ? "" : "s");
        finish(g, GAME_DRAW, "adjudication", comment);
        return true;
    }
    if (a->resign)
        for (int c = WHITE; c <= BLACK; c++)
            if (g->losing[c] >= a->resignMoveCount && (!a->resignTwoSided || g->winning[c ^ 1] >= a->resignMoveCount)) {
                who(g, c, name, sizeof name);
                snprintf(comment, sizeof comment, "%s resigns by adjudication (score at or below -%d cp)", name,
                         a->resignScore);
                finish(g, c == WHITE ? GAME_BLACK_WINS : GAME_WHITE_WINS, "adjudication", comment);
                return true;
            }
    if (a->draw && g->drawCount >= 2 * a->drawMoveCount && g->turns / 2 >= a->drawMoveNumber) {
        snprintf(comment, sizeof comment, "draw by adjudication (both scores within %d cp)", a->drawScore);
        finish(g, GAME_DRAW, "adjudication", comment);
        return true;
    }
    return false;
}

static void count_score(Game *g, int c, const Reply *r) {
    const Adjudication *a = g->s->adj;
    if (!r->hasScore) {
        g->drawCount = g->losing[c] = g->winning[c] = 0;
        return;
    }
    int s = r->score;
    g->drawCount = abs(s) <= a->drawScore ? g->drawCount + 1 : 0;
    g->losing[c] = s <= -a->resignScore ? g->losing[c] + 1 : 0;
    g->winning[c] = s >= a->resignScore ? g->winning[c] + 1 : 0;
}

static long long clock_ms(const Clock *c) {
    long long ms = c->leftUs / 1000;
    return ms > 0 ? ms : 1;
}

static void go_command(const Game *g, int c, char *buf, size_t len) {
    const TimeControl *tc = g->s->tc[c], *w = g->s->tc[WHITE], *b = g->s->tc[BLACK];
    int n;
    if (tc->kind == TC_MOVETIME)
        n = snprintf(buf, len, "go movetime %lld", (long long)(tc->movetimeUs / 1000 > 0 ? tc->movetimeUs / 1000 : 1));
    else if (tc->kind == TC_CLOCK) {
        n = snprintf(buf, len, "go wtime %lld btime %lld winc %lld binc %lld", clock_ms(&g->clock[WHITE]),
                     clock_ms(&g->clock[BLACK]), (long long)(w->kind == TC_CLOCK ? w->incUs / 1000 : 0),
                     (long long)(b->kind == TC_CLOCK ? b->incUs / 1000 : 0));
        int mtg = clock_moves_to_go(&g->clock[c], tc);
        if (mtg && n > 0 && (size_t)n < len)
            n += snprintf(buf + n, len - (size_t)n, " movestogo %d", mtg);
    } else
        n = snprintf(buf, len, "go");
    if (tc->nodes && n > 0 && (size_t)n < len)
        n += snprintf(buf + n, len - (size_t)n, " nodes %lld", (long long)tc->nodes);
    if (tc->depth && n > 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, " depth %d", tc->depth);
}

static void illegal(Game *g, int c, const char *tok) {
    Move list[MAX_MOVES];
    char detail[160], t[6];
    int n = board_legal(&g->b, list);
    size_t at = (size_t)snprintf(detail, sizeof detail, "'%s' (legal:", tok);
    for (int i = 0; i < n && at + 12 < sizeof detail; i++) {
        board_token(&g->b, list[i], t);
        at += (size_t)snprintf(detail + at, sizeof detail - at, " %s", t);
    }
    snprintf(detail + at, sizeof detail - at, "%s)", at + 12 >= sizeof detail ? " …" : "");
    forfeit(g, c, FORFEIT_ILLEGAL, detail);
}

/* A time forfeit in numbers: what the runner saw, what it kept for itself, what the engine
 * was given and how much CPU it got, so that every forfeit can be told from the log. */
static void time_detail(const Reply *r, bool answered, int64_t givenUs, int64_t marginUs, char *buf, size_t len) {
    char said[96] = "";
    if (r->engineCpuUs >= 0)
        snprintf(said, sizeof said, "; the engine ran %.1f ms on a CPU meanwhile", (double)r->engineCpuUs / 1000);
    if (answered)
        snprintf(buf, len, "took %.1f ms (the runner saw %.1f ms, %.1f ms of them its own lateness), %.1f ms given + %.0f ms margin%s",
                 (double)r->elapsedUs / 1000, (double)r->seenUs / 1000, (double)r->runnerUs / 1000, (double)givenUs / 1000,
                 (double)marginUs / 1000, said);
    else
        snprintf(buf, len, "no bestmove after %.1f ms (the pipe read again past the deadline), %.1f ms given + %.0f ms margin%s",
                 (double)r->seenUs / 1000, (double)givenUs / 1000, (double)marginUs / 1000, said);
}

/* Asks the decider and plays its answer; false when the game ended on the way. */
static bool ask(Game *g) {
    int c = board_decider(&g->b);
    Player *pl = g->s->player[c];
    char go[160], detail[320];
    size_t plen = strlen(g->rootCmd) + g->mlen + 8;
    char *position = malloc(plen);
    if (!position) {
        abort_game(g);
        return false;
    }
    snprintf(position, plen, "%s%s%s", g->rootCmd, g->mlen ? " moves" : "", g->mlen ? g->moves : "");
    go_command(g, c, go, sizeof go);
    int64_t allowance = clock_allowance_us(&g->clock[c], g->s->tc[c]);
    int64_t given = clock_given_us(&g->clock[c], g->s->tc[c]);
    Reply r;
    int rc = player_go(pl, position, go, allowance, &r);
    free(position);
    if (rc == PLAYER_STOPPED) { /* the runner stops: the game is aborted, nothing is counted */
        player_failed(g, c, rc, r.detail);
        return false;
    }
    /* Every decision asked counts, the one that forfeits too (issue 41): a time forfeit is an
     * overrun of at least the margin. */
    g->out->decisionsAsked[c]++;
    int64_t over = clock_overrun_us(&g->clock[c], g->s->tc[c], r.elapsedUs);
    if (over > 0) {
        g->out->overruns[c]++;
        if (over > g->out->worstOverrunUs[c])
            g->out->worstOverrunUs[c] = over;
    }
    if (rc == PLAYER_TIMEOUT || (rc == PLAYER_OK && !clock_debit(&g->clock[c], g->s->tc[c], r.elapsedUs))) {
        time_detail(&r, rc == PLAYER_OK, given, g->s->tc[c]->marginUs, detail, sizeof detail);
        forfeit(g, c, FORFEIT_TIME, detail);
        return false;
    }
    if (rc != PLAYER_OK) {
        player_failed(g, c, rc, r.detail);
        return false;
    }
    Move m = board_parse(&g->b, r.tok);
    if (m == MOVE_NONE) {
        illegal(g, c, r.tok);
        return false;
    }
    count_score(g, c, &r);
    if (!record(g, m)) {
        abort_game(g);
        return false;
    }
    return true;
}

static bool setup(Game *g) {
    const Opening *o = g->s->opening;
    char err[256];
    if (!board_open(&g->b, g->s->variant, g->scratch, o->fen, o->entmap, err, sizeof err))
        return false; /* openings are checked when loaded */
    g->opened = true;
    g->rec->variant = g->s->variant;
    snprintf(g->rec->fen, sizeof g->rec->fen, "%s", o->fen);
    snprintf(g->rec->entmap, sizeof g->rec->entmap, "%s", o->entmap);
    if (o->fen[0])
        snprintf(g->rootCmd, sizeof g->rootCmd, "position fen %s", o->fen);
    else
        snprintf(g->rootCmd, sizeof g->rootCmd, "position startpos");
    for (int c = WHITE; c <= BLACK; c++)
        clock_start(&g->clock[c], g->s->tc[c]);
    return true;
}

static bool start_players(Game *g) {
    char detail[200];
    for (int c = WHITE; c <= BLACK; c++) {
        int rc = player_ensure(g->s->player[c], detail, sizeof detail);
        g->out->startup = rc != PLAYER_OK;
        if (rc == PLAYER_OK)
            rc = player_new_game(g->s->player[c], g->s->variant, g->s->opening->entmap, detail,
                                 sizeof detail);
        if (rc != PLAYER_OK) {
            player_failed(g, c, rc, detail);
            return false;
        }
    }
    return true;
}

static bool play_book(Game *g) {
    const Opening *o = g->s->opening;
    for (int i = 0; i < o->nbook; i++) {
        Move m = board_parse(&g->b, o->book[i]);
        if (m == MOVE_NONE || !record(g, m))
            return false;
    }
    g->rec->bookTurns = o->bookTurns;
    return true;
}

static void play_out(Game *g) {
    while (!g->over) {
        if (atomic_load(g->s->stop)) {
            abort_game(g);
            break;
        }
        GameEnd end;
        int phase = board_phase(&g->b);
        if ((phase == PHASE_BASE || phase == PHASE_OVER) && board_game_end(&g->b, &end)) {
            rule_end(g, &end);
            break;
        }
        if (phase == PHASE_BASE && adjudicate(g))
            break;
        Move list[MAX_MOVES];
        int n = board_legal(&g->b, list);
        if (n == 0) { /* cannot happen: engine/ skips empty decision points, S3.2 ends the game */
            abort_game(g);
            break;
        }
        if (n == 1) {
            if (!record(g, list[0]))
                abort_game(g);
            continue;
        }
        ask(g);
    }
}

void game_play(const GameSetup *s, Position *p, PgnGame *rec, GameOutcome *out) {
    Game g = {.s = s, .scratch = p, .rec = rec, .out = out};
    memset(out, 0, sizeof *out);
    out->forfeiter = -1;
    if (!setup(&g) || !play_book(&g))
        abort_game(&g);
    else if (start_players(&g))
        play_out(&g);
    board_close(&g.b);
    free(g.moves);
}
