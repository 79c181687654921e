#!/bin/sh
# Where a first layout's page faults come from: each minor fault (a page the process touches for
# the first time) inside the layout (the pass or a shaping worker on the stack), counted under the
# first TextKit function on its stack and, for the standard library's array growth and the
# shared initializers, under the TextKit functions that called them. A fault costs about 1.3 µs
# on the 2-core VM of the README's figures (a C loop writing 10,000 fresh pages: 13 ms; asking the
# kernel to map them ahead, MADV_POPULATE_WRITE or MAP_POPULATE, costs the same), so the pages a
# layout keeps are a cost of their own beside its instructions.
#
#   Benchmarks/fault-sites.sh CORPUS|TEXT [TOP]    # TOP: 25 rows
#
# Needs perf (Debian: linux-perf) with DWARF call graphs (glibc's malloc has no frame pointers).
# Faults of the peer's set-up are left out; the layout's total is printed first. About a quarter
# of `first_layout_page_faults` is not counted: malloc writing the header of a chunk in a fresh
# page, whose stack perf's 16 KB copy does not unwind past `swift_allocObject` (a larger copy
# loses most samples instead).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
text=$1
[ -f "$text" ] || text=$here/.corpus/$text.txt
top=${2:-25}
(cd "$here" && swift build -c release --product textkit-peer >&2)
data=$here/.build/faults.data
perf record -q -e page-faults -c 1 --call-graph dwarf,16384 -o "$data" \
    "$here/.build/release/textkit-peer" --text "$text" --repeats 1 --layout-only >&2
perf script -i "$data" 2>/dev/null | python3 -c '
import collections, re, subprocess, sys
top = int(sys.argv[1])
inside = 0
stacks = collections.Counter()
for sample in sys.stdin.read().split("\n\n"):
    frames = []
    for line in sample.strip().split("\n")[1:]:
        m = re.match(r"\s*[0-9a-f]+ (.*) \((.*)\)$", line)
        if m: frames.append((re.sub(r"\+0x[0-9a-f]+$", "", m.group(1)), m.group(2)))
    names = [name for name, _ in frames]
    if not any("ensureLayout" in n or "startShaping" in n or "ShapingBatch" in n for n in names): continue
    inside += 1
    ours = tuple(name for name, library in frames if "textkit-peer" in library and name.startswith("$s"))[:6]
    stacks[ours or (frames[0][0] + " (" + frames[0][1].rsplit("/", 1)[-1] + ")",)] += 1
unique = sorted({name for stack in stacks for name in stack})
demangled = dict(zip(unique, subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(unique),
                                            capture_output=True, text=True).stdout.split("\n")))
# Array growth, array initializers and the like: named by the TextKit code that asked for them.
generic = re.compile(r"consumeAndCreateNew|_createNewBuffer|Array<A>.init|Array.append|__allocating_init\(\)|allocate")
sites = collections.Counter()
for stack, count in stacks.items():
    names = [demangled.get(name, name) for name in stack]
    chain = [names[0]]
    while generic.search(chain[-1]) and len(chain) < len(names): chain.append(names[len(chain)])
    sites[" <- ".join(chain)] += count
print(f"page faults in the layout: {inside}")
for site, count in sites.most_common(top): print(f"{count:7d}  {site[:200]}")
' "$top"
