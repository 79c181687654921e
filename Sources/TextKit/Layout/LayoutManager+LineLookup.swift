/// Finding lines in the layout as it is kept, per paragraph: what the character and point queries
/// use, so that after an edit they lay out and look at a paragraph or two, not the whole document.
///
/// Lines are in layout order (paragraphs in text order, lines top to bottom), and layout order is
/// also the order of containers and, inside a container, of y: lines never overlap and each one
/// starts at or below the one before (the layout invariants). So a character or a point is
/// found by binary search over the paragraphs.
extension LayoutManager {
    /// A line of the current layout: a paragraph's index and the line's index in it.
    struct LineAddress: Hashable, Comparable {
        var paragraph: Int
        var line: Int

        static func < (a: Self, b: Self) -> Bool { (a.paragraph, a.line) < (b.paragraph, b.line) }
    }

    /// A fragment of the current layout with its place, in text coordinates.
    struct LocatedFragment {
        var address: LineAddress
        var index: Int
        var fragment: QueryIndex.Fragment
    }

    /// How many leading paragraphs the last layout pass laid out (their lines are current).
    var currentParagraphCount: Int {
        guard needsLayout else { return paragraphs.count }
        var low = 0, high = paragraphs.count
        while low < high {
            let mid = (low + high) / 2
            if paragraphs[mid].range.upperBound <= laidOutThrough { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The paragraphs whose lines are current, in order: the exact prefix, then the estimated
    /// island of noncontiguous layout (if any), numbered `0..<count`.
    struct CurrentParagraphs {
        let prefix: Int
        let island: Range<Int>

        var count: Int { prefix + island.count }

        /// The paragraph index of the `position`th current paragraph.
        func paragraph(_ position: Int) -> Int { position < prefix ? position : island.lowerBound + position - prefix }

        /// The position of paragraph `index` among the current ones, if it is one.
        func position(of index: Int) -> Int? {
            if index < prefix { return index }
            return island.contains(index) ? prefix + index - island.lowerBound : nil
        }
    }

    var current: CurrentParagraphs {
        let prefix = currentParagraphCount
        guard let island, island.lowerBound >= prefix, island.upperBound <= paragraphs.count else {
            return CurrentParagraphs(prefix: prefix, island: prefix..<prefix)
        }
        return CurrentParagraphs(prefix: prefix, island: island)
    }

    /// The first current paragraph (position) for which `isAfter` holds, given that it holds for
    /// all those after it.
    func firstCurrent(_ current: CurrentParagraphs, where isAfter: (ParagraphState) -> Bool) -> Int {
        var low = 0, high = current.count
        while low < high {
            let mid = (low + high) / 2
            if isAfter(paragraphs[current.paragraph(mid)]) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The current paragraph holding character `index`, if it is laid out.
    func currentParagraph(containing index: Int) -> Int? {
        let current = current
        let position = firstCurrent(current) { $0.range.upperBound > index }
        guard position < current.count else { return nil }
        let p = current.paragraph(position)
        return paragraphs[p].range.contains(index) ? p : nil
    }

    /// The fragments of line `address`, left to right, in text coordinates.
    func fragments(of address: LineAddress) -> [LocatedFragment] {
        paragraphs[address.paragraph].lines[address.line].line.fragments.indices.map { locatedFragment(address, $0) }
    }

    /// The characters of each fragment of line `address` (text coordinates), without the work
    /// of building its clusters: enough to choose the fragments a query needs.
    func fragmentCharacters(of address: LineAddress) -> [(index: Int, characters: Range<Int>)] {
        let state = paragraphs[address.paragraph]
        let offset = state.range.lowerBound
        return state.lines[address.line].line.fragments.enumerated().map { index, fragment in
            (index, fragment.characterRange.lowerBound + offset..<fragment.characterRange.upperBound + offset)
        }
    }

    /// Fragment `index` of line `address`, with its clusters, in text coordinates.
    func locatedFragment(_ address: LineAddress, _ index: Int) -> LocatedFragment {
        let state = paragraphs[address.paragraph]
        let placed = state.lines[address.line]
        let offset = state.range.lowerBound
        let fragment = placed.line.fragments[index]
        let dy = state.yOffset(of: placed)
        var clusters = QueryIndex.clusters(of: fragment)
        for c in clusters.indices {
            let range = clusters[c].characters
            clusters[c].characters = range.lowerBound + offset..<range.upperBound + offset
        }
        let characters = fragment.characterRange
        var glyphs = fragment.glyphs
        glyphs.offsetY(by: dy)
        return LocatedFragment(address: address, index: index, fragment: QueryIndex.Fragment(
            container: placed.container, line: address.line, rect: fragment.rect.movedDown(by: dy),
            usedRect: fragment.usedRect.movedDown(by: dy), lineRect: placed.line.rect.movedDown(by: dy),
            glyphs: 0..<0, storage: glyphs,
            characters: characters.lowerBound + offset..<characters.upperBound + offset, clusters: clusters))
    }

    /// The line after `address` in layout order, among the current paragraphs.
    func line(after address: LineAddress, in current: CurrentParagraphs) -> LineAddress? {
        if address.line + 1 < paragraphs[address.paragraph].lines.count {
            return LineAddress(paragraph: address.paragraph, line: address.line + 1)
        }
        guard var position = current.position(of: address.paragraph) else { return nil }
        while position + 1 < current.count {
            position += 1
            let p = current.paragraph(position)
            if !paragraphs[p].lines.isEmpty { return LineAddress(paragraph: p, line: 0) }
        }
        return nil
    }

    /// The line before `address` in layout order, among the current paragraphs; `nil` for
    /// `address` gives the last current line.
    func line(before address: LineAddress?, in current: CurrentParagraphs) -> LineAddress? {
        var position: Int
        if let address {
            if address.line > 0 { return LineAddress(paragraph: address.paragraph, line: address.line - 1) }
            guard let known = current.position(of: address.paragraph) else { return nil }
            position = known
        } else {
            position = current.count
        }
        while position > 0 {
            position -= 1
            let p = current.paragraph(position)
            if !paragraphs[p].lines.isEmpty { return LineAddress(paragraph: p, line: paragraphs[p].lines.count - 1) }
        }
        return nil
    }

    /// The first current line that is in a container after `container`, or in it with its top
    /// at or below `y` (nil: none).
    func firstLine(atOrAfter container: Int, y: Double, in current: CurrentParagraphs) -> LineAddress? {
        func isBefore(_ placed: PlacedLine, of state: ParagraphState) -> Bool {
            placed.container < container
                || (placed.container == container && placed.line.rect.movedDown(by: state.yOffset(of: placed)).minY < y)
        }
        // Paragraphs whose last line is before the place come first (those without lines, after
        // an overflow, come last).
        let position = firstCurrent(current) { state in state.lines.last.map { !isBefore($0, of: state) } ?? true }
        guard position < current.count else { return nil }
        let p = current.paragraph(position)
        let state = paragraphs[p]
        guard let line = state.lines.firstIndex(where: { !isBefore($0, of: state) }) else { return nil }
        return LineAddress(paragraph: p, line: line)
    }

    /// The placed line at `address`, its geometry in container coordinates (its characters and
    /// cursors stay in its paragraph's frame).
    func placedLine(_ address: LineAddress) -> PlacedLine {
        let state = paragraphs[address.paragraph]
        var placed = state.lines[address.line]
        placed.line = placed.line.offsettingY(by: state.yOffset(of: placed))
        return placed
    }

    /// Lays out until the layout holds a line of container `index` starting below `y`, or has
    /// left that container, or the text ends: enough to find the line nearest to any point at
    /// `y` in it. Exact from the start, or with noncontiguous layout an estimate near `y`.
    func ensureLayout(pastY y: Double, inContainer index: Int) {
        ensureLayout(near: { end in self.estimatedCharacter(atY: y, after: end) }, until: { paragraph, cursor in
            let state = self.paragraphs[paragraph]
            return cursor.container > index || state.lines.contains {
                $0.container > index || ($0.container == index && $0.line.rect.movedDown(by: state.yOffset(of: $0)).minY > y)
            }
        })
    }

    /// Lays out through container `index` (all of it, and what overflows when it is the last).
    func ensureLayout(throughContainer index: Int) {
        requireNoOpenEditingBatch()
        guard let storage = textStorage, needsLayout else { return }
        if runLayout(storage: storage, until: { _, cursor in cursor.container > index }) { needsLayout = false }
    }
}
