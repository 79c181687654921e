#ifndef CHEAPTUNING_H
#define CHEAPTUNING_H

/// Asks the C library's allocator to grow each heap by at least `bytes` at a time (glibc's
/// `mallopt(M_TOP_PAD, bytes)`). Returns 1 when the allocator took the setting, 0 when it did not
/// or is not glibc's.
int textkit_heap_set_top_pad(int bytes);

#endif
