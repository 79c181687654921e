import Testing
import TextKit
import SeededRandom

/// Geometry by glyph index (bounding rectangles, the glyph under a point, a fragment's glyph
/// range, the fragments of a glyph range) after random edits equals what a search over every
/// glyph of a full layout gives.
@Suite("Glyph geometry equals a search over the whole layout")
struct GlyphGeometryTests {
    typealias Reference = GlyphQueryEquivalenceTests.Reference
    let base = IncrementalEquivalenceTests()

    func boundingRect(_ reference: Reference, _ range: Range<Int>, container: Int) -> Rect {
        var bounds: Rect?
        for entry in reference.entries[range] where entry.container == container {
            let box = Rect(x: entry.glyph.position.x, y: entry.lineRect.minY, width: entry.glyph.advance,
                           height: entry.lineRect.height)
            bounds = bounds.map { $0.union(box) } ?? box
        }
        return bounds ?? .zero
    }

    /// The nearest line (vertically; every line at that distance), its fragment with glyphs
    /// nearest horizontally (the first on a tie), that fragment's glyph nearest horizontally.
    func glyphIndex(_ reference: Reference, _ point: Point, container: Int) -> Int {
        func distance(_ value: Double, _ low: Double, _ high: Double) -> Double {
            value < low ? low - value : max(0, value - high)
        }
        let candidates = reference.fragmentGlyphs.filter { $0.container == container && !$0.glyphs.isEmpty }
        guard !candidates.isEmpty else { return reference.entries.count }
        let lineRects = candidates.map { reference.entries[$0.glyphs.lowerBound].lineRect }
        let nearest = lineRects.map { distance(point.y, $0.minY, $0.maxY) }.min()!
        let onNearest = candidates.indices.filter { distance(point.y, lineRects[$0].minY, lineRects[$0].maxY) == nearest }
        let fragment = candidates[onNearest.min { distance(point.x, candidates[$0].rect.minX, candidates[$0].rect.maxX)
            < distance(point.x, candidates[$1].rect.minX, candidates[$1].rect.maxX) }!]
        return fragment.glyphs.min {
            let a = reference.entries[$0].glyph, b = reference.entries[$1].glyph
            return distance(point.x, a.position.x, a.position.x + a.advance) < distance(point.x, b.position.x, b.position.x + b.advance)
        }!
    }

    @Test(arguments: [51, 52, 53] as [UInt64])
    func glyphGeometryAfterRandomEdits(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let words = QueryEquivalenceTests.words + ["\n", "office", "affluent"]
        let (storage, manager) = base.randomWordsLayout(&rng, words: words, count: 80, containers: 2)
        manager.textContainers[1].size.height = 1_000
        for step in 0..<60 {
            base.randomEdit(&rng, storage, manager, words: words)
            let reference = Reference(manager.snapshot())
            let note = "seed \(seed) step \(step)"
            let count = reference.entries.count
            let containerIndex = Int.random(in: 0..<manager.textContainers.count, using: &rng)
            let container = manager.textContainers[containerIndex]
            let point = Point(x: Double.random(in: -10...container.size.width + 10, using: &rng),
                              y: Double.random(in: -10...container.size.height + 10, using: &rng))
            var fraction = -1.0
            let hit = manager.glyphIndex(for: point, in: container, fractionOfDistanceThroughGlyph: &fraction)
            #expect(hit == glyphIndex(reference, point, container: containerIndex), "\(note): point \(point)")
            #expect(fraction >= 0 && fraction <= 1)
            guard count > 0 else { continue }
            let start = Int.random(in: 0..<count, using: &rng)
            let range = start..<min(count, start + Int.random(in: 1...80, using: &rng))
            #expect(manager.boundingRect(forGlyphRange: range, in: container)
                    == boundingRect(reference, range, container: containerIndex), "\(note): \(range)")
            var effective = 0..<0
            let rect = manager.lineFragmentRect(forGlyphAt: start, effectiveRange: &effective)
            let holding = reference.fragmentGlyphs.first { $0.glyphs.contains(start) }!
            #expect(rect == holding.rect && effective == holding.glyphs, "\(note): glyph \(start)")
            var visited: [Range<Int>] = []
            manager.enumerateLineFragments(forGlyphRange: range) { info in
                visited.append(info.glyphRange)
                return true
            }
            let first = reference.fragmentGlyphs.firstIndex { $0.glyphs.contains(range.lowerBound) }!
            let expected = reference.fragmentGlyphs[first...].prefix { $0.glyphs.lowerBound < range.upperBound }.map(\.glyphs)
            #expect(visited == Array(expected), "\(note): fragments of \(range)")
        }
    }
}
