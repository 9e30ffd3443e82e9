/* Haft Schroedinger rules core tests (docs/players/rules-schroedinger.md S1-S4): seed 001's examples, check
 * constraints across sides, promotion, en passant, the game end, keys, and world counts and
 * types checked against an independent brute-force enumeration (brute.h). */
#include <stdlib.h>
#include <string.h>

#include "../../engine/worlds.h"
#include "../check.h"
#include "../rng.h"
#include "brute.h"

/* The world count of one stack entry (a position on a temporary stack of one). */
static uint64_t worlds_state_world_count(const WorldsState *s) {
    WorldsPos one = {(WorldsState *)s, 1, 0};
    return worlds_world_count(&one);
}

/* The moves start() and play() have made since the start, space-separated: the line
 * check_played() gives the brute-force enumeration. */
static char played[4096];

/* Plays a space-separated move list; every token must be legal. */
static bool play(WorldsPos *p, const char *moves) {
    char buf[2048], *save = NULL;
    snprintf(buf, sizeof buf, "%s", moves);
    size_t len = strlen(played);
    snprintf(played + len, sizeof played - len, "%s%s", len ? " " : "", moves);
    for (char *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        const char *err = NULL;
        Move m = worlds_parse_move(p, tok, &err);
        CHECK(m != MOVE_NONE, "%s in \"%s\": %s", tok, moves, err ? err : "?");
        if (m == MOVE_NONE || !worlds_do_move(p, m))
            return false;
    }
    return true;
}

static void start(WorldsPos *p, const char *moves) {
    worlds_pos_reset(p);
    played[0] = 0;
    if (moves)
        play(p, moves);
}

static unsigned letters(const char *s) {
    unsigned t = 0;
    for (; *s; s++)
        t |= *s == 'K' ? WORLDS_K : *s == 'Q' ? WORLDS_Q : *s == 'R' ? WORLDS_R : *s == 'B' ? WORLDS_B : *s == 'N' ? WORLDS_N : 0;
    return t;
}

#define CHECK_TYPES(p, sq, want)                                                                                       \
    CHECK(worlds_types(p, sq_parse(sq)) == letters(want), "%s: types %#x, expected %s", sq,                              \
          worlds_types(p, sq_parse(sq)), want)

/* Each "sq=TYPES" of a space-separated list: the square's types are TYPES (a check each). */
static void check_types(WorldsPos *p, const char *list) {
    char buf[256], *save = NULL;
    snprintf(buf, sizeof buf, "%s", list);
    for (char *item = strtok_r(buf, " ", &save); item; item = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(item, '=');
        if (!eq) {
            CHECK(false, "malformed item '%s' in \"%s\"", item, list);
            continue;
        }
        *eq = 0;
        CHECK_TYPES(p, item, eq + 1);
    }
}

static bool legal(WorldsPos *p, const char *tok) {
    const char *err;
    return worlds_parse_move(p, tok, &err) != MOVE_NONE;
}

/* The engine's count and every major's types against the brute-force enumeration. */
static void brute_game(BruteGame *g, const char *moves);

static void check_brute(WorldsPos *p, const char *moves) {
    BruteGame g;
    start(p, moves);
    brute_game(&g, moves);
    BruteResult r;
    br_count(&g, &r);
    CHECK(worlds_world_count(p) == r.count, "\"%s\": %llu worlds, brute force %llu", moves,
          (unsigned long long)worlds_world_count(p), (unsigned long long)r.count);
    for (int c = 0; c < 2; c++)
        for (int id = 0; id < 8 + g.npromo[c]; id++)
            CHECK(worlds_identity_types(p, c, id) == r.types[c][id], "\"%s\": colour %d id %d types %#x, brute %#x",
                  moves, c, id, worlds_identity_types(p, c, id), r.types[c][id]);
}

/* check_brute on the line start() and play() have played. */
static void check_played(WorldsPos *p) {
    char line[sizeof played];
    snprintf(line, sizeof line, "%s", played);
    check_brute(p, line);
}

