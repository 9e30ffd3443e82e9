#include "links.h"
#include "variant.h"

#include <cJSON.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* R1.4, pawn square first. */
static const char *const DEFAULT_PAIRS[14] = {"a2a8", "b2b8", "c2c8", "d2d8", "e2f8", "f2g8", "g2h8",
                                              "a7a1", "b7b1", "c7c1", "d7d1", "e7f1", "f7g1", "g7h1"};
static const char PIECE_LETTERS[] = " PNBRQK";

void entmap_default(EntMap *m) {
    memset(m, 0, sizeof *m);
    m->kind = ENTMAP_DEFAULT;
    m->freePawn[0].square = m->freePawn[1].square = NO_SQ;
}

/* "W_P_a2" -> square and piece. */
static bool parse_id(const char *id, EntMapEnd *e) {
    if (!id || strlen(id) != 6 || (id[0] != 'W' && id[0] != 'B') || id[1] != '_' || id[3] != '_')
        return false;
    const char *pt = strchr(PIECE_LETTERS + 1, id[2]);
    int s = sq_parse(id + 4);
    if (!pt || !id[2] || s == NO_SQ)
        return false;
    e->square = s;
    e->piece = make_piece(id[0] == 'W' ? WHITE : BLACK, (int)(pt - PIECE_LETTERS));
    return true;
}

#define MAP_FAIL(...)                                                                                                  \
    do {                                                                                                               \
        snprintf(err, errlen, __VA_ARGS__);                                                                            \
        return false;                                                                                                  \
    } while (0)

static bool parse_json_side(const cJSON *obj, const char *name, int pawnColor, EntMap *m, char *err, size_t errlen) {
    if (!obj)
        return true;
    if (!cJSON_IsObject(obj))
        MAP_FAIL("EntMap: \"%s\" must be an object of pawn id to officer id", name);
    for (const cJSON *it = obj->child; it; it = it->next) {
        EntMapEnd a, b;
        if (!parse_id(it->string, &a) || piece_type(a.piece) != PAWN || piece_color(a.piece) != pawnColor)
            MAP_FAIL("EntMap: bad pawn id \"%s\" in \"%s\" (want e.g. %s)", it->string ? it->string : "", name,
                     pawnColor == WHITE ? "W_P_a2" : "B_P_a7");
        if (!cJSON_IsString(it) || !parse_id(it->valuestring, &b) || piece_color(b.piece) == pawnColor)
            MAP_FAIL("EntMap: bad officer id for \"%s\" in \"%s\" (want e.g. %s)", it->string, name,
                     pawnColor == WHITE ? "B_R_a8" : "W_R_a1");
        if (m->npairs == 32)
            MAP_FAIL("EntMap: too many links");
        m->pairs[m->npairs][0] = a;
        m->pairs[m->npairs][1] = b;
        m->npairs++;
    }
    return true;
}

static bool parse_json(const char *text, EntMap *m, char *err, size_t errlen) {
    cJSON *root = cJSON_Parse(text);
    if (!root)
        MAP_FAIL("EntMap: invalid JSON near \"%.20s\"", cJSON_GetErrorPtr() ? cJSON_GetErrorPtr() : "");
    bool ok = cJSON_IsObject(root);
    if (!ok)
        snprintf(err, errlen, "EntMap: the JSON map must be an object");
    for (const cJSON *it = ok ? root->child : NULL; it && ok; it = it->next) {
        const char *k = it->string ? it->string : "";
        if (!strcmp(k, "W_pawn_to_black"))
            ok = parse_json_side(it, k, WHITE, m, err, errlen);
        else if (!strcmp(k, "B_pawn_to_white"))
            ok = parse_json_side(it, k, BLACK, m, err, errlen);
        else if (!strcmp(k, "white_free_pawn") || !strcmp(k, "black_free_pawn")) {
            int c = k[0] == 'w' ? WHITE : BLACK;
            EntMapEnd e;
            ok = cJSON_IsString(it) && parse_id(it->valuestring, &e) && e.piece == make_piece(c, PAWN);
            if (!ok)
                snprintf(err, errlen, "EntMap: \"%s\" must be a %s pawn id such as %s", k,
                         c == WHITE ? "white" : "black", c == WHITE ? "W_P_h2" : "B_P_h7");
            else
                m->freePawn[c] = e;
        } else {
            ok = false;
            snprintf(err, errlen, "EntMap: unknown JSON key \"%s\"", k);
        }
    }
    cJSON_Delete(root);
    return ok;
}

