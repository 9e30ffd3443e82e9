/* Trains the QEC network (eval/nnue_links.h) or a tether network (chess's shape, eval/nnue.h)
 * on games of tools/qec_net_data (issue 31, docs/dev/qec-network.md). The method is
 * tools/nnue_train.c's (the chess net's): each scored decision whose searched best was not a
 * capture or promotion (such a score is about the exchange, which the search resolves before it
 * evaluates) is one sample, labelled
 *   target = (1 - lambda) * sigmoid(score / 400) + lambda * result   (the decider's view)
 * and the net's output y (x 400 = centipawns) is fitted by least squares of sigmoid(y) to it, with
 * AdamW over shuffled batches spread over threads. What differs is the shape, chosen by the data's
 * variant: inputs from linknet_sets (QEC) or nnue_feature (tether), the output layer by
 * linknet_bucket or nnue_bucket, and the halves ordered [decider, other] (pos_decider).
 * The quantized net is read back through the engine's own inference (linknet_evaluate or
 * tethernet_evaluate) on the held-out positions, and its loss is printed beside the float net's and the
 * hand-made evaluation's, so a feature or quantization mismatch shows before the net is used.
 *
 * Usage: qec_net_train -o OUT.net [--epochs 12] [--lr 0.001] [--batch 16384] [--lambda 0]
 *        [--threads 2] [--hold 50] [--seed 1] [--maxcp 3000] [--init NET] [--links 1] DATA...
 * --hold N: every Nth game (line) is held out whole. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/links.h"
#include "../eval/eval.h"
#include "../eval/nnue_links.h"
#include "../variants/variants.h"
#include "nnue_trainer.h"
#include "tool_util.h"

enum { H = NNUE_HIDDEN, MAXF = 64 };

/* The shape of the variant's net, fixed once the first game is read. */
typedef struct {
    const Variant *variant; /* NULL until the first game: a row with a net (variants.h) */
    bool linkNet;           /* variant's net is a LinkNet (qec), else a tether net */
    int nin, nb;            /* inputs and output buckets */
    /* --links 0: the QEC net without its link and pending inputs (chess's 768 piece-square
     * inputs only; the output layer per decision kind kept), the alternative the links are
     * measured against. Their rows are set to 0 and never active, so the engine's inference of
     * the file (which reads every input) equals the trained net's. */
    int useLinks;
} Shape;

/* The data being read: its shape, what was skipped, and the game being replayed. */
typedef struct {
    Shape shape;
    int skippedCapture, badGames;
    Move played; /* the decision played at the visited position */
    Position pos;
} Reader;

/* ------------------------------------------------------------------ samples */

/* A position: its inputs from White's view (the other view is flip_feature of each), who
 * decides, the output layer, the score and the result from the decider's view. */
typedef struct {
    uint16_t feat[MAXF];
    uint8_t nf, us, bucket;
    uint8_t result; /* 0 loss, 1 draw (or both lose, R4.2), 2 win for the decider */
    int16_t score;
} Sample;

TRAIN_SAMPLES(Sample, 1 << 14)

/* The input a White-view input f is from Black's view: colours swapped within its group of
 * 64-square units (own block, then the other's), ranks mirrored. */
static int flip_feature(int f) {
    static const int START[] = {0, 12, 20, 28}, WIDTH[] = {6, 4, 4, 6};
    int unit = f / 64, s = f % 64, g = 3;
    while (START[g] > unit)
        g--;
    int u = START[g] + (unit - START[g] + WIDTH[g]) % (2 * WIDTH[g]);
    return u * 64 + (s ^ 56);
}

