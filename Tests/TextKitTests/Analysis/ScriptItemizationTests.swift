import Testing
import TextKit
import SeededRandom

/// Itemization: scripts from ICU with Common/Inherited resolved from neighbours and paired
/// brackets (UAX #24), and the language attribute passed to HarfBuzz and to ICU's break iterator.
@Suite("Script itemization")
struct ScriptItemizationTests {
    /// The resolved script of every scalar of `text`.
    static func scripts(_ text: String) -> [String?] {
        let paragraph = ScriptFixtures.paragraph(text)
        return text.unicodeScalars.indices.enumerated().map { index, _ in
            paragraph.run(at: paragraph.utf16Offset(ofScalar: index)).style.input.script?.code
        }
    }

    /// `scripts` written compactly: one letter per scalar (L Latin, H Hebrew, A Arabic, G Greek).
    static func letters(_ text: String) -> String {
        let map = ["Latn": "L", "Hebr": "H", "Arab": "A", "Grek": "G", "Deva": "D", "Hani": "C"]
        return String(scripts(text).map { Character(map[$0 ?? ""] ?? "?") })
    }

    @Test func commonCharactersTakeThePrecedingScript() {
        #expect(Self.letters("ab, שלום!") == "LLLLHHHHH")
        #expect(Self.letters("1. Ελλάδα") == "GGGGGGGGG")   // leading Common takes the first real script
        #expect(Self.letters("123") == "???")               // all Common: no script (HarfBuzz guesses)
    }

    @Test func combiningMarksInheritTheirBase() {
        #expect(Self.letters("e\u{301}x") == "LLL")
        #expect(Self.letters("بِسْم") == "AAAAA")
    }

    @Test func closingBracketTakesItsOpeningBracketsScript() {
        // "abc (שלום) def": both brackets Latin; without pairing ")" would be Hebrew.
        #expect(Self.letters("abc (שלום) def") == "LLLLLHHHHLLLLL")
        #expect(Self.letters("שלום (abc) עולם") == "HHHHHHLLLHHHHHH")
        // Nested pairs and the CJK angle brackets.
        #expect(Self.letters("a [ب (c) د] e") == "LLLAAALAAALLL")
        #expect(Self.letters("Ελ「abc」") == "GGGLLLG")
    }

    @Test func unmatchedClosingBracketTakesThePrecedingScript() {
        #expect(Self.letters("abc שלום) x") == "LLLLHHHHHHL")
    }

    @Test func bracketsOpenedBeforeAnyLetterTakeTheFirstScript() {
        #expect(Self.letters("(שלום) abc") == "HHHHHHHLLL")
    }

    @Test func itemsSplitAtScriptChanges() {
        let paragraph = ScriptFixtures.paragraph("abc Ελλάδα")
        #expect(paragraph.runs.map(\.range) == [0..<4, 4..<10])
        #expect(paragraph.runs.map(\.style.input.script) == ["Latn", "Grek"])
    }

    @Test func languageReachesHarfBuzzPerRun() {
        var serbian = ScriptFixtures.attributes(language: "sr")
        serbian.language = "sr"
        let paragraph = ScriptFixtures.paragraph("бгдп", attributes: serbian)
        #expect(paragraph.runs.allSatisfy { $0.style.input.language == "sr" })
        // A run with another language splits the item and keeps its own tag.
        let english = ScriptFixtures.attributes(language: "en")
        let mixed = ScriptFixtures.paragraph("бг дп", runs: [(serbian, 0..<3), (english, 3..<5)])
        #expect(mixed.runs.map(\.style.input.language) == ["sr", "en"])
    }

