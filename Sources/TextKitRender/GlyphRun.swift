import TextKit

/// Glyphs drawn with one call: one font, one colour, clusters in one direction.
///
/// Besides the glyphs, a run carries the characters they stand for as text clusters (cairo's
/// `show_text_glyphs`), so a PDF maps ligatures and reordered right-to-left glyphs back to the
/// right characters.
package struct GlyphRun: Hashable {
    /// A glyph and its baseline origin, in container coordinates.
    package struct Glyph: Hashable {
        var id: UInt32
        var position: Point
    }

    /// `bytes` bytes of ``utf8`` drawn by `glyphs` glyphs.
    package struct Cluster: Hashable {
        package var bytes: Int
        package var glyphs: Int
    }

    var fontIndex: Int
    package var color: Color
    /// The glyphs, in visual order (left to right).
    package var glyphs: [Glyph] = []
    /// The characters of the clusters, in text order (empty when the text is unknown).
    package var utf8: [UInt8] = []
    /// The clusters, in text order.
    package var clusters: [Cluster] = []
    /// Whether the clusters run right to left: the first cluster is drawn by the last glyphs.
    package var isBackward = false

    /// Splits `fragment`'s glyphs into runs of one font and one colour whose clusters are in
    /// monotonic text order.
    ///
    /// A cluster is a maximal sequence of visually adjacent glyphs with the same character index;
    /// it stands for the characters from that index up to the next index any glyph of the
    /// fragment starts at (or the end of the fragment), minus line and paragraph separators.
    ///
    /// - Parameter text: the laid-out text's scalars; nil draws glyphs without text.
    package static func runs(in fragment: LineFragment, text: [Unicode.Scalar]?, colors: TextColors,
                     defaultColor: Color) -> [GlyphRun] {
        let starts = Array(Set(fragment.glyphs.map(\.characterIndex))).sorted()
        var runs: [GlyphRun] = []
        var current: GlyphRun?
        var previousCluster: Int?
        var ascending: Bool?
        var index = 0
        let glyphs = Array(fragment.glyphs)
        while index < glyphs.count {
            let start = glyphs[index].characterIndex
            var end = index + 1
            while end < glyphs.count, glyphs[end].characterIndex == start, glyphs[end].fontIndex == glyphs[index].fontIndex {
                end += 1
            }
            let color = colors.foreground(at: start) ?? defaultColor
            let fontIndex = glyphs[index].fontIndex
            var direction: Bool?
            if let previousCluster, previousCluster != start { direction = start > previousCluster }
            if var run = current,
               run.fontIndex == fontIndex, run.color == color, ascending == nil || direction == nil || direction == ascending {
                if ascending == nil { ascending = direction }
                run.append(glyphs[index..<end], characters: characters(start, starts, fragment, text))
                current = run
            } else {
                if let run = current { runs.append(run.finished(ascending: ascending)) }
                var run = GlyphRun(fontIndex: fontIndex, color: color)
                run.append(glyphs[index..<end], characters: characters(start, starts, fragment, text))
                current = run
                ascending = nil
            }
            previousCluster = start
            index = end
        }
        if let run = current { runs.append(run.finished(ascending: ascending)) }
        return runs
    }

    // MARK: - Internals

    private mutating func append(_ glyphs: ArraySlice<PositionedGlyph>, characters: [UInt8]?) {
        self.glyphs.append(contentsOf: glyphs.map { Glyph(id: $0.glyphID, position: $0.position) })
        guard let characters else { return }
        utf8.append(contentsOf: characters)
        clusters.append(Cluster(bytes: characters.count, glyphs: glyphs.count))
    }

    /// The run with its clusters in text order (reversed when they went right to left).
    private func finished(ascending: Bool?) -> GlyphRun {
        guard ascending == false, clusters.count > 1 else { return self }
        var run = self
        run.isBackward = true
        run.clusters = clusters.reversed()
        // Reverse the text cluster by cluster, keeping each cluster's bytes in order.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var end = utf8.count
        for cluster in clusters.reversed() {
            bytes.append(contentsOf: utf8[(end - cluster.bytes)..<end])
            end -= cluster.bytes
        }
        run.utf8 = bytes
        return run
    }

    /// The UTF-8 of the characters the cluster starting at `start` stands for.
    private static func characters(_ start: Int, _ starts: [Int], _ fragment: LineFragment,
                                   _ text: [Unicode.Scalar]?) -> [UInt8]? {
        guard let text else { return nil }
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] <= start { low = mid + 1 } else { high = mid }
        }
        let limit = low < starts.count ? starts[low] : max(fragment.characterRange.upperBound, start + 1)
        var bytes: [UInt8] = []
        for offset in start..<min(limit, text.count) where !isSeparator(text[offset]) {
            UTF8.encode(text[offset]) { bytes.append($0) }
        }
        return bytes
    }

    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
