/* Random playouts: 100 000 random decisions under random maps (QEC), 100 000 random
 * plies of Tether Chess and 50 000 of classical chess. After every make and unmake the incremental keys must equal keys
 * computed from scratch (pos_verify), and make followed by unmake must give back the exact
 * position. In tether every move must also leave the mover's king out of check (T3.2), the
 * bulk count must equal the list length, and no pawn may stand on rank 1 or 8 (T2.6). At every
 * QEC and chess turn start, gen_legal_noisy (the quiescence search's moves) must be exactly
 * the captures and queen promotions of the full list, in its order, and has_legal_move must
 * agree with the full list. In chess and tether gives_check must tell, for every legal move,
 * whether the made move checks (the search prunes unmade moves on its word). */
#include <stdio.h>
#include <string.h>

#include "../../engine/links.h"
#include "../../engine/movegen.h"
#include "../../engine/tether.h"
#include "../positions.h"
#include "../rng.h"

static Position P;
static int passed, failed;

static const char *const FENS[] = {CHESS_SUITE_FENS};

typedef struct {
    uint8_t board[64], link[64];
    Key key, entKey, full;
    int ply, phase, pending, stm, castling, ep, rule50;
} Snapshot;

static void snap(Snapshot *s) {
    const StateInfo *st = pos_state(&P);
    memset(s, 0, sizeof *s);
    memcpy(s->board, P.board, 64);
    memcpy(s->link, P.link, 64);
    s->key = st->key;
    s->entKey = st->entKey;
    s->full = pos_key(&P);
    s->ply = P.ply;
    s->phase = st->phase;
    s->pending = st->pending;
    s->stm = st->stm;
    s->castling = st->castling;
    s->ep = st->ep;
    s->rule50 = st->rule50;
}

static uint64_t rng = 0x2545F4914F6CDD1DULL;

static bool verify(const char *what, int game, int ply) {
    char err[128];
    if (pos_verify(&P, err, sizeof err))
        return true;
    printf("FAIL game %d decision %d after %s: %s\n", game, ply, what, err);
    return false;
}

/* m made and unmade: the keys verified after each, and P given back exactly. */
static bool round_trip_ok(Move m, int game, int ply) {
    Snapshot before, after;
    snap(&before);
    pos_do(&P, m);
    bool ok = verify("make", game, ply);
    pos_undo(&P);
    snap(&after);
    return ok && verify("unmake", game, ply) && !memcmp(&before, &after, sizeof before);
}

/* Sets P to the start of game number `game` (the FENS in turn) in variant; false, counted as a
 * failure, if the FEN is refused. */
static bool start_game(int variant, int game) {
    char err[128];
    if (pos_set_fen(&P, FENS[game % (int)(sizeof FENS / sizeof FENS[0])], variant, err, sizeof err))
        return true;
    printf("FAIL setup of game %d: %s\n", game, err);
    failed++;
    return false;
}

/* A walk of random games in one variant, up to a number of plies (or ten failures). */
typedef struct {
    int plies, games;
} Walk;

/* Starts the walk's next game; false when the walk is over or the start is refused. */
static bool walk_next_game(Walk *w, int variant, int target) {
    return w->plies < target && failed < 10 && start_game(variant, w->games++);
}

/* What the noisy generator saw, so the walk can prove it met every case. */
typedef struct {
    int inCheck, queenPushes, underCaptures, eps, kingCaptures, stalemates;
} NoisySeen;

/* gen_legal_noisy and has_legal_move against the full list of a turn start. */
static bool noisy_ok(NoisySeen *seen, int game, int ply) {
    Move all[MAX_MOVES], noisy[MAX_MOVES];
    int n = gen_legal_all(&P, all), k = 0, nn = gen_legal_noisy(&P, noisy);
    Move want[MAX_MOVES];
    for (int i = 0; i < n; i++) {
        Move m = all[i];
        bool capture = P.board[move_to(m)] != NO_PIECE || move_flag(m) == MF_EP;
        if (capture || (move_is_promo(m) && move_promo_type(m) == QUEEN))
            want[k++] = m;
    }
    if (nn != k || memcmp(want, noisy, sizeof(Move) * (size_t)k) || has_legal_move(&P) != (n > 0)) {
        printf("FAIL game %d ply %d: noisy list %d moves, filtered full list %d; has_legal_move %d, %d moves\n",
               game, ply, nn, k, has_legal_move(&P), n);
        return false;
    }
    seen->inCheck += k && pos_in_check(&P, pos_turn(&P));
    seen->stalemates += !n && !pos_in_check(&P, pos_turn(&P));
    for (int i = 0; i < k; i++) {
        Move m = noisy[i];
        seen->queenPushes += move_is_promo(m) && P.board[move_to(m)] == NO_PIECE;
        seen->underCaptures += move_is_promo(m) && move_promo_type(m) != QUEEN;
        seen->eps += move_flag(m) == MF_EP;
        seen->kingCaptures += piece_type(P.board[move_from(m)]) == KING;
    }
    return true;
}

