import Foundation
import Testing
import TextKit

/// Font fallback per grapheme cluster through fontconfig, with the fixture configuration.
@Suite("Font fallback")
struct FontFallbackTests {
    @Test func fixtureConfigurationSeesOnlyFixtureFonts() throws {
        let fonts = ScriptFixtures.fonts
        let sans = try fonts.font(for: FontDescriptor(family: "sans-serif"))
        #expect(sans.familyName == "DejaVu Sans")
        #expect(sans.filePath.hasSuffix("Fixtures/fonts/DejaVuSans.ttf"))
        let thai = try fonts.font(for: FontDescriptor(family: "Noto Sans Thai"))
        #expect(thai.filePath.hasSuffix("Fixtures/fonts/NotoSansThai-Subset.ttf"))
        #expect(throws: FontError.self) { try fonts.font(for: FontDescriptor(family: "Liberation Serif")) }
    }

    @Test func missingConfigurationFileThrows() {
        #expect(throws: FontError.self) { try FontCollection(configurationFile: "/nonexistent/fonts.conf") }
    }

    @Test(arguments: [
        ("क्षत्रिय", "Noto Sans Devanagari"), ("ภาษาไทย", "Noto Sans Thai"), ("中文", "Noto Sans CJK JP"),
        ("ひらがな", "Noto Sans CJK JP"), ("한국어", "Noto Sans CJK JP"), ("👍🏽", "Noto Color Emoji"),
    ])
    func charactersThePrimaryFontLacksUseTheCoveringFixtureFont(text: String, family: String) {
        let paragraph = ScriptFixtures.paragraph("a " + text)
        #expect(paragraph.run(at: 0).font.familyName == "DejaVu Sans")
        #expect(paragraph.run(at: 2).font.familyName == family)
        #expect(paragraph.missingScalars.isEmpty)
        #expect(!paragraph.run(at: 2).glyphs.contains(0), "no .notdef")
    }

    /// Every grapheme cluster lies in one shaped run, so one font draws it.
    @Test(arguments: ["devanagari.txt", "thai.txt", "emoji.txt", "combining.txt", "korean.txt", "arabic.txt", "japanese.txt"])
    func clustersAreNeverSplitAcrossFonts(name: String) throws {
        let text = try ScriptFixtures.text(name).trimmingCharacters(in: .newlines)
        let paragraph = ScriptFixtures.paragraph(text)
        for cluster in paragraph.clusterRanges {
            let first = paragraph.runIndex(containing: cluster.lowerBound)
            let last = paragraph.runIndex(containing: cluster.upperBound - 1)
            #expect(first == last, "\(name): cluster \(cluster) spans runs \(first) and \(last)")
        }
        #expect(paragraph.missingScalars.isEmpty, "\(name): \(paragraph.missingScalars)")
    }

    @Test func conjoiningJamoClusterStaysInOneFont() {
        // DejaVu Sans has no conjoining jamo: the whole syllable falls back together.
        let paragraph = ScriptFixtures.paragraph("x \u{1100}\u{1161}\u{11A8}")
        #expect(paragraph.clusterRanges.last == 2..<5)
        #expect(paragraph.run(at: 2).font.familyName == "Noto Sans CJK JP")
        #expect(paragraph.run(at: 2).range == 2..<5)
    }

    @Test func emojiSequencesAndFlagsAreOneClusterAndOneGlyph() {
        let cases = ["👨\u{200D}👩\u{200D}👧\u{200D}👦", "🇫🇷", "🇯🇵", "👍🏽", "🏳\u{FE0F}\u{200D}🌈", "1\u{FE0F}\u{20E3}"]
        for sequence in cases {
            let paragraph = ScriptFixtures.paragraph(sequence)
            #expect(paragraph.graphemes == [0, sequence.utf16.count], "\(sequence) is one grapheme cluster")
            let run = paragraph.run(at: 0)
            #expect(run.font.familyName == "Noto Color Emoji")
            #expect(run.glyphs.count == 1, "\(sequence): \(run.glyphs.count) glyphs")
        }
        let (_, _, snapshot) = ScriptFixtures.layout("🇫🇷🇯🇵 👨\u{200D}👩\u{200D}👧\u{200D}👦")
        let glyphs = snapshot.allGlyphs.filter { snapshot.fonts[$0.fontIndex].font.familyName == "Noto Color Emoji" }
        #expect(glyphs.map(\.characterIndex) == [0, 2, 5])
    }

