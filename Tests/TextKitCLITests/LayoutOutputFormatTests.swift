import Foundation
import TestFixtures
import Testing
import TextKit
import TextKitCLI
import TextKitFormats
import TextKitRender

/// The command's table of output formats: every format it lists writes through
/// `LayoutOutputFormat`, and the JSON through it is `LayoutJSONWriter`'s bytes.
@Suite("CLI output formats")
struct LayoutOutputFormatTests {
    /// Prose on three small pages in the fixture font.
    static func output(pretty: Bool = false, dotsPerInch: Double = 72) throws -> LayoutOutput {
        var setup = PageSetup()
        setup.pageSize = Size(width: 300, height: 200)
        setup.margins = EdgeInsets(all: 20)
        let (storage, manager, paged, snapshot) = Fixtures.paged(try Fixtures.text("prose.txt"), setup: setup)
        var options = RenderOptions()
        options.dotsPerInch = dotsPerInch
        return LayoutOutput(snapshot: snapshot, pages: paged.pages, placements: paged.placements, storage: storage,
                            warnings: manager.warnings, path: "out", pretty: pretty, renderOptions: options)
    }

    static let magic: [String: [UInt8]] = [
        "json": Array("{".utf8), "svg": Array("<?xml".utf8), "png": [0x89, 0x50, 0x4E, 0x47], "pdf": Array("%PDF-".utf8),
    ]

    @Test func theTableNamesEachFormatOnce() {
        let names = LayoutOutputFormats.all.map(\.name)
        #expect(names == ["json", "svg", "png", "pdf"])
        #expect(Set(LayoutOutputFormats.drawings.map(\.name)) == Set(RenderFormat.allCases.map(\.rawValue)))
    }

    @Test(arguments: LayoutOutputFormats.all.map(\.name))
    func everyListedFormatWritesThroughTheProtocol(_ name: String) throws {
        let format = try #require(LayoutOutputFormats.all.first { $0.name == name })
        let output = try Self.output()
        #expect(output.pages.count > 1)
        let pages: RenderedPages = format.holdsEveryPage ? .all : .page(1)
        try format.check(output, pages: pages)
        var bytes: [UInt8] = []
        var pagesWritten = 0
        try format.write(output, pages: pages, progress: { pagesWritten = $0 }, to: { bytes += $0 })
        #expect(bytes.starts(with: try #require(Self.magic[name])))
        #expect(pagesWritten == (format.holdsEveryPage ? output.pages.count : 1))
    }

    @Test(arguments: [false, true])
    func theJSONFormatWritesLayoutJSONWritersBytes(pretty: Bool) throws {
        let output = try Self.output(pretty: pretty)
        var expected: [UInt8] = []
        try LayoutJSONWriter(pretty: pretty, layoutWarnings: output.warnings)
            .write(output.snapshot, pages: output.pages, placements: output.placements) { expected += $0 }
        var written: [UInt8] = []
        try LayoutOutputFormats.json.write(output, pages: .all, progress: nil) { written += $0 }
        #expect(written == expected)
    }

    @Test func drawingsArePickedByNameOrFileExtension() {
        #expect(LayoutOutputFormats.drawing(named: "PNG")?.name == "png")
        #expect(LayoutOutputFormats.drawing(named: "json") == nil, "textkit render writes no JSON")
        #expect(LayoutOutputFormats.drawing(forFileName: "book.v2/out.PDF")?.name == "pdf")
        #expect(LayoutOutputFormats.drawing(forFileName: "out.svg.d/page") == nil)
        #expect(LayoutOutputFormats.drawing(forFileName: "out.gif") == nil)
        #expect(LayoutOutputFormats.drawingNames() == "svg, png or pdf")
    }

    @Test func aDrawingRefusesPagesPastItsLimit() throws {
        let output = try Self.output(dotsPerInch: 10_000)
        let png = try #require(LayoutOutputFormats.drawing(named: "png"))
        let error = try #require(throws: CLIError.self) { try png.check(output, pages: .page(0)) }
        #expect(error.description.hasPrefix("out: the image would be "))
        #expect(error.description.hasSuffix("; lower --dpi"))
        try LayoutOutputFormats.json.check(output, pages: .all)
    }
}
