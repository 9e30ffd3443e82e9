/* The command line, in cutechess-cli's words where they fit (docs/testers/qecmatch.md, --help). */
#ifndef QEC_MATCH_CLI_H
#define QEC_MATCH_CLI_H

#include <stdio.h>

#include "tourney.h"

enum { CLI_RUN, CLI_EXIT_OK, CLI_ERROR };

/* Fills cfg; CLI_EXIT_OK after --help / --version (already printed), CLI_ERROR with err. */
int cli_parse(int argc, char **argv, MatchConfig *cfg, char *err, size_t errlen);
void cli_free(MatchConfig *cfg);
void cli_help(FILE *f);
/* One `-sprt` setting (elo0=, elo1=, alpha=, beta=, model=), and the check of the whole set;
 * `qecmatch merge` takes -sprt too. */
bool cli_sprt_key(SprtConfig *s, const char *kv, char *err, size_t errlen);
bool cli_sprt_check(const SprtConfig *s, char *err, size_t errlen);

#endif
