#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer (C targets included), in .build-asan.
# LeakSanitizer reads lsan.supp: only leaks inside XCTest, FoundationXML's libxml2 error path and
# fontconfig's one-time caches are suppressed. Extra arguments go to `swift test` (e.g. --filter Hostile).
set -euo pipefail
cd "$(dirname "$0")/.."
# print_suppressions=0: the CLI tests expect a silent standard error from child processes.
export LSAN_OPTIONS="suppressions=$PWD/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
exec swift test --sanitize=address --scratch-path .build-asan -Xswiftc -use-ld=lld "$@"
