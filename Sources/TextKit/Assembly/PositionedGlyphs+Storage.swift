// The value types a ``PositionedGlyphs`` is kept in, and the word helpers of its flat columns:
// what its storage is made of, apart from the collection that reads and writes it.
extension PositionedGlyphs {
    /// A font and direction from glyph `start` on.
    struct Run: Hashable, Sendable {
        var start: Int
        var fontIndex: Int
        var isRightToLeft: Bool
    }

    /// Where the x of glyphs that read their run come from: kept (Float bit patterns), or the
    /// paragraph's advance prefix (exact sums): glyph `i`'s x is `pen` plus the prefix at its
    /// cluster (`firstUnit + i` when `unitsFollowGlyphs`) less the prefix at `firstUnit`, the
    /// first glyph's. The caller vouches for one glyph a cluster (clusters increasing strictly),
    /// so that each x is the pen that summing the advances from `pen` gives.
    enum RunX { case column([UInt32]), advances(pen: Double, prefix: [Float], firstUnit: Int, unitsFollowGlyphs: Bool) }

    /// A shaped run's columns, read from glyph `first` on (and, with `prefix`, the x of
    /// ``RunX/advances(pen:prefix:firstUnit:unitsFollowGlyphs:)``). Unchecked Sendable: the
    /// columns are immutable once their run is made (``GlyphColumns`` is not Sendable for the
    /// code that makes them).
    struct RunSource: @unchecked Sendable {
        let columns: GlyphColumns
        let first: Int
        let scale: Double
        var prefix: [Float]? = nil
        var pen = 0.0, firstUnit = 0, unitsFollowGlyphs = false
    }

    /// Whether `value` survives a round trip through Float unchanged (sign of zero included).
    @inline(__always)
    package static func isExactAsFloat(_ value: Double) -> Bool {
        Double(Float(value)).bitPattern == value.bitPattern
    }

    static func word64(_ w: UnsafeBufferPointer<UInt32>, _ index: Int) -> UInt64 {
        UInt64(w[index]) | UInt64(w[index + 1]) << 32
    }

    static func setWord64(_ w: UnsafeMutableBufferPointer<UInt32>, _ index: Int, _ value: UInt64) {
        w[index] = UInt32(truncatingIfNeeded: value)
        w[index + 1] = UInt32(truncatingIfNeeded: value >> 32)
    }
}
