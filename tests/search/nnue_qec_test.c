/* The QEC network's inputs and inference (eval/nnue_links.h, issue 31), with the compiled-in
 * nets (eval/qec.nnue, eval/tether.nnue) and with nets of random weights (the plumbing, which any
 * net must pass):
 * - a QEC net file is viewed, loaded from disk, and malformed ones (short, long, wrong magic,
 *   wrong inputs, hidden size or buckets, misaligned, missing) are refused with a reason;
 * - the feature sets are what the rules say: every link (R1.2) gives its pawn a feature naming
 *   its partner's type and its officer a feature, and the piece that must move at a forced reply
 *   (R2.3) or a reactive step (R2.5) is the one pending feature;
 * - the accumulators moved from the last position evaluated equal a fresh sum, to the bit, along
 *   random QEC games from random maps, with undos, through forced replies, reactive steps, links
 *   broken by capture and by promotion (the walk must have made each of these);
 * - the net sees the links (the same board with and without links evaluates differently) and
 *   colours are symmetric (a position and its colour mirror, links mirrored, get the same value
 *   from the decider's view);
 * - tether's net, of chess's shape (nnue.h), loads from disk, and tethernet_evaluate with moved
 *   accumulators equals chess's nnue_evaluate summed afresh, to the bit, along random tether
 *   games;
 * - a net whose rows of some sets are all 0 (trained without link inputs) is viewed as not
 *   reading them, and evaluates as the same weights summed over every set, to the bit;
 * - the compiled-in nets view as their shapes (the QEC net's sets read as its initialiser says), and the search evaluates with them by default,
 *   with nets given to search_set_nets in their place, and with the hand-made evaluations under
 *   Use NNUE false (whatever nets are set).
 * Prints "nnue_qec_test: N passed, N failed". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../engine/links.h"
#include "../../eval/eval.h"
#include "../../eval/nnue_links.h"
#include "../../search/search.h"

#include "../check.h"
#include "../rng.h"

static const char *START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

static void put32(unsigned char *b, int32_t v) {
    for (int i = 0; i < 4; i++)
        b[i] = (unsigned char)((uint32_t)v >> (8 * i));
}

/* A net file of random weights: header (magic, then the int32 fields), int16 arrays of n16
 * values, then nb int32 output biases. Weights within +-range, so sums wrap rarely (they may: the
 * accumulators are int16 in both paths). */
static unsigned char *random_file(size_t size, const char *magic, const int32_t *fields, int nfields, size_t n16,
                                  int nb, uint64_t seed) {
    unsigned char *f = aligned_alloc(64, (size + 64) / 64 * 64 + 64);
    memset(f, 0, size);
    memcpy(f, magic, 8);
    for (int i = 0; i < nfields; i++)
        put32(f + 8 + 4 * i, fields[i]);
    int16_t *w = (int16_t *)(f + NNUE_HEADER);
    for (size_t i = 0; i < n16; i++)
        w[i] = (int16_t)((int)(test_rand(&seed) % 81) - 40);
    for (int b = 0; b < nb; b++)
        put32((unsigned char *)(w + n16) + 4 * b, (int32_t)(test_rand(&seed) % 20001) - 10000);
    return f;
}

static unsigned char *random_qec_net(uint64_t seed) {
    int32_t fields[] = {LINKNET_INPUTS, NNUE_HIDDEN, LINKNET_BUCKETS};
    size_t n16 = (size_t)LINKNET_INPUTS * NNUE_HIDDEN + NNUE_HIDDEN + (size_t)LINKNET_BUCKETS * 2 * NNUE_HIDDEN;
    return random_file(LINKNET_FILE_SIZE, LINKNET_MAGIC, fields, 3, n16, LINKNET_BUCKETS, seed);
}

