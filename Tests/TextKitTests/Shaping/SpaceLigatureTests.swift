import Foundation
import Testing
@testable import TextKit
import TestFixtures
import SeededRandom

/// DejaVu Sans's Arabic `liga` joins a space to a haraka after it (an isolated haraka's form):
/// the only lookup of its plan that names the space, and one that joins nothing across a word's
/// edge, so Arabic in DejaVu Sans is shaped word by word, and exactly.
@Suite("Space-and-mark ligatures")
struct SpaceLigatureTests {
    static func input(_ font: Font, _ script: String, rightToLeft: Bool) -> ShapingInput {
        ShapingInput(font: font, rightToLeft: rightToLeft, script: ScriptTag(script), language: nil, features: [])
    }

    @Test func theLigatureJoinsTheSpaceToHarakatOnly() throws {
        let dejaVu = try Fixtures.fonts.font(file: Fixtures.fontPath)
        let shaper = dejaVu.shaper
        let space = try #require(shaper.nominalGlyph(0x20))
        // The plan's lookups that have the space in their input: `liga`'s, whose ligatures start
        // with it and go on with harakat.
        let harakat = Set((0x064B...0x0652).compactMap { shaper.nominalGlyph(UInt32($0)) })
        let components = (0..<200).compactMap { shaper.spaceLigatureComponents(lookup: UInt32($0), space: space) }
        #expect(!components.isEmpty && components.allSatisfy { !$0.isEmpty && $0.isSubset(of: harakat) }, "\(components)")
        #expect(shaper.areOnlyMarks(harakat))
        #expect(!shaper.areOnlyMarks(harakat.union([try #require(shaper.nominalGlyph(0x0628))])))
        #expect(Self.input(dejaVu, "Arab", rightToLeft: true).wordShaping() == .byWord(contextGlyphs: []))
    }

    /// Arabic words with harakat after letters and after spaces (where the ligature forms), one,
    /// two or no spaces apart, at paragraph ends too: word by word equals whole runs, on a
    /// first pass and from a warm cache.
    @Test(arguments: 1...4)
    func harakatAfterSpacesShapeAsWholeRuns(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let words = try String(contentsOfFile: Fixtures.path("Fixtures/texts/udhr/arabic.txt"), encoding: .utf8)
            .split(whereSeparator: \.isWhitespace).map(String.init)
        let harakat = (0x064B...0x0652).map { String(Unicode.Scalar($0)!) }
        let paragraphs = (0..<80).map { _ in
            (0..<Int.random(in: 1...10, using: &rng)).map { _ -> String in
                var word = words.randomElement(using: &rng)!
                if Bool.random(using: &rng) { word += harakat.randomElement(using: &rng)! }
                let gap = [" ", " ", "  ", " " + harakat.randomElement(using: &rng)!, ""].randomElement(using: &rng)!
                return word + gap
            }.joined()
        }
        let text = paragraphs.joined(separator: "\n")
        #expect(text.contains(" \u{064E}") || text.contains(" \u{064B}") || text.contains(" \u{0650}"))
        let cache = ShapeCache()
        for pass in 1...2 {
            let difference = ShapeCacheTests.shapingDifference(text, attributes: ScriptFixtures.attributes(), cache: cache)
            #expect(difference == nil, "seed \(seed), pass \(pass): \(difference ?? "")")
        }
        #expect(cache.counts.hits > 0)
    }
}
