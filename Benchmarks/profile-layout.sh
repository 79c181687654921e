#!/bin/sh
# Instructions of the layout alone, function by function (self cost), with callgrind: only the
# layout pass (`LayoutManager.ensureLayout()`) and the shaping workers are counted, not the
# peer's set-up or its raw-HarfBuzz floor. With --repeats 2 the second layout is added; the
# difference of the two tables is what a layout in a warm process costs.
#
#   Benchmarks/profile-layout.sh CORPUS|TEXT [--repeats N] [OUT]   # OUT: Benchmarks/.build/layout.out
#   Benchmarks/profile-layout.sh --compare A.self B.self           # functions by A − B, largest first
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if [ "${1:-}" = "--compare" ]; then
    exec python3 - "$2" "$3" <<'PY'
import re, sys
def load(path):
    costs = {}
    for line in open(path):
        m = re.match(r'\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.*)', line)
        if m: costs[m.group(2)[:150]] = costs.get(m.group(2)[:150], 0) + int(m.group(1).replace(',', ''))
    return costs
a, b = load(sys.argv[1]), load(sys.argv[2])
rows = sorted(((a.get(k, 0) - b.get(k, 0), k) for k in set(a) | set(b)), reverse=True)
print("   A - B (M)      A (M)  function")
for d, k in rows[:30] + [r for r in rows[-10:] if r[0] < 0]:
    print(f"{d / 1e6:9.2f} {a.get(k, 0) / 1e6:10.2f}  {k}")
PY
fi
text=$1; shift
[ -f "$text" ] || text=$here/.corpus/$text.txt
repeats=1
if [ "${1:-}" = "--repeats" ]; then repeats=$2; shift 2; fi
out=${1:-$here/.build/layout.out}
(cd "$here" && swift build -c release --product textkit-peer >&2)
peer=$here/.build/textkit-peer-nodebug
strip --strip-debug -o "$peer" "$here/.build/release/textkit-peer"
# The pass and the workers' closure, by their mangled names (no debug info for valgrind 3.19).
pass=$(nm "$peer" | awk '{print $3}' | grep -m1 '^$s7TextKit13LayoutManagerC06ensureC0yyF$')
worker=$(nm "$peer" | awk '{print $3}' | grep 'startShaping' | grep -m1 'yyYbcfU[0-9]*_TA$')
valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect="$pass" --toggle-collect="$worker" \
    "$peer" --text "$text" --repeats "$repeats" 2>&1 | grep '"engine"' >&2 || true
callgrind_annotate --threshold=100 "$out" 2>/dev/null | sed -E 's/\?\?\?://; s/ \[[^]]*\]$//' \
    | swift demangle --simplified > "$out.self"
echo "self costs: $out.self" >&2
grep "PROGRAM TOTALS" "$out.self" >&2
sed -n '/PROGRAM TOTALS/,$p' "$out.self" | grep -E '^ *[0-9,]+ ' | grep -v 'PROGRAM TOTALS' | head -30
