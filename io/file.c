#include "file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

FILE *io_open_regular(const char *path, uint64_t *size, IoError *why) {
    *why = (IoError){IO_OK, 0};
    /* O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused below). */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        *why = (IoError){IO_CANNOT_OPEN, errno};
        return NULL;
    }
    struct stat sb;
    if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode) || fcntl(fd, F_SETFL, 0) != 0) {
        *why = (IoError){IO_NOT_REGULAR, 0};
        close(fd);
        return NULL;
    }
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        *why = (IoError){IO_CANNOT_OPEN, errno};
        close(fd);
        return NULL;
    }
    *size = (uint64_t)sb.st_size;
    return f;
}

void *io_read_bounded(const char *path, size_t max, size_t align, size_t *len, IoError *why) {
    uint64_t size;
    *len = 0;
    FILE *f = io_open_regular(path, &size, why);
    if (!f)
        return NULL;
    /* aligned_alloc wants a size that is a multiple of the alignment. */
    void *buf = aligned_alloc(align, (max + align) / align * align);
    if (buf)
        *len = fread(buf, 1, max + 1, f);
    else
        *why = (IoError){IO_NO_MEMORY, 0};
    fclose(f);
    return buf;
}