/* Plays moves; then sq's types must be want, and the line must agree with brute force. */
static void play_types(WorldsPos *p, const char *moves, const char *sq, const char *want) {
    play(p, moves);
    CHECK_TYPES(p, sq, want);
    check_played(p);
}

/* S1.1, S1.2, S5.2, S4.3. */
static void test_start(WorldsPos *p) {
    Move list[WORLDS_MAX_MOVES];
    char fen[128];
    start(p, NULL);
    CHECK(worlds_gen_legal(p, list) == 30, "S5.2: 30 moves from the start");
    CHECK(worlds_world_count(p) == 5040ULL * 5040, "S1.2: 5040^2 worlds at the start");
    for (int f = 0; f < 8; f++)
        CHECK(worlds_types(p, f) == WORLDS_ALL && worlds_types(p, 56 + f) == WORLDS_ALL, "S1.1: file %d majors untyped", f);
    worlds_fen(p, fen, sizeof fen);
    CHECK(!strcmp(fen, "mmmmmmmm/pppppppp/8/8/8/8/PPPPPPPP/MMMMMMMM w - - 0 1"), "S4.3 fen: %s", fen);
    CHECK(worlds_check_status(p) == WORLDS_CHECK_NONE && worlds_result(p) == WORLDS_ONGOING, "start is quiet");
}

/* S2.3: a third major cannot jump like a knight. */
static void test_third_knight(WorldsPos *p) {
    start(p, "a1b3 a7a6 b1c3 a6a5");
    check_types(p, "b3=N c3=N c1=KQRB");
    CHECK(!legal(p, "c1d3"), "S2.3: third knight jump refused");
    CHECK(!worlds_is_legal(p, make_move(sq_parse("c1"), sq_parse("d3"), MF_NORMAL)), "S2.1: no world for c1d3");
    CHECK(worlds_world_count(p) == 180ULL * 5040, "two knights fixed: 6!/(2!2!) * 5040 worlds");
    check_played(p);
}

/* S2.3: three rook-movers, then one moves diagonally: it is the queen, the others rooks. */
static void test_rook_movers(WorldsPos *p) {
    const char *g = "a2a4 a7a6 h2h4 a6a5 d2d4 h7h6 a1a3 h6h5 h1h3 b7b6 d1d3";
    start(p, g);
    check_types(p, "a3=QR d3=QR");
    start(p, "a2a4 a7a6 h2h4 a6a5 d2d4 h7h6 a1a3 h6h5 h1h3 b7b6 d1d3 b6b5 d3f5");
    check_types(p, "f5=Q a3=R h3=R b1=KBN");
    check_played(p);
}

/* Seed 001: two rook-movers and two bishop-movers; a fifth major moving like a rook makes the
 * queen one of the three rook-movers, so the bishop-movers are bishops (S2.3). */
static void test_fifth_rook_mover(WorldsPos *p) {
    const char *g4 = "a2a4 a7a6 h2h4 a6a5 d2d4 h7h6 e2e4 h6h5 a1a3 g7g6 h1h3 g6g5 c1e3 b7b6 f1c4 c7c6";
    start(p, g4);
    check_types(p, "e3=QB c4=QB a3=QR");
    char g5[256];
    snprintf(g5, sizeof g5, "%s d1d3", g4);
    start(p, g5);
    check_types(p, "e3=B c4=B d3=QR a3=QR");
    check_played(p);
}

/* S2.3: a captured major was not the king. */
static void test_captured_not_king(WorldsPos *p) {
    start(p, "e2e3 g8f6 e1e2 f6d5 a2a3 d5f4");
    CHECK_TYPES(p, "e2", "KQR");
    CHECK(worlds_check_status(p) == WORLDS_CHECK_SOME, "S3.1: in check only where e2 is the king");
    play(p, "a3a4");
    CHECK_TYPES(p, "e2", "QR"); /* S1.3: a3a4 leaves e2 attacked by the knight */
    play(p, "f4e2");
    CHECK(worlds_identity_types(p, WHITE, 4) == (WORLDS_Q | WORLDS_R), "captured e1 is Q or R, never K");
    check_played(p);
    start(p, "d2d4 e7e5 e1d2 f8b4 a2a3 b4d2");
    CHECK(!(worlds_identity_types(p, WHITE, 4) & WORLDS_K), "captured e1 not the king");
    check_played(p);
}

