/* The QEC network's inference (nnue_links.h): chess's (nnue.c) over more feature sets. The
 * accumulators move by the features that differ from the last position the thread evaluated,
 * whatever made them differ: a move, a capture that breaks a link (R1.6), a promotion that
 * breaks one (R3.3), the pending piece of a forced reply or a reactive step appearing or going. */
#include "nnue_links.h"
#include "nnue_sum.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../io/file.h"

/* The sets eval/qec.nnue reads (linknet_view's setsRead of it; nnue_qec_test checks). */
#define LINKNET_EMBEDDED_SETS_READ LINKNET_PIECE_SETS

enum {
    W1_AT = NNUE_HEADER,
    B1_AT = W1_AT + 2 * LINKNET_INPUTS * NNUE_HIDDEN,
    W2_AT = B1_AT + 2 * NNUE_HIDDEN,
    B2_AT = W2_AT + 2 * LINKNET_BUCKETS * 2 * NNUE_HIDDEN
};

/* The QEC and tether nets, compiled in where they lie as chess's is (nnue.c; the Makefile makes
 * nnue_links.o depend on both files). The WebAssembly build has no .incbin: it passes each
 * file's bytes as a C array the Makefile writes, QEC_LINKNET_BYTES and QEC_TETHERNET_BYTES
 * naming them. */
#ifdef QEC_LINKNET_BYTES
_Alignas(64) static const unsigned char qec_linknet_file[] = {
#include QEC_LINKNET_BYTES
};
_Alignas(64) static const unsigned char qec_tethernet_file[] = {
#include QEC_TETHERNET_BYTES
};
#define qec_linknet_file_end (qec_linknet_file + sizeof qec_linknet_file)
#define qec_tethernet_file_end (qec_tethernet_file + sizeof qec_tethernet_file)
#else
__asm__(".section .rodata\n"
        ".balign 64\n"
        ".global qec_linknet_file\n"
        "qec_linknet_file:\n"
        ".incbin \"eval/qec.nnue\"\n"
        ".global qec_linknet_file_end\n"
        "qec_linknet_file_end:\n"
        ".balign 64\n"
        ".global qec_tethernet_file\n"
        "qec_tethernet_file:\n"
        ".incbin \"eval/tether.nnue\"\n"
        ".global qec_tethernet_file_end\n"
        "qec_tethernet_file_end:\n"
        ".previous\n");
extern const unsigned char qec_linknet_file[], qec_linknet_file_end[], qec_tethernet_file[], qec_tethernet_file_end[];
#endif

const LinkNet LINKNET_EMBEDDED = {
    .w1 = (const int16_t *)(qec_linknet_file + W1_AT),
    .b1 = (const int16_t *)(qec_linknet_file + B1_AT),
    .w2 = (const int16_t *)(qec_linknet_file + W2_AT),
    .b2 = (const int32_t *)(qec_linknet_file + B2_AT),
    .setsRead = LINKNET_EMBEDDED_SETS_READ,
};
const NnueNet TETHERNET_EMBEDDED = {
    .w1 = (const int16_t *)(qec_tethernet_file + NNUE_W1_AT),
    .b1 = (const int16_t *)(qec_tethernet_file + NNUE_B1_AT),
    .w2 = (const int16_t *)(qec_tethernet_file + NNUE_W2_AT),
    .b2 = (const int32_t *)(qec_tethernet_file + NNUE_B2_AT),
};

const unsigned char *linknet_embedded_file(size_t *len) {
    *len = (size_t)(qec_linknet_file_end - qec_linknet_file);
    return qec_linknet_file;
}
const unsigned char *tethernet_embedded_file(size_t *len) {
    *len = (size_t)(qec_tethernet_file_end - qec_tethernet_file);
    return qec_tethernet_file;
}

/* The sets with a weight that is not 0 in their rows (both colours, both views). */
static uint32_t sets_read(const LinkNet *net) {
    uint32_t read = 0;
    for (int k = 0; k < LINKNET_SETS; k++)
        for (int c = WHITE; c <= BLACK; c++) {
            /* persp WHITE: a colour's 64 rows of set k in a row, one unit of the file */
            const int16_t *w = net->w1 + (size_t)linknet_feature(WHITE, c, k, 0) * NNUE_HIDDEN;
            for (int i = 0; i < 64 * NNUE_HIDDEN && !(read & (1u << k)); i++)
                read |= (uint32_t)(w[i] != 0) << k;
        }
    return read;
}

