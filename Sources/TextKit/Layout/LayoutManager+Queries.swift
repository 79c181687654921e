/// Geometry queries (Text Kit's glyph, line fragment, caret, selection and hit-testing calls).
///
/// Glyph indices count the glyphs of ``LayoutManager/snapshot()`` in order: containers, lines,
/// fragments, then left to right. Character indices are Unicode scalar offsets. Every query
/// lays out first if needed; coordinates are those of the container concerned.
extension LayoutManager {
    /// The number of glyphs laid out.
    public var numberOfGlyphs: Int { queries.glyphs.count }

    /// The glyph at `index`.
    public func glyph(at index: Int) -> PositionedGlyph { queries.glyphs[index] }

    /// The container that holds glyph `index`.
    public func textContainer(forGlyphAt index: Int) -> TextContainer {
        let q = queries
        return textContainers[q.fragments[q.glyphs.fragmentIndex(ofGlyph: index)].container]
    }

    /// The smallest glyph range covering every glyph drawn for the characters in `range`.
    public func glyphRange(forCharacterRange range: Range<Int>) -> Range<Int> {
        let q = queries
        var lower = Int.max, upper = Int.min
        for (index, glyph) in q.glyphs.enumerated() where range.contains(glyph.characterIndex)
            || (glyph.characterIndex < range.lowerBound && clusterEnd(of: index, q) > range.lowerBound) {
            lower = min(lower, index)
            upper = max(upper, index + 1)
        }
        return lower <= upper ? lower..<upper : 0..<0
    }

    /// The characters of the glyphs in `range` (whole clusters: a ligature gives all its characters).
    public func characterRange(forGlyphRange range: Range<Int>) -> Range<Int> {
        let q = queries
        guard !range.isEmpty else { return 0..<0 }
        var lower = Int.max, upper = Int.min
        for index in range {
            lower = min(lower, q.glyphs[index].characterIndex)
            upper = max(upper, clusterEnd(of: index, q))
        }
        return lower..<upper
    }

    /// The rectangle of the line fragment that holds glyph `index`.
    public func lineFragmentRect(forGlyphAt index: Int) -> Rect {
        let q = queries
        return q.fragments[q.glyphs.fragmentIndex(ofGlyph: index)].rect
    }

    /// The used part of the line fragment that holds glyph `index`.
    public func lineFragmentUsedRect(forGlyphAt index: Int) -> Rect {
        let q = queries
        return q.fragments[q.glyphs.fragmentIndex(ofGlyph: index)].usedRect
    }

    /// The union of the used rects of every fragment in `container` (.zero when it holds none).
    public func usedRect(for container: TextContainer) -> Rect {
        guard let index = containerIndex(container) else { return .zero }
        let used = queries.fragments.filter { $0.container == index }.map(\.usedRect)
        guard let first = used.first else { return .zero }
        return used.dropFirst().reduce(first) { $0.union($1) }
    }

    /// The smallest glyph range covering every glyph of `container` whose box (advance × line
    /// height) meets `rect`.
    public func glyphRange(forBoundingRect rect: Rect, in container: TextContainer) -> Range<Int> {
        guard let containerIndex = containerIndex(container) else { return 0..<0 }
        let q = queries
        var lower = Int.max, upper = Int.min
        for fragment in q.fragments where fragment.container == containerIndex && fragment.lineRect.intersects(rect) {
            for index in fragment.glyphs {
                let glyph = fragment.storage[index - fragment.glyphs.lowerBound]
                let box = Rect(x: glyph.position.x, y: fragment.lineRect.minY, width: max(glyph.advance, 1e-9),
                               height: fragment.lineRect.height)
                if box.intersects(rect) {
                    lower = min(lower, index)
                    upper = max(upper, index + 1)
                }
            }
        }
        return lower <= upper ? lower..<upper : 0..<0
    }

    /// Calls `body` for each line fragment in layout order until it returns false.
    public func enumerateLineFragments(_ body: (LineFragmentInfo) -> Bool) {
        for fragment in queries.fragments {
            let info = LineFragmentInfo(containerIndex: fragment.container, rect: fragment.rect,
                                        usedRect: fragment.usedRect, glyphRange: fragment.glyphs,
                                        characterRange: fragment.characters)
            if !body(info) { return }
        }
    }

