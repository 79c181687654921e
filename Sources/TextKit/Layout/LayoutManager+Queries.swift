/// Geometry queries (Text Kit's glyph, line fragment, caret, selection and hit-testing calls).
///
/// Glyph indices count the glyphs of ``LayoutManager/snapshot()`` in order: containers, lines,
/// fragments, then left to right. Character indices are Unicode scalar offsets. Every query
/// lays out first if needed; coordinates are those of the container concerned.
///
/// The queries by character or by point (carets, selections, hit testing, used rects) lay out
/// only as far as they need, exactly as a full layout would, and look only at the paragraphs
/// concerned: after an edit in a long document they cost a paragraph, not the document. The
/// queries by glyph index lay out everything, then find their paragraph through per-paragraph
/// glyph counts (see `LayoutManager+GlyphQueries.swift`).
extension LayoutManager {
    /// The rectangle of the line fragment that holds character `index`: for a line's break (a
    /// paragraph separator, U+2028), the fragment that ends the line; for characters a truncated
    /// line hides, the truncated fragment. Nil when `index` is not laid out: it is past the end
    /// (the text's length included: the extra line fragment holds no character, see
    /// ``extraLineFragmentRect``) or in ``overflowRange``. Lays out through its paragraph only.
    public func lineFragmentRect(forCharacterAt index: Int) -> ContainerRect? {
        ensureLayout(forCharacterRange: index..<index + 1)
        return fragment(containing: index).map { ContainerRect(containerIndex: $0.fragment.container, rect: $0.fragment.rect) }
    }

    /// The used part of the line fragment that holds character `index` (nil when it is not laid
    /// out: past the end or in ``overflowRange``, as for ``lineFragmentRect(forCharacterAt:)``).
    /// Lays out through its paragraph only.
    public func lineFragmentUsedRect(forCharacterAt index: Int) -> ContainerRect? {
        ensureLayout(forCharacterRange: index..<index + 1)
        return fragment(containing: index).map {
            ContainerRect(containerIndex: $0.fragment.container, rect: $0.fragment.usedRect)
        }
    }

    /// The container that holds character `index` (nil when it is not laid out: past the end or
    /// in ``overflowRange``).
    public func textContainer(forCharacterAt index: Int) -> TextContainer? {
        lineFragmentRect(forCharacterAt: index).map { textContainers[$0.containerIndex] }
    }

    /// The union of the used rects of every fragment in `container` (.zero when it holds none).
    /// Lays out through that container only.
    public func usedRect(for container: TextContainer) -> Rect {
        guard let index = containerIndex(container) else { return .zero }
        ensureLayout(throughContainer: index)
        let current = current
        var used: Rect?
        var address = firstLine(atOrAfter: index, y: -.infinity, in: current)
        while let line = address, placedLine(line).container == index {
            for fragment in placedLine(line).line.fragments {
                used = used.map { $0.union(fragment.usedRect) } ?? fragment.usedRect
            }
            address = self.line(after: line, in: current)
        }
        return used ?? .zero
    }

    /// The insertion point nearest to `point` in `container` (Text Kit's `characterIndex(for:in:…)`):
    /// the line nearest vertically, then the fragment and cluster nearest horizontally; inside a
    /// cluster, the nearer of its edges (or a share of a ligature), honouring its direction. The
    /// extra line fragment counts as a line whose insertion point is the text's length (a click
    /// below a final line break puts the caret on the empty line); a container without lines
    /// answers the text's length. Never an index in ``overflowRange``, except that length.
    ///
    /// Lays out only until a line below `point` is known (or the container is full); finds the
    /// line by binary search, so the cost does not grow with the document.
    public func characterIndex(for point: Point, in container: TextContainer) -> Int {
        guard let containerIndex = containerIndex(container) else { return 0 }
        ensureLayout(pastY: point.y, inContainer: containerIndex)
        let nearest = nearestLines(to: point, inContainer: containerIndex, extraLineCounts: true)
        guard !nearest.nearerExtraLine, let fragment = nearestFragment(to: point, in: nearest.lines)?.fragment else {
            return textStorage?.length ?? 0
        }
        guard let cluster = fragment.clusters.min(by: {
            distance(point.x, $0) < distance(point.x, $1)
        }) else { return fragment.characters.lowerBound }
        let width = cluster.maxX - cluster.minX
        var fraction = width > 0 ? (point.x - cluster.minX) / width : 0
        fraction = min(1, max(0, cluster.rightToLeft ? 1 - fraction : fraction))
        return cluster.characters.lowerBound + Int((fraction * Double(cluster.characters.count)).rounded())
    }

