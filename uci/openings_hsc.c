/* `openings` in schroedinger (issue 11, 14): a balanced book of move lists. A position is the
 * start position and its moves (S4.2), so a line is `startpos moves <tokens>` (qecmatch's
 * -openings file= form for this variant; the form of shared/data/schroedinger-perft-public.epd).
 * Candidate n is `plies` random legal moves from the start (SplitMix64 of the seed); it is kept
 * only if the game is not over (S3), neither side can force mate (S3.2) within `depth` of its
 * own moves (exact: every move tried, every reply answered), the material difference for the
 * side to move is within ±window cp, and its key (board and the set of consistent worlds,
 * hsc_key) is new.
 *
 * Why material and not a search score: the schroedinger search runs on its own thread behind
 * `go` (hsc_go.c), with no score to hand back in-process (qecmatch's -openings random does ask
 * the engine for a score). Material: see side_material. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static const int TYPE_VALUE[5] = {0, 900, 500, 330, 320}; /* K Q R B N, the order of the type bits */

static int major_value(unsigned types) {
    int sum = 0, n = 0;
    for (int t = 1; t < 5; t++)
        if (types & (1u << t))
            sum += TYPE_VALUE[t], n++;
    return n ? sum / n : 0;
}

/* c's material in cp: its pawns, the K Q R R B B N N it started with (3,200 cp in every world,
 * S1.2) less each captured original major (never the king, S2.3: the mean of its other types),
 * and each promoted major on the board (the mean of its types). A per-piece mean over the
 * majors still on the board would not do: once one is known to be the queen, the others'
 * means drop although no material changed hands. */
static int side_material(const HscPos *p, int c) {
    const HscState *s = hsc_st(p);
    int v = 100 * popcount(s->pawns[c]) + 900 + 2 * 500 + 2 * 330 + 2 * 320;
    for (int id = 0; id < 8; id++)
        if (s->major_sq[c][id] == NO_SQ)
            v -= major_value(hsc_identity_types(p, c, id));
    for (int k = 0; k < s->n_promo[c]; k++)
        if (s->major_sq[c][8 + k] != NO_SQ)
            v += major_value(hsc_identity_types(p, c, 8 + k));
    return v;
}

/* Material of the side to move minus the other side's, in cp. */
static int material_balance(const HscPos *p) {
    int stm = hsc_st(p)->stm;
    return side_material(p, stm) - side_material(p, stm ^ 1);
}

static bool mates_within(HscPos *p, int n);

/* The side to move loses by force: every legal move lets the other side mate within n of its
 * own moves. False when it has no move (the game is over, not lost to a forced line). */
static bool loses_within(HscPos *p, int n) {
    Move list[HSC_MAX_MOVES];
    int k = hsc_gen_legal(p, list);
    for (int i = 0; i < k; i++) {
        hsc_do_move(p, list[i]);
        bool lost = hsc_result(p) == HSC_ONGOING && mates_within(p, n);
        hsc_undo_move(p);
        if (!lost)
            return false;
    }
    return k > 0;
}

/* The side to move can force mate (S3.2: no legal move, in check in every world) within n of
 * its own moves. */
static bool mates_within(HscPos *p, int n) {
    Move list[HSC_MAX_MOVES];
    int k = hsc_gen_legal(p, list);
    for (int i = 0; i < k; i++) {
        hsc_do_move(p, list[i]);
        int r = hsc_result(p);
        bool won = r == HSC_CHECKMATE || (r == HSC_ONGOING && n > 1 && loses_within(p, n - 1));
        hsc_undo_move(p);
        if (won)
            return true;
    }
    return false;
}

/* Candidate `plies` random moves from the start; false if the game ended on the way. */
static bool random_line(HscPos *p, int plies, uint64_t *rng) {
    hsc_pos_reset(p);
    for (int i = 0; i < plies; i++) {
        Move list[HSC_MAX_MOVES];
        int k = hsc_gen_legal(p, list);
        if (!k)
            return false;
        hsc_do_move(p, list[splitmix64_next(rng) % (uint64_t)k]);
        if (hsc_result(p) != HSC_ONGOING)
            return false;
    }
    return true;
}

static bool seen(const Key *keys, int n, Key k) {
    for (int i = 0; i < n; i++)
        if (keys[i] == k)
            return true;
    return false;
}

/* `startpos moves t1 t2 …` of the line on p's stack. */
static void print_line(Uci *u, const HscPos *p) {
    char line[16 + 6 * 256];
    size_t n = (size_t)snprintf(line, sizeof line, "startpos%s", p->top ? " moves" : "");
    for (int i = 1; i <= p->top && n + 7 < sizeof line; i++) {
        char tok[6];
        hsc_tok(p->stack[i].move, tok);
        n += (size_t)snprintf(line + n, sizeof line - n, " %s", tok);
    }
    uci_printf(u, "%s", line);
}

void hsc_openings(Uci *u, int count, int plies, int window, uint64_t seed, int depth) {
    HscPos p;
    Key *keys = malloc(sizeof *keys * (size_t)count);
    if (!keys || !hsc_pos_init(&p)) {
        free(keys);
        uci_error(u, "openings: out of memory");
        return;
    }
    uint64_t rng = seed, tried = 0, over = 0, decided = 0, dup = 0, maxTries = (uint64_t)count * 100;
    int kept = 0;
    while (kept < count && tried < maxTries) {
        tried++;
        if (!random_line(&p, plies, &rng)) {
            over++;
            continue;
        }
        if (abs(material_balance(&p)) > window || mates_within(&p, depth) || loses_within(&p, depth)) {
            decided++;
            continue;
        }
        Key k = hsc_key(&p);
        if (seen(keys, kept, k)) {
            dup++;
            continue;
        }
        keys[kept++] = k;
        print_line(u, &p);
    }
    uci_printf(u, "info string openings: kept %d of %llu (game over %llu, a forced mate within %d move%s or |material| > %d "
                  "cp: %llu, repeated %llu)",
               kept, (unsigned long long)tried, (unsigned long long)over, depth,
               depth == 1 ? "" : "s", window, (unsigned long long)decided, (unsigned long long)dup);
    hsc_pos_free(&p);
    free(keys);
}
