import Foundation
import TextKit
import TextKitFormats
import TextKitSVG

/// The options of a golden case (line 1 of its file), named and defaulted as the options of
/// `textkit layout` (Sources/TextKitCLI/LayoutOptions.swift), so that
/// `{"input": "Fixtures/texts/prose.txt", "exclude": ["Fixtures/shapes/star.svg"], "align": "justified"}`
/// reads `textkit layout Fixtures/texts/prose.txt --exclude Fixtures/shapes/star.svg --align justified`.
/// Paths are relative to the repository root; a repeatable option takes an array. Unlike the
/// command, fonts come from the fixture fonts only (`Fixtures/fontconfig/fonts.conf`) and the
/// text is in `Fixtures/fonts/DejaVuSans.ttf` unless `font` or `font-file` says otherwise; two
/// options have no command-line form: `repeat` (the input that many times over) and `tab-stops`
/// (every paragraph's, as in the styled input: `[{"location": 150, "alignment": "right"}]`).
/// An unknown option is an error.
struct GoldenOptions: Decodable, Sendable {
    var input: String
    var repeatCount = 1
    var exclude: [String] = []
    var margin = 0.0
    var wrap = WrapSide.both
    var shape: String?
    var width = 612.0
    var height = 792.0
    var inset = 72.0
    var columns = 1
    var gutter = 18.0
    /// A fixed page count; nil for `auto`.
    var pages: Int?
    var maxPages = 10_000
    var font: String?
    var fontFile: String?
    var size = 12.0
    var lineHeight = 1.0
    var align = TextAlignment.natural
    var padding = 0.0
    var language: String?
    var breaking = LineBreakStrategy.greedy
    var tabStops: [TextTab] = []

    enum CodingKeys: String, CodingKey, CaseIterable {
        case input, repeatCount = "repeat", exclude, margin, wrap, shape, width, height, inset, columns, gutter
        case pages, maxPages = "max-pages", font, fontFile = "font-file", size, lineHeight = "line-height", align
        case padding, language, breaking, tabStops = "tab-stops"
    }

