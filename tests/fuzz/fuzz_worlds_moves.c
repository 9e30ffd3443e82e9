/* libFuzzer target for Haft Schroedinger move lists (what `position startpos moves …` reads,
 * S4.2): tokens separated by blanks, each read with worlds_parse_move from the start position on,
 * played and compacted as the Board does (variants/board.c, engine/worlds_uci.h). A refused token
 * must say why and change nothing; reading stops at the game's end (S3), as the Board's does.
 * After the list, every legal move is written as a token (four also in the long form, S4.1)
 * and read back to itself, and the position's FEN (S4.3), types line and world count must be
 * computable. */
#include <stdlib.h>
#include <string.h>

#include "../../engine/worlds_notation.h"
#include "../../engine/worlds_uci.h"
#include "input.h"

static WorldsPos P;
static Move legal[WORLDS_MAX_MOVES];

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    worlds_init();
    return worlds_pos_init(&P) ? 0 : 1;
}

static void check_round_trips(WorldsPos *p) {
    char tok[6], text[WORLDS_NOTATION_MAX], err[256];
    const char *why;
    int n = worlds_gen_legal(p, legal);
    if ((n > 0) != worlds_has_legal_move(p))
        abort();
    for (int i = 0; i < n; i++) {
        worlds_move_str(legal[i], tok);
        why = NULL;
        if (worlds_parse_move(p, tok, &why) != legal[i] || !worlds_is_legal(p, legal[i]))
            abort();
        if (i % (n / 4 + 1))
            continue; /* the long form of four spread over the list (writing one plays it and
                       * works out the new worlds' types and checks: most of the target's time) */
        if (!worlds_notation_format(p, legal[i], text, sizeof text) ||
            worlds_notation_parse(p, text, err, sizeof err) != legal[i])
            abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *buf = input_text(data, size), *save = NULL, line[1024];
    if (!buf)
        return 0;
    worlds_pos_reset(&P);
    int played = 0;
    for (char *t = strtok_r(buf, " \t\r\n", &save); t && played < 400; t = strtok_r(NULL, " \t\r\n", &save)) {
        if (worlds_result(&P) != WORLDS_ONGOING)
            break; /* S3: the list ends at the game's end (the Board refuses what follows, variants/board_read.c) */
        Key before = worlds_key(&P);
        const char *why = NULL;
        Move m = worlds_parse_move(&P, t, &why);
        if (m == MOVE_NONE) {
            if (!why || worlds_key(&P) != before)
                abort(); /* a refusal says why and changes nothing */
            continue;
        }
        if (!worlds_do_move(&P, m))
            abort(); /* parse said legal */
        worlds_pos_compact(&P);
        played++;
    }
    worlds_result(&P);
    worlds_repeated(&P);
    worlds_fen(&P, line, sizeof line);
    worlds_types_line(&P, line, sizeof line);
    if (worlds_world_count(&P) == 0)
        abort(); /* S1.3: a reachable position has a consistent world */
    if (worlds_notation_last_move(&P, line, sizeof line) != (played > 0))
        abort();
    check_round_trips(&P);
    free(buf);
    return 0;
}
