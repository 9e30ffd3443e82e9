/* An independent count of Haft Schroedinger worlds for the tests: replays a move list on its own
 * mailbox board (its own move parsing, en passant, promotion and ray-walking attack code), then
 * enumerates every world — every white and black assignment of K Q R R B B N N to the original
 * majors (5,040 each, S1.2) and every Q/R/B/N choice for each promoted piece — and keeps those
 * in which each move is a legal Scramble Chess move (S1.3). It shares no code with engine/worlds*.c:
 * only the rule text. Pairs are filtered per side first (the mover's own pattern, S1.3) so the
 * joint loop stays within a few seconds under ASan. */
#ifndef QEC_TESTS_WORLDS_BRUTE_H
#define QEC_TESTS_WORLDS_BRUTE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { BT_K, BT_Q, BT_R, BT_B, BT_N }; /* bit order as the letters KQRBN */
enum { BR_MAX_PLY = 128, BR_PAWN = 16 };

typedef struct {
    int mover, id, from, to;                 /* id: 0-7 original, 8+ promoted, 16 pawn */
    signed char after[64];                   /* board after the move: -1 or colour*32+id */
    int captured_id;                         /* -1 or id of the captured major */
} BrutePly;

typedef struct {
    int nply, npromo[2];
    BrutePly ply[BR_MAX_PLY];
    signed char board[64], start[64];
    int ep; /* -1 or the passed square */
} BruteGame;

static int br_abs(int x) { return x < 0 ? -x : x; }

static bool br_path_clear(const signed char *b, int f, int t) {
    int df = (t % 8 > f % 8) - (t % 8 < f % 8), dr = (t / 8 > f / 8) - (t / 8 < f / 8);
    for (int s = f + df + 8 * dr; s != t; s += df + 8 * dr)
        if (b[s] >= 0)
            return false;
    return true;
}

/* Types (bits BT_*) that could go from f to t on board b by the classical patterns. */
static unsigned br_pattern(const signed char *b, int f, int t) {
    int df = br_abs(t % 8 - f % 8), dr = br_abs(t / 8 - f / 8);
    unsigned m = 0;
    if (f == t)
        return 0;
    if (df <= 1 && dr <= 1)
        m |= 1u << BT_K;
    if ((df == 1 && dr == 2) || (df == 2 && dr == 1))
        m |= 1u << BT_N;
    if ((df == 0 || dr == 0) && br_path_clear(b, f, t))
        m |= 1u << BT_R | 1u << BT_Q;
    if (df == dr && br_path_clear(b, f, t))
        m |= 1u << BT_B | 1u << BT_Q;
    return m;
}

static void br_start(BruteGame *g) {
    memset(g, 0, sizeof *g);
    memset(g->board, -1, 64);
    for (int f = 0; f < 8; f++) {
        g->board[f] = (signed char)f;
        g->board[8 + f] = BR_PAWN;
        g->board[48 + f] = 32 + BR_PAWN;
        g->board[56 + f] = (signed char)(32 + f);
    }
    g->ep = -1;
    memcpy(g->start, g->board, 64);
}

/* Plays "e2e4" on the mailbox board (no legality check: the engine decides legality; the count
 * decides consistency). */
static bool br_play(BruteGame *g, const char *tok) {
    if (g->nply >= BR_MAX_PLY || strlen(tok) != 4)
        return false;
    int from = (tok[0] - 'a') + 8 * (tok[1] - '1'), to = (tok[2] - 'a') + 8 * (tok[3] - '1');
    int pc = g->board[from];
    if (pc < 0)
        return false;
    BrutePly *p = &g->ply[g->nply++];
    p->mover = pc >> 5;
    p->id = pc & 31;
    p->from = from;
    p->to = to;
    p->captured_id = g->board[to] >= 0 && (g->board[to] & 31) != BR_PAWN ? g->board[to] & 31 : -1;
    if (p->id == BR_PAWN && from % 8 != to % 8 && g->board[to] < 0) /* en passant (S2.4) */
        g->board[to + (p->mover == 0 ? -8 : 8)] = -1;
    int ep = p->id == BR_PAWN && br_abs(to - from) == 16 ? (from + to) / 2 : -1;
    g->board[from] = -1;
    g->board[to] = (signed char)pc;
    if (p->id == BR_PAWN && (to / 8 == 7 || to / 8 == 0)) /* promotion (S2.5) */
        g->board[to] = (signed char)(p->mover * 32 + 8 + g->npromo[p->mover]++);
    g->ep = ep;
    memcpy(p->after, g->board, 64);
    return true;
}

