/* libFuzzer target for the UCI session: the input is a whole session (lines split on '\n', any
 * bytes, any length) in any UCI_Variant (the session picks it with `setoption name UCI_Variant
 * value qec|chess|tether|schroedinger`, as a client does), run through the production reader
 * and dispatcher (uci_loop) with the production search threads. The engine has no fuzz mode:
 * this driver shapes the session instead, line by line, so that every input ends quickly
 * (shape_session below). Output goes to /dev/null; the checks are the sanitizers, no hang,
 * and a position that still passes pos_verify at the end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../../uci/internal.h"

/* The bounds the shaping keeps a session in. */
#define GO_LIMITS " depth 1 nodes 2000"
#define MAX_PERFT 2
#define MAX_HASH 2
#define MAX_THREADS 2
#define BOOK_FILE "book/starter.bin" /* read from the repository root; elsewhere an error */
#define NO_FILE "/nonexistent/qec-fuzz"

static FILE *sink;

/* Before libFuzzer's per-input timer: the magic tables take a while under instrumentation. */
int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    engine_init();
    search_init();
    sink = fopen("/dev/null", "w");
    if (!sink)
        abort();
    return 0;
}

/* ---- shaping ---- */

typedef struct {
    char *p;
    size_t n, cap;
} Buf;

static void put(Buf *b, const char *s, size_t len) {
    if (b->n + len + 1 > b->cap) {
        b->cap = (b->n + len + 1) * 2;
        b->p = realloc(b->p, b->cap);
        if (!b->p)
            abort();
    }
    memcpy(b->p + b->n, s, len);
    b->n += len;
    b->p[b->n] = 0;
}
static void puts_buf(Buf *b, const char *s) { put(b, s, strlen(s)); }

/* The engine's word separators (uci/uci.c); lines with other control bytes are refused whole
 * by the engine, so they pass through untouched. */
static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }
static bool is_clean(const char *s, size_t len) {
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7f)
            return false;
    }
    return true;
}

#define MAX_WORDS 64
typedef struct {
    int n;
    const char *w[MAX_WORDS];
    size_t len[MAX_WORDS];
} LineWords;

static void split(const char *s, size_t len, LineWords *lw) {
    lw->n = 0;
    for (size_t i = 0; i < len && lw->n < MAX_WORDS;) {
        while (i < len && is_space(s[i]))
            i++;
        if (i == len)
            break;
        lw->w[lw->n] = s + i;
        while (i < len && !is_space(s[i]))
            i++;
        lw->len[lw->n] = (size_t)(s + i - lw->w[lw->n]);
        lw->n++;
    }
}

static bool word_is(const LineWords *lw, int i, const char *s) {
    return i < lw->n && lw->len[i] == strlen(s) && !strncasecmp(lw->w[i], s, lw->len[i]);
}

/* A word the engine reads as a whole number (uci.c parse_int64: digits, a `+` may lead), its
 * value (saturated); false otherwise. A `+` taken for "not a number" once let `go perft +4`
 * through uncapped: a tether perft 4 under ASan, a timeout (seed fuzz_uci/plus_sign). */
static bool word_number(const LineWords *lw, int i, unsigned long long *v) {
    if (i >= lw->n || !lw->len[i])
        return false;
    size_t from = lw->w[i][0] == '+';
    if (from == lw->len[i])
        return false;
    *v = 0;
    for (size_t k = from; k < lw->len[i]; k++) {
        char c = lw->w[i][k];
        if (c < '0' || c > '9')
            return false;
        *v = *v > 1000000 ? *v : *v * 10 + (unsigned long long)(c - '0');
    }
    return true;
}

/* The option name of a setoption line (words between `name` and `value`, joined by one space). */
static int option_words(const LineWords *lw, char *name, size_t cap) {
    int v = 2;
    size_t used = 0;
    name[0] = 0;
    for (; v < lw->n && !word_is(lw, v, "value"); v++) {
        int k = snprintf(name + used, cap - used, "%s%.*s", used ? " " : "", (int)lw->len[v], lw->w[v]);
        if (k < 0 || (size_t)k >= cap - used)
            break;
        used += (size_t)k;
    }
    return v;
}

