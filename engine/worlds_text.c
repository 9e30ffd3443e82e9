/* Haft Schroedinger Chess as text (S4): a move's token read and written, the position's FEN
 * and its types line. Apart from worlds_query.c because these are readers and writers of text, and
 * the world-set arithmetic there is not (the fuzz build traces comparisons in text code only:
 * Makefile, FUZZ_HOT). */
#include <stdio.h>
#include <string.h>

#include "bitboard.h"
#include "worlds_internal.h"

static const char TYPE_LETTERS[5] = {'K', 'Q', 'R', 'B', 'N'};

Move worlds_parse_move(WorldsPos *p, const char *tok, const char **err) {
    const char *e = NULL;
    Move found = MOVE_NONE;
    size_t len = strlen(tok);
    if (len < 4 || len > 5 || sq_parse(tok) == NO_SQ || sq_parse(tok + 2) == NO_SQ)
        e = "malformed move";
    else if (len == 5)
        e = "a promotion takes no letter in this variant (S2.5)";
    else {
        Move cand[WORLDS_MAX_MOVES];
        int n = worlds_gen_candidates(p, cand), from = sq_parse(tok), to = sq_parse(tok + 2);
        for (int i = 0; i < n; i++)
            if (move_from(cand[i]) == from && move_to(cand[i]) == to)
                found = cand[i];
        if (found == MOVE_NONE)
            e = "no piece can make this move";
        else if (!worlds_is_legal(p, found)) {
            e = "no consistent world allows this move (S2.1)";
            found = MOVE_NONE;
        }
    }
    if (err)
        *err = e;
    return found;
}

void worlds_move_str(Move m, char *buf) {
    buf[0] = (char)('a' + sq_file(move_from(m)));
    buf[1] = (char)('1' + sq_rank(move_from(m)));
    buf[2] = (char)('a' + sq_file(move_to(m)));
    buf[3] = (char)('1' + sq_rank(move_to(m)));
    buf[4] = 0;
}

void worlds_fen(const WorldsPos *p, char *buf, size_t n) {
    const WorldsState *s = worlds_st(p);
    char out[128];
    int len = 0;
    for (int r = 7; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < 8; f++) {
            int pc = s->board[make_sq(f, r)];
            if (!pc) {
                empty++;
                continue;
            }
            if (empty)
                out[len++] = (char)('0' + empty);
            empty = 0;
            char ch = worlds_piece_id(pc) == WORLDS_PAWN_ID ? 'p' : 'm';
            out[len++] = worlds_piece_color(pc) == WHITE ? (char)(ch - 32) : ch;
        }
        if (empty)
            out[len++] = (char)('0' + empty);
        if (r)
            out[len++] = '/';
    }
    char ep[3] = "-";
    if (s->ep != NO_SQ)
        snprintf(ep, sizeof ep, "%c%c", 'a' + sq_file(s->ep), '1' + sq_rank(s->ep));
    snprintf(out + len, sizeof out - (size_t)len, " %c - %s %d %d", s->stm == WHITE ? 'w' : 'b', ep, s->halfmove,
             s->ply / 2 + 1);
    snprintf(buf, n, "%s", out);
}

void worlds_types_line(const WorldsPos *p, char *buf, size_t n) {
    const WorldsState *s = worlds_st(p);
    uint64_t live = worlds_live_pairs(s);
    WorldsSet u[2];
    worlds_live_union(s, WHITE, live, &u[WHITE]);
    worlds_live_union(s, BLACK, live, &u[BLACK]);
    size_t len = 0;
    if (n)
        buf[0] = 0;
    for (int sq = 0; sq < 64; sq++) {
        int pc = s->board[sq];
        if (!pc || worlds_piece_id(pc) == WORLDS_PAWN_ID)
            continue;
        unsigned t = worlds_union_types(s, worlds_piece_color(pc), worlds_piece_id(pc), live, &u[worlds_piece_color(pc)]);
        char item[16];
        int il = snprintf(item, sizeof item, "%s%c%c=", len ? " " : "", 'a' + sq_file(sq), '1' + sq_rank(sq));
        for (int i = 0; i < 5; i++)
            if (t & (1u << i))
                item[il++] = TYPE_LETTERS[i];
        item[il] = 0;
        if (len + (size_t)il + 1 > n)
            return;
        memcpy(buf + len, item, (size_t)il + 1);
        len += (size_t)il;
    }
}
