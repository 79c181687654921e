import Foundation
import ProcessOutput
import Testing
import TextKit
import TextKitRender
import TextKitSVG

/// A text, shapes and page setup from `Fixtures/`, laid out and ready to render.
struct RenderFixture: CustomTestStringConvertible, Sendable {
    var name: String
    var textFile: String
    var shapeFiles: [String] = []
    var columns = 1
    var pageSize = Size(width: 612, height: 792)
    var margin = 72.0
    var alignment = TextAlignment.natural
    var repeats = 1
    /// Right-to-left text: pdftotext's raw mode cannot read it back in order.
    var rightToLeft = false

    var testDescription: String { name }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
    static let fontPath = path("Fixtures/fonts/DejaVuSans.ttf")
    static let fonts = FontCollection(defaultFontPath: fontPath)

    static let circle = RenderFixture(name: "prose around a circle", textFile: "Fixtures/texts/prose.txt",
                                      shapeFiles: ["Fixtures/shapes/circle.svg"])
    static let twoColumnsStar = RenderFixture(
        name: "two justified columns around a star", textFile: "Fixtures/texts/prose.txt",
        shapeFiles: ["Fixtures/shapes/star.svg"], columns: 2, alignment: .justified, repeats: 2)
    static let hebrewStar = RenderFixture(name: "Hebrew around a star", textFile: "Fixtures/render/hebrew.txt",
                                          shapeFiles: ["Fixtures/shapes/star.svg"], rightToLeft: true)
    static let hebrew = RenderFixture(name: "Hebrew", textFile: "Fixtures/render/hebrew.txt", rightToLeft: true)
    static let ligatures = RenderFixture(name: "ligatures", textFile: "Fixtures/texts/ligatures.txt")
    static let smallPages = RenderFixture(name: "paragraphs on small pages", textFile: "Fixtures/texts/paragraphs.txt",
                                          pageSize: Size(width: 200, height: 120), margin: 12)

    static let all: [RenderFixture] = [circle, twoColumnsStar, hebrew, hebrewStar, ligatures, smallPages]

    /// The text, repeated `repeats` times.
    func text() throws -> String {
        String(repeating: try String(contentsOfFile: Self.path(textFile), encoding: .utf8), count: repeats)
    }

    /// The exclusion paths, in page coordinates.
    func shapes() throws -> [BezierPath] {
        try shapeFiles.flatMap { try SVGDocument(contentsOfFile: Self.path($0)).shapes.map(\.path) }
    }

    /// The page setup.
    func setup() throws -> PageSetup {
        var setup = PageSetup()
        setup.pageSize = pageSize
        setup.margins = EdgeInsets(all: margin)
        setup.columns = columns
        setup.exclusionPaths = try shapes()
        return setup
    }

    /// Lays the fixture out; `configure` may set attributes on the storage first.
    func layOut(options: RenderOptions = RenderOptions(),
                configure: (TextStorage) -> Void = { _ in }) throws -> LaidOut {
        var style = ParagraphStyle()
        style.alignment = alignment
        let attributes = TextAttributes(font: FontDescriptor(filePath: Self.fontPath, size: 12), paragraphStyle: style)
        let storage = TextStorage(string: try text(), attributes: attributes)
        configure(storage)
        let manager = LayoutManager(fontCollection: Self.fonts, defaultFont: try Self.fonts.font(file: Self.fontPath))
        storage.addLayoutManager(manager)
        let paged = manager.layOutPages(try setup(), count: .automatic(maximum: 100))
        let snapshot = manager.snapshot()
        let renderer = LayoutRenderer(snapshot: snapshot, pages: paged.pages, placements: paged.placements,
                                      storage: storage, options: options)
        return LaidOut(storage: storage, manager: manager, snapshot: snapshot, renderer: renderer)
    }
}

/// A laid-out fixture.
struct LaidOut {
    var storage: TextStorage
    var manager: LayoutManager
    var snapshot: LayoutSnapshot
    var renderer: LayoutRenderer

    /// Every glyph of the layout.
    var glyphs: [PositionedGlyph] { snapshot.containers.flatMap { $0.lines.flatMap { $0.fragments.flatMap(\.glyphs) } } }

    /// Renders into memory.
    func render(_ format: RenderFormat, pages: RenderedPages = .all) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try renderer.render(format, pages: pages) { bytes += $0 }
        return bytes
    }
}

/// Runs a command and returns its standard output (nil if it cannot be started).
func runTool(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String)? {
    guard let path = ["/usr/bin/", "/bin/", "/usr/local/bin/"].map({ $0 + executable })
        .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readAllRetryingInterrupts()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// A fresh temporary directory.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("textkit-render-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Whether a pixel is text-dark: mostly opaque and dark.
func isDark(_ color: Color) -> Bool {
    color.alpha > 0.5 && (0.299 * color.red + 0.587 * color.green + 0.114 * color.blue) < 0.5
}
