/// The queries by glyph index (Text Kit's glyph range, line fragment and container calls).
///
/// Glyph indices count the glyphs of ``LayoutManager/snapshot()`` in order: containers, lines,
/// fragments, then left to right. These queries lay out everything first (after an edit, the
/// paragraphs it changed: those below are moved or reused), then find their paragraph through
/// each paragraph's glyph count, kept with prefix sums (``GlyphCounts``), and look at that
/// paragraph's lines only: after an edit in a long document a query costs O(log n) in the
/// paragraphs plus the paragraphs it answers about, not a numbering of every glyph. (The counts
/// are rebuilt, in O(paragraphs), after paragraphs were split or joined.)
extension LayoutManager {
    /// The number of glyphs laid out.
    public var numberOfGlyphs: Int { currentGlyphCounts().total }

    /// The glyph at `index` (its font index is one of ``snapshot()``'s fonts).
    public func glyph(at index: Int) -> PositionedGlyph {
        let found = locateGlyph(index)
        let state = paragraphs[found.line.paragraph]
        let placed = state.lines[found.line.line]
        var glyph = placed.line.fragments[found.fragment].glyphs[found.offset]
        glyph.characterIndex += state.range.lowerBound
        let dy = state.yOffset(of: placed)
        if dy != 0 { glyph.position.y += dy }
        glyph.fontIndex = snapshotFontIndex(of: glyph.fontIndex)
        return glyph
    }

    /// The container that holds glyph `index`.
    public func textContainer(forGlyphAt index: Int) -> TextContainer {
        textContainers[placedLine(locateGlyph(index).line).container]
    }

    /// The rectangle of the line fragment that holds glyph `index`.
    public func lineFragmentRect(forGlyphAt index: Int) -> Rect {
        let found = locateGlyph(index)
        return placedLine(found.line).line.fragments[found.fragment].rect
    }

    /// The used part of the line fragment that holds glyph `index`.
    public func lineFragmentUsedRect(forGlyphAt index: Int) -> Rect {
        let found = locateGlyph(index)
        return placedLine(found.line).line.fragments[found.fragment].usedRect
    }

    /// The smallest glyph range covering every glyph drawn for the characters in `range` (with a
    /// ligature or cluster that starts before `range` and reaches into it).
    ///
    /// Complexity: O(log n) in the paragraphs, plus the glyphs of the paragraphs at the ends of
    /// `range`.
    public func glyphRange(forCharacterRange range: Range<Int>) -> Range<Int> {
        let counts = currentGlyphCounts()
        guard counts.total > 0, !paragraphs.isEmpty else { return 0..<0 }
        let first = paragraphIndex(atOrBefore: range.lowerBound)
        let last = max(first, paragraphIndex(atOrBefore: max(range.lowerBound, range.upperBound - 1)))
        var lower: Int?, upper: Int?
        for p in first...last {
            if let found = matchingGlyphs(inParagraph: p, range) {
                lower = counts.glyphs(before: p) + found.lowerBound
                if p == last { upper = counts.glyphs(before: p) + found.upperBound }
                break
            }
        }
        guard let lower else { return 0..<0 }
        if upper == nil {
            for p in stride(from: last, through: first, by: -1) {
                if let found = matchingGlyphs(inParagraph: p, range) {
                    upper = counts.glyphs(before: p) + found.upperBound
                    break
                }
            }
        }
        return lower..<(upper ?? lower + 1)
    }

    /// The characters of the glyphs in `range` (whole clusters: a ligature gives all its characters).
    ///
    /// Complexity: O(log n) in the paragraphs plus the glyphs in `range`.
    public func characterRange(forGlyphRange range: Range<Int>) -> Range<Int> {
        guard !range.isEmpty else { return 0..<0 }
        var found = locateGlyph(range.lowerBound)
        var lower = Int.max, upper = Int.min
        var index = range.lowerBound
        while true {
            let state = paragraphs[found.line.paragraph]
            let fragment = state.lines[found.line.line].line.fragments[found.fragment]
            let clusters = QueryIndex.clusters(of: fragment)
            let end = min(fragment.glyphs.count, found.offset + range.upperBound - index)
            for offset in found.offset..<end {
                let character = fragment.glyphs[offset].characterIndex
                let clusterEnd = clusters.first { $0.characters.lowerBound == character }?.characters.upperBound ?? character + 1
                lower = min(lower, character + state.range.lowerBound)
                upper = max(upper, clusterEnd + state.range.lowerBound)
            }
            index += end - found.offset
            guard index < range.upperBound, let next = glyphAddress(after: found) else { break }
            found = next
        }
        return lower..<upper
    }

