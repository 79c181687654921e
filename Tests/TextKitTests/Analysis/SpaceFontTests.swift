import Testing
@testable import TextKit
import SeededRandom

/// Spaces do not choose a font (Pango's `itemize.c`): a space takes the font of the text before
/// it, an item of spaces alone the font of the text after it, and spaces ending a fallback font's
/// item go with primary-font text of the same script after them.
@Suite("Spaces in the font of their text")
struct SpaceFontTests {
    /// The items of `text` as (text, font family) pairs.
    static func items(_ text: String, attributes: TextAttributes = ScriptFixtures.attributes()) -> [(String, String)] {
        let paragraph = ScriptFixtures.paragraph(text, attributes: attributes)
        return paragraph.runs.map { run in
            (String(decoding: paragraph.utf16[run.range], as: UTF16.self), run.style.font.familyName)
        }
    }

    static func describe(_ items: [(String, String)]) -> String {
        items.map { "[\($0.0)|\($0.1)]" }.joined()
    }

    @Test func fallbackTextKeepsItsSpacesInOneRun() {
        // Devanagari, Thai and Chinese words in their fallback fonts, with the space kinds met
        // in real text (U+0020, no-break, narrow no-break, ideographic).
        for text in ["नमस्ते दुनिया फिर मिलेंगे", "สวัสดี ครับ\u{A0}ไทย", "中文\u{3000}中文 中文\u{202F}中文"] {
            let items = Self.items(text)
            #expect(items.count == 1, "\(Self.describe(items))")
            #expect(items.first?.1 != ScriptFixtures.primary.familyName, "\(Self.describe(items))")
        }
    }

    @Test func leadingSpacesTakeTheFontOfTheTextAfterThem() {
        let items = Self.items("  नमस्ते दुनिया")
        #expect(items.count == 1, "\(Self.describe(items))")
    }

    @Test func spacesBeforePrimaryTextOfTheSameScriptGoWithIt() {
        // U+3001 is Common: it takes the Latin script of the text before it, in the CJK font.
        let items = Self.items("abc 、  def")
        #expect(items.map(\.0) == ["abc ", "、", "  def"], "\(Self.describe(items))")
        #expect(items[0].1 == items[2].1 && items[1].1 != items[0].1, "\(Self.describe(items))")
    }

    @Test func aSpaceBetweenScriptsStaysWithTheTextBeforeIt() {
        let items = Self.items("नमस्ते world")
        #expect(items.map(\.0) == ["नमस्ते ", "world"], "\(Self.describe(items))")
    }

    @Test func colourFontsKeepNoSpace() {
        let items = Self.items("a 😀 b")
        #expect(items.map(\.0) == ["a ", "😀", " b"], "\(Self.describe(items))")
    }

    /// Words of fallback scripts and Latin, joined by random space separators: the items are
    /// exactly the maximal runs of words in one font and script (spaces never add one), and each
    /// space lies in the item of the word before it, unless it starts the paragraph.
    @Test(arguments: 1...4)
    func spacesNeverSplitARun(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let words = [["नमस्ते", "दुनिया", "क़"], ["สวัสดี", "ไทย"], ["中文", "日本語"], ["word", "abc"]]
        let spaces = [" ", "\u{A0}", "\u{2009}", "\u{202F}", "\u{3000}", "  "]
        for _ in 0..<60 {
            var text = Bool.random(using: &rng) ? spaces.randomElement(using: &rng)! : ""
            var groups: [Int] = []
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let group = Int.random(in: 0..<words.count, using: &rng)
                if groups.last != group { groups.append(group) }
                text += words[group].randomElement(using: &rng)! + spaces.randomElement(using: &rng)!
            }
            let items = Self.items(text)
            #expect(items.count == groups.count, "\(text.debugDescription): \(Self.describe(items))")
            for (index, (item, group)) in zip(items, groups).enumerated() {
                let letters = item.0.unicodeScalars.filter { !$0.properties.isWhitespace }
                #expect(letters.allSatisfy { scalar in words[group].contains { $0.unicodeScalars.contains(scalar) } },
                        "\(text.debugDescription): \(Self.describe(items))")
                #expect(index == 0 || !item.0.unicodeScalars.first!.properties.isWhitespace,
                        "\(text.debugDescription): \(Self.describe(items))")
            }
        }
    }

    /// The itemizer's table of space separators is Unicode's (general category Zs) without
    /// U+1680 OGHAM SPACE MARK, over every UTF-16 unit (all of Zs lies in the BMP).
    @Test func spaceSeparatorsAreUnicodesZs() {
        let wrong = (0...0xFFFF).compactMap { value -> String? in
            let unit = UInt16(value)
            let zs = Unicode.Scalar(unit).map { $0.properties.generalCategory == .spaceSeparator && $0 != "\u{1680}" } ?? false
            return Itemizer.isSpaceSeparator(unit) == zs ? nil : String(value, radix: 16)
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }
}
