import Testing
import TextKit

/// Line breaking with Unicode's rules: mandatory breaks, soft hyphen, no-break space, word
/// joiner, Thai dictionary breaks and CJK kinsoku.
@Suite("Script line breaking")
struct ScriptLineBreakingTests {
    @Test(arguments: [("\n", 1), ("\r\n", 2), ("\r", 1), ("\u{2028}", 1), ("\u{2029}", 1), ("\u{85}", 1), ("\u{0C}", 1)])
    func mandatoryBreaksEndTheLine(separator: String, length: Int) throws {
        let text = "one" + separator + "two"
        let (_, _, snapshot) = ScriptFixtures.layout(text)
        let lines = snapshot.allLines
        #expect(lines.count == 2, "\(separator.unicodeScalars.map { $0.value })")
        #expect(lines.last?.characterRange == 3 + length..<6 + length)
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true) == [])
    }

    @Test func mandatoryBreakOpportunitiesFromICU() {
        for separator in ["\n", "\r\n", "\u{2028}", "\u{2029}", "\u{85}", "\u{0C}", "\u{0B}"] {
            let utf16 = Array(("a" + separator + "b").utf16)
            let breaks = utf16.withUnsafeBufferPointer { ICU.lineBreaks($0, locale: "") }
            #expect(breaks.first == BreakOpportunity(offset: 1 + separator.utf16.count, isMandatory: true))
        }
    }

    /// Width of `text` alone in the fixture font.
    static func width(_ text: String) -> Double {
        let paragraph = ScriptFixtures.paragraph(text)
        return paragraph.width(0..<paragraph.utf16.count)
    }

    @Test func softHyphenIsABreakOpportunityAndInvisibleOtherwise() {
        let text = "extra\u{00AD}ordinary"
        #expect(Self.width(text) == Self.width("extraordinary"))
        let (_, _, snapshot) = ScriptFixtures.layout(text, width: Self.width("ordinary") + 2)
        #expect(ScriptFixtures.lineStarts(snapshot) == [0, 6])
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true) == [])
    }

    @Test func softHyphenShowsAHyphenWhereTheLineBreaks() {
        let text = "extra\u{00AD}ordinary"
        let (_, _, snapshot) = ScriptFixtures.layout(text, width: Self.width("ordinary") + 2)
        let hyphen = ScriptFixtures.primary.shaper.nominalGlyph(0x2D)
        let firstLine = snapshot.allLines[0].fragments.flatMap(\.glyphs)
        #expect(firstLine.last?.glyphID == hyphen && (firstLine.last?.advance ?? 0) > 0)
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true) == [])
    }

    @Test(arguments: ["\u{00A0}", "\u{2060}", "\u{202F}", "\u{2007}"])
    func noBreakSpaceAndWordJoinerHoldWordsTogether(glue: String) {
        let text = "xx aaaa" + glue + "bbbb"
        // Room for "xx aaaa bbb", not for "xx aaaa" + glue + "bbbb".
        let (_, _, snapshot) = ScriptFixtures.layout(text, width: Self.width("xx aaaa bbb"))
        #expect(ScriptFixtures.lineStarts(snapshot) == [0, 3], "glue U+\(String(glue.unicodeScalars.first!.value, radix: 16))")
        let (_, _, spaced) = ScriptFixtures.layout("xx aaaa bbbb", width: Self.width("xx aaaa bbb"))
        #expect(ScriptFixtures.lineStarts(spaced) == [0, 8])
    }

    @Test func thaiBreaksBetweenWordsWithADictionary() throws {
        let text = try ScriptFixtures.text("thai.txt").trimmingCharacters(in: .newlines)
        let paragraph = ScriptFixtures.paragraph(text, attributes: ScriptFixtures.attributes(language: "th"))
        let offsets = paragraph.breaks.map(\.offset)
        // No spaces at all, yet ICU finds word boundaries: ภาษา|ไทย|ไม่มี|การ…
        #expect(offsets.prefix(3) == [4, 7, 12])
        #expect(offsets.count > 20)
        let (_, _, snapshot) = ScriptFixtures.layout(text, width: 160, attributes: ScriptFixtures.attributes(language: "th"))
        let starts = ScriptFixtures.lineStarts(snapshot)
        #expect(starts.count > 3)
        // Every line starts at a dictionary word boundary (UTF-16 and scalar offsets agree for Thai).
        #expect(Set(starts.dropFirst()).isSubset(of: Set(offsets)))
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true) == [])
    }

    /// Characters that must not start a line (kinsoku shori): closing punctuation, iteration and
    /// prolonged sound marks, small kana (strict rules).
    static let noLineStart = Set("、。，．：；！？）」』】〕”’ーゃゅょっャュョッぁぃぅぇぉァィゥェォ々ゝ".unicodeScalars)
    /// Characters that must not end a line: opening brackets and quotes.
    static let noLineEnd = Set("（「『【〔“‘".unicodeScalars)

    @Test(arguments: [("japanese.txt", nil), ("japanese.txt", "ja"), ("chinese.txt", "zh")] as [(String, String?)])
    func kinsokuRulesHoldAtEveryWidth(name: String, language: String?) throws {
        let text = try ScriptFixtures.text(name).trimmingCharacters(in: .newlines)
        let scalars = Array(text.unicodeScalars)
        let strict = language == nil
        for width in stride(from: 60.0, through: 200, by: 7) {
            let (_, _, snapshot) = ScriptFixtures.layout(text, width: width, attributes: ScriptFixtures.attributes(language: language))
            let lines = snapshot.allLines
            #expect(lines.count > 1)
            for line in lines.dropFirst() {
                let first = scalars[line.characterRange.lowerBound]
                let smallKanaOrLong = "ゃゅょっャュョッぁぃぅぇぉァィゥェォー".unicodeScalars.contains(first)
                if strict || !smallKanaOrLong {
                    #expect(!Self.noLineStart.contains(first), "\(name) width \(width): line starts with \(first)")
                }
                let last = scalars[line.characterRange.lowerBound - 1]
                #expect(!Self.noLineEnd.contains(last), "\(name) width \(width): line ends with \(last)")
            }
            #expect(snapshot.invariantViolations(text: scalars, leftToRightOnly: true) == [])
        }
    }

    @Test func ideographsBreakBetweenCharactersWithoutSpaces() throws {
        let text = try ScriptFixtures.text("chinese.txt").trimmingCharacters(in: .newlines)
        let (_, _, snapshot) = ScriptFixtures.layout(text, width: 100, attributes: ScriptFixtures.attributes(language: "zh"))
        #expect(snapshot.allLines.count >= 6)
        // Lines are filled: every line but the last ends within one ideograph (14 pt) of the width.
        for line in snapshot.allLines.dropLast() {
            #expect(line.fragments[0].usedRect.width > 100 - 2 * 14 - 1e-9)
        }
    }
}