static unsigned char *random_tether_net(uint64_t seed) {
    int32_t fields[] = {NNUE_HIDDEN, NNUE_BUCKETS};
    size_t n16 = (size_t)NNUE_INPUTS * NNUE_HIDDEN + NNUE_HIDDEN + (size_t)NNUE_BUCKETS * 2 * NNUE_HIDDEN;
    return random_file(NNUE_FILE_SIZE, NNUE_MAGIC, fields, 2, n16, NNUE_BUCKETS, seed);
}

static bool write_file(const char *path, const void *data, size_t len) {
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(data, 1, len, f) == len;
    return f && !fclose(f) && ok;
}

static void test_file(void) {
    unsigned char *f = random_qec_net(1);
    size_t len = LINKNET_FILE_SIZE;
    LinkNet net;
    char err[200];
    CHECK(linknet_view(f, len, &net, err, sizeof err), "a well-formed net: %s", err);
    CHECK(len <= 1100000, "a QEC net file has %zu bytes (issue 31: about 1 MB at most)", len);
    CHECK(!linknet_view(f, len - 1, &net, err, sizeof err) && strstr(err, "bytes"), "a short file: '%s'", err);
    CHECK(!linknet_view(f, len + 1, &net, err, sizeof err) && strstr(err, "bytes"), "a long file: '%s'", err);
    for (int at = 0; at <= 16; at += 8) { /* the magic, the inputs, the buckets */
        f[at] = (unsigned char)(f[at] + 1);
        CHECK(!linknet_view(f, len, &net, err, sizeof err) && strstr(err, "not a"), "byte %d changed: '%s'", at, err);
        f[at] = (unsigned char)(f[at] - 1);
    }
    f[12] = (unsigned char)(f[12] + 1);
    CHECK(!linknet_view(f, len, &net, err, sizeof err) && strstr(err, "hidden"), "a wrong hidden size: '%s'", err);
    f[12] = (unsigned char)(f[12] - 1);
    CHECK(!linknet_view(f, NNUE_FILE_SIZE, &net, err, sizeof err), "a chess net's size read as a QEC net");
    memmove(f + 2, f, len);
    CHECK(!linknet_view(f + 2, len, &net, err, sizeof err) && strstr(err, "aligned"), "misaligned: '%s'", err);
    memmove(f, f + 2, len);

    char path[64];
    snprintf(path, sizeof path, "/tmp/nnue_qec_test.%d.net", (int)getpid());
    void *data = NULL;
    CHECK(write_file(path, f, len) && linknet_load(path, &data, &net, err, sizeof err), "load: %s", err);
    CHECK(data && memcmp(data, f, len) == 0, "the loaded net is not the file");
    free(data);
    data = NULL;
    CHECK(write_file(path, f, len - 100) && !linknet_load(path, &data, &net, err, sizeof err) && !data,
          "a cut file loads");
    NnueNet chess;
    CHECK(!nnue_load(path, &data, &chess, err, sizeof err) && strstr(err, "bytes"), "a QEC file as tether's: '%s'", err);
    unlink(path);
    CHECK(!linknet_load(path, &data, &net, err, sizeof err) && strstr(err, "cannot open"), "a missing file: '%s'", err);
    free(f);
}

static void set(Position *p, const char *fen, const char *map, int variant) {
    char err[160];
    EntMap m;
    if (!pos_set_fen(p, fen, variant, err, sizeof err) ||
        (map && (!entmap_parse(map, &m, err, sizeof err) || !entmap_apply(&m, p, err, sizeof err)))) {
        printf("FAIL setup %s / %s: %s\n", fen, map ? map : "-", err);
        exit(1);
    }
}