static void pack(const Shape *shape, const Position *p, int score, int result, Sample *x) {
    memset(x, 0, sizeof *x);
    if (shape->linkNet) {
        Bitboard sets[2][LINKNET_SETS];
        linknet_sets(p, sets);
        for (int c = WHITE; c <= BLACK; c++)
            for (int k = 0; k < (shape->useLinks ? LINKNET_SETS : LS_LINKED_PAWN); k++)
                for (Bitboard b = sets[c][k]; b;)
                    if (x->nf < MAXF) /* at most 63: 32 pieces, 15 links, 1 pending */
                        x->feat[x->nf++] = (uint16_t)linknet_feature(WHITE, c, k, pop_lsb(&b));
                    else
                        pop_lsb(&b);
        x->bucket = (uint8_t)linknet_bucket(p);
    } else {
        for (Bitboard b = p->byType[0]; b;) {
            int s = pop_lsb(&b);
            x->feat[x->nf++] = (uint16_t)nnue_feature(WHITE, p->board[s], s);
        }
        x->bucket = (uint8_t)nnue_bucket(popcount(p->byType[0]));
    }
    x->us = (uint8_t)pos_decider(p);
    x->score = (int16_t)score;
    x->result = (uint8_t)result;
}

/* A game's scored positions, replayed: visit(p, score, result from the decider's view, ctx). */
typedef void (*Visit)(const Shape *shape, const Position *p, int score, int result, void *ctx);

/* One line of qec_net_data: VARIANT|FEN|LINKS|DECISIONS|SCORES|FLAGS|RESULT. */
static void read_game(Reader *r, char *line, int maxcp, Visit visit, void *ctx) {
    char *field[7];
    line[strcspn(line, "\r\n")] = 0;
    int nf = train_fields(line, field, 7);
    const Variant *v = nf == 7 ? variant_named(field[0]) : NULL;
    if (!variant_has_net(v) || (r->shape.variant && v != r->shape.variant)) {
        r->badGames++;
        return;
    }
    r->shape.variant = v;
    r->shape.linkNet = v->eval == EVAL_LINKS;
    double res = 0.5; /* 'x': both lose (R4.2), learnt as a draw */
    if ((strcmp(field[6], "x") && !tool_read_real(field[6], 0, 1, &res)) || !train_scores_ok(field[4]) ||
        !train_flags_ok(field[3], field[5])) {
        r->badGames++;
        return;
    }
    int white = res > 0.75 ? 2 : res < 0.25 ? 0 : 1;
    Position *pos = &r->pos;
    char err[160];
    EntMap m;
    if (!variant_set_fen(v, pos, field[1], err, sizeof err) ||
        (variant_links(v) && (!entmap_parse(field[2], &m, err, sizeof err) || !entmap_apply(&m, pos, err, sizeof err)))) {
        r->badGames++;
        return;
    }
    char *moves = field[3], *scores = field[4], *flags = field[5], *mv, *sc;
    for (int i = 0; (mv = train_token(&moves)) && (sc = train_token(&scores)); i++) {
        Move d = pos_parse_decision(pos, mv);
        long long score = 0;
        bool scored = sc[0] != '-' || sc[1]; /* "-": not scored */
        if (d == MOVE_NONE || !flags[i] || (scored && !tool_read_int(sc, -TRAIN_MAX_SCORE, TRAIN_MAX_SCORE, &score))) {
            r->badGames++;
            return;
        }
        if (scored) {
            int us = pos_decider(pos);
            if (flags[i] == 'b' && train_capture(pos, d))
                r->skippedCapture++;
            else {
                r->played = d;
                visit(&r->shape, pos, train_clip((int)score, maxcp), us == WHITE ? white : 2 - white, ctx);
            }
        }
        pos_do(pos, d);
        pos_compact(pos);
    }
}

/* Every line of every file, the line's number (counted over all files) telling held-out games. */
static void read_files(char **paths, int n, int maxcp, void (*game)(long index, char *line, int maxcp, void *ctx),
                       void *ctx) {
    long index = 0;
    for (int i = 0; i < n; i++) {
        FILE *f = fopen(paths[i], "r");
        if (!f) {
            perror(paths[i]);
            exit(1);
        }
        size_t cap = 0;
        char *line = NULL;
        while (getline(&line, &cap, f) > 0)
            game(++index, line, maxcp, ctx);
        free(line);
        fclose(f);
    }
}

