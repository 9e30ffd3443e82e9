/* Reading a file a user named (an opening book, a network, an EntMap file) so that a wrong path
 * cannot hurt the engine: only a regular file (a FIFO would wait for a writer, a device or
 * /dev/stdin would hang or eat the engine's own input), opened without blocking, and read
 * within a bound. The one place the library opens such files; the callers word the errors
 * (their messages are part of the protocol and tested), from the status this returns. */
#ifndef QEC_IO_FILE_H
#define QEC_IO_FILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum {
    IO_OK,
    IO_CANNOT_OPEN, /* open or fdopen failed; errnum says why */
    IO_NOT_REGULAR, /* a FIFO, a device, a folder, … (or fstat failed) */
    IO_NO_MEMORY,
} IoStatus;

typedef struct {
    IoStatus status;
    int errnum; /* errno of IO_CANNOT_OPEN, else 0 */
} IoError;

/* path opened for reading ("rb") when it is a regular file, in blocking mode again once it is
 * known to be one; *size is its size. NULL with *why otherwise. The caller fcloses it. */
FILE *io_open_regular(const char *path, uint64_t *size, IoError *why);

/* At most max + 1 bytes of the regular file path, so that a longer file shows as *len > max,
 * in memory aligned to align (a power of two) with room for max + 1 bytes. The caller frees
 * it. NULL with *why when the file cannot be opened or is not regular, or memory is short. */
void *io_read_bounded(const char *path, size_t max, size_t align, size_t *len, IoError *why);

#endif