/* Appends a ply in which the side to move passes, so that br_count keeps only the worlds in
 * which its king is not attacked now (S3.1: in check in every world iff the count is 0). */
static void br_pass(BruteGame *g) {
    BrutePly *p = &g->ply[g->nply];
    p->mover = g->nply ? !g->ply[g->nply - 1].mover : 0;
    p->id = BR_PAWN; /* no pattern to check */
    p->from = p->to = 0;
    p->captured_id = -1;
    memcpy(p->after, g->board, 64);
    g->nply++;
}

/* The world count and, per colour and major id (0-15), the union of its types over the
 * consistent worlds. Returns false when the game uses more promotions than it handles. */
typedef struct {
    uint64_t count;
    unsigned types[2][16];
} BruteResult;

static int br_assignments(unsigned char (*out)[8]) {
    int n = 0;
    int idx[8] = {0};
    /* Each of the 8^8 words over the multiset positions is too many: choose positions per type. */
    for (int k = 0; k < 8; k++)
        for (int q = 0; q < 8; q++) {
            if (q == k)
                continue;
            for (int r1 = 0; r1 < 8; r1++)
                for (int r2 = r1 + 1; r2 < 8; r2++) {
                    if (r1 == k || r1 == q || r2 == k || r2 == q)
                        continue;
                    for (int b1 = 0; b1 < 8; b1++)
                        for (int b2 = b1 + 1; b2 < 8; b2++) {
                            if (b1 == k || b1 == q || b1 == r1 || b1 == r2 || b2 == k || b2 == q || b2 == r1 ||
                                b2 == r2)
                                continue;
                            for (int i = 0; i < 8; i++)
                                idx[i] = BT_N;
                            idx[k] = BT_K, idx[q] = BT_Q, idx[r1] = idx[r2] = BT_R, idx[b1] = idx[b2] = BT_B;
                            for (int i = 0; i < 8; i++)
                                out[n][i] = (unsigned char)idx[i];
                            n++;
                        }
                }
        }
    return n;
}

static bool br_pawn_attacks(int pawn_color, int p, int s) {
    return s / 8 == p / 8 + (pawn_color == 0 ? 1 : -1) && br_abs(s % 8 - p % 8) == 1;
}

/* King safety after every ply of colour c, folded per king identity k: forbid[k][j] is the set
 * of types enemy major j may not have if k is c's king (the union over c's plies of the types
 * with which j attacked k's square); dead[k] when a pawn attacked k or k was off the board. */
static void br_king_safety(const BruteGame *g, int c, unsigned forbid[8][16], bool dead[8]) {
    memset(forbid, 0, sizeof(unsigned[8][16]));
    memset(dead, 0, sizeof(bool[8]));
    for (int i = 0; i < g->nply; i++) {
        const BrutePly *p = &g->ply[i];
        if (p->mover != c)
            continue;
        for (int k = 0; k < 8; k++) {
            int ks = -1;
            for (int s = 0; s < 64; s++)
                if (p->after[s] == c * 32 + k)
                    ks = s;
            if (ks < 0) {
                dead[k] = true; /* captured: a king is never captured in a legal game */
                continue;
            }
            for (int s = 0; s < 64; s++) {
                int pc = p->after[s];
                if (pc < 0 || pc >> 5 == c)
                    continue;
                if ((pc & 31) == BR_PAWN)
                    dead[k] |= br_pawn_attacks(!c, s, ks);
                else
                    forbid[k][pc & 31] |= br_pattern(p->after, s, ks);
            }
        }
    }
}

/* The nonzero entries of forbid[k]: the enemy majors that matter if k is the king. */
typedef struct {
    int n, id[16];
    unsigned mask[16];
} BruteForbid;

static void br_compact(const unsigned forbid[16], BruteForbid *f) {
    f->n = 0;
    for (int j = 0; j < 16; j++)
        if (forbid[j]) {
            f->id[f->n] = j;
            f->mask[f->n++] = forbid[j];
        }
}