/* gives_check() against the made move for every decision of list: the search's prunesUnmade
 * (the rows of chess and tether) prunes a late quiet move only when gives_check says it does
 * not check, so a check it missed would be pruned unseen. Counts the checks found. */
static bool gives_check_ok(const Move *list, int n, int *checks, int game, int ply) {
    int us = pos_turn(&P);
    CheckInfo ci;
    check_info_init(&P, us, &ci);
    for (int i = 0; i < n; i++) {
        bool said = gives_check(&P, &ci, list[i]);
        pos_do(&P, list[i]);
        bool check = pos_in_check(&P, us ^ 1);
        pos_undo(&P);
        if (said != check) {
            char tok[8];
            move_to_uci_variant(list[i], P.variant, tok);
            printf("FAIL game %d ply %d: gives_check(%s) %d, the made move checks %d\n", game, ply, tok, said, check);
            return false;
        }
        *checks += check;
    }
    return true;
}

/* Classical chess: random plies from the FENS, the noisy generator checked at each. */
static void run_chess(int target) {
    Walk w = {0};
    NoisySeen seen = {0};
    int checks = 0;
    while (walk_next_game(&w, VARIANT_CHESS, target)) {
        int failedBefore = failed;
        GameEnd end;
        for (int ply = 0; ply < 300; ply++) {
            if (!noisy_ok(&seen, w.games, ply)) {
                failed++;
                break;
            }
            if (pos_game_end(&P, &end))
                break;
            Move list[MAX_MOVES];
            int n = pos_legal_decisions(&P, list);
            if (!gives_check_ok(list, n, &checks, w.games, ply)) {
                failed++;
                break;
            }
            /* Captures twice as likely as their share, so that games reach promotions and bare
             * endings. */
            Move m = list[test_rand(&rng) % (uint64_t)n];
            if (!(P.board[move_to(m)] != NO_PIECE))
                m = list[test_rand(&rng) % (uint64_t)n];
            pos_do(&P, m);
            w.plies++;
            if (P.ply > POS_MAX_STATES - 8)
                pos_compact(&P);
        }
        passed += failed == failedBefore;
    }
    if (seen.inCheck < 100 || seen.queenPushes < 50 || seen.underCaptures < 30 || seen.eps < 5 ||
        seen.kingCaptures < 100 || seen.stalemates < 1 || checks < 1000) {
        printf("FAIL chess noisy coverage: %d in check, %d queen pushes, %d underpromoting captures, %d en passant, "
               "%d king captures, %d stalemates, %d checking moves\n",
               seen.inCheck, seen.queenPushes, seen.underCaptures, seen.eps, seen.kingCaptures, seen.stalemates,
               checks);
        failed++;
    } else
        passed++;
    printf("chess: %d games, %d plies; noisy lists: %d in check, %d queen pushes, %d underpromoting captures, "
           "%d en passant, %d king captures, %d stalemates; %d checking moves told by gives_check\n",
           w.games, w.plies, seen.inCheck, seen.queenPushes, seen.underCaptures, seen.eps, seen.kingCaptures,
           seen.stalemates, checks);
}

/* One tether ply beyond the common checks; counts what the walk exercised. */
typedef struct {
    int transports, promotions, castles, eps, mates, checks;
} TetherSeen;

