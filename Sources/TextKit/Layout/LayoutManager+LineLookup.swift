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

    /// The current paragraph holding character `index`, if it is laid out.
    func currentParagraph(containing index: Int) -> Int? {
        let count = currentParagraphCount
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if paragraphs[mid].range.upperBound <= index { low = mid + 1 } else { high = mid }
        }
        return low < count && paragraphs[low].range.contains(index) ? low : nil
    }

    /// The fragments of line `address`, left to right, in text coordinates.
    func fragments(of address: LineAddress) -> [LocatedFragment] {
        let state = paragraphs[address.paragraph]
        let placed = state.lines[address.line]
        let offset = state.range.lowerBound
        return placed.line.fragments.enumerated().map { index, fragment in
            var clusters = QueryIndex.clusters(of: fragment)
            for c in clusters.indices {
                let range = clusters[c].characters
                clusters[c].characters = range.lowerBound + offset..<range.upperBound + offset
            }
            let characters = fragment.characterRange
            return LocatedFragment(address: address, index: index, fragment: QueryIndex.Fragment(
                container: placed.container, line: address.line, rect: fragment.rect, usedRect: fragment.usedRect,
                lineRect: placed.line.rect, glyphs: 0..<0,
                characters: characters.lowerBound + offset..<characters.upperBound + offset, clusters: clusters))
        }
    }

    /// The line after `address` in layout order, among the current paragraphs.
    func line(after address: LineAddress, count: Int) -> LineAddress? {
        var next = LineAddress(paragraph: address.paragraph, line: address.line + 1)
        while next.paragraph < count {
            if next.line < paragraphs[next.paragraph].lines.count { return next }
            next = LineAddress(paragraph: next.paragraph + 1, line: 0)
        }
        return nil
    }

    /// The line before `address` in layout order.
    func line(before address: LineAddress) -> LineAddress? {
        var previous = address
        while true {
            if previous.line > 0 { return LineAddress(paragraph: previous.paragraph, line: previous.line - 1) }
            guard previous.paragraph > 0 else { return nil }
            previous = LineAddress(paragraph: previous.paragraph - 1, line: paragraphs[previous.paragraph - 1].lines.count)
        }
    }

    /// The first current line that is in a container after `container`, or in it with its top
    /// at or below `y` (nil: none).
    func firstLine(atOrAfter container: Int, y: Double) -> LineAddress? {
        let count = currentParagraphCount
        func isBefore(_ placed: PlacedLine) -> Bool {
            placed.container < container || (placed.container == container && placed.line.rect.minY < y)
        }
        // Paragraphs whose last line is before the place come first (those without lines, after
        // an overflow, come last).
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if let last = paragraphs[mid].lines.last, isBefore(last) { low = mid + 1 } else { high = mid }
        }
        guard low < count else { return nil }
        guard let line = paragraphs[low].lines.firstIndex(where: { !isBefore($0) }) else { return nil }
        return LineAddress(paragraph: low, line: line)
    }

    /// The placed line at `address`.
    func placedLine(_ address: LineAddress) -> PlacedLine { paragraphs[address.paragraph].lines[address.line] }

    /// Lays out (exactly, from the start) until the layout holds a line of container `index`
    /// starting below `y`, or has left that container, or the text ends: enough to find the
    /// line nearest to any point at `y` in it.
    func ensureLayout(pastY y: Double, inContainer index: Int) {
        guard let storage = textStorage, needsLayout else { return }
        if runLayout(storage: storage, until: { paragraph, cursor in
            cursor.container > index || self.paragraphs[paragraph].lines.contains {
                $0.container > index || ($0.container == index && $0.line.rect.minY > y)
            }
        }) { needsLayout = false }
    }

    /// Lays out through container `index` (all of it, and what overflows when it is the last).
    func ensureLayout(throughContainer index: Int) {
        guard let storage = textStorage, needsLayout else { return }
        if runLayout(storage: storage, until: { _, cursor in cursor.container > index }) { needsLayout = false }
    }
}