    @Test func characterNoFontHasIsNotdefOfThePrimaryFontWithAWarning() throws {
        // U+0F40 TIBETAN LETTER KA: none of the fixture fonts has it.
        let (_, manager, snapshot) = ScriptFixtures.layout("a\u{0F40}b")
        let glyphs = snapshot.allGlyphs
        #expect(glyphs.count == 3)
        #expect(glyphs[1].characterIndex == 1)
        #expect(glyphs[1].glyphID == 0, ".notdef")
        #expect(snapshot.fonts[glyphs[1].fontIndex].font.familyName == "DejaVu Sans")
        let warnings = manager.warnings.filter { $0.kind == .missingGlyph }
        #expect(warnings.map(\.message) == ["no installed font covers Tibetan (1 character, first at 1:2); fonts-noto-core provides it"])
        #expect(snapshot.invariantViolations(text: Array("a\u{0F40}b".unicodeScalars)) == [])
    }

    @Test func lineHeightIncludesTheFallbackFontsMetrics() throws {
        let (_, _, latin) = ScriptFixtures.layout("Latin only")
        let (_, _, mixed) = ScriptFixtures.layout("Latin नमस्ते")
        let devanagari = try ScriptFixtures.fonts.font(for: FontDescriptor(family: "Noto Sans Devanagari"))
        let scale = devanagari.scale(forPointSize: 14)
        let expected = max(Double(devanagari.ascender) * scale, Double(ScriptFixtures.primary.ascender) * ScriptFixtures.primary.scale(forPointSize: 14))
        let line = try #require(mixed.allLines.first)
        #expect(line.rect.height > latin.allLines[0].rect.height)
        #expect(line.baseline - line.rect.minY >= expected - 1e-9)
    }

    @Test func colourBitmapEmojiFontLoadsWithMetricsFromItsTables() throws {
        let emoji = try ScriptFixtures.fonts.font(for: FontDescriptor(family: "Noto Color Emoji"))
        #expect(emoji.unitsPerEm == 2048)
        #expect(emoji.ascender > 0 && emoji.descender > 0)
    }
}

/// Fallback with the machine's fonts (the set-up's `fonts-noto-core`, which CI installs).
@Suite("Font fallback (installed fonts)")
struct InstalledFontFallbackTests {
    static let notoCore = FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf")

    /// Punctuation several scripts share (the danda, U+0964) stays in the font of the text it
    /// ends: many Noto fonts have it, and fontconfig alone would pick any of them (Takri's).
    @Test(.enabled(if: notoCore, "fonts-noto-core is not installed"),
          arguments: [("hindi", 0x0900...0x097F), ("bengali", 0x0964...0x09FF)])
    func sharedPunctuationStaysInTheFontOfItsText(sample: String, block: ClosedRange<UInt32>) throws {
        let text = try String(contentsOfFile: Fixtures.path("Fixtures/texts/udhr/\(sample).txt"), encoding: .utf8)
        let scalars = Array(text.unicodeScalars)
        #expect(scalars.contains("\u{0964}"))
        let fonts = FontCollection(defaultFontPath: Fixtures.fontPath)
        let storage = TextStorage(string: text, attributes: TextAttributes(font: FontDescriptor(family: "sans-serif", size: 12)))
        let manager = LayoutManager(fontCollection: fonts, defaultFont: try fonts.font(for: FontDescriptor(family: "sans-serif")))
        storage.addLayoutManager(manager)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 10_000)))
        let snapshot = manager.snapshot()
        let families = Set(snapshot.allGlyphs.filter { block.contains(scalars[$0.characterIndex].value) }
            .map { snapshot.fonts[$0.fontIndex].font.familyName })
        #expect(families.count == 1, "\(families)")
    }
}
