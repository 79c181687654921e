/// A caret: where an insertion point is drawn.
public struct CaretRect: Hashable, Sendable {
    /// The container's index in the chain.
    public var containerIndex: Int
    /// A zero-width rectangle the height of the line, in container coordinates.
    public var rect: Rect
    /// False for the secondary caret of a split caret at a bidi boundary (the one drawn for the
    /// character before the index).
    public var isPrimary: Bool

    /// Creates a value from its parts.
    package init(containerIndex: Int, rect: Rect, isPrimary: Bool) {
        self.containerIndex = containerIndex
        self.rect = rect
        self.isPrimary = isPrimary
    }
}

/// A rectangle in one container.
public struct ContainerRect: Hashable, Sendable {
    /// The container's index in the chain.
    public var containerIndex: Int
    /// The rectangle, in container coordinates.
    public var rect: Rect

    /// Creates a value from its parts.
    package init(containerIndex: Int, rect: Rect) {
        self.containerIndex = containerIndex
        self.rect = rect
    }
}

/// One line fragment as ``LayoutManager/enumerateLineFragments(_:)`` reports it.
public struct LineFragmentInfo: Hashable, Sendable {
    /// The container's index in the chain.
    public var containerIndex: Int
    /// The fragment's rectangle (its free span, the line's height).
    public var rect: Rect
    /// The part of ``rect`` the glyphs use.
    public var usedRect: Rect
    /// The fragment's glyphs, as indices in the layout's glyph sequence.
    public var glyphRange: Range<Int>
    /// The fragment's characters.
    public var characterRange: Range<Int>
}

/// Lookup tables over a snapshot, for queries: glyph indices in layout order (containers,
/// lines, fragments, then left to right) mapped to fragments, and each fragment's clusters with
/// their boxes. Glyphs are read from the fragments' own storage (shared with the snapshot, not
/// copied).
///
/// Built on the first query after a layout; dropped when anything must be laid out again.
package struct QueryIndex {
    package struct Fragment {
        package var container: Int
        package var line: Int
        package var rect: Rect
        package var usedRect: Rect
        package var lineRect: Rect
        var glyphs: Range<Int>
        /// The fragment's glyphs (``glyphs`` are their indices in the layout's sequence).
        var storage: PositionedGlyphs
        package var characters: Range<Int>
        /// Clusters left to right: characters, box and direction.
        package var clusters: [Cluster]
    }

    package struct Cluster {
        package var characters: Range<Int>
        package var minX: Double
        package var maxX: Double
        package var rightToLeft: Bool
    }

    /// Every glyph of the layout, in layout order.
    struct Glyphs: RandomAccessCollection {
        let fragments: [Fragment]
        let count: Int
        var startIndex: Int { 0 }
        var endIndex: Int { count }

        subscript(index: Int) -> PositionedGlyph {
            let fragment = fragments[fragmentIndex(ofGlyph: index)]
            return fragment.storage[index - fragment.glyphs.lowerBound]
        }

        /// The fragment holding glyph `index` (the last non-empty one starting at or before it).
        func fragmentIndex(ofGlyph index: Int) -> Int {
            precondition(index >= 0 && index < count, "glyph index out of range")
            var low = 0, high = fragments.count
            while low < high {
                let mid = (low + high) / 2
                if fragments[mid].glyphs.lowerBound <= index { low = mid + 1 } else { high = mid }
            }
            var found = low - 1
            while fragments[found].glyphs.isEmpty { found -= 1 }
            return found
        }

        /// Walks the fragments in order, without a search per glyph.
        struct Iterator: IteratorProtocol {
            let fragments: [Fragment]
            var fragment = 0
            var position = 0

            mutating func next() -> PositionedGlyph? {
                while fragment < fragments.count {
                    let storage = fragments[fragment].storage
                    if position < storage.count {
                        defer { position += 1 }
                        return storage[position]
                    }
                    fragment += 1
                    position = 0
                }
                return nil
            }
        }

        func makeIterator() -> Iterator { Iterator(fragments: fragments) }
    }

    let snapshot: LayoutSnapshot
    package var fragments: [Fragment] = []
    /// The glyphs, in layout order.
    var glyphs: Glyphs { Glyphs(fragments: fragments, count: glyphCount) }
    private var glyphCount = 0
    /// Fragment indices sorted by their first character, for character lookups.
    var byCharacter: [Int] = []

    package init(snapshot: LayoutSnapshot) {
        self.snapshot = snapshot
        for container in snapshot.containers {
            for (lineIndex, line) in container.lines.enumerated() {
                for fragment in line.fragments {
                    let start = glyphCount
                    glyphCount += fragment.glyphs.count
                    fragments.append(Fragment(
                        container: container.index, line: lineIndex, rect: fragment.rect, usedRect: fragment.usedRect,
                        lineRect: line.rect, glyphs: start..<glyphCount, storage: fragment.glyphs,
                        characters: fragment.characterRange, clusters: Self.clusters(of: fragment)))
                }
            }
        }
        byCharacter = fragments.indices.sorted { fragments[$0].characters.lowerBound < fragments[$1].characters.lowerBound }
    }

    /// Groups a fragment's glyphs into clusters (glyphs of one character index are adjacent in
    /// visual order); a cluster's characters run to the next cluster's first character.
    package static func clusters(of fragment: LineFragment) -> [Cluster] {
        var clusters: [Cluster] = []
        for glyph in fragment.glyphs {
            let right = glyph.position.x + glyph.advance
            if var last = clusters.last, last.characters.lowerBound == glyph.characterIndex {
                last.minX = min(last.minX, glyph.position.x)
                last.maxX = max(last.maxX, right)
                clusters[clusters.count - 1] = last
            } else {
                clusters.append(Cluster(characters: glyph.characterIndex..<glyph.characterIndex + 1,
                                        minX: glyph.position.x, maxX: right, rightToLeft: glyph.isRightToLeft))
            }
        }
        let starts = clusters.map(\.characters.lowerBound).sorted()
        for index in clusters.indices {
            let start = clusters[index].characters.lowerBound
            var low = 0, high = starts.count
            while low < high {
                let mid = (low + high) / 2
                if starts[mid] <= start { low = mid + 1 } else { high = mid }
            }
            let end = low < starts.count ? starts[low] : fragment.characterRange.upperBound
            clusters[index].characters = start..<max(start + 1, end)
        }
        return clusters
    }

    /// The fragment holding character `index`, if any.
    func fragment(containing index: Int) -> Int? {
        var low = 0, high = byCharacter.count
        while low < high {
            let mid = (low + high) / 2
            if fragments[byCharacter[mid]].characters.lowerBound <= index { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let candidate = byCharacter[low - 1]
        return fragments[candidate].characters.contains(index) ? candidate : nil
    }

    /// The x of an insertion point before character `index` inside `cluster`: its leading edge,
    /// or a share of its width for an index inside a ligature.
    package static func caretX(_ cluster: Cluster, before index: Int) -> Double {
        let share = Double(index - cluster.characters.lowerBound) / Double(cluster.characters.count)
        let width = cluster.maxX - cluster.minX
        return cluster.rightToLeft ? cluster.maxX - share * width : cluster.minX + share * width
    }

    /// The x of the trailing edge of `cluster`.
    package static func trailingX(_ cluster: Cluster) -> Double { cluster.rightToLeft ? cluster.minX : cluster.maxX }
}