    /// The insertion point nearest to `point` in `container` (Text Kit's `characterIndex(for:in:…)`):
    /// the line nearest vertically, then the fragment and cluster nearest horizontally; inside a
    /// cluster, the nearer of its edges (or a share of a ligature), honouring its direction.
    public func characterIndex(for point: Point, in container: TextContainer) -> Int {
        let q = queries
        guard let containerIndex = containerIndex(container) else { return 0 }
        let candidates = q.fragments.filter { $0.container == containerIndex }
        guard !candidates.isEmpty else { return q.snapshot.textLength }
        func verticalDistance(_ f: QueryIndex.Fragment) -> Double {
            point.y < f.lineRect.minY ? f.lineRect.minY - point.y : max(0, point.y - f.lineRect.maxY)
        }
        let nearestLine = candidates.map(verticalDistance).min()!
        let line = candidates.filter { verticalDistance($0) == nearestLine }
        func horizontalDistance(_ f: QueryIndex.Fragment) -> Double {
            point.x < f.rect.minX ? f.rect.minX - point.x : max(0, point.x - f.rect.maxX)
        }
        let fragment = line.min { horizontalDistance($0) < horizontalDistance($1) }!
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
    /// of the character before it.
    public func caretRects(forCharacterIndex index: Int) -> [CaretRect] {
        let q = queries
        var carets: [CaretRect] = []
        func caret(_ fragment: QueryIndex.Fragment, x: Double, primary: Bool) -> CaretRect {
            CaretRect(containerIndex: fragment.container,
                      rect: Rect(x: x, y: fragment.lineRect.minY, width: 0, height: fragment.lineRect.height),
                      isPrimary: primary)
        }
        let here = q.fragment(containing: index).flatMap { f in
            q.fragments[f].clusters.first { $0.characters.contains(index) }.map { (f, $0) }
        }
        let before = index > 0 ? q.fragment(containing: index - 1).flatMap { f in
            q.fragments[f].clusters.first { $0.characters.contains(index - 1) }.map { (f, $0) }
        } : nil
        if let (f, cluster) = here {
            carets.append(caret(q.fragments[f], x: QueryIndex.caretX(cluster, before: index), primary: true))
            if let (g, previous) = before, previous.rightToLeft != cluster.rightToLeft,
               q.fragments[g].line == q.fragments[f].line, q.fragments[g].container == q.fragments[f].container {
                carets.append(caret(q.fragments[g], x: QueryIndex.trailingX(previous), primary: false))
            }
        } else if let (g, previous) = before {
            carets.append(caret(q.fragments[g], x: QueryIndex.trailingX(previous), primary: true))
        } else if let f = q.fragment(containing: index) ?? q.byCharacter.last(where: { q.fragments[$0].characters.lowerBound <= index }) {
            let fragment = q.fragments[f]
            let padding = textContainers[fragment.container].lineFragmentPadding
            carets.append(caret(fragment, x: fragment.rect.minX + padding, primary: true))
        }
        return carets
    }

    /// The rectangles that highlight the characters in `range`: one per run of adjacent clusters,
    /// so a line split by an exclusion or reordered by bidi gives several.
    public func selectionRects(forCharacterRange range: Range<Int>) -> [ContainerRect] {
        guard !range.isEmpty else { return [] }
        var rects: [ContainerRect] = []
        for fragment in queries.fragments where fragment.characters.overlaps(range) {
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
            for (minX, maxX) in spans {
                rects.append(ContainerRect(containerIndex: fragment.container, rect: Rect(
                    x: minX, y: fragment.lineRect.minY, width: maxX - minX, height: fragment.lineRect.height)))
            }
        }
        return rects
    }

    // MARK: - Internals

    var queries: QueryIndex {
        ensureLayout()
        if let cached = cachedQueries { return cached }
        let built = QueryIndex(snapshot: snapshot())
        cachedQueries = built
        return built
    }

    private func containerIndex(_ container: TextContainer) -> Int? {
        textContainers.firstIndex { $0 === container }
    }

    private func clusterEnd(of glyph: Int, _ q: QueryIndex) -> Int {
        let fragment = q.fragments[q.glyphs.fragmentIndex(ofGlyph: glyph)]
        let start = fragment.storage[glyph - fragment.glyphs.lowerBound].characterIndex
        return fragment.clusters.first { $0.characters.lowerBound == start }?.characters.upperBound ?? start + 1
    }

    private func distance(_ x: Double, _ cluster: QueryIndex.Cluster) -> Double {
        x < cluster.minX ? cluster.minX - x : max(0, x - cluster.maxX)
    }
}
