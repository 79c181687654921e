/// One paragraph and everything measured about it (minikin's `MeasuredText`): analysis, items
/// and shaped runs. Line breaking only reads it.
///
/// Stage by stage: `init` runs analysis (``ParagraphText``, ``ParagraphAnalysis``: graphemes,
/// bidi), itemization (``Itemizer``) and shaping (``ShapedRun``); the ICU line break
/// opportunities and hyphenation points (``breaks``) when the paragraph will need them.
/// It is dropped when the paragraph's characters or shaping attributes change, and kept for
/// paragraph-style changes and geometry changes.
package final class Paragraph {
    /// The paragraph text as UTF-16, without its terminator.
    package let utf16: [UInt16]
    /// Scalar offset (within the paragraph) of every UTF-16 offset 0…count (nothing stored when
    /// the text has no surrogate pair: see ``CompactOffsets``).
    package let scalarOffsets: CompactOffsets
    /// Number of scalars of the content (without the terminator).
    let contentScalarCount: Int
    /// UAX #14 opportunities, increasing, ending at the content's end (hyphenation points among
    /// them when the paragraph style hyphenates).
    ///
    /// Found with the analysis when the paragraph will need them (wider than the widest line
    /// it was shaped for, hyphenated, or with a mandatory break inside), else the first time
    /// they are asked for: a paragraph that fits its line (most short ones) never asks
    /// (``LineBreaker``), and skips an ICU pass over its text. A paragraph is used by one thread
    /// at a time (it is not `Sendable`), so the first ask stores them without a lock.
    package var breaks: [BreakOpportunity] {
        if let foundBreaks { return foundBreaks }
        let found = ParagraphAnalysis.lineBreaks(utf16, languages: breakLanguages, pool: breakIterators,
                                                 hyphenation: nil)
        foundBreaks = found
        return found
    }
    /// The opportunities once found (the property is not checked for exclusive access: the
    /// paragraph belongs to one thread at a time).
    @exclusivity(unchecked) private var foundBreaks: [BreakOpportunity]?
    /// What finding them later needs: the text's languages and the layout's break iterators.
    private let breakLanguages: ParagraphAnalysis.BreakLanguages
    private let breakIterators: BreakIteratorPool?
    /// Whether ``breaks`` were found when the paragraph was made or asked for since.
    package var hasFoundBreaks: Bool { foundBreaks != nil }
    /// The last ``glyphWidth(_:contentEnd:)`` asked and its answer (not checked for exclusive
    /// access: the paragraph belongs to one thread at a time, as ``breaks``).
    @exclusivity(unchecked) private var lastGlyphWidth: (range: Range<Int>, contentEnd: Int, width: Double) = (0..<0, -1, 0)
    /// Whether the text has a mandatory break before its end (a line, vertical tab or form feed
    /// separator): when not, the paragraph's last opportunity is its only one a line must take.
    package let hasMandatoryBreaks: Bool
    /// UAX #29 grapheme boundaries 0…count.
    package let graphemes: CompactOffsets
    package let bidi: BidiParagraph
    package let runs: [ShapedRun]
    /// `advancePrefix[i]` = total advance (points) of the clusters starting before UTF-16 offset i
    /// (exact; in 32 bits when that is exact).
    let advancePrefix: CompactDoubles
    /// Characters no font had a glyph for, in text order.
    package let missingCharacters: [MissingCharacter]
    /// Scalars no font had a glyph for.
    package var missingScalars: [Unicode.Scalar] { missingCharacters.map(\.scalar) }
    /// The .notdef glyphs shaping produced, per script of the character each comes from: how
    /// many, and the scalar offset of the first (empty for almost every paragraph).
    package let notdefGlyphs: [FontScript: (count: Int, first: Int)]
    /// The attachments of the paragraph, by scalar offset of their U+FFFC (empty for most).
    let attachments: [Int: TextAttachment]
    /// Whether the paragraph has a tab character: its lines are measured with their tab stops
    /// (an exact, slower path; see `Paragraph+Tabs.swift`).
    let hasTabs: Bool
    /// Whether some break opportunity is a hyphenation point (hyphenation is on and found one).
    let hasHyphenationPoints: Bool
    /// `unsafeCuts[i]`: UTF-16 offset i lies strictly inside a run and cutting that run there
    /// changes its glyphs (``ShapedRun/isUnsafeToCut(at:)``); false at run boundaries. Filled
    /// with the runs, so measuring a candidate line or fragment never searches a run's glyphs;
    /// empty when every run has one glyph a unit (most paragraphs), whose flags answer at once
    /// (``isUnsafeCut(at:)``).
    package let unsafeCuts: [Bool]
    /// Whether line widths never decrease from one break opportunity to the next
    /// (``LineBreaker/widthsNeverDecrease(advancePrefix:hasTabs:hasSoftHyphens:hasHyphenationPoints:)``).
    let widthsNeverDecrease: Bool

    /// Analyses, itemizes and shapes `content` (the paragraph without its terminator), then
    /// derives the tables line breaking reads.
    ///
    /// - Parameters:
    ///   - attributes: the attribute runs over the content, as scalar ranges relative to it
    ///     (the last run's upper bound is not read: it may lie past the content's end).
    ///   - context: what the paragraphs of one layout manager share (an empty context shares
    ///     nothing: no pooled iterators, no hyphenation, no word cache).
    ///   - scratch: the calling thread's working memory (a new one when nil).
    ///   - widestLine: the widest line the paragraph may be set in: a paragraph whose advances
    ///     add up to more needs break opportunities and finds them at once (on the calling
    ///     thread, a shaping worker); one that may fit finds them only when asked for. 0 finds
    ///     them at once.
    package convenience init(content: borrowing ArraySlice<Unicode.Scalar>,
                             attributes: borrowing [(TextAttributes, Range<Int>)],
                             direction: WritingDirection, fonts: borrowing FontResolver,
                             context: borrowing MeasuringContext = MeasuringContext(),
                             scratch: ShapingScratch? = nil, widestLine: Double = 0) {
        // Every part is worked out into a local, then handed to the memberwise initializer as
        // its last use: moved, not copied (stored as it was worked out, each of the paragraph's
        // arrays and objects cost a retain there and a release at the end of the local).
        let text = ParagraphText(content)
        let analysis = ParagraphAnalysis(text, attributes: attributes, direction: direction, context: context)
        let scratch = scratch ?? ShapingScratch()
        var missing: [MissingCharacter] = []
        scratch.items.removeAll(keepingCapacity: true)
        // Most paragraphs of Latin text are one plain item, found without an itemizer.
        let primary = text.utf16.isEmpty ? nil : fonts.primaryFont(for: attributes[0].0.font)
        if let primary, let item = Itemizer.plainItem(text.utf16, graphemes: analysis.graphemes, bidi: analysis.bidi,
                                                      attributes: attributes, primary: primary) {
            scratch.items.append(item)
        } else {
            var itemizer = Itemizer(utf16: text.utf16, scalarOffsets: text.scalarOffsets, graphemes: analysis.graphemes,
                                    bidi: analysis.bidi, attributes: copy attributes, fonts: copy fonts)
            itemizer.scriptMemo = scratch.scripts
            itemizer.primary = primary
            itemizer.items(into: &scratch.items)
            missing = itemizer.missing
        }
        let runs = Self.shape(scratch.items, attributes: attributes, text: text.utf16, cache: context.shapeCache,
                              scratch: scratch)
        scratch.items.removeAll(keepingCapacity: true)

        let count = text.utf16.count
        let facts = ParagraphAnalysis.characterFacts(text.utf16)
        let notdefGlyphs = Self.notdefGlyphs(of: runs, utf16: text.utf16, scalarOffsets: text.scalarOffsets,
                                             missing: missing)
        let unsafeCuts = Self.unsafeCuts(of: runs, count: count)
        let attachments = Self.attachments(of: runs, scalarOffsets: text.scalarOffsets)
        let advancePrefix = Self.advancePrefix(of: runs, count: count, scratch: &scratch.prefix)
        let hyphenates = context.hyphenation != nil && (attributes.first?.0.paragraphStyle.hyphenationFactor ?? 0) > 0
        var foundBreaks: [BreakOpportunity]?
        var hasHyphenationPoints = false
        if hyphenates || facts.hasMandatoryBreaks || !(advancePrefix[count] <= widestLine) {
            let found = ParagraphAnalysis.lineBreaks(text.utf16, languages: analysis.languages,
                                                     pool: context.breakIterators,
                                                     hyphenation: hyphenates ? context.hyphenation : nil,
                                                     memo: scratch.lineBreaks)
            hasHyphenationPoints = found.contains { $0.isHyphenation }
            foundBreaks = found
        }
        let widthsNeverDecrease = LineBreaker.widthsNeverDecrease(advancePrefix: advancePrefix, hasTabs: facts.hasTabs,
                                                                  hasSoftHyphens: facts.hasSoftHyphens,
                                                                  hasHyphenationPoints: hasHyphenationPoints)
        self.init(utf16: text.utf16, scalarOffsets: text.scalarOffsets, contentScalarCount: content.count,
                  foundBreaks: foundBreaks, breakLanguages: analysis.languages, breakIterators: context.breakIterators,
                  hasMandatoryBreaks: facts.hasMandatoryBreaks, graphemes: analysis.graphemes, bidi: analysis.bidi,
                  runs: runs, advancePrefix: advancePrefix, missingCharacters: missing, notdefGlyphs: notdefGlyphs,
                  attachments: attachments, hasTabs: facts.hasTabs, hasHyphenationPoints: hasHyphenationPoints,
                  unsafeCuts: unsafeCuts, widthsNeverDecrease: widthsNeverDecrease)
    }

    /// A paragraph of the parts given (each stored as it is).
    private init(utf16: [UInt16], scalarOffsets: CompactOffsets, contentScalarCount: Int,
                 foundBreaks: [BreakOpportunity]?, breakLanguages: ParagraphAnalysis.BreakLanguages,
                 breakIterators: BreakIteratorPool?, hasMandatoryBreaks: Bool, graphemes: CompactOffsets,
                 bidi: BidiParagraph, runs: [ShapedRun], advancePrefix: CompactDoubles,
                 missingCharacters: [MissingCharacter], notdefGlyphs: [FontScript: (count: Int, first: Int)],
                 attachments: [Int: TextAttachment], hasTabs: Bool, hasHyphenationPoints: Bool, unsafeCuts: [Bool],
                 widthsNeverDecrease: Bool) {
        self.utf16 = utf16
        self.scalarOffsets = scalarOffsets
        self.contentScalarCount = contentScalarCount
        self.foundBreaks = foundBreaks
        self.breakLanguages = breakLanguages
        self.breakIterators = breakIterators
        self.hasMandatoryBreaks = hasMandatoryBreaks
        self.graphemes = graphemes
        self.bidi = bidi
        self.runs = runs
        self.advancePrefix = advancePrefix
        self.missingCharacters = missingCharacters
        self.notdefGlyphs = notdefGlyphs
        self.attachments = attachments
        self.hasTabs = hasTabs
        self.hasHyphenationPoints = hasHyphenationPoints
        self.unsafeCuts = unsafeCuts
        self.widthsNeverDecrease = widthsNeverDecrease
    }

    /// The shaping stage: one run per item, in logical order.
    private static func shape(_ items: [Item], attributes: [(TextAttributes, Range<Int>)], text: [UInt16],
                              cache: ShapeCache?, scratch: ShapingScratch) -> [ShapedRun] {
        var runs: [ShapedRun] = []
        runs.reserveCapacity(items.count)
        // One buffer assembles every run's glyphs from the cache.
        let scratch = cache == nil ? nil : scratch.assembly
        // Items by index: one copied into a loop variable costs a retain and a release of each
        // of its references.
        text.withUnsafeBufferPointer { text in
            for index in items.indices {
                let style = RunStyle(items[index], attributes: attributes[items[index].attributeIndex].0)
                runs.append(ShapedRun(text, range: items[index].range, style: style, cache: cache, scratch: scratch))
            }
        }
        return runs
    }

    /// The .notdef glyphs (id 0) of `runs` per script: a missing character's script, or the
    /// script of the character the glyph comes from (a font that has the character, but
    /// shapes it to .notdef).
    private static func notdefGlyphs(of runs: [ShapedRun], utf16: [UInt16], scalarOffsets: CompactOffsets,
                                     missing: [MissingCharacter]) -> [FontScript: (count: Int, first: Int)] {
        var counts: [FontScript: (count: Int, first: Int)] = [:]
        var missingAt: [Int: MissingCharacter]?
        // Runs by index, here and below: a run copied into a loop variable costs a retain and a
        // release of each of its arrays, for every run of every paragraph.
        for r in runs.indices where runs[r].attachment == nil
            && runs[r].columns.hasNotdef {
            let run = runs[r]
            if missingAt == nil { missingAt = Dictionary(missing.map { ($0.offset, $0) }) { first, _ in first } }
            for (index, glyph) in run.glyphs.enumerated() where glyph == 0 {
                let cluster = Int(run.clusters[index])
                let offset = Int(scalarOffsets[cluster])
                let script = missingAt?[offset]?.script ?? {
                    let scalar = String(decoding: utf16[cluster...].prefix(2), as: UTF16.self).unicodeScalars.first
                    return FontScript.of(scalar ?? "\u{FFFD}", resolved: ICU.commonScript)
                }()
                let known = counts[script] ?? (0, offset)
                counts[script] = (known.count + 1, min(known.first, offset))
            }
        }
        return counts
    }

    /// The attachments of `runs`, by scalar offset of their U+FFFC.
    private static func attachments(of runs: [ShapedRun], scalarOffsets: CompactOffsets) -> [Int: TextAttachment] {
        var attachments: [Int: TextAttachment] = [:]
        for index in runs.indices {
            if let attachment = runs[index].attachment {
                attachments[Int(scalarOffsets[runs[index].range.lowerBound])] = attachment
            }
        }
        return attachments
    }

    /// Whether a line may break at `offset` inside a word, by hyphenation.
    func isHyphenationPoint(_ offset: Int) -> Bool {
        // Most paragraphs have none: every measured line end asks.
        guard hasHyphenationPoints else { return false }
        var low = 0, high = breaks.count
        while low < high {
            let mid = (low + high) / 2
            if breaks[mid].offset < offset { low = mid + 1 } else { high = mid }
        }
        return low < breaks.count && breaks[low].offset == offset && breaks[low].isHyphenation
    }

    /// Total advance of the UTF-16 range, in points.
    package func width(_ range: Range<Int>) -> Double { advancePrefix[range.upperBound] - advancePrefix[range.lowerBound] }

    /// Whether the UTF-16 unit at `offset` is white space that hangs at a line end.
    func isWhitespace(at offset: Int) -> Bool {
        let unit = utf16[offset]
        if unit < 0x80 { return unit == 0x20 || unit >= 0x09 && unit <= 0x0D }
        // (Most units beyond ASCII are no white space: the range test spares the property
        // look-up, a few hundred instructions, at the end of every line of such text.)
        guard Self.mayBeWhitespace(unit), let scalar = Unicode.Scalar(unit) else { return false }
        return scalar.properties.isWhitespace && scalar != "\u{00A0}" && scalar != "\u{2007}" && scalar != "\u{202F}"
    }

    /// False for UTF-16 units beyond ASCII that are certainly not white space: outside U+0085,
    /// U+00A0, U+1680, U+2000…U+205F and U+3000, where every White_Space character beyond ASCII
    /// lies (surrogates are none); true for those, which the properties then decide.
    package static func mayBeWhitespace(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x85, 0xA0, 0x1680, 0x2000...0x205F, 0x3000: return true
        default: return false
        }
    }

    /// `end` moved back over trailing white space, not before `start`.
    package func trimmingTrailingWhitespace(_ start: Int, _ end: Int) -> Int {
        var end = end
        while end > start, isWhitespace(at: end - 1) { end -= 1 }
        return end
    }

    /// Index of the first run whose range ends after `offset`.
    package func runIndex(containing offset: Int) -> Int {
        var low = 0, high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if runs[mid].range.upperBound <= offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The visual runs of the line `range`, left to right on screen (``BidiParagraph/visualRuns(_:)``),
    /// each grapheme cluster kept whole in the run of its first unit. UAX #9 resolves levels per
    /// character, so a cluster's marks can get another level than its base (a Devanagari vowel
    /// sign, bidi class L, after a Hebrew letter): cut there, the cluster's pieces would be shaped
    /// apart (HarfBuzz gives a mark alone a dotted circle) and the line would be wider than line
    /// breaking measured it. The itemizer gives a cluster its base's level, so the runs now cut
    /// only between items.
    package func visualRuns(_ range: Range<Int>) -> [(range: Range<Int>, rightToLeft: Bool)] {
        let runs = bidi.visualRuns(range)
        guard runs.count > 1 else { return runs }
        // A bound inside a cluster moves to the cluster's end: the run holding the cluster's
        // start takes the whole cluster, the run after it in text order starts later (or is empty).
        func clusterEnd(_ offset: Int) -> Int {
            guard offset > range.lowerBound, offset < range.upperBound else { return offset }
            let index = graphemes.firstIndex(atOrAfter: offset)
            return index < graphemes.count ? Swift.min(graphemes[index], range.upperBound) : range.upperBound
        }
        return runs.compactMap { run in
            let lower = clusterEnd(run.range.lowerBound), upper = clusterEnd(run.range.upperBound)
            return lower < upper ? (lower..<upper, run.rightToLeft) : nil
        }
    }

    /// Calls `body` with each shaped run covering `range` and the part of `range` it covers, in
    /// logical order (or `backwards`). A run cut where HarfBuzz says cutting changes the glyphs
    /// (unsafe to break, or inside a cluster) is shaped again for its piece, so a line never
    /// shows glyphs formed with text on another line; the others are lent in place, never copied
    /// (a copy of a run costs a retain and a release of each of its arrays, for every run of
    /// every line).
    func forEachPiece(_ range: Range<Int>, backwards: Bool = false, _ body: (borrowing ShapedRun, Range<Int>) -> Void) {
        let first = runIndex(containing: range.lowerBound)
        var end = first
        while end < runs.count, runs[end].range.lowerBound < range.upperBound { end += 1 }
        // Through the buffer: an element read from it is lent; one read from the array is copied.
        runs.withUnsafeBufferPointer { runs in
            for step in 0..<end - first {
                let index = backwards ? end - 1 - step : first + step
                let clipped = runs[index].range.clamped(to: range)
                guard !clipped.isEmpty else { continue }
                if needsReshape(index, clipped) {
                    body(reshape(runs[index], clipped), clipped)
                } else {
                    body(runs[index], clipped)
                }
            }
        }
    }

    /// The hyphen drawn where a line breaks before `end` inside a word: at a soft hyphen (U+00AD,
    /// whose own glyph it replaces) or a hyphenation point (appended); its glyph and advance
    /// (points) in the font of the run before the break, and whether it replaces a glyph. None
    /// when `hyphenates` is false (a word broken between clusters there shows no hyphen).
    func softHyphen(endingAt end: Int, hyphenates: Bool = true) -> (glyph: UInt32, advance: Double)? {
        guard hyphenates, end > 0, end < utf16.count, utf16[end - 1] == 0x00AD || isHyphenationPoint(end) else { return nil }
        let run = runs[runIndex(containing: end - 1)]
        guard let glyph = run.font.shaper.nominalGlyph(0x2D) ?? run.font.shaper.nominalGlyph(0x2010) else { return nil }
        return (glyph, Double(run.font.shaper.advance(ofGlyph: glyph)) * run.fontScale + run.style.tracking)
    }

    /// An ellipsis ("…", or "." when the font lacks it) in the font of the run at `offset`.
    func ellipsis(at offset: Int) -> (glyph: UInt32, advance: Double, font: Font, pointSize: Double)? {
        guard !runs.isEmpty else { return nil }
        let run = runs[min(runs.count - 1, runIndex(containing: offset))]
        guard let glyph = run.font.shaper.nominalGlyph(0x2026) ?? run.font.shaper.nominalGlyph(0x2E) else { return nil }
        return (glyph, Double(run.font.shaper.advance(ofGlyph: glyph)) * run.fontScale, run.font, run.pointSize)
    }

    /// The advance of the glyphs of `range` (cut as ``forEachPiece(_:backwards:_:)`` cuts it) whose characters lie
    /// before `contentEnd`: the width a line ending at `range.upperBound` needs for its content,
    /// including the hyphen of a soft hyphen it ends with (unless `hyphenates` is false).
    func fittingWidth(_ range: Range<Int>, contentEnd: Int, hyphenates: Bool = true) -> Double {
        let hyphen = contentEnd == range.upperBound
            ? softHyphen(endingAt: contentEnd, hyphenates: hyphenates)?.advance ?? 0 : 0
        return hyphen + glyphWidth(range, contentEnd: contentEnd)
    }

    private func glyphWidth(_ range: Range<Int>, contentEnd: Int) -> Double {
        // Line breaking, assembly and measuring each ask it of the same line in turn.
        let asked = lastGlyphWidth
        if asked.range == range, asked.contentEnd == contentEnd { return asked.width }
        let width = measureGlyphWidth(range, contentEnd: contentEnd)
        lastGlyphWidth = (range, contentEnd, width)
        return width
    }

    /// ``glyphWidth(_:contentEnd:)``, worked out.
    private func measureGlyphWidth(_ range: Range<Int>, contentEnd: Int) -> Double {
        let first = runIndex(containing: range.lowerBound)
        let safeStart = first >= runs.count || !needsReshape(first, runs[first].range.clamped(to: range))
        let last = runIndex(containing: max(range.lowerBound, range.upperBound - 1))
        let safeEnd = last >= runs.count || !needsReshape(last, runs[last].range.clamped(to: range))
        if safeStart && safeEnd { return width(range.lowerBound..<contentEnd) }
        var total = 0.0
        forEachPiece(range) { run, clipped in
            for g in run.glyphRange(for: clipped) where Int(run.columns.cluster(g)) < contentEnd {
                total += Double(run.columns.advance(g)) * run.scale
            }
        }
        return total
    }

    /// Whether `values` (glyph ids, 16 or 32 bits) holds `value`: d = v ^ value is zero for it
    /// alone, and (d − 1) & ~d has its top bit set for zero alone; or-ed over the values, a
    /// reduction the compiler vectorizes at either width (no early exit, no per-lane compare).
    static func contains<Value: FixedWidthInteger & UnsignedInteger>(_ value: Value, in values: UnsafeBufferPointer<Value>)
        -> Bool {
        var bits: Value = 0
        for element in values {
            let difference = element ^ value
            bits |= (difference &- 1) & ~difference
        }
        return bits >> (Value.bitWidth - 1) != 0
    }

    private func reshape(_ run: ShapedRun, _ range: Range<Int>) -> ShapedRun {
        utf16.withUnsafeBufferPointer { ShapedRun($0, range: range, style: run.style) }
    }
}