    /// The caret for an insertion point before character `index` (`index` may equal the text's
    /// length). At a boundary between runs of opposite direction there are two carets: the primary
    /// one at the leading edge of the character at `index`, the secondary one at the trailing edge
    /// of the character before it. In an empty line (an empty paragraph) the caret is in the
    /// middle of the fragment's used rect, where alignment and direction put an insertion point.
    ///
    /// At the text's length, when the text is empty or ends with a hard line break, the caret is
    /// in the extra line fragment (``extraLineFragmentUsedRect``), on the empty line below the
    /// last one. Empty when the insertion point is not laid out: `index` is past the length or in
    /// ``overflowRange`` (the length too when the text overflowed), or the extra line fragment
    /// has no room. Lays out through the paragraph of `index` only (the whole text for the
    /// extra line fragment).
    public func caretRects(forCharacterIndex index: Int) -> [CaretRect] {
        guard let length = textStorage?.length, index >= 0, index <= length else { return [] }
        if index == length, endsWithHardLineBreak {
            guard let extra = extraLineFragment() else { return [] }
            return [CaretRect(containerIndex: extra.container, rect: Rect(
                x: extra.usedRect.minX + extra.usedRect.width / 2, y: extra.lineRect.minY, width: 0, height: extra.lineRect.height), isPrimary: true)]
        }
        ensureLayout(forCharacterRange: max(0, index - 1)..<index + 1)
        if let start = overflowStart, index >= start { return [] }
        var carets: [CaretRect] = []
        func caret(_ fragment: QueryIndex.Fragment, x: Double, primary: Bool) -> CaretRect {
            CaretRect(containerIndex: fragment.container,
                      rect: Rect(x: x, y: fragment.lineRect.minY, width: 0, height: fragment.lineRect.height),
                      isPrimary: primary)
        }
        let here = fragment(containing: index).flatMap { f in
            f.fragment.clusters.first { $0.characters.contains(index) }.map { (f, $0) }
        }
        let before = index > 0 ? fragment(containing: index - 1).flatMap { f in
            f.fragment.clusters.first { $0.characters.contains(index - 1) }.map { (f, $0) }
        } : nil
        if let (f, cluster) = here {
            carets.append(caret(f.fragment, x: QueryIndex.caretX(cluster, before: index), primary: true))
            if let (g, previous) = before, previous.rightToLeft != cluster.rightToLeft, g.address == f.address {
                carets.append(caret(g.fragment, x: QueryIndex.trailingX(previous), primary: false))
            }
        } else if let (g, previous) = before {
            carets.append(caret(g.fragment, x: QueryIndex.trailingX(previous), primary: true))
        } else if let f = fragment(containing: index) {
            carets.append(caret(f.fragment, x: f.fragment.usedRect.minX + f.fragment.usedRect.width / 2, primary: true))
        }
        return carets
    }

    /// The rectangles that highlight the characters in `range`: one per run of adjacent clusters,
    /// so a line split by an exclusion or reordered by bidi gives several. Only characters with
    /// glyphs are highlighted: line breaks and what overflowed (``overflowRange``) give no
    /// rectangle, nor does the extra line fragment, which holds no character (the caret at the
    /// selection's end is ``caretRects(forCharacterIndex:)`` of `range.upperBound`). Lays out
    /// through the end of `range` only and looks at its paragraphs only.
    public func selectionRects(forCharacterRange range: Range<Int>) -> [ContainerRect] {
        guard !range.isEmpty else { return [] }
        ensureLayout(forCharacterRange: range)
        let current = current
        let first = firstCurrent(current) { $0.range.upperBound > range.lowerBound }
        var rects: [ContainerRect] = []
        for position in first..<current.count {
            let p = current.paragraph(position)
            guard paragraphs[p].range.lowerBound < range.upperBound else { break }
            for line in paragraphs[p].lines.indices {
                let address = LineAddress(paragraph: p, line: line)
                for (fragment, characters) in fragmentCharacters(of: address) where characters.overlaps(range) {
                    rects += Self.selectionRects(in: locatedFragment(address, fragment).fragment, range: range)
                }
            }
        }
        return rects
    }

    // MARK: - Internals

    /// One fragment's share of a selection: one rectangle per run of adjacent clusters.
    package static func selectionRects(in fragment: QueryIndex.Fragment, range: Range<Int>) -> [ContainerRect] {
        var spans: [(Double, Double)] = []
        for cluster in fragment.clusters where cluster.characters.overlaps(range) {
            let from = max(range.lowerBound, cluster.characters.lowerBound)
            let to = min(range.upperBound, cluster.characters.upperBound)
            let a = QueryIndex.caretX(cluster, before: from)
            let b = to == cluster.characters.upperBound ? QueryIndex.trailingX(cluster) : QueryIndex.caretX(cluster, before: to)
            let span = (min(a, b), max(a, b))
            if let last = spans.last, span.0 <= last.1 + 1e-6 {
                spans[spans.count - 1].1 = max(last.1, span.1)
            } else {
                spans.append(span)
            }
        }
        return spans.map { minX, maxX in
            ContainerRect(containerIndex: fragment.container, rect: Rect(
                x: minX, y: fragment.lineRect.minY, width: maxX - minX, height: fragment.lineRect.height))
        }
    }

