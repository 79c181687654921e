import Foundation
import Testing
import TextKit
import TextKitRender

/// Every glyph the layout placed for a visible character leaves ink on the page: a font the
/// renderer opens differently from the engine (a colour bitmap emoji font drawn as outlines, say)
/// would otherwise lose text silently, with no box and no warning.
@Suite("Ink")
struct InkTests {
    /// The UDHR samples, each laid out with the machine's fonts as the command would.
    static let samples: [String] = {
        let directory = RenderFixture.path("Fixtures/texts/udhr")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }.sorted()
    }()

    @Test func theSamplesAreFound() {
        #expect(Self.samples.count >= 16)
    }

    /// Samples whose script no installed font covers are left to the font coverage tests: a box
    /// is ink, but not the point here.
    @Test(arguments: samples)
    func everyVisibleGlyphDrawsInk(sample: String) throws {
        let text = try String(contentsOfFile: RenderFixture.path("Fixtures/texts/udhr/\(sample).txt"), encoding: .utf8)
        let fonts = FontCollection(defaultFontPath: RenderFixture.fontPath)
        let storage = TextStorage(string: text,
                                  attributes: TextAttributes(font: FontDescriptor(family: "sans-serif", size: 24)))
        let manager = LayoutManager(fontCollection: fonts,
                                    defaultFont: try fonts.font(for: FontDescriptor(family: "sans-serif", size: 24)))
        storage.addLayoutManager(manager)
        var setup = PageSetup()
        setup.pageSize = Size(width: 500, height: 2_000)
        setup.margins = EdgeInsets(all: 0)
        let paged = manager.layOutPages(setup, count: .automatic(maximum: 4))
        let snapshot = manager.snapshot()
        #expect(snapshot.overflowRange == nil)
        let glyphs = snapshot.containers.flatMap { $0.lines.flatMap { $0.fragments.flatMap(\.glyphs) } }
        if glyphs.contains(where: { $0.glyphID == 0 }) { return }
        let image = try LayoutRenderer(snapshot: snapshot, pages: paged.pages, placements: paged.placements,
                                       storage: storage).rasterImage(pages: .page(0))
        let scale = Double(image.width) / setup.pageSize.width
        let scalars = Array(text.unicodeScalars)
        var checked = 0
        for glyph in glyphs where glyph.advance > 1 && !scalars[glyph.characterIndex].properties.isWhitespace {
            let size = snapshot.fonts[glyph.fontIndex].pointSize
            let box = Rect(x: glyph.position.x, y: glyph.position.y - size, width: glyph.advance, height: size * 1.25)
            let drawn = hasInk(in: box, image: image, scale: scale)
            #expect(drawn, "\(sample): nothing drawn for U+\(String(scalars[glyph.characterIndex].value, radix: 16, uppercase: true)) (glyph \(glyph.glyphID) of \(snapshot.fonts[glyph.fontIndex].font.familyName)) at \(glyph.position)")
            checked += 1
        }
        #expect(checked > 5)
    }

    /// The check sees a glyph that is not drawn: a box where the page is blank has no ink.
    @Test func aBlankBoxHasNoInk() throws {
        let storage = TextStorage(string: "ink", attributes: TextAttributes(font: FontDescriptor(filePath: RenderFixture.fontPath, size: 24)))
        let manager = LayoutManager(fontCollection: RenderFixture.fonts, defaultFont: try RenderFixture.fonts.font(file: RenderFixture.fontPath))
        storage.addLayoutManager(manager)
        var setup = PageSetup()
        setup.pageSize = Size(width: 200, height: 200)
        setup.margins = EdgeInsets(all: 0)
        let paged = manager.layOutPages(setup, count: .automatic(maximum: 1))
        let image = try LayoutRenderer(snapshot: manager.snapshot(), pages: paged.pages, placements: paged.placements,
                                       storage: storage).rasterImage(pages: .page(0))
        let scale = Double(image.width) / 200
        let blank = hasInk(in: Rect(x: 100, y: 120, width: 30, height: 30), image: image, scale: scale)
        #expect(!blank)
        let glyph = try #require(manager.snapshot().containers.first?.lines.first?.fragments.first?.glyphs.first)
        let drawn = hasInk(in: Rect(x: glyph.position.x, y: glyph.position.y - 24, width: glyph.advance, height: 30),
                           image: image, scale: scale)
        #expect(drawn)
    }

    private func hasInk(in box: Rect, image: RasterImage, scale: Double) -> Bool {
        let x0 = max(0, Int(box.minX * scale)), x1 = min(image.width, Int((box.maxX * scale).rounded(.up)))
        let y0 = max(0, Int(box.minY * scale)), y1 = min(image.height, Int((box.maxY * scale).rounded(.up)))
        for y in y0..<max(y0, y1) {
            for x in x0..<max(x0, x1) {
                let c = image.pixel(x: x, y: y)
                if c.alpha > 0.2 && min(c.red, c.green, c.blue) < 0.75 { return true }
            }
        }
        return false
    }
}
