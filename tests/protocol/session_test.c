/* The session layer (session/session.h) driven without uci/, as the WebAssembly entry or any
 * other protocol would: options by name and by typed value, refusals that keep the last good
 * state, positions, perft, go with its callbacks, the held answer, bench, selfplay, openings.
 * Expected counts come from the rules (perft of the classical start, known to every chess
 * engine; the 29 moves after 1.e4 e5 are counted in a comment below), never from the engine's
 * own output. Prints "session_test: N passed, N failed". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/position.h"
#include "../../search/search.h"
#include "../../session/options.h"
#include "../../session/session.h"

#include "../check.h"

/* What the callbacks saw. */
typedef struct {
    int infos, bestmoves, gameOvers, books, errors;
    bool mated;
    char best[8];
} Seen;

static void on_info(void *ctx, const SearchInfo *info, int mate, const Variant *v) {
    (void)info, (void)mate, (void)v;
    ((Seen *)ctx)->infos++;
}

static void on_bestmove(void *ctx, const char *best, const char *ponder) {
    Seen *s = ctx;
    (void)ponder;
    s->bestmoves++;
    snprintf(s->best, sizeof s->best, "%s", best);
}

static void on_game_over(void *ctx, const GameEnd *e) {
    Seen *s = ctx;
    s->gameOvers++;
    s->mated = END_KINDS[e->reason].mated;
}

static void on_book(void *ctx, const char *move) {
    (void)move;
    ((Seen *)ctx)->books++;
}

static void on_error(void *ctx, const char *text) {
    (void)text;
    ((Seen *)ctx)->errors++;
}

static bool set_position(Session *s, const char *fen, const char *moves, char *err, size_t errlen) {
    char line[512], *w[64];
    size_t off[64];
    int n = 0;
    snprintf(line, sizeof line, "%s", moves);
    char copy[512];
    snprintf(copy, sizeof copy, "%s", moves);
    for (char *save = NULL, *t = strtok_r(copy, " ", &save); t && n < 64; t = strtok_r(NULL, " ", &save)) {
        w[n] = t;
        off[n++] = (size_t)(t - copy);
    }
    SessionWords ws = {line, n, (const char *const *)w, off};
    return session_set_position(s, fen, &ws, err, errlen);
}

static uint64_t perft(Session *s, int depth) {
    PerftLine lines[MAX_MOVES];
    uint64_t sum = 0;
    int n = session_perft(s, depth, lines);
    for (int i = 0; i < n; i++)
        sum += lines[i].count;
    return sum;
}

static bool is_legal(Session *s, const char *tok) {
    KindedMove km[MAX_MOVES];
    int n = session_legal(s, km);
    for (int i = 0; i < n; i++)
        if (!strcmp(km[i].tok, tok))
            return true;
    return false;
}

static void test_options(Session *s) {
    char err[512] = "";
    OptionInfo o;
    int hash = session_find_option("hash"); /* case-insensitive, as in Stockfish */
    CHECK(hash >= 0, "Hash is not found as 'hash'");
    session_option_info(s, hash, &o);
    CHECK(o.type == OPTION_SPIN && !strcmp(o.name, "Hash"), "Hash: type %d name %s", o.type, o.name);
    CHECK(session_set_option(s, "Hash", "32", err, sizeof err) == OPTION_SET && s->opt.hash == 32, "Hash 32: %s", err);
    err[0] = 0;
    CHECK(session_set_option(s, "Hash", "0", err, sizeof err) == OPTION_REFUSED && *err && s->opt.hash == 32,
          "Hash 0 must be refused and keep 32 (%d, '%s')", s->opt.hash, err);
    OptionValue v = {.number = 8};
    CHECK(session_set_option_value(s, hash, &v, err, sizeof err) && s->opt.hash == 8, "typed Hash 8: %s", err);
    v.number = -1;
    CHECK(!session_set_option_value(s, hash, &v, err, sizeof err) && s->opt.hash == 8, "typed Hash -1 kept %d",
          s->opt.hash);
    CHECK(session_set_option(s, "No Such Option", "1", err, sizeof err) == OPTION_UNKNOWN, "an unknown name");
    CHECK(session_set_option(s, "Ponder", "maybe", err, sizeof err) == OPTION_REFUSED && !s->opt.ponder,
          "Ponder maybe must be refused");
    CHECK(session_set_option(s, "EntMap", "zz", err, sizeof err) == OPTION_REFUSED && !strcmp(s->opt.entMap, "default"),
          "a bad EntMap must be refused and keep 'default' (%s)", s->opt.entMap);
    CHECK(session_set_option(s, "UCI_Variant", "CHESS", err, sizeof err) == OPTION_SET &&
              !strcmp(s->opt.variant->name, "chess"),
          "UCI_Variant CHESS: %s", err);
}