    @Test func languageReachesTheLineBreakIterator() {
        // Small kana (class CJ) cannot start a line under ICU's default (strict) rules; Japanese
        // uses the normal rules, which allow it: "キャット" gains a break before "ャ".
        let text = "キャット"
        let root = ScriptFixtures.paragraph(text)
        let japanese = ScriptFixtures.paragraph(text, attributes: ScriptFixtures.attributes(language: "ja"))
        #expect(!root.breaks.map(\.offset).contains(1))
        #expect(japanese.breaks.map(\.offset).contains(1))
        // A tag with a line-break keyword: strict Japanese forbids it again.
        let strict = ScriptFixtures.paragraph(text, attributes: ScriptFixtures.attributes(language: "ja-u-lb-strict"))
        #expect(!strict.breaks.map(\.offset).contains(1))
    }

    @Test func eachLanguageRangeGetsItsOwnBreakRules() {
        // The same word twice: strict rules for the first, Japanese for the second.
        let text = "キャット キャット"
        let mixed = ScriptFixtures.paragraph(text, runs: [(ScriptFixtures.attributes(language: "ja-u-lb-strict"), 0..<5),
                                                          (ScriptFixtures.attributes(language: "ja"), 5..<9)])
        let offsets = mixed.breaks.map(\.offset)
        #expect(!offsets.contains(1))
        #expect(offsets.contains(6))
        #expect(offsets.contains(5))
        #expect(offsets.last == 9)
        #expect(offsets == offsets.sorted())
    }

    /// All-ASCII paragraphs skip per-character script resolution: the shortcut must give what
    /// resolving each character's ICU script (UAX #24, brackets included) gives.
    @Test func asciiShortcutEqualsFullResolution() {
        var rng = SplitMix64(seed: 7)
        let pieces: [String] = ["a", "Z", " ", "(", ")", "[", "]", "{", "}", "1", ".", "\"", "-", "@", "`", "~", "\t", "x"]
        for length in 0..<400 {
            let text = (0..<(length % 40)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let utf16 = Array(text.utf16)
            let raw = utf16.map { ICU.script(of: UInt32($0)) }
            let full = Itemizer.resolveCommon(raw, scalars: { (UInt32(utf16[$0]), 1) })
            #expect(Itemizer.asciiScriptCodes(utf16) == full, "\(text)")
        }
        #expect(Itemizer.asciiScriptCodes(Array("caf\u{E9}".utf16)) == nil)
    }

    /// Paragraphs mixing ASCII with other scripts (where ASCII takes its script without ICU,
    /// repeated units reuse the last answer, and brackets pair across scripts): the resolved
    /// scripts equal resolving every unit's ICU script.
    ///
    /// Paragraphs of one real script among Common and Inherited characters (one language with
    /// its punctuation, quotes, digits, emoji and marks) take a shortcut: every unit gets that
    /// script; drawn here too, from each script's pieces with the shared ones. Every paragraph
    /// is resolved with no memo of scripts and with one memo shared by all of them (a shaping
    /// thread's), which must not change a code.
    @Test func mixedParagraphScriptsEqualFullResolution() {
        var rng = SplitMix64(seed: 11)
        let memo = CodeUnitMemo()
        let shared = [" ", "(", ")", "[", "]", "1", ".", "-", "😀", "\u{301}", "“", "”", "«", "»", "\u{3000}"]
        let scripts = [["a", "Word", "é"], ["Привет"], ["שלום"], ["日本"], ["กข"], ["नमस्ते"]]
        let pieces = shared + scripts.flatMap { $0 }
        for round in 0..<600 {
            // Half the paragraphs draw from one script's pieces and the shared ones only.
            let drawn = round % 2 == 0 ? pieces : shared + scripts[round / 2 % scripts.count]
            let text = (0..<Int.random(in: 1...30, using: &rng)).map { _ in drawn.randomElement(using: &rng)! }.joined()
            let paragraph = ScriptFixtures.paragraph(text)
            let utf16 = paragraph.utf16
            func decode(_ index: Int) -> (UInt32, Int) {
                let unit = utf16[index]
                if UTF16.isLeadSurrogate(unit), index + 1 < utf16.count, UTF16.isTrailSurrogate(utf16[index + 1]) {
                    return (0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(utf16[index + 1]) - 0xDC00), 2)
                }
                return (UInt32(unit), 1)
            }
            var raw: [Int32] = []
            var index = 0
            while index < utf16.count {
                let (value, length) = decode(index)
                raw += Array(repeating: ICU.script(of: value), count: length)
                index += length
            }
            var itemizer = Itemizer(utf16: utf16, scalarOffsets: paragraph.scalarOffsets, graphemes: paragraph.graphemes,
                                    bidi: paragraph.bidi, attributes: [(ScriptFixtures.attributes(), 0..<text.unicodeScalars.count)],
                                    fonts: FontResolver(collection: ScriptFixtures.fonts, fallback: ScriptFixtures.primary))
            let expected = Itemizer.resolveCommon(raw, scalars: decode)
            #expect(itemizer.resolvedScriptCodes() == expected, "\(text.debugDescription)")
            itemizer.scriptMemo = memo
            #expect(itemizer.resolvedScriptCodes() == expected, "\(text.debugDescription), memo")
        }
    }

