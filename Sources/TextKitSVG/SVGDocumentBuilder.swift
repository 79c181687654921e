import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TextKitGeometry

/// Walks XMLParser's events, keeps the inherited state of open groups and collects shapes.
///
/// One instance parses one document; the first error is kept in `failure` and parsing stops.
final class SVGDocumentBuilder: NSObject, XMLParserDelegate {
    /// What an open container passes down to its children.
    struct Context {
        /// User space of the children to page coordinates.
        var transform: TextKitGeometry.AffineTransform
        /// The inherited `fill-rule`.
        var fillRule: FillRule
        /// The size of the nearest viewport, for nested `svg` without a size.
        var viewport: Size?
        /// The inherited `data-textkit-*` options.
        var wrap = SVGWrapOptions()
        /// Inside `defs`: shapes are recorded for `use`, not drawn.
        var inDefs = false
        /// The inherited paint properties (fill, stroke and its width, caps and joins).
        var paint = SVGPaint()
    }

    static let svgNamespace = "http://www.w3.org/2000/svg"

    let source: SVGSource
    let file: String
    let limits: SVGLimits
    var shapes: [SVGShape] = []
    private(set) var width: Double?
    private(set) var height: Double?
    /// The first error; set once, then every later event is ignored.
    private(set) var failure: SVGError?
    /// XMLParser's first error code and where it was then.
    private(set) var xmlError: (code: Int, line: Int, column: Int)?
    private(set) var sawRoot = false

    private var stack: [Context] = []
    private var depth = 0
    /// Open elements being skipped: the skipped element itself and its descendants.
    private var skipDepth = 0
    var segmentCount = 0
    private var nextTag = 0
    private var tagsInSync = true
    private var cursor = SVGSource.Cursor()
    /// Shapes with an `id`, in their own user space, for `use`.
    var definitions: [String: Definition] = [:]
    /// `use` elements, resolved once the whole document is read.
    var pendingUses: [PendingUse] = []

    // The element being started.
    private(set) var elementName = ""
    private(set) var attributes: [String: String] = [:]
    private var tagStart: Int?
    private(set) var line = 0
    private(set) var column = 0

    init(source: SVGSource, file: String, limits: SVGLimits) {
        self.source = source
        self.file = file
        self.limits = limits
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        guard failure == nil, xmlError == nil else { return }
        depth += 1
        locate(qualifiedName: qName ?? elementName, parser: parser)
        self.elementName = elementName
        self.attributes = attributeDict
        do throws(SVGError) {
            if depth > limits.maxDepth {
                throw elementError("elements nested deeper than the limit of \(limits.maxDepth)")
            }
            if skipDepth > 0 {
                skipDepth += 1
                return
            }
            let inSVG = (namespaceURI ?? "").isEmpty || namespaceURI == Self.svgNamespace
            try start(element: elementName, inSVGNamespace: inSVG, qualifiedName: qName ?? elementName)
        } catch {
            failure = error
            parser.abortParsing()
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?) {
        guard failure == nil, xmlError == nil else { return }
        depth -= 1
        if skipDepth > 0 {
            skipDepth -= 1
        } else {
            stack.removeLast()
        }
    }

    /// Keeps the first XML error (libxml2 recovers and reports follow-on errors, and may even
    /// deliver more elements) and stops.
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard failure == nil, xmlError == nil else { return }
        xmlError = ((parseError as NSError).code, parser.lineNumber, parser.columnNumber)
        parser.abortParsing()
    }

    // MARK: - Elements

    /// Dispatches a started element: root check, containers, shapes, skipped subtrees.
    private func start(element: String, inSVGNamespace: Bool, qualifiedName: String) throws(SVGError) {
        guard sawRoot else {
            sawRoot = true
            guard inSVGNamespace, element == "svg" else {
                throw elementError("expected an <svg> root element, found <\(qualifiedName)>")
            }
            try startViewport(isRoot: true)
            return
        }
        let parent = stack[stack.count - 1]
        guard inSVGNamespace, !isHidden() else {
            skipDepth = 1
            return
        }
        switch element {
        case "g", "a":
            stack.append(Context(transform: try transform().concatenating(parent.transform),
                                 fillRule: try fillRule(inheriting: parent.fillRule),
                                 viewport: parent.viewport, wrap: parent.wrap.overridden(by: try wrapOptions()),
                                 inDefs: parent.inDefs,
                                 paint: parent.paint.overridden(by: try paint(viewport: parent.viewport))))
        case "defs":
            // What `use` clones gets the `use`'s context, not the one of `defs`.
            stack.append(Context(transform: .identity, fillRule: .nonZero, viewport: parent.viewport, inDefs: true))
        case "use":
            skipDepth = 1
            if !parent.inDefs { try addUse(parent: parent) }
        case "svg":
            try startViewport(isRoot: false)
        case "path", "rect", "circle", "ellipse", "line", "polyline", "polygon":
            skipDepth = 1  // a shape's children (title, animate, …) draw nothing
            try addShape(parent: parent)
        default:
            skipDepth = 1  // defs, clipPath, mask, symbol, style, title, desc, metadata, text, unknown
        }
    }