/* The feature sets against the rules, counted another way: pos_links' pairs and the state. */
static bool sets_match_rules(const Position *p) {
    Bitboard sets[2][LINKNET_SETS];
    linknet_sets(p, sets);
    int pairs[32][2], n = pos_links(p, pairs), linkFeatures = 0, pending = 0;
    for (int c = WHITE; c <= BLACK; c++) {
        for (int pt = PAWN; pt <= KING; pt++)
            if (sets[c][LS_PIECE + pt - PAWN] != pos_pieces(p, c, pt))
                return false;
        for (int k = LS_LINKED_PAWN; k < LS_PENDING; k++)
            linkFeatures += popcount(sets[c][k]);
        for (int k = LS_PENDING; k < LINKNET_SETS; k++)
            pending += popcount(sets[c][k]);
    }
    for (int i = 0; i < n; i++) {
        int pawn = pairs[i][0], officer = pairs[i][1], pc = p->board[pawn], opc = p->board[officer];
        int c = piece_color(pc), ot = piece_type(opc);
        if (!(sets[c][LS_LINKED_PAWN + ot - KNIGHT] & sq_bb(pawn)) ||
            !(sets[c ^ 1][LS_LINKED_OFFICER + ot - KNIGHT] & sq_bb(officer)))
            return false;
    }
    const StateInfo *st = pos_state(p);
    bool mustMove = st->phase == PHASE_FORCED || st->phase == PHASE_REACT;
    if (mustMove && !(sets[piece_color(p->board[st->pending])][LS_PENDING + piece_type(p->board[st->pending]) - PAWN] &
                      sq_bb(st->pending)))
        return false;
    return linkFeatures == 2 * n && pending == (mustMove ? 1 : 0);
}

/* Random QEC games from random maps (and the default one), sometimes two decisions back: net's
 * cached accumulators against `fresh` (the same weights) summed afresh. */
static void test_incremental(const LinkNet *net, const LinkNet *fresh) {
    static Position p;
    LinkNetCache cache = {0};
    uint64_t seed = 0x9ec11e7ULL;
    int checked = 0, bad = 0, badSets = 0, forced = 0, react = 0, capBreaks = 0, promoBreaks = 0;
    for (int game = 0; game < 80; game++) {
        char map[40];
        snprintf(map, sizeof map, game % 4 ? "random %d" : "default", game);
        set(&p, START, map, VARIANT_QEC);
        for (int d = 0; d < 400; d++) {
            Move list[MAX_MOVES];
            int n = pos_legal_decisions(&p, list);
            if (n == 0)
                break;
            int warm = linknet_evaluate(net, &p, &cache), cold = linknet_evaluate(fresh, &p, NULL);
            checked++;
            forced += pos_phase(&p) == PHASE_FORCED;
            react += pos_phase(&p) == PHASE_REACT;
            if (!sets_match_rules(&p))
                badSets++;
            if (warm != cold && bad++ < 5) {
                char fen[128];
                pos_fen(&p, fen, sizeof fen);
                printf("FAIL %s (phase %d): cached %d, fresh %d\n", fen, pos_phase(&p), warm, cold);
            }
            /* prefer captures and promotions now and then, so links break often */
            Move m = list[test_rand(&seed) % (uint64_t)n];
            for (int i = 0; i < n && test_rand(&seed) % 3 == 0; i++)
                if (p.board[move_to(list[i])] != NO_PIECE || move_is_promo(list[i]))
                    m = list[i];
            pos_do(&p, m);
            capBreaks += pos_state(&p)->capturedPartner != NO_SQ;
            promoBreaks += pos_state(&p)->promoPartner != NO_SQ;
            pos_compact(&p);
            if (test_rand(&seed) % 9 == 0 && p.ply > 2) /* back two, as a search does */
                pos_undo(&p), pos_undo(&p);
        }
    }
    CHECK(bad == 0, "%d of %d cached evaluations differ from fresh ones", bad, checked);
    CHECK(badSets == 0, "%d of %d positions' feature sets disagree with the links or the phase", badSets, checked);
    CHECK(forced > 100 && react > 10 && capBreaks > 20 && promoBreaks > 3,
          "the walk saw %d forced replies, %d reactive steps, %d links broken by capture, %d by promotion", forced,
          react, capBreaks, promoBreaks);
    printf("nnue_qec_test: %d positions: %d forced replies, %d reactive steps, %d links broken by capture, %d by "
           "promotion\n", checked, forced, react, capBreaks, promoBreaks);
}