/* S1.3 across sides: d7c6 opens the d-file; it is legal because some worlds have d8 not the
 * king or d1 not a rook or queen, and it removes the others: 630 black assignments with d8 = K
 * times 1,890 white ones with d1 in {R, Q}. */
static void test_cross_check(WorldsPos *p) {
    start(p, "d2d4 c7c5 d4c5 b7b6 c5c6");
    CHECK(worlds_world_count(p) == 5040ULL * 5040, "no constraint yet");
    CHECK(legal(p, "d7c6"), "S2.1: legal in some worlds");
    play(p, "d7c6");
    CHECK(worlds_world_count(p) == 5040ULL * 5040 - 630ULL * 1890, "worlds %llu", (unsigned long long)worlds_world_count(p));
    CHECK_TYPES(p, "d8", "KQRBN"); /* each type survives in some world */
    CHECK_TYPES(p, "d1", "KQRBN");
    check_played(p);
    /* Now d1d7 (a rook-line move) makes d1 a rook or queen, so d8 is not the black king; d1d7
     * attacks d8 itself and black's reply must keep a world. */
    play_types(p, "d1d7", "d7", "QR");
    /* A pawn attacker is world-independent (S1.3): e2 is attacked by the d3 pawn. */
    start(p, "e2e4 d7d5 e1e2 d5d4 a2a3 d4d3 h2h3");
    CHECK_TYPES(p, "e2", "QR");
    check_played(p);
}

static void brute_game(BruteGame *g, const char *moves) {
    char buf[2048], *save = NULL;
    br_start(g);
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
        br_play(g, tok);
}

/* Brute force: the number of worlds after `moves` plus one more token (0: no world, illegal). */
static uint64_t brute_after(const char *moves, int from, int to) {
    BruteGame g;
    BruteResult r;
    brute_game(&g, moves);
    char tok[5] = {(char)('a' + from % 8), (char)('1' + from / 8), (char)('a' + to % 8), (char)('1' + to / 8), 0};
    br_play(&g, tok);
    br_count(&g, &r);
    return r.count;
}

/* S3.2 checked by brute force: no move of the side to move keeps a world (every major to every
 * square its geometry allows, every classical pawn move), and the check status. */
static void check_game_end(WorldsPos *p, const char *moves, int want) {
    start(p, moves);
    Move list[WORLDS_MAX_MOVES];
    CHECK(worlds_gen_legal(p, list) == 0, "no legal move");
    CHECK(worlds_result(p) == want, "result %d, expected %d", worlds_result(p), want);
    const WorldsState *s = worlds_st(p);
    int us = s->stm, bad = 0;
    for (int from = 0; from < 64; from++) {
        int pc = s->board[from];
        if (!pc || worlds_piece_color(pc) != us || worlds_piece_id(pc) == WORLDS_PAWN_ID)
            continue;
        for (int to = 0; to < 64; to++) {
            int df = abs(to % 8 - from % 8), dr = abs(to / 8 - from / 8);
            bool geometry = (df || dr) && (!df || !dr || df == dr || df * dr == 2);
            if (geometry && !(s->board[to] && worlds_piece_color(s->board[to]) == us))
                bad += brute_after(moves, from, to) != 0;
        }
    }
    Move cand[WORLDS_MAX_MOVES];
    int n = worlds_gen_candidates(p, cand);
    for (int i = 0; i < n; i++)
        bad += brute_after(moves, move_from(cand[i]), move_to(cand[i])) != 0;
    CHECK(bad == 0, "brute force finds %d legal moves", bad);
    BruteGame g;
    BruteResult r;
    brute_game(&g, moves);
    br_pass(&g);
    br_count(&g, &r);
    CHECK((r.count == 0) == (want == WORLDS_CHECKMATE), "S3.2: %llu worlds without check",
          (unsigned long long)r.count);
    CHECK(worlds_check_status(p) == (want == WORLDS_CHECKMATE ? WORLDS_CHECK_ALL : r.count == worlds_world_count(p) ? WORLDS_CHECK_NONE : WORLDS_CHECK_SOME),
          "check status %d", worlds_check_status(p));
    check_brute(p, moves);
}