    /// The itemizer scripts ASCII without ICU (in all-ASCII paragraphs and character by
    /// character in the others): letters Latin, everything else Common, as ICU says.
    @Test func asciiScriptsAreLatinLettersAndCommonRest() {
        // (U+0061 is Latin and U+0020 Common, per Scripts.txt.)
        let latin = ICU.script(of: 0x61)
        #expect(latin != ICU.script(of: 0x20))
        for unit in UInt32(0)..<0x80 {
            let isLetter = (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit)
            #expect(ICU.script(of: unit) == (isLetter ? latin : ICU.script(of: 0x20)), "U+\(String(unit, radix: 16))")
        }
    }
}

/// The itemizer grows an item over runs of one-unit clusters its font covers (ASCII, Cyrillic,
/// Hebrew…) without its per-cluster work: items must be exactly those of the general loop,
/// whatever surrounds them (emoji, attachments, characters the font lacks).
@Suite("Itemizer stretches of covered characters")
struct ItemizerStretchTests {
    /// Pieces that end or interrupt a stretch: marks on ASCII letters, other scripts (Hebrew
    /// right to left), characters DejaVu lacks (fallback fonts), brackets, controls, CR LF, U+FFFC.
    static let pieces: [String] = [
        "a", "Word", " ", "  ", "(", ")", "1", ".", "\t", "e\u{301}", "o\u{308}\u{301}", "שלום", "\u{5B0}",
        "Ελλάδα", "日本", "😀", "👍🏽", "\u{200D}", "\r\n", "\u{FFFC}", "x\u{FE0F}", "ǅ", "\u{7F}", "~",
        // Covered one-unit clusters beyond ASCII, and their neighbours the stretch must stop at.
        "Привет", "مرحبا", "é", "\u{2014}", "€", "\u{A0}", "\u{AD}", "\u{200B}", "\u{231A}", "\u{263A}", "\u{2B55}",
        "\u{2B56}", "\u{2319}",
        // Stretches in a fallback font, and what ends them: box drawing (the primary's), Thai,
        // Hangul, Devanagari clusters, a character no fixture font has.
        "─┼", "日本語のテキスト", "กขค", "한국어", "नमस्ते", "\u{10FFFD}", "\u{3000}", "、",
        // Clusters of several units the stretch takes whole, and those it must leave to the loop:
        // Thai and Devanagari with marks, joiners and conjuncts, Hangul jamo, pointed Hebrew,
        // Arabic with vowel marks, Latin and Greek with accents the primary font has or lacks,
        // a mark after a space separator, selectors of presentation, a mark after U+FFFC.
        "น้ำ", "กี่", "क्\u{200D}ष", "क्\u{200C}ष", "क्ष", "\u{1100}\u{1161}\u{11A8}", "שָׁלוֹם", "مَرْحَبًا",
        "a\u{1DC4}", "ά\u{301}", "\u{3000}\u{301}", "\u{A0}\u{301}", "\u{263A}\u{FE0E}", "\u{263A}\u{FE0F}",
        "\u{200D}\u{231A}", "\u{FFFC}\u{301}", "日\u{E0100}",
    ]

