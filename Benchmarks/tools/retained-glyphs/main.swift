// Bytes retained per glyph by a finished layout (issue 7: "≤ 24 bytes per retained glyph").
//
//   swift run -c release retained-glyphs [FILE]
//
// Lays out FILE (default the 1 MB corpus) in one 400 pt column, as `Layout_column400_1MB`, and
// prints one JSON line: the glyphs laid out, the heap in use that the layout manager keeps after
// the layout (malloc's count of bytes in use, with one malloc arena so every thread's allocations
// are counted), that over the glyphs, the same for the glyph storage of the line fragments
// alone (the snapshot's fragments: what `snapshot()` adds while the manager is alive is what
// its values do not share), and the peak resident set size.
//
// The heap figures are exact and repeatable (same text, same allocations); the RSS figures
// include the allocator's slack and the shared libraries.
import BenchSupport
import CMallocInfo
import Foundation
import Glibc
import TextKit

/// Bytes in use in the heap: small blocks plus mmapped ones.
func heapInUse() -> Int {
    let info = mallinfo2()
    return Int(info.uordblks) + Int(info.hblkhd)
}

/// A field of /proc/self/status in bytes (VmRSS, VmHWM).
func status(_ field: String) -> Int {
    let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        return 1024 * (Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0)
    }
    return 0
}

// One arena: mallinfo2 reports the main arena only, and layout shapes on several threads.
mallopt(M_ARENA_MAX, 1)

// The text file to lay out (default: the 1 MB corpus).
let textPath = CommandLine.arguments.dropFirst().first ?? Corpus.path("en-1mb.txt")
let width = 400.0

let text = Corpus.load(path: textPath)
let (collection, font) = Scenarios.fontCollection()
// Warm the word shape cache (bounded and shared by every layout) so that it is not counted.
do {
    let (storage, manager) = Scenarios.column(text, width: width, collection: collection, font: font)
    manager.ensureLayout()
    withExtendedLifetime(storage) {}
}
let (storage, manager) = Scenarios.column(text, width: width, collection: collection, font: font)
let rssBefore = status("VmRSS")
let before = heapInUse()
manager.ensureLayout()
let after = heapInUse()
let rssAfter = status("VmRSS")
let glyphs = manager.numberOfGlyphs
let queriesHeap = heapInUse() - after
let snapshotStart = heapInUse()
let snapshot = manager.snapshot()
let snapshotHeap = heapInUse() - snapshotStart
var fragments = 0
for container in snapshot.containers { for line in container.lines { fragments += line.fragments.count } }

func json(_ pairs: [(String, Any)]) -> String {
    "{" + pairs.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
}
func perGlyph(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / Double(glyphs)) }
print(json([
    ("text", "\"\((textPath as NSString).lastPathComponent)\""), ("glyphs", glyphs), ("fragments", fragments),
    ("layoutHeapBytes", after - before), ("layoutBytesPerGlyph", perGlyph(after - before)),
    ("queryIndexHeapBytes", queriesHeap), ("queryIndexBytesPerGlyph", perGlyph(queriesHeap)),
    ("snapshotHeapBytes", snapshotHeap), ("snapshotBytesPerGlyph", perGlyph(snapshotHeap)),
    ("positionedGlyphStride", MemoryLayout<PositionedGlyph>.stride),
    ("layoutRSSBytes", rssAfter - rssBefore), ("peakRSSBytes", status("VmHWM")),
]))
withExtendedLifetime((storage, manager, snapshot)) {}
