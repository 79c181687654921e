#!/usr/bin/env bash
# Runs the tests that exercise parallel shaping (the background workers and the claimed batches
# of LayoutManager+Shaping.swift, the shared word cache, faces loaded once, fontconfig loaded on a
# collection's own queue while it is used, attribute arrays shared by the jobs of a batch) under
# ThreadSanitizer, in .build-tsan. Any reported data race fails
# the run (TSAN_OPTIONS halt_on_error=1). Extra arguments go to `swift test`; a --filter given
# there replaces the default one.
set -euo pipefail
cd "$(dirname "$0")/.."
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1${TSAN_OPTIONS:+ $TSAN_OPTIONS}"
filter=(--filter "ParallelShaping|PipelinedShaping|Golden|Incremental|ShapeCache|ConcurrentWordCache|Noncontiguous|FontLoading|ReusedStorage|ConfigurationAhead")
for argument in "$@"; do [ "$argument" = --filter ] && filter=(); done
exec swift test --sanitize=thread --scratch-path .build-tsan -Xswiftc -use-ld=lld "${filter[@]}" "$@"