typedef struct {
    Reader *reader;
    Samples *train, *val;
    int hold;
} LoadCtx;
static void push_visit(const Shape *shape, const Position *p, int score, int result, void *into) {
    Sample x;
    pack(shape, p, score, result, &x);
    push(into, &x);
}
static void load_game(long index, char *line, int maxcp, void *ctx) {
    LoadCtx *c = ctx;
    read_game(c->reader, line, maxcp, push_visit, index % c->hold ? c->train : c->val);
}

/* ------------------------------------------------------------------ the float net */

typedef struct {
    float *w1, *b1, *w2, *b2; /* [nin][H], [H], [nb][2H], [nb] in one block */
    float *all;
    size_t n;
} Net;

static void net_alloc(Net *n, const Shape *s) {
    const size_t NIN = (size_t)s->nin, NB = (size_t)s->nb;
    n->n = NIN * H + H + NB * 2 * H + NB;
    n->all = calloc(n->n, sizeof(float));
    if (!n->all) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    n->w1 = n->all, n->b1 = n->w1 + NIN * H, n->w2 = n->b1 + H, n->b2 = n->w2 + NB * 2 * H;
}


static float target_of(const Sample *x, float lambda) {
    return (1.0f - lambda) * train_sigmoid(x->score / 400.0f) + lambda * x->result / 2.0f;
}

static int features(const Sample *x, int feats[2][TRAIN_MAXF]) {
    for (int i = 0; i < x->nf; i++)
        feats[WHITE][i] = x->feat[i], feats[BLACK][i] = flip_feature(x->feat[i]);
    return x->nf;
}

static TrainLayers layers(const Net *n) { return (TrainLayers){n->w1, n->b1, n->w2, n->b2}; }

/* Sample k as the net sees it: its features, its bucket, the decider's view. */
static void view(const void *samples, size_t k, float lambda, TrainView *v) {
    const Sample *x = (const Sample *)samples + k;
    v->nf = features(x, v->feats);
    v->bucket = x->bucket;
    v->us = x->us;
    v->target = target_of(x, lambda);
}

/* Loss over s[from, to) (grads: the gradients summed into grads[0]; NULL: no training). */
static double pass(const Net *n, Net *grads, int threads, const Sample *s, size_t from, size_t to, float lambda) {
    TrainLayers g[TRAIN_MAX_THREADS];
    for (int t = 0; grads && t < threads; t++)
        g[t] = layers(&grads[t]);
    return train_pass(view, s, layers(n), grads ? g : NULL, grads ? grads[0].n : 0, threads, from, to, lambda);
}

/* AdamW (nnue_trainer.h) over the whole net. */
static void adam(Net *n, const Net *g, Net *m, Net *v, int step, float lr, float batch) {
    train_adam(n->all, g->all, m->all, v->all, n->n, step, lr, batch);
}

/* ------------------------------------------------------------------ the file */

static size_t file_size(const Shape *s) { return s->linkNet ? LINKNET_FILE_SIZE : NNUE_FILE_SIZE; }



/* The quantized file in memory (64-byte aligned): nnue_links.h's format for QEC, nnue.h's for tether. */
static unsigned char *quantize(const Net *n, const Shape *s) {
    const int NIN = s->nin, NB = s->nb;
    unsigned char *f = aligned_alloc(64, (file_size(s) + 63) / 64 * 64);
    memset(f, 0, file_size(s));
    if (s->linkNet) {
        memcpy(f, LINKNET_MAGIC, 8);
        train_put32(f + 8, NIN), train_put32(f + 12, H), train_put32(f + 16, NB);
    } else {
        memcpy(f, NNUE_MAGIC, 8);
        train_put32(f + 8, H), train_put32(f + 12, NB);
    }
    int16_t *w = (int16_t *)(f + NNUE_HEADER);
    for (size_t i = 0; i < (size_t)NIN * H + H; i++)
        *w++ = train_q16(n->w1[i], NNUE_QA); /* w1 then b1, one after the other in the block */
    for (size_t i = 0; i < (size_t)NB * 2 * H; i++)
        *w++ = train_q16(n->w2[i], NNUE_QB);
    for (int b = 0; b < NB; b++)
        train_put32((unsigned char *)w + 4 * b, (int32_t)lroundf(n->b2[b] * NNUE_QA * NNUE_QB));
    return f;
}

