/* PLACEHOLDER until the UCI issue lands: position startpos|fen … [moves …], go perft N. */
#include <stdio.h>
#include <string.h>

#include "../engine/links.h"
#include "../engine/perft.h"
#include "../search/search.h"

static Position pos;

int main(void) {
    char line[4096], err[256];
    engine_init();
    search_init();
    pos_set_fen(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", VARIANT_QEC, err, sizeof err);
    EntMap map;
    entmap_default(&map);
    entmap_apply(&map, &pos, err, sizeof err);
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        int depth;
        if (!strcmp(line, "quit"))
            break;
        if (sscanf(line, "go perft %d", &depth) == 1) {
            Move moves[MAX_MOVES];
            uint64_t counts[MAX_MOVES], total = 0;
            int n = perft_divide(&pos, depth, moves, counts);
            for (int i = 0; i < n; i++) {
                char tok[6];
                move_to_uci(moves[i], tok);
                printf("%s: %llu\n", tok, (unsigned long long)counts[i]);
                total += counts[i];
            }
            printf("\nNodes searched: %llu\n", (unsigned long long)total);
        }
        fflush(stdout);
    }
    return 0;
}
