#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TextKitGeometry

/// One shape of an SVG document as the area it excludes, in document (page) coordinates,
/// transforms already applied: its filled area, or for an unfilled shape with a stroke, the
/// stroke's area (see ``SVGDocument``).
public struct SVGShape: Sendable {
    /// The outline of the area: for a filled area, with `fillRule` from `fill-rule` (attribute or
    /// `style`, inherited from groups); for a stroke, the outline of
    /// ``BezierPath/stroked(width:lineCap:lineJoin:miterLimit:tolerance:)``, filled by `nonZero`.
    public var path: BezierPath
    /// The element's local name: `path`, `rect`, `circle`, `ellipse`, `line`, `polyline` or `polygon`.
    public var element: String
    /// The element's `id` attribute.
    public var id: String?
    /// The element's own attributes, as written (entities decoded), not inherited ones.
    public var attributes: [String: String]
    /// The 1-based line where the element's start tag begins.
    public var line: Int
    /// The 1-based column where the element's start tag begins.
    public var column: Int
    /// The text-wrap options of `data-textkit-margin`, `data-textkit-wrap` and
    /// `data-textkit-min-width`, on the element or inherited from its groups (or its `use`).
    public var wrapOptions: SVGWrapOptions

    /// Creates a shape.
    public init(path: BezierPath, element: String, id: String? = nil,
                attributes: [String: String] = [:], line: Int = 0, column: Int = 0,
                wrapOptions: SVGWrapOptions = SVGWrapOptions()) {
        self.path = path
        self.element = element
        self.id = id
        self.attributes = attributes
        self.line = line
        self.column = column
        self.wrapOptions = wrapOptions
    }

    /// The shape as an exclusion: its own (or inherited) wrap options, else the defaults given.
    public func exclusion(margin: Double = 0, wrapSide: WrapSide = .both,
                          minimumFragmentWidth: Double? = nil) -> Exclusion {
        Exclusion(path: path, margin: wrapOptions.margin ?? margin, wrapSide: wrapOptions.wrapSide ?? wrapSide,
                  minimumFragmentWidth: wrapOptions.minimumFragmentWidth ?? minimumFragmentWidth)
    }
}

/// Text-wrap options written on SVG elements as `data-textkit-*` attributes; nil when not set.
///
/// - `data-textkit-margin="6"`: ``Exclusion/margin`` in points (a number, or with `pt`);
/// - `data-textkit-wrap="left"`: ``Exclusion/wrapSide`` (`both`, `left`, `right`, `largest`,
///   `clear`);
/// - `data-textkit-min-width="24"`: ``Exclusion/minimumFragmentWidth`` in points.
///
/// Groups and `use` elements pass their options down; an element's own attributes win.
public struct SVGWrapOptions: Hashable, Sendable {
    /// `data-textkit-margin`.
    public var margin: Double?
    /// `data-textkit-wrap`.
    public var wrapSide: WrapSide?
    /// `data-textkit-min-width`.
    public var minimumFragmentWidth: Double?

    /// Creates options.
    public init(margin: Double? = nil, wrapSide: WrapSide? = nil, minimumFragmentWidth: Double? = nil) {
        self.margin = margin
        self.wrapSide = wrapSide
        self.minimumFragmentWidth = minimumFragmentWidth
    }

    /// `self` with every option `inner` sets replaced by its value.
    func overridden(by inner: SVGWrapOptions) -> SVGWrapOptions {
        SVGWrapOptions(margin: inner.margin ?? margin, wrapSide: inner.wrapSide ?? wrapSide,
                       minimumFragmentWidth: inner.minimumFragmentWidth ?? minimumFragmentWidth)
    }
}

/// The shapes of an SVG file as the areas they exclude, in page coordinates (user units are
/// points).
///
/// Supported: `svg` (root and nested, with `viewBox` and `preserveAspectRatio`; the root's
/// `width`/`height` in points, `px` (0.75 pt), `mm`, `cm` or `in`), `g`, `a`, `path`, `rect`,
/// `circle`, `ellipse`, `line`, `polyline`, `polygon`; `transform` lists, nested to any depth;
/// `use` of a shape element by `href`/`xlink:href="#id"` (in `defs` or not, before or after the
/// `use`), with `x`, `y` and `transform`; `fill-rule` and `display` as attributes or in `style`;
/// `data-textkit-*` wrap options (``SVGWrapOptions``). Shapes inside `defs` are only drawn
/// through `use`. Unknown elements and foreign namespaces are skipped with their contents, as
/// are `clipPath`, `mask`, `symbol`, `style`, `title`, `desc`, `metadata` and `text`. Shapes
/// with a zero size are not rendered and so not listed. Nothing is resolved from outside the
/// file (no external entities, no `use` of another file).
///
/// What a shape excludes follows what SVG paints, read from `fill`, `stroke`, `stroke-width`,
/// `stroke-linecap`, `stroke-linejoin` and `stroke-miterlimit` (attributes or `style`,
/// inherited from groups and `use`; only whether `fill` and `stroke` are `none` matters, not
/// colours or opacities):
///
/// - a filled shape (`fill` other than `none`, the default) excludes its filled area, as it
///   always did; a stroke it also has is not added (`data-textkit-margin` grows the area);
/// - an unfilled shape (`fill="none"`, or a `line`, which has no inside) with a stroke that
///   paints (`stroke` not `none`, `stroke-width` above 0, 1 by default) excludes the stroke's
///   area: a pen stroke, a `polyline` or a `line` with a width excludes a band along it, with
///   the caps, joins and miter limit given (SVG's defaults: `butt`, `miter`, 4). Curves are
///   flattened within 0.01 pt of page space first. `stroke-width` is a number, a length in an absolute
///   unit (`px` is a user unit), or a percentage of the viewport's normalized diagonal;
/// - an unfilled shape without a stroke paints nothing, yet excludes its filled area as before
///   strokes were read, so that an invisible outline still works as a wrap outline.
///
/// A stroke's outline counts towards ``SVGLimits/maxPathSegments`` with all its pieces. Bad
/// values of the stroke properties are errors at the value, as for `fill-rule`.
///
/// Hostile input is bounded by ``SVGLimits``: file size, nesting depth and path segments.
public struct SVGDocument: Sendable {
    /// The shapes, in document order.
    public var shapes: [SVGShape]
    /// The root's width in points (plain numbers and `pt` are points), or the viewBox width.
    public var width: Double?
    /// The root's height in points (plain numbers and `pt` are points), or the viewBox height.
    public var height: Double?

