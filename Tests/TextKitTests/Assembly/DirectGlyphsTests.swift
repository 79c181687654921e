import Foundation
import Testing
import TextKit
import SeededRandom

/// Line assembly writes the glyphs of common fragments straight into compact columns
/// (``LineAssembler/directGlyphs(_:contentEnd:pen:baseline:hyphen:contentStart:)``) and falls
/// back to the general path for the rest: both must store exactly the same glyphs, bit for bit,
/// on any input, and the direct path must be the one most plain text takes.
@Suite("Direct glyph columns")
struct DirectGlyphsTests {
    /// Words of every kind: plain, ligatures, marks with offsets, other scripts and fonts, both
    /// directions, tabs, soft hyphens, hyphenatable words, no-break and wide spaces.
    static let words: [String] = {
        var words = ["a", "word", "office", "affluent", "flows", "typesetting", "extraordinarily", "of", "the",
                     "e\u{301}te\u{301}", "x\u{323}\u{302}", "co\u{AD}op\u{AD}er\u{AD}ate", "\t", "tab\tstop",
                     "\u{A0}", "  ", "\u{2003}", "12.50", "(quoted)", "hyphen-ated", "AVATAR", "\u{AD}"]
        for name in ["hebrew.txt", "arabic.txt", "devanagari.txt", "thai.txt", "chinese.txt", "combining.txt",
                     "emoji.txt", "mixed.txt"] {
            let text = (try? ScriptFixtures.text(name)) ?? ""
            words += text.split(whereSeparator: \.isWhitespace).prefix(12).map(String.init)
        }
        return words
    }()

    static func randomText(_ rng: inout SplitMix64, words count: Int) -> String {
        (0..<count).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
    }

    /// The words in one script and font, without surrogate pairs, tabs or marks placed with
    /// offsets (Latin: plain words, ligatures, composed accents, soft hyphens), where fragments
    /// of one run read characters from its clusters.
    static let latinWords = words.filter { word in
        word.unicodeScalars.allSatisfy { $0.value < 0x0590 && $0 != "\t" && $0 != "\u{323}" }
    }