static void test_positions(Session *s) {
    char err[2400];
    CHECK(set_position(s, NULL, "", err, sizeof err), "startpos: %s", err);
    CHECK(perft(s, 3) == 8902, "perft 3 of the classical start: %llu", (unsigned long long)perft(s, 3));
    CHECK(set_position(s, NULL, "e2e4", err, sizeof err), "startpos moves e2e4: %s", err);
    CHECK(perft(s, 2) == 600, "perft 2 after 1.e4: %llu", (unsigned long long)perft(s, 2));
    err[0] = 0;
    CHECK(!set_position(s, "8/8/8/8 w - - 0 1", "", err, sizeof err) && *err, "a broken FEN must be refused");
    CHECK(perft(s, 2) == 600, "a refused FEN must keep 1.e4: %llu", (unsigned long long)perft(s, 2));
    /* 1.e4 e5 then an impossible rook move: the legal prefix stays. White then has 29 moves:
     * pawns a b c d f g h two each (14, e4 is blocked), knights 5 (a3 c3 e2 f3 h3), the f1
     * bishop 5 (e2 d3 c4 b5 a6), the queen 4 (e2 f3 g4 h5), the king 1 (e2). */
    CHECK(!set_position(s, NULL, "e2e4 e7e5 a1a5", err, sizeof err) && strstr(err, "token 3"),
          "a1a5 must be refused as token 3: %s", err);
    CHECK(perft(s, 1) == 29, "the prefix 1.e4 e5 must stay: %llu moves", (unsigned long long)perft(s, 1));
}

static void test_go(Session *s) {
    char err[256] = "";
    Seen seen = {0};
    SessionReport rep = {on_info, on_bestmove, on_game_over, on_book, on_error, &seen};
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.time[WHITE] = lim.time[BLACK] = -1;
    lim.depth = 3;
    CHECK(set_position(s, NULL, "", err, sizeof err), "startpos: %s", err);
    CHECK(session_go(s, &lim, NULL, 0, &rep, err, sizeof err), "go depth 3: %s", err);
    session_join(s);
    CHECK(seen.bestmoves == 1 && seen.infos >= 1 && is_legal(s, seen.best),
          "go depth 3: %d bestmoves, %d infos, '%s'", seen.bestmoves, seen.infos, seen.best);
    CHECK(!session_searching(s, NULL), "still searching after its bestmove");

    const char *bad[] = {"e7e9"};
    CHECK(!session_go(s, &lim, bad, 1, &rep, err, sizeof err) && strstr(err, "searchmoves"), "searchmoves e7e9: %s",
          err);
    const char *one[] = {"g1f3"};
    seen = (Seen){0};
    CHECK(session_go(s, &lim, one, 1, &rep, err, sizeof err) && seen.bestmoves == 1 && !strcmp(seen.best, "g1f3"),
          "one searchmove is the answer: '%s'", seen.best);

    /* Fool's mate: White is mated, so go answers at once, and an infinite go holds 0000. */
    CHECK(set_position(s, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "", err, sizeof err),
          "fool's mate: %s", err);
    seen = (Seen){0};
    CHECK(session_go(s, &lim, NULL, 0, &rep, err, sizeof err), "go when mated: %s", err);
    CHECK(seen.gameOvers == 1 && seen.mated && seen.bestmoves == 1 && !strcmp(seen.best, "0000"),
          "go when mated: %d game overs, mated %d, %d bestmoves '%s'", seen.gameOvers, seen.mated, seen.bestmoves,
          seen.best);
    seen = (Seen){0};
    lim.infinite = true;
    CHECK(session_go(s, &lim, NULL, 0, &rep, err, sizeof err) && !seen.bestmoves && session_searching(s, NULL),
          "go infinite when mated must hold its answer");
    char tok[6] = "";
    CHECK(session_stop(s, tok) && !strcmp(tok, "0000") && !session_searching(s, NULL), "stop gives the held '%s'",
          tok);
    CHECK(session_ponderhit(s, tok) == PONDERHIT_NONE, "ponderhit without a ponder go");
}

static void position_line(void *ctx, int i, int count, const char *root, const BenchPosition *b, const char *best,
                          const SearchInfo *info) {
    (void)i, (void)count, (void)root, (void)b, (void)best, (void)info;
    ++*(int *)ctx;
}

static void bench_error(void *ctx, const char *text) {
    (void)ctx;
    printf("bench: %s\n", text);
}

static void test_bench(Session *s) {
    int lines = 0, want = 0;
    uint64_t nodes = 0;
    int64_t ms;
    for (int r = 0; r < VARIANT_ROW_COUNT; r++)
        want += VARIANT_ROWS[r].nbench;
    BenchReport rep = {position_line, bench_error, &lines};
    CHECK(session_bench(s, 1, 1, 1, &rep, &nodes, &ms) && lines == want && nodes > 0,
          "bench depth 1: %d positions of %d, %llu nodes", lines, want, (unsigned long long)nodes);
    CHECK(s->opt.hash == 8, "bench must give the user's options back (Hash %d)", s->opt.hash);
}

