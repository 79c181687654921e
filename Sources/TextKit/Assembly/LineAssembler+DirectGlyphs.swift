/// The common fragment placed without the intermediate `[PositionedGlyph]`: its glyphs are
/// written straight into the columns of ``PositionedGlyphs`` (ids, character offsets, advances
/// and x, Float where every value of the column is exact as Float), reading the paragraph's
/// shaped runs in place.
extension LineAssembler {
    /// The glyphs of fragment `range` of a paragraph without attachments, all of it one visual
    /// run (`rightToLeft`: its glyphs in reverse logical order), placed from `pen` with no tabs,
    /// justification or replaced soft hyphen (`hyphen`, if any, is appended after the last glyph
    /// in visual order): exactly what the general path of `place` stores, or
    /// nil when the fragment needs that path (a run cut where it must be shaped again, an x that
    /// needs 64 bits when no room was made for it, or content, given `contentStart` when white
    /// space hangs, that does not start there). Advances and x are kept in 64 bits when some
    /// advance or x needs it, as the general path keeps them (advances of fonts of 1,000 units
    /// per em mostly do).
    ///
    /// In one visual run, hanging white space (at the logical end) is at one end of the line,
    /// never between content glyphs: nothing collapses, and the content is moved only if its
    /// leftmost glyph is not at `contentStart`, which is left to the general path (left to right,
    /// that takes an x offset or a negative advance: without them x never decreases and the first
    /// content glyph with an advance is at the start pen; right to left, the hanging glyphs come
    /// first and the content's leftmost x is looked up).
    package func directGlyphs(_ range: Range<Int>, contentEnd: Int, pen start: Double, baseline: Double,
                              hyphen: (glyph: UInt32, advance: Double)?, contentStart: Double?,
                              rightToLeft: Bool = false) -> PositionedGlyphs? {
        let runs = paragraph.runs, scalars = paragraph.scalarOffsets
        // First pass, per run: the glyph count and the first glyph's character (a piece that must
        // be shaped again sends the fragment to the general path).
        let firstRun = paragraph.runIndex(containing: range.lowerBound)
        var endRun = firstRun
        var count = 0, characterBase = 0
        var firstGlyphs = 0..<0, lastGlyphs = 0..<0
        // Whether glyph i is character `characterBase + i` (one glyph a character, left to right:
        // most lines; right to left, where characters decrease, a single glyph): then no
        // character column is stored, as the general path decides from the glyphs themselves.
        var identity = hyphen == nil
        var nextCharacter = -1
        // Advances in 64 bits when one is not exact as Float (as the general path keeps them).
        var wideAdvances = hyphen.map { !PositionedGlyphs.isExactAsFloat($0.advance) } ?? false
        while endRun < runs.count, runs[endRun].range.lowerBound < range.upperBound {
            let whole = runs[endRun].range
            let clipped = whole.clamped(to: range)
            endRun += 1
            guard !clipped.isEmpty else { continue }
            // A piece `Paragraph.forEachPiece` shapes again: the general path's.
            if paragraph.needsReshape(endRun - 1, clipped) { return nil }
            let glyphs = runs[endRun - 1].glyphRange(for: clipped)
            // The first glyph in visual order: the logically first, or right to left the last.
            if !glyphs.isEmpty, count == 0 || rightToLeft {
                let first = rightToLeft ? glyphs.upperBound - 1 : glyphs.lowerBound
                characterBase = Int(scalars[Int(runs[endRun - 1].columns.cluster(first))])
            }
            count += glyphs.count
            if identity, !rightToLeft, !glyphs.isEmpty, scalars.isIdentity, runs[endRun - 1].hasOneGlyphPerUnit {
                // (Glyph g of the run is character range.lowerBound + g: only the join to the
                // run before needs a look.)
                let character = runs[endRun - 1].range.lowerBound + glyphs.lowerBound
                identity = nextCharacter < 0 || character == nextCharacter
                nextCharacter = character + glyphs.count
            } else if identity, !rightToLeft, !glyphs.isEmpty {
                // (The next character passed in and out, not captured: a captured variable is
                // boxed and checked for exclusive access at each use.)
                let expected = nextCharacter
                @inline(__always)
                func identical<G, C: FixedWidthInteger, A>(_: UnsafeBufferPointer<G>, _ clusters: UnsafeBufferPointer<C>,
                                                           _: UnsafeBufferPointer<A>, _: UnsafeBufferPointer<Int32>) -> (Bool, Int) {
                    var nextCharacter = expected
                    if scalars.isIdentity {
                        // (Most text: the character is the cluster.)
                        if nextCharacter < 0 { nextCharacter = Int(clusters[glyphs.lowerBound]) }
                        // Glyph g must be character `offset + g`: the bits where some glyph is
                        // not, or-ed (a reduction the compiler vectorizes; `same && …` kept a
                        // branch and a variable in memory a glyph). Paragraph offsets fit 32 bits.
                        let offset = Int32(truncatingIfNeeded: nextCharacter &- glyphs.lowerBound)
                        var differs: Int32 = 0
                        for g in glyphs {
                            differs |= Int32(truncatingIfNeeded: clusters[g]) ^ (offset &+ Int32(truncatingIfNeeded: g))
                        }
                        return (differs == 0, nextCharacter &+ glyphs.count)
                    }
                    return scalars.withReader { scalars in
                        if nextCharacter < 0 { nextCharacter = Int(scalars[Int(clusters[glyphs.lowerBound])]) }
                        for g in glyphs {
                            guard Int(scalars[Int(clusters[g])]) == nextCharacter else { return (false, nextCharacter) }
                            nextCharacter &+= 1
                        }
                        return (true, nextCharacter)
                    }
                }
                (identity, nextCharacter) = runs[endRun - 1].columns.withUnsafeColumns(narrow: identical, wide: identical)
            }
            if !wideAdvances, !runs[endRun - 1].advancesAreExactAsFloat {
                let run = endRun - 1
                wideAdvances = !ColumnWriter.advancesAreExact(runs[run].columns, glyphs, scale: runs[run].scale)
            }
            // Kept for the second pass (most fragments lie in one or two runs).
            if endRun - 1 == firstRun { firstGlyphs = glyphs } else { lastGlyphs = glyphs }
        }
        guard count > 0 else { return nil }
        if rightToLeft, count > 1 { identity = false }
        // One run left to right: its glyphs read their run in place, their characters too when
        // each is its cluster (no surrogate pair in the paragraph), as with ligatures.
        if hyphen == nil, !rightToLeft, identity || scalars.isIdentity, !wideAdvances, endRun == firstRun + 1,
           let stretch = runStretch(firstRun, firstGlyphs, characterBase: characterBase, pen: start, baseline: baseline,
                                    charactersFromClusters: !identity) {
            // No x offset or negative advance: the content starts at the pen.
            if let contentStart, abs(start - contentStart) > 1e-9 { return nil }
            return stretch
        }
        if hyphen != nil { count += 1 }
        // The first pass's findings as constants: the functions below capture them, and a
        // captured variable is boxed and checked for exclusive access at each read (two a run
        // piece, about 150 instructions, on every line of several runs).
        let found = (count: count, endRun: endRun, identity: identity, firstGlyphs: firstGlyphs, lastGlyphs: lastGlyphs)

        // x in 64 bits needs a fifth word a glyph: room for it is made when the pen at either end
        // of the fragment (its advances summed) is off the Float grid (fragments beside
        // exclusions), so narrow columns carry no unused room; a fragment that needs it anyway
        // (rare) is left to the general path.
        let roomForWideX = !PositionedGlyphs.isExactAsFloat(start)
            || !PositionedGlyphs.isExactAsFloat(start + paragraph.width(range))
        /// What writing the columns gathers besides them (kept in one value passed in and out,
        /// so nothing the loops touch is a captured variable checked for exclusive access).
        struct Written {
            var columns: ColumnWriter
            var firstFont = 0, currentFont = 0
            var laterRuns: [PositionedGlyphs.Run] = []
            var yExceptions: [(index: Int, y: Double)] = []
        }
        func writeGlyphs(_ out: inout Written, into w: UnsafeMutableBufferPointer<UInt32>,
                         scalars: CompactOffsets.Reader) -> Bool {
            var pen = start
            for step in 0..<found.endRun - firstRun {
                let index = rightToLeft ? found.endRun - 1 - step : firstRun + step
                let clipped = runs[index].range.clamped(to: range)
                guard !clipped.isEmpty else { continue }
                // Registered for every piece, as the general path does (font indices follow first use).
                let font = fontIndex(runs[index].font, runs[index].pointSize)
                let glyphs = index == firstRun ? found.firstGlyphs : index == found.endRun - 1 ? found.lastGlyphs
                    : runs[index].glyphRange(for: clipped)
                guard !glyphs.isEmpty else { continue }
                if out.columns.next == 0 {
                    out.firstFont = font
                } else if font != out.currentFont {
                    out.laterRuns.append(PositionedGlyphs.Run(start: out.columns.next, fontIndex: font, isRightToLeft: rightToLeft))
                }
                out.currentFont = font
                let first = out.columns.next
                guard out.columns.write(runs[index].columns, scale: runs[index].scale, glyphs, backwards: rightToLeft,
                                        pen: &pen, scalars: scalars, into: w) else { return false }
                // The general path's y, operation for operation: a run without y offsets has one.
                let (scale, raise) = (runs[index].scale, runs[index].style.baselineOffset)
                if !runs[index].columns.hasOffsetsY {
                    let y = baseline - Double(Int32(0)) * scale - raise
                    if y.bitPattern != baseline.bitPattern {
                        for position in first..<out.columns.next { out.yExceptions.append((position, y)) }
                    }
                } else {
                    for step in 0..<glyphs.count {
                        let g = rightToLeft ? glyphs.upperBound - 1 - step : glyphs.lowerBound + step, position = first + step
                        let y = baseline - Double(runs[index].columns.offsetY(g)) * scale - raise
                        if y.bitPattern != baseline.bitPattern { out.yExceptions.append((position, y)) }
                    }
                }
            }
            if let hyphen {
                // A hyphenation point: the hyphen follows the word's last glyph, in its font.
                guard out.columns.write(hyphen.glyph, advance: hyphen.advance, x: pen, character: out.columns.lastCharacter,
                                    into: w) else { return false }
            }
            precondition(out.columns.next == found.count, "glyph count changed between passes")
            return true
        }
        func columnWords(_ out: inout Written) -> [UInt32] {
            [UInt32](count: ((out.columns.wideAdvances ? 5 : 4) - (found.identity ? 1 : 0)) * found.count + (roomForWideX ? found.count : 0),
                     filler: 0) { w in
                scalars.withReader { scalars in
                    writeGlyphs(&out, into: w, scalars: scalars) ? out.columns.wordsPerGlyph * found.count : 0
                }
            }
        }
        var out = Written(columns: ColumnWriter(count: count, characterBase: characterBase, wideAdvances: wideAdvances,
                                                roomForWideX: roomForWideX, identityCharacters: identity))
        let words = columnWords(&out)
        let columns = out.columns
        guard columns.next == count else { return nil }
        if let contentStart {
            // Hanging white space: the general path moves the content if it does not start at
            // `contentStart`; such fragments are left to it.
            let contentMinX = columns.mayMoveContent || rightToLeft
                ? columns.contentMinX(words, firstHanging: Int(scalars[contentEnd]))
                : start
            if let contentMinX, abs(contentMinX - contentStart) > 1e-9 { return nil }
        }
        return PositionedGlyphs(narrowColumns: words, count: count, characterBase: characterBase, baseline: baseline,
                                firstRun: PositionedGlyphs.Run(start: 0, fontIndex: out.firstFont, isRightToLeft: rightToLeft),
                                laterRuns: out.laterRuns, yExceptions: out.yExceptions, wideAdvances: columns.wideAdvances,
                                wideX: columns.wideX, identityCharacters: identity)
    }
}