/* S3.2: mate when in check in every world, stalemate otherwise (games found by random play). */
static void test_game_end(WorldsPos *p) {
    check_game_end(p,
                   "g2g4 c7c5 g1g3 b8g3 h1g3 c8b6 f1e3 f7f6 h2h3 g8a2 e3f1 h8f7 c2c4 a2b1 d1c2 b1a1 c2h7 a1c1",
                   WORLDS_CHECKMATE);
    check_game_end(p,
                   "b2b3 c8b6 a1g7 b6c4 g7h8 f8e6 b3c4 e8f8 h8g8 d8c8 g8f7 f8g7 f7e6 g7g2 f1g2 c7c6 e6g8 a7a5 g2c6 "
                   "c8c6 g8h7 c6c4 b1a3 c4c2 h7g6 b8f4 a3c2 f4d6 g6d6 a8a7 d6e7 a7a8 c2a3 d7d5 a3c2 a8a7 h1d5 a7a6 "
                   "g1g5 a6b5 d5b7 b5a4 b7g2",
                   WORLDS_STALEMATE);
}

/* S2.5: a promotion is one move to an unknown major with types Q R B N, no letter. */
static void test_promotion(WorldsPos *p) {
    const char *g = "a2a4 b7b5 a4b5 a7a6 b5a6 g7g6 a6a7 g6g5";
    start(p, g);
    uint64_t before = worlds_world_count(p);
    const char *err = NULL;
    int top = p->top;
    CHECK(worlds_parse_move(p, "a7b8q", &err) == MOVE_NONE && err && strstr(err, "S2.5"), "S2.5: letter refused");
    CHECK(p->top == top && worlds_world_count(p) == before, "state kept");
    Move list[WORLDS_MAX_MOVES];
    int n = worlds_gen_legal(p, list), promos = 0;
    for (int i = 0; i < n; i++)
        promos += move_flag(list[i]) == MF_PROMO;
    CHECK(promos == 1, "S5.1: a promotion is one move (%d)", promos); /* a7b8 only: a8 is occupied */
    play_types(p, "a7b8", "b8", "QRBN");
    play_types(p, "g5g4 b8c6", "c6", "N");
    /* The promoted knight on c6 attacks d8: after black's next move d8 is not the king. */
    play_types(p, "h7h6", "d8", "QRBN");
    start(p, "a2a4 b7b5 a4b5 a7a6 b5a6 g7g6 a6a7 g6g5 a7b8 g5g4 b8a7");
    CHECK_TYPES(p, "a7", "QB");
}

/* S2.4: en passant right after a double step, and only then; S4.3's ep field. */
static void test_en_passant(WorldsPos *p) {
    char fen[128];
    start(p, "e2e4");
    worlds_fen(p, fen, sizeof fen);
    CHECK(strstr(fen, " b - e3 0 1") != NULL, "S4.3: ep field after every double step: %s", fen);
    start(p, "e2e4 a7a6 e4e5 d7d5");
    Move m = worlds_parse_move(p, "e5d6", NULL);
    CHECK(m != MOVE_NONE && move_flag(m) == MF_EP, "S2.4: en passant legal");
    play(p, "e5d6");
    CHECK(worlds_st(p)->board[sq_parse("d5")] == WORLDS_EMPTY, "the passed pawn is gone");
    worlds_fen(p, fen, sizeof fen);
    CHECK(!strcmp(fen, "mmmmmmmm/1pp1pppp/p2P4/8/8/8/PPPP1PPP/MMMMMMMM b - - 0 3"), "fen %s", fen);
    check_played(p);
    start(p, "e2e4 a7a6 e4e5 d7d5 h2h3 h7h6");
    CHECK(!legal(p, "e5d6"), "S2.4: only right after the double step");
}

