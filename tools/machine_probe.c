/* What a memory operation costs on this machine, for bench/machine.sh: the first touch of a
 * 4 KB page (a page fault, the kernel zeroing it) and an mprotect() pair. A virtual machine can
 * make both many times dearer than bare metal, and they decide figures that look like the
 * engine's: the WebAssembly engine's memory is on 4 KB pages (./qec's table is on huge pages)
 * and V8 allocates and protects memory for every function it compiles
 * (docs/results/webassembly.md). Not a test: it prints what it measured.
 *   build/release/tools/machine_probe [MiB]   the mapping touched, default 256 */
#include <stdio.h>
#include <sys/mman.h>

#include "tool_util.h"

/* Microseconds per first touch of a 4 KB page of a fresh mapping kept off huge pages. */
static double fault_us(size_t bytes) {
    volatile char *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return -1;
    madvise((void *)p, bytes, MADV_NOHUGEPAGE);
    double t0 = tool_seconds();
    for (size_t i = 0; i < bytes; i += 4096)
        p[i] = 1;
    double t = tool_seconds() - t0;
    munmap((void *)p, bytes);
    return t * 1e6 / (double)(bytes / 4096);
}

/* Microseconds per pair of mprotect() calls on one page (read only, then read-write). */
static double mprotect_us(int pairs) {
    char *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return -1;
    p[0] = 1;
    double t0 = tool_seconds();
    bool failed = false;
    for (int i = 0; i < pairs && !failed; i++)
        failed = mprotect(p, 4096, PROT_READ) || mprotect(p, 4096, PROT_READ | PROT_WRITE);
    double t = tool_seconds() - t0;
    munmap(p, 4096);
    return failed ? -1 : t * 1e6 / pairs;
}

int main(int argc, char **argv) {
    if (argc > 2) {
        fprintf(stderr, "usage: machine_probe [MiB]   (1 to 4096, default 256)\n");
        return 2;
    }
    long long mib = argc > 1 ? tool_int("MiB", argv[1], 1, 4096) : 256;
    double f = fault_us((size_t)mib << 20), m = mprotect_us(20000);
    if (f < 0 || m < 0) {
        perror("machine_probe");
        return 1;
    }
    printf("page fault (4 KB, first touch): %.2f us\n", f);
    printf("mprotect pair: %.2f us\n", m);
    return 0;
}