static bool parse_pairs(const char *text, EntMap *m, char *err, size_t errlen) {
    const char *s = text;
    while (*s) {
        while (isspace((unsigned char)*s) || *s == ',')
            s++;
        if (!*s)
            break;
        size_t len = strcspn(s, " \t\r\n,");
        int a = len == 4 ? sq_parse(s) : NO_SQ, b = len == 4 ? sq_parse(s + 2) : NO_SQ;
        if (a == NO_SQ || b == NO_SQ)
            MAP_FAIL("EntMap: bad link \"%.*s\" (want a pawn square and an officer square, e.g. a2a8)",
                     (int)(len > 16 ? 16 : len), s);
        if (m->npairs == 32)
            MAP_FAIL("EntMap: too many links");
        m->pairs[m->npairs][0] = (EntMapEnd){a, NO_PIECE};
        m->pairs[m->npairs][1] = (EntMapEnd){b, NO_PIECE};
        m->npairs++;
        s += len;
    }
    return true;
}

bool entmap_parse(const char *text, EntMap *out, char *err, size_t errlen) {
    EntMap m;
    entmap_default(&m);
    while (isspace((unsigned char)*text))
        text++;
    size_t len = strlen(text);
    while (len && isspace((unsigned char)text[len - 1]))
        len--;
    char *t = malloc(len + 1);
    if (!t)
        MAP_FAIL("EntMap: out of memory");
    memcpy(t, text, len);
    t[len] = 0;
    bool ok = true;
    if (!strcmp(t, "default"))
        m.kind = ENTMAP_DEFAULT;
    else if (!strcmp(t, "none") || !*t)
        m.kind = ENTMAP_NONE;
    else if (!strncmp(t, "random", 6) && (!t[6] || isspace((unsigned char)t[6]))) {
        char *end;
        const char *num = t + 6;
        while (isspace((unsigned char)*num))
            num++;
        m.kind = ENTMAP_RANDOM;
        m.seed = strtoull(num, &end, 10);
        ok = *num >= '0' && *num <= '9' && !*end;
        if (!ok)
            snprintf(err, errlen, "EntMap: 'random' needs a seed, a whole number (e.g. random 42)");
    } else {
        m.kind = ENTMAP_PAIRS;
        ok = t[0] == '{' ? parse_json(t, &m, err, errlen) : parse_pairs(t, &m, err, errlen);
    }
    free(t);
    if (ok)
        *out = m;
    return ok;
}

/* ---- resolution against a board ---- */

static void shuffle(int *a, int n, uint64_t seed, uint64_t stream) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(zobrist_hash(seed ^ (stream << 56), (uint64_t)i) % (uint64_t)(i + 1));
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

static bool apply_random(const EntMap *m, Position *p, char *err, size_t errlen) {
    for (int c = WHITE; c <= BLACK; c++) {
        int pawns[16], officers[16], np = 0, no = 0;
        Bitboard b = pos_pieces(p, c, PAWN);
        while (b)
            pawns[np++] = pop_lsb(&b);
        b = p->byColor[c ^ 1] & (p->byType[KNIGHT] | p->byType[BISHOP] | p->byType[ROOK] | p->byType[QUEEN]);
        while (b && no < 16)
            officers[no++] = pop_lsb(&b);
        shuffle(pawns, np, m->seed, (uint64_t)(2 * c + 1));
        shuffle(officers, no, m->seed, (uint64_t)(2 * c + 2));
        for (int i = 0; i < np && i < no; i++)
            if (!pos_add_link(p, pawns[i], officers[i], err, errlen))
                return false;
    }
    return true;
}

