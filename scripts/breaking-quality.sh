#!/usr/bin/env bash
# Optimal against greedy line breaking on real prose (Fixtures/texts/debian-reference.txt, 300
# paragraphs), DejaVu Sans: prints the README's Markdown table from `textkit layout --stats`.
# Ragged rows compare raggedness (sum of squared slack of non-final lines), justified rows the sum
# of squared adjustment ratios; "short" counts non-final lines under 40 % full (greedy / optimal).
# Usage: scripts/breaking-quality.sh [path to textkit] (default: swift build -c release's).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-}
if [ -z "$bin" ]; then swift build -c release --product textkit >/dev/null; bin=.build/release/textkit; fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
stat() {  # align width size breaking -> the --stats JSON line
    "$bin" layout Fixtures/texts/debian-reference.txt --font-file Fixtures/fonts/DejaVuSans.ttf --size "$3" \
        --width $(($2 + 144)) --pages auto --max-pages 1000 --align "$1" --breaking "$4" --stats \
        -o "$out/layout.json" 2>&1 >/dev/null | tail -1
}
echo "| alignment | column | size | measure | greedy | optimal | optimal / greedy | short lines (greedy / optimal) |"
echo "|---|---|---|---|---|---|---|---|"
for align in left justified; do for width in 200 300 500; do for size in 9 11 14; do
    g=$(stat $align $width $size greedy); o=$(stat $align $width $size optimal)
    python3 - "$align" "$width" "$size" "$g" "$o" <<'PY'
import json, sys
align, width, size, g, o = sys.argv[1:4] + [json.loads(s) for s in sys.argv[4:6]]
key, name = ("raggedness", "raggedness (pt²)") if align != "justified" else ("squaredAdjustmentRatios", "Σ r²")
print(f"| {align} | {width} pt | {size} pt | {name} | {g[key]:.0f} | {o[key]:.0f} | {o[key] / g[key]:.2f} | {g['shortLines']} / {o['shortLines']} |")
PY
done; done; done
