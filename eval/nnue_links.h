/* The QEC network's shape and inference (issue 31; docs/dev/qec-network.md): chess's network
 * (nnue.h) with inputs that see the links and the decision at hand (R1, R2).
 *
 *   LINKNET_INPUTS inputs, seen from each side (own pieces first, ranks mirrored for Black):
 *     piece-square      colour x piece type x square            768 (as chess's nnue_feature)
 *     linked pawn       colour x its partner's type (N B R Q) x the pawn's square     512
 *     linked officer    colour x its type (N B R Q) x its square                      512
 *     pending piece     colour x type x square of the piece that must move now        768
 *                       (the forced reply's counterpart, R2.3, or the checked king, R2.5)
 *   -> NNUE_HIDDEN per side -> squared clipped ReLU of [decider, other side] -> one output,
 *   one of LINKNET_BUCKETS layers: 8 material buckets x 4 kinds of decision (a base move, a
 *   forced reply, a reactive step by the turn owner, a reactive step by the other side).
 *
 * The net trained for QEC is compiled in (LINKNET_EMBEDDED, eval/qec.nnue), and so is tether's,
 * a net of chess's shape (TETHERNET_EMBEDDED, eval/tether.nnue); another file is viewed
 * (linknet_view) by whoever loads it (UCI EvalFile, tools/qec_net_data --net). Like chess's, a thread's
 * LinkNetCache keeps the accumulators of the last position it evaluated and moves them by the
 * features that differ, so no make/unmake hook is needed. */
#ifndef QEC_NNUE_LINKS_H
#define QEC_NNUE_LINKS_H

#include "nnue.h"

enum {
    LINKNET_SETS = 20, /* feature sets per colour: 6 piece types, 4 + 4 link kinds, 6 pending types */
    LINKNET_INPUTS = 2 * LINKNET_SETS * 64,
    LINKNET_KINDS = 4, /* decision kinds (linknet_kind) */
    LINKNET_BUCKETS = NNUE_BUCKETS * LINKNET_KINDS
};

/* A feature set: which of a colour's pieces it holds. Set k of colour c from persp's view is
 * the 64 inputs at linknet_feature(persp, c, k, square). */
enum {
    LS_PIECE = 0,         /* + piece type - PAWN: every piece */
    LS_LINKED_PAWN = 6,   /* + partner type - KNIGHT: pawns linked to an enemy officer of that type */
    LS_LINKED_OFFICER = 10, /* + type - KNIGHT: officers linked to an enemy pawn */
    LS_PENDING = 14       /* + piece type - PAWN: the piece that must move at this decision */
};

/* The sets as bits of LinkNet.setsRead. */
#define LINKNET_ALL_SETS ((1u << LINKNET_SETS) - 1)
#define LINKNET_PIECE_SETS ((1u << LS_LINKED_PAWN) - 1)
#define LINKNET_LINK_SETS (((1u << LS_PENDING) - 1) & ~LINKNET_PIECE_SETS)
#define LINKNET_PENDING_SETS (LINKNET_ALL_SETS & ~((1u << LS_PENDING) - 1))

/* Inputs are grouped by set, own colour's block first: [set group][own, theirs][kind][64]. */
static inline int linknet_feature(int persp, int colour, int set, int s) {
    static const int8_t GROUP_AT[LINKNET_SETS] = {0, 0, 0, 0, 0, 0, 12, 12, 12, 12, 20, 20, 20, 20, 28, 28, 28, 28, 28, 28};
    static const int8_t FIRST[LINKNET_SETS] = {0, 0, 0, 0, 0, 0, 6, 6, 6, 6, 10, 10, 10, 10, 14, 14, 14, 14, 14, 14};
    static const int8_t WIDTH[LINKNET_SETS] = {6, 6, 6, 6, 6, 6, 4, 4, 4, 4, 4, 4, 4, 4, 6, 6, 6, 6, 6, 6};
    int rel = colour != persp;
    int unit = GROUP_AT[set] + rel * WIDTH[set] + set - FIRST[set];
    return unit * 64 + (persp == WHITE ? s : s ^ 56);
}
/* The kind of decision at p: 0 a base move, 1 a forced reply, 2 a reactive step of the turn
 * owner's king, 3 of the other king (which then moves again: R2.6). */