/* What selfplay and openings reported. */
typedef struct {
    int links, turns, ends, errors, openings, tallies;
    bool limit;      /* the game stopped at the turn limit */
    char moves[2048]; /* the turns' R5.2 tokens (each turn line's second word) */
    char fen[128], first[160];
    OpeningsTally tally;
} Played;

static void sp_links(void *ctx, const char *links) {
    (void)links;
    ((Played *)ctx)->links++;
}

static void sp_turn(void *ctx, const char *text) {
    Played *p = ctx;
    char num[16], tok[64];
    p->turns++;
    if (sscanf(text, "%15s %63s", num, tok) == 2)
        snprintf(p->moves + strlen(p->moves), sizeof p->moves - strlen(p->moves), "%s%s", *p->moves ? " " : "", tok);
}

static void sp_end(void *ctx, const GameEnd *e, const char *words, const char *fen) {
    Played *p = ctx;
    (void)words;
    p->ends++;
    p->limit = e == NULL;
    snprintf(p->fen, sizeof p->fen, "%s", fen);
}

static void sp_error(void *ctx, const char *text) {
    printf("selfplay/openings: %s\n", text);
    ((Played *)ctx)->errors++;
}

static void refused(void *ctx, const char *text) {
    (void)text;
    ((Played *)ctx)->errors++;
}

static void op_opening(void *ctx, const char *line) {
    Played *p = ctx;
    if (!p->openings++)
        snprintf(p->first, sizeof p->first, "%s", line);
}

static void op_tally(void *ctx, const OpeningsTally *t) {
    Played *p = ctx;
    p->tallies++;
    p->tally = *t;
}

/* A selfplay game's turn lines replay to its final FEN; openings reports as many lines as its
 * tally keeps, each a FEN `position` takes; refusals report an error and nothing else. */
static void test_selfplay_openings(Session *s) {
    char err[256], fen[128];
    CHECK(session_set_option(s, "Policy", "random", err, sizeof err) == OPTION_SET, "Policy random: %s", err);
    Played p = {0};
    SelfplayReport sp = {sp_links, sp_turn, sp_end, sp_error, &p};
    EntMap map = s->map;
    CHECK(session_selfplay(s, 5, 6, &map, &sp) && p.links == 1 && p.ends == 1 && !p.errors && p.turns <= 6 &&
              (!p.limit || p.turns == 6),
          "selfplay 5 6: links %d, %d turns, ends %d, errors %d", p.links, p.turns, p.ends, p.errors);
    CHECK(set_position(s, NULL, p.moves, err, sizeof err), "selfplay's turns '%s' must replay: %s", p.moves, err);
    board_fen(&s->board, fen, sizeof fen);
    CHECK(!strcmp(fen, p.fen), "selfplay's turns replay to '%s', its Fen is '%s'", fen, p.fen);
    CHECK(session_set_option(s, "Policy", "search", err, sizeof err) == OPTION_SET, "Policy search: %s", err);

    Played o = {0};
    OpeningsReport op = {op_opening, op_tally, sp_error, &o};
    CHECK(session_openings(s, 3, 2, 100000, 1, 1, &op) && o.tallies == 1 && !o.errors && o.openings == o.tally.kept &&
              o.tally.kept == 3 &&
              o.tally.tried == (uint64_t)o.tally.kept + o.tally.over + o.tally.decided + o.tally.repeated,
          "openings 3 2: %d lines, kept %d of %llu", o.openings, o.tally.kept, (unsigned long long)o.tally.tried);
    char *semi = strchr(o.first, ';');
    if (semi)
        *semi = '\0';
    CHECK(semi && set_position(s, o.first, "", err, sizeof err), "openings' line '%s' must be a FEN: %s", o.first,
          err);
    CHECK(s->opt.hash == 8, "openings must give the user's options back (Hash %d)", s->opt.hash);

    Played r = {0};
    OpeningsReport rr = {op_opening, op_tally, refused, &r};
    CHECK(session_set_option(s, "UCI_Variant", "schroedinger", err, sizeof err) == OPTION_SET, "schroedinger: %s", err);
    CHECK(!session_openings(s, 3, 2, 100, 1, 3, &rr) && r.errors == 1 && !r.openings && !r.tallies,
          "openings depth 3 in schroedinger must be refused alone: %d errors, %d lines, %d tallies", r.errors,
          r.openings, r.tallies);
    CHECK(session_set_option(s, "UCI_Variant", "chess", err, sizeof err) == OPTION_SET, "chess: %s", err);
}

int main(void) {
    engine_init();
    search_init();
    Session *s = session_new();
    CHECK(s != NULL, "session_new");
    if (!s)
        return check_summary("session_test");
    test_options(s);
    test_positions(s);
    test_go(s);
    test_bench(s);
    test_selfplay_openings(s);
    session_free(s);
    return check_summary("session_test");
}
