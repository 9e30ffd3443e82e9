/* Trains the classical-chess network (eval/nnue.h) on games of bench/nnue_data.py: each
 * scored position that is not in check and whose move was not stockfish's capture or
 * promotion (the score of such a position is about a pending exchange, which the search's
 * quiescence resolves before it evaluates) is one sample, labelled
 *   target = (1 - lambda) * sigmoid(score / 400) + lambda * result   (side to move's view)
 * (scores clipped to +-maxcp, a mate score too), and the net's output y (x 400 = centipawns) is
 * fitted by least squares of sigmoid(y) to it (bullet's loss), with AdamW over shuffled batches,
 * the float forward and backward passes spread over threads. The net is written quantized (x QA,
 * x QB) in eval/nnue.h's file format; then the quantized net is read back through eval/nnue.c's
 * own inference, and its error on the held-out positions is printed beside the float net's, so a
 * quantization or feature mismatch shows before the net reaches the engine.
 *
 * Usage: nnue_train -o OUT.nnue [--epochs 12] [--lr 0.001] [--batch 16384] [--lambda 0]
 *        [--threads 2] [--hold 50] [--mirror 0] [--seed 1] [--maxcp 3000] [--init NET.nnue] DATA...
 * --hold N: every Nth game is held out; --mirror 1: each position also with its files mirrored. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../engine/position.h"
#include "../eval/chess.h"
#include "../eval/nnue.h"
#include "nnue_trainer.h"

enum { H = NNUE_HIDDEN, NB = NNUE_BUCKETS, NIN = NNUE_INPUTS };

/* ------------------------------------------------------------------ samples */

/* A position: occupancy, the pieces in square order (a nibble each: colour * 6 + type - 1),
 * the side to move, stockfish's score and the game's result from White's view. */
typedef struct {
    uint64_t occ;
    uint8_t nib[16];
    int16_t score; /* White's view, clipped to +-maxcp */
    uint8_t stm;
    uint8_t result; /* 0, 1, 2: Black wins, draw, White wins */
} Sample;

TRAIN_SAMPLES(Sample, 1 << 20)

static void pack(const Position *p, int score, int result, Sample *x) {
    memset(x, 0, sizeof *x);
    x->occ = p->byType[0];
    int i = 0;
    for (Bitboard b = x->occ; b; i++) {
        int s = pop_lsb(&b), pc = p->board[s];
        int code = piece_color(pc) * 6 + piece_type(pc) - 1;
        x->nib[i / 2] |= (uint8_t)(code << (4 * (i & 1)));
    }
    x->score = (int16_t)score;
    x->stm = (uint8_t)pos_turn(p);
    x->result = (uint8_t)result;
}

/* The sample's inputs from each side: feats[persp][i], n of each. */
static int features(const Sample *x, int feats[2][TRAIN_MAXF]) {
    int i = 0;
    for (Bitboard b = x->occ; b; i++) {
        int s = pop_lsb(&b), code = (x->nib[i / 2] >> (4 * (i & 1))) & 15;
        int pc = make_piece(code / 6, code % 6 + 1);
        feats[WHITE][i] = nnue_feature(WHITE, pc, s);
        feats[BLACK][i] = nnue_feature(BLACK, pc, s);
    }
    return i;
}

/* The data being read: what was skipped or counted, and the game being replayed. */
typedef struct {
    bool mirrored; /* --mirror 1 */
    int skippedCheck, skippedCapture, mates, badGames;
    long games; /* lines read so far, over every file */
    Position pos;
} Reader;

/* The sample with files a..h mirrored (h..a): chess is the same game mirrored but for castling,
 * which the net does not see, so each position teaches twice (--mirror). */
static void mirror(Sample *x) {
    uint8_t code[32];
    int n = 0;
    for (Bitboard b = x->occ; b; n++) {
        pop_lsb(&b);
        code[n] = (x->nib[n / 2] >> (4 * (n & 1))) & 15;
    }
    uint8_t at[64];
    int i = 0;
    for (Bitboard b = x->occ; b; i++) {
        int s = pop_lsb(&b);
        at[s ^ 7] = code[i];
    }
    Bitboard occ = 0;
    for (Bitboard b = x->occ; b;) {
        int s = pop_lsb(&b);
        occ |= sq_bb(s ^ 7);
    }
    memset(x->nib, 0, sizeof x->nib);
    i = 0;
    for (Bitboard b = occ; b; i++) {
        int s = pop_lsb(&b);
        x->nib[i / 2] |= (uint8_t)(at[s] << (4 * (i & 1)));
    }
    x->occ = occ;
}

