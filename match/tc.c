#include "tc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TC_FAIL(...)                                                                                                   \
    do {                                                                                                               \
        snprintf(err, errlen, __VA_ARGS__);                                                                            \
        return false;                                                                                                  \
    } while (0)

/* Seconds (fractions allowed) to microseconds; "m:ss" when colon is true. */
static bool parse_seconds(const char *s, size_t len, bool colon, int64_t *us) {
    char buf[64];
    if (!len || len >= sizeof buf)
        return false;
    memcpy(buf, s, len);
    buf[len] = 0;
    double minutes = 0;
    char *p = buf, *end;
    char *c = colon ? strchr(buf, ':') : NULL;
    if (c) {
        *c = 0;
        minutes = strtod(buf, &end);
        if (end == buf || *end || minutes < 0)
            return false;
        p = c + 1;
    }
    if (*p == '-' || *p == '+')
        return false;
    double sec = strtod(p, &end);
    if (end == p || *end || !isfinite(sec) || sec < 0 || minutes * 60 + sec > 1e7)
        return false;
    *us = (int64_t)llround((minutes * 60 + sec) * 1e6);
    return true;
}

bool tc_parse(const char *text, TimeControl *tc, char *err, size_t errlen) {
    TimeControl t = *tc;
    if (!strcmp(text, "inf")) {
        t.kind = TC_INFINITE;
        *tc = t;
        return true;
    }
    if (!strcmp(text, "tournament")) {
        t.kind = TC_MOVETIME;
        t.movetimeUs = 180 * (int64_t)1000000; /* seed 004 §3.3, §6: 3 minutes per move */
        *tc = t;
        return true;
    }
    const char *s = text, *slash = strchr(text, '/'), *plus = strchr(text, '+');
    t.kind = TC_CLOCK;
    t.moves = 0;
    t.incUs = 0;
    if (slash) {
        char *end;
        long m = strtol(s, &end, 10);
        if (end != slash || m <= 0 || m > 100000 || *s == '+' || *s == '-')
            TC_FAIL("bad time control '%s': the moves before '/' must be a positive whole number", text);
        t.moves = (int)m;
        s = slash + 1;
    }
    size_t baseLen = plus ? (size_t)(plus - s) : strlen(s);
    if (plus && plus < s)
        TC_FAIL("bad time control '%s'", text);
    if (!parse_seconds(s, baseLen, true, &t.baseUs) || (t.baseUs == 0 && !plus))
        TC_FAIL("bad time control '%s' (want [moves/]seconds[+increment], e.g. 40/60+0.6 or 10+0.1)", text);
    if (plus && !parse_seconds(plus + 1, strlen(plus + 1), false, &t.incUs))
        TC_FAIL("bad increment in time control '%s'", text);
    if (t.baseUs == 0 && t.incUs == 0)
        TC_FAIL("time control '%s' gives no time at all", text);
    *tc = t;
    return true;
}

bool tc_parse_st(const char *text, TimeControl *tc, char *err, size_t errlen) {
    int64_t us;
    if (!parse_seconds(text, strlen(text), false, &us) || us <= 0)
        TC_FAIL("bad st='%s' (want seconds per decision, e.g. 0.05)", text);
    tc->kind = TC_MOVETIME;
    tc->movetimeUs = us;
    return true;
}

bool tc_parse_margin(const char *text, TimeControl *tc, char *err, size_t errlen) {
    char *end;
    long ms = strtol(text, &end, 10);
    if (end == text || *end || ms < 0 || ms > 10000000)
        TC_FAIL("bad timemargin='%s' (want milliseconds, e.g. 50)", text);
    tc->marginUs = (int64_t)ms * 1000;
    return true;
}

bool tc_parse_nodes(const char *text, TimeControl *tc, char *err, size_t errlen) {
    char *end;
    long long n = strtoll(text, &end, 10);
    if (end == text || *end || *text == '-' || *text == '+' || n <= 0 || n > (long long)1e15)
        TC_FAIL("bad nodes='%s' (want a positive number of nodes per decision)", text);
    tc->nodes = n;
    return true;
}