/* The file's weights back into floats (--init, and the check). */
static bool dequantize(const Shape *s, const unsigned char *f, size_t len, Net *n, char *err, size_t errlen) {
    const int NIN = s->nin, NB = s->nb;
    LinkNet q;
    NnueNet c;
    if (s->linkNet ? !linknet_view(f, len, &q, err, errlen) : !nnue_view(f, len, &c, err, errlen))
        return false;
    const int16_t *w = (const int16_t *)(f + NNUE_HEADER);
    for (size_t i = 0; i < (size_t)NIN * H + H; i++)
        n->w1[i] = *w++ / (float)NNUE_QA;
    for (size_t i = 0; i < (size_t)NB * 2 * H; i++)
        n->w2[i] = *w++ / (float)NNUE_QB;
    const unsigned char *b2 = (const unsigned char *)w;
    for (int b = 0; b < NB; b++)
        n->b2[b] = (int32_t)(b2[4 * b] | b2[4 * b + 1] << 8 | b2[4 * b + 2] << 16 | (uint32_t)b2[4 * b + 3] << 24) /
                   (float)(NNUE_QA * NNUE_QB);
    return true;
}

/* The engine's inference of the written file over the held-out games, beside the float net
 * read back from it and the hand-made evaluation; the loss also by the class of decision, to see
 * where a forced reply is what the net must read (issue 44 item 3). */
enum { CHECK_CLASSES = 4 };
static const char *const CHECK_CLASS_NAME[CHECK_CLASSES] = {
    "base move, the played one quiet for the links", "base move, the played one forces a reply",
    "forced reply (the pending piece moves)", "reactive king step"};
static int check_class(Reader *r) {
    int phase = pos_phase(&r->pos);
    if (phase != PHASE_BASE)
        return phase == PHASE_FORCED ? 2 : 3;
    pos_do(&r->pos, r->played); /* does the played decision start a forced reply (R2.1)? */
    bool forces = pos_phase(&r->pos) == PHASE_FORCED;
    pos_undo(&r->pos);
    return forces ? 1 : 0;
}
typedef struct {
    LinkNet qec;
    NnueNet tether;
    LinkNetCache qc;
    NnueCache tc;
    Net back;
    EvalFn hand;
    float lambda;
    EvalCache ec; /* the hand-made evaluation's pawn cache, as in the search */
    double loss, handLoss, zeroLoss;
    /* by the decision's class (check_class): positions, the net's and the hand-made loss */
    long classN[CHECK_CLASSES];
    double classLoss[CHECK_CLASSES], classHand[CHECK_CLASSES];
    float (*res)[4]; /* per position: net, hand-made, searched score (cp) and the result (0..1) */
    double *netNs, *handNs; /* each evaluation's time */
    long n;
    int worst;
    Reader *reader; /* the held-out games, read again */
    int hold;
} Check;

