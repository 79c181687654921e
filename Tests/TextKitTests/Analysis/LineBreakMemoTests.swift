import SeededRandom
import Testing
import TestFixtures
import TextKit

/// `LineBreakMemo` cuts a paragraph into pieces at spaces and answers the pieces it has met
/// from memory; these tests hold every answer to ICU's line breaker over the whole text, with
/// one memo per locale across all the texts of a test, so that a piece learnt in one context is
/// answered in others.
@Suite("Line break memo")
struct LineBreakMemoTests {
    /// Every BMP code point before spaces (alone and with a combining mark), after spaces, and
    /// inside a piece met again beside other pieces.
    @Test func everyBMPCodePointBesideSpacesAgreesWithICU() {
        let memo = LineBreakMemo()
        var disagreements: [String] = []
        for value in UInt32(0)...0xFFFF where !(0xD800...0xDFFF).contains(value) {
            let unit = UInt16(value)
            let texts: [[UInt16]] = [
                [0x61, unit, 0x20, 0x62, 0x63, 0x20, 0x64],
                [0x61, unit, 0x0301, 0x20, 0x20, 0x62, 0x20, unit, 0x63],
                [0x61, 0x20, unit, 0x62, 0x20, 0x63, 0x2E, 0x20, 0x31],
                [0x28, 0x20, 0x62, 0x63, 0x20, unit, 0x20, 0x62, 0x63, 0x20, 0x64],
                [unit, 0x20, 0x0301, 0x20, 0x62, 0x63, 0x20, 0x201C, 0x20, 0x62, 0x63, 0x20],
            ]
            for text in texts {
                if let disagreement = Self.disagreement(text, memo: memo) {
                    disagreements.append("U+\(String(value, radix: 16)): \(disagreement)")
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(8))")
        #expect(memo.pieceCount > 1_000, "the memo keeps the pieces it met")
    }

    /// Every case of Unicode's `LineBreakTest.txt` (ICU's answer, deviations included).
    @Test func unicodeTestCasesAgreeWithICU() throws {
        let memo = LineBreakMemo()
        var disagreements: [String] = []
        for (number, line) in try UnicodeTestData.lines("LineBreakTest.txt") {
            let text = UnicodeTestData.boundaryCase(line).utf16
            if let disagreement = Self.disagreement(text, memo: memo) { disagreements.append("line \(number): \(disagreement)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(8))")
    }

    /// The paragraphs of the fixture texts (technical English, prose, Article 1 in sixteen
    /// languages), each in its language and in none; the English ones also in Finnish, Swedish,
    /// German and French.
    @Test func realTextAgreesWithICU() throws {
        let names = ["debian-reference.txt", "prose.txt", "paragraphs.txt", "ligatures.txt", "tabs.txt"]
        let languages = ["amharic": "am", "arabic": "ar", "armenian": "hy", "bengali": "bn", "chinese": "zh",
                         "emoji": "", "english": "en", "georgian": "ka", "greek": "el", "hebrew": "he",
                         "hindi": "hi", "japanese": "ja", "korean": "ko", "russian": "ru", "tamil": "ta", "thai": "th"]
        var texts = try names.map { (try Fixtures.text($0), "en-US") }
        for (name, language) in languages.sorted(by: { $0.key < $1.key }) {
            texts.append((try Fixtures.text("udhr/\(name).txt"), language))
        }
        var memos: [String: LineBreakMemo] = [:]
        var disagreements: [String] = []
        var paragraphs = 0
        for (text, language) in texts {
            // (And in locales whose ICU data could tailor hyphens and quotation marks.)
            for locale in [language, ""] + (language == "en-US" ? ["fi", "sv", "de", "fr"] : []) {
                let memo = memos[locale, default: LineBreakMemo()]
                memos[locale] = memo
                for paragraph in text.split(separator: "\n") {
                    paragraphs += 1
                    if let disagreement = Self.disagreement(Array(paragraph.utf16), locale: locale, memo: memo) {
                        disagreements.append("\(locale): \(disagreement)")
                    }
                }
            }
        }
        #expect(paragraphs > 500)
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(4))")
    }

    /// Random paragraphs of words from the fixture texts and characters the rules around spaces
    /// are about (brackets, quotes, dashes, marks, joiners, no-break and other spaces, controls,
    /// separators, numbers with their signs), joined by runs of spaces.
    @Test func randomParagraphsAgreeWithICU() throws {
        let words = try ["debian-reference.txt", "udhr/hindi.txt", "udhr/hebrew.txt", "udhr/russian.txt",
                         "udhr/thai.txt", "udhr/chinese.txt", "udhr/emoji.txt"]
            .flatMap { try Fixtures.text($0).split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init) }
        let odd = ["(", ")", "[", "]", "{", "}", "\"", "'", "\u{201C}", "\u{201D}", "\u{2018}", "\u{2019}", "\u{AB}",
                   "\u{BB}", "\u{2014}", "\u{2013}", "-", "/", ",", ".", ":", ";", "!", "?", "%", "$", "+", "\u{20AC}",
                   "\u{301}", "\u{200D}", "\u{200B}", "\u{2060}", "\u{A0}", "\u{202F}", "\u{3000}", "\t", "\u{2028}",
                   "\u{85}", "\u{0B}", "\u{AD}", "\u{30FC}", "\u{3001}", "\u{1F1E6}", "\u{1F44D}\u{1F3FD}", "12", "3.5"]
        var generator = SplitMix64(seed: 0x11E_B4EA)
        let memo = LineBreakMemo()
        var disagreements: [String] = []
        for _ in 0..<4_000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 12) + 1 {
                switch generator.next() % 4 {
                case 0: text += odd[Int(generator.next() % UInt64(odd.count))]
                default: text += words[Int(generator.next() % UInt64(words.count))]
                }
                if generator.next() % 3 != 0 { text += String(repeating: " ", count: Int(generator.next() % 3) + 1) }
            }
            if let disagreement = Self.disagreement(Array(text.utf16), memo: memo) { disagreements.append(disagreement) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(4))")
    }

    @Test func localesWithTailoredRulesAreNotMemoized() {
        for locale in ["", "en", "en-US", "de_DE", "ar", "hi", "th", "ru"] { #expect(LineBreakMemo.memoizes(locale), "\(locale)") }
        for locale in ["ja", "ja-JP", "zh_Hant", "ko", "yue", "en@lb=loose", "de-u-lb-strict"] {
            #expect(!LineBreakMemo.memoizes(locale), "\(locale)")
        }
        let memo = LineBreakMemo()
        let text = Array("日本語の テキスト です。".utf16)
        let answer = text.withUnsafeBufferPointer { memo.lineBreaks($0, locale: "ja", pool: nil) }
        #expect(answer == text.withUnsafeBufferPointer { ICU.lineBreaks($0, locale: "ja") })
        #expect(memo.pieceCount == 0)
    }

    /// Every pair of printable ASCII characters, and every triple of one character of each
    /// ASCII line break class, as a word and around spaces: plain words (letters, digits and
    /// the punctuation that closes them) are answered without ICU, the rest from ICU or memory.
    @Test func asciiWordsAgreeWithICU() {
        let memo = LineBreakMemo()
        var disagreements: [String] = []
        let printable = (UInt16(0x21)...0x7E).map { $0 }
        func check(_ word: [UInt16]) {
            for text in [word + [0x20, 0x61], [0x61, 0x20] + word + [0x20, 0x20, 0x62], word + [0x20] + word, word] {
                if let disagreement = Self.disagreement(text, memo: memo) { disagreements.append(disagreement) }
            }
        }
        for a in printable { for b in printable { check([a, b]) } }
        // One of each class: AL, NU, IS, EX, CL, CP, SY, HY, BA, PO, PR, OP, QU, and AL symbols.
        let classes = Array("a1.!})/-|%$([\"#'".utf16)
        for a in classes { for b in classes { for c in classes { check([a, b, c]) } } }
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(8))")
    }

    /// Words met again are answered from memory: a paragraph of known pieces adds none. (Plain
    /// words are not kept: they need no memory.)
    @Test func piecesMetAgainAreNotKeptTwice() {
        let memo = LineBreakMemo()
        let text = Array("A well-known e-mail (see below) re-run: 3.5% of U.S. co-ops, /usr/bin/env and x86-64.".utf16)
        let first = text.withUnsafeBufferPointer { memo.lineBreaks($0, locale: "", pool: nil) }
        let kept = memo.pieceCount
        let second = text.withUnsafeBufferPointer { memo.lineBreaks($0, locale: "", pool: nil) }
        #expect(kept >= 6)
        #expect(memo.pieceCount == kept)
        #expect(first == second)
        #expect(first == text.withUnsafeBufferPointer { ICU.lineBreaks($0, locale: "") })
    }

    /// A paragraph shaped with a thread's working memory finds its breaks through that thread's
    /// memo (wider than its widest line, 0 pt here, it finds them as it is shaped).
    @Test func paragraphsFindTheirBreaksThroughTheThreadsMemo() {
        let scratch = ShapingScratch()
        let text = "A paragraph wider than its line: its breaks (e-mail, 3.5%) are found as it is shaped."
        let scalars = Array(text.unicodeScalars)
        let attributes = Fixtures.attributes()
        let paragraph = Paragraph(content: scalars[...], attributes: [(attributes, 0..<scalars.count)],
                                  direction: attributes.paragraphStyle.baseWritingDirection,
                                  fonts: FontResolver(collection: Fixtures.fonts, fallback: Fixtures.font), scratch: scratch)
        #expect(paragraph.hasFoundBreaks)
        #expect(scratch.lineBreaks.pieceCount > 0)
        #expect(paragraph.breaks == Array(text.utf16).withUnsafeBufferPointer { ICU.lineBreaks($0, locale: "") })
    }

    /// A paragraph of 160,000 units (room for 80,000 pieces, given back afterwards), then short
    /// ones: every answer ICU's.
    @Test func aHugeParagraphThenShortOnes() throws {
        let memo = LineBreakMemo()
        let prose = try Fixtures.text("debian-reference.txt").split(separator: "\n").joined(separator: " ")
        var huge = Array(prose.utf16)
        while huge.count < 160_000 { huge += [0x20] + huge }
        var disagreements: [String] = []
        for text in [huge, Array("a short one, (and another).".utf16), huge, Array("x y z".utf16)] {
            if let disagreement = Self.disagreement(text, memo: memo) { disagreements.append(String(disagreement.prefix(300))) }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
    }

    /// The memo's answer for `text`, asked twice (the second time from memory), against ICU's;
    /// nil when both agree.
    private static func disagreement(_ text: [UInt16], locale: String = "", memo: LineBreakMemo) -> String? {
        text.withUnsafeBufferPointer { units in
            let expected = ICU.lineBreaks(units, locale: locale)
            for attempt in 1...2 {
                let answer = memo.lineBreaks(units, locale: locale, pool: nil)
                if answer != expected {
                    return "\(text.map { String($0, radix: 16) }) (attempt \(attempt)): "
                        + "\(answer.map { "\($0.offset)\($0.isMandatory ? "!" : "")" }) "
                        + "vs ICU \(expected.map { "\($0.offset)\($0.isMandatory ? "!" : "")" })"
                }
            }
            return nil
        }
    }
}