bool tc_parse_depth(const char *text, TimeControl *tc, char *err, size_t errlen) {
    char *end;
    long d = strtol(text, &end, 10);
    if (end == text || *end || *text == '-' || *text == '+' || d <= 0 || d > 100)
        TC_FAIL("bad depth='%s' (want 1..100 turns per decision)", text);
    tc->depth = (int)d;
    return true;
}

static void fmt_seconds(int64_t us, char *buf, size_t len) {
    if (us % 1000000 == 0) {
        snprintf(buf, len, "%lld", (long long)(us / 1000000));
        return;
    }
    snprintf(buf, len, "%.6f", us / 1e6);
    char *e = buf + strlen(buf) - 1;
    while (*e == '0')
        *e-- = 0;
}

void tc_format(const TimeControl *tc, char *buf, size_t len) {
    char a[32], b[32];
    switch (tc->kind) {
    case TC_CLOCK:
        fmt_seconds(tc->baseUs, a, sizeof a);
        fmt_seconds(tc->incUs, b, sizeof b);
        if (tc->moves)
            snprintf(buf, len, "%d/%s%s%s", tc->moves, a, tc->incUs ? "+" : "", tc->incUs ? b : "");
        else
            snprintf(buf, len, "%s%s%s", a, tc->incUs ? "+" : "", tc->incUs ? b : "");
        break;
    case TC_MOVETIME:
        fmt_seconds(tc->movetimeUs, a, sizeof a);
        snprintf(buf, len, "%s/move", a);
        break;
    case TC_INFINITE:
        snprintf(buf, len, "inf");
        break;
    default:
        snprintf(buf, len, "-");
    }
}

void clock_start(Clock *c, const TimeControl *tc) {
    c->leftUs = tc->kind == TC_CLOCK ? tc->baseUs : 0;
    c->decisions = 0;
}

/* No time limit is not forever: a day, so that a hung engine still ends its game. */
#define INFINITE_ALLOWANCE_US (24 * 3600 * (int64_t)1000000)

int64_t clock_allowance_us(const Clock *c, const TimeControl *tc) {
    if (tc->kind == TC_INFINITE)
        return INFINITE_ALLOWANCE_US;
    if (tc->kind == TC_MOVETIME)
        return tc->movetimeUs + tc->marginUs;
    return c->leftUs + tc->marginUs;
}

int64_t clock_given_us(const Clock *c, const TimeControl *tc) {
    return tc->kind == TC_MOVETIME ? tc->movetimeUs : tc->kind == TC_CLOCK ? c->leftUs : -1;
}

int64_t clock_overrun_us(const Clock *c, const TimeControl *tc, int64_t elapsedUs) {
    int64_t given = clock_given_us(c, tc);
    return given >= 0 && elapsedUs > given ? elapsedUs - given : 0;
}

bool clock_debit(Clock *c, const TimeControl *tc, int64_t elapsedUs) {
    c->decisions++;
    if (tc->kind == TC_INFINITE)
        return true;
    if (tc->kind == TC_MOVETIME)
        return elapsedUs <= tc->movetimeUs + tc->marginUs;
    c->leftUs -= elapsedUs;
    if (c->leftUs < -tc->marginUs)
        return false;
    /* An overrun forgiven by the margin is not carried over as debt. */
    if (c->leftUs < 0)
        c->leftUs = 0;
    c->leftUs += tc->incUs;
    if (tc->moves && c->decisions % tc->moves == 0)
        c->leftUs += tc->baseUs;
    return true;
}

int clock_moves_to_go(const Clock *c, const TimeControl *tc) {
    if (tc->kind != TC_CLOCK || !tc->moves)
        return 0;
    return tc->moves - c->decisions % tc->moves;
}