bool linknet_view(const void *data, size_t len, LinkNet *net, char *err, size_t errlen) {
    const unsigned char *b = data;
    if (!nnue_file_fits(b, len, LINKNET_FILE_SIZE, "QEC ", err, errlen))
        return false;
    if (memcmp(b, LINKNET_MAGIC, 8) != 0 || nnue_le32(b + 8) != LINKNET_INPUTS || nnue_le32(b + 12) != NNUE_HIDDEN ||
        nnue_le32(b + 16) != LINKNET_BUCKETS) {
        snprintf(err, errlen, "not a %s net of %d inputs, %d hidden units and %d buckets", LINKNET_MAGIC,
                 LINKNET_INPUTS, NNUE_HIDDEN, LINKNET_BUCKETS);
        return false;
    }
    *net = (LinkNet){(const int16_t *)(b + W1_AT), (const int16_t *)(b + B1_AT), (const int16_t *)(b + W2_AT),
                     (const int32_t *)(b + B2_AT), 0};
    net->setsRead = sets_read(net);
    return true;
}

/* The file's bytes in 64-byte aligned memory (at most max + 1 read, so a long file shows). Only
 * a regular file (io/file.h: a FIFO or a device is refused, not waited on). */
static void *read_aligned(const char *path, size_t max, size_t *len, char *err, size_t errlen) {
    IoError why;
    void *buf = io_read_bounded(path, max, 64, len, &why);
    if (!buf)
        snprintf(err, errlen, "%s: %s", path,
                 why.status == IO_NOT_REGULAR ? "not a regular file"
                 : why.status == IO_NO_MEMORY ? "out of memory"
                                              : "cannot open");
    return buf;
}

bool linknet_load(const char *path, void **data, LinkNet *net, char *err, size_t errlen) {
    size_t len;
    void *buf = read_aligned(path, LINKNET_FILE_SIZE, &len, err, errlen);
    if (buf && linknet_view(buf, len, net, err, errlen)) {
        *data = buf;
        return true;
    }
    free(buf);
    return false;
}

bool nnue_load(const char *path, void **data, NnueNet *net, char *err, size_t errlen) {
    size_t len;
    void *buf = read_aligned(path, NNUE_FILE_SIZE, &len, err, errlen);
    if (buf && nnue_view(buf, len, net, err, errlen)) {
        *data = buf;
        return true;
    }
    free(buf);
    return false;
}

/* The groups of sets a net reads, as the first and one-past-last set of each: the pieces
 * always, the links and the pending piece when it reads one set of theirs. A set of a group read
 * but not itself read has rows of 0: summing it changes nothing, so a net that reads part of a
 * group is summed over the whole group. Sets outside the groups read are neither found, nor
 * compared, nor summed (a net of pieces only compares 12 sets an evaluation, not 40). */
typedef struct {
    int n;
    int8_t from[3], to[3];
    bool links, pending; /* the link group, the pending group among them */
} SetGroups;

static inline SetGroups groups_read(uint32_t read) {
    SetGroups g = {1, {LS_PIECE}, {LS_LINKED_PAWN}, (read & LINKNET_LINK_SETS) != 0, (read & LINKNET_PENDING_SETS) != 0};
    if (g.links)
        g.from[g.n] = LS_LINKED_PAWN, g.to[g.n++] = LS_PENDING;
    if (g.pending)
        g.from[g.n] = LS_PENDING, g.to[g.n++] = LINKNET_SETS;
    return g;
}

/* The sets of p in the groups g (groups_read); the others are left as they are. */
static inline void sets_of(const Position *p, Bitboard sets[2][LINKNET_SETS], const SetGroups *g) {
    for (int c = WHITE; c <= BLACK; c++)
        for (int pt = PAWN; pt <= KING; pt++)
            sets[c][LS_PIECE + pt - PAWN] = pos_pieces(p, c, pt);
    for (int i = 1; i < g->n; i++)
        for (int c = WHITE; c <= BLACK; c++)
            for (int k = g->from[i]; k < g->to[i]; k++)
                sets[c][k] = 0;
    /* Every link has a pawn at one end (R1.2): the pawns find them all. */
    for (Bitboard b = g->links ? p->byType[PAWN] : 0; b;) {
        int s = pop_lsb(&b), q = p->link[s];
        if (q == NO_SQ)
            continue;
        int c = piece_color(p->board[s]), officer = piece_type(p->board[q]);
        sets[c][LS_LINKED_PAWN + officer - KNIGHT] |= sq_bb(s);
        sets[c ^ 1][LS_LINKED_OFFICER + officer - KNIGHT] |= sq_bb(q);
    }
    const StateInfo *st = pos_state(p);
    if (g->pending && (st->phase == PHASE_FORCED || st->phase == PHASE_REACT)) {
        int pc = p->board[st->pending];
        sets[piece_color(pc)][LS_PENDING + piece_type(pc) - PAWN] |= sq_bb(st->pending);
    }
}