/* One line of nnue_data.py: START|MOVES|SCORES|FLAGS|RESULT. */
static void read_game(Reader *r, char *line, int maxcp, Samples *out) {
    char *field[5];
    double res;
    line[strcspn(line, "\r\n")] = 0;
    if (train_fields(line, field, 5) != 5 || !tool_read_real(field[4], 0, 1, &res) || !train_scores_ok(field[2]) ||
        !train_flags_ok(field[1], field[3])) {
        r->badGames++;
        return;
    }
    int result = res > 0.75 ? 2 : res < 0.25 ? 0 : 1;
    Position *pos = &r->pos;
    char err[128];
    if (!pos_set_fen(pos, field[0], VARIANT_CHESS, err, sizeof err)) {
        r->badGames++;
        return;
    }
    char *moves = field[1], *scores = field[2], *flags = field[3], *m, *sc;
    for (int i = 0; (m = train_token(&moves)) && (sc = train_token(&scores)); i++) {
        Move mv = pos_parse_decision(pos, m);
        long long score = 0;
        bool scored = sc[0] != '-' || sc[1]; /* "-": not scored */
        if (mv == MOVE_NONE || !flags[i] || (scored && !tool_read_int(sc, -TRAIN_MAX_SCORE, TRAIN_MAX_SCORE, &score))) {
            r->badGames++;
            return;
        }
        if (scored) {
            if (pos_in_check(pos, pos_turn(pos)))
                r->skippedCheck++;
            else if (flags[i] == 'b' && train_capture(pos, mv))
                r->skippedCapture++;
            else {
                r->mates += llabs(score) >= 20000; /* kept, at the clip: a won or lost position */
                Sample x;
                pack(pos, train_clip((int)score, maxcp), result, &x);
                push(out, &x);
                if (r->mirrored) {
                    mirror(&x);
                    push(out, &x);
                }
            }
        }
        pos_do(pos, mv);
        pos_compact(pos);
    }
}

/* Every hold-th game goes to the held-out set (whole games: positions of one game are too alike
 * for a held-out position to be news after its neighbours were trained on). */
static void read_file(Reader *r, const char *path, int maxcp, int hold, Samples *train, Samples *val) {
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        exit(1);
    }
    size_t cap = 0;
    char *line = NULL;
    while (getline(&line, &cap, f) > 0)
        read_game(r, line, maxcp, ++r->games % hold ? train : val);
    free(line);
    fclose(f);
}

/* ------------------------------------------------------------------ the float net */

typedef struct {
    float w1[NIN][H], b1[H], w2[NB][2 * H], b2[NB];
} Net;
enum { NPARAM = sizeof(Net) / sizeof(float) };


static float target_of(const Sample *x, float lambda) {
    int stmScore = x->stm == WHITE ? x->score : -x->score;
    float r = x->result / 2.0f;
    if (x->stm == BLACK)
        r = 1.0f - r;
    return (1.0f - lambda) * train_sigmoid(stmScore / 400.0f) + lambda * r;
}

static TrainLayers layers(const Net *n) {
    return (TrainLayers){(float *)&n->w1[0][0], (float *)n->b1, (float *)&n->w2[0][0], (float *)n->b2};
}

/* Sample k as the net sees it: the pieces, the bucket by their number, the side to move's view. */
static void view(const void *samples, size_t k, float lambda, TrainView *v) {
    const Sample *x = (const Sample *)samples + k;
    v->nf = features(x, v->feats);
    v->bucket = nnue_bucket(v->nf);
    v->us = x->stm;
    v->target = target_of(x, lambda);
}

/* Loss over s[from, to) (grads: the gradients summed into grads[0]; NULL: no training). */
static double pass(const Net *n, Net **grads, int threads, const Sample *s, size_t from, size_t to, float lambda) {
    TrainLayers g[TRAIN_MAX_THREADS];
    for (int t = 0; grads && t < threads; t++)
        g[t] = layers(grads[t]);
    return train_pass(view, s, layers(n), grads ? g : NULL, NPARAM, threads, from, to, lambda);
}

/* AdamW (nnue_trainer.h) over the whole net. */
static void adam(Net *n, const Net *g, Net *m, Net *v, int step, float lr, float batch) {
    train_adam((float *)n, (const float *)g, (float *)m, (float *)v, NPARAM, step, lr, batch);
}

/* ------------------------------------------------------------------ the file */



