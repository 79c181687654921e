#!/bin/sh
# Instruction profile of textkit laying out 1 MB (one pass of textkit-peer: the raw-HarfBuzz
# floor, then the layout) with valgrind's callgrind, which counts instructions repeatably.
#
#   Benchmarks/profile.sh [CORPUS|TEXT [PEER OPTIONS]]   # writes Benchmarks/.build/callgrind.out
#   Benchmarks/profile.sh technical-en                   # Benchmarks/.corpus/technical-en.txt
#   Benchmarks/profile.sh "" --pages 20curvedExclusions  # the Pages_20curvedExclusions_1MB layout
#   Benchmarks/profile.sh technical-en --font /usr/share/fonts/truetype/noto/NotoSans-Regular.ttf
#                                                        # the same text in another font (layout and floor)
#
# Prints where the layout's instructions go, by pipeline stage (inclusive counts: a stage's
# callees are in it), then the top inclusive functions.
#
# Valgrind 3.19 (Debian 12) cannot read the DWARF 5 that Swift 6.3 emits ("unhandled dwarf2
# abbrev form code 0x25", then it gives up), so the profiled copy is stripped of debug info:
# function names come from the symbol table, without file and line.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
text=${1:-$here/.corpus/en-1mb.txt}
[ $# -gt 0 ] && shift
[ -f "$text" ] || [ ! -f "$here/.corpus/$text.txt" ] || text=$here/.corpus/$text.txt
[ -f "$text" ] || python3 "$here/../scripts/make-corpus.py"
(cd "$here" && swift build -c release --product textkit-peer)
strip --strip-debug -o "$here/.build/textkit-peer-nodebug" "$here/.build/release/textkit-peer"
out=$here/.build/callgrind.out
valgrind --tool=callgrind --callgrind-out-file="$out" \
    "$here/.build/textkit-peer-nodebug" --text "$text" --repeats 1 "$@" 2>&1 | grep -v "brk segment\|Limitations\|further instances"
callgrind_annotate --inclusive=yes --threshold=100 "$out" 2>/dev/null \
    | sed -E 's/\?\?\?://; s/ \[[^]]*\]$//' | swift demangle --simplified > "$out.inclusive.txt"
count() { grep -m1 -F "$1" "$out.inclusive.txt" | awk '{ gsub(",", "", $1); printf "%.0f", $1 / 1e6 }' | grep . || echo 0; }
main=$(count " LayoutManager.ensureLayout()"); workers=$(count "_dispatch_worker_thread")
raw=$(count "RawShaper.shapeAll"); runs=$(count "RunShaper.shapeAll"); total=$(( ${main:-0} + ${workers:-0} ))
echo "Where the layout's instructions go (millions; inclusive):"
echo "  layout: $total (pass $main, shaping workers $workers); HarfBuzz alone on the same text: $raw (whole paragraphs in the one font), $runs (the layout's runs in its fonts)"
# (The paragraph's initializer is a convenience one: its allocating entry point is the one counted.)
para=$(count " Paragraph.init(content"); [ "$para" -gt 0 ] || para=$(count "Paragraph.__allocating_init(content")
echo "  shaping a paragraph (Paragraph.init): $para"
# (Line breaks are found apart from the rest of the analysis, and only for the paragraphs that
# need them; the analysis is the sum of its parts, as its initializer may be inlined.)
breaks=$(count "ParagraphAnalysis.lineBreaks"); graphemes=$(count "ICU.graphemeOffsets")
bidi=$(( $(count "BidiParagraph.init") + $(count "BidiParagraph.isPlainLeftToRight") ))
echo "    analysis (ICU: line breaks $breaks, graphemes $graphemes, bidi $bidi): $(( breaks + graphemes + bidi ))"
echo "    itemize (scripts, fonts, fallback $(count "FontCollection.fallbackFont(for:like:)")): $(count " Itemizer.items(into:)")"
inlayout=$(( $(count "hb_shape") - raw - runs )); [ "$inlayout" -ge 0 ] || inlayout=0
echo "    shape (word cache $(count " ShapeCache.shape("), HarfBuzz in the layout ≈ $inlayout): $(count "specialized static Paragraph.shape(")"
# (`nextLine` may be inlined into the pass; the line it places is then counted where it is placed.)
lines=$(count "LineBreaker.nextLine"); [ "$lines" -gt 0 ] || lines=$(count "LineBreaker.placeLine(from:cursor:isFirstLine:reach:)")
echo "  line breaking (LineBreaker.nextLine): $lines"
echo "  assembly (LineAssembler.assemble): $(count "LineAssembler.assemble")"
echo "Top inclusive functions (instructions; the whole process is 100%):"
grep -E "TextKit|BenchSupport|LayoutManager|Paragraph|Itemizer|ShapeCache|HarfBuzz|Line|ICU|hb_shape |_swift_stdlib|memcpy|swift_release |swift_retain |ubrk_|ubidi_" "$out.inclusive.txt" \
    | cut -c1-160 | head -40