static void check_visit(const Shape *shape, const Position *p, int score, int result, void *ctx) {
    Check *c = ctx;
    double t0 = tool_seconds();
    int v = shape->linkNet ? linknet_evaluate(&c->qec, p, &c->qc) : tethernet_evaluate(&c->tether, p, &c->tc);
    double t1 = tool_seconds();
    int hand = c->hand(p, &c->ec);
    double t2 = tool_seconds();
    if (c->n % 1024 == 0) {
        c->netNs = realloc(c->netNs, (size_t)(c->n + 1024) * sizeof *c->netNs);
        c->handNs = realloc(c->handNs, (size_t)(c->n + 1024) * sizeof *c->handNs);
    }
    c->netNs[c->n] = (t1 - t0) * 1e9;
    c->handNs[c->n] = (t2 - t1) * 1e9;
    Sample x;
    pack(shape, p, score, result, &x);
    TrainView tv;
    float acc[2][H];
    view(&x, 0, c->lambda, &tv);
    int fv = (int)lroundf(train_view_forward(layers(&c->back), &tv, acc) * NNUE_SCALE);
    c->worst = abs(v - fv) > c->worst ? abs(v - fv) : c->worst;
    float t = target_of(&x, c->lambda), e = train_sigmoid(v / 400.0f) - t, he = train_sigmoid(hand / 400.0f) - t;
    c->loss += (double)e * e;
    c->handLoss += (double)he * he;
    int k = check_class(c->reader); /* c->reader->pos is p */
    c->classN[k]++, c->classLoss[k] += (double)e * e, c->classHand[k] += (double)he * he;
    c->zeroLoss += (double)(0.5f - t) * (0.5f - t); /* a net that always says 0: the floor to beat */
    if (c->n % 1024 == 0)
        c->res = realloc(c->res, (size_t)(c->n + 1024) * sizeof *c->res);
    c->res[c->n][0] = (float)v, c->res[c->n][1] = (float)hand, c->res[c->n][2] = x.score;
    c->res[c->n][3] = x.result / 2.0f;
    c->n++;
}
static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}
static double median(double *v, long n) {
    if (n < 1)
        return 0;
    qsort(v, (size_t)n, sizeof *v, by_value);
    return v[n / 2];
}
/* How well column k of c->res predicts who went on to win: the least loss of sigmoid(value / K)
 * against the result over K (texel's fit, so a scale that differs is not counted against it), and
 * that K. A stronger evaluation predicts results better, whatever lambda trained it; the searched
 * scores (lambda 0's targets) are the yardstick. */
static double result_loss(const Check *c, int k, int *bestK) {
    double best = 1;
    for (int K = 50; K <= 2000; K += 10) {
        double sum = 0;
        for (long i = 0; i < c->n; i++) {
            float v = c->res[i][k] > 3000 ? 3000 : c->res[i][k] < -3000 ? -3000 : c->res[i][k];
            float e = train_sigmoid(v / (float)K) - c->res[i][3];
            sum += (double)e * e;
        }
        if (sum / (double)(c->n ? c->n : 1) < best)
            best = sum / (double)(c->n ? c->n : 1), *bestK = K;
    }
    return best;
}
static void check_game(long index, char *line, int maxcp, void *ctx) {
    Check *c = ctx;
    if (index % c->hold == 0)
        read_game(c->reader, line, maxcp, check_visit, ctx);
}

/* A QEC net started from a chess-shape net (chess's own, eval/chess.nnue, or a tether net): its
 * piece-square rows are the QEC net's (linknet_feature's first sets are nnue_feature's), its
 * output layer is each decision kind's, and the link and pending inputs start at 0. So QEC's
 * training starts from what chess's 12.5 M positions taught about pieces, king safety and pawns. */
static bool from_chess_shape(const Shape *s, const unsigned char *f, size_t len, Net *n, char *err, size_t errlen) {
    NnueNet c;
    if (!s->linkNet || !nnue_view(f, len, &c, err, errlen))
        return false;
    memset(n->all, 0, n->n * sizeof *n->all);
    for (size_t i = 0; i < (size_t)NNUE_INPUTS * H; i++)
        n->w1[i] = c.w1[i] / (float)NNUE_QA;
    for (int j = 0; j < H; j++)
        n->b1[j] = c.b1[j] / (float)NNUE_QA;
    for (int k = 0; k < LINKNET_KINDS; k++)
        for (int b = 0; b < NNUE_BUCKETS; b++) {
            for (int j = 0; j < 2 * H; j++)
                n->w2[(size_t)(k * NNUE_BUCKETS + b) * 2 * H + (size_t)j] = c.w2[b * 2 * H + j] / (float)NNUE_QB;
            n->b2[k * NNUE_BUCKETS + b] = c.b2[b] / (float)(NNUE_QA * NNUE_QB);
        }
    return true;
}

