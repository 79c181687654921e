import Testing
import TextKit

/// Emoji presentation (UTS #51): a cluster shown as emoji gets a colour font even when the
/// primary font has a (text) glyph for it; a cluster shown as text keeps the text font. With the
/// fixture configuration, whose colour font is the Noto Color Emoji subset.
@Suite("Emoji presentation")
struct EmojiPresentationTests {
    static let emoji = "Noto Color Emoji", text = "DejaVu Sans"

    @Test(arguments: [
        ("\u{2764}\u{FE0F}", emoji),          // ❤️ : VS16 asks for emoji; DejaVu has a text heart
        ("\u{2764}", text),                   // ❤ : text by default (no Emoji_Presentation)
        ("\u{2764}\u{FE0E}", text),           // ❤︎ : VS15 asks for text
        ("1\u{FE0F}\u{20E3}", emoji),         // 1️⃣ : a keycap
        ("1", text),
        ("\u{1F1EB}\u{1F1F7}", emoji),        // 🇫🇷 : a flag (regional indicators have emoji presentation)
        ("\u{1F600}", emoji),                 // 😀
        ("\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", emoji), // 🏳️‍🌈 : a ZWJ sequence, one font
        ("\u{1F469}\u{1F3FD}", emoji),        // 👩🏽 : a modifier sequence
    ])
    func clustersTakeTheFontTheirPresentationAsksFor(cluster: String, family: String) {
        let paragraph = ScriptFixtures.paragraph("a " + cluster + " b")
        let units = cluster.utf16.count  // the paragraph's runs are indexed in UTF-16
        for offset in 2..<(2 + units) {
            #expect(paragraph.run(at: offset).font.familyName == family, "\(cluster) at \(offset)")
        }
        #expect(paragraph.run(at: 0).font.familyName == Self.text)
        #expect(paragraph.run(at: 3 + units).font.familyName == Self.text)
        #expect(paragraph.missingScalars.isEmpty)
    }

    @Test func onlyColourFontsAreOfferedForEmoji() throws {
        let fonts = ScriptFixtures.fonts
        let heart = try #require(fonts.colorEmojiFont(for: ["\u{2764}"]))
        #expect(heart.familyName == Self.emoji && heart.hasColorGlyphs)
        // No colour font has Thai: emoji presentation cannot be met, and the text path applies.
        #expect(fonts.colorEmojiFont(for: ["\u{0E01}"]) == nil)
        #expect(try !fonts.font(for: FontDescriptor(family: "sans-serif")).hasColorGlyphs)
    }
}
