import Foundation
import Testing
import TextKit
import TextKitRender

/// Glyph outlines by ID, as `textkit serve`'s `GET /glyphs` gives them.
@Suite("Glyph outlines")
struct GlyphOutlinesTests {
    static let fontPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/fonts/DejaVuSans.ttf").path

    @Test func outlinesAreInFontUnitsWithYDown() throws {
        let font = try Font(contentsOfFile: Self.fontPath)
        let outlines = GlyphOutlines()
        let a = try outlines.outline(ofGlyph: try #require(font.glyphID(for: "A")), in: font)
        #expect(!a.isEmpty)
        let box = a.bounds
        // DejaVu Sans "A": on the baseline, about 0.73 em tall, above it (y down: negative).
        #expect(abs(box.maxY) < 1)
        #expect(box.minY < -1400 && box.minY > -1600)
        #expect(box.minX >= 0 && box.maxX < Double(font.unitsPerEm))
        let space = try outlines.outline(ofGlyph: try #require(font.glyphID(for: " ")), in: font)
        #expect(space.isEmpty)
    }

    @Test func aGlyphIDBeyondTheFontIsAnErrorAndLaterGlyphsStillWork() throws {
        let font = try Font(contentsOfFile: Self.fontPath)
        let outlines = GlyphOutlines()
        #expect(font.glyphCount > 1000)
        #expect(throws: RenderError.self) { try outlines.outline(ofGlyph: UInt32(font.glyphCount), in: font) }
        #expect(!(try outlines.outline(ofGlyph: try #require(font.glyphID(for: "B")), in: font)).isEmpty)
    }

    @Test func colourBitmapGlyphsHaveNoOutline() throws {
        let emoji = try Font(contentsOfFile: Self.fontPath.replacingOccurrences(of: "DejaVuSans.ttf", with: "NotoColorEmoji-Subset.ttf"))
        #expect(!emoji.hasOutlines)
        #expect(try Font(contentsOfFile: Self.fontPath).hasOutlines)
        let glyph = try #require(emoji.glyphID(for: "\u{1F600}"))
        #expect(try GlyphOutlines().outline(ofGlyph: glyph, in: emoji).isEmpty)
    }
}
