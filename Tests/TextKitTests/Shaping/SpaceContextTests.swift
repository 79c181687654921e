import Testing
@testable import TextKit
import TestFixtures
import SeededRandom

/// A font whose positioning reads the space before a glyph (`Fixtures/synthetic-fonts/SpaceContext.ttf`,
/// made by `make-space-context.py`: an A right after a space is raised), as Noto Sans
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