/* S3.3: the same board with another world set is another position. */
static void test_repetition(WorldsPos *p) {
    start(p, "g1f3 g8f6 f3g1 f6g8");
    CHECK(worlds_world_count(p) == 1260ULL * 1260, "g1 and g8 are knights");
    play(p, "g1f3 g8f6 f3g1 f6g8");
    CHECK(worlds_result(p) == WORLDS_ONGOING, "second occurrence (the start had other worlds)");
    play(p, "g1f3 g8f6 f3g1 f6g8");
    CHECK(worlds_result(p) == WORLDS_REPETITION, "S3.3: third occurrence");
}

/* The key covers the board and the world set: transpositions agree, other worlds differ. */
static void test_keys(WorldsPos *p) {
    start(p, "b1c3 g8f6 g1f3 b8c6");
    Key a = worlds_key(p);
    start(p, "g1f3 b8c6 b1c3 g8f6");
    CHECK(worlds_key(p) == a, "transposition, same worlds, same key");
    start(p, "a2a4 a7a5 a1a3 b8c6 a3a1 c6b8");
    Key b = worlds_key(p);
    start(p, "a2a4 a7a5 b1c3 b8c6 c3b1 c6b8");
    Key c = worlds_key(p);
    start(p, "a2a4 a7a5 g1f3 b8c6 f3g1 c6b8");
    CHECK(b != c && c != worlds_key(p) && b != worlds_key(p), "same board, other worlds, other keys");
    start(p, "a2a4 a7a5 b1c3 b8c6 c3b1 c6b8");
    CHECK(worlds_key(p) == c, "same game, same key");
}

/* Bad tokens: one error each, the position unchanged. */
static void test_bad_input(WorldsPos *p) {
    static const char *bad[] = {"", "e2", "e2e5", "z9z9", "e2e4e", "e7e5", "e1e2", "b1b3", "a1a1"};
    start(p, NULL);
    Key k = worlds_key(p);
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        const char *err = NULL;
        CHECK(worlds_parse_move(p, bad[i], &err) == MOVE_NONE && err, "\"%s\" refused", bad[i]);
    }
    CHECK(p->top == 0 && worlds_key(p) == k, "state kept");
}

/* Any 16-bit value given to worlds_is_legal / worlds_do_move: accepted exactly when it is in the
 * legal list (a TT move or a corrupt token must never hurt). */
static void test_arbitrary_moves(WorldsPos *p) {
    uint64_t rng = 0xA4B17;
    int wrong = 0;
    const char *games[] = {NULL, "e2e4 a7a6 e4e5 d7d5", "a2a4 b7b5 a4b5 a7a6 b5a6 g7g6 a6a7 g6g5",
                           "d2d4 e7e5 e1d2 f8b4 a2a3 b4d2"};
    for (size_t g = 0; g < sizeof games / sizeof *games; g++) {
        start(p, games[g]);
        Move list[WORLDS_MAX_MOVES];
        int n = worlds_gen_legal(p, list), top = p->top;
        for (int i = 0; i < 20000; i++) {
            Move m = (Move)test_rand(&rng);
            bool in = false;
            for (int j = 0; j < n; j++)
                in |= list[j] == m;
            bool ok = worlds_do_move(p, m);
            wrong += ok != in;
            if (ok)
                worlds_undo_move(p);
            wrong += p->top != top;
        }
        for (int j = 0; j < n; j++)
            wrong += !worlds_is_legal(p, list[j]);
    }
    CHECK(wrong == 0, "%d arbitrary moves judged wrongly", wrong);
}

/* S3.3 in long seeded random games (captures preferred): whenever worlds_result reports a draw or
 * an end, its condition holds when checked from the move history alone. */
