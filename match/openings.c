#include "openings.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <xxhash.h>

#include "../engine/links.h"
#include "../record/record.h"
#include "../variants/board.h"
#include "fail.h"

#define OP_FAIL(...) return match_fail(err, errlen, __VA_ARGS__)

static char *trim(char *s) {
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = 0;
    return s;
}

/* Sets p to the opening's root and links; the FEN is kept in the form given (QEC) or as engine/
 * writes it (6 fields, as PGN readers want), unless it is the start position. */
static bool setup_root(Position *p, const Variant *variant, const char *fen, const char *mapText, Opening *o, char *err,
                       size_t errlen) {
    EntMap map;
    GameEnd end;
    char buf[128];
    bool links = variant_links(variant);
    if (!variant_set_fen(variant, p, fen, err, errlen))
        return false;
    if (links && (!entmap_parse(mapText, &map, err, errlen) || !entmap_apply(&map, p, err, errlen)))
        return false;
    if (!links && strcmp(mapText, "default") && strcmp(mapText, "none"))
        OP_FAIL("links '%s': the %s variant has no links", mapText, variant->name);
    if (pos_game_end(p, &end))
        OP_FAIL("the position is already over (%s)", pgn_end_name(end.reason));
    pos_fen(p, buf, sizeof buf);
    snprintf(o->fen, sizeof o->fen, "%s", !strcmp(buf, PGN_START_FEN) ? "" : links ? fen : buf);
    if (links)
        entmap_text(p, o->entmap, sizeof o->entmap);
    return true;
}

static bool is_number(const char *s) {
    if (!*s)
        return false;
    while (isdigit((unsigned char)*s))
        s++;
    return !*s;
}

/* The FEN of an EPD record: its first four fields and the numbers that follow them (the two
 * clocks, then any counters the variant's row adds, engine/variant.h); the EPD operations
 * after them ("bm e4", "id ...") are dropped. A number too many is left for pos_set_fen to
 * refuse by name, not dropped here. */
static void epd_fen(const char *field, char *out, size_t len) {
    char copy[512], *words[16], *save = NULL;
    int n = 0;
    snprintf(copy, sizeof copy, "%s", field);
    for (char *w = strtok_r(copy, " \t", &save); w && n < 16; w = strtok_r(NULL, " \t", &save))
        words[n++] = w;
    int keep = n < 4 ? n : 4;
    while (keep < n && is_number(words[keep]))
        keep++;
    size_t at = 0;
    out[0] = 0;
    for (int i = 0; i < keep && at < len; i++)
        at += (size_t)snprintf(out + at, len - at, "%s%s", i ? " " : "", words[i]);
}

static bool parse_line(char *line, Opening *o, Position *p, const Variant *variant, char *err, size_t errlen) {
    char *fields[16], fen[160];
    int nf = 0;
    char *save = NULL;
    for (char *tok = strtok_r(line, ";", &save); tok && nf < 16; tok = strtok_r(NULL, ";", &save))
        fields[nf++] = trim(tok);
    const char *links = "default";
    for (int i = 1; i < nf; i++)
        if (!strncmp(fields[i], "links", 5) && (isspace((unsigned char)fields[i][5]) || !fields[i][5]))
            links = trim(fields[i] + 5);
    if (!*links)
        OP_FAIL("empty links field (write 'links none' for no links)");
    memset(o, 0, sizeof *o);
    epd_fen(fields[0], fen, sizeof fen);
    return setup_root(p, variant, fen, links, o, err, errlen);
}

/* ---- a row whose games start at the start position only (its `fen` false, S4.2): an
 * opening is a move list from there, read and played on a Board ---- */

/* Plays token `tok` as book move of o on b (legal, not after the end of the game). */
static bool book_move(Board *b, const char *tok, Opening *o, char *err, size_t errlen) {
    char why[256];
    if (o->nbook == OPENING_MAX_BOOK)
        OP_FAIL("more than %d moves", OPENING_MAX_BOOK);
    if (!board_play_token(b, tok, false, why, sizeof why))
        OP_FAIL("move %d (%.8s): %s", o->nbook + 1, tok, why);
    snprintf(o->book[o->nbook++], sizeof o->book[0], "%s", tok);
    return true;
}