    /// Decodes `{"options": {…}}`; errors name `file`.
    static func decode(_ json: String, file: String) throws -> GoldenOptions {
        do {
            return try JSONDecoder().decode(Line.self, from: Data(json.utf8)).options
        } catch let DecodingError.keyNotFound(key, context) {
            throw GoldenCaseError(file: file, message: "line 1: \(Self.place(context.codingPath + [key])) is missing")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
                let DecodingError.dataCorrupted(context) {
            let place = context.codingPath.isEmpty ? "" : Self.place(context.codingPath) + ": "
            let reason = context.underlyingError.map { "\(context.debugDescription) (\($0))" } ?? context.debugDescription
            throw GoldenCaseError(file: file, message: "line 1: \(place)\(reason)")
        }
    }

    init(from decoder: Decoder) throws {
        try Key.rejectUnknown(in: decoder, known: Set(CodingKeys.allCases.map(\.rawValue)), what: "option")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func value<T: Decodable>(_ key: CodingKeys, _ fallback: T) throws -> T {
            try c.decodeIfPresent(T.self, forKey: key) ?? fallback
        }
        input = try c.decode(String.self, forKey: .input)
        repeatCount = try value(.repeatCount, repeatCount)
        exclude = try value(.exclude, exclude)
        margin = try value(.margin, margin)
        wrap = try value(.wrap, wrap)
        shape = try value(.shape, shape)
        width = try value(.width, width)
        height = try value(.height, height)
        inset = try value(.inset, inset)
        columns = try value(.columns, columns)
        gutter = try value(.gutter, gutter)
        if let text = try? c.decode(String.self, forKey: .pages) {
            guard text == "auto" else {
                throw DecodingError.dataCorruptedError(forKey: .pages, in: c, debugDescription: "a number of pages or auto, not '\(text)'")
            }
        } else {
            pages = try value(.pages, pages)
        }
        maxPages = try value(.maxPages, maxPages)
        font = try value(.font, font)
        fontFile = try value(.fontFile, fontFile)
        size = try value(.size, size)
        lineHeight = try value(.lineHeight, lineHeight)
        align = try value(.align, align)
        padding = try value(.padding, padding)
        language = try value(.language, language)
        breaking = try value(.breaking, breaking)
        tabStops = try value(.tabStops, [TabStop]()).map { TextTab($0.alignment ?? .left, location: $0.location) }
        guard font == nil || fontFile == nil else {
            throw DecodingError.dataCorruptedError(forKey: .fontFile, in: c, debugDescription: "use font or font-file, not both")
        }
    }

    /// Lays the text out as `textkit layout` does with these options (in the fixture fonts) and
    /// writes the layout JSON, the repository's path made relative; errors name `file`.
    func layOut(file: String) throws -> GoldenLayout {
        guard let once = try? String(contentsOfFile: Fixtures.path(input), encoding: .utf8) else {
            throw GoldenCaseError(file: file, message: "input \(input) cannot be read as UTF-8")
        }
        let text = String(repeating: once, count: repeatCount)
        var setup = PageSetup()
        setup.pageSize = Size(width: width, height: height)
        setup.margins = EdgeInsets(all: inset)
        setup.columns = columns
        setup.gutter = gutter
        setup.lineFragmentPadding = padding
        for svg in exclude {
            let document = try SVGDocument(contentsOfFile: Fixtures.path(svg))
            setup.exclusions += document.shapes.map { $0.exclusion(margin: margin, wrapSide: wrap) }
        }
        if let shape {
            let shapes = try SVGDocument(contentsOfFile: Fixtures.path(shape)).shapes
            guard shapes.count == 1 else {
                throw GoldenCaseError(file: file, message: "shape \(shape) must hold one shape, not \(shapes.count)")
            }
            setup.shape = shapes[0].path
        }
        var attributes = ScriptFixtures.attributes(size: size, alignment: align, language: language)
        if let font { attributes.font = FontDescriptor(family: font, size: size) }
        if let fontFile { attributes.font = FontDescriptor(filePath: Fixtures.path(fontFile), size: size) }
        attributes.paragraphStyle.lineHeightMultiple = lineHeight
        attributes.paragraphStyle.lineBreakStrategy = breaking
        attributes.paragraphStyle.tabStops = tabStops
        let storage = TextStorage(string: text, attributes: attributes)
        let manager = LayoutManager(fontCollection: ScriptFixtures.fonts, defaultFont: ScriptFixtures.primary)
        storage.addLayoutManager(manager)
        let paged = manager.layOutPages(setup, count: pages.map { .fixed($0) } ?? .automatic(maximum: maxPages))
        let snapshot = manager.snapshot()
        var bytes: [UInt8] = []
        try LayoutJSONWriter(pretty: true).write(snapshot, pages: paged.pages, placements: paged.placements) { bytes += $0 }
        let json = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: Fixtures.root.path + "/", with: "")
        return GoldenLayout(text: text, snapshot: snapshot, json: json)
    }

    // MARK: - Internals

    /// Line 1 of a case file, closed: `{"options": {…}}`.
    private struct Line: Decodable {
        var options: GoldenOptions
        init(from decoder: Decoder) throws {
            try Key.rejectUnknown(in: decoder, known: ["options"], what: #"key (line 1 is {"options": {…}, "layout":)"#)
            options = try decoder.container(keyedBy: Key.self).decode(GoldenOptions.self, forKey: Key("options"))
        }
    }

    /// A tab stop as the styled input writes it; the alignment defaults to left.
    private struct TabStop: Decodable {
        var location: Double
        var alignment: TextTab.Alignment?
    }

    /// Any key of a JSON object, to find the ones a type does not know.
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.init(stringValue) }
        init?(intValue: Int) { nil }

        static func rejectUnknown(in decoder: Decoder, known: Set<String>, what: String) throws {
            let container = try decoder.container(keyedBy: Key.self)
            if let key = container.allKeys.first(where: { !known.contains($0.stringValue) }) {
                throw DecodingError.dataCorruptedError(forKey: key, in: container,
                                                       debugDescription: "unknown \(what)")
            }
        }
    }

    private static func place(_ path: [CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().dropFirst().description
    }
}

/// A golden case laid out: its text, the layout and the layout's JSON.
struct GoldenLayout {
    var text: String
    var snapshot: LayoutSnapshot
    var json: String
}