    /// Starts the root `svg` (page size) or a nested one (a group with a viewport).
    private func startViewport(isRoot: Bool) throws(SVGError) {
        let parent = stack.last ?? Context(transform: .identity, fillRule: .nonZero, viewport: nil)
        var size = isRoot
            ? Size(width: try rootLength("width") ?? -1, height: try rootLength("height") ?? -1)
            : Size(width: try length("width", default: parent.viewport?.width ?? -1, negative: false),
                   height: try length("height", default: parent.viewport?.height ?? -1, negative: false))
        var local = TextKitGeometry.AffineTransform.identity
        var disabled = size.width == 0 || size.height == 0
        if attributes["viewBox"] != nil {
            let viewBox = try scan("viewBox") { bytes throws(SVGScanError) in
                try SVGTransformList.viewBox(bytes)
            }
            disabled = disabled || viewBox.width == 0 || viewBox.height == 0
            if size.width < 0 && size.height < 0 {
                size = viewBox.size
            } else if size.width < 0 {
                size.width = viewBox.height == 0 ? 0 : size.height * viewBox.width / viewBox.height
            } else if size.height < 0 {
                size.height = viewBox.width == 0 ? 0 : size.width * viewBox.height / viewBox.width
            }
            if !disabled {
                local = try scan("preserveAspectRatio") { bytes throws(SVGScanError) in
                    try SVGTransformList.viewBoxTransform(viewBox, size: size, preserveAspectRatio: bytes)
                }
            }
        }
        if !isRoot {
            let x = try length("x", default: 0), y = try length("y", default: 0)
            local = local.concatenating(TextKitGeometry.AffineTransform(translationX: x, y: y))
        }
        let viewport: Size? = size.width < 0 || size.height < 0 ? nil : size
        if isRoot {
            width = size.width >= 0 ? size.width : nil
            height = size.height >= 0 ? size.height : nil
        }
        stack.append(Context(
            transform: local.concatenating(try transform()).concatenating(parent.transform),
            fillRule: try fillRule(inheriting: parent.fillRule), viewport: viewport,
            wrap: parent.wrap.overridden(by: try wrapOptions()), inDefs: parent.inDefs,
            paint: parent.paint.overridden(by: try paint(viewport: viewport))))
        if disabled || isHidden() {
            skipDepth = 1  // its end tag then ends the skip instead of popping
            stack.removeLast()
        }
    }

    /// Adds the current shape element, in page coordinates, if SVG would render it: its filled
    /// area, or its stroke's (``SVGPaint/excludesStroke(element:)``).
    private func addShape(parent: Context) throws(SVGError) {
        let budget = limits.maxPathSegments - segmentCount
        guard let local = try shapePath(budget: budget) else { return }
        guard local.elements.count <= budget else { throw tooManySegments() }
        segmentCount += local.elements.count
        let ownTransform = try transform(), own = try wrapOptions(), ownPaint = try paint(viewport: parent.viewport)
        if let id = attributes["id"] {
            let rule: FillRule? = property("fill-rule") == nil ? nil : try fillRule(inheriting: .nonZero)
            definitions[id] = Definition(path: local, transform: ownTransform, fillRule: rule, paint: ownPaint,
                                         element: elementName, attributes: attributes, wrap: own)
        }
        guard !parent.inDefs else { return }
        let path = try excludedArea(of: local, element: elementName, transforms: (ownTransform, parent.transform),
                                    paint: parent.paint.overridden(by: ownPaint),
                                    fillRule: try fillRule(inheriting: parent.fillRule), error: elementError)
        shapes.append(SVGShape(path: path, element: elementName, id: attributes["id"],
                               attributes: attributes, line: line, column: column,
                               wrapOptions: parent.wrap.overridden(by: own)))
    }

    /// The area a shape excludes, in page coordinates: `local` (its outline in its own user
    /// space) filled by `fillRule`, or its stroke's area, mapped by the element's own transform
    /// and then the one of its context (one after the other, as before strokes were read).
    ///
    /// - Throws: `error(message)` when the stroke exceeds the segment limit or a coordinate
    ///   goes out of range.
    func excludedArea(of local: BezierPath, element: String,
                      transforms: (own: TextKitGeometry.AffineTransform, context: TextKitGeometry.AffineTransform),
                      paint: SVGPaint, fillRule: FillRule, error: (String) -> SVGError) throws(SVGError) -> BezierPath {
        var path = local
        if paint.excludesStroke(element: element) {
            let transform = transforms.own.concatenating(transforms.context)
            guard let stroke = paint.strokeArea(of: local, transform: transform,
                                                budget: limits.maxPathSegments - segmentCount) else {
                throw error(tooManySegmentsMessage)
            }
            segmentCount += stroke.elements.count
            path = stroke
        } else {
            path.fillRule = fillRule
        }
        path = path.applying(transforms.own).applying(transforms.context)
        let limit = limits.maxCoordinate
        guard path.elements.allSatisfy({ $0.isWithin(limit) }) else {
            throw error("coordinates out of range after transforms (the limit is ±\(limits.maxCoordinateText) pt)")
        }
        return path
    }