static inline int linknet_kind(const Position *p) {
    const StateInfo *st = pos_state(p);
    if (st->phase == PHASE_FORCED)
        return 1;
    if (st->phase == PHASE_REACT)
        return pos_decider(p) == st->stm ? 2 : 3;
    return 0;
}
static inline int linknet_bucket(const Position *p) {
    return linknet_kind(p) * NNUE_BUCKETS + nnue_bucket(popcount(p->byType[0]));
}

/* The feature sets of p: sets[colour][k] is the squares of colour's pieces in set k (every
 * set, read or not: the trainer's inputs). */
void linknet_sets(const Position *p, Bitboard sets[2][LINKNET_SETS]);

/* The net file: a 64-byte header ("QECLINK1", little-endian int32 inputs, hidden size and bucket
 * count, zeros), then int16 hidden weights [INPUTS][HIDDEN], int16 hidden biases [HIDDEN], int16
 * output weights [BUCKETS][2 * HIDDEN], int32 output biases [BUCKETS] (x QA x QB); QA, QB and the
 * output scale are chess's (nnue.h), but the output is the search's centipawns at the nodes the
 * labels were searched with (the net learns qec's own scores). 64-byte aligned arrays. */
#define LINKNET_MAGIC "QECLINK1"
enum {
    LINKNET_FILE_SIZE = NNUE_HEADER +
                        2 * (LINKNET_INPUTS * NNUE_HIDDEN + NNUE_HIDDEN + LINKNET_BUCKETS * 2 * NNUE_HIDDEN) +
                        4 * LINKNET_BUCKETS
};

typedef struct LinkNet {
    const int16_t *w1; /* [LINKNET_INPUTS][NNUE_HIDDEN] */
    const int16_t *b1; /* [NNUE_HIDDEN] */
    const int16_t *w2; /* [LINKNET_BUCKETS][2 * NNUE_HIDDEN] */
    const int32_t *b2; /* [LINKNET_BUCKETS] */
    /* Bit k: some weight of set k's rows is not 0. The link sets, or the pending set, of a net
     * that reads none of them (trained without link inputs, `qec_net_train --links 0`) are
     * neither found nor summed. */
    uint32_t setsRead;
} LinkNet;

/* One thread's accumulators, the feature sets they were summed for and the net they belong to. */
typedef struct {
    int16_t acc[2][NNUE_HIDDEN];
    Bitboard sets[2][LINKNET_SETS];
    const LinkNet *net;
    bool valid;
} LinkNetCache;

/* The nets compiled into the binary (eval/qec.nnue, eval/tether.nnue): QEC's and tether's
 * evaluations under `Use NNUE` (eval_function), unless EvalFile loads another. The QEC net's
 * setsRead is written in its initialiser (LINKNET_EMBEDDED_SETS_READ); the tests hold it to
 * what linknet_view finds in the file. */
extern const LinkNet LINKNET_EMBEDDED;
extern const NnueNet TETHERNET_EMBEDDED;
/* The embedded files' bytes and length (the tests check they view as nets). */
const unsigned char *linknet_embedded_file(size_t *len);
const unsigned char *tethernet_embedded_file(size_t *len);

/* Views data (len bytes, 64-byte aligned, kept alive by the caller) as a QEC net file; false with
 * the reason in err if it is not one of this build's shape. */
bool linknet_view(const void *data, size_t len, LinkNet *net, char *err, size_t errlen);
/* Reads a net file into 64-byte aligned memory (*data, freed by the caller) and views it. */
bool linknet_load(const char *path, void **data, LinkNet *net, char *err, size_t errlen);
/* The net's value of p (a QEC position at any decision point) from the decider's view
 * (pos_decider), in the scale of its labels. c: a thread's cache, or NULL (summed afresh). */
int linknet_evaluate(const LinkNet *net, const Position *p, LinkNetCache *c);

/* A chess-shaped net file (nnue.h) read at run time, for tether (docs/dev/qec-network.md: its
 * inputs are chess's): into 64-byte aligned memory, viewed by nnue_view. */
bool nnue_load(const char *path, void **data, NnueNet *net, char *err, size_t errlen);
/* A tether position's value by such a net, from the side to move's view: what nnue_evaluate
 * computes, to the bit, in a copy of its code (so that chess's nnue_evaluate keeps its one caller
 * in the engine). c: a thread's cache (emptied when the net changes), or NULL. */
int tethernet_evaluate(const NnueNet *net, const Position *p, NnueCache *c);

#endif
