import Testing
import TextKit
import TextKitRender

/// Checks on rendered pixels, read back from PNG files with cairo.
@Suite("Pixels")
struct PixelTests {
    @Test(arguments: [RenderFixture.circle, RenderFixture.twoColumnsStar, RenderFixture.hebrewStar])
    func noDarkTextPixelInsideAnExclusion(_ fixture: RenderFixture) throws {
        let laidOut = try fixture.layOut()
        let regions = try fixture.shapes().map { FilledRegion(path: $0) }
        var inspected = 0, dark = 0
        for page in laidOut.renderer.pages.indices {
            let image = try RasterImage(pngData: try laidOut.render(.png, pages: .page(page)))
            dark += darkPixels(in: image)
            let found = darkPixelsInside(regions, image: image, scale: 2, inspected: &inspected)
            #expect(found.isEmpty, "dark pixels inside an exclusion on page \(page + 1): \(found.prefix(5))")
        }
        #expect(inspected > 1_000)
        #expect(dark > 1_000, "the text was drawn")
    }

    /// The check finds text that does overlap a shape: the same text laid out without the
    /// exclusion has dark pixels inside the circle.
    @Test func theExclusionCheckCatchesTextInsideAShape() throws {
        var fixture = RenderFixture.circle
        let regions = try fixture.shapes().map { FilledRegion(path: $0) }
        fixture.shapeFiles = []
        let laidOut = try fixture.layOut()
        let image = try RasterImage(pngData: try laidOut.render(.png, pages: .page(0)))
        var inspected = 0
        #expect(darkPixelsInside(regions, image: image, scale: 2, inspected: &inspected).count > 100)
    }

    @Test func foregroundAndBackgroundColoursAreDrawnPerCharacter() throws {
        let text = try RenderFixture.circle.text()
        let scalars = Array(text.unicodeScalars)
        let red = Color(red: 0.9, green: 0.1, blue: 0.1), yellow = Color(red: 1, green: 0.95, blue: 0)
        let redRange = 0..<11 // "Typesetting"
        let craft = try #require(find("craft", in: scalars))
        let laidOut = try RenderFixture.circle.layOut { storage in
            storage.setValue(red, for: \.foregroundColor, range: redRange)
            storage.setValue(yellow, for: \.backgroundColor, range: craft)
        }
        let image = try laidOut.renderer.rasterImage(pages: .page(0))
        let redBoxes = boxes(of: redRange, in: laidOut.snapshot)
        let yellowBoxes = boxes(of: craft, in: laidOut.snapshot)
        var redInside = 0, redOutside = 0, yellowInside = 0, yellowOutside = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let c = image.pixel(x: x, y: y)
                let point = Point(x: (Double(x) + 0.5) / 2, y: (Double(y) + 0.5) / 2)
                if c.red > 0.6 && c.green < 0.35 && c.blue < 0.35 {
                    if redBoxes.contains(where: { $0.contains(point) }) { redInside += 1 } else { redOutside += 1 }
                }
                if c.red > 0.9 && c.green > 0.85 && c.blue < 0.3 {
                    if yellowBoxes.contains(where: { $0.contains(point) }) { yellowInside += 1 } else { yellowOutside += 1 }
                }
            }
        }
        #expect(redInside > 100)
        #expect(redOutside == 0)
        #expect(yellowInside > 200)
        #expect(yellowOutside == 0)
    }

    @Test func overlaysShowExclusionsAndSpans() throws {
        var options = RenderOptions()
        let plain = try RenderFixture.circle.layOut(options: options).renderer.rasterImage(pages: .page(0))
        options.overlays = [.exclusions, .spans]
        let debug = try RenderFixture.circle.layOut(options: options).renderer.rasterImage(pages: .page(0))
        // The circle's centre (306, 300) is white without overlays and tinted red with them.
        let centre = (x: 612, y: 600)
        #expect(plain.pixel(x: centre.x, y: centre.y) == Color(red: 1, green: 1, blue: 1))
        let tinted = debug.pixel(x: centre.x, y: centre.y)
        #expect(tinted.red > tinted.green + 0.1 && tinted.red > tinted.blue + 0.1)
        func greenish(_ image: RasterImage) -> Int {
            var count = 0
            for y in stride(from: 0, to: image.height, by: 2) {
                for x in stride(from: 0, to: image.width, by: 2) {
                    let c = image.pixel(x: x, y: y)
                    if c.green > c.red + 0.05 && c.green > c.blue + 0.05 { count += 1 }
                }
            }
            return count
        }
        #expect(greenish(plain) == 0)
        #expect(greenish(debug) > 10_000)
    }

    @Test func transparentPagesWithoutAPageColour() throws {
        var options = RenderOptions()
        options.pageColor = nil
        let image = try RenderFixture.circle.layOut(options: options).renderer.rasterImage(pages: .page(0))
        #expect(image.pixel(x: 5, y: 5).alpha == 0)
    }

    // MARK: - Helpers

    private func darkPixels(in image: RasterImage) -> Int {
        var count = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) where isDark(image.pixel(x: x, y: y)) { count += 1 }
        }
        return count
    }

    /// Dark pixels whose whole square lies inside one of `regions` (page coordinates); `inspected`
    /// counts the pixels inside, on a grid of every fourth pixel.
    private func darkPixelsInside(_ regions: [FilledRegion], image: RasterImage, scale: Double,
                                  inspected: inout Int) -> [(Int, Int)] {
        var found: [(Int, Int)] = []
        for region in regions {
            let b = region.bounds
            let x0 = max(0, Int(b.minX * scale)), x1 = min(image.width - 1, Int(b.maxX * scale))
            let y0 = max(0, Int(b.minY * scale)), y1 = min(image.height - 1, Int(b.maxY * scale))
            guard x0 <= x1, y0 <= y1 else { continue }
            for y in y0...y1 {
                for x in x0...x1 {
                    if x % 4 == 0, y % 4 == 0,
                       region.contains(Point(x: (Double(x) + 0.5) / scale, y: (Double(y) + 0.5) / scale)) {
                        inspected += 1
                    }
                    guard isDark(image.pixel(x: x, y: y)) else { continue }
                    let corners = [(0.0, 0.0), (1, 0), (0, 1), (1, 1)].map {
                        Point(x: (Double(x) + $0.0) / scale, y: (Double(y) + $0.1) / scale)
                    }
                    if corners.allSatisfy(region.contains) { found.append((x, y)) }
                }
            }
        }
        return found
    }

    /// The glyph boxes (advance × fragment height, page coordinates) of the characters in `range`.
    private func boxes(of range: Range<Int>, in snapshot: LayoutSnapshot) -> [Rect] {
        let container = snapshot.containers[0]
        let origin = Point(x: 72, y: 72)
        return container.lines.flatMap { line in
            line.fragments.flatMap { fragment in
                fragment.glyphs.filter { range.contains($0.characterIndex) }.map { glyph in
                    Rect(x: glyph.position.x + origin.x, y: fragment.rect.minY + origin.y,
                         width: glyph.advance, height: fragment.rect.height)
                }
            }
        }
    }

    private func find(_ word: String, in scalars: [Unicode.Scalar]) -> Range<Int>? {
        let needle = Array(word.unicodeScalars)
        guard scalars.count >= needle.count else { return nil }
        for start in 0...(scalars.count - needle.count) where Array(scalars[start..<start + needle.count]) == needle {
            return start..<start + needle.count
        }
        return nil
    }
}