/* The quantized file, in memory (64-byte aligned, as nnue_view wants). */
static unsigned char *quantize(const Net *n) {
    unsigned char *f = aligned_alloc(64, (NNUE_FILE_SIZE + 63) / 64 * 64);
    memset(f, 0, NNUE_FILE_SIZE);
    memcpy(f, NNUE_MAGIC, 8);
    train_put32(f + 8, H);
    train_put32(f + 12, NB);
    int16_t *w = (int16_t *)(f + NNUE_HEADER);
    for (int i = 0; i < NIN; i++)
        for (int j = 0; j < H; j++)
            *w++ = train_q16(n->w1[i][j], NNUE_QA);
    for (int j = 0; j < H; j++)
        *w++ = train_q16(n->b1[j], NNUE_QA);
    for (int b = 0; b < NB; b++)
        for (int j = 0; j < 2 * H; j++)
            *w++ = train_q16(n->w2[b][j], NNUE_QB);
    unsigned char *b2 = (unsigned char *)w;
    for (int b = 0; b < NB; b++)
        train_put32(b2 + 4 * b, (int32_t)lroundf(n->b2[b] * NNUE_QA * NNUE_QB));
    return f;
}

static void dequantize(const NnueNet *q, Net *n) {
    for (int i = 0; i < NIN; i++)
        for (int j = 0; j < H; j++)
            n->w1[i][j] = q->w1[i * H + j] / (float)NNUE_QA;
    for (int j = 0; j < H; j++)
        n->b1[j] = q->b1[j] / (float)NNUE_QA;
    for (int b = 0; b < NB; b++) {
        for (int j = 0; j < 2 * H; j++)
            n->w2[b][j] = q->w2[b * 2 * H + j] / (float)NNUE_QB;
        n->b2[b] = q->b2[b] / (float)(NNUE_QA * NNUE_QB);
    }
}

static void unpack(const Sample *x, Position *p) {
    /* A position with the sample's pieces and side to move (no castling or en passant: the
     * net does not read them). */
    char fen[100], *o = fen;
    static const char *PC = "PNBRQKpnbrqk";
    int code[64];
    for (int s = 0; s < 64; s++)
        code[s] = -1;
    int i = 0;
    for (Bitboard b = x->occ; b; i++) {
        int s = pop_lsb(&b);
        code[s] = (x->nib[i / 2] >> (4 * (i & 1))) & 15;
    }
    for (int r = 7; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < 8; f++) {
            int c = code[r * 8 + f];
            if (c < 0) {
                empty++;
                continue;
            }
            if (empty)
                *o++ = (char)('0' + empty), empty = 0;
            *o++ = PC[c];
        }
        if (empty)
            *o++ = (char)('0' + empty);
        if (r)
            *o++ = '/';
    }
    snprintf(o, sizeof fen - (size_t)(o - fen), " %c - - 0 1", x->stm == WHITE ? 'w' : 'b');
    char err[128];
    if (!pos_set_fen(p, fen, VARIANT_CHESS, err, sizeof err)) {
        fprintf(stderr, "unpack: %s (%s)\n", err, fen);
        exit(1);
    }
}

/* The engine's integer inference over the held-out samples: mean squared error, and the
 * largest difference from the float net read back from the same quantized weights. */
static void check_quantized(const unsigned char *file, const Sample *s, size_t from, size_t to, float lambda) {
    NnueNet q;
    char err[160];
    if (!nnue_view(file, NNUE_FILE_SIZE, &q, err, sizeof err)) {
        fprintf(stderr, "the written net does not read back: %s\n", err);
        exit(1);
    }
    static Net back;
    dequantize(&q, &back);
    static Position p;
    NnueCache cache = {0};
    double loss = 0, hceLoss = 0, sx = 0, sy = 0;
    int worst = 0;
    float acc[2][H];
    TrainView tv;
    size_t n = to - from > 200000 ? 200000 : to - from;
    for (size_t k = from; k < from + n; k++) {
        unpack(&s[k], &p);
        int v = nnue_evaluate(&q, &p, &cache);
        view(s, k, lambda, &tv);
        int fv = (int)lroundf(train_view_forward(layers(&back), &tv, acc) * NNUE_SCALE);
        worst = abs(v - fv) > worst ? abs(v - fv) : worst;
        float e = train_sigmoid(v / 400.0f) - target_of(&s[k], lambda);
        loss += (double)e * e;
        /* the hand-made evaluation's scale against stockfish's: least squares through 0 */
        int sf = s[k].stm == WHITE ? s[k].score : -s[k].score;
        int hce = evaluate_chess(&p, NULL);
        float he = train_sigmoid(hce * 64.0f / CHESS_NET_SCALE / 400.0f) - target_of(&s[k], lambda);
        hceLoss += (double)he * he;
        if (abs(sf) < 1000)
            sx += (double)sf * sf, sy += (double)hce * sf;
    }
    printf("quantized net, engine inference: held-out loss %.6f over %zu positions; largest difference from "
           "the float net %d cp\n",
           loss / n, n, worst);
    printf("evaluate_chess = %.3f x stockfish's centipawns (least squares, |score| < 1000); its held-out loss "
           "at the net's scale (CHESS_NET_SCALE) %.6f\n", sy / sx, hceLoss / n);
}