    /// The smallest glyph range covering every glyph of `container` whose box (advance × line
    /// height) meets `rect`.
    ///
    /// Complexity: O(log n) in the paragraphs plus the lines that meet `rect`.
    public func glyphRange(forBoundingRect rect: Rect, in container: TextContainer) -> Range<Int> {
        guard let containerIndex = containerIndex(container) else { return 0..<0 }
        let counts = currentGlyphCounts()
        let current = current
        // Lines of a container are ordered by y without overlapping: only the line before the
        // first one starting at or below `rect.minY` can also meet it from above.
        var address = firstLine(atOrAfter: containerIndex, y: rect.minY, in: current)
        if let before = line(before: address, in: current), placedLine(before).container == containerIndex {
            address = before
        }
        var lower = Int.max, upper = Int.min
        var paragraph = -1, firstGlyph = 0
        while let line = address {
            let placed = placedLine(line)
            guard placed.container == containerIndex, placed.line.rect.minY <= rect.maxY else { break }
            if line.paragraph != paragraph {
                paragraph = line.paragraph
                firstGlyph = counts.glyphs(before: paragraph)
                    + paragraphs[paragraph].lines[..<line.line].reduce(0) { $0 + Self.glyphCount(of: $1.line) }
            }
            if placed.line.rect.intersects(rect) {
                var index = firstGlyph
                for fragment in placed.line.fragments {
                    for glyph in fragment.glyphs {
                        let box = Rect(x: glyph.position.x, y: placed.line.rect.minY, width: max(glyph.advance, 1e-9),
                                       height: placed.line.rect.height)
                        if box.intersects(rect) {
                            lower = min(lower, index)
                            upper = max(upper, index + 1)
                        }
                        index += 1
                    }
                }
            }
            firstGlyph += Self.glyphCount(of: placed.line)
            address = self.line(after: line, in: current)
        }
        return lower <= upper ? lower..<upper : 0..<0
    }

    /// Calls `body` for each line fragment in layout order until it returns false.
    public func enumerateLineFragments(_ body: (LineFragmentInfo) -> Bool) {
        ensureLayout()
        var glyph = 0
        for state in paragraphs {
            let offset = state.range.lowerBound
            for placed in state.lines {
                let dy = state.yOffset(of: placed)
                for fragment in placed.line.fragments {
                    let characters = fragment.characterRange
                    let info = LineFragmentInfo(containerIndex: placed.container, rect: fragment.rect.movedDown(by: dy),
                                                usedRect: fragment.usedRect.movedDown(by: dy),
                                                glyphRange: glyph..<glyph + fragment.glyphs.count,
                                                characterRange: characters.lowerBound + offset..<characters.upperBound + offset)
                    glyph += fragment.glyphs.count
                    if !body(info) { return }
                }
            }
        }
    }

    // MARK: - Internals

    /// A glyph's place: its line, fragment, position in the fragment.
    struct GlyphAddress {
        var line: LineAddress
        var fragment: Int
        var offset: Int
    }

    /// Lays out everything and returns the glyph counts, built from the paragraphs' when they
    /// were dropped.
    func currentGlyphCounts() -> GlyphCounts {
        ensureLayout()
        if let counts = glyphCounts, counts.count == paragraphs.count { return counts }
        let counts = GlyphCounts(paragraphs.map(\.glyphCount))
        glyphCounts = counts
        return counts
    }

    /// Where glyph `index` is (lays out first).
    func locateGlyph(_ index: Int) -> GlyphAddress {
        let counts = currentGlyphCounts()
        precondition(index >= 0 && index < counts.total, "glyph index out of range")
        let p = counts.paragraph(holdingGlyph: index)
        var local = index - counts.glyphs(before: p)
        for (l, placed) in paragraphs[p].lines.enumerated() {
            for (f, fragment) in placed.line.fragments.enumerated() {
                if local < fragment.glyphs.count {
                    return GlyphAddress(line: LineAddress(paragraph: p, line: l), fragment: f, offset: local)
                }
                local -= fragment.glyphs.count
            }
        }
        preconditionFailure("glyph counts out of step with the lines")
    }

