/* A match's progress on disk (-state FILE, docs/testers/qecmatch-resume.md): a header line (the
 * command's arguments, the seed, a fingerprint of the opening order, the PGN's length), then a
 * line for every finished game (job, game in the job, colours, result, termination, forfeit,
 * clock use, opening candidate, the PGN's length after its record) in the order the games
 * finished, from which the tournament rebuilds every statistic. A finished game's line is
 * appended and fsynced: the bytes before it are never written again, so a stop in the middle of
 * a write can cost only that line (a last line without its newline is dropped when read). The
 * whole file is written only when a run opens it and something in it must change, atomically (a
 * temporary file in the same folder, fsync, rename). This module only reads and writes the file
 * and checks each field's type and range; what a game means for the schedule is checked by the
 * tournament. */
#ifndef QEC_MATCH_STATE_H
#define QEC_MATCH_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The version written: a header line, then one line per finished game, appended. */
enum { STATE_VERSION = 2 };

/* Games a job can hold: a pair has 2, a series at most 4 (three and a sudden death). */
enum { STATE_MAX_GAMES_PER_JOB = 8 };

typedef struct {
    int job;                 /* job number in the whole schedule (Round's number - 1) */
    int game;                /* game inside the job (0-based) */
    int number;              /* game number printed ("Finished game N") */
    int white;               /* engine index of White */
    int result;              /* GAME_WHITE_WINS … GAME_BOTH_LOSE */
    int forfeit, forfeiter;  /* FORFEIT_*, colour */
    int candidate;           /* opening candidate of the slot (random openings' balance check) */
    int decisions[2], overruns[2];
    int64_t worstOverrunUs[2];
    char termination[48];
    char detail[256];        /* the forfeit's words (the PGN comment), "" without a forfeit */
    long long pgnBytes;      /* -pgnout's length after the game's record (-1: no -pgnout) */
} StateGame;

typedef struct {
    char **args;
    int nargs;
    uint64_t seed;
    int openings;            /* openings in the book (0: start position or random openings) */
    uint64_t openingsHash;   /* fingerprint of the opening order (openings_fingerprint) */
    int scheduledJobs;
    long long pgnBytes;      /* -pgnout's length after the last finished game (-1: no -pgnout) */
    long long pgnStart;      /* -pgnout's length before the match's first game (the header's) */
    StateGame *games;
    int ngames, cap;
    /* as read: the file's version (1: one JSON object, rewritten as 2 when a run opens it), and
     * a last line cut short (dropped; 0 bytes: none) */
    int version;
    long long tornBytes;
    int tornLine;
} MatchState;

/* Reads path into s. false with err for an unreadable or malformed file; *exists is false (and
 * the result true) when there is no file yet. A last line without its newline is not an error:
 * s->tornBytes and s->tornLine say it was dropped. */
bool state_load(const char *path, MatchState *s, bool *exists, char *err, size_t errlen);
/* The state in a file's text (state_load without the file): false with err when it is not JSON
 * or not a state. s is empty after a failure. */
bool state_parse(const char *text, MatchState *s, char *err, size_t errlen);
/* The file's text for s (malloc'd; NULL when memory is short): what state_save writes, the header
 * line and each game's line. */
char *state_format(const MatchState *s);
/* Writes s to path whole, atomically (path.tmp, fsync, rename, fsync of the folder). */
bool state_save(const char *path, const MatchState *s, char *err, size_t errlen);
/* Adds g to s and appends its line to the file at path (which state_save wrote), fsynced; a
 * line that could not be written whole is cut off again. A file no longer there is written
 * again whole from s (state_save), and *rewritten says so. */
bool state_append(const char *path, MatchState *s, const StateGame *g, bool *rewritten, char *err, size_t errlen);
/* Copies the command's arguments into s (in place of those it had). */
bool state_set_args(MatchState *s, int argc, char *const *argv);
/* true when argv are the arguments s was written for, but for the -state path (a moved or copied
 * file is the same match); else err names the first difference. */
bool state_same_args(const MatchState *s, int argc, char *const *argv, char *err, size_t errlen);
bool state_add_game(MatchState *s, const StateGame *g);
void state_free(MatchState *s);

#endif
