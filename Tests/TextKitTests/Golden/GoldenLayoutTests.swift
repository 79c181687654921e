import Foundation
import Testing
import TextKit
import TextKitFormats
import TextKitSVG

/// One fixture layout: a text, SVG shapes and page options, with its golden JSON.
struct GoldenCase: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    /// SVG files whose shapes are exclusions (their `data-textkit-*` options win over `margin`
    /// and `wrap`, as in the CLI's `--exclude`).
    var shapes: [String] = []
    /// The margin and wrap side of exclusions whose SVG sets none (`--margin`, `--wrap`).
    var margin = 0.0
    var wrap = WrapSide.both
    /// An SVG file whose one shape the text flows inside of (`--shape`).
    var inside: String?
    var repeatText = 1
    var columns = 1
    var pages: PageCount = .automatic(maximum: 20)
    var pageWidth = 612.0
    var size = 12.0
    var alignment = TextAlignment.natural
    var padding = 0.0

    var testDescription: String { name }

    static let all: [GoldenCase] = [
        GoldenCase(name: "prose-plain", text: "prose.txt"),
        GoldenCase(name: "prose-circle", text: "prose.txt", shapes: ["circle.svg"]),
        GoldenCase(name: "prose-star-justified", text: "prose.txt", shapes: ["star.svg"], repeatText: 2,
                   alignment: .justified, padding: 2),
        GoldenCase(name: "prose-ring-evenodd", text: "prose.txt", shapes: ["ring.svg"], repeatText: 2, size: 9),
        GoldenCase(name: "prose-ring-nonzero", text: "prose.txt", shapes: ["ring-nonzero.svg"], repeatText: 2, size: 9),
        GoldenCase(name: "prose-page-edge", text: "prose.txt", shapes: ["page-edge.svg"], repeatText: 2),
        GoldenCase(name: "prose-overlapping", text: "prose.txt", shapes: ["overlapping.svg"], repeatText: 2),
        GoldenCase(name: "prose-transformed", text: "prose.txt", shapes: ["transformed.svg"], repeatText: 2),
        GoldenCase(name: "prose-full-page-overflow", text: "prose.txt", shapes: ["full-page.svg"], pages: .fixed(1)),
        GoldenCase(name: "prose-two-columns-straddling-circle", text: "prose.txt", shapes: ["circle.svg"],
                   repeatText: 2, columns: 2),
        GoldenCase(name: "prose-centered-two-shapes", text: "prose.txt", shapes: ["circle.svg", "star.svg"],
                   alignment: .center),
        GoldenCase(name: "paragraphs", text: "paragraphs.txt", shapes: ["circle.svg"]),
        GoldenCase(name: "long-word-narrow", text: "long-word.txt", pageWidth: 260),
        GoldenCase(name: "ligatures", text: "ligatures.txt"),
        GoldenCase(name: "empty", text: "empty.txt", shapes: ["circle.svg"]),
        // Margins, wrap sides and shaped containers (the options beyond Text Kit).
        GoldenCase(name: "prose-circle-margin", text: "prose.txt", shapes: ["circle.svg"], margin: 12, repeatText: 2),
        GoldenCase(name: "prose-circle-wrap-left", text: "prose.txt", shapes: ["circle.svg"], wrap: .left,
                   repeatText: 2),
        GoldenCase(name: "prose-circle-wrap-right", text: "prose.txt", shapes: ["circle.svg"], wrap: .right,
                   repeatText: 2),
        GoldenCase(name: "prose-circle-wrap-clear", text: "prose.txt", shapes: ["circle.svg"], margin: 6, wrap: .clear,
                   repeatText: 2),
        GoldenCase(name: "prose-wrap-options-svg", text: "prose.txt", shapes: ["wrap-options.svg"], repeatText: 3),
        GoldenCase(name: "prose-inside-heart", text: "prose.txt", inside: "heart.svg", size: 10),
        GoldenCase(name: "prose-inside-balloon-around-circle", text: "prose.txt", shapes: ["circle.svg"], margin: 4,
                   inside: "balloon.svg", repeatText: 2, size: 9, padding: 2),
    ]

    /// Lays the case out and returns the snapshot, pages, and the text.
    func layOut() throws -> (LayoutSnapshot, PagedLayout, String) {
        let text = String(repeating: try Fixtures.text(text), count: repeatText)
        var setup = PageSetup()
        setup.pageSize = Size(width: pageWidth, height: 792)
        setup.columns = columns
        setup.lineFragmentPadding = padding
        for shape in shapes {
            let document = try SVGDocument(contentsOfFile: Fixtures.path("Fixtures/shapes/\(shape)"))
            setup.exclusions += document.shapes.map { $0.exclusion(margin: margin, wrapSide: wrap) }
        }
        if let inside {
            let document = try SVGDocument(contentsOfFile: Fixtures.path("Fixtures/shapes/\(inside)"))
            try #require(document.shapes.count == 1, "\(inside) must hold one shape")
            setup.shape = document.shapes[0].path
        }
        let (_, _, paged, snapshot) = Fixtures.paged(text, setup: setup, count: pages,
                                                    attributes: Fixtures.attributes(size: size, alignment: alignment))
        return (snapshot, paged, text)
    }

    /// The JSON the command would write, with the repository path made relative.
    func json() throws -> (String, LayoutSnapshot, String) {
        let (snapshot, paged, text) = try layOut()
        var bytes: [UInt8] = []
        try LayoutJSONWriter(pretty: true).write(snapshot, pages: paged.pages, placements: paged.placements) {
            bytes += $0
        }
        let json = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: Fixtures.root.path + "/", with: "")
        return (json, snapshot, text)
    }
}

/// Golden layouts: each fixture is laid out, checked against the invariants and compared with
/// `Fixtures/golden/NAME.json`. Set `TEXTKIT_RECORD_GOLDENS=1` to rewrite the files; a recording
/// run fails on purpose, so it cannot pass unnoticed.
@Suite("Golden layouts")
struct GoldenLayoutTests {
    static let recording = ProcessInfo.processInfo.environment["TEXTKIT_RECORD_GOLDENS"] == "1"

    @Test(arguments: GoldenCase.all)
    func matchesGoldenAndInvariants(_ golden: GoldenCase) throws {
        let (json, snapshot, text) = try golden.json()
        let violations = snapshot.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true)
        #expect(violations == [], "\(golden.name)")
        let path = Fixtures.path("Fixtures/golden/\(golden.name).json")
        if Self.recording {
            try json.write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record("recorded \(path); run again without TEXTKIT_RECORD_GOLDENS")
            return
        }
        let expected = try? String(contentsOfFile: path, encoding: .utf8)
        guard let expected else {
            Issue.record("no golden file \(path); run with TEXTKIT_RECORD_GOLDENS=1 to create it")
            return
        }
        if expected != json {
            let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let b = json.split(separator: "\n", omittingEmptySubsequences: false)
            let line = a.indices.first { $0 >= b.count || a[$0] != b[$0] } ?? a.count
            Issue.record("""
                \(golden.name) differs from its golden file at line \(line + 1):
                  golden: \(line < a.count ? String(a[line]) : "<end>")
                  now:    \(line < b.count ? String(b[line]) : "<end>")
                """)
        }
    }

    @Test func layoutIsDeterministic() throws {
        let golden = GoldenCase.all[2]
        #expect(try golden.json().0 == golden.json().0)
    }
}