void linknet_sets(const Position *p, Bitboard sets[2][LINKNET_SETS]) {
    SetGroups all = groups_read(LINKNET_ALL_SETS);
    sets_of(p, sets, &all);
}

static inline const int16_t *row(const LinkNet *net, int persp, int c, int set, int s) {
    return net->w1 + (size_t)linknet_feature(persp, c, set, s) * NNUE_HIDDEN;
}

static void refresh(const LinkNet *net, Bitboard sets[2][LINKNET_SETS], const SetGroups *g, LinkNetCache *c) {
    memcpy(c->acc[WHITE], net->b1, sizeof c->acc[WHITE]);
    memcpy(c->acc[BLACK], net->b1, sizeof c->acc[BLACK]);
    memset(c->sets, 0, sizeof c->sets);
    NnueMoves m; /* no initialiser: it would clear the lists, 2 KB an evaluation */
    nnue_moves_start(&m, c->acc);
    for (int col = WHITE; col <= BLACK; col++)
        for (int i = 0; i < g->n; i++)
            for (int k = g->from[i]; k < g->to[i]; k++) {
                for (Bitboard b = sets[col][k]; b;) {
                    int s = pop_lsb(&b);
                    nnue_moves_added(&m, row(net, WHITE, col, k, s), row(net, BLACK, col, k, s));
                }
                c->sets[col][k] = sets[col][k];
            }
    nnue_moves_apply(&m);
    c->net = net;
    c->valid = true;
}

/* Moves c's accumulators to the sets now (the groups g); false (c untouched) when summing
 * afresh is cheaper. One pass finds the sets that differ (most do not), the second visits
 * those only. */
static bool update(const LinkNet *net, Bitboard now[2][LINKNET_SETS], const SetGroups *g, LinkNetCache *c) {
    _Static_assert(2 * LINKNET_SETS <= 64, "the sets that differ fit one word");
    Bitboard *was = &c->sets[0][0];
    const Bitboard *is = &now[0][0];
    int changes = 0, features = 0;
    uint64_t differ = 0;
    for (int col = WHITE; col <= BLACK; col++)
        for (int j = 0; j < g->n; j++) {
            int to = col * LINKNET_SETS + g->to[j];
            NNUE_SCALAR_LOOP
            for (int i = col * LINKNET_SETS + g->from[j]; i < to; i++) {
                changes += popcount(was[i] ^ is[i]), features += popcount(is[i]);
                differ |= (uint64_t)(was[i] != is[i]) << i;
            }
        }
    if (changes >= features)
        return false;
    NnueMoves m; /* no initialiser: it would clear the lists, 2 KB an evaluation */
    nnue_moves_start(&m, c->acc);
    while (differ) {
        int i = pop_lsb(&differ), col = i / LINKNET_SETS, k = i % LINKNET_SETS;
        for (Bitboard gone = was[i] & ~is[i]; gone;) {
            int s = pop_lsb(&gone);
            nnue_moves_gone(&m, row(net, WHITE, col, k, s), row(net, BLACK, col, k, s));
        }
        for (Bitboard added = is[i] & ~was[i]; added;) {
            int s = pop_lsb(&added);
            nnue_moves_added(&m, row(net, WHITE, col, k, s), row(net, BLACK, col, k, s));
        }
        was[i] = is[i];
    }
    nnue_moves_apply(&m);
    return true;
}

int linknet_evaluate(const LinkNet *net, const Position *p, LinkNetCache *c) {
    LinkNetCache local;
    Bitboard sets[2][LINKNET_SETS]; /* only the groups read are written */
    SetGroups g = groups_read(net->setsRead);
    sets_of(p, sets, &g);
    if (!c) {
        c = &local;
        refresh(net, sets, &g, c);
    } else if (!c->valid || c->net != net || !update(net, sets, &g, c))
        refresh(net, sets, &g, c);
    return nnue_output(net->w2, net->b2, linknet_bucket(p), c->acc, pos_decider(p));
}

/* A tether net: chess's shape and inputs (nnue.h), summed by nnue_sum.h's loops as chess's are,
 * but compiled here, so that nnue_evaluate keeps its one caller in the engine (chess's, whose net
 * the compiler then knows: a second caller cost chess 0.82x its nodes per second). */
int tethernet_evaluate(const NnueNet *net, const Position *p, NnueCache *c) { return nnue_evaluate_pieces(net, p, c); }