extension LineAssembler {
    /// The glyphs `glyphs` of run `index` (left to right, every advance exact as Float; one glyph
    /// a character from `characterBase` on, or with `charactersFromClusters` each glyph the
    /// character of its cluster, the paragraph's scalar offsets being its UTF-16 offsets) placed
    /// from `pen` as glyphs that read the run's ids, advances (and clusters) and keep only their
    /// x, or read it from the paragraph's advance prefix when that holds exact sums and the glyphs
    /// are one a cluster (``PositionedGlyphs/init(count:x:characterBase:baseline:fontIndex:columns:first:scale:charactersFromClusters:)``);
    /// nil, for the column writer, when a glyph has an x or y offset or a negative advance, the
    /// run is raised off the baseline, or some x may not be exact as Float (the bounds of
    /// ``ColumnWriter/exactRange(scale:pen:)``, checked once for all: the run's advances are
    /// bounded by ``ShapedRun/advanceMagnitudeBits``, and without a negative advance the pen
    /// only grows, so a last pen within them bounds every x).
    private func runStretch(_ index: Int, _ glyphs: Range<Int>, characterBase: Int, pen start: Double,
                            baseline: Double, charactersFromClusters: Bool) -> PositionedGlyphs? {
        let runs = paragraph.runs
        let (columns, scale) = (runs[index].columns, runs[index].scale)
        // The general path's y and x arithmetic, for offsets of 0.
        let noOffset = Double(Int32(0)) * scale
        let y = baseline - noOffset - runs[index].style.baselineOffset
        guard !columns.hasOffsetsX, !columns.hasOffsetsY, !runs[index].hasNegativeAdvance, y.bitPattern == baseline.bitPattern,
              PositionedGlyphs.isExactAsFloat(start), let exact = ColumnWriter.exactRange(scale: scale, pen: start),
              runs[index].advanceMagnitudeBits <= exact.units, abs(start) < exact.limit
        else { return nil }
        // Registered as the column writer registers it (font indices follow first use).
        let font = fontIndex(runs[index].font, runs[index].pointSize)
        if !keepsXColumns, let prefix = paragraph.advancePrefix.exactSums,
           let units = Self.clusterUnits(columns, glyphs, run: runs[index]) {
            // x from the paragraph's advance prefix, exact sums: each glyph's x is the pen plus
            // the advances of the clusters before its own in the line (one glyph a cluster), the
            // same exact value the loop below sums (no x kept: 4 bytes a glyph and an array).
            let end = start + (Double(prefix[units.end]) - Double(prefix[units.first]))
            guard abs(end) < exact.limit else { return nil }
            let x = PositionedGlyphs.RunX.advances(pen: start + noOffset, prefix: prefix, firstUnit: units.first,
                                                   unitsFollowGlyphs: runs[index].hasOneGlyphPerUnit)
            return PositionedGlyphs(count: glyphs.count, x: x, characterBase: characterBase, baseline: baseline,
                                    fontIndex: font, columns: columns, first: glyphs.lowerBound, scale: scale,
                                    charactersFromClusters: charactersFromClusters)
        }
        var end = start
        // (Zeroed first: `init(unsafeUninitializedCapacity:)` looks its storage type up at run
        // time, which costs more than the zeros.)
        let xColumn = [UInt32](count: glyphs.count, filler: 0) { w in
            @inline(__always)
            func xs<G, C, A: FixedWidthInteger>(_: UnsafeBufferPointer<G>, _: UnsafeBufferPointer<C>,
                                                _ advances: UnsafeBufferPointer<A>, _: UnsafeBufferPointer<Int32>) -> Double {
                // Locals of the innermost function only: a captured variable is read through
                // memory at each use, as the stores into `w` may alias it.
                let (glyphs, scale, noOffset) = (glyphs, scale, noOffset)
                var (glyph, pen) = (0, start)
                for g in glyphs {
                    w[glyph] = Float(pen + noOffset).bitPattern
                    pen += Double(advances[g]) * scale
                    glyph &+= 1
                }
                return pen
            }
            end = columns.withUnsafeColumns(narrow: xs, wide: xs)
            return glyphs.count
        }
        guard abs(end) < exact.limit else { return nil }
        return PositionedGlyphs(count: glyphs.count, x: .column(xColumn), characterBase: characterBase,
                                baseline: baseline, fontIndex: font, columns: columns, first: glyphs.lowerBound,
                                scale: scale, charactersFromClusters: charactersFromClusters)
    }

