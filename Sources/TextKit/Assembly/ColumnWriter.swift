/// Writes glyphs into the columns of ``PositionedGlyphs``: ids and character offsets in one
/// word a glyph (no character column when ``identityCharacters``), advances in one (Float) or
/// two (Double, ``wideAdvances``, chosen when the columns are made), x in one (Float) until
/// some x is not exact as Float, then in two (Double, the column widened in place, when the
/// buffer has room for it). A write fails when an x needs 64 bits and there is no room
/// (``roomForWideX``), or an advance is not exact as Float in a
/// Float column (``advancesAreExact(_:_:scale:)`` chooses the column; this only guards it).
package struct ColumnWriter {
    let count: Int
    /// The first glyph's character index: columns store offsets from it.
    let characterBase: Int
    /// Glyphs written.
    private(set) var next = 0
    /// The character index of the last glyph written.
    private(set) var lastCharacter = 0
    /// Whether some glyph has an x offset or a negative advance. If none has, x never decreases
    /// along the glyphs and the first content glyph with an advance is at the start pen.
    private(set) var mayMoveContent = false
    /// Whether glyph `i` is character `characterBase + i` (the caller checked every glyph): no
    /// character column is written.
    let identityCharacters: Bool
    /// The first word of the advance column (`count`, or `2 · count` after a character column).
    let advanceStart: Int
    /// Whether the advance column holds Doubles (words `advanceStart + 2i`, `+ 1`).
    let wideAdvances: Bool
    /// Whether the buffer has a word more a glyph, for x in 64 bits.
    let roomForWideX: Bool
    /// Whether the x column holds Doubles (words `xStart + 2i`, `+ 1`).
    private(set) var wideX = false
    /// The first word of the x column.
    let xStart: Int

    init(count: Int, characterBase: Int, wideAdvances: Bool = false, roomForWideX: Bool, identityCharacters: Bool = false) {
        self.count = count
        self.characterBase = characterBase
        self.identityCharacters = identityCharacters
        self.wideAdvances = wideAdvances
        self.roomForWideX = roomForWideX
        advanceStart = (identityCharacters ? 1 : 2) * count
        xStart = advanceStart + (wideAdvances ? 2 : 1) * count
    }

    /// Words a glyph of the columns written: id, character offset (unless ``identityCharacters``),
    /// advance and x, each one or two.
    var wordsPerGlyph: Int { (identityCharacters ? 1 : 2) + (wideAdvances ? 2 : 1) + (wideX ? 2 : 1) }

    /// Whether every advance of `glyphs` of a run's `columns` is exact as Float at `scale` (the
    /// general path then keeps the advance column in 32 bits): at once when the bit-or of their
    /// magnitudes (at least the largest) is below the bound of ``exactRange(scale:pen:)``, else
    /// advance by advance. (A run's columns and scale, not the run: passing a run copied it.)
    static func advancesAreExact(_ columns: GlyphColumns, _ glyphs: Range<Int>, scale: Double) -> Bool {
        @inline(__always)
        func exact<G, C, A: FixedWidthInteger>(_: UnsafeBufferPointer<G>, _: UnsafeBufferPointer<C>,
                                               _ advances: UnsafeBufferPointer<A>, _: UnsafeBufferPointer<Int32>) -> Bool {
            advancesAreExact(advances, glyphs, scale: scale)
        }
        return columns.withUnsafeColumns(narrow: exact, wide: exact)
    }

    /// ``advancesAreExact(_:_:scale:)`` of `advances` (font units).
    static func advancesAreExact<A: FixedWidthInteger>(_ advances: UnsafeBufferPointer<A>, _ glyphs: Range<Int>,
                                                       scale: Double) -> Bool {
        if let exact = exactRange(scale: scale, pen: 0) {
            // a ^ (a >> 31) is a, or |a| − 1 when negative: below the bound, |a| is at most it.
            var bits: UInt32 = 0
            for g in glyphs {
                let advance = Int32(truncatingIfNeeded: advances[g])
                bits |= UInt32(bitPattern: advance ^ (advance >> 31))
            }
            if bits < exact.units { return true }
        }
        for g in glyphs where !PositionedGlyphs.isExactAsFloat(Double(advances[g]) * scale) { return false }
        return true
    }

    /// Stores glyph `index`'s advance in the advance column.
    @inline(__always)
    private func setAdvance(_ advance: Double, at index: Int, into w: UnsafeMutableBufferPointer<UInt32>) {
        if wideAdvances {
            PositionedGlyphs.setWord64(w, advanceStart &+ 2 &* index, advance.bitPattern)
        } else {
            w[advanceStart &+ index] = Float(advance).bitPattern
        }
    }

    /// Stores glyph `index`'s x in the x column, widening it first if `x` needs 64 bits; false
    /// when it does and there is no room.
    @inline(__always)
    private mutating func setX(_ x: Double, at index: Int, into w: UnsafeMutableBufferPointer<UInt32>) -> Bool {
        if !wideX, !PositionedGlyphs.isExactAsFloat(x) {
            guard roomForWideX else { return false }
            widenX(through: index, w)
        }
        if wideX {
            PositionedGlyphs.setWord64(w, xStart &+ 2 &* index, x.bitPattern)
        } else {
            w[xStart &+ index] = Float(x).bitPattern
        }
        return true
    }

    /// Turns the Float x of glyphs `0 ..< index` into Doubles in place, last first (each Double
    /// lands at or after the Float it replaces, past every Float still to be read).
    private mutating func widenX(through index: Int, _ w: UnsafeMutableBufferPointer<UInt32>) {
        var glyph = index
        while glyph > 0 {
            glyph -= 1
            let x = Double(Float(bitPattern: w[xStart &+ glyph]))
            PositionedGlyphs.setWord64(w, xStart &+ 2 &* glyph, x.bitPattern)
        }
        wideX = true
    }

    /// Writes the glyphs `glyphs` of a run's `columns` at `scale` (last first when `backwards`:
    /// right to left) from `pen` on, moving it, with the general path's arithmetic; false (and
    /// `next` short of `count`) when an x needs 64 bits without room for it (or an advance is not
    /// exact as Float in a Float column). (A run's columns and scale, not the run: passing a run
    /// copied it.)
    mutating func write(_ columns: GlyphColumns, scale: Double, _ glyphs: Range<Int>, backwards: Bool = false,
                        pen: inout Double, scalars: CompactOffsets.Reader, into w: UnsafeMutableBufferPointer<UInt32>) -> Bool {
        // One loop per order, each as plain as the forward one alone.
        backwards
            ? write(columns, scale: scale, order: glyphs.reversed(), last: glyphs.lowerBound, pen: &pen, scalars: scalars, into: w)
            : write(columns, scale: scale, order: glyphs, last: glyphs.upperBound - 1, pen: &pen, scalars: scalars, into: w)
    }

    /// ``write(_:scale:_:backwards:pen:scalars:into:)`` with the glyphs in `order`, `last` the last of them.
    private mutating func write(_ columns: GlyphColumns, scale: Double, order: some Sequence<Int>, last: Int,
                                pen: inout Double, scalars: CompactOffsets.Reader,
                                into w: UnsafeMutableBufferPointer<UInt32>) -> Bool {
        // `pen + Double(offsetX) * scale` for an offset of 0, as the general path computes it.
        let noOffset = Double(Int32(0)) * scale
        let (count, base, start) = (self.count, characterBase, pen)
        // (A pen off the Float grid makes the first x wide already: no bounds to try then.)
        let exact = !columns.hasOffsetsX && !wideX && !wideAdvances && PositionedGlyphs.isExactAsFloat(start)
            ? Self.exactRange(scale: scale, pen: start) : nil
        let (xStart, advanceStart, identity) = (self.xStart, self.advanceStart, identityCharacters)
        // Locals, not stored properties, in the loops: they run for nearly every glyph laid out.
        var (next, x, fits) = (self.next, start, true)
        var signs: Int32 = 0
        @inline(__always)
        func writeAll<G: FixedWidthInteger, C: FixedWidthInteger, A: FixedWidthInteger>(
            _ ids: UnsafeBufferPointer<G>, _ clusters: UnsafeBufferPointer<C>, _ advances: UnsafeBufferPointer<A>,
            _ offsets: UnsafeBufferPointer<Int32>) {
            if let exact {
                // Exact as Float by `exactRange` if the bounds hold, tested once after.
                // Everything the loop reads or changes is a local of this function (the
                // variables outside are captured by reference: each use went through
                // memory, as the stores into `w` may alias them).
                let (count, base, advanceStart, xStart, identity) = (count, base, advanceStart, xStart, identity)
                var (glyph, pen, largest, signed) = (next, x, UInt32(0), Int32(0))
                for g in order {
                    let units = Int32(truncatingIfNeeded: advances[g])
                    let advance = Double(units) * scale
                    w[glyph] = UInt32(truncatingIfNeeded: ids[g])
                    if !identity {
                        let character = Int(scalars[Int(clusters[g])])
                        w[count &+ glyph] = UInt32(bitPattern: Int32(truncatingIfNeeded: character &- base))
                    }
                    w[advanceStart &+ glyph] = Float(advance).bitPattern
                    w[xStart &+ glyph] = Float(pen + noOffset).bitPattern
                    largest = max(largest, units.magnitude)
                    signed |= units
                    pen += advance
                    glyph &+= 1
                }
                if largest <= exact.units, signed >= 0, abs(start) < exact.limit, abs(pen) < exact.limit {
                    (next, x, signs) = (glyph, pen, signed)
                    return
                }
                // Out of bounds: the same glyphs again, each value tested.
            }
            for g in order {
                let advance = Double(advances[g]) * scale
                let glyphX = x + (offsets.isEmpty ? noOffset : Double(offsets[g]) * scale)
                guard wideAdvances || PositionedGlyphs.isExactAsFloat(advance) else {
                    fits = false
                    return
                }
                w[next] = UInt32(truncatingIfNeeded: ids[g])
                if !identity {
                    let character = Int(scalars[Int(clusters[g])])
                    w[count &+ next] = UInt32(bitPattern: Int32(truncatingIfNeeded: character &- base))
                }
                setAdvance(advance, at: next, into: w)
                guard setX(glyphX, at: next, into: w) else {
                    fits = false
                    return
                }
                signs |= Int32(truncatingIfNeeded: advances[g])
                x += advance
                next &+= 1
            }
        }
        columns.withUnsafeColumns(narrow: writeAll, wide: writeAll)
        guard fits else { return false }
        if signs < 0 || columns.hasOffsetsX { mayMoveContent = true }
        lastCharacter = Int(scalars[Int(columns.cluster(last))])
        (self.next, pen) = (next, x)
        return true
    }

    /// Bounds within which a run's glyphs without x offsets, placed from `pen` with `scale`
    /// points per unit, are exact as Float with no test per glyph; nil when there are none.
    ///
    /// ```
    /// scale = m · 2^e (m odd), pen = p · 2^f      every advance and pen is a multiple of
    /// G = 2^min(e, f)                             G, computed exactly while below 2^53 · G
    /// advance u · m · 2^e: exact as Float when |u| · m < 2^24, so |u| ≤ units = (2^24 − 1) / m
    /// with no negative advance the pen never decreases: if it starts and ends below
    /// limit = 2^24 · G in magnitude, every x is k · G with |k| < 2^24: exact as Float
    /// ```
    /// (G ≥ 2^−120 and e ≤ 90 keep every such value inside Float's range, subnormals included.)
    package static func exactRange(scale: Double, pen: Double) -> (units: UInt32, limit: Double)? {
        guard let scaleGrid = grid(scale), scaleGrid.odd < 1 << 24, scaleGrid.exponent <= 90 else { return nil }
        var exponent = scaleGrid.exponent
        if let penGrid = grid(pen) {
            exponent = min(exponent, penGrid.exponent)
        } else if pen != 0 {
            return nil
        }
        guard exponent >= -120 else { return nil }
        return (UInt32((1 << 24 - 1) / scaleGrid.odd), Double(sign: .plus, exponent: exponent + 24, significand: 1))
    }

    /// `value` as m · 2^exponent with m odd (nil for zero and non-finite values).
    package static func grid(_ value: Double) -> (odd: UInt64, exponent: Int)? {
        guard value.isFinite, value != 0 else { return nil }
        let significand = value.significandBitPattern | (value.isNormal ? 1 << 52 : 0)
        let shift = significand.trailingZeroBitCount
        let exponent = (value.isNormal ? Int(value.exponentBitPattern) - 1075 : -1074) + shift
        return (significand >> shift, exponent)
    }

    /// Writes one glyph; false when its advance is not exact as Float in a Float column.
    mutating func write(_ id: UInt32, advance: Double, x: Double, character: Int,
                        into w: UnsafeMutableBufferPointer<UInt32>) -> Bool {
        guard wideAdvances || PositionedGlyphs.isExactAsFloat(advance) else { return false }
        w[next] = id
        if !identityCharacters { w[count + next] = UInt32(bitPattern: Int32(truncatingIfNeeded: character - characterBase)) }
        setAdvance(advance, at: next, into: w)
        guard setX(x, at: next, into: w) else { return false }
        if advance < 0 { mayMoveContent = true }
        lastCharacter = character
        next += 1
        return true
    }

    /// The leftmost x of the glyphs written whose characters come before `firstHanging` and
    /// that have an advance (the general path's test for moving the content), or nil if none.
    func contentMinX(_ words: [UInt32], firstHanging: Int) -> Double? {
        var minX: Double?
        func word64(_ at: Int) -> Double { Double(bitPattern: UInt64(words[at]) | UInt64(words[at + 1]) << 32) }
        func character(_ index: Int) -> Int {
            characterBase + (identityCharacters ? index : Int(Int32(bitPattern: words[count + index])))
        }
        for index in 0..<count where character(index) < firstHanging {
            let advance = wideAdvances ? word64(advanceStart + 2 * index)
                : Double(Float(bitPattern: words[advanceStart + index]))
            let x = wideX ? word64(xStart + 2 * index) : Double(Float(bitPattern: words[xStart + index]))
            if advance > 0 { minX = min(minX ?? x, x) }
        }
        return minX
    }
}