/* One setoption line: files are the repository's book or none; Hash and Threads are capped. */
static void shape_setoption(Buf *out, const char *line, size_t len, const LineWords *lw) {
    char name[64];
    int v = option_words(lw, name, sizeof name);
    unsigned long long n;
    bool hasValue = v + 1 < lw->n;
    if (!word_is(lw, 1, "name") || !hasValue) {
        put(out, line, len);
        return;
    }
    if (!strcasecmp(name, "BookFile") || !strcasecmp(name, "EntMapFile") || !strcasecmp(name, "EvalFile")) {
        puts_buf(out, "setoption name ");
        puts_buf(out, name);
        puts_buf(out, " value ");
        bool real = !strcasecmp(name, "BookFile") && (lw->len[v + 1] & 1);
        puts_buf(out, real ? BOOK_FILE : NO_FILE);
        return;
    }
    unsigned long long cap = !strcasecmp(name, "Hash") ? MAX_HASH : !strcasecmp(name, "Threads") ? MAX_THREADS : 0;
    if (cap && v + 2 == lw->n && word_number(lw, v + 1, &n) && n > cap) {
        char s[96];
        snprintf(s, sizeof s, "setoption name %s value %llu", name, cap);
        puts_buf(out, s);
        return;
    }
    put(out, line, len);
}

/* One line of the session, made bounded: every `go` searches depth 1 and 2000 nodes at most
 * (its own limits still parsed before), `go perft` at most MAX_PERFT; bench, selfplay and
 * openings (minutes of search by design) become isready. Anything else is passed as it is. */
static void shape_line(Buf *out, const char *line, size_t len) {
    LineWords lw;
    unsigned long long n;
    split(line, len, &lw);
    if (!is_clean(line, len) || !lw.n) {
        put(out, line, len);
        return;
    }
    if (word_is(&lw, 0, "go") && word_is(&lw, 1, "perft")) {
        if (lw.n == 3 && word_number(&lw, 2, &n) && n > MAX_PERFT)
            puts_buf(out, "go perft 2");
        else
            put(out, line, len);
    } else if (word_is(&lw, 0, "go")) {
        put(out, line, len);
        puts_buf(out, GO_LIMITS);
    } else if (word_is(&lw, 0, "setoption"))
        shape_setoption(out, line, len, &lw);
    else if (word_is(&lw, 0, "bench") || word_is(&lw, 0, "selfplay") || word_is(&lw, 0, "openings"))
        puts_buf(out, "isready");
    else
        put(out, line, len);
}

static Buf shape_session(const uint8_t *data, size_t size) {
    Buf out = {0};
    const char *s = (const char *)data, *end = s + size;
    /* A 1 MiB table instead of the default 16: under ASan each MiB a session allocates and
     * frees costs shadow writes, and at 16 MiB they were most of an input's time. */
    puts_buf(&out, "setoption name Hash value 1\n");
    while (s < end) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        size_t len = (size_t)((nl ? nl : end) - s);
        shape_line(&out, s, len);
        if (nl)
            put(&out, "\n", 1);
        s += len + (nl ? 1 : 0);
    }
    return out;
}

/* ---- the session ---- */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char err[256];
    if (!size)
        return 0;
    Buf session = shape_session(data, size);
    FILE *in = fmemopen(session.p, session.n ? session.n : 1, "r");
    if (!in)
        abort();
    Uci *u = uci_new(sink);
    if (!u)
        abort();
    uci_loop(u, in);
    fclose(in);
    if (!pos_verify(u->session->board.pos, err, sizeof err)) {
        fprintf(stderr, "position broken after the session: %s\n", err);
        abort();
    }
    uci_free(u);
    free(session.p);
    return 0;
}
