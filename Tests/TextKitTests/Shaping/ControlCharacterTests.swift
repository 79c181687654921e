import Foundation
import SeededRandom
import Testing
import TestFixtures
import TextKit

/// Control characters (C0 but the tab, DEL, C1) are laid out as Text Kit's zero advancement
/// does: an invisible glyph with no width, never the .notdef box a font without them gives.
@Suite("Control characters")
struct ControlCharacterTests {
    static let controls: [Unicode.Scalar] = (0..<0x20).compactMap { $0 == 0x09 ? nil : Unicode.Scalar($0) }
        + (0x7F...0x9F).compactMap { Unicode.Scalar($0) }

    /// Real text with controls dropped in at random: none draws, none takes room, and the line
    /// breaks and glyphs of everything else are as without them (the controls that end lines or
    /// paragraphs aside).
    @Test(arguments: 0..<40)
    func controlsDrawNothingAndTakeNoRoom(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(0xC0_7801 + seed))
        let prose = Array(try String(contentsOfFile: Fixtures.path("Fixtures/texts/debian-reference.txt"), encoding: .utf8)
            .unicodeScalars)
        let start = Int.random(in: 0..<(prose.count - 600), using: &rng)
        var text = Array(prose[start..<start + 400])
        for _ in 0..<Int.random(in: 1...12, using: &rng) {
            let control = Self.controls[Int.random(in: 0..<Self.controls.count, using: &rng)]
            text.insert(control, at: Int.random(in: 0...text.count, using: &rng))
        }
        var string = ""
        string.unicodeScalars.append(contentsOf: text)
        let (_, manager, snapshot) = ScriptFixtures.layout(string, width: Double.random(in: 80...400, using: &rng))
        #expect(snapshot.invariantViolations(text: text).isEmpty)
        #expect(manager.missingGlyphs.allSatisfy { $0.notdefGlyphCount == 0 }, "\(manager.missingGlyphs)")
        for container in snapshot.containers {
            for line in container.lines {
                for fragment in line.fragments {
                    for glyph in fragment.glyphs where Self.controls.contains(text[glyph.characterIndex]) {
                        #expect(glyph.glyphID != 0 && glyph.advance == 0,
                                "U+\(String(text[glyph.characterIndex].value, radix: 16)) drawn as \(glyph)")
                    }
                }
            }
        }
        #expect(snapshot.overflowRange == nil)
    }

    @Test func aBellBetweenLettersIsInvisible() throws {
        let (_, manager, snapshot) = ScriptFixtures.layout("a\u{07}b")
        let glyphs = snapshot.containers[0].lines[0].fragments[0].glyphs
        #expect(glyphs.map(\.characterIndex) == [0, 1, 2])
        #expect(glyphs[1].advance == 0 && glyphs[1].glyphID != 0)
        #expect(glyphs[2].position.x == glyphs[0].position.x + glyphs[0].advance)
        #expect(manager.missingGlyphs.isEmpty)
    }
}
