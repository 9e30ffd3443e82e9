#include "openings.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/links.h"
#include "pgn.h"

#define OP_FAIL(...)                                                                                                   \
    do {                                                                                                               \
        snprintf(err, errlen, __VA_ARGS__);                                                                            \
        return false;                                                                                                  \
    } while (0)

uint64_t openings_splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void openings_links_text(const Position *p, char *buf, size_t len) {
    int pairs[32][2];
    int n = pos_links(p, pairs);
    size_t at = 0;
    buf[0] = 0;
    if (!n) {
        snprintf(buf, len, "none");
        return;
    }
    for (int i = 0; i < n && at + 6 < len; i++)
        at += (size_t)snprintf(buf + at, len - at, "%s%c%c%c%c", i ? " " : "", 'a' + sq_file(pairs[i][0]),
                               '1' + sq_rank(pairs[i][0]), 'a' + sq_file(pairs[i][1]), '1' + sq_rank(pairs[i][1]));
}

static char *trim(char *s) {
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = 0;
    return s;
}

/* Sets p to the opening's root and links; the FEN is kept in the form given unless it is the
 * start position. */
static bool setup_root(Position *p, const char *fen, const char *mapText, Opening *o, char *err, size_t errlen) {
    EntMap map;
    GameEnd end;
    char buf[128];
    if (!pos_set_fen(p, fen, VARIANT_QEC, err, errlen))
        return false;
    if (!entmap_parse(mapText, &map, err, errlen) || !entmap_apply(&map, p, err, errlen))
        return false;
    if (pos_game_end(p, &end))
        OP_FAIL("the position is already over (%s)", pgn_end_name(end.reason));
    pos_fen(p, buf, sizeof buf);
    snprintf(o->fen, sizeof o->fen, "%s", strcmp(buf, PGN_START_FEN) ? fen : "");
    openings_links_text(p, o->entmap, sizeof o->entmap);
    return true;
}

static bool parse_line(char *line, Opening *o, Position *p, char *err, size_t errlen) {
    char *fields[16];
    int nf = 0;
    for (char *tok = strtok(line, ";"); tok && nf < 16; tok = strtok(NULL, ";"))
        fields[nf++] = trim(tok);
    const char *links = "default";
    for (int i = 1; i < nf; i++)
        if (!strncmp(fields[i], "links", 5) && (isspace((unsigned char)fields[i][5]) || !fields[i][5]))
            links = trim(fields[i] + 5);
    if (!*links)
        OP_FAIL("empty links field (write 'links none' for no links)");
    memset(o, 0, sizeof *o);
    return setup_root(p, fields[0], links, o, err, errlen);
}

static bool load_file(OpeningBook *b, Position *p, char *err, size_t errlen) {
    FILE *f = fopen(b->cfg.file, "r");
    if (!f)
        OP_FAIL("cannot open openings file '%s'", b->cfg.file);
    char *line = NULL;
    size_t cap = 0;
    int lineNo = 0, size = 0;
    bool ok = true;
    while (ok && getline(&line, &cap, f) >= 0) {
        lineNo++;
        char *s = trim(line);
        if (!*s || *s == '#')
            continue;
        if (b->n == size) {
            size = size ? 2 * size : 64;
            Opening *l = realloc(b->list, sizeof *l * (size_t)size);
            if (!l) {
                snprintf(err, errlen, "out of memory");
                ok = false;
                break;
            }
            b->list = l;
        }
        char why[200];
        if (!parse_line(s, &b->list[b->n], p, why, sizeof why)) {
            snprintf(err, errlen, "%s:%d: %s", b->cfg.file, lineNo, why);
            ok = false;
            break;
        }
        snprintf(b->list[b->n].label, sizeof b->list[b->n].label, "%.50s:%d", b->cfg.file, lineNo);
        b->n++;
    }
    free(line);
    fclose(f);
    if (ok && !b->n)
        OP_FAIL("openings file '%s' has no opening", b->cfg.file);
    return ok;
}

bool openings_load(OpeningBook *b, const OpeningsConfig *cfg, uint64_t seed, char *err, size_t errlen) {
    memset(b, 0, sizeof *b);
    b->cfg = *cfg;
    b->seed = cfg->hasSeed ? cfg->seed : seed;
    if (cfg->kind != OPENINGS_FILE)
        return true;
    Position *p = malloc(sizeof *p);
    if (!p)
        OP_FAIL("out of memory");
    bool ok = load_file(b, p, err, errlen);
    free(p);
    if (!ok) {
        openings_free(b);
        return false;
    }
    if (!(b->order = malloc(sizeof *b->order * (size_t)b->n))) {
        openings_free(b);
        OP_FAIL("out of memory");
    }
    for (int i = 0; i < b->n; i++)
        b->order[i] = i;
    uint64_t st = b->seed;
    for (int i = b->n - 1; cfg->randomOrder && i > 0; i--) {
        int j = (int)(openings_splitmix(&st) % (uint64_t)(i + 1));
        int t = b->order[i];
        b->order[i] = b->order[j];
        b->order[j] = t;
    }
    return true;
}

void openings_free(OpeningBook *b) {
    free(b->list);
    free(b->order);
    b->list = NULL;
    b->order = NULL;
    b->n = 0;
}

/* `plies` random whole turns; false if every try ran into the end of the game. */
static bool random_turns(Position *p, int plies, uint64_t seed, Opening *o) {
    uint64_t st = seed ^ 0x6F70656E696E67ULL; /* "opening": keeps it apart from the map's stream */
    int root = p->ply;
    for (int attempt = 0; attempt < 100; attempt++) {
        while (p->ply > root)
            pos_undo(p);
        o->nbook = 0;
        int turns = 0;
        GameEnd end;
        while (turns < plies && !pos_game_end(p, &end) && o->nbook < OPENING_MAX_BOOK) {
            Move list[MAX_MOVES];
            int n = pos_legal_decisions(p, list);
            Move m = list[openings_splitmix(&st) % (uint64_t)n];
            move_to_uci(m, o->book[o->nbook++]);
            pos_do(p, m);
            if (pos_phase(p) == PHASE_BASE)
                turns++;
        }
        if (turns == plies && pos_phase(p) == PHASE_BASE && !pos_game_end(p, &end)) {
            o->bookTurns = turns;
            return true;
        }
    }
    return false;
}

bool openings_get(const OpeningBook *b, int slot, Opening *out, Position *p, char *err, size_t errlen) {
    memset(out, 0, sizeof *out);
    switch (b->cfg.kind) {
    case OPENINGS_FILE: {
        int first = b->cfg.start > 0 ? b->cfg.start - 1 : 0;
        *out = b->list[b->order[(int)(((int64_t)first + slot) % b->n)]];
        return true;
    }
    case OPENINGS_RANDOM: {
        uint64_t s = b->seed + (uint64_t)(b->cfg.start > 0 ? b->cfg.start - 1 : 0) + (uint64_t)slot;
        char mapText[48];
        snprintf(mapText, sizeof mapText, "random %llu", (unsigned long long)s);
        if (!setup_root(p, PGN_START_FEN, mapText, out, err, errlen))
            return false;
        if (!random_turns(p, b->cfg.plies, s, out))
            OP_FAIL("random opening %llu: no %d-turn line found that does not end the game", (unsigned long long)s,
                    b->cfg.plies);
        snprintf(out->label, sizeof out->label, "random %llu", (unsigned long long)s);
        return true;
    }
    default:
        snprintf(out->label, sizeof out->label, "start");
        return setup_root(p, PGN_START_FEN, "default", out, err, errlen);
    }
}