    /// The current fragment holding character `index`: of the fragments starting at or before
    /// it, the one starting last, if it holds `index`; for a character no fragment holds but its
    /// line does (the break that ends it), the line's last fragment in text order.
    func fragment(containing index: Int) -> LocatedFragment? {
        guard let p = currentParagraph(containing: index) else { return nil }
        var best: (address: LineAddress, index: Int, characters: Range<Int>)?
        var ending: (address: LineAddress, index: Int, end: Int)?
        let offset = paragraphs[p].range.lowerBound
        for line in paragraphs[p].lines.indices {
            let address = LineAddress(paragraph: p, line: line)
            let lineRange = paragraphs[p].lines[line].line.characterRange
            let holdsIndex = lineRange.lowerBound + offset <= index && index < lineRange.upperBound + offset
            for (fragment, characters) in fragmentCharacters(of: address) {
                if holdsIndex, ending.map({ $0.end <= characters.upperBound }) ?? true {
                    ending = (address, fragment, characters.upperBound)
                }
                guard characters.lowerBound <= index else { continue }
                if let known = best, known.characters.lowerBound > characters.lowerBound { continue }
                if let known = best, known.characters.lowerBound == characters.lowerBound,
                   !characters.contains(index) { continue }
                best = (address, fragment, characters)
            }
        }
        if let best, best.characters.contains(index) { return locatedFragment(best.address, best.index) }
        return ending.map { locatedFragment($0.address, $0.index) }
    }

    /// The current lines of container `containerIndex` nearest to `point` vertically (all of
    /// them on a tie), in layout order, among those with glyphs only when `withGlyphs` is set;
    /// with `extraLineCounts`, whether the extra line fragment is nearer than any (then `lines`
    /// is empty). Does not lay out.
    func nearestLines(to point: Point, inContainer containerIndex: Int, extraLineCounts: Bool,
                      withGlyphs: Bool = false) -> (lines: [LineAddress], nearerExtraLine: Bool) {
        let current = current
        func verticalDistance(_ line: LineAddress) -> Double {
            let rect = placedLine(line).line.rect
            return point.y < rect.minY ? rect.minY - point.y : max(0, point.y - rect.maxY)
        }
        /// `line` or, going the way `step` goes, the first line that counts; nil on leaving the container.
        func counted(_ line: LineAddress?, _ step: (LineAddress) -> LineAddress?) -> LineAddress? {
            var line = line
            while let address = line, placedLine(address).container == containerIndex {
                if !withGlyphs || paragraphs[address.paragraph].lines[address.line].line.fragments.contains(where: {
                    !$0.glyphs.isEmpty
                }) { return address }
                line = step(address)
            }
            return nil
        }
        func inContainer(_ line: LineAddress?) -> LineAddress? {
            counted(line) { self.line(before: $0, in: current) }
        }
        // Lines of the container are ordered by y without overlapping: the nearest ones are the
        // last starting above the point and the first starting at or below it (with any ties).
        let next = firstLine(atOrAfter: containerIndex, y: point.y, in: current)
        let below = counted(next) { self.line(after: $0, in: current) }
        let above = inContainer(line(before: next, in: current))
        // Below every line of the container, the extra line fragment (when laid out there) may
        // be nearer: its insertion point is the end of the text.
        if extraLineCounts, below == nil, let extra = laidOutExtraLineFragment(), extra.container == containerIndex {
            let rect = extra.lineRect
            let distance = point.y < rect.minY ? rect.minY - point.y : max(0, point.y - rect.maxY)
            if distance < above.map(verticalDistance) ?? .infinity { return ([], true) }
        }
        guard above != nil || below != nil else { return ([], false) }
        let nearest = min(above.map(verticalDistance) ?? .infinity, below.map(verticalDistance) ?? .infinity)
        var lines: [LineAddress] = []
        var walk = above
        while let line = walk, verticalDistance(line) == nearest {
            lines.insert(line, at: 0)
            walk = inContainer(self.line(before: line, in: current))
        }
        walk = below
        while let line = walk, verticalDistance(line) == nearest {
            lines.append(line)
            walk = counted(self.line(after: line, in: current)) { self.line(after: $0, in: current) }
        }
        return (lines, false)
    }

    /// Of the fragments of `lines`, the one nearest to `point` horizontally (the first on a tie).
    func nearestFragment(to point: Point, in lines: [LineAddress]) -> LocatedFragment? {
        func horizontalDistance(_ f: QueryIndex.Fragment) -> Double {
            point.x < f.rect.minX ? f.rect.minX - point.x : max(0, point.x - f.rect.maxX)
        }
        return lines.flatMap { fragments(of: $0) }.min { horizontalDistance($0.fragment) < horizontalDistance($1.fragment) }
    }

    func containerIndex(_ container: TextContainer) -> Int? {
        textContainers.firstIndex { $0 === container }
    }

    private func distance(_ x: Double, _ cluster: QueryIndex.Cluster) -> Double {
        x < cluster.minX ? cluster.minX - x : max(0, x - cluster.maxX)
    }
}
