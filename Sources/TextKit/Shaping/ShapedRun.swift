/// Glyphs of one item (one font, size, script, direction and attribute run), in logical order:
/// glyph `i` comes from the UTF-16 offset `clusters[i]` of its paragraph, and clusters never
/// decrease. Advances and offsets are in font units; ``scale`` turns them into points.
///
/// An attachment's run is never shaped: it holds one glyph, ``attachmentGlyphID``, whose advance
/// is exactly the attachment's width (2³⁰ units of width / 2³⁰ points: powers of two divide
/// exactly), so everything that sums advances treats it as any glyph.
///
/// Filled by the shaping stage; cleared when the paragraph's characters or shaping attributes change.
package struct ShapedRun {
    /// The glyph id of an attachment (no font has 2³² glyphs).
    static let attachmentGlyphID = PositionedGlyph.attachmentGlyphID

    /// UTF-16 range of the paragraph the run covers.
    package var range: Range<Int>
    /// How the run was shaped (and is shaped again for a piece).
    package var style: RunStyle
    /// Points per font unit.
    var scale: Double
    package var font: Font { style.font }
    var pointSize: Double { style.pointSize }
    /// Points per unit of the run's font (``scale`` but for an attachment's run): for glyphs
    /// taken from the font, such as a hyphen or an ellipsis, and for the font's metrics.
    var fontScale: Double { style.font.scale(forPointSize: style.pointSize) }
    var attachment: TextAttachment? { style.attachment }
    var rightToLeft: Bool { style.rightToLeft }
    /// The glyph ids, clusters, advances and offsets, in one allocation.
    package private(set) var columns: GlyphColumns
    @inline(__always) package var glyphs: GlyphColumn<UInt32> { columns.glyphs }
    @inline(__always) package var clusters: GlyphColumn<Int32> { columns.clusters }
    @inline(__always) package var advances: GlyphColumn<Int32> { columns.advances }
    /// Whether glyph g is UTF-16 unit `range.lowerBound + g` of the paragraph, for every glyph
    /// (one glyph a unit, in order: most runs of most scripts), so a line reads its glyph range
    /// and character indices without searching the clusters.
    package private(set) var hasOneGlyphPerUnit = false
    /// Whether every advance, in points (``scale`` times the font units), is exact as a Float,
    /// so lines keep their advance columns in 32 bits (see `ColumnWriter`).
    package private(set) var advancesAreExactAsFloat = false
    /// The bit-or of every advance's magnitude bits (`a ^ (a >> 31)`: `a`, or `|a| − 1` when
    /// negative), at least the largest magnitude: a bound checked once for a whole line
    /// (`UInt32.max` where not worked out: see ``hasNegativeAdvance``).
    package private(set) var advanceMagnitudeBits: UInt32 = 0
    /// Whether some advance is negative (or not known: at a scale ``ColumnWriter/exactRange(scale:pen:)``
    /// has no bound for, where ``advanceMagnitudeBits`` is not worked out either).
    package private(set) var hasNegativeAdvance = false
    /// Glyph offsets from the pen, or empty when every one is zero (most runs: see ``offsetX(_:)``).
    @inline(__always) package var offsetsX: GlyphColumn<Int32> { columns.offsetsX }
    /// Glyph offsets above the baseline, or empty when every one is zero (see ``offsetY(_:)``).
    @inline(__always) package var offsetsY: GlyphColumn<Int32> { columns.offsetsY }
    /// HarfBuzz's unsafe-to-break flag of each glyph, or empty when no glyph has it (see
    /// ``isUnsafeToBreak(_:)``).
    @inline(__always) package var unsafeToBreak: GlyphColumn<Bool> { columns.unsafeToBreak }

    /// Glyph `index`'s offset from the pen, in font units.
    func offsetX(_ index: Int) -> Int32 { columns.offsetX(index) }

    /// Glyph `index`'s offset above the baseline, in font units.
    func offsetY(_ index: Int) -> Int32 { columns.offsetY(index) }

    /// Whether breaking the line before glyph `index` needs reshaping (HarfBuzz's flag).
    func isUnsafeToBreak(_ index: Int) -> Bool { columns.isUnsafeToBreak(index) }

    /// Shapes `text[range]` (the rest of `text` is context) in `style`, word by word through
    /// `cache` where that gives the same glyphs (see ``ShapeCache``), assembling them in
    /// `scratch` (a new buffer when nil; one paragraph's runs share one).
    init(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, style: consuming RunStyle,
         cache: borrowing ShapeCache? = nil, scratch: GlyphAssembly? = nil) {
        if let attachment = style.attachment {
            self.init(attachment: attachment, range: range, style: style)
            return
        }
        if let logical = cache?.shape(text, range: range, style: style,
                                      scratch: scratch ?? GlyphAssembly(capacity: range.count + 8)) {
            self.init(range: range, style: style, columns: logical)
            return
        }
        let shaped = style.input.shape(text, range: range)
        self.init(range: range, style: style, shaped: shaped)
    }

    /// The run of an attachment: one glyph for the whole range (its U+FFFC cluster), never cached.
    init(attachment: TextAttachment, range: Range<Int>, style: RunStyle) {
        let units: Int32 = 1 << 30
        self.range = range
        self.style = style
        self.scale = max(0, attachment.width) / Double(units)
        columns = GlyphColumns(GlyphColumns.Layout(count: 1, offsetsX: false, offsetsY: false, flags: false)) { words in
            words[0] = Self.attachmentGlyphID
            words[1] = UInt32(truncatingIfNeeded: range.lowerBound)
            words[2] = UInt32(bitPattern: units)
        }
        hasOneGlyphPerUnit = range.count == 1
        advancesAreExactAsFloat = PositionedGlyphs.isExactAsFloat(Double(units) * scale)
        advanceMagnitudeBits = UInt32(units)
    }

    /// Builds a run from HarfBuzz output, reversing right-to-left output into logical order
    /// and adding the style's tracking after each cluster.
    init(range: Range<Int>, style: consuming RunStyle, shaped: consuming ShapedGlyphs) {
        if style.rightToLeft {
            // In place: the columns are this run's alone.
            shaped.glyphs.reverse(); shaped.clusters.reverse(); shaped.advances.reverse()
            shaped.offsetsX.reverse(); shaped.offsetsY.reverse(); shaped.unsafeToBreak.reverse()
        }
        self.init(range: range, style: style, columns: GlyphColumns(shaped))
    }

    /// Builds a run from columns in logical order (the word cache's), adding the style's
    /// tracking after each cluster. Offset columns are left out when every offset is zero (most
    /// runs: no mark or kerning), from HarfBuzz and from the word cache alike.
    @inline(__always)
    init(range: Range<Int>, style: consuming RunStyle, columns: consuming GlyphColumns) {
        let scale = style.font.scale(forPointSize: style.pointSize)
        let tracking = style.tracking
        self.range = range
        self.style = style  // (its last use: moved, not copied)
        self.scale = scale
        if tracking != 0, columns.count > 0 { columns.addTracking(Int32((tracking / scale).rounded())) }
        @inline(__always)
        func facts<G, C: FixedWidthInteger, A: FixedWidthInteger>(_: UnsafeBufferPointer<G>, _ clusters: UnsafeBufferPointer<C>,
                                                                  _ advances: UnsafeBufferPointer<A>, _: UnsafeBufferPointer<Int32>)
            -> (oneGlyphPerUnit: Bool, exactAdvances: Bool, magnitudeBits: UInt32, negative: Bool) {
            Self.columnFacts(clusters: clusters, advances: advances, range: range, scale: scale)
        }
        let facts = columns.withUnsafeColumns(narrow: facts, wide: facts)
        self.columns = columns
        (hasOneGlyphPerUnit, advancesAreExactAsFloat, advanceMagnitudeBits, hasNegativeAdvance) = facts
    }

    /// ``hasOneGlyphPerUnit``, ``advancesAreExactAsFloat``, ``advanceMagnitudeBits`` and
    /// ``hasNegativeAdvance`` of columns (worked out once, when the run is made: every line of the
    /// paragraph would otherwise check its glyphs again).
    @inline(__always)
    private static func columnFacts<C: FixedWidthInteger, A: FixedWidthInteger>(
        clusters: UnsafeBufferPointer<C>, advances: UnsafeBufferPointer<A>, range: Range<Int>, scale: Double)
        -> (oneGlyphPerUnit: Bool, exactAdvances: Bool, magnitudeBits: UInt32, negative: Bool) {
        var oneGlyphPerUnit = clusters.count == range.count
        if oneGlyphPerUnit {
            // No early exit: the compiler vectorizes this (it runs for every glyph shaped).
            let first = Int32(truncatingIfNeeded: range.lowerBound)
            var differences: Int32 = 0
            for g in 0..<clusters.count {
                differences |= Int32(truncatingIfNeeded: clusters[g]) ^ (first &+ Int32(truncatingIfNeeded: g))
            }
            oneGlyphPerUnit = differences == 0
        }
        // The bits bound every advance's magnitude: below the bound of `exactRange`, every
        // advance is exact as Float with no test of its own. At a scale with no such bound (most
        // fonts of 1,000 units per em) they are not worked out: no line reads such a run's
        // columns in place (see `LineAssembler.runStretch`).
        guard let bound = ColumnWriter.exactRange(scale: scale, pen: 0) else {
            return (oneGlyphPerUnit, ColumnWriter.advancesAreExact(advances, 0..<advances.count, scale: scale), .max, true)
        }
        // (Reductions the compiler vectorizes.)
        var bits: UInt32 = 0, signs: Int32 = 0
        for g in 0..<advances.count {
            let advance = Int32(truncatingIfNeeded: advances[g])
            bits |= UInt32(bitPattern: advance ^ (advance >> 31))
            signs |= advance
        }
        let exact = bits < bound.units || ColumnWriter.advancesAreExact(advances, 0..<advances.count, scale: scale)
        return (oneGlyphPerUnit, exact, bits, signs < 0)
    }

    /// Index of the first glyph whose cluster is ≥ `offset`.
    @inline(__always)
    func firstGlyph(atOrAfter offset: Int) -> Int {
        // (Asked of the columns: a call that takes the run copied it, a retain of each reference.)
        columns.firstGlyph(atOrAfter: offset, runStart: range.lowerBound)
    }

    /// The glyph indices whose clusters lie in `range` (a sub-range of ``range``).
    @inline(__always)
    func glyphRange(for range: Range<Int>) -> Range<Int> {
        if hasOneGlyphPerUnit {
            // (What the search finds: the offsets clamped to the run.)
            let lower = self.range.lowerBound, count = clusters.count
            return Swift.min(Swift.max(range.lowerBound - lower, 0), count)
                ..< Swift.min(Swift.max(range.upperBound - lower, 0), count)
        }
        return firstGlyph(atOrAfter: range.lowerBound)..<firstGlyph(atOrAfter: range.upperBound)
    }

    /// Whether cutting the run at UTF-16 `offset` (strictly inside it) changes its glyphs, so the
    /// pieces must be shaped again (HarfBuzz's unsafe-to-break flag, or a cluster spanning it).
    package func isUnsafeToCut(at offset: Int) -> Bool {
        let index = firstGlyph(atOrAfter: offset)
        guard index > 0, index < columns.count else { return false }
        if Int(columns.cluster(index)) != offset { return true }
        return isUnsafeToBreak(index) || isUnsafeToBreak(index - 1) && Int(columns.cluster(index - 1)) == offset
    }
}