/* The colour mirror of a base-phase position: ranks flipped, colours swapped, links mirrored. */
static void mirror(const Position *p, Position *q) {
    char fen[128], *o = fen;
    for (int r = 0; r < 8; r++) { /* rank 8 of the mirror is rank 1 of p, colours swapped */
        int empty = 0;
        for (int f = 0; f < 8; f++) {
            int pc = p->board[make_sq(f, r)];
            if (pc == NO_PIECE) {
                empty++;
                continue;
            }
            if (empty)
                *o++ = (char)('0' + empty), empty = 0;
            char ch = "?PNBRQK"[piece_type(pc)];
            *o++ = piece_color(pc) == WHITE ? (char)(ch + 32) : ch;
        }
        if (empty)
            *o++ = (char)('0' + empty);
        if (r < 7)
            *o++ = '/';
    }
    snprintf(o, sizeof fen - (size_t)(o - fen), " %c - - 0 1", pos_turn(p) == WHITE ? 'b' : 'w');
    set(q, fen, NULL, VARIANT_QEC);
    int pairs[32][2], n = pos_links(p, pairs);
    char err[128];
    for (int i = 0; i < n; i++)
        if (!pos_add_link(q, pairs[i][0] ^ 56, pairs[i][1] ^ 56, err, sizeof err)) {
            printf("FAIL mirror link: %s\n", err);
            exit(1);
        }
}

static void test_sees_links_and_symmetry(const LinkNet *net) {
    static Position p, q;
    set(&p, START, "default", VARIANT_QEC);
    set(&q, START, "none", VARIANT_QEC);
    int linked = linknet_evaluate(net, &p, NULL), bare = linknet_evaluate(net, &q, NULL);
    if (net->setsRead & LINKNET_LINK_SETS)
        CHECK(linked != bare, "the start with and without links: both %d", linked);
    else /* a net trained without link inputs (--links 0) */
        CHECK(linked == bare, "a net that reads no links: the start with links %d, without %d", linked, bare);
    uint64_t seed = 77;
    int checked = 0, bad = 0;
    for (int game = 0; game < 20; game++) {
        char map[32];
        snprintf(map, sizeof map, "random %d", 100 + game);
        set(&p, START, map, VARIANT_QEC);
        for (int d = 0; d < 120; d++) {
            Move list[MAX_MOVES];
            int n = pos_legal_decisions(&p, list);
            if (n == 0)
                break;
            if (pos_phase(&p) == PHASE_BASE) {
                mirror(&p, &q);
                int a = linknet_evaluate(net, &p, NULL), b = linknet_evaluate(net, &q, NULL);
                checked++;
                if (a != b && bad++ < 3) {
                    char fen[128];
                    pos_fen(&p, fen, sizeof fen);
                    printf("FAIL mirror of %s: %d, mirrored %d\n", fen, a, b);
                }
            }
            pos_do(&p, list[test_rand(&seed) % (uint64_t)n]);
            pos_compact(&p);
        }
    }
    CHECK(bad == 0 && checked > 500, "%d of %d mirrored positions evaluate differently", bad, checked);
}