static void test_long_games(WorldsPos *p, int games) {
    uint64_t rng = 0x10C6;
    int seen[6] = {0}, wrong = 0;
    for (int g = 0; g < games; g++) {
        start(p, NULL);
        int r;
        while ((r = worlds_result(p)) == WORLDS_ONGOING && p->top < 1000) {
            Move list[WORLDS_MAX_MOVES];
            int n = worlds_gen_legal(p, list);
            if (!n)
                break;
            Move m = list[test_rand(&rng) % (uint64_t)n];
            for (int i = 0; i < n && test_rand(&rng) % 2; i++)
                if (worlds_st(p)->board[move_to(list[i])])
                    m = list[i];
            worlds_do_move(p, m);
        }
        seen[r]++;
        const WorldsState *s = worlds_st(p);
        int pieces[2] = {0, 0}, quiet = 0;
        for (int sq = 0; sq < 64; sq++)
            if (s->board[sq])
                pieces[worlds_piece_color(s->board[sq])]++;
        for (int i = p->top; i > 0; i--) { /* plies since the last capture or pawn move */
            const WorldsState *prev = &p->stack[i - 1];
            if (p->stack[i].captured || worlds_piece_id(prev->board[move_from(p->stack[i].move)]) == WORLDS_PAWN_ID)
                break;
            quiet++;
        }
        Move list[WORLDS_MAX_MOVES];
        switch (r) {
        case WORLDS_BARE: wrong += pieces[0] != 1 || pieces[1] != 1; break;
        case WORLDS_FIFTY: wrong += quiet < 100; break;
        case WORLDS_CHECKMATE: wrong += worlds_gen_legal(p, list) != 0 || worlds_check_status(p) != WORLDS_CHECK_ALL; break;
        case WORLDS_STALEMATE: wrong += worlds_gen_legal(p, list) != 0 || worlds_check_status(p) == WORLDS_CHECK_ALL; break;
        case WORLDS_REPETITION: {
            int same = 0;
            for (int i = p->top - 2; i >= 0; i -= 2)
                same += !memcmp(p->stack[i].board, s->board, 64) && p->stack[i].ep == s->ep &&
                        worlds_state_world_count(&p->stack[i]) == worlds_world_count(p);
            wrong += same < 2;
            break;
        }
        default: break;
        }
    }
    CHECK(wrong == 0, "%d game ends whose condition does not hold", wrong);
    CHECK(seen[WORLDS_CHECKMATE] && seen[WORLDS_STALEMATE] && seen[WORLDS_BARE] && seen[WORLDS_FIFTY] && seen[WORLDS_REPETITION],
          "every kind of end occurs: mate %d stalemate %d repetition %d fifty %d bare %d", seen[1], seen[2],
          seen[3], seen[4], seen[5]);
}

/* Random games: counts only shrink (S2.1) and stay positive (S1.3), undo restores the exact
 * state, and a replay from the start rebuilds the same world sets. */
