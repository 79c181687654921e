/// Glyphs of one item (one font, size, script, direction and attribute run), in logical order:
/// glyph `i` comes from the UTF-16 offset `clusters[i]` of its paragraph, and clusters never
/// decrease. Advances and offsets are in font units; ``scale`` turns them into points.
///
/// Filled by the shaping stage; cleared when the paragraph's characters or shaping attributes change.
struct ShapedRun {
    /// UTF-16 range of the paragraph the run covers.
    var range: Range<Int>
    var font: Font
    var pointSize: Double
    /// Points per font unit.
    var scale: Double
    var rightToLeft: Bool
    var script: String?
    var language: String?
    var features: [FontFeature]
    var glyphs: [UInt32]
    var clusters: [Int32]
    var advances: [Int32]
    var offsetsX: [Int32]
    var offsetsY: [Int32]
    var unsafeToBreak: [Bool]

    /// Builds a run from HarfBuzz output, reversing right-to-left output into logical order.
    init(range: Range<Int>, font: Font, pointSize: Double, rightToLeft: Bool, script: String?,
         language: String?, features: [FontFeature], shaped: ShapedGlyphs) {
        self.range = range
        self.font = font
        self.pointSize = pointSize
        self.scale = font.scale(forPointSize: pointSize)
        self.rightToLeft = rightToLeft
        self.script = script
        self.language = language
        self.features = features
        if rightToLeft {
            glyphs = shaped.glyphs.reversed(); clusters = shaped.clusters.reversed()
            advances = shaped.advances.reversed(); offsetsX = shaped.offsetsX.reversed()
            offsetsY = shaped.offsetsY.reversed(); unsafeToBreak = shaped.unsafeToBreak.reversed()
        } else {
            glyphs = shaped.glyphs; clusters = shaped.clusters; advances = shaped.advances
            offsetsX = shaped.offsetsX; offsetsY = shaped.offsetsY; unsafeToBreak = shaped.unsafeToBreak
        }
    }

    /// Index of the first glyph whose cluster is ≥ `offset`.
    func firstGlyph(atOrAfter offset: Int) -> Int {
        var low = 0, high = clusters.count
        while low < high {
            let mid = (low + high) / 2
            if Int(clusters[mid]) < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The glyph indices whose clusters lie in `range` (a sub-range of ``range``).
    func glyphRange(for range: Range<Int>) -> Range<Int> {
        firstGlyph(atOrAfter: range.lowerBound)..<firstGlyph(atOrAfter: range.upperBound)
    }

    /// Whether cutting the run at UTF-16 `offset` (strictly inside it) changes its glyphs, so the
    /// pieces must be shaped again (HarfBuzz's unsafe-to-break flag, or a cluster spanning it).
    func isUnsafeToCut(at offset: Int) -> Bool {
        let index = firstGlyph(atOrAfter: offset)
        guard index > 0, index < clusters.count else { return false }
        if Int(clusters[index]) != offset { return true }
        return unsafeToBreak[index] || unsafeToBreak[index - 1] && Int(clusters[index - 1]) == offset
    }
}