/* Tether's net: chess's shape, loaded at run time; its accumulators along tether games. */
static void test_tether(const NnueNet *net) {
    static Position p;
    NnueCache cache = {0};
    uint64_t seed = 0x7e7e7ULL;
    int checked = 0, bad = 0;
    for (int game = 0; game < 30; game++) {
        set(&p, START, NULL, VARIANT_TETHER);
        for (int d = 0; d < 200; d++) {
            Move list[MAX_MOVES];
            int n = pos_legal_decisions(&p, list);
            if (n == 0)
                break;
            /* the search's copy, moved, against chess's code summing afresh */
            int warm = tethernet_evaluate(net, &p, &cache), cold = nnue_evaluate(net, &p, NULL);
            checked++;
            bad += warm != cold;
            pos_do(&p, list[test_rand(&seed) % (uint64_t)n]);
            pos_compact(&p);
            if (test_rand(&seed) % 9 == 0 && p.ply > 2)
                pos_undo(&p), pos_undo(&p);
        }
    }
    CHECK(bad == 0 && checked > 1000, "tether: %d of %d moved evaluations differ from nnue_evaluate's fresh ones", bad, checked);
}

/* A depth-3 search of p: Use NNUE false (hand) or the nets given (NULL: the compiled-in ones). */
static Move search_with(Search *s, const Position *p, bool hand, const LinkNet *qec, const NnueNet *tether,
                        SearchInfo *info) {
    SearchOptions o = {16, 1, 1, 0, POLICY_SEARCH, hand, false, SKILL_FULL};
    search_set_options(s, &o);
    EvalNet nets[EVAL_FAMILY_COUNT] = {[EVAL_LINKS] = {qec, NULL}, [EVAL_TETHER] = {NULL, tether}};
    search_set_nets(s, nets);
    search_clear(s);
    SearchLimits lim = {0};
    lim.time[WHITE] = lim.time[BLACK] = -1; /* no clock: the depth alone ends it, the same each time */
    lim.depth = 3;
    return search_run(s, p, &lim, info);
}

/* The search with nets: a legal decision; the net's evaluation is the one searched (the given
 * nets', the compiled-in ones' by default, the hand-made one's with Use NNUE false, whatever nets
 * are set). Searches that evaluate alike give the same score and nodes; others differ. */
static void test_search(const LinkNet *qec, const NnueNet *tether) {
    static Position p;
    Search *s = search_new();
    CHECK(s != NULL, "search_new: out of memory");
    if (!s)
        return;
    for (int v = 0; v < 2; v++) {
        const char *name = v ? "tether" : "QEC";
        set(&p, START, v ? NULL : "default", v ? VARIANT_TETHER : VARIANT_QEC);
        SearchInfo given, builtIn, named, hand, handWithNets;
        Move a = search_with(s, &p, false, qec, tether, &given);
        search_with(s, &p, false, NULL, NULL, &builtIn);
        search_with(s, &p, false, v ? NULL : &LINKNET_EMBEDDED, v ? &TETHERNET_EMBEDDED : NULL, &named);
        search_with(s, &p, true, NULL, NULL, &hand);
        search_with(s, &p, true, qec, tether, &handWithNets);
        Move list[MAX_MOVES];
        int n = pos_legal_decisions(&p, list), legal = 0;
        for (int i = 0; i < n; i++)
            legal |= list[i] == a;
        CHECK(legal && given.depth >= 1, "%s search with a net: no legal decision", name);
        CHECK(given.score != builtIn.score || given.nodes != builtIn.nodes,
              "%s: the given net's search equals the compiled-in net's", name);
        CHECK(builtIn.score == named.score && builtIn.nodes == named.nodes,
              "%s: the default search (%d cp, %llu nodes) is not the compiled-in net's (%d cp, %llu nodes)", name,
              builtIn.score, (unsigned long long)builtIn.nodes, named.score, (unsigned long long)named.nodes);
        CHECK(builtIn.score != hand.score || builtIn.nodes != hand.nodes,
              "%s: the compiled-in net's search equals the hand-made one's", name);
        CHECK(hand.score == handWithNets.score && hand.nodes == handWithNets.nodes,
              "%s: Use NNUE false searched with the given nets", name);
    }
    search_free(s);
}

/* A net whose rows of some sets are all 0 (trained without them): viewing finds which, the
 * evaluation leaves them out, and its values, cached, are those of the same weights summed
 * afresh over every set, to the bit, along test_incremental's games. */