static bool tether_ply_ok(Move m, const Move *list, int n, TetherSeen *seen, int game, int ply) {
    int us = pos_turn(&P), from = move_from(m), to = move_to(m);
    Bitboard native = tether_reach(&P, from);
    if (tether_count(&P) != n) {
        printf("FAIL tether game %d ply %d: count %d, list %d\n", game, ply, tether_count(&P), n);
        return false;
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (list[i] == list[j]) { /* T2.4 */
                printf("FAIL tether game %d ply %d: a move listed twice\n", game, ply);
                return false;
            }
    seen->transports += move_flag(m) == MF_NORMAL && !(native & sq_bb(to));
    seen->promotions += move_is_promo(m);
    seen->castles += move_flag(m) == MF_CASTLE;
    seen->eps += move_flag(m) == MF_EP;
    pos_do(&P, m);
    bool ok = !pos_in_check(&P, us) && !((P.byType[PAWN]) & (RANK_1_BB | rank_bb(7)));
    if (!ok)
        printf("FAIL tether game %d ply %d: the mover is in check or a pawn is on rank 1/8\n", game, ply);
    return ok;
}

static void run_tether(int target) {
    Walk w = {0};
    TetherSeen seen = {0};
    while (walk_next_game(&w, VARIANT_TETHER, target)) {
        int failedBefore = failed;
        GameEnd end;
        for (int ply = 0; ply < 300 && !pos_game_end(&P, &end); ply++) {
            Move list[MAX_MOVES];
            int n = pos_legal_decisions(&P, list);
            Move m = list[test_rand(&rng) % (uint64_t)n];
            if (!(gives_check_ok(list, n, &seen.checks, w.games, ply) && round_trip_ok(m, w.games, ply) &&
                  tether_ply_ok(m, list, n, &seen, w.games, ply) &&
                  verify("make", w.games, ply))) {
                failed++;
                break;
            }
            w.plies++;
            if (P.ply > POS_MAX_STATES - 8)
                pos_compact(&P);
        }
        seen.mates += end.reason == END_MATE;
        passed += failed == failedBefore;
    }
    if (seen.transports < 10000 || seen.promotions < 100 || seen.castles < 10 || seen.eps < 1 || seen.mates < 10 ||
        seen.checks < 1000) {
        printf("FAIL tether coverage: %d transporter moves, %d promotions, %d castles, %d en passant, %d mates, "
               "%d checking moves\n",
               seen.transports, seen.promotions, seen.castles, seen.eps, seen.mates, seen.checks);
        failed++;
    } else
        passed++;
    printf("tether: %d games, %d plies, %d transporter moves, %d promotions, %d castles, %d en passant, %d mates, "
           "%d checking moves told by gives_check\n",
           w.games, w.plies, seen.transports, seen.promotions, seen.castles, seen.eps, seen.mates, seen.checks);
}

int main(void) {
    engine_init();
    const int target = 100000;
    int decisions = 0, games = 0, mates = 0, forced = 0, reacts = 0;
    NoisySeen qecNoisy = {0};
    char err[128];
    while (decisions < target && failed < 10) {
        const char *fen = FENS[games % (sizeof FENS / sizeof FENS[0])];
        char spec[32];
        EntMap map;
        snprintf(spec, sizeof spec, "random %d", games);
        if (!pos_set_fen(&P, fen, VARIANT_QEC, err, sizeof err) || !entmap_parse(spec, &map, err, sizeof err) ||
            !entmap_apply(&map, &P, err, sizeof err)) {
            printf("FAIL setup: %s\n", err);
            failed++;
            break;
        }
        games++;
        int failedBefore = failed;
        GameEnd end;
        for (int ply = 0; ply < 400 && !pos_game_end(&P, &end); ply++) {
            if (pos_phase(&P) == PHASE_BASE && !noisy_ok(&qecNoisy, games, ply)) {
                failed++;
                break;
            }
            Move list[MAX_MOVES];
            int n = pos_legal_decisions(&P, list);
            if (!n) {
                printf("FAIL game %d: no options but not over\n", games);
                failed++;
                break;
            }
            Move m = list[test_rand(&rng) % (uint64_t)n];
            if (!round_trip_ok(m, games, ply)) {
                printf("FAIL game %d decision %d: make/unmake round trip differs\n", games, ply);
                failed++;
                break;
            }
            pos_do(&P, m);
            decisions++;
            forced += pos_phase(&P) == PHASE_FORCED;
            reacts += pos_phase(&P) == PHASE_REACT;
            mates += pos_phase(&P) == PHASE_OVER;
            if (P.ply > POS_MAX_STATES - 8)
                pos_compact(&P);
        }
        passed += failed == failedBefore; /* one test per game */
    }
    /* The walk must have exercised the QEC decision points, not only base moves. */
    if (forced < 1000 || reacts < 100 || mates < 10) {
        printf("FAIL coverage: %d forced replies, %d reactive steps, %d mates\n", forced, reacts, mates);
        failed++;
    } else
        passed++;
    printf("%d games, %d decisions, %d forced replies, %d reactive steps, %d mates\n", games, decisions, forced,
           reacts, mates);
    run_tether(target);
    run_chess(target / 2);
    printf("playout: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
