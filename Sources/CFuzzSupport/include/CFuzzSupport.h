#ifndef CFUZZSUPPORT_H
#define CFUZZSUPPORT_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver, for programs that keep their own `main`.
///
/// SwiftPM links executables with `--defsym main=<target>_main`, so libFuzzer's own `main` never
/// runs; `textkit-fuzz` calls this from its `@main` instead (shared/docs/native-deps.md §8).
/// Defined by libFuzzer's runtime, which `-sanitize=fuzzer` links; only called when the fuzz
/// target is built with `-DFUZZING`, so a plain build links without it.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