/* ------------------------------------------------------------------ main */

static void *read_whole(const char *path, size_t max, size_t *len) {
    FILE *f = fopen(path, "rb");
    unsigned char *buf = aligned_alloc(64, (max + 64) / 64 * 64);
    *len = f && buf ? fread(buf, 1, max + 1, f) : 0;
    if (f)
        fclose(f);
    return buf;
}

int main(int argc, char **argv) {
    engine_init();
    TrainOptions o;
    Reader *r = calloc(1, sizeof *r);
    if (!r) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    Shape *shape = &r->shape;
    shape->useLinks = 1;
    int i = train_options(argc, argv, &o, "--links", &shape->useLinks);
    if (i == -1)
        return 2;
    if (i < 0) {
        fprintf(stderr, "usage: qec_net_train -o OUT.net [--epochs N] [--lr X] [--batch N] [--lambda X] "
                        "[--threads N] [--hold N] [--seed N] [--maxcp N] [--init NET] [--links 0|1] DATA...\n");
        return 2;
    }
    const char *out = o.out, *init = o.init;
    int epochs = o.epochs, batch = o.batch, threads = o.threads, maxcp = o.maxcp, hold = o.hold;
    float lr0 = o.lr, lambda = o.lambda;
    uint64_t seed = o.seed;
    Samples train = {0}, val = {0};
    LoadCtx lc = {r, &train, &val, hold};
    read_files(argv + i, argc - i, maxcp, load_game, &lc);
    if (!shape->variant) {
        fprintf(stderr, "no game of qec_net_data's format read (%d bad lines)\n", r->badGames);
        free(train.s), free(val.s);
        return 1;
    }
    shape->nin = shape->linkNet ? LINKNET_INPUTS : NNUE_INPUTS;
    shape->nb = shape->linkNet ? LINKNET_BUCKETS : NNUE_BUCKETS;
    printf("%s: %zu positions, %zu held out (skipped: %d best move a capture or promotion; %d bad games)\n",
           shape->variant->name, train.n + val.n, val.n, r->skippedCapture, r->badGames);
    if ((epochs > 0 && train.n < 100) || val.n < 10) {
        fprintf(stderr, "too few positions\n");
        free(train.s), free(val.s);
        return 1;
    }
    uint64_t rng = seed;
    Net net, m, v, *grads = calloc((size_t)threads, sizeof *grads);
    net_alloc(&net, shape), net_alloc(&m, shape), net_alloc(&v, shape);
    for (int t = 0; t < threads; t++)
        net_alloc(&grads[t], shape);
    char err[200];
    if (init) {
        size_t len;
        unsigned char *buf = read_whole(init, file_size(shape), &len);
        char err2[200] = "";
        if (!dequantize(shape, buf, len, &net, err, sizeof err) &&
            !from_chess_shape(shape, buf, len, &net, err2, sizeof err2)) {
            fprintf(stderr, "--init %s: %s%s%s\n", init, err, shape->linkNet ? "; nor a chess-shape net: " : "", err2);
            return 1;
        }
        free(buf);
    } else {
        /* He initialisation for about 32 active inputs; a small output layer. */
        for (size_t k = 0; k < (size_t)shape->nin * H; k++)
            net.w1[k] = train_gauss(&rng) * sqrtf(1.0f / 32);
        for (size_t k = 0; k < (size_t)shape->nb * 2 * H; k++)
            net.w2[k] = train_gauss(&rng) * sqrtf(1.0f / (2 * H));
    }
    if (shape->linkNet && !shape->useLinks) /* --links 0: the link and pending rows stay 0 */
        for (int c = WHITE; c <= BLACK; c++)
            for (int k = LS_LINKED_PAWN; k < LINKNET_SETS; k++)
                for (int sq = 0; sq < 64; sq++)
                    memset(net.w1 + (size_t)linknet_feature(WHITE, c, k, sq) * H, 0, H * sizeof *net.w1);
    int step = 0;
    for (int e = 1; e <= epochs; e++) {
        double t0 = tool_seconds();
        float lr = lr0 * (0.01f + 0.99f * 0.5f * (1 + cosf((float)M_PI * (e - 1) / epochs)));
        train_shuffle(train.s, train.n, sizeof(Sample), &rng);
        double loss = 0;
        for (size_t at = 0; at < train.n; at += (size_t)batch) {
            size_t to = at + (size_t)batch < train.n ? at + (size_t)batch : train.n;
            loss += pass(&net, grads, threads, train.s, at, to, lambda);
            adam(&net, &grads[0], &m, &v, ++step, lr, (float)(to - at));
        }
        double held = pass(&net, NULL, threads, val.s, 0, val.n, lambda);
        printf("epoch %2d  lr %.6f  train %.6f  held out %.6f  (%ld s)\n", e, lr, loss / train.n, held / val.n,
               (long)(tool_seconds() - t0));
        fflush(stdout);
    }
    unsigned char *file = quantize(&net, shape);
    FILE *f = fopen(out, "wb");
    if (!f || fwrite(file, 1, file_size(shape), f) != file_size(shape) || fclose(f)) {
        perror(out);
        return 1;
    }
    printf("wrote %s (%zu bytes)\n", out, file_size(shape));
    static Check c;
    net_alloc(&c.back, shape);
    bool viewed = shape->linkNet ? linknet_view(file, file_size(shape), &c.qec, err, sizeof err)
                                 : nnue_view(file, file_size(shape), &c.tether, err, sizeof err);
    if (!viewed || !dequantize(shape, file, file_size(shape), &c.back, err, sizeof err)) {
        fprintf(stderr, "the written net does not read back: %s\n", err);
        return 1;
    }
    c.hand = eval_function(shape->variant, true);
    c.lambda = lambda;
    c.reader = r, c.hold = hold;
    read_files(argv + i, argc - i, maxcp, check_game, &c);
    printf("quantized net, engine inference: held-out loss %.6f over %ld positions (largest difference from the "
           "float net %d cp); the hand-made evaluation's %.6f, a constant 0's %.6f\n",
           c.loss / (c.n ? c.n : 1), c.n, c.worst, c.handLoss / (c.n ? c.n : 1), c.zeroLoss / (c.n ? c.n : 1));
    for (int k = 0; k < CHECK_CLASSES; k++)
        if (shape->linkNet)
            printf("  %-48s %8ld positions: net %.6f, hand-made %.6f\n", CHECK_CLASS_NAME[k], c.classN[k],
                   c.classLoss[k] / (double)(c.classN[k] ? c.classN[k] : 1),
                   c.classHand[k] / (double)(c.classN[k] ? c.classN[k] : 1));
    int kn = 0, kh = 0, ks = 0;
    double rn = result_loss(&c, 0, &kn), rh = result_loss(&c, 1, &kh), rs = result_loss(&c, 2, &ks);
    printf("against the games' results alone (best scale K of sigmoid(cp / K)): net %.6f (K %d), hand-made %.6f "
           "(K %d), the searched scores %.6f (K %d)\n", rn, kn, rh, kh, rs, ks);
    /* Each position after the game's previous one, so the accumulators move as in a search (where
     * siblings are closer still): the per-node cost issue 31 bounds at 2x the hand-made one's. The
     * medians: on a shared machine a few calls are descheduled and would rule the means. */
    double netMed = median(c.netNs, c.n), handMed = median(c.handNs, c.n);
    printf("evaluation cost over those positions (medians): net %.0f ns, hand-made %.0f ns (%.2fx)\n", netMed, handMed,
           netMed / (handMed > 0 ? handMed : 1));
    free(c.netNs), free(c.handNs), free(c.res);
    free(file), free(train.s), free(val.s), free(net.all), free(m.all), free(v.all), free(c.back.all);
    for (int t = 0; t < threads; t++)
        free(grads[t].all);
    free(grads), free(r);
    return 0;
}