    /// Attributes of one random kind: sizes on and off the Float grid, raised and superscript
    /// text, tracking, and hyphenation.
    static func randomAttributes(_ rng: inout SplitMix64, alignment: TextAlignment) -> TextAttributes {
        var attributes = ScriptFixtures.attributes(size: [12, 12, 12, 14, 11.3].randomElement(using: &rng)!,
                                                   alignment: alignment, language: "en-US")
        attributes.paragraphStyle.hyphenationFactor = Bool.random(using: &rng) ? 1 : 0
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: attributes.baselineOffset = 2
        case 1: attributes.superscript = 1
        case 2: attributes.tracking = 0.5
        default: break
        }
        return attributes
    }

    /// Bit patterns of everything a fragment stores.
    static func bits(_ fragment: LineFragment) -> [String] {
        var out = ["\(fragment.rect) \(fragment.usedRect) \(fragment.characterRange)",
                   "\(fragment.attachments)"]
        for g in fragment.glyphs {
            out.append("\(g.glyphID) \(g.fontIndex) \(g.position.x.bitPattern) \(g.position.y.bitPattern) "
                + "\(g.advance.bitPattern) \(g.characterIndex) \(g.isRightToLeft)")
        }
        return out
    }

    /// Random paragraphs, fragments cut at random break opportunities and grapheme boundaries,
    /// random spans (on and off the Float grid), alignments and justification: the assembler gives
    /// the same line with and without direct columns, and font indices are handed out in the same order.
    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func directColumnsEqualTheGeneralPath(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let resolver = FontResolver(collection: ScriptFixtures.fonts, fallback: ScriptFixtures.primary)
        let alignments: [TextAlignment] = [.natural, .left, .right, .center, .justified]
        var clusterCharacters = 0, runX = 0, exactRunFragments = 0
        for _ in 0..<45 {
            let alignment = alignments.randomElement(using: &rng)!
            // Two paragraphs in three in Latin alone: most lines then lie in one run.
            let latin = Int.random(in: 0..<3, using: &rng) > 0
            let scalars = Array((latin ? (0..<Int.random(in: 1...40, using: &rng)).map { _ in Self.latinWords.randomElement(using: &rng)! }
                                        .joined(separator: " ")
                                       : Self.randomText(&rng, words: Int.random(in: 1...40, using: &rng))).unicodeScalars)
            let split = Int.random(in: 0...scalars.count, using: &rng)
            let runs = [(Self.randomAttributes(&rng, alignment: alignment), 0..<split),
                        (Self.randomAttributes(&rng, alignment: alignment), split..<scalars.count)].filter { !$0.1.isEmpty }
            let direction: WritingDirection = [.natural, .natural, .leftToRight, .rightToLeft].randomElement(using: &rng)!
            let paragraph = Paragraph(content: scalars[...], attributes: runs, direction: direction, fonts: resolver,
                                      context: MeasuringContext(hyphenation: HyphenationDictionaries()))
            let exactSums = Paragraph.narrowAdvancePrefix(of: paragraph.runs, count: paragraph.utf16.count) != nil
            let count = paragraph.utf16.count
            guard count > 0 else { continue }
            let cuts = Array(Set(paragraph.breaks.map(\.offset) + Array(paragraph.graphemes))).sorted()
            var fonts: [[UsedFont]] = [[], [], []]
            let padding = [0, 2, 0.3].randomElement(using: &rng)!
            // Direct (x read from the paragraph's advances where it can be), general, and direct
            // keeping every x column.
            let assemblers = [(true, false), (false, false), (true, true)].enumerated().map { index, kind in
                LineAssembler(paragraph: paragraph, style: runs[0].0.paragraphStyle, padding: padding,
                              writesColumnsDirectly: kind.0, keepsXColumns: kind.1) { font, size in
                    let used = UsedFont(font: font, pointSize: size)
                    if let known = fonts[index].firstIndex(of: used) { return known }
                    fonts[index].append(used)
                    return fonts[index].count - 1
                }
            }
            var start = 0
            while start < count {
                let candidates = cuts.filter { $0 > start }
                // The next cut, any cut, or (Latin) a line's worth of words.
                let lineEnd = paragraph.breaks.map(\.offset).last { $0 > start && $0 <= start + Int.random(in: 20...80, using: &rng) }
                let end = latin && Bool.random(using: &rng) ? lineEnd ?? candidates.first!
                    : Bool.random(using: &rng) ? candidates.first! : candidates.randomElement(using: &rng)!
                let minX = [0, 10, 3.7, 100.1].randomElement(using: &rng)!
                let span = Span(minX: minX, maxX: minX + Double(Int.random(in: 20...400, using: &rng)))
                let band = Rect(x: 0, y: Double(Int.random(in: 0...500, using: &rng)), width: 600, height: 17)
                var metrics = LineMetrics()
                metrics.ascent = [13, 12.75, 13.1].randomElement(using: &rng)!
                let line = BrokenLine(container: 0, band: band, metrics: metrics, height: 17, fragments: [(span, start..<end)],
                                      range: start..<end, endsWithMandatoryBreak: Bool.random(using: &rng))
                let (direct, general) = (assemblers[0].assemble(line, isLastLine: end == count),
                                         assemblers[1].assemble(line, isLastLine: end == count))
                let withX = assemblers[2].assemble(line, isLastLine: end == count)
                #expect(direct.fragments.map(Self.bits) == general.fragments.map(Self.bits),
                        "seed \(seed): \(String(String.UnicodeScalarView(scalars))) [\(start)..<\(end)] in \(span)")
                #expect(withX.fragments.map(Self.bits) == general.fragments.map(Self.bits))
                #expect(direct.baseline.bitPattern == general.baseline.bitPattern && direct.rect == general.rect)
                // Storage: the general path's, or (glyphs of one run) the x column alone, or
                // nothing when x is read from the paragraph's advances.
                for ((fast, slow), kept) in zip(zip(direct.fragments, general.fragments), withX.fragments) {
                    #expect(fast.glyphs.readsRunX ? fast.glyphs.storedBytes == 0
                        : fast.glyphs.readsRunColumns ? fast.glyphs.storedBytes == 4 * fast.glyphs.count
                        : fast.glyphs.storedBytes == slow.glyphs.storedBytes)
                    #expect(!slow.glyphs.readsRunColumns && !kept.glyphs.readsRunX)
                    #expect(kept.glyphs.readsRunColumns == fast.glyphs.readsRunColumns)
                    if kept.glyphs.readsRunColumns { #expect(kept.glyphs.storedBytes == 4 * kept.glyphs.count) }
                    if fast.glyphs.readsRunColumns, !fast.glyphs.hasIdentityCharacters { clusterCharacters += 1 }
                    // x is read from the advances exactly where they are exact sums (and, with
                    // ligatures, one glyph a cluster: always so with one glyph a character).
                    if fast.glyphs.readsRunX { #expect(exactSums) }
                    if fast.glyphs.readsRunColumns, fast.glyphs.hasIdentityCharacters { #expect(fast.glyphs.readsRunX == exactSums) }
                    if fast.glyphs.readsRunX { runX += 1 }
                    if fast.glyphs.readsRunColumns, exactSums { exactRunFragments += 1 }
                }
                start = end
            }
            #expect(fonts[0] == fonts[1] && fonts[2] == fonts[0])
        }
        // Fragments with ligatures or marks read their characters from the run's clusters.
        #expect(clusterCharacters > 0, "seed \(seed)")
        // Some fragments read x from the advances wherever some that read their run lie in
        // paragraphs of exact sums (every seed but one here).
        #expect(runX > 0 || exactRunFragments == 0, "seed \(seed)")
    }

    /// The bounds under which direct columns skip the per-glyph Float test hold: every advance
    /// and pen position they admit is exact as Float, for scales and pens on and off a binary grid.
    @Test(arguments: [21, 22, 23])
    func exactRangesAdmitOnlyExactValues(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let values: [Double] = [0.005859375, 0.1, 5, -3.75, 1e-300, .leastNonzeroMagnitude, 4e-320, 1e300]
        for value in values {
            let grid = ColumnWriter.grid(value)!
            let power = pow(2.0, Double(grid.exponent))
            #expect(Double(grid.odd) * power == value.magnitude && grid.odd % 2 == 1, "\(value)")
        }
        let scales: [Double] = [0.005859375, 0.014, 11.3 / 2048, 9.0 / 1024, 1.0 / 3, 0.00386718749, 1e-39, 1e30]
        let pens: [Double] = [0, -0.0, 5, 5.5, 3.7, 100.1, 123.45703125, -17.25, 1e7, 3e9]
        for _ in 0..<2000 {
            let scale = scales.randomElement(using: &rng)!, start = pens.randomElement(using: &rng)!
            guard let exact = ColumnWriter.exactRange(scale: scale, pen: start) else { continue }
            var pen = start
            for _ in 0..<Int.random(in: 1...80, using: &rng) {
                let units = Int32(Int.random(in: 0...Int(min(exact.units, 4096)), using: &rng))
                let advance = Double(units) * scale
                #expect(PositionedGlyphs.isExactAsFloat(advance), "scale \(scale), \(units) units")
                guard abs(pen + advance) < exact.limit else { break }
                pen += advance
                #expect(PositionedGlyphs.isExactAsFloat(pen), "scale \(scale), pen \(pen) from \(start)")
            }
        }
        #expect(ColumnWriter.exactRange(scale: 12.0 / 2048, pen: 5) != nil)
        #expect(ColumnWriter.exactRange(scale: 11.3 / 2048, pen: 5) == nil)
    }

    /// The fragments of plain prose (the common case) take the direct path.
    @Test func plainProseTakesTheDirectPath() throws {
        let text = try Fixtures.text("prose.txt")
        let resolver = FontResolver(collection: ScriptFixtures.fonts, fallback: ScriptFixtures.primary)
        var direct = 0, total = 0, wide = 0, readingRuns = 0, fromClusters = 0
        for line in text.split(separator: "\n") {
            let scalars = Array(line.unicodeScalars)
            let paragraph = Paragraph(content: scalars[...], attributes: [(Fixtures.attributes(), 0..<scalars.count)],
                                      direction: .natural, fonts: resolver)
            let assembler = LineAssembler(paragraph: paragraph, style: ParagraphStyle(), padding: 0) { _, _ in 0 }
            var start = 0
            for opportunity in paragraph.breaks where opportunity.offset - start > 40 || opportunity.offset == scalars.count {
                let end = paragraph.trimmingTrailingWhitespace(start, opportunity.offset)
                total += 1
                if let glyphs = assembler.directGlyphs(start..<opportunity.offset, contentEnd: end, pen: 5, baseline: 10,
                                                       hyphen: nil, contentStart: end < opportunity.offset ? 5 : nil) {
                    direct += 1
                    // One run, left to right, no surrogate pair: the glyphs keep their x alone
                    // and read the run's ids, advances and (ligatures) clusters.
                    #expect(glyphs.readsRunColumns && !glyphs.storesCharacterColumn)
                    if glyphs.readsRunColumns { readingRuns += 1 }
                    if !glyphs.hasIdentityCharacters { fromClusters += 1 }
                    // Narrow columns keep no room for 64-bit x (malloc rounds a block up by < 16 bytes).
                    #expect(glyphs.allocatedBytes - glyphs.storedBytes < 16)
                }
                // A fragment beside an exclusion starts at any x: its x column is then 64 bits wide.
                if let glyphs = assembler.directGlyphs(start..<opportunity.offset, contentEnd: end, pen: 100.1, baseline: 10,
                                                       hyphen: nil, contentStart: end < opportunity.offset ? 100.1 : nil),
                   glyphs.storesWideX {
                    wide += 1
                }
                if end < opportunity.offset, end > start {
                    // Content that would not start where it must (the general path moves it): not direct.
                    #expect(assembler.directGlyphs(start..<opportunity.offset, contentEnd: end, pen: 5, baseline: 10,
                                                   hyphen: nil, contentStart: 5.5) == nil)
                }
                start = opportunity.offset
            }
        }
        #expect(total > 10)
        #expect(direct * 10 >= total * 9, "\(direct) of \(total) fragments placed directly")
        #expect(wide * 10 >= total * 9, "\(wide) of \(total) fragments off the Float grid placed directly")
        #expect(readingRuns * 2 >= total, "\(readingRuns) of \(total) fragments read their run's columns")
        // Lines with a ligature ("fi", "fl") read their characters from the run's clusters.
        #expect(fromClusters > 0 && fromClusters < direct, "\(fromClusters) of \(direct) fragments with ligatures")
    }

    /// Text in fonts of 1,000 units per em, whose advances are mostly not exact as Float (the
    /// Thai, Devanagari and CJK fixture fonts), takes the direct path too, with 64-bit advances.
    @Test func textInFontsOfAThousandUnitsTakesTheDirectPath() throws {
        let resolver = FontResolver(collection: ScriptFixtures.fonts, fallback: ScriptFixtures.primary)
        var direct = 0, total = 0, wideAdvances = 0
        for name in ["thai.txt", "devanagari.txt", "chinese.txt"] {
            for line in try ScriptFixtures.text(name).split(separator: "\n") {
                let scalars = Array(line.unicodeScalars)
                let paragraph = Paragraph(content: scalars[...], attributes: [(ScriptFixtures.attributes(size: 12), 0..<scalars.count)],
                                          direction: .leftToRight, fonts: resolver)
                let assembler = LineAssembler(paragraph: paragraph, style: ParagraphStyle(), padding: 0) { _, _ in 0 }
                var start = 0
                for opportunity in paragraph.breaks where opportunity.offset - start > 20 || opportunity.offset == paragraph.utf16.count {
                    let end = paragraph.trimmingTrailingWhitespace(start, opportunity.offset)
                    total += 1
                    if let glyphs = assembler.directGlyphs(start..<opportunity.offset, contentEnd: end, pen: 5, baseline: 10,
                                                           hyphen: nil, contentStart: nil) {
                        direct += 1
                        // Ids, character offsets and x in one word a glyph at most two: > 16 bytes a glyph.
                        if glyphs.storedBytes >= 20 * glyphs.count { wideAdvances += 1 }
                    }
                    start = opportunity.offset
                }
            }
        }
        #expect(total > 10)
        #expect(direct * 10 >= total * 9, "\(direct) of \(total) fragments placed directly")
        #expect(wideAdvances * 2 >= total, "\(wideAdvances) of \(total) fragments with 64-bit advances")
    }

    /// Right-to-left text (Hebrew, Arabic) takes the direct path where a fragment is one visual
    /// run, and stores what the general path stores, hanging spaces and all.
    @Test func rightToLeftRunsTakeTheDirectPath() throws {
        let resolver = FontResolver(collection: ScriptFixtures.fonts, fallback: ScriptFixtures.primary)
        var direct = 0, total = 0, compared = 0
        for name in ["hebrew.txt", "arabic.txt"] {
            for line in try ScriptFixtures.text(name).split(separator: "\n") {
                let scalars = Array(line.unicodeScalars)
                let runs = [(ScriptFixtures.attributes(size: 12, direction: .rightToLeft), 0..<scalars.count)]
                let paragraph = Paragraph(content: scalars[...], attributes: runs, direction: .rightToLeft, fonts: resolver)
                let assemblers = [true, false].map { direct in
                    LineAssembler(paragraph: paragraph, style: runs[0].0.paragraphStyle, padding: 0,
                                  writesColumnsDirectly: direct) { _, _ in 0 }
                }
                var start = 0
                for opportunity in paragraph.breaks where opportunity.offset - start > 12 || opportunity.offset == paragraph.utf16.count {
                    let range = start..<opportunity.offset
                    start = opportunity.offset
                    guard !range.contains(where: { paragraph.bidi.level(at: $0) != 1 }) else { continue }
                    let end = paragraph.trimmingTrailingWhitespace(range.lowerBound, range.upperBound)
                    let line = BrokenLine(container: 0, band: Rect(x: 0, y: 0, width: 600, height: 17), metrics: LineMetrics(),
                                          height: 17, fragments: [(Span(minX: 3, maxX: 403), range)], range: range,
                                          endsWithMandatoryBreak: false)
                    let (viaDirect, general) = (assemblers[0].assemble(line, isLastLine: false),
                                                assemblers[1].assemble(line, isLastLine: false))
                    #expect(viaDirect.fragments.map(Self.bits) == general.fragments.map(Self.bits), "\(name) \(range)")
                    compared += 1
                    // The content alone (no hanging spaces): placed directly unless a run is cut where
                    // it must be shaped again.
                    guard end > range.lowerBound else { continue }
                    total += 1
                    if assemblers[0].directGlyphs(range.lowerBound..<end, contentEnd: end, pen: 5, baseline: 10,
                                                  hyphen: nil, contentStart: nil, rightToLeft: true) != nil { direct += 1 }
                }
            }
        }
        #expect(total > 10 && compared >= total, "\(total) fragments, \(compared) compared")
        #expect(direct * 10 >= total * 9, "\(direct) of \(total) right-to-left fragments placed directly")
    }

    /// Whole layouts of varied random text, alignments, paddings and exclusions through the
    /// layout manager (the real callers) are the same with and without direct columns.
    @Test(arguments: [11, 12, 13])
    func layoutsMatchWithoutDirectColumns(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let text = (0..<12).map { _ in Self.randomText(&rng, words: Int.random(in: 0...60, using: &rng)) }
            .joined(separator: "\n")
        let alignment = [TextAlignment.natural, .center, .justified, .right].randomElement(using: &rng)!
        var attributes = ScriptFixtures.attributes(size: 12, alignment: alignment, language: "en-US")
        attributes.paragraphStyle.hyphenationFactor = 1
        let width = Double(Int.random(in: 120...400, using: &rng)) + [0, 0.5, 0.3].randomElement(using: &rng)!
        let exclusion = BezierPath(ovalIn: Rect(x: 40, y: 30, width: 60, height: 80))
        var snapshots: [LayoutSnapshot] = []
        for direct in [true, false] {
            let storage = TextStorage(string: text, attributes: attributes)
            if storage.length >= 9 { storage.setValue(2.0, for: \.baselineOffset, range: 5..<9) }
            let manager = LayoutManager(fontCollection: ScriptFixtures.fonts, defaultFont: ScriptFixtures.primary)
            manager.tuning.placesGlyphsDirectly = direct
            storage.addLayoutManager(manager)
            let container = TextContainer(size: Size(width: width, height: 5000))
            container.lineFragmentPadding = 2
            container.exclusionPaths = [exclusion]
            manager.addTextContainer(container)
            snapshots.append(manager.snapshot())
        }
        let lines = snapshots.map { $0.allLines.flatMap { $0.fragments.map(Self.bits) } }
        #expect(lines[0] == lines[1], "seed \(seed)")
        #expect(snapshots[0] == snapshots[1])
    }
}
