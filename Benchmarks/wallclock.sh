#!/bin/sh
# Where a first layout's wall-clock time goes (callgrind counts instructions; this counts time):
# `perf record -e cpu-clock` samples textkit-peer's first layout, pinned to one core, and prints
# the share of each library (the kernel's share is memory touched for the first time: page
# faults, mprotect) and of the hottest functions, within the layout's own window.
#
#   Benchmarks/wallclock.sh [CORPUS|TEXT]          # technical-en by default
#
# Needs perf (Debian: linux-perf); software events only, so it runs in VMs without hardware
# counters. Release build of textkit-peer with its debug info (function names, call chains).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
text=${1:-technical-en}
[ -f "$text" ] || text=$here/.corpus/$text.txt
[ -f "$text" ] || python3 "$here/corpora.py"
(cd "$here" && swift build -c release --product textkit-peer) >&2
out=$here/.build/wallclock.perf
json=$(taskset -c 0 perf record -q -F 20000 -e cpu-clock -g -o "$out" \
    "$here/.build/release/textkit-peer" --text "$text" --repeats 1 2>/dev/null)
first=$(echo "$json" | python3 -c 'import json, sys; print(json.load(sys.stdin)["first_layout_s"])')
echo "first layout: $first s (one core, under perf)"
perf script -i "$out" -F tid,time,ip,sym,dso 2>/dev/null | swift demangle --simplified \
    | python3 "$here/wallclock.py" "$first"