static bool end_fits(const Position *p, const EntMapEnd *e, char *err, size_t errlen) {
    if (e->piece != NO_PIECE && p->board[e->square] != e->piece)
        MAP_FAIL("EntMap: %c_%c_%c%c does not fit the position (square %c%c holds %s)",
                 piece_color(e->piece) == WHITE ? 'W' : 'B', PIECE_LETTERS[piece_type(e->piece)],
                 'a' + sq_file(e->square), '1' + sq_rank(e->square), 'a' + sq_file(e->square),
                 '1' + sq_rank(e->square), p->board[e->square] ? "another piece" : "nothing");
    return true;
}

static bool apply_pairs(const EntMap *m, Position *p, char *err, size_t errlen) {
    for (int i = 0; i < m->npairs; i++)
        if (!end_fits(p, &m->pairs[i][0], err, errlen) || !end_fits(p, &m->pairs[i][1], err, errlen) ||
            !pos_add_link(p, m->pairs[i][0].square, m->pairs[i][1].square, err, errlen))
            return false;
    for (int c = WHITE; c <= BLACK; c++) {
        const EntMapEnd *f = &m->freePawn[c];
        if (f->square == NO_SQ)
            continue;
        if (!end_fits(p, f, err, errlen))
            return false;
        if (p->link[f->square] != NO_SQ)
            MAP_FAIL("EntMap: %s free pawn %c%c is also linked", c == WHITE ? "white" : "black",
                     'a' + sq_file(f->square), '1' + sq_rank(f->square));
    }
    return true;
}

static void apply_default(Position *p) {
    char err[8];
    for (int i = 0; i < 14; i++) {
        int a = sq_parse(DEFAULT_PAIRS[i]), b = sq_parse(DEFAULT_PAIRS[i] + 2);
        int pawnColor = i < 7 ? WHITE : BLACK;
        if (p->board[a] == make_piece(pawnColor, PAWN) && p->board[b] && piece_color(p->board[b]) != pawnColor)
            pos_add_link(p, a, b, err, sizeof err); /* a king or a taken piece just fails */
    }
}

bool entmap_apply(const EntMap *m, Position *p, char *err, size_t errlen) {
    uint8_t saved[64];
    Key savedKey = p->st[p->ply].entKey;
    memcpy(saved, p->link, sizeof saved);
    pos_clear_links(p);
    bool ok = true;
    if (!VARIANTS[p->variant].links) {
        if (m->kind == ENTMAP_PAIRS && m->npairs)
            ok = false, snprintf(err, errlen, "EntMap: the %s variant has no links", VARIANTS[p->variant].name);
    } else if (m->kind == ENTMAP_DEFAULT)
        apply_default(p);
    else if (m->kind == ENTMAP_RANDOM)
        ok = apply_random(m, p, err, errlen);
    else if (m->kind == ENTMAP_PAIRS)
        ok = apply_pairs(m, p, err, errlen);
    if (!ok) {
        memcpy(p->link, saved, sizeof saved);
        p->st[p->ply].entKey = savedKey;
    }
    return ok;
}

void entmap_text(const Position *p, char *buf, size_t len) {
    int pairs[32][2];
    int n = pos_links(p, pairs);
    size_t at = 0;
    snprintf(buf, len, "none");
    for (int i = 0; i < n && at + 6 < len; i++)
        at += (size_t)snprintf(buf + at, len - at, "%s%c%c%c%c", i ? " " : "", 'a' + sq_file(pairs[i][0]),
                               '1' + sq_rank(pairs[i][0]), 'a' + sq_file(pairs[i][1]), '1' + sq_rank(pairs[i][1]));
}
