#!/bin/sh
# Instructions of the layout alone, source line by source line (self cost: a line's own
# instructions, not those of the functions it calls), with callgrind, counted as
# profile-layout.sh counts them (the layout pass and the shaping workers only).
#
#   Benchmarks/profile-lines.sh CORPUS|TEXT [LINES] [OUT]   # LINES: 60; OUT: Benchmarks/.build/lines.out
#
# Valgrind 3.19 (Debian 12) gives up on the DWARF 5 that Swift and clang emit by default, so the
# copy profiled here is built in a directory of its own (.build-dwarf4) with DWARF 4 line tables
# (`-dwarf-version=4` for Swift, `-gdwarf-4` for the C shims). Lines that read 0 are code the
# compiler gave no line (inlined generic code, retains and releases among it).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
text=$1
[ -f "$text" ] || text=$here/.corpus/$text.txt
lines=${2:-60}
out=${3:-$here/.build/lines.out}
(cd "$here" && swift build -c release --product textkit-peer --scratch-path .build-dwarf4 \
    -Xswiftc -g -Xswiftc -Xfrontend -Xswiftc -dwarf-version=4 -Xcc -gdwarf-4 >&2)
peer=$here/.build-dwarf4/release/textkit-peer
pass=$(nm "$peer" | awk '{print $3}' | grep -m1 '^$s7TextKit13LayoutManagerC06ensureC0yyF$')
worker=$(nm "$peer" | awk '{print $3}' | grep 'startShaping' | grep -m1 'yyYbcfU[0-9]*_TA$')
mkdir -p "$(dirname "$out")"
valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect="$pass" --toggle-collect="$worker" \
    "$peer" --text "$text" --repeats 1 2>&1 | grep '"engine"' >&2 || true
python3 - "$out" "$lines" <<'PY'
import collections, re, sys
path, shown = sys.argv[1], int(sys.argv[2])
files, costs = {}, collections.Counter()
current, line, in_call = None, 0, False
for text in open(path):
    m = re.match(r'^(c?)(fl|fi|fe)=\((\d+)\)(?: (.*))?$', text)
    if m:
        if m.group(4): files[m.group(3)] = m.group(4)
        if not m.group(1): current = files.get(m.group(3))
        continue
    if text.startswith('calls='):
        in_call = True
        continue
    m = re.match(r'^([+-]?)(\d+|\*)\s+(\d+)', text)
    if not m: continue
    sign, number, cost = m.groups()
    line = line if number == '*' else line + int(number) if sign == '+' else line - int(number) if sign == '-' else int(number)
    if in_call:  # the cost of a call, not the line's own
        in_call = False
        continue
    costs[(current, line)] += int(cost)
total = sum(costs.values())
sources = {}
def source(name, number):
    if name not in sources:
        try: sources[name] = open(name).read().split('\n')
        except OSError: sources[name] = []
    lines = sources[name]
    return lines[number - 1].strip() if 0 < number <= len(lines) else ''
print(f"{total:,} instructions in all; lines of the project's sources, largest first:")
ours = sorted(((c, k) for k, c in costs.items() if k[0] and '/Sources/' in k[0]), reverse=True)
for cost, (name, number) in ours[:shown]:
    print(f"{cost / 1e6:8.2f} M  {name.split('/Sources/')[1]}:{number}  {source(name, number)[:100]}")
PY
