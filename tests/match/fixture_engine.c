/* A test engine for qecmatch: just enough UCI (docs/gui/protocol.md) to play random legal decisions,
 * and misbehaviour on demand after a number of decisions, so that the runner's forfeits can be
 * checked. Legality comes from engine/, like the runner's own checks.
 *
 *   fixture_engine MODE [AFTER [SEED]]
 *   MODE: random   always a random legal decision
 *         illegal  after AFTER decisions, a well-formed token that is not legal
 *         hang     after AFTER decisions, never answers `go` again (but keeps reading)
 *         crash    after AFTER decisions, abort() (SIGABRT) on the next `go`
 *         exit     after AFTER decisions, exit(3) on the next `go`
 *         garbage  after AFTER decisions, junk lines and a bestmove that is not a token
 *         binary   after AFTER decisions, NUL bytes instead of an answer
 *         slow     after AFTER decisions, answers 300 ms after the movetime
 *         null     after AFTER decisions, `bestmove 0000`
 *         flood    after AFTER decisions, `info` lines without end and no bestmove
 *         mute     never answers `uci` (a handshake that never completes)
 *         score    random, with `info score cp -900` (for resign adjudication)
 *         zero     random, with `info score cp 0` (for draw adjudication)
 *         none     after AFTER decisions, `bestmove (none)` (stockfish's answer without a move)
 *         balance  random, scoring by the map (issue 14, the runner's balanced-opening check): the
 *                  byte sum of the EntMap pairs text mod 3 is 0: `score mate 3`, 1: `score cp
 *                  500`, 2: `score cp 30`; the test recomputes it from the PGN's EntMap tag
 *         castle   random, but castles whenever it may (the runner's tether castling, T6.2)
 *         plain    a plain UCI chess engine, the way Debian's engines behave: classical chess
 *                  only, many option lines and `info string` noise before uciok, no UCI_Variant
 *                  or EntMap option, and exit(7) on a setoption for an option it did not
 *                  advertise (the runner must never send one)
 * Environment (issue 33, tests/match/resume.sh):
 *   FIXTURE_GAME_SEEDED=1   the random choices restart from SEED at every `ucinewgame`, so a
 *                           game depends on its opening and colours only, not on the games this
 *                           process played before (a resumed match replays it the same)
 *   FIXTURE_KILL_RUNNER=N   at its N-th `go`, the fixture kills its parent (the runner) with
 *                           SIGKILL: a runner killed in the middle of a game
 *   FIXTURE_SLEEP_MS=N      (issue 41, tests/match/clocks.sh) sleeps N ms before each bestmove
 *                           after its first AFTER decisions, in the modes that behave: an
 *                           overrun of a known size
 * Every mode but plain advertises `UCI_Variant` (every row of the variant table, variants/variants.h,
 * the first the default) as qec does, and plays that variant's rules after `setoption name
 * UCI_Variant value …` (a name it does not know: qec's): a worlds row such as Haft Schroedinger
 * Chess on engine/worlds.h's worlds (`… value schroedinger`), where `illegal`
 * sends a move some type of the major could make but no consistent world allows (S2.1), when
 * one exists.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../../engine/worlds.h"
#include "../../engine/links.h"
#include "../../engine/position.h"
#include "../../engine/variant.h"
#include "../../variants/variants.h"

static const char *START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

typedef struct {
    Position pos;
    WorldsPos worlds;         /* the game after UCI_Variant schroedinger */
    bool playsWorlds;
    EntMap map;
    int mapSum;         /* byte sum of the EntMap value last set (mode balance) */
    const char *mode;
    int variant;
    int after, decisions;
    uint64_t rng, seed;
    bool hung, gameSeeded;
    int killAt, gos;
    int sleepMs;
} Fixture;