static bool book_done(Board *b, Opening *o, char *err, size_t errlen) {
    GameEnd end;
    if (board_game_end(b, &end))
        OP_FAIL("the opening ends the game (%s)", pgn_end_name(end.reason));
    o->bookTurns = o->nbook;
    return true;
}

/* `startpos [moves <tokens>]` (the form of tests/data/schroedinger-perft-public.epd; the `;`
 * fields after it are ignored). */
static bool move_list_line(char *line, Opening *o, Board *b, const Variant *v, char *err, size_t errlen) {
    char *save = NULL, *field = strtok_r(line, ";", &save), *w;
    memset(o, 0, sizeof *o);
    if (!board_set_fen(b, v, NULL, err, errlen))
        return false;
    if (!field || !(w = strtok_r(field, " \t", &save)) || strcmp(w, "startpos"))
        OP_FAIL("want 'startpos [moves …]': a %s opening is a move list from the start position (S4.2)", v->name);
    if ((w = strtok_r(NULL, " \t", &save)) && strcmp(w, "moves"))
        OP_FAIL("want 'moves' after 'startpos', not '%.24s'", w);
    while (w && (w = strtok_r(NULL, " \t", &save)))
        if (!book_move(b, w, o, err, errlen))
            return false;
    return book_done(b, o, err, errlen);
}

/* Such a PGN game's first `plies` moves (all with plies 0). */
static bool move_list_game(const PgnGame *g, Opening *o, Board *b, int plies, char *err, size_t errlen) {
    memset(o, 0, sizeof *o);
    if (g->fen[0])
        OP_FAIL("a %s game has no FEN (S4.2)", g->variant->name);
    if (!board_set_fen(b, g->variant, NULL, err, errlen))
        return false;
    int n = plies && plies < g->ndec ? plies : g->ndec;
    for (int i = 0; i < n; i++)
        if (!book_move(b, g->dec[i].tok, o, err, errlen))
            return false;
    return book_done(b, o, err, errlen);
}

/* `plies` random legal moves from the start position that do not end the game. */
static bool random_moves(const Variant *v, Position *scratch, int plies, uint64_t seed, Opening *o, char *err,
                         size_t errlen) {
    uint64_t st = seed ^ 0x6F70656E696E67ULL; /* "opening", as random_turns */
    Board b = {.pos = scratch};
    bool found = false;
    GameEnd end;
    for (int attempt = 0; attempt < 100 && !found; attempt++) {
        if (!board_set_fen(&b, v, NULL, err, errlen)) {
            board_close(&b);
            return false;
        }
        memset(o, 0, sizeof *o);
        while (o->nbook < plies && o->nbook < OPENING_MAX_BOOK && !board_game_end(&b, &end)) {
            Move list[MAX_MOVES];
            int n = board_legal(&b, list);
            Move m = list[splitmix64_next(&st) % (uint64_t)n];
            board_token(&b, m, o->book[o->nbook++]);
            board_do(&b, m);
        }
        found = o->nbook == plies && !board_game_end(&b, &end);
    }
    board_close(&b);
    if (!found)
        OP_FAIL("random opening %llu: no %d-move line found that does not end the game", (unsigned long long)seed, plies);
    o->bookTurns = plies;
    return true;
}

