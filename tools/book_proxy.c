/* book_proxy: a UCI engine wrapper that answers `go` from an opening book, exactly as the engine's
 * own OwnBook option is meant to (docs/gui/protocol.md, "The book's options"), and forwards
 * everything else to the real engine. It lets bench/book.sh measure book vs no-book before uci/ has
 * the options, and logs the time of every decision of the opening turns.
 *
 *   book_proxy --engine "./qec" [--book FILE] [--depth N] [--seed S] [--log FILE]
 *
 * Without --book it only forwards and logs (the no-book side of the benchmark). Log lines:
 * "<game> <turn index> book|search <microseconds>", for decisions whose turn index is below
 * --depth. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../book/book.h"
#include "tool_util.h"
#include "../engine/links.h"

typedef struct {
    FILE *toEngine, *fromEngine, *log;
    pthread_mutex_t lock;   /* stdout and the pending timing */
    bool pending;           /* a forwarded go waits for its bestmove */
    long pendingGame;
    int pendingTurn;
    double t0;
} Proxy;

static int64_t elapsed_us(double t0) {
    return (int64_t)((tool_seconds() - t0) * 1e6);
}

/* Engine output -> our stdout; the forwarded go's bestmove closes its timing. */
static void *reader(void *arg) {
    Proxy *px = arg;
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, px->fromEngine) >= 0) {
        pthread_mutex_lock(&px->lock);
        fputs(line, stdout);
        fflush(stdout);
        if (!strncmp(line, "bestmove", 8) && px->pending) {
            if (px->log && px->pendingTurn >= 0)
                fprintf(px->log, "%ld %d search %lld\n", px->pendingGame, px->pendingTurn,
                        (long long)elapsed_us(px->t0));
            px->pending = false;
        }
        pthread_mutex_unlock(&px->lock);
    }
    free(line);
    return NULL;
}

static pid_t spawn(const char *cmd, FILE **to, FILE **from) {
    int in[2], out[2];
    if (pipe(in) || pipe(out))
        return -1;
    pid_t pid = fork();
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[1]);
        close(out[0]);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    *to = fdopen(in[1], "w");
    *from = fdopen(out[0], "r");
    return pid;
}

/* `position startpos|fen F [moves …]` under the map text; false if anything is off (the
 * proxy then just forwards, as the engine reports the error itself). */
static bool set_position(Position *p, const char *line, const char *mapText) {
    char buf[65536], err[200], fen[256] = "";
    snprintf(buf, sizeof buf, "%s", line);
    char *save, *w = strtok_r(buf, " \t\r\n", &save); /* "position" */
    w = strtok_r(NULL, " \t\r\n", &save);
    if (!w)
        return false;
    if (!strcmp(w, "startpos")) {
        snprintf(fen, sizeof fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        w = strtok_r(NULL, " \t\r\n", &save);
    } else if (!strcmp(w, "fen")) {
        while ((w = strtok_r(NULL, " \t\r\n", &save)) && strcmp(w, "moves")) {
            size_t n = strlen(fen);
            snprintf(fen + n, sizeof fen - n, "%s%s", n ? " " : "", w);
        }
    } else {
        return false;
    }
    EntMap map;
    if (!pos_set_fen(p, fen, VARIANT_QEC, err, sizeof err) || !entmap_parse(mapText, &map, err, sizeof err) ||
        !entmap_apply(&map, p, err, sizeof err))
        return false;
    if (w && strcmp(w, "moves"))
        return false;
    while ((w = strtok_r(NULL, " \t\r\n[]<>", &save))) {
        Move m = pos_parse_decision(p, w);
        if (!m)
            return false;
        pos_do(p, m);
        pos_compact(p);
    }
    return true;
}

int main(int argc, char **argv) {
    const char *engine = NULL, *bookPath = NULL, *logPath = NULL;
    int depth = BOOK_DEFAULT_DEPTH;
    uint64_t seed = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--engine"))
            engine = argv[i + 1];
        else if (!strcmp(argv[i], "--book"))
            bookPath = argv[i + 1];
        else if (!strcmp(argv[i], "--depth"))
            depth = (int)tool_int("--depth", argv[i + 1], 0, 1000); /* as the BookDepth option */
        else if (!strcmp(argv[i], "--seed"))
            seed = tool_u64("--seed", argv[i + 1], 0);
        else if (!strcmp(argv[i], "--log"))
            logPath = argv[i + 1];
    }
    if (!engine) {
        fprintf(stderr, "usage: book_proxy --engine CMD [--book FILE] [--depth N] [--seed S] [--log FILE]\n");
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    engine_init();
    Proxy px = {.lock = PTHREAD_MUTEX_INITIALIZER};
    Book book;
    book_init(&book);
    char err[300];
    bool haveBook = bookPath && book_load(&book, bookPath, err, sizeof err);
    if (bookPath && !haveBook)
        printf("info string error: %s\n", err);
    px.log = logPath ? fopen(logPath, "a") : NULL;
    if (px.log)
        setvbuf(px.log, NULL, _IOLBF, 0);
    pid_t pid = spawn(engine, &px.toEngine, &px.fromEngine);
    if (pid < 0)
        return 1;
    pthread_t th;
    pthread_create(&th, NULL, reader, &px);
    Position *p = malloc(sizeof *p);
    char *line = NULL, mapText[512] = "default";
    size_t cap = 0;
    bool havePos = false;
    long game = 0;
    while (getline(&line, &cap, stdin) >= 0) {
        if (!strncmp(line, "setoption name EntMap value ", 28)) {
            snprintf(mapText, sizeof mapText, "%s", line + 28);
            mapText[strcspn(mapText, "\r\n")] = 0;
        } else if (!strncmp(line, "ucinewgame", 10)) {
            game++;
        } else if (!strncmp(line, "position ", 9)) {
            havePos = set_position(p, line, mapText);
        } else if (!strncmp(line, "go", 2) && (line[2] == ' ' || line[2] == '\n')) {
            int turn = havePos ? book_turn(p) : -1;
            bool timed = turn >= 0 && turn < depth;
            bool plain = !strstr(line, "infinite") && !strstr(line, "ponder");
            Move m = haveBook && timed && plain ? book_choose(&book, p, seed) : MOVE_NONE;
            pthread_mutex_lock(&px.lock);
            if (m) {
                char tok[6];
                move_to_uci(m, tok);
                printf("info string book %s\nbestmove %s\n", tok, tok);
                fflush(stdout);
                if (px.log)
                    fprintf(px.log, "%ld %d book 0\n", game, turn);
                pthread_mutex_unlock(&px.lock);
                continue;
            }
            px.pending = true;
            px.pendingGame = game;
            px.pendingTurn = timed ? turn : -1;
            px.t0 = tool_seconds();
            pthread_mutex_unlock(&px.lock);
        }
        fputs(line, px.toEngine);
        fflush(px.toEngine);
        if (!strncmp(line, "quit", 4))
            break;
    }
    fclose(px.toEngine);
    pthread_join(th, NULL);
    waitpid(pid, NULL, 0);
    free(line);
    free(p);
    book_free(&book);
    if (px.log)
        fclose(px.log);
    return 0;
}