static bool br_safe(const BruteForbid *f, const unsigned char *types, const unsigned char *promo) {
    for (int i = 0; i < f->n; i++) {
        int j = f->id[i];
        if (f->mask[i] >> (j < 8 ? types[j] : promo[j - 8]) & 1)
            return false;
    }
    return true;
}

static bool br_side_ok(const BruteGame *g, int c, const unsigned char *types, const unsigned char *promo) {
    for (int i = 0; i < g->nply; i++) {
        const BrutePly *p = &g->ply[i];
        const signed char *before = i ? g->ply[i - 1].after : g->start;
        if (p->mover == c && p->id != BR_PAWN) {
            int t = p->id < 8 ? types[p->id] : promo[p->id - 8];
            if (!(br_pattern(before, p->from, p->to) >> t & 1))
                return false;
        }
    }
    return true;
}

static void br_count(const BruteGame *g, BruteResult *res) {
    unsigned char(*all)[8] = malloc(sizeof(*all) * 5040);
    int n = br_assignments(all);
    memset(res, 0, sizeof *res);
    unsigned char(*lists[2])[8];
    unsigned forbid[2][8][16];
    bool dead[2][8];
    br_king_safety(g, 0, forbid[0], dead[0]);
    br_king_safety(g, 1, forbid[1], dead[1]);
    BruteForbid fb[2][8];
    for (int c = 0; c < 2; c++)
        for (int k = 0; k < 8; k++)
            br_compact(forbid[c][k], &fb[c][k]);
    int nl[2];
    int np[2] = {g->npromo[0], g->npromo[1]}, ptotal = np[0] + np[1];
    for (int pc = 0; pc < (1 << (2 * ptotal)); pc++) {
        unsigned char promo[2][8] = {{0}};
        for (int i = 0; i < ptotal; i++) {
            int t = 1 + (pc >> (2 * i) & 3); /* Q R B N */
            if (i < np[0])
                promo[0][i] = (unsigned char)t;
            else
                promo[1][i - np[0]] = (unsigned char)t;
        }
        for (int c = 0; c < 2; c++) {
            lists[c] = malloc(sizeof(*lists[c]) * 5040);
            nl[c] = 0;
            for (int a = 0; a < n; a++)
                if (br_side_ok(g, c, all[a], promo[c]))
                    memcpy(lists[c][nl[c]++], all[a], 8);
        }
        int kings[2][5040];
        bool used[2][5040];
        for (int c = 0; c < 2; c++)
            for (int a = 0; a < nl[c]; a++) {
                used[c][a] = false;
                kings[c][a] = 0;
                while (lists[c][a][kings[c][a]] != BT_K)
                    kings[c][a]++;
            }
        /* safe[c][a]: the enemy king identities whose safety assignment a of colour c allows
         * (memoized predicates, so the loop over all pairs below stays cheap). */
        unsigned char safe[2][5040];
        for (int c = 0; c < 2; c++)
            for (int a = 0; a < nl[c]; a++) {
                safe[c][a] = 0;
                for (int k = 0; k < 8; k++)
                    if (!dead[!c][k] && br_safe(&fb[!c][k], lists[c][a], promo[c]))
                        safe[c][a] |= (unsigned char)(1u << k);
            }
        bool any = false;
        for (int a = 0; a < nl[0]; a++) {
            int kw = kings[0][a];
            uint64_t pairs = 0;
            for (int b = 0; b < nl[1]; b++) {
                bool ok = (safe[1][b] >> kw & 1) && (safe[0][a] >> kings[1][b] & 1);
                pairs += ok;
                used[1][b] |= ok;
            }
            res->count += pairs;
            used[0][a] = pairs > 0;
            any |= pairs > 0;
        }
        for (int c = 0; c < 2; c++)
            for (int a = 0; a < nl[c]; a++)
                for (int i = 0; used[c][a] && i < 8; i++)
                    res->types[c][i] |= 1u << lists[c][a][i];
        for (int c = 0; c < 2 && any; c++)
            for (int i = 0; i < np[c]; i++)
                res->types[c][8 + i] |= 1u << promo[c][i];
        free(lists[0]);
        free(lists[1]);
    }
    free(all);
}

#endif
