/// One line fragment of a viewport, as ``LayoutManager/enumerateFragments(in:of:_:)`` reports it:
/// what a view needs to draw it, without numbering the glyphs of the whole layout.
public struct ViewportFragment: Sendable {
    /// The container's index in the chain.
    public var containerIndex: Int
    /// The fragment's rectangle (its free span, the line's height).
    public var rect: Rect
    /// The part of ``rect`` the glyphs use.
    public var usedRect: Rect
    /// The band of the fragment's line.
    public var lineRect: Rect
    /// The y of the line's baseline.
    public var baseline: Double
    /// The fragment's characters.
    public var characterRange: Range<Int>
    /// The glyphs, in visual order, in container coordinates; their font indices are indices
    /// into ``fonts``.
    public var glyphs: PositionedGlyphs
    /// The fonts of ``glyphs``.
    public var fonts: [UsedFont]
    /// Whether the fragment lies at an estimated position (noncontiguous layout: see
    /// ``LayoutManager/allowsNonContiguousLayout``).
    public var isEstimated: Bool
}

extension LayoutManager {
    /// Calls `body` with each line fragment of `container` whose line meets `rect` vertically,
    /// top to bottom, until it returns false (TextKit 2's `enumerateTextLayoutFragments` for a
    /// viewport).
    ///
    /// Lays out only until the lines reach below `rect` (``ensureLayout(forBoundingRect:in:)``:
    /// with ``allowsNonContiguousLayout``, a rectangle far down the text is laid out at an
    /// estimated position, and its fragments say so), finds the first line by binary search, and
    /// reads only the lines it reports: a screen of a long document costs that screen.
    public func enumerateFragments(in rect: Rect, of container: TextContainer, _ body: (ViewportFragment) -> Bool) {
        guard let containerIndex = containerIndex(container) else { return }
        ensureLayout(forBoundingRect: rect, in: container)
        let current = current
        // Only the line before the first one starting at or below `rect.minY` can reach into it
        // from above (lines of a container are ordered by y without overlapping).
        var address = firstLine(atOrAfter: containerIndex, y: rect.minY, in: current)
        if let before = line(before: address, in: current), placedLine(before).container == containerIndex,
           placedLine(before).line.rect.maxY > rect.minY {
            address = before
        }
        while let line = address {
            var placed = paragraphs[line.paragraph].lines[line.line]
            placed.line = paragraphs[line.paragraph].laidOutLine(line.line)
            guard placed.container == containerIndex, placed.line.rect.minY < rect.maxY else { return }
            let estimated = island?.contains(line.paragraph) ?? false
            for fragment in placed.line.fragments {
                var glyphs = fragment.glyphs
                var fonts: [UsedFont] = []
                var indices: [Int: Int] = [:]
                glyphs.mapFontIndices { font in
                    if let known = indices[font] { return known }
                    indices[font] = fonts.count
                    fonts.append(fontTable[font])
                    return fonts.count - 1
                }
                let info = ViewportFragment(containerIndex: containerIndex, rect: fragment.rect, usedRect: fragment.usedRect,
                                            lineRect: placed.line.rect, baseline: placed.line.baseline,
                                            characterRange: fragment.characterRange, glyphs: glyphs, fonts: fonts,
                                            isEstimated: estimated)
                if !body(info) { return }
            }
            address = self.line(after: line, in: current)
        }
    }
}
