/* `qecmatch merge [-sprt ...] [-jsonout F] A.json B.json ...`: sums the -jsonout summaries of
 * the shards of one match (-shard I/N) and reports them as the unsharded run would: W/D/L,
 * pentanomial counts, forfeits, terminations, Elo, LOS and the SPRT verdict from the sums. */
#ifndef QEC_MATCH_MERGE_H
#define QEC_MATCH_MERGE_H

/* argv[0] is "merge"; returns the exit status (0 merged, 1 a file is unreadable or does not
 * belong to the same match as the others, 2 bad command line). */
int merge_main(int argc, char **argv);

#endif
