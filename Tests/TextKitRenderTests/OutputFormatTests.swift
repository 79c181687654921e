import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TextKit
import TextKitRender

/// Every fixture renders to valid PNG, PDF and SVG files that hold the layout's text.
@Suite("Output formats")
struct OutputFormatTests {
    @Test(arguments: RenderFixture.all)
    func pngHasSignatureAndSize(_ fixture: RenderFixture) throws {
        let laidOut = try fixture.layOut()
        let png = try laidOut.render(.png)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(String(decoding: png[12..<16], as: UTF8.self) == "IHDR")
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        let expected = laidOut.renderer.pixelSize(of: .all)
        #expect(width == expected.width && height == expected.height)
        // 144 dpi: two pixels per point; pages stacked with 12 pt gaps.
        let pages = laidOut.renderer.pages
        #expect(width == Int(fixture.pageSize.width * 2))
        #expect(height == Int((fixture.pageSize.height * Double(pages.count) + 12 * Double(pages.count - 1)) * 2))
        let image = try RasterImage(pngData: png)
        #expect(image.width == width && image.height == height)
    }

    @Test(arguments: RenderFixture.all)
    func pdfGivesTheWordsBackInOrder(_ fixture: RenderFixture) throws {
        let laidOut = try fixture.layOut()
        let pdf = try laidOut.render(.pdf)
        #expect(String(decoding: pdf.prefix(5), as: UTF8.self) == "%PDF-")
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("out.pdf")
        try Data(pdf).write(to: file)

        // Raw mode keeps the content stream's order: lines top to bottom, fragments left to
        // right. Right-to-left text needs the default mode, which applies the bidi algorithm.
        let arguments = fixture.rightToLeft ? [file.path, "-"] : ["-raw", file.path, "-"]
        let result = try #require(try runTool("pdftotext", arguments), "pdftotext missing: apt-get install poppler-utils")
        #expect(result.status == 0)
        let pageBreaks = result.output.filter { $0 == "\u{0C}" }.count
        #expect(pageBreaks == laidOut.renderer.pages.count)

        // Fonts are embedded as subsets with a ToUnicode map: emb, sub and uni all "yes".
        let fonts = try #require(try runTool("pdffonts", [file.path]))
        let rows = fonts.output.split(separator: "\n").dropFirst(2)
        #expect(!rows.isEmpty)
        for row in rows {
            #expect(row.contains("+DejaVuSans") && row.contains("yes yes yes"), "\(row)")
        }

        let text = try fixture.text()
        if !fixture.rightToLeft {
            #expect(words(result.output) == words(text))
        } else if fixture.shapeFiles.isEmpty {
            // pdftotext's bidi pass moves neutral punctuation and may split a word before it:
            // compare the letters, in order.
            #expect(letters(result.output) == letters(text))
        } else {
            // Around a shape, pdftotext reads right-to-left fragments as separate columns:
            // every letter comes back, in its own order.
            #expect(letters(result.output).sorted() == letters(text).sorted())
        }
    }

    @Test(arguments: RenderFixture.all)
    func svgParsesWithOneUsePerGlyph(_ fixture: RenderFixture) throws {
        let laidOut = try fixture.layOut()
        let svg = try laidOut.render(.svg)
        let counter = ElementCounter()
        let parser = XMLParser(data: Data(svg))
        parser.delegate = counter
        #expect(parser.parse())
        #expect(parser.parserError == nil)
        #expect(counter.root == "svg")
        #expect(counter.glyphUses == laidOut.glyphs.count)
        #expect(counter.glyphSymbols > 0)
        let size = laidOut.renderer.size(of: .all)
        #expect(counter.viewBox == "0 0 \(Int(size.width)) \(Int(size.height))")
    }

    @Test func pagesRenderOneAtATime() throws {
        let laidOut = try RenderFixture.smallPages.layOut()
        let pages = laidOut.renderer.pages.count
        #expect(pages >= 2)
        for page in 0..<pages {
            let image = try RasterImage(pngData: try laidOut.render(.png, pages: .page(page)))
            #expect(image.width == 400 && image.height == 240)
        }
        let pdf = String(decoding: try laidOut.render(.pdf, pages: .page(1)), as: UTF8.self)
        #expect(pdf.contains("/Count 1"))
    }

    @Test func overlaysAddShapesToTheSVG() throws {
        var options = RenderOptions()
        let plain = try RenderFixture.circle.layOut(options: options).render(.svg)
        options.overlays = .all
        let debug = try RenderFixture.circle.layOut(options: options).render(.svg)
        func paths(_ bytes: [UInt8]) -> Int { String(decoding: bytes, as: UTF8.self).components(separatedBy: "<path").count }
        #expect(paths(debug) > paths(plain) + 50)
    }

    @Test func writeErrorsStopRenderingAndAreRethrown() throws {
        struct Full: Error {}
        let laidOut = try RenderFixture.circle.layOut()
        for format in RenderFormat.allCases {
            var calls = 0
            #expect(throws: Full.self) {
                try laidOut.renderer.render(format) { _ in
                    calls += 1
                    throw Full()
                }
            }
            #expect(calls == 1, "\(format)")
        }
    }

    @Test func notAPNG() {
        #expect(throws: RenderError.self) { try RasterImage(pngData: Array("%PDF-1.5".utf8)) }
    }

    @Test func formatsFromFileNames() {
        #expect(RenderFormat(fileName: "out.PNG") == .png)
        #expect(RenderFormat(fileName: "/tmp/a.b/out.pdf") == .pdf)
        #expect(RenderFormat(fileName: "x.svg") == .svg)
        #expect(RenderFormat(fileName: "out.gif") == nil)
        #expect(RenderFormat(fileName: "/tmp/a.pdf/out") == nil)
    }

    // MARK: - Helpers

    private func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    /// The letters, without spaces, punctuation or bidi controls.
    private func letters(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { $0.properties.isAlphabetic }
    }
}

/// Counts the elements of an SVG that matter here.
private final class ElementCounter: NSObject, XMLParserDelegate {
    var root: String?
    var viewBox: String?
    var glyphUses = 0
    var glyphSymbols = 0

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if root == nil {
            root = name
            viewBox = attributes["viewBox"]
        }
        if name == "use", attributes["xlink:href"]?.hasPrefix("#glyph") == true { glyphUses += 1 }
        if name == "symbol", attributes["id"]?.hasPrefix("glyph") == true { glyphSymbols += 1 }
    }
}