    @Test(arguments: 1...6)
    func stretchesGiveTheItemsOfTheGeneralLoop(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let fonts = FontResolver(collection: ScriptFixtures.fonts, fallback: ScriptFixtures.primary)
        let styles = [ScriptFixtures.attributes(), ScriptFixtures.attributes(size: 20),
                      ScriptFixtures.attributes(language: "he"), ScriptFixtures.attributes(direction: .rightToLeft)]
        for round in 0..<90 {
            // A third all ASCII (one item at once when nothing else differs).
            let pieces = round % 3 == 0 ? Self.pieces.filter { $0.utf8.allSatisfy { $0 < 0x80 } } : Self.pieces
            let text = (0..<Int.random(in: 1...40, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let count = text.unicodeScalars.count
            // Random attribute runs over the scalars.
            var runs: [(TextAttributes, Range<Int>)] = []
            var start = 0
            while start < count {
                let end = round % 2 == 0 ? count : min(count, start + Int.random(in: 1...max(1, count / 2), using: &rng))
                runs.append((styles.randomElement(using: &rng)!, start..<end))
                start = end
            }
            let paragraph = ScriptFixtures.paragraph(text, attributes: runs[0].0, runs: runs) // its direction
            func items(stretches: Bool) -> [Item] {
                var itemizer = Itemizer(utf16: paragraph.utf16, scalarOffsets: paragraph.scalarOffsets,
                                        graphemes: paragraph.graphemes, bidi: paragraph.bidi,
                                        attributes: runs, fonts: fonts)
                itemizer.takesCoveredStretches = stretches
                return itemizer.items()
            }
            let fast = items(stretches: true), general = items(stretches: false)
            #expect(fast.map(\.range) == general.map(\.range), "\(text.debugDescription)")
            let same = zip(fast, general).allSatisfy { (a: Item, b: Item) -> Bool in
                a.font === b.font && a.script == b.script && a.rightToLeft == b.rightToLeft
                    && runs[a.attributeIndex].0.shapesLike(runs[b.attributeIndex].0)
            }
            #expect(same, "\(text.debugDescription)")
        }
    }

    /// The ASCII shortcut's quick answer (for fonts with every printable ASCII character) equals
    /// the answer from the set of characters the text holds, in fonts that cover all of ASCII
    /// and in subsets that do not, for ASCII texts with and without controls and letters, and
    /// for texts with a unit beyond ASCII.
    @Test func asciiShortcutAgreesWithTheCharacterSet() throws {
        let files = ["DejaVuSans.ttf", "NotoSansArabic-Subset.ttf", "NotoSansHebrew-Subset.ttf", "NotoSansCJK-Subset.otf",
                     "NotoSansThai-Subset.ttf"]
        let fonts = try files.map { try ScriptFixtures.fonts.font(file: Fixtures.path("Fixtures/fonts/\($0)")) }
        var generator = SplitMix64(seed: 0xA5C11)
        for round in 0..<3_000 {
            let count = Int(generator.next() % 30) + 1
            let text = (0..<count).map { _ -> UInt16 in
                switch generator.next() % 16 {
                case 0 where round % 3 == 0: return [0x09, 0x0D, 0x7F, 0x00, 0x1F][Int(generator.next() % 5)]
                case 1 where round % 5 == 0: return [0x80, 0xE9, 0x2014, 0x4E00][Int(generator.next() % 4)]
                case 2, 3, 4: return [0x20, 0x2E, 0x31, 0x40, 0x5B, 0x60, 0x7B, 0x7E][Int(generator.next() % 8)]
                default: return UInt16(0x20 + generator.next() % 0x5F)
                }
            }
            for font in fonts {
                #expect(Itemizer.coveredASCIIScript(text, font: font) == Itemizer.coveredASCIIScriptByMask(text, font: font),
                        "\(text.map { String($0, radix: 16) }) in \(font.familyName)")
            }
        }
    }
}