static void test_playouts(WorldsPos *p, int games, int plies) {
    uint64_t rng = 0x5C4D0D1A;
    WorldsPos q;
    worlds_pos_init(&q);
    int bad_undo = 0, bad_count = 0, bad_replay = 0, bad_fast = 0;
    uint64_t *counts = calloc((size_t)plies + 1, sizeof *counts);
    Key *keys = calloc((size_t)plies + 1, sizeof *keys);
    for (int g = 0; g < games; g++) {
        start(p, NULL);
        for (int ply = 0; ply < plies; ply++) {
            Move list[WORLDS_MAX_MOVES];
            int n = worlds_gen_legal(p, list);
            if (worlds_result(p) != WORLDS_ONGOING || !n)
                break;
            uint64_t count = worlds_world_count(p);
            Key key = worlds_key(p);
            WorldsState saved = *worlds_st(p);
            counts[ply] = count;
            keys[ply] = key;
            for (int i = 0; i < n; i++) { /* every child: do, undo, compare */
                worlds_do_move(p, list[i]);
                uint64_t c2 = worlds_world_count(p);
                /* a promotion adds a piece with up to 4 types (S1.4) */
                if (c2 == 0 || c2 > count * (move_flag(list[i]) == MF_PROMO ? 4 : 1)) {
                    bad_count++;
                    if (bad_count < 3) {
                        char ms[6];
                        worlds_move_str(list[i], ms);
                        printf("count %llu -> %llu after %s at ply %d\n", (unsigned long long)count,
                               (unsigned long long)c2, ms, p->top);
                    }
                }
                worlds_undo_move(p);
                bad_undo += memcmp(&saved.side, &worlds_st(p)->side, sizeof saved.side) ||
                            memcmp(&saved.promo, &worlds_st(p)->promo, sizeof saved.promo) ||
                            memcmp(saved.board, worlds_st(p)->board, 64) || worlds_key(p) != key;
            }
            Move cand[WORLDS_MAX_MOVES];
            int nc = worlds_gen_candidates(p, cand);
            for (int i = 0; i < nc; i++) { /* the legality shortcut agrees with the full update */
                bool fast = worlds_is_legal(p, cand[i]), full = worlds_do_move(p, cand[i]), listed = false;
                if (full)
                    worlds_undo_move(p);
                for (int j = 0; j < n; j++)
                    listed |= list[j] == cand[i];
                bad_fast += fast != full || listed != full;
            }
            worlds_do_move(p, list[test_rand(&rng) % (uint64_t)n]);
        }
        WorldsPos copy;
        bad_replay += !worlds_pos_copy(&copy, p) || copy.top != p->top || worlds_key(&copy) != worlds_key(p) ||
                      worlds_world_count(&copy) != worlds_world_count(p);
        worlds_pos_free(&copy);
        worlds_pos_reset(&q);
        for (int i = 1; i <= p->top; i++)
            worlds_do_move(&q, p->stack[i].move);
        bad_replay += q.top != p->top || memcmp(&q.stack[q.top].side, &worlds_st(p)->side, sizeof q.stack[0].side) ||
                      worlds_key(&q) != worlds_key(p);
        while (p->top > 0) {
            worlds_undo_move(p);
            bad_undo += worlds_world_count(p) != counts[p->top] || worlds_key(p) != keys[p->top];
        }
    }
    free(counts);
    free(keys);
    CHECK(bad_undo == 0, "undo mismatches: %d", bad_undo);
    CHECK(bad_count == 0, "S2.1 count growth or empty: %d", bad_count);
    CHECK(bad_replay == 0, "replay mismatches: %d", bad_replay);
    CHECK(bad_fast == 0, "worlds_is_legal differs from worlds_do_move: %d", bad_fast);
    worlds_pos_free(&q);
}

/* Random short games against the brute force (counts and every identity's types). */
static void test_random_brute(WorldsPos *p, int games, int plies) {
    uint64_t rng = 0xB07EF0CE;
    for (int g = 0; g < games; g++) {
        char moves[1024] = "";
        start(p, NULL);
        for (int ply = 0; ply < plies; ply++) {
            Move list[WORLDS_MAX_MOVES];
            int n = worlds_gen_legal(p, list);
            if (!n)
                break;
            Move m = list[test_rand(&rng) % (uint64_t)n];
            char s[6];
            worlds_move_str(m, s);
            if (*moves)
                strcat(moves, " ");
            strcat(moves, s);
            worlds_do_move(p, m);
            if (ply % 5 == 4) /* prefixes too: check_brute replays from the start */
                check_brute(p, moves);
        }
        check_brute(p, moves);
    }
}

int main(int argc, char **argv) {
    bool quick = argc > 1 && !strcmp(argv[1], "quick");
    WorldsPos p;
    if (!worlds_pos_init(&p))
        return 1;
    test_start(&p);
    test_third_knight(&p);
    test_rook_movers(&p);
    test_fifth_rook_mover(&p);
    test_captured_not_king(&p);
    test_cross_check(&p);
    test_promotion(&p);
    test_en_passant(&p);
    test_game_end(&p);
    test_repetition(&p);
    test_keys(&p);
    test_bad_input(&p);
    test_arbitrary_moves(&p);
    test_long_games(&p, quick ? 60 : 150);
    test_playouts(&p, quick ? 4 : 20, 120);
    test_random_brute(&p, quick ? 4 : 16, 16);
    worlds_pos_free(&p);
    printf("worlds_test: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
