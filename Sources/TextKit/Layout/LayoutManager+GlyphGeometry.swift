/// Geometry by glyph index: bounding rectangles, the glyph under a point, a fragment's glyph
/// range, and the fragments of a glyph range (Text Kit's `boundingRect(forGlyphRange:in:)`,
/// `glyphIndex(for:in:fractionOfDistanceThroughGlyph:)`, `lineFragmentRect(forGlyphAt:effectiveRange:)`
/// and `enumerateLineFragments(forGlyphRange:using:)`). Like the other glyph-index queries they lay
/// out everything, then look at the paragraphs concerned only.
extension LayoutManager {
    /// The smallest rectangle enclosing the boxes (advance × line height) of the glyphs of `range`
    /// that lie in `container` (Text Kit's `boundingRect(forGlyphRange:in:)`); `.zero` when none
    /// does.
    ///
    /// Complexity: O(log n) in the paragraphs plus the glyphs of `range`.
    public func boundingRect(forGlyphRange range: Range<Int>, in container: TextContainer) -> Rect {
        guard let containerIndex = containerIndex(container), !range.isEmpty else { return .zero }
        var bounds: Rect?
        forEachFragment(fromGlyph: range.lowerBound) { fragment, line, firstGlyph in
            guard firstGlyph < range.upperBound else { return false }
            guard line.container == containerIndex else { return true }
            let from = max(0, range.lowerBound - firstGlyph), to = min(fragment.glyphs.count, range.upperBound - firstGlyph)
            for offset in from..<max(from, to) {
                let glyph = fragment.glyphs[offset]
                let box = Rect(x: glyph.position.x, y: line.line.rect.minY, width: glyph.advance, height: line.line.rect.height)
                bounds = bounds.map { $0.union(box) } ?? box
            }
            return true
        }
        return bounds ?? .zero
    }

    /// The rectangle of the line fragment that holds glyph `index`, and in `effectiveRange` the
    /// glyphs of that fragment.
    public func lineFragmentRect(forGlyphAt index: Int, effectiveRange: inout Range<Int>) -> Rect {
        let found = locateGlyph(index)
        let fragment = placedLine(found.line).line.fragments[found.fragment]
        effectiveRange = index - found.offset..<index - found.offset + fragment.glyphs.count
        return fragment.rect
    }

    /// The glyph nearest to `point` in `container` (Text Kit's `glyphIndex(for:in:)`): on the
    /// line nearest vertically, in its fragment nearest horizontally, the glyph whose box is
    /// nearest horizontally; ``numberOfGlyphs`` when the container holds no glyph.
    public func glyphIndex(for point: Point, in container: TextContainer) -> Int {
        var fraction = 0.0
        return glyphIndex(for: point, in: container, fractionOfDistanceThroughGlyph: &fraction)
    }

    /// The glyph nearest to `point` in `container`, as ``glyphIndex(for:in:)``, and in `fraction`
    /// how far through the glyph the point lies, from its origin (its left edge; the right edge for
    /// a right-to-left glyph) across its advance, between 0 and 1 (Text Kit's
    /// `fractionOfDistanceThroughGlyph`).
    public func glyphIndex(for point: Point, in container: TextContainer,
                           fractionOfDistanceThroughGlyph fraction: inout Double) -> Int {
        fraction = 0
        let counts = currentGlyphCounts()
        guard let containerIndex = containerIndex(container) else { return counts.total }
        let lines = nearestLines(to: point, inContainer: containerIndex, extraLineCounts: false, withGlyphs: true).lines
        // The nearest fragment that has glyphs.
        func horizontalDistance(_ rect: Rect) -> Double {
            point.x < rect.minX ? rect.minX - point.x : max(0, point.x - rect.maxX)
        }
        var best: (address: LineAddress, fragment: Int, distance: Double)?
        for address in lines {
            let placed = placedLine(address)
            for (f, fragment) in placed.line.fragments.enumerated() where !fragment.glyphs.isEmpty {
                let distance = horizontalDistance(fragment.rect)
                if best.map({ distance < $0.distance }) ?? true { best = (address, f, distance) }
            }
        }
        guard let best else { return counts.total }
        let state = paragraphs[best.address.paragraph]
        var first = counts.glyphs(before: best.address.paragraph)
        for l in 0..<best.address.line { first += Self.glyphCount(of: state.lines[l].line) }
        for f in 0..<best.fragment { first += state.lines[best.address.line].line.fragments[f].glyphs.count }
        let glyphs = state.lines[best.address.line].line.fragments[best.fragment].glyphs
        var nearest = 0, nearestDistance = Double.infinity
        for (offset, glyph) in glyphs.enumerated() {
            let distance = horizontalDistance(Rect(x: glyph.position.x, y: 0, width: glyph.advance, height: 0))
            if distance < nearestDistance {
                nearest = offset
                nearestDistance = distance
            }
        }
        let glyph = glyphs[nearest]
        if glyph.advance > 0 {
            let through = (point.x - glyph.position.x) / glyph.advance
            fraction = min(1, max(0, glyph.isRightToLeft ? 1 - through : through))
        }
        return first + nearest
    }

    /// Calls `body` for each line fragment from the one holding the first glyph of `range` through
    /// the one holding its last (fragments without glyphs between them included), in layout
    /// order, until it returns false (Text Kit's `enumerateLineFragments(forGlyphRange:using:)`).
    ///
    /// Complexity: O(log n) in the paragraphs plus the fragments visited.
    public func enumerateLineFragments(forGlyphRange range: Range<Int>, _ body: (LineFragmentInfo) -> Bool) {
        guard !range.isEmpty else { return }
        forEachFragment(fromGlyph: range.lowerBound) { fragment, line, firstGlyph in
            guard firstGlyph < range.upperBound else { return false }
            let info = LineFragmentInfo(containerIndex: line.container, rect: fragment.rect, usedRect: fragment.usedRect,
                                        glyphRange: firstGlyph..<firstGlyph + fragment.glyphs.count,
                                        characterRange: fragment.characterRange)
            return body(info)
        }
    }

    // MARK: - Internals

    /// Calls `body` with each fragment (in container coordinates and text offsets), its line
    /// (likewise) and the index of its first glyph, from the fragment holding glyph `start` on
    /// (nothing when it is past the last glyph), until `body` returns false.
    func forEachFragment(fromGlyph start: Int, _ body: (LineFragment, PlacedLine, Int) -> Bool) {
        let counts = currentGlyphCounts()
        guard start < counts.total else { return }
        let found = locateGlyph(max(0, start))
        var firstGlyph = max(0, start) - found.offset
        var skip = found.fragment
        for p in found.line.paragraph..<paragraphs.count {
            let lines = paragraphs[p].lines.indices
            for l in (p == found.line.paragraph ? found.line.line : 0)..<lines.upperBound {
                var placed = paragraphs[p].lines[l]
                placed.line = paragraphs[p].laidOutLine(l)
                for fragment in placed.line.fragments.dropFirst(skip) {
                    guard body(fragment, placed, firstGlyph) else { return }
                    firstGlyph += fragment.glyphs.count
                }
                skip = 0
            }
        }
    }
}
