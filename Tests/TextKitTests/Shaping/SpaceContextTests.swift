import Testing
@testable import TextKit
import TestFixtures
import SeededRandom

/// A font whose positioning reads the space before a glyph (`Fixtures/synthetic-fonts/SpaceContext.ttf`,
/// made by `make-fonts.py`: an A right after a space is raised), as Noto Sans
/// Devanagari's `dist` moves Vedic signs after a space. Its runs are still shaped word by word,
/// and a word with an A is shaped with its run, so the word cache gives the whole run's glyphs.
@Suite("Words a space before them may move")
struct SpaceContextTests {
    static let path = Fixtures.path("Fixtures/synthetic-fonts/SpaceContext.ttf")
    static let fonts = FontCollection(defaultFontPath: path)
    static var font: Font { try! fonts.font(file: path) }
    static var resolver: FontResolver { FontResolver(collection: fonts, fallback: font) }
    static var attributes: TextAttributes { TextAttributes(font: FontDescriptor(filePath: path, size: 12)) }

    @Test func planNamesTheGlyphAfterTheSpace() throws {
        let a = try #require(Self.font.shaper.nominalGlyph(0x41))
        let input = ShapingInput(font: Self.font, rightToLeft: false, script: "Latn", language: nil, features: [])
        #expect(input.wordShaping() == .byWord(contextGlyphs: [a]))
    }

    /// Random words of A and B: the A after a space is raised in the whole run, and the word
    /// cache gives the same glyphs, on a first pass and from a warm cache.
    @Test(arguments: 1...4)
    func randomWordsEqualWholeRuns(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let paragraphs = (0..<60).map { _ in
            (0..<Int.random(in: 1...8, using: &rng)).map { _ in
                String((0..<Int.random(in: 1...4, using: &rng)).map { _ in Bool.random(using: &rng) ? "A" : "B" })
            }.joined(separator: Bool.random(using: &rng) ? " " : "  ")
        }
        let text = paragraphs.joined(separator: "\n")
        // The texts do move some A (else they would test nothing).
        let raised = paragraphs.contains { paragraph in
            let scalars = Array(paragraph.unicodeScalars)
            return Paragraph(content: scalars[...], attributes: [(Self.attributes, 0..<scalars.count)], direction: .natural,
                             fonts: Self.resolver).runs.contains { !$0.offsetsY.isEmpty }
        }
        #expect(raised)
        let cache = ShapeCache()
        for pass in 1...2 {
            let difference = ShapeCacheTests.shapingDifference(text, attributes: Self.attributes, cache: cache,
                                                               resolver: Self.resolver)
            #expect(difference == nil, "seed \(seed), pass \(pass): \(difference ?? "")")
        }
    }

    /// Words without the glyph are cached as in any font.
    @Test func wordsWithoutTheGlyphComeFromTheCache() {
        let cache = ShapeCache()
        let text = "BB B BBB\nBBB BB"
        #expect(ShapeCacheTests.shapingDifference(text, attributes: Self.attributes, cache: cache,
                                                  resolver: Self.resolver) == nil)
        #expect(cache.counts.misses == 3 && cache.counts.hits == 2, "\(cache.counts)")
    }
}

/// A font whose `liga` joins a space to the mark after it (as DejaVu Sans's Arabic does), where
/// `ccmp` first makes that mark of a letter (`Fixtures/synthetic-fonts/SpaceMarkLigature.ttf`):
/// the ligature then forms across two words, so the plan's runs are shaped whole. The ligature
/// alone would pass (its marks come only from a nonspacing mark's character); what decides is
/// that a substitution of the plan outputs them.
@Suite("Space ligatures with marks made by substitution")
struct SpaceMarkLigatureTests {
    static let path = Fixtures.path("Fixtures/synthetic-fonts/SpaceMarkLigature.ttf")
    static let fonts = FontCollection(defaultFontPath: path)
    static var font: Font { try! fonts.font(file: path) }
    static var attributes: TextAttributes { TextAttributes(font: FontDescriptor(filePath: path, size: 12)) }

    @Test func runsAreShapedWhole() throws {
        let shaper = Self.font.shaper
        let space = try #require(shaper.nominalGlyph(0x20)), acute = try #require(shaper.nominalGlyph(0x301))
        // The ligature lookup on its own is one the check lets be: it joins the space to a mark.
        let joined = (0..<4).compactMap { shaper.spaceLigatureComponents(lookup: UInt32($0), space: space) }
        #expect(joined == [[acute]])
        #expect(shaper.areOnlyMarks([acute]))
        let input = ShapingInput(font: Self.font, rightToLeft: false, script: "Latn", language: nil, features: [])
        #expect(input.wordShaping() == .wholeRuns)
    }

    /// Why: in a run, "B A" ends in the ligature; shaped word by word, "A" alone is the mark.
    @Test func theLigatureFormsAcrossWords() throws {
        let resolver = FontResolver(collection: Self.fonts, fallback: Self.font)
        let scalars = Array("B A".unicodeScalars)
        let whole = Paragraph(content: scalars[...], attributes: [(Self.attributes, 0..<scalars.count)],
                              direction: .natural, fonts: resolver)
        let b = try #require(Self.font.shaper.nominalGlyph(0x42)), acute = try #require(Self.font.shaper.nominalGlyph(0x301))
        let glyphs = whole.runs.flatMap(\.glyphs)
        // B, then one glyph for the space and the A: neither the space's nor the mark's.
        #expect(glyphs.count == 2 && glyphs[0] == b && glyphs[1] != acute
                && glyphs[1] != Self.font.shaper.nominalGlyph(0x20), "\(glyphs)")
        let alone = Array("A".utf16).withUnsafeBufferPointer { units in
            Self.font.shaper.shapeRecords(units, range: 0..<1, rightToLeft: false, script: "Latn", language: nil,
                                          features: [])
        }
        #expect(alone.map(\.glyph) == [acute])
        let cache = ShapeCache()
        for pass in 1...2 {
            let difference = ShapeCacheTests.shapingDifference("B A\nB A B\nA B A", attributes: Self.attributes, cache: cache,
                                                               resolver: resolver)
            #expect(difference == nil, "pass \(pass): \(difference ?? "")")
        }
    }
}
