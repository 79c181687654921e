import SeededRandom
import Testing
import TextKit

/// Never a silent box: every .notdef glyph a layout holds is counted for its script and told
/// by a warning (no font covers the character, or a font that has it shaped it to its box),
/// over random text drawn from many blocks, with the fixture fonts.
@Suite("Notdef reports")
struct NotdefReportTests {
    /// Blocks to draw from: scripts the fixture fonts cover and ones they do not, controls and
    /// format characters (visible ones, as U+0600, among them), private use, unassigned code
    /// points, symbols, emoji and marks.
    static let pools: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0x00...0x1F, 0x7F...0x9F, 0xA0...0x17F, 0x300...0x36F, 0x370...0x3FF, 0x590...0x5FF,
        0x600...0x6FF, 0x700...0x74F, 0x900...0x97F, 0xE00...0xE7F, 0xF00...0xFFF, 0x1200...0x137F,
        0x2000...0x206F, 0x2190...0x22FF, 0x2600...0x27BF, 0x3040...0x30FF, 0x4E00...0x4E80, 0xAC00...0xAC80,
        0xE000...0xE0FF, 0xFFF0...0xFFFD, 0x1F300...0x1F64F, 0x10FFF0...0x10FFFD, 0x0378...0x0379, 0x110BD...0x110BD,
    ]

    @Test(arguments: 0..<60)
    func everyNotdefGlyphIsCountedAndToldPerScript(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(0xB0C5 + seed))
        var text = ""
        for _ in 0..<Int.random(in: 1...80, using: &rng) {
            let pool = Self.pools[Int.random(in: 0..<Self.pools.count, using: &rng)]
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &rng)) { text.unicodeScalars.append(scalar) }
            }
            if Bool.random(using: &rng) { text += " " }
        }
        let (_, manager, snapshot) = ScriptFixtures.layout(text)
        let notdef = snapshot.allGlyphs.filter { $0.glyphID == 0 }.count
        let missing = manager.missingGlyphs
        // Shaping's count may exceed what the lines show (white space hanging at a line end
        // draws nothing), never fall short of it.
        #expect(notdef <= missing.reduce(0) { $0 + $1.notdefGlyphCount }, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        let told = manager.warnings.filter { $0.kind == .missingGlyph || $0.kind == .notdefGlyph }.map(\.message)
        for script in missing where script.notdefGlyphCount > 0 || script.characterCount > 0 {
            #expect(told.contains(script.message), "\(script.script.name) has boxes but no warning: \(told)")
        }
    }

    @Test func aBoxFromAFontThatHasTheCharacterIsToldApart() throws {
        let devanagari = try #require(FontScript.known.first { $0.code == "Deva" })
        let shaped = MissingGlyphs(script: devanagari, characterCount: 0, notdefGlyphCount: 3,
                                   firstCharacter: 7, firstLine: 2, firstColumn: 5)
        #expect(shaped.message == "Devanagari: 3 glyphs came out as .notdef (boxes) from a font that has the characters (first at 2:5)")
    }
}
