#ifndef CHEAPTUNING_H
#define CHEAPTUNING_H

#include <stddef.h>

/// Asks the C library's allocator to grow each heap by at least `bytes` at a time (glibc's
/// `mallopt(M_TOP_PAD, bytes)`). Returns 1 when the allocator took the setting, 0 when it did not
/// or is not glibc's.
int textkit_heap_set_top_pad(int bytes);

/// Gives the calling thread's heap room for `bytes` of allocations at once, the first time the
/// thread calls it (later calls do nothing): glibc grows a thread's heap by what each allocation
/// needs, a system call (`mprotect`) every page or two, and keeps the room once made. Made here
/// in chunks it gives back at once, so no memory stays in use. Returns 1 when the room was made
/// (or made before), 0 otherwise (allocation failed, or the C library is not glibc).
int textkit_heap_reserve_for_thread(size_t bytes);

#endif