static void sleep_ms(int ms) {
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* Schroedinger: position startpos [moves …] (S4.2). */
static void worlds_position(Fixture *f, char *args) {
    char *moves = strstr(args, " moves"), *save = NULL;
    worlds_pos_reset(&f->worlds);
    if (strncmp(args, "startpos", 8)) {
        printf("info string error: a FEN is refused in schroedinger (S4.2)\n");
        return;
    }
    for (char *tok = moves ? strtok_r(moves + 6, " ", &save) : NULL; tok; tok = strtok_r(NULL, " ", &save)) {
        const char *why;
        Move m = worlds_parse_move(&f->worlds, tok, &why);
        if (m == MOVE_NONE || !worlds_do_move(&f->worlds, m)) {
            printf("info string error: illegal move %s\n", tok);
            return;
        }
    }
}

/* position startpos|fen <6 fields> [moves …] */
static void position(Fixture *f, char *args) {
    char err[256], fen[256];
    if (f->playsWorlds)
        return worlds_position(f, args);
    char *moves = strstr(args, " moves");
    if (moves)
        *moves = 0;
    if (!strncmp(args, "startpos", 8))
        snprintf(fen, sizeof fen, "%s", START);
    else if (!strncmp(args, "fen ", 4))
        snprintf(fen, sizeof fen, "%.200s", args + 4);
    else
        return;
    if (!pos_set_fen(&f->pos, fen, f->variant, err, sizeof err) ||
        (variant_links(&VARIANT_ROWS[f->variant]) && !entmap_apply(&f->map, &f->pos, err, sizeof err))) {
        printf("info string error: %s\n", err);
        return;
    }
    for (char *tok = moves ? strtok(moves + 6, " ") : NULL; tok; tok = strtok(NULL, " ")) {
        Move m = pos_parse_decision(&f->pos, tok);
        if (m == MOVE_NONE) {
            printf("info string error: illegal decision %s\n", tok);
            return;
        }
        pos_do(&f->pos, m);
        pos_compact(&f->pos);
    }
}

/* A token shaped like a decision that is not legal here: a legal move sent one square on. */
static void illegal_token(Fixture *f, char out[6]) {
    Move list[MAX_MOVES];
    int n = pos_legal_decisions(&f->pos, list);
    for (int i = 0; i < n; i++)
        for (int d = 1; d < 64; d++) {
            int to = (move_to(list[i]) + d) % 64;
            Move m = make_move(move_from(list[i]), to, MF_NORMAL);
            move_to_uci(m, out);
            if (pos_parse_decision(&f->pos, out) == MOVE_NONE && to != move_from(list[i]))
                return;
        }
    strcpy(out, "a1a1");
}

/* S2.1: a candidate (a square one of the major's types reaches) that no consistent world
 * allows, or a legal move sent one square on. */
static void worlds_illegal_token(Fixture *f, char out[6]) {
    Move list[WORLDS_MAX_MOVES];
    int n = worlds_gen_candidates(&f->worlds, list);
    for (int i = 0; i < n; i++)
        if (!move_is_promo(list[i]) && !worlds_is_legal(&f->worlds, list[i])) {
            worlds_move_str(list[i], out);
            return;
        }
    n = worlds_gen_legal(&f->worlds, list);
    for (int i = 0; i < n; i++)
        for (int d = 1; d < 64; d++) {
            Move m = make_move(move_from(list[i]), (move_to(list[i]) + d) % 64, MF_NORMAL);
            const char *why;
            worlds_move_str(m, out);
            if (move_to(m) != move_from(m) && worlds_parse_move(&f->worlds, out, &why) == MOVE_NONE)
                return;
        }
    strcpy(out, "a1a1");
}

/* The legal decisions as tokens (the variant's own writing). */
/* The legal decisions as tokens; *castle: the index of a castling move, or -1. */
static int legal_tokens(Fixture *f, char tok[][6], int *castle) {
    Move list[MAX_MOVES];
    *castle = -1;
    int n = f->playsWorlds ? worlds_gen_legal(&f->worlds, list) : pos_legal_decisions(&f->pos, list);
    if (f->playsWorlds && worlds_result(&f->worlds) != WORLDS_ONGOING)
        n = 0;
    for (int i = 0; i < n; i++)
        if (f->playsWorlds)
            worlds_move_str(list[i], tok[i]);
        else {
            move_to_uci_variant(list[i], f->variant, tok[i]); /* tether castles as e1h1 (T6.2) */
            if (move_flag(list[i]) == MF_CASTLE)
                *castle = i;
        }
    return n;
}

static void go(Fixture *f, const char *args) {
    int movetime = 0;
    const char *mt = strstr(args, "movetime ");
    if (mt)
        movetime = atoi(mt + 9);
    bool misbehave = f->decisions >= f->after && strcmp(f->mode, "random") && strcmp(f->mode, "score") &&
                     strcmp(f->mode, "zero") && strcmp(f->mode, "plain") && strcmp(f->mode, "balance") &&
                     strcmp(f->mode, "castle");
    f->decisions++;
    static char legal[MAX_MOVES][6];
    int castle, n = legal_tokens(f, legal, &castle);
    if (!n) {
        printf("info depth 0 score cp 0\nbestmove 0000\n");
        return;
    }
    char tok[6];
    strcpy(tok, legal[!strcmp(f->mode, "castle") && castle >= 0 ? castle : (int)(splitmix64_next(&f->rng) % (uint64_t)n)]);
    if (!strcmp(f->mode, "score") || !strcmp(f->mode, "zero"))
        printf("info depth 1 score cp %d pv %s\n", f->mode[0] == 's' ? -900 : 0, tok);
    if (!strcmp(f->mode, "balance"))
        printf("info depth 1 score %s pv %s\n", f->mapSum % 3 == 0 ? "mate 3" : f->mapSum % 3 == 1 ? "cp 500" : "cp 30",
               tok);
    if (!misbehave) {
        if (f->sleepMs && f->decisions > f->after)
            sleep_ms(f->sleepMs);
        printf("bestmove %s\n", tok);
        return;
    }
    if (!strcmp(f->mode, "illegal")) {
        if (f->playsWorlds)
            worlds_illegal_token(f, tok);
        else
            illegal_token(f, tok);
        printf("bestmove %s\n", tok);
    } else if (!strcmp(f->mode, "hang"))
        f->hung = true;
    else if (!strcmp(f->mode, "crash")) {
        fflush(stdout);
        abort();
    } else if (!strcmp(f->mode, "exit")) {
        fflush(stdout);
        exit(3);
    } else if (!strcmp(f->mode, "garbage"))
        printf("%%$#@! not uci at all\n\x7f\x01 more junk\nbestmove ~~~qqq~~~\n");
    else if (!strcmp(f->mode, "binary")) {
        fflush(stdout);
        (void)!write(1, "bestmove \0\0\0\n", 13);
    } else if (!strcmp(f->mode, "slow")) {
        sleep_ms(movetime + 300);
        printf("bestmove %s\n", tok);
    } else if (!strcmp(f->mode, "null"))
        printf("bestmove 0000\n");
    else if (!strcmp(f->mode, "none"))
        printf("bestmove (none)\n");
    else if (!strcmp(f->mode, "flood"))
        for (;;) /* until the runner kills us (writes then fail with SIGPIPE) */
            printf("info depth 1 score cp 0 nodes 1 pv %s\n", tok);
}

/* What a Debian engine says before uciok: long option lists, names with blanks, noise. */
static void handshake_plain(void) {
    printf("Plain 1.0 by nobody\nid name plain\nid author nobody\n\n");
    for (int i = 0; i < 40; i++)
        printf("option name Knob Number %d type spin default %d min 0 max 100\n", i, i);
    printf("option name UCI_LimitStrength type check default false\n"
           "option name UCI_Elo type spin default 1350 min 1350 max 2850\n"
           "option name Move Overhead type spin default 10 min 0 max 5000\n"
           "option name Clear Hash type button\n"
           "info string NNUE evaluation using nn-fake.nnue enabled\n"
           "uciok\n");
}

/* `name X [value Y]`: EntMap and UCI_Variant as qec takes them; a plain engine accepts only the
 * options it advertised and returns false on any other (the caller exits). */
static bool setoption(Fixture *f, const char *args, bool plain) {
    static const char *const PLAIN[] = {"UCI_LimitStrength", "UCI_Elo", "Move Overhead", "Clear Hash"};
    char err[256], name[128];
    if (strncmp(args, "name ", 5))
        return !plain;
    const char *v = strstr(args, " value ");
    size_t n = v ? (size_t)(v - args - 5) : strlen(args + 5);
    snprintf(name, sizeof name, "%.*s", (int)n, args + 5);
    if (plain) {
        for (size_t i = 0; i < sizeof PLAIN / sizeof PLAIN[0]; i++)
            if (!strcmp(name, PLAIN[i]))
                return true;
        if (!strncmp(name, "Knob Number ", 12))
            return true;
        printf("info string unknown option %s\n", name);
        fflush(stdout);
        return false;
    }
    if (!strcmp(name, "EntMap") && v && !entmap_parse(v + 7, &f->map, err, sizeof err))
        printf("info string error: %s\n", err);
    if (!strcmp(name, "EntMap") && v) {
        f->mapSum = 0;
        for (const char *c = v + 7; *c; c++)
            f->mapSum += (unsigned char)*c;
    }
    if (!strcmp(name, "UCI_Variant") && v) {
        const Variant *row = variant_named(v + 7);
        f->playsWorlds = row && row->worlds;
        f->variant = row && row->rules ? variant_rules_id(row) : VARIANT_QEC;
    }
    return true;
}

int main(int argc, char **argv) {
    static Fixture f;
    char line[1 << 16], err[256];
    f.mode = argc > 1 ? argv[1] : "random";
    f.after = argc > 2 ? atoi(argv[2]) : 0;
    f.rng = f.seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
    f.gameSeeded = getenv("FIXTURE_GAME_SEEDED") != NULL;
    f.killAt = getenv("FIXTURE_KILL_RUNNER") ? atoi(getenv("FIXTURE_KILL_RUNNER")) : 0;
    f.sleepMs = getenv("FIXTURE_SLEEP_MS") ? atoi(getenv("FIXTURE_SLEEP_MS")) : 0;
    setvbuf(stdout, NULL, _IOLBF, 0);
    engine_init();
    entmap_default(&f.map);
    pos_set_fen(&f.pos, START, VARIANT_QEC, err, sizeof err);
    if (!worlds_pos_init(&f.worlds))
        return 1;
    entmap_apply(&f.map, &f.pos, err, sizeof err);
    bool plain = !strcmp(f.mode, "plain");
    if (plain)
        f.variant = VARIANT_CHESS;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!strcmp(line, "uci")) {
            if (!strcmp(f.mode, "mute"))
                continue;
            if (plain)
                handshake_plain();
            else {
                printf("id name fixture-%s\noption name UCI_Variant type combo default %s", f.mode, VARIANT_ROWS[0].name);
                for (int i = 0; i < VARIANT_ROW_COUNT; i++)
                    printf(" var %s", VARIANT_ROWS[i].name);
                printf("\noption name EntMap type string default default\nuciok\n");
            }
        } else if (!strcmp(line, "isready"))
            printf("readyok\n");
        else if (!strncmp(line, "setoption ", 10)) {
            if (!setoption(&f, line + 10, plain))
                exit(7);
        } else if (!strncmp(line, "position ", 9))
            position(&f, line + 9);
        else if (!strcmp(line, "ucinewgame") && f.gameSeeded)
            f.rng = f.seed;
        else if (!strncmp(line, "go", 2) && !f.hung) {
            if (++f.gos == f.killAt)
                kill(getppid(), SIGKILL);
            go(&f, line);
        }
        else if (!strcmp(line, "quit"))
            break;
    }
    worlds_pos_free(&f.worlds);
    return 0;
}