static void test_sets_not_read(void) {
    const uint32_t groups[] = {LINKNET_LINK_SETS, LINKNET_PENDING_SETS, LINKNET_LINK_SETS | LINKNET_PENDING_SETS,
                               1u << (LS_LINKED_OFFICER + 1)};
    for (int g = 0; g < 4; g++) {
        unsigned char *f = random_qec_net(50 + (uint64_t)g);
        int16_t *w1 = (int16_t *)(f + NNUE_HEADER);
        for (int k = 0; k < LINKNET_SETS; k++)
            for (int c = WHITE; c <= BLACK && (groups[g] & (1u << k)); c++)
                memset(w1 + (size_t)linknet_feature(WHITE, c, k, 0) * NNUE_HIDDEN, 0, 64 * NNUE_HIDDEN * sizeof *w1);
        LinkNet part, whole;
        char err[200];
        CHECK(linknet_view(f, LINKNET_FILE_SIZE, &part, err, sizeof err), "view: %s", err);
        CHECK(part.setsRead == (LINKNET_ALL_SETS & ~groups[g]), "sets read 0x%x, expected 0x%x",
              (unsigned)part.setsRead, (unsigned)(LINKNET_ALL_SETS & ~groups[g]));
        whole = part;
        whole.setsRead = LINKNET_ALL_SETS;
        test_incremental(&part, &whole);
        free(f);
    }
}

/* The compiled-in nets: each file views as its shape, and the exported views are those views. */
static void test_embedded(void) {
    size_t len;
    char err[200];
    LinkNet q;
    NnueNet t;
    const unsigned char *f = linknet_embedded_file(&len);
    CHECK(len == LINKNET_FILE_SIZE && linknet_view(f, len, &q, err, sizeof err), "the compiled-in QEC net (%zu bytes): %s",
          len, err);
    CHECK(q.w1 == LINKNET_EMBEDDED.w1 && q.b2 == LINKNET_EMBEDDED.b2, "LINKNET_EMBEDDED is not the compiled-in file's view");
    CHECK(q.setsRead == LINKNET_EMBEDDED.setsRead,
          "the compiled-in QEC net reads sets 0x%x, LINKNET_EMBEDDED_SETS_READ says 0x%x", (unsigned)q.setsRead,
          (unsigned)LINKNET_EMBEDDED.setsRead);
    f = tethernet_embedded_file(&len);
    CHECK(len == NNUE_FILE_SIZE && nnue_view(f, len, &t, err, sizeof err), "the compiled-in tether net (%zu bytes): %s",
          len, err);
    CHECK(t.w1 == TETHERNET_EMBEDDED.w1 && t.b2 == TETHERNET_EMBEDDED.b2,
          "TETHERNET_EMBEDDED is not the compiled-in file's view");
}

int main(void) {
    engine_init();
    test_file();
    test_embedded();
    test_sets_not_read();
    /* the trained nets walk the same games as the random ones below */
    test_incremental(&LINKNET_EMBEDDED, &LINKNET_EMBEDDED);
    test_sees_links_and_symmetry(&LINKNET_EMBEDDED);
    test_tether(&TETHERNET_EMBEDDED);
    unsigned char *qf = random_qec_net(42), *tf = random_tether_net(43);
    LinkNet qec;
    NnueNet tether;
    char err[200];
    if (!linknet_view(qf, LINKNET_FILE_SIZE, &qec, err, sizeof err) ||
        !nnue_view(tf, NNUE_FILE_SIZE, &tether, err, sizeof err)) {
        printf("FAIL random nets: %s\n", err);
        return 1;
    }
    test_incremental(&qec, &qec);
    test_sees_links_and_symmetry(&qec);
    test_tether(&tether);
    test_search(&qec, &tether);
    free(qf);
    free(tf);
    printf("nnue_qec_test: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