    /// The first glyph of the next fragment that has glyphs after `address`'s fragment.
    private func glyphAddress(after address: GlyphAddress) -> GlyphAddress? {
        var p = address.line.paragraph, l = address.line.line, f = address.fragment + 1
        while p < paragraphs.count {
            let lines = paragraphs[p].lines
            while l < lines.count {
                let fragments = lines[l].line.fragments
                while f < fragments.count {
                    if !fragments[f].glyphs.isEmpty {
                        return GlyphAddress(line: LineAddress(paragraph: p, line: l), fragment: f, offset: 0)
                    }
                    f += 1
                }
                l += 1
                f = 0
            }
            p += 1
            l = 0
        }
        return nil
    }

    /// The glyphs of paragraph `p` (its own indices, from 0) drawn for the characters of `range`
    /// or for a cluster starting before it and reaching into it, as the smallest range covering
    /// them; nil when none is.
    private func matchingGlyphs(inParagraph p: Int, _ range: Range<Int>) -> Range<Int>? {
        let state = paragraphs[p]
        let local = range.lowerBound - state.range.lowerBound..<range.upperBound - state.range.lowerBound
        var lower = Int.max, upper = Int.min
        var index = 0
        for placed in state.lines {
            for fragment in placed.line.fragments {
                let characters = fragment.characterRange
                guard characters.lowerBound < max(local.upperBound, local.lowerBound + 1),
                      characters.upperBound > local.lowerBound else {
                    index += fragment.glyphs.count
                    continue
                }
                // Only a fragment holding the range's start can have a cluster reaching into it.
                let clusters = characters.lowerBound < local.lowerBound ? QueryIndex.clusters(of: fragment) : []
                for glyph in fragment.glyphs {
                    let character = glyph.characterIndex
                    var matches = local.contains(character)
                    if !matches, character < local.lowerBound {
                        let end = clusters.first { $0.characters.lowerBound == character }?.characters.upperBound
                        matches = (end ?? character + 1) > local.lowerBound
                    }
                    if matches {
                        lower = min(lower, index)
                        upper = max(upper, index + 1)
                    }
                    index += 1
                }
            }
        }
        return lower <= upper ? lower..<upper : nil
    }

    /// The glyphs of a line.
    static func glyphCount(of line: LineLayout) -> Int { line.fragments.reduce(0) { $0 + $1.glyphs.count } }

    /// The index in ``snapshot()``'s fonts of the manager's font `index`: fonts are listed by
    /// first use, so the paragraphs are read in order until it is met (usually in the first).
    func snapshotFontIndex(of index: Int) -> Int {
        var order = snapshotFontOrder ?? (fonts: [:], paragraphsSeen: 0)
        defer { snapshotFontOrder = order }
        while order.fonts[index] == nil, order.paragraphsSeen < paragraphs.count {
            for font in paragraphs[order.paragraphsSeen].fontsUsed() where order.fonts[font] == nil {
                order.fonts[font] = order.fonts.count
            }
            order.paragraphsSeen += 1
        }
        return order.fonts[index] ?? index
    }
}

extension LayoutManager.ParagraphState {
    /// Sets ``glyphCount`` from the lines.
    mutating func countGlyphs() {
        var count = 0
        // By index: a line or fragment copied into a loop variable costs a retain and release
        // of each of its arrays, for every paragraph laid out.
        for line in lines.indices {
            for fragment in lines[line].line.fragments.indices {
                count += lines[line].line.fragments[fragment].glyphs.count
            }
        }
        glyphCount = count
    }

    /// The fonts (the manager's indices) of the lines' glyphs, in order of first use.
    func fontsUsed() -> [Int] {
        var fonts: [Int] = []
        for line in lines.indices {
            for fragment in lines[line].line.fragments.indices {
                lines[line].line.fragments[fragment].glyphs.forEachFontRun { font in
                    if !fonts.contains(font) { fonts.append(font) }
                }
            }
        }
        return fonts
    }
}
