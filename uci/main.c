/* qec: UCI on stdin/stdout, or one command from the shell (`./qec bench`, `./qec go perft 3`,
 * Stockfish's convention). Everything else lives in the other uci/ source files. */
#include <stdlib.h>
#include <string.h>

#include "../book/book.h"
#include "../engine/position.h"
#include "../search/search.h"
#include "uci.h"

int main(int argc, char **argv) {
    engine_init();
    if (argc > 1 && !strcmp(argv[1], "book")) /* qec book build|dump|probe … */
        return book_cli(argc - 1, argv + 1);
    search_init();
    Uci *u = uci_new(stdout);
    if (!u) {
        fputs("qec: out of memory\n", stderr);
        return 1;
    }
    if (argc > 1) {
        size_t len = 1;
        for (int i = 1; i < argc; i++)
            len += strlen(argv[i]) + 1;
        char *line = malloc(len);
        if (!line) {
            fputs("qec: out of memory\n", stderr);
            return 1;
        }
        line[0] = 0;
        for (int i = 1; i < argc; i++) {
            strcat(line, argv[i]);
            if (i + 1 < argc)
                strcat(line, " ");
        }
        uci_run_command(u, line);
        free(line);
    } else
        uci_loop(u, stdin);
    uci_free(u);
    return 0;
}
