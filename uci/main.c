/* qec: UCI on stdin/stdout, or one command from the shell (`./qec bench`, `./qec go perft 3`,
 * Stockfish's convention). `--variant NAME` first, or the binary named qec-NAME, starts the
 * session in that variant (GUIs that never send UCI_Variant, docs/gui/classical-guis.md).
 * `--list variants|ends` prints the tables, so harnesses follow a new row without edits.
 * Everything else lives in the other uci/ source files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../book/book.h"
#include "../engine/position.h"
#include "../search/search.h"
#include "../variants/variants.h"
#include "uci.h"

enum { EXIT_USAGE = 2 };

/* The variant of a binary named qec-NAME (a link or a copy): NAME if it is one, else NULL, so
 * that qec-debug and qec-tsan are still plain qec. */
static const char *variant_of_name(const char *argv0) {
    const char *base = strrchr(argv0, '/');
    base = base ? base + 1 : argv0;
    return !strncmp(base, "qec-", 4) && variant_named(base + 4) ? base + 4 : NULL;
}

/* `--variant NAME` or `--variant=NAME` at argv[*i]: the name (advancing *i past it), or NULL
 * when argv[*i] is something else. A missing name is "" (refused by the caller). */
static const char *variant_flag(int argc, char **argv, int *i) {
    const char *a = argv[*i];
    if (!strncmp(a, "--variant=", 10))
        return (*i)++, a + 10;
    if (strcmp(a, "--variant"))
        return NULL;
    (*i)++;
    return *i < argc ? argv[(*i)++] : "";
}

/* `qec --list variants|ends` (docs/gui/protocol.md, "One command from the shell"): the variant
 * table and the game-end kinds, one tab-separated line each, read by the test harnesses and
 * record readers instead of lists of their own. */
static int list_table(const char *what) {
    if (what && !strcmp(what, "variants")) {
        for (int i = 0; i < VARIANT_ROW_COUNT; i++) {
            const Variant *v = &VARIANT_ROWS[i];
            printf("%s\t%s\t", v->name, *v->pgnTag ? v->pgnTag : "-");
            for (const char *const *a = v->aliases; *a; a++)
                printf("%s%s", a == v->aliases ? "" : ",", *a);
            printf("%s\n", *v->aliases ? "" : "-");
        }
        return 0;
    }
    if (what && !strcmp(what, "ends")) {
        for (int k = END_NONE + 1; k < END_KIND_COUNT; k++)
            printf("%s\t%s\n", END_KINDS[k].termination, END_KINDS[k].mated ? "mated" : "-");
        return 0;
    }
    fputs("qec: --list takes one word: variants or ends\n", stderr);
    return EXIT_USAGE;
}

int main(int argc, char **argv) {
    if (argc > 1 && !strcmp(argv[1], "--list"))
        return list_table(argc == 3 ? argv[2] : NULL);
    engine_init();
    const char *variant = argc > 0 ? variant_of_name(argv[0]) : NULL, *flag;
    int first = 1;
    while (first < argc && (flag = variant_flag(argc, argv, &first)))
        variant = flag;
    if (variant && !variant_named(variant)) {
        char names[256];
        variant_names_text(names, sizeof names);
        if (*variant)
            fprintf(stderr, "qec: --variant: no variant is named '%s'; the variants are %s\n", variant, names);
        else
            fprintf(stderr, "qec: --variant needs a name: %s\n", names);
        return EXIT_USAGE;
    }
    if (argc > first && !strcmp(argv[first], "book")) /* qec book build|dump|probe … */
        return book_cli(argc - first, argv + first);
    search_init();
    Uci *u = uci_new(stdout);
    if (!u || (variant && !uci_start_in(u, variant))) {
        fputs("qec: out of memory\n", stderr);
        uci_free(u);
        return 1;
    }
    if (argc > first) {
        size_t len = 1;
        for (int i = first; i < argc; i++)
            len += strlen(argv[i]) + 1;
        char *line = malloc(len);
        if (!line) {
            fputs("qec: out of memory\n", stderr);
            uci_free(u);
            return 1;
        }
        line[0] = 0;
        for (int i = first; i < argc; i++) {
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
