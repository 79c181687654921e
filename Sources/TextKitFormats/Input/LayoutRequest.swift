import Foundation
import TextKit
import TextKitSVG

/// A layout request of `textkit serve` (`POST /layout`, `docs/serve.md`): the text, the page and
/// paragraph options of `textkit layout`, and exclusions as SVG path data.
///
/// Options a request leaves out are nil here: the command's defaults apply. Every value was
/// checked for its type and range when read; what depends on several fields (an inset that
/// leaves no room) is the command's to check.
public struct LayoutRequest: Hashable, Sendable {
    /// One exclusion: path data in page coordinates (points, y down) and its wrap options.
    public struct ExclusionEntry: Hashable, Sendable {
        /// The exclusion, its path parsed (a stroked band when ``strokeWidth`` is set).
        public var exclusion: Exclusion
        /// The path data as sent.
        public var pathData: String
        /// The width of the band around the path that is excluded (`stroke`), or nil when the
        /// path's filled area is (open subpaths closed by their chord, as Text Kit does).
        public var strokeWidth: Double?
    }

    /// The text to lay out.
    public var text: String
    /// Page width and height in points (`--width`, `--height`).
    public var width: Double?, height: Double?
    /// Page margin on every side (`--inset`).
    public var inset: Double?
    /// Font size in points (`--size`).
    public var size: Double?
    /// A font family, looked up with fontconfig (`--font`); never a file.
    public var font: String?
    /// Columns per page and the space between them (`--columns`, `--gutter`).
    public var columns: Int?, gutter: Double?
    /// Alignment, line breaking and line height (`--align`, `--breaking`, `--line-height`).
    public var align: TextAlignment?, breaking: LineBreakStrategy?, lineHeight: Double?
    /// Hyphenation and the text's language (`--hyphenate`, `--language`).
    public var hyphenate: Bool?, language: String?
    /// The exclusions, in order.
    public var exclusions: [ExclusionEntry] = []

    /// A request for `text` with every option left to its default.
    public init(text: String) { self.text = text }
}

/// A request that cannot be read: what is wrong, and where (`$.exclusions[0].path: column 9`,
/// or `line 1, column 5` for malformed JSON).
public struct LayoutRequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where: a JSON path, with the column inside path data; or a line and column of the body.
    public var place: String
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(place: String, message: String) {
        self.place = place
        self.message = message
    }

    /// "PLACE: MESSAGE".
    public var description: String { "\(place): \(message)" }
}

/// Reads layout requests (JSON, UTF-8) with bounded work: at most ``maximumExclusions``
/// exclusions (counted while scanning, before any is built), ``maximumPathSegments`` path
/// segments in all, and text of at most ``maximumTextLength`` Unicode scalars.
public struct LayoutRequestReader: Sendable {
    /// The most exclusions a request may have.
    public var maximumExclusions: Int
    /// The most path segments all exclusions together may produce.
    public var maximumPathSegments: Int
    /// The longest text accepted, in Unicode scalars.
    public var maximumTextLength: Int
    /// The largest page side, font size, inset, gutter or margin accepted, in points.
    public static let maximumLength = 100_000.0
    /// The largest coordinate path data may use, in points (either sign).
    public static let maximumCoordinate = 1_000_000.0

    /// Creates a reader with these limits.
    public init(maximumExclusions: Int = 1_000, maximumPathSegments: Int = 100_000,
                maximumTextLength: Int = 1 << 20) {
        self.maximumExclusions = maximumExclusions
        self.maximumPathSegments = maximumPathSegments
        self.maximumTextLength = maximumTextLength
    }