    /// The UTF-16 offsets of the clusters of `glyphs` of `run` (columns `columns`): the first
    /// glyph's, and the offset after the last glyph's cluster (the next glyph's cluster, or the
    /// run's end); nil unless the clusters increase strictly over the glyphs (one glyph a cluster).
    private static func clusterUnits(_ columns: GlyphColumns, _ glyphs: Range<Int>, run: ShapedRun)
        -> (first: Int, end: Int)? {
        if run.hasOneGlyphPerUnit {
            return (run.range.lowerBound + glyphs.lowerBound, run.range.lowerBound + glyphs.upperBound)
        }
        @inline(__always)
        func units<G, C: FixedWidthInteger, A>(_: UnsafeBufferPointer<G>, _ clusters: UnsafeBufferPointer<C>,
                                               _: UnsafeBufferPointer<A>, _: UnsafeBufferPointer<Int32>) -> (first: Int, end: Int)? {
            // (No early exit: a reduction the compiler vectorizes. Clusters are below 2^31.)
            var decreases: Int32 = 0
            for g in glyphs.dropFirst() {
                decreases |= Int32(truncatingIfNeeded: clusters[g]) &- Int32(truncatingIfNeeded: clusters[g &- 1]) &- 1
            }
            guard decreases >= 0 else { return nil }
            if glyphs.upperBound < clusters.count, clusters[glyphs.upperBound] <= clusters[glyphs.upperBound - 1] {
                return nil
            }
            let end = glyphs.upperBound < clusters.count ? Int(clusters[glyphs.upperBound]) : run.range.upperBound
            return (Int(clusters[glyphs.lowerBound]), end)
        }
        return columns.withUnsafeColumns(narrow: units, wide: units)
    }
}