    /// The message of an exceeded segment limit.
    var tooManySegmentsMessage: String { "too many path segments (the limit is \(limits.maxPathSegments))" }

    /// An exceeded segment limit at the current element.
    func tooManySegments() -> SVGError { elementError(tooManySegmentsMessage) }

    // MARK: - Properties

    /// The element's `transform`, or the identity.
    func transform() throws(SVGError) -> TextKitGeometry.AffineTransform {
        guard attributes["transform"] != nil else { return .identity }
        return try scan("transform") { bytes throws(SVGScanError) in try SVGTransformList.parse(bytes) }
    }

    /// The element's `fill-rule` (style before attribute), or the inherited one.
    func fillRule(inheriting inherited: FillRule) throws(SVGError) -> FillRule {
        guard let property = property("fill-rule") else { return inherited }
        switch property.value {
        case "nonzero": return .nonZero
        case "evenodd": return .evenOdd
        case "inherit": return inherited
        default:
            let message = "expected 'nonzero', 'evenodd' or 'inherit' for fill-rule, "
                + "found '\(property.value)'"
            throw attributeError(property.attribute, SVGScanError(offset: property.offset, message: message))
        }
    }

    /// Whether `display` is `none`.
    private func isHidden() -> Bool { property("display")?.value == "none" }

    /// A presentation property from `style` (which wins) or from the attribute of that name.
    func property(_ name: String) -> (value: String, attribute: String, offset: Int)? {
        if let style = attributes["style"], let declaration = SVGStyle.declaration(name, in: style) {
            return (declaration.value, "style", declaration.offset)
        }
        guard let value = attributes[name] else { return nil }
        let bytes = Array(value.utf8)
        let start = bytes.firstIndex { !SVGScanner.isWhitespace($0) } ?? 0
        return (value.trimmingCharacters(in: .whitespaces), name, start)
    }

    // MARK: - Places

    /// Finds the current element's start tag in the raw bytes, or falls back on XMLParser's place.
    private func locate(qualifiedName: String, parser: XMLParser) {
        tagStart = nil
        if tagsInSync, nextTag < source.tagStarts.count,
           source.tag(at: source.tagStarts[nextTag], isNamed: qualifiedName) {
            let start = source.tagStarts[nextTag]
            cursor.advance(to: start, in: source.bytes)
            tagStart = start
            line = cursor.line
            column = cursor.column
        } else {
            tagsInSync = false
            line = parser.lineNumber
            column = parser.columnNumber
        }
        nextTag += 1
    }

    /// An error at the current element's start tag.
    func elementError(_ message: String) -> SVGError {
        SVGError(file: file, line: line, column: column, message: message)
    }

    /// An error at a byte of the (decoded) value of attribute `name` of the current element.
    func attributeError(_ name: String, _ error: SVGScanError) -> SVGError {
        let what = name == "d" ? "path data" : "attribute '\(name)'"
        let message = "\(error.message) in \(what)"
        guard let tagStart, let range = source.attributeValueRange(tagStart: tagStart, name: name) else {
            return elementError(message)
        }
        let place = source.place(of: source.rawOffset(ofDecoded: error.offset, in: range))
        return SVGError(file: file, line: place.line, column: place.column, message: message)
    }

    /// Runs `body` on the bytes of attribute `name` (empty if absent), placing its errors.
    func scan<T>(_ name: String, _ body: ([UInt8]) throws(SVGScanError) -> T) throws(SVGError) -> T {
        do throws(SVGScanError) {
            return try body(Array((attributes[name] ?? "").utf8))
        } catch {
            throw attributeError(name, error)
        }
    }
}

extension BezierPath.Element {
    /// Whether every coordinate is finite and at most `limit` in absolute value.
    func isWithin(_ limit: Double) -> Bool {
        func ok(_ p: Point) -> Bool { abs(p.x) <= limit && abs(p.y) <= limit }
        switch self {
        case .move(let p), .line(let p): return ok(p)
        case .quadCurve(let p, let c): return ok(p) && ok(c)
        case .curve(let p, let c1, let c2): return ok(p) && ok(c1) && ok(c2)
        case .close: return true
        }
    }
}
