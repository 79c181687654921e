import Foundation
import Testing
import TextKit
import SeededRandom

/// Greedy breaking searches the break opportunities that fit a line (``LineBreaker/searchesCandidates``)
/// when widths never decrease along them, instead of measuring each: the lines must be exactly
/// those of measuring each, on any text and geometry.
@Suite("Break candidate search")
struct CandidateSearchTests {
    static let words = ["a", "word", "office", "typesetting", "extraordinarily", "of", "the", "x", "é",
                        "supercalifragilisticexpialidocious", "  ", "(quoted),", "line\u{2028}break", "page\u{0C}feed", "vertical\u{0B}tab", "12.50",
                        "שלום", "עולם", "漢字かな", "नमस्ते", "e\u{301}", "—", "end."]

    /// Lays out `text` in containers of the given widths, with and without the search.
    static func layouts(_ text: String, widths: [Double], alignment: TextAlignment,
                        exclusion: Bool) -> [[String]] {
        [true, false].map { searches in
            let storage = TextStorage(string: text, attributes: ScriptFixtures.attributes(size: 12, alignment: alignment))
            let manager = LayoutManager(fontCollection: ScriptFixtures.fonts, defaultFont: ScriptFixtures.primary)
            manager.tuning.searchesBreaksByWidth = searches
            storage.addLayoutManager(manager)
            for width in widths {
                let container = TextContainer(size: Size(width: width, height: 120))
                if exclusion { container.exclusionPaths = [BezierPath(ovalIn: Rect(x: 20, y: 10, width: 50, height: 60))] }
                manager.addTextContainer(container)
            }
            return manager.snapshot().allLines.map {
                "\($0.characterRange) \($0.rect) \($0.fragments.map { "\($0.characterRange) \($0.usedRect)" })"
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func searchedBreaksEqualMeasuredBreaks(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<6 {
            let text = (0..<Int.random(in: 1...5, using: &rng)).map { _ in
                (0..<Int.random(in: 0...80, using: &rng)).map { _ in Self.words.randomElement(using: &rng)! }
                    .joined(separator: " ")
            }.joined(separator: "\n")
            let widths = (0..<3).map { _ in Double(Int.random(in: 30...400, using: &rng)) + [0, 0.3].randomElement(using: &rng)! }
            let alignment = [TextAlignment.natural, .justified, .center].randomElement(using: &rng)!
            let (searched, measured) = {
                let both = Self.layouts(text, widths: widths, alignment: alignment, exclusion: Bool.random(using: &rng))
                return (both[0], both[1])
            }()
            #expect(searched == measured, "seed \(seed), widths \(widths): \(text)")
        }
    }

    /// Plain text takes the search; soft hyphens, tabs or hyphenation points keep the measuring loop.
    @Test func plainParagraphsAreSearched() {
        func paragraph(_ text: String, hyphenate: Bool = false) -> Paragraph {
            var attributes = ScriptFixtures.attributes(language: "en-US")
            attributes.paragraphStyle.hyphenationFactor = hyphenate ? 1 : 0
            let scalars = Array(text.unicodeScalars)
            return Paragraph(content: scalars[...], attributes: [(attributes, 0..<scalars.count)], direction: .natural,
                             fonts: FontResolver(collection: ScriptFixtures.fonts, fallback: ScriptFixtures.primary),
                             context: MeasuringContext(hyphenation: HyphenationDictionaries()))
        }
        #expect(LineBreaker.widthsNeverDecrease(paragraph("Plain words, and more words.")))
        #expect(!LineBreaker.widthsNeverDecrease(paragraph("soft\u{AD}hyphen")))
        #expect(!LineBreaker.widthsNeverDecrease(paragraph("a\ttab")))
        if HyphenationDictionaries().hyphenator(for: "en-US") != nil {
            #expect(!LineBreaker.widthsNeverDecrease(paragraph("extraordinarily typesetting", hyphenate: true)))
        }
    }
}
