#include "CHeapTuning.h"

#include <stdlib.h> // defines __GLIBC__ where the C library is glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int textkit_heap_set_top_pad(int bytes) {
#if defined(__GLIBC__)
    return mallopt(M_TOP_PAD, bytes);
#else
    (void)bytes;
    return 0;
#endif
}

int textkit_heap_reserve_for_thread(size_t bytes) {
#if defined(__GLIBC__)
    // Once a thread: its arena keeps the room it was given.
    static __thread int reserved;
    if (reserved) return 1;
    reserved = 1;
    // Chunks below glibc's smallest threshold for allocating with mmap (128 KiB), so they come
    // from the thread's heap, each growing it once; freed first to last, they merge into one
    // free chunk, which the heap then trims (its pages handed back, unmapped in effect, but still
    // readable and writable: glibc grows a heap within that room without another mprotect).
    enum { chunkSize = 120 * 1024, mostChunks = 1024 };
    void *chunks[mostChunks];
    size_t count = bytes / chunkSize, made = 0;
    if (count > mostChunks) count = mostChunks;
    while (made < count && (chunks[made] = malloc(chunkSize)) != NULL) made++;
    for (size_t index = 0; index < made; index++) free(chunks[index]);
    return made == count;
#else
    (void)bytes;
    return 0;
#endif
}