/* ------------------------------------------------------------------ main */

int main(int argc, char **argv) {
    engine_init();
    TrainOptions o;
    int mirror = 0, i = train_options(argc, argv, &o, "--mirror", &mirror);
    if (i == -1)
        return 2;
    if (i < 0) {
        fprintf(stderr, "usage: nnue_train -o OUT.nnue [--epochs N] [--lr X] [--batch N] [--lambda X] [--threads N] "
                        "[--hold N] [--mirror 0|1] [--seed N] [--maxcp N] [--init NET] DATA...\n");
        return 2;
    }
    Reader *r = calloc(1, sizeof *r);
    if (!r) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    r->mirrored = mirror != 0;
    const char *out = o.out, *init = o.init;
    int epochs = o.epochs, batch = o.batch, threads = o.threads, maxcp = o.maxcp, hold = o.hold;
    float lr0 = o.lr, lambda = o.lambda;
    uint64_t seed = o.seed;
    Samples data = {0};
    Samples val = {0};
    for (; i < argc; i++)
        read_file(r, argv[i], maxcp, hold, &data, &val);
    printf("%zu positions, %zu held out, %d with a mate score (skipped: %d in check, %d best move a capture; %d "
           "bad games)\n",
           data.n + val.n, val.n, r->mates, r->skippedCheck, r->skippedCapture, r->badGames);
    free(r);
    if (data.n < 1000 || val.n < 100) {
        fprintf(stderr, "too few positions\n");
        return 1;
    }
    /* one array: the held-out positions first */
    size_t nval = val.n, ntrain = data.n;
    for (size_t k = 0; k < ntrain; k++)
        push(&val, &data.s[k]);
    free(data.s);
    data = val;
    uint64_t rng = seed;

    static Net net, m, v;
    Net **grads = malloc(threads * sizeof *grads);
    for (int t = 0; t < threads; t++)
        grads[t] = aligned_alloc(64, (sizeof(Net) + 63) / 64 * 64); /* C11: a multiple of the alignment */
    if (init) {
        FILE *f = fopen(init, "rb");
        unsigned char *buf = aligned_alloc(64, (NNUE_FILE_SIZE + 63) / 64 * 64);
        size_t len = f ? fread(buf, 1, NNUE_FILE_SIZE + 1, f) : 0;
        NnueNet q;
        char err[160];
        if (!f || !nnue_view(buf, len, &q, err, sizeof err)) {
            fprintf(stderr, "%s: %s\n", init, f ? err : "cannot open");
            return 1;
        }
        fclose(f);
        dequantize(&q, &net);
        free(buf);
    } else {
        /* He initialisation of the hidden layer for ~32 active inputs; a small output layer. */
        for (int a = 0; a < NIN; a++)
            for (int j = 0; j < H; j++)
                net.w1[a][j] = train_gauss(&rng) * sqrtf(1.0f / 32);
        for (int b = 0; b < NB; b++)
            for (int j = 0; j < 2 * H; j++)
                net.w2[b][j] = train_gauss(&rng) * sqrtf(1.0f / (2 * H));
    }
    int step = 0;
    for (int e = 1; e <= epochs; e++) {
        time_t t0 = time(NULL);
        /* cosine decay to 1% of the first rate over the epochs */
        float lr = lr0 * (0.01f + 0.99f * 0.5f * (1 + cosf((float)M_PI * (e - 1) / epochs)));
        train_shuffle(data.s + nval, ntrain, sizeof(Sample), &rng);
        double loss = 0;
        for (size_t at = nval; at < data.n; at += batch) {
            size_t to = at + batch < data.n ? at + batch : data.n;
            loss += pass(&net, grads, threads, data.s, at, to, lambda);
            adam(&net, grads[0], &m, &v, ++step, lr, (float)(to - at));
        }
        double held = pass(&net, NULL, threads, data.s, 0, nval, lambda);
        printf("epoch %2d  lr %.6f  train %.6f  held out %.6f  (%ld s)\n", e, lr, loss / ntrain, held / nval,
               (long)(time(NULL) - t0));
        fflush(stdout);
    }
    unsigned char *file = quantize(&net);
    FILE *f = fopen(out, "wb");
    if (!f || fwrite(file, 1, NNUE_FILE_SIZE, f) != NNUE_FILE_SIZE || fclose(f)) {
        perror(out);
        return 1;
    }
    printf("wrote %s (%d bytes)\n", out, (int)NNUE_FILE_SIZE);
    check_quantized(file, data.s, 0, nval, lambda);
    return 0;
}
