#!/usr/bin/env bash
# Fuzzes textkit with libFuzzer and AddressSanitizer.
#
#   scripts/fuzz.sh TARGET SECONDS [LIBFUZZER-OPTION…]   one target (svg, path, styled, png, layout, pages, request)
#   scripts/fuzz.sh all SECONDS                          every target, SECONDS each
#   scripts/fuzz.sh ci                                   every target, a fixed number of runs with a
#                                                        fixed seed (about 30 s in all): what .ci/run does
#   scripts/fuzz.sh replay TARGET                        every input of the target's corpus, seeds and
#                                                        regressions once, with AddressSanitizer
#
# FUZZ_SANITIZER=none fuzzes without AddressSanitizer (libFuzzer's coverage only, built into
# .build-fuzz-plain): about twice the executions a second where the target's own checks are the
# oracle (layout's invariants). Its corpus is the same directory; `replay` then runs every input
# it kept under AddressSanitizer.
#
# Builds textkit-fuzz in release with -sanitize=fuzzer,address into .build-fuzz, then runs the
# target over its seeds (Fixtures/fuzz/TARGET) and regressions (Fixtures/fuzz/regressions/TARGET).
# New inputs go to .build-fuzz/corpus/TARGET (the fixtures are never written); a crashing, leaking
# or slow input (over 20 s) is saved under .build-fuzz/artifacts/TARGET/ and the script exits 1.
# Reproduce one with: .build-fuzz/release/textkit-fuzz TARGET FILE
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(svg path styled png layout pages request)
usage() { echo "usage: scripts/fuzz.sh {${targets[*]// /|}|all} SECONDS [libFuzzer options…] | scripts/fuzz.sh ci | scripts/fuzz.sh replay TARGET" >&2; exit 64; }
[ $# -ge 1 ] || usage
mode=$1; shift

# The longest input each target gets (layout inputs are kept small: every one is a full layout,
# an edit and every invariant), and the runs each gets in `ci` (about 6 s each on 2 cores).
max_len() { case $1 in svg) echo 8192 ;; path) echo 2048 ;; styled) echo 4096 ;; png) echo 4096 ;; layout) echo 256 ;; pages) echo 700 ;; request) echo 2048 ;; esac; }
# layout: libFuzzer's leak check after each input is off (-detect_leaks=0). Its inputs fill
# process-wide caches (fonts, fallback fonts, prepared exclusions) and allocate on background threads
# (shaping, the JSON writer), so most end with more allocations than frees: libFuzzer ran each one
# again and scanned the whole heap, at a quarter of the speed. LeakSanitizer still checks the whole
# process when the run ends.
leak_check() { case $1 in layout) echo -detect_leaks=0 ;; *) echo -detect_leaks=1 ;; esac; }
ci_runs() { case $1 in svg) echo 500 ;; path) echo 100000 ;; styled) echo 40000 ;; png) echo 15000 ;; layout) echo 1500 ;; pages) echo 300 ;; request) echo 30000 ;; esac; }

case ${FUZZ_SANITIZER:-address} in
    address) sanitizers=fuzzer,address; scratch_path=.build-fuzz ;;
    none) [ "$mode" != replay ] || { echo "fuzz: replay always uses AddressSanitizer" >&2; exit 64; }
          sanitizers=fuzzer; scratch_path=.build-fuzz-plain ;;
    *) echo "fuzz: FUZZ_SANITIZER is address or none" >&2; exit 64 ;;
esac
echo "fuzz: building textkit-fuzz (-sanitize=$sanitizers, release) in $scratch_path" >&2
swift build --product textkit-fuzz -c release --scratch-path "$scratch_path" \
    -Xswiftc -sanitize="$sanitizers" -Xswiftc -DFUZZING -Xswiftc -use-ld=lld >&2
binary=$scratch_path/release/textkit-fuzz
# print_suppressions=0: otherwise every periodic leak check prints the suppression statistics.
export LSAN_OPTIONS="suppressions=$PWD/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
# Swift's crash backtracer would take the SIGILL of a failed check (fatalError) before libFuzzer's
# handler, which then never writes the crashing input (crash-…) under -artifact_prefix.
export SWIFT_BACKTRACE=enable=no

run() {  # TARGET, then libFuzzer options
    local target=$1; shift
    local corpus=.build-fuzz/corpus/$target artifacts=.build-fuzz/artifacts/$target
    mkdir -p "$corpus" "$artifacts" "Fixtures/fuzz/regressions/$target"
    echo "fuzz: $target $*" >&2
    "$binary" "$target" "$corpus" "Fixtures/fuzz/$target" "Fixtures/fuzz/regressions/$target" \
        -max_len="$(max_len "$target")" "$(leak_check "$target")" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix="$artifacts/" "$@"
}

case $mode in
    ci)
        # Fixed seed and run counts: the same inputs every time, so CI fails only on a real regression.
        mkdir -p .build-fuzz/artifacts
        scratch=$(mktemp -d)
        trap 'rm -rf "$scratch"' EXIT
        for target in "${targets[@]}"; do
            mkdir -p "$scratch/$target" "Fixtures/fuzz/regressions/$target"
            "$binary" "$target" "$scratch/$target" "Fixtures/fuzz/$target" "Fixtures/fuzz/regressions/$target" \
                -max_len="$(max_len "$target")" "$(leak_check "$target")" -timeout=60 -rss_limit_mb=4096 -seed=1 -runs="$(ci_runs "$target")" \
                -max_total_time=60 -print_final_stats=1 -artifact_prefix=".build-fuzz/artifacts/ci-$target-" 2>&1 | tail -n 40 \
                || { echo "fuzz: $target FAILED (see above)" >&2; exit 1; }
        done
        ;;
    replay)
        [ $# -eq 1 ] && [[ " ${targets[*]} " == *" $1 "* ]] || usage
        target=$1
        mkdir -p ".build-fuzz/corpus/$target" ".build-fuzz/artifacts/$target" "Fixtures/fuzz/regressions/$target"
        # -runs=0: each input of the directories once, no mutation.
        "$binary" "$target" ".build-fuzz/corpus/$target" "Fixtures/fuzz/$target" "Fixtures/fuzz/regressions/$target" \
            -runs=0 -max_len="$(max_len "$target")" "$(leak_check "$target")" -timeout=60 -rss_limit_mb=4096 \
            -artifact_prefix=".build-fuzz/artifacts/$target/"
        ;;
    all)
        [ $# -eq 1 ] || usage
        for target in "${targets[@]}"; do run "$target" -max_total_time="$1"; done
        ;;
    *)
        [ $# -ge 1 ] || usage
        [[ " ${targets[*]} " == *" $mode "* ]] || usage
        seconds=$1; shift
        run "$mode" -max_total_time="$seconds" "$@"
        ;;
esac
