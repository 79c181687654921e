import Foundation
import Testing
import TextKit
import SeededRandom

/// A grapheme cluster whose marks UAX #9 gives another level than its base (a Devanagari vowel
/// sign, bidi class L, after a Hebrew or Arabic letter; the other way round in a right-to-left
/// paragraph) is placed whole, in its base's visual run, with the glyphs line breaking measured.
/// Cut between two runs, its pieces were shaped apart: the mark alone got HarfBuzz's dotted
/// circle, and a line measured to fit came out wider than its fragment (found by fuzzing:
/// `Fixtures/fuzz/regressions/layout/cluster-split-by-bidi-levels.bin`).
@Suite("Clusters across bidi levels")
struct ClusterBidiLevelTests {
    static let bases = Array("אבגדהוזחטיכלמנסעפצקרשת" + "ابتثجحخدسشصطعفقكلمنهوي" + "abcdefghkmnprstuvw"
                             + "कखगचजटतदनपबमयरलवसह" + "0123" + "١٢٣")
    /// Spacing marks of bidi class L (ा ि ी ो ौ), nonspacing marks (ु े, U+0301, U+05B8, U+064E).
    static let marks: [Unicode.Scalar] = ["\u{093E}", "\u{093F}", "\u{0940}", "\u{094B}", "\u{094C}", "\u{0941}",
                                          "\u{0947}", "\u{0301}", "\u{05B8}", "\u{064E}"]

    /// Words of random clusters (a base and up to two marks, every script and direction mixed).
    static func text(_ rng: inout SplitMix64) -> String {
        (0..<Int.random(in: 8...30, using: &rng)).map { _ in
            var word = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                word.append(contentsOf: String(bases.randomElement(using: &rng)!).unicodeScalars)
                for _ in 0..<Int.random(in: 0...2, using: &rng) { word.append(marks.randomElement(using: &rng)!) }
            }
            return String(word)
        }.joined(separator: " ")
    }

    /// Every line's visual runs partition it and cut it only between grapheme clusters, though
    /// ICU's runs (per character) cut some of these clusters.
    @Test(arguments: [WritingDirection.natural, .leftToRight, .rightToLeft])
    func visualRunsKeepClustersWhole(direction: WritingDirection) {
        var rng = SplitMix64(seed: 7)
        var cutByICU = 0
        for _ in 0..<50 {
            let paragraph = ScriptFixtures.paragraph(Self.text(&rng), attributes: ScriptFixtures.attributes(direction: direction))
            let boundaries = Set(paragraph.graphemes)
            let count = paragraph.utf16.count
            for start in stride(from: 0, to: count, by: 17) {
                let line = start..<min(count, start + Int.random(in: 5...80, using: &rng))
                guard boundaries.contains(line.lowerBound), boundaries.contains(line.upperBound) else { continue }
                let runs = paragraph.visualRuns(line)
                #expect(runs.map(\.range.count).reduce(0, +) == line.count)
                #expect(Set(runs.flatMap { Array($0.range) }) == Set(line))
                #expect(runs.allSatisfy { boundaries.contains($0.range.lowerBound) && boundaries.contains($0.range.upperBound) })
                cutByICU += paragraph.bidi.visualRuns(line).contains { !boundaries.contains($0.range.lowerBound) } ? 1 : 0
            }
        }
        // The text has such clusters (else this test shows nothing).
        #expect(cutByICU > 0)
    }

    /// Every invariant (each glyph inside its fragment, every character laid out once) at random
    /// widths, alignments and directions: a cut cluster made lines wider than measured.
    @Test(arguments: 0..<40)
    func layoutInvariantsHold(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let text = Self.text(&rng)
        let alignment = [TextAlignment.natural, .justified, .right, .center].randomElement(using: &rng)!
        let direction = [WritingDirection.natural, .leftToRight, .rightToLeft].randomElement(using: &rng)!
        let width = Double.random(in: 60...400, using: &rng)
        let (_, _, snapshot) = ScriptFixtures.layout(
            text, width: width, attributes: ScriptFixtures.attributes(alignment: alignment, direction: direction))
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars)) == [],
                "seed \(seed), width \(width), \(alignment), \(direction): \(text)")
    }
}