/* One PGN game as an opening: its root and its first `plies` moves (all with plies 0). */
static bool pgn_opening(const PgnGame *g, Opening *o, Position *p, const OpeningsConfig *cfg, char *err,
                        size_t errlen) {
    if (!pgn_replay(g, p, err, errlen))
        return false;
    memset(o, 0, sizeof *o);
    if (!setup_root(p, g->variant, g->fen[0] ? g->fen : PGN_START_FEN, g->entmap[0] ? g->entmap : "default", o, err,
                    errlen))
        return false;
    int n = cfg->plies && cfg->plies < g->ndec ? cfg->plies : g->ndec;
    if (n > OPENING_MAX_BOOK)
        n = OPENING_MAX_BOOK;
    for (int i = 0; i < n; i++) {
        Move m = pos_parse_decision(p, g->dec[i].tok);
        GameEnd end;
        if (m == MOVE_NONE || pos_game_end(p, &end))
            OP_FAIL("move %d (%s) does not continue the game", i + 1, g->dec[i].tok);
        snprintf(o->book[o->nbook++], sizeof o->book[0], "%s", g->dec[i].tok);
        o->bookTurns += g->dec[i].phase == PHASE_BASE;
        pos_do(p, m);
    }
    GameEnd end;
    if (pos_phase(p) != PHASE_BASE || pos_game_end(p, &end))
        OP_FAIL("the opening ends mid-turn or with the end of the game");
    return true;
}

static bool grow_list(OpeningBook *b, int *size, char *err, size_t errlen) {
    if (b->n < *size)
        return true;
    *size = *size ? 2 * *size : 64;
    Opening *l = realloc(b->list, sizeof *l * (size_t)*size);
    if (!l)
        OP_FAIL("out of memory");
    b->list = l;
    return true;
}

/* Where file openings are checked: a Position, or a Board of a row without FEN openings. */
typedef struct {
    Position *pos;
    Board board;
} Scratch;

static bool game_opening(const OpeningBook *b, const PgnGame *g, Opening *o, Scratch *sc, char *err, size_t errlen) {
    if (g->variant != b->cfg.variant)
        OP_FAIL("a %s game in a %s match", g->variant->name, b->cfg.variant->name);
    return !g->variant->fen ? move_list_game(g, o, &sc->board, b->cfg.plies, err, errlen)
                            : pgn_opening(g, o, sc->pos, &b->cfg, err, errlen);
}

static bool line_opening(const OpeningBook *b, char *line, Opening *o, Scratch *sc, char *err, size_t errlen) {
    return !b->cfg.variant->fen ? move_list_line(line, o, &sc->board, b->cfg.variant, err, errlen)
                                : parse_line(line, o, sc->pos, b->cfg.variant, err, errlen);
}

static bool load_pgn(OpeningBook *b, FILE *f, Scratch *sc, char *err, size_t errlen) {
    PgnGame g;
    char why[200];
    int size = 0, rc;
    bool ok = true;
    pgn_init(&g);
    for (int no = 1; ok && (rc = pgn_read(f, &g, why, sizeof why)) != 0; no++) {
        if (rc < 0 || !grow_list(b, &size, why, sizeof why) || !game_opening(b, &g, &b->list[b->n], sc, why, sizeof why)) {
            snprintf(err, errlen, "%s: game %d: %s", b->cfg.file, no, why);
            ok = false;
            break;
        }
        snprintf(b->list[b->n].label, sizeof b->list[b->n].label, "%.50s#%d", b->cfg.file, no);
        b->n++;
    }
    pgn_free(&g);
    return ok;
}

static bool is_pgn_file(const OpeningsConfig *c) {
    size_t n = strlen(c->file);
    return c->format == OPENINGS_FORMAT_PGN ||
           (c->format == OPENINGS_FORMAT_AUTO && n > 4 && !strcasecmp(c->file + n - 4, ".pgn"));
}

static bool load_epd(OpeningBook *b, FILE *f, Scratch *sc, char *err, size_t errlen) {
    char *line = NULL;
    size_t cap = 0;
    int lineNo = 0, size = 0;
    bool ok = true;
    while (ok && getline(&line, &cap, f) >= 0) {
        lineNo++;
        char *s = trim(line);
        if (!*s || *s == '#')
            continue;
        char why[200];
        if (!grow_list(b, &size, why, sizeof why) || !line_opening(b, s, &b->list[b->n], sc, why, sizeof why)) {
            snprintf(err, errlen, "%s:%d: %s", b->cfg.file, lineNo, why);
            ok = false;
            break;
        }
        snprintf(b->list[b->n].label, sizeof b->list[b->n].label, "%.50s:%d", b->cfg.file, lineNo);
        b->n++;
    }
    free(line);
    return ok;
}