    /// Creates a document from shapes.
    public init(shapes: [SVGShape], width: Double? = nil, height: Double? = nil) {
        self.shapes = shapes
        self.width = width
        self.height = height
    }

    /// Parses an SVG file's bytes.
    ///
    /// - Parameters:
    ///   - data: the file's bytes (UTF-8 gives exact error places; other encodings the element's).
    ///   - file: the name used in errors, e.g. a path or `"<stdin>"`.
    ///   - limits: the limits against hostile input (64 MiB, depth 256, 1,000,000 segments).
    /// - Throws: ``SVGError`` at the offending character for malformed XML, a root that is not
    ///   `<svg>`, bad path data, numbers, transforms or units, negative sizes, or exceeded limits.
    public init(data: [UInt8], file: String, limits: SVGLimits = SVGLimits()) throws(SVGError) {
        guard data.count <= limits.maxFileSize else {
            throw SVGError(file: file, line: 0, column: 0,
                           message: "file is larger than the limit of \(limits.maxFileSize) bytes")
        }
        try Self.checkDeclaredEncoding(data, file: file)
        let data = Self.utf8(data)
        try Self.checkProcessingInstructions(data, file: file)
        let builder = SVGDocumentBuilder(source: SVGSource(bytes: data), file: file, limits: limits)
        let parser = XMLParser(data: Data(data))
        parser.shouldProcessNamespaces = true
        parser.delegate = builder
        let finished = parser.parse()
        if let failure = builder.failure { throw failure }
        if !finished || parser.parserError != nil || builder.xmlError != nil {
            let error = builder.xmlError ?? ((parser.parserError as NSError?)?.code ?? 0,
                                             parser.lineNumber, parser.columnNumber)
            throw SVGError(file: file, line: max(1, error.line), column: max(1, error.column),
                           message: Self.xmlMessage(code: error.code))
        }
        guard builder.sawRoot else {
            throw SVGError(file: file, line: 1, column: 1,
                           message: "expected an <svg> root element, found an empty document")
        }
        try builder.resolveUses()
        self.init(shapes: builder.shapes, width: builder.width, height: builder.height)
    }

    /// Reads and parses an SVG file.
    ///
    /// - Throws: ``SVGError`` at line 0, column 0 with the system's reason when the file cannot
    ///   be read or is larger than `limits.maxFileSize`; otherwise as ``init(data:file:limits:)``.
    public init(contentsOfFile path: String, limits: SVGLimits = SVGLimits()) throws(SVGError) {
        let bytes = try Self.readFile(path: path, maxSize: limits.maxFileSize)
        try self.init(data: bytes, file: path, limits: limits)
    }
}

// MARK: - Internals

extension SVGDocument {
    /// Reads a whole file, refusing directories and files over `maxSize` bytes.
    static func readFile(path: String, maxSize: Int) throws(SVGError) -> [UInt8] {
        func failure(_ reason: String) -> SVGError {
            SVGError(file: path, line: 0, column: 0, message: "cannot read file: \(reason)")
        }
        func systemReason() -> String { String(cString: strerror(errno)) }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw failure(systemReason()) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure(systemReason()) }
        if info.st_mode & S_IFMT == S_IFDIR { throw failure(String(cString: strerror(EISDIR))) }
        let tooLarge = failure("file is larger than the limit of \(maxSize) bytes")
        if Int(info.st_size) > maxSize { throw tooLarge }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(systemReason())
            }
            if count == 0 { break }
            guard bytes.count + count <= maxSize else { throw tooLarge }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// A message for an XMLParser (libxml2) error code.
    static func xmlMessage(code: Int) -> String {
        let detail: String
        switch code {
        case 4: detail = "the document is empty or does not start with an element"
        case 5: detail = "the document ends inside an element, or has content after the root element"
        case 9: detail = "invalid character"
        case 23: detail = "expected ';' to end an entity reference"
        case 26: detail = "undeclared entity"
        case 29: detail = "external entities are not loaded"
        case 38: detail = "'<' in an attribute value"
        case 39: detail = "expected a quoted attribute value"
        case 40: detail = "attribute value not closed"
        case 41: detail = "attribute without a value"
        case 42: detail = "attribute given twice"
        case 64: detail = "reserved name (an XML declaration not at the very start?)"
        case 68: detail = "expected a name"
        case 73: detail = "expected '>'"
        case 76: detail = "end tag does not match the start tag"
        case 77: detail = "tag not finished"
        case 85: detail = "tags are not well balanced"
        case 86: detail = "extra content at the end of the document"
        case 89: detail = "entity references loop (or expand too much)"
        default: detail = "XML error \(code)"
        }
        return "malformed XML: \(detail)"
    }
}