    /// Parses a request body.
    ///
    /// - Throws: ``LayoutRequestError`` for malformed JSON, unknown keys, wrong types, values out
    ///   of range, bad path data (with the column in it) and requests over a limit.
    public func read(_ body: [UInt8]) throws(LayoutRequestError) -> LayoutRequest {
        var scanner = JSONSyntaxScanner(bytes: body, maximumEntries: maximumExclusions)
        if let failure = scanner.firstError() {
            if failure.isLimit {
                throw LayoutRequestError(place: "$.exclusions", message:
                    "more than the limit of \(maximumExclusions) exclusions (--max-exclusions)")
            }
            throw LayoutRequestError(place: StyledTextReader.place(ofByte: failure.offset, in: body),
                                     message: "malformed JSON: \(failure.message)")
        }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])
        } catch {
            throw LayoutRequestError(place: "line 1, column 1", message: "malformed JSON")
        }
        var parser = StyledTextReader.Parser(file: "")
        do {
            return try request(root, &parser)
        } catch {
            throw LayoutRequestError(place: error.place, message: error.message)
        }
    }

    // MARK: - Internals

    private static let keys: Set<String> = [
        "text", "width", "height", "inset", "size", "font", "columns", "gutter", "align", "breaking",
        "lineHeight", "hyphenate", "language", "exclusions",
    ]

    private func request(_ root: Any, _ p: inout StyledTextReader.Parser) throws(StyledTextError) -> LayoutRequest {
        let object = try p.object(root, allowed: Self.keys)
        guard let textValue = object["text"] else { throw p.fail("missing key 'text'") }
        let text = try p.at(".text") { q throws(StyledTextError) in try q.string(textValue) }
        guard text.unicodeScalars.count <= maximumTextLength else {
            throw StyledTextError(file: "", place: "$.text", message:
                "the text has more than the limit of \(maximumTextLength) characters")
        }
        var request = LayoutRequest(text: text)
        let limit = Self.maximumLength
        func number(_ key: String, minimum: Double, positive: Bool) throws(StyledTextError) -> Double? {
            guard let value = object[key] else { return nil }
            return try p.at(".\(key)") { q throws(StyledTextError) in
                let result = try q.number(value, minimum: minimum, maximum: limit)
                if positive, result <= 0 { throw q.fail("expected a number greater than 0, found \(result)") }
                return result
            }
        }
        request.width = try number("width", minimum: 0, positive: true)
        request.height = try number("height", minimum: 0, positive: true)
        request.inset = try number("inset", minimum: 0, positive: false)
        request.size = try number("size", minimum: 0, positive: true)
        request.gutter = try number("gutter", minimum: 0, positive: false)
        request.lineHeight = try number("lineHeight", minimum: 0, positive: true)
        if let value = object["columns"] {
            request.columns = try p.at(".columns") { q throws(StyledTextError) in try q.integer(value, minimum: 1, maximum: 1000) }
        }
        if let value = object["font"] {
            request.font = try p.at(".font") { q throws(StyledTextError) in try Self.name(value, q) }
        }
        if let value = object["language"] {
            request.language = try p.at(".language") { q throws(StyledTextError) in try Self.name(value, q) }
        }
        if let value = object["align"] {
            request.align = try p.at(".align") { q throws(StyledTextError) in try q.choice(value, TextAlignment.self) }
        }
        if let value = object["breaking"] {
            request.breaking = try p.at(".breaking") { q throws(StyledTextError) in try q.choice(value, LineBreakStrategy.self) }
        }
        if let value = object["hyphenate"] {
            request.hyphenate = try p.at(".hyphenate") { q throws(StyledTextError) in try q.bool(value) }
        }
        if let value = object["exclusions"] {
            guard let list = value as? [Any] else {
                throw StyledTextError(file: "", place: "$.exclusions", message:
                    "expected an array, found \(StyledTextReader.Parser.describe(value))")
            }
            var segments = 0
            for (index, entry) in list.enumerated() {
                let read = try p.at(".exclusions[\(index)]") { q throws(StyledTextError) in
                    try exclusion(entry, &q, segmentsLeft: maximumPathSegments - segments)
                }
                segments += read.exclusion.path.elements.count
                request.exclusions.append(read)
            }
        }
        return request
    }

    /// A non-empty string of at most 200 characters without control characters: a font family
    /// or a language tag, never a path (the command resolves families through fontconfig).
    private static func name(_ value: Any, _ p: StyledTextReader.Parser) throws(StyledTextError) -> String {
        let name = try p.string(value)
        guard !name.isEmpty, name.unicodeScalars.count <= 200,
              !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw p.fail("expected a name of 1 to 200 characters without control characters")
        }
        return name
    }

    private func exclusion(_ value: Any, _ p: inout StyledTextReader.Parser, segmentsLeft: Int)
        throws(StyledTextError) -> LayoutRequest.ExclusionEntry {
        let object = try p.object(value, allowed: ["path", "margin", "wrap", "fillRule", "stroke"])
        guard let pathValue = object["path"] else { throw p.fail("missing key 'path'") }
        let data = try p.at(".path") { q throws(StyledTextError) in try q.string(pathValue) }
        var path: BezierPath
        do {
            path = try SVGPathData.parse(data, limits: SVGLimits(maxPathSegments: max(0, segmentsLeft)))
        } catch {
            let place = p.path + ".path: column \(error.column)"
            let message = error.message.contains("segment") && segmentsLeft < maximumPathSegments
                ? "\(error.message) (all exclusions together may have at most \(maximumPathSegments))" : error.message
            throw StyledTextError(file: "", place: place, message: message)
        }
        let box = path.bounds
        guard [box.minX, box.minY, box.maxX, box.maxY].allSatisfy({ abs($0) <= Self.maximumCoordinate }) else {
            throw StyledTextError(file: "", place: p.path + ".path", message:
                "a coordinate is beyond ±\(Int(Self.maximumCoordinate)) pt")
        }
        if let rule = object["fillRule"] {
            path.fillRule = try p.at(".fillRule") { q throws(StyledTextError) in try q.choice(rule, FillRule.self) }
        }
        var margin = 0.0
        if let value = object["margin"] {
            margin = try p.at(".margin") { q throws(StyledTextError) in try q.number(value, minimum: 0, maximum: Self.maximumLength) }
        }
        var wrap = WrapSide.both
        if let value = object["wrap"] {
            wrap = try p.at(".wrap") { q throws(StyledTextError) in try q.choice(value, WrapSide.self) }
        }
        var stroke: Double?
        if let value = object["stroke"] {
            stroke = try p.at(".stroke") { q throws(StyledTextError) in
                let width = try q.number(value, minimum: 0, maximum: 1000)
                guard width > 0 else { throw q.fail("expected a stroke width greater than 0, found 0") }
                return width
            }
        }
        // A band is stroked as `textkit layout --exclude` imports the same path drawn with a round
        // pen (what `Exclusion(stroking:)` does, flattened as the SVG importer flattens), so the
        // SVG file of "copy as CLI command" gives the very same layout.
        let outline = stroke.map { SVGPathData.strokeArea(of: path, width: $0) } ?? path
        let exclusion = Exclusion(path: outline, margin: margin, wrapSide: wrap)
        return LayoutRequest.ExclusionEntry(exclusion: exclusion, pathData: data, strokeWidth: stroke)
    }
}
