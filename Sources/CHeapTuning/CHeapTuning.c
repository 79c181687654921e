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
