#!/bin/sh
# Instruction profile of textkit laying out 1 MB (one pass of textkit-peer: the raw-HarfBuzz
# floor, then the layout) with valgrind's callgrind, which counts instructions repeatably.
#
#   Benchmarks/profile.sh [TEXT [PEER OPTIONS]]   # writes Benchmarks/.build/callgrind.out, prints the top
#   Benchmarks/profile.sh "" --pages 20curvedExclusions   # the Pages_20curvedExclusions_1MB layout
#
# Valgrind 3.19 (Debian 12) cannot read the DWARF 5 that Swift 6.3 emits ("unhandled dwarf2
# abbrev form code 0x25", then it gives up), so the profiled copy is stripped of debug info:
# function names come from the symbol table, without file and line.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
text=${1:-$here/.corpus/en-1mb.txt}
[ $# -gt 0 ] && shift
[ -f "$text" ] || python3 "$here/../scripts/make-corpus.py"
(cd "$here" && swift build -c release --product textkit-peer)
strip --strip-debug -o "$here/.build/textkit-peer-nodebug" "$here/.build/release/textkit-peer"
valgrind --tool=callgrind --callgrind-out-file="$here/.build/callgrind.out" \
    "$here/.build/textkit-peer-nodebug" --text "$text" --repeats 1 "$@" 2>&1 | grep -v "brk segment\|Limitations\|further instances"
echo "Top inclusive functions (instructions; the whole process is 100%):"
callgrind_annotate --inclusive=yes --threshold=100 "$here/.build/callgrind.out" 2>/dev/null \
    | grep -E "TextKit|BenchSupport|hb_shape |_swift_stdlib|memcpy|swift_release |swift_retain |ubrk_|ubidi_" \
    | sed -E 's/\?\?\?://; s/ \[[^]]*\]$//' | swift demangle --simplified | cut -c1-160 | head -40