static bool load_file(OpeningBook *b, Scratch *sc, char *err, size_t errlen) {
    FILE *f = fopen(b->cfg.file, "r");
    if (!f)
        OP_FAIL("cannot open openings file '%s'", b->cfg.file);
    bool ok = is_pgn_file(&b->cfg) ? load_pgn(b, f, sc, err, errlen) : load_epd(b, f, sc, err, errlen);
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
    Scratch sc = {.pos = malloc(sizeof *sc.pos)};
    if (!sc.pos)
        OP_FAIL("out of memory");
    sc.board.pos = sc.pos;
    bool ok = load_file(b, &sc, err, errlen);
    board_close(&sc.board);
    free(sc.pos);
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
        int j = (int)(splitmix64_next(&st) % (uint64_t)(i + 1));
        int t = b->order[i];
        b->order[i] = b->order[j];
        b->order[j] = t;
    }
    return true;
}

uint64_t openings_fingerprint(const OpeningBook *b) {
    XXH64_state_t *h = XXH64_createState();
    if (!h)
        return 0;
    XXH64_reset(h, b->seed);
    for (int i = 0; i < b->n; i++) {
        const Opening *o = &b->list[b->order[i]];
        XXH64_update(h, o->fen, strlen(o->fen) + 1);
        XXH64_update(h, o->entmap, strlen(o->entmap) + 1);
        for (int k = 0; k < o->nbook; k++)
            XXH64_update(h, o->book[k], strlen(o->book[k]) + 1);
        XXH64_update(h, &o->nbook, sizeof o->nbook);
    }
    uint64_t v = XXH64_digest(h);
    XXH64_freeState(h);
    return v;
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
            Move m = list[splitmix64_next(&st) % (uint64_t)n];
            move_to_uci_variant(m, p->variant, o->book[o->nbook++]);
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
    return openings_candidate(b, slot, 0, out, p, err, errlen);
}

bool openings_candidate(const OpeningBook *b, int slot, int k, Opening *out, Position *p, char *err,
                        size_t errlen) {
    memset(out, 0, sizeof *out);
    switch (b->cfg.kind) {
    case OPENINGS_FILE: {
        int first = b->cfg.start > 0 ? b->cfg.start - 1 : 0;
        *out = b->list[b->order[(int)(((int64_t)first + slot) % b->n)]];
        return true;
    }
    case OPENINGS_RANDOM: {
        uint64_t s = b->seed + (uint64_t)(b->cfg.start > 0 ? b->cfg.start - 1 : 0) + (uint64_t)slot;
        if (k > 0) { /* far from the seeds of the other slots (S + i) */
            uint64_t st = s ^ ((uint64_t)k * 0xD1B54A32D192ED03ULL);
            s = splitmix64_next(&st);
        }
        if (!b->cfg.variant->fen) { /* S4.2: moves from the start position, no map */
            if (!random_moves(b->cfg.variant, p, b->cfg.plies, s, out, err, errlen))
                return false;
            snprintf(out->label, sizeof out->label, "random %llu", (unsigned long long)s);
            return true;
        }
        char mapText[48];
        snprintf(mapText, sizeof mapText, "random %llu", (unsigned long long)s);
        if (!setup_root(p, b->cfg.variant, PGN_START_FEN, variant_links(b->cfg.variant) ? mapText : "default",
                        out, err, errlen))
            return false;
        if (!random_turns(p, b->cfg.plies, s, out))
            OP_FAIL("random opening %llu: no %d-turn line found that does not end the game", (unsigned long long)s,
                    b->cfg.plies);
        snprintf(out->label, sizeof out->label, "random %llu", (unsigned long long)s);
        return true;
    }
    default:
        snprintf(out->label, sizeof out->label, "start");
        if (!b->cfg.variant->fen)
            return true; /* the start position: empty FEN, no map, no moves */
        return setup_root(p, b->cfg.variant, PGN_START_FEN, "default", out, err, errlen);
    }
}
