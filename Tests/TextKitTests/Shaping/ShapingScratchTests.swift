import Testing
@testable import TextKit
import SeededRandom

/// A shaping thread reuses one ``ShapingScratch`` from paragraph to paragraph (its glyph assembly
/// buffer, 64-bit advance prefix and font warnings): nothing of one paragraph may reach the next.
/// Every paragraph of every script fixture, shaped one after another through one scratch (with a
/// word cache, so the assembly buffer is used), equals the same paragraph shaped with a new scratch;
/// paragraphs in a font that cannot be loaded come between them, and only they carry a warning.
@Suite("Shaping scratch reused across paragraphs")
struct ShapingScratchTests {
    @Test func reusedScratchShapesEveryParagraphAsAFreshOne() throws {
        let context = MeasuringContext(breakIterators: BreakIteratorPool(), shapeCache: ShapeCache())
        let scratch = ShapingScratch()
        let missingFont = TextAttributes(font: FontDescriptor(filePath: "/nonexistent/font.ttf", size: 14))
        var shaped = 0
        for name in ShapeCacheTests.texts + ["../../texts/ligatures.txt", "../../texts/prose.txt"] {
            let lines = try ScriptFixtures.text(name).split(separator: "\n")
            for (number, line) in lines.enumerated() {
                let scalars = Array(line.unicodeScalars)
                // Every third paragraph in a font that fails to load (a warning); the rest in DejaVu Sans.
                let inMissingFont = number % 3 == 2
                let attributes = inMissingFont ? missingFont : ScriptFixtures.attributes()
                let job = ShapingJob(content: scalars[...], attributes: [(attributes, 0..<scalars.count)],
                                     direction: .natural)
                let (reused, reusedWarnings) = LayoutManager.shape(job, fonts: ScriptFixtures.fonts,
                                                                   fallback: ScriptFixtures.primary,
                                                                   context: context, scratch: scratch)
                let (fresh, freshWarnings) = LayoutManager.shape(job, fonts: ScriptFixtures.fonts,
                                                                 fallback: ScriptFixtures.primary, context: context)
                let place = "\(name) paragraph \(number)"
                #expect(reusedWarnings.map(\.message) == freshWarnings.map(\.message), "\(place)")
                #expect(reusedWarnings.isEmpty == !inMissingFont, "\(place)")
                #expect(reused.runs.count == fresh.runs.count, "\(place)")
                for (a, b) in zip(reused.runs, fresh.runs) {
                    #expect(a.range == b.range && a.glyphs == b.glyphs && a.clusters == b.clusters
                            && a.advances == b.advances && a.offsetsX == b.offsetsX && a.offsetsY == b.offsetsY
                            && a.unsafeToBreak == b.unsafeToBreak, "\(place), run \(a.range)")
                }
                #expect(reused.unsafeCuts == fresh.unsafeCuts, "\(place)")
                let count = reused.utf16.count
                #expect((0...count).map { reused.width(0..<$0) } == (0...count).map { fresh.width(0..<$0) }, "\(place)")
                shaped += 1
            }
        }
        #expect(shaped >= 19)
    }

    /// The facts a run records when it is made (and lines read instead of its columns) are those
    /// of its columns: one glyph a UTF-16 unit in order, every advance exact as Float, a bound on
    /// the advances' magnitudes and whether one is negative.
    @Test func runFactsMatchTheirColumns() throws {
        for name in ShapeCacheTests.texts + ["../../texts/ligatures.txt", "../../texts/prose.txt"] {
            for line in try ScriptFixtures.text(name).split(separator: "\n") {
                let paragraph = ScriptFixtures.paragraph(String(line))
                for run in paragraph.runs {
                    let oneGlyphPerUnit = run.clusters.map(Int.init) == Array(run.range)
                    let exact = run.advances.allSatisfy { PositionedGlyphs.isExactAsFloat(Double($0) * run.scale) }
                    #expect(run.hasOneGlyphPerUnit == oneGlyphPerUnit, "\(name) run \(run.range)")
                    #expect(run.advancesAreExactAsFloat == exact, "\(name) run \(run.range)")
                    // The bound lines check once (none where the scale has no exact range).
                    if ColumnWriter.exactRange(scale: run.scale, pen: 0) == nil {
                        #expect(run.advanceMagnitudeBits == .max && run.hasNegativeAdvance)
                    } else {
                        #expect(run.advances.allSatisfy { $0.magnitude <= run.advanceMagnitudeBits })
                        #expect(run.hasNegativeAdvance == run.advances.contains { $0 < 0 })
                    }
                }
            }
        }
    }

    /// A paragraph remembers the last line width it measured (line breaking, assembly and
    /// measuring ask it of one line in turn): asked in any order, with repeats, every answer is
    /// the one a paragraph that never measured anything gives, over every script fixture and the
    /// prose (ligatures and unsafe cuts, which the measure shapes again, among them).
    @Test func lineWidthsAskedInAnyOrderAreThoseOfAFreshParagraph() throws {
        var rng = SplitMix64(seed: 5)
        for name in ShapeCacheTests.texts + ["../../texts/prose.txt"] {
            for line in try ScriptFixtures.text(name).split(separator: "\n").prefix(3) {
                let paragraph = ScriptFixtures.paragraph(String(line))
                let count = paragraph.utf16.count
                guard count > 1 else { continue }
                var asked: [(Range<Int>, Int)] = []
                for _ in 0..<12 {
                    let lower = Int.random(in: 0..<count, using: &rng), upper = Int.random(in: lower...count, using: &rng)
                    // (The same range with other content ends, one after the other, too.)
                    asked += [(lower..<upper, Int.random(in: lower...upper, using: &rng)), (lower..<upper, upper),
                              (lower..<upper, lower)]
                }
                for (range, contentEnd) in asked + asked.shuffled(using: &rng) + asked.reversed() {
                    let fresh = ScriptFixtures.paragraph(String(line))
                    #expect(paragraph.fittingWidth(range, contentEnd: contentEnd).bitPattern
                            == fresh.fittingWidth(range, contentEnd: contentEnd).bitPattern, "\(name) \(range) \(contentEnd)")
                }
            }
        }
    }

    /// The advance prefix written straight into Floats, when it is, holds exactly the values
    /// summed in Doubles (each exact as Float, none less than the one before), over every script
    /// fixture, the prose (ligatures in every line) and plain lines of technical English; fonts
    /// of 1,000 units per em take the general path.
    @Test func narrowAdvancePrefixIsTheSumsInDoubles() throws {
        var narrowed = 0, others = 0
        let plain = "Run `make install` as root, then edit /etc/default/grub (see grub(8)) and reboot.\n"
            + "The 3 options are: -v, --verbose and -q; each takes effect at once.\n"
            + "Set PATH=$HOME/bin:$PATH in ~/.profile so that the shell can locate the program.\n"
            + "Dates such as 2026-11-27 and sizes like 4.5 MB are common in logs."
        for name in ShapeCacheTests.texts + ["../../texts/ligatures.txt", "../../texts/prose.txt", ""] {
            for line in try (name.isEmpty ? plain : ScriptFixtures.text(name)).split(separator: "\n") {
                let paragraph = ScriptFixtures.paragraph(String(line))
                let count = paragraph.utf16.count
                var wide: [Double] = []
                Paragraph.advancePrefix(of: paragraph.runs, count: count, into: &wide)
                guard let narrow = Paragraph.narrowAdvancePrefix(of: paragraph.runs, count: count) else {
                    others += 1
                    continue
                }
                narrowed += 1
                #expect(narrow.map { Double($0).bitPattern } == wide.map(\.bitPattern), "\(name): \(line)")
                #expect(zip(wide, wide.dropFirst()).allSatisfy { $0 <= $1 })
            }
        }
        #expect(narrowed >= 10 && others >= 5, "\(narrowed) narrowed, \(others) not")
    }

    /// A paragraph's advance prefix is, by its definition, each cluster's advances summed in
    /// glyph order, then summed over the clusters in order: bit for bit, over every script fixture
    /// (runs of one glyph a unit, which take a shorter path, and runs with ligatures and marks).
    @Test func advancePrefixIsTheClustersAdvancesSummedInOrder() throws {
        var oneGlyphPerUnit = 0, others = 0
        for name in ShapeCacheTests.texts + ["../../texts/ligatures.txt", "../../texts/prose.txt"] {
            for line in try ScriptFixtures.text(name).split(separator: "\n") {
                let paragraph = ScriptFixtures.paragraph(String(line))
                let count = paragraph.utf16.count
                var own = [Double](repeating: 0, count: count + 1)
                for run in paragraph.runs {
                    if run.hasOneGlyphPerUnit { oneGlyphPerUnit += 1 } else { others += 1 }
                    for g in run.glyphs.indices { own[Int(run.clusters[g])] += Double(run.advances[g]) * run.scale }
                }
                var sum = 0.0, expected: [UInt64] = []
                for offset in 0..<count {
                    expected.append(sum.bitPattern)
                    sum += own[offset]
                }
                expected.append(sum.bitPattern)
                #expect((0...count).map { paragraph.width(0..<$0).bitPattern } == expected, "\(name): \(line)")
            }
        }
        #expect(oneGlyphPerUnit > 10 && others > 10)
    }
}
