import Testing
import TextKit

/// Characters no font covers: one warning per script, with counts, the first place and the
/// package that provides a font (fixture fontconfig: DejaVu Sans and the Noto subsets, none of
/// which has Tibetan or Ethiopic).
@Suite("Missing glyphs")
struct MissingGlyphTests {
    @Test func oneWarningPerScriptWithCountsFirstPlaceAndPackage() throws {
        // Tibetan on lines 1 and 3, Ethiopic on line 2, a private-use character on line 3.
        let text = "a \u{0F40}\u{0F41}\u{0F42}\nxy \u{1200}\u{1201}\n\u{0F43} \u{F8FF}"
        let (_, manager, snapshot) = ScriptFixtures.layout(text)
        let missing = manager.missingGlyphs
        #expect(missing.map(\.script.code) == ["Tibt", "Ethi", "Zzzz"])
        let tibetan = try #require(missing.first)
        #expect(tibetan.characterCount == 4)
        #expect(tibetan.notdefGlyphCount == 4)
        #expect((tibetan.firstCharacter, tibetan.firstLine, tibetan.firstColumn) == (2, 1, 3))
        #expect(missing[1].characterCount == 2 && missing[1].firstLine == 2 && missing[1].firstColumn == 4)
        #expect(manager.warnings.filter { $0.kind == .missingGlyph }.map(\.message) == [
            "no installed font covers Tibetan (4 characters, first at 1:3); fonts-noto-core provides it",
            "no installed font covers Ethiopic (2 characters, first at 2:4); fonts-noto-core provides it",
            "no installed font covers Unknown (1 character, first at 3:3)",
        ])
        #expect(manager.warnings.allSatisfy { $0.kind != .missingGlyph || $0.missingGlyphs != nil })
        let notdef = snapshot.allGlyphs.filter { $0.glyphID == 0 }.count
        #expect(notdef == missing.reduce(0) { $0 + $1.notdefGlyphCount })
    }

    @Test func reshapingAParagraphNeverCountsItTwice() {
        let (storage, manager, _) = ScriptFixtures.layout("\u{0F40}\u{0F41} one\nsecond paragraph")
        storage.beginEditing()
        storage.replaceCharacters(in: 3..<6, with: "two")
        storage.endEditing()
        _ = manager.snapshot()
        storage.replaceCharacters(in: 0..<1, with: "\u{0F42}\u{0F43}")
        _ = manager.snapshot()
        #expect(manager.missingGlyphs.map(\.characterCount) == [3])
        #expect(manager.warnings.filter { $0.kind == .missingGlyph }.count == 1)
        storage.replaceCharacters(in: 0..<3, with: "abc")
        _ = manager.snapshot()
        #expect(manager.missingGlyphs.isEmpty)
        #expect(manager.warnings.isEmpty)
    }

    @Test func emojiAreReportedAsEmojiNotAsTheTextAroundThem() {
        // U+1F9A9 FLAMINGO (Common, resolved to Tibetan here) is in no fixture font.
        let (_, manager, _) = ScriptFixtures.layout("\u{0F40} \u{1F9A9}")
        #expect(manager.missingGlyphs.map(\.script.code) == ["Tibt", "Zsye"])
        #expect(manager.missingGlyphs.last?.script.package == "fonts-noto-color-emoji")
    }

    @Test func knownScriptsNameTheirPackage() throws {
        #expect(FontScript.known(code: "Deva")?.package == "fonts-noto-core")
        #expect(FontScript.known(code: "Hani")?.package == "fonts-noto-cjk")
        #expect(FontScript.known(code: "Zsye")?.package == "fonts-noto-color-emoji")
        #expect(Set(FontScript.known.map(\.code)).count == FontScript.known.count)
        #expect(FontScript.known.allSatisfy { !$0.samples.isEmpty })
    }

    @Test func installedFontsListTheScriptsTheyCover() throws {
        let fonts = ScriptFixtures.fonts.installedFonts()
        let thai = try #require(fonts.first { $0.family == "Noto Sans Thai" })
        #expect(thai.scripts.map(\.code).contains("Thai"))
        let dejaVu = try #require(fonts.first { $0.family == "DejaVu Sans" })
        #expect(dejaVu.scripts.map(\.code).contains("Latn") && !dejaVu.scripts.map(\.code).contains("Thai"))
    }

    @Test func fallbackChainNamesTheFontItChose() {
        let (passedOver, chosen) = ScriptFixtures.fonts.fallbackChain(for: ["\u{0E01}"], like: ScriptFixtures.primary)
        #expect(chosen?.familyName == "Noto Sans Thai")
        #expect(!passedOver.contains("Noto Sans Thai"))
        #expect(ScriptFixtures.fonts.fallbackChain(for: ["\u{0F40}"], like: ScriptFixtures.primary).chosen == nil)
    }
}
