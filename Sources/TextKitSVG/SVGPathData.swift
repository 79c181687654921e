import Foundation
import TextKitGeometry

/// SVG path data: the mini-language of the `d` attribute.
public enum SVGPathData {
    /// Parses SVG path data (the `d` attribute). Errors carry line 1 and the 1-based column within `data`.
    ///
    /// The full SVG 1.1/2 grammar is accepted: `M L H V C S Q T A Z` in absolute and relative
    /// forms, implicit repeated commands (after `M` they are `L`), signed numbers with decimals
    /// and exponents written without separators where unambiguous (`1.5.5`, `10-5`), and arc
    /// flags without separators. Arcs become cubic Béziers whose last point is exactly the arc's
    /// endpoint. Empty data (or only whitespace) gives an empty path, as SVG renders nothing.
    ///
    /// - Parameters:
    ///   - data: the path data.
    ///   - limits: only `maxPathSegments` applies: the most path elements the data may produce.
    /// - Throws: ``SVGError`` with file `"<string>"`, line 1 and the column of the offending
    ///   character, for malformed data, non-finite numbers or too many segments.
    /// - Complexity: O(n) in the length of `data`.
    public static func parse(_ data: String, limits: SVGLimits = SVGLimits())
        throws(SVGError) -> BezierPath {
        let bytes = Array(data.utf8)
        do {
            return try parse(bytes: bytes, maxElements: limits.maxPathSegments)
        } catch {
            throw error.standalone(in: bytes)
        }
    }
}

extension SVGPathData {
    /// The area a pen of `width` covers along `path` (page coordinates), exactly as an SVG
    /// `<path fill="none" stroke-width="…">` with these caps, joins and miter limit (SVG's
    /// default 4) is imported as an exclusion: the same outline, flattened alike, so an SVG
    /// file written from a band gives the same layout as the band.
    public static func strokeArea(of path: BezierPath, width: Double, lineCap: LineCap = .round,
                                  lineJoin: LineJoin = .round, miterLimit: Double = 4) -> BezierPath {
        path.stroked(width: width, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit,
                     tolerance: SVGPaint.strokeTolerance(.identity))
    }

    /// `path` as SVG path data in absolute commands (`M x y L x y Q … C … Z`), each coordinate
    /// rounded to `precision` (1/100 by default) and written without a trailing `.0`; what
    /// ``parse(_:limits:)`` reads back as the same path, up to that rounding.
    public static func string(from path: BezierPath, precision: Double = 0.01) -> String {
        var out = ""
        func number(_ value: Double) -> String {
            let rounded = (value / precision).rounded() * precision
            if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
            // Printed from the rounded step count, so 0.07 does not come out as 0.07000000000000001.
            let decimals = max(0, Int((-log10(precision)).rounded(.up)))
            var text = String(format: "%.\(decimals)f", rounded)
            while text.hasSuffix("0") { text.removeLast() }
            return text
        }
        func add(_ command: String, _ points: [Point]) {
            if !out.isEmpty { out += " " }
            out += command
            for p in points { out += " \(number(p.x)) \(number(p.y))" }
        }
        for element in path.elements {
            switch element {
            case .move(let p): add("M", [p])
            case .line(let p): add("L", [p])
            case .quadCurve(let p, let c): add("Q", [c, p])
            case .curve(let p, let c1, let c2): add("C", [c1, c2, p])
            case .close: add("Z", [])
            }
        }
        return out
    }
}

// MARK: - Internals

extension SVGPathData {
    /// Parses path data bytes, producing at most `maxElements` path elements; `limit` is the
    /// limit named in the error (the document's, of which `maxElements` may be what is left).
    static func parse(bytes: [UInt8], maxElements: Int, limit: Int? = nil) throws(SVGScanError)
        -> BezierPath {
        var parser = PathDataParser(scanner: SVGScanner(bytes), maxElements: maxElements,
                                    limit: limit ?? maxElements)
        return try parser.parse()
    }
}

/// A one-pass parser of path data (SVG 1.1 §8.3, SVG 2 §9.3).
private struct PathDataParser {
    /// What the previous command drew, for the control point reflection of `S` and `T`.
    enum Previous { case cubic(control: Point), quad(control: Point), other }

    var scanner: SVGScanner
    let maxElements: Int
    let limit: Int
    var path = BezierPath()
    var current = Point.zero
    var subpathStart = Point.zero
    var previous = Previous.other
    /// Set by `Z`: the next drawing command first starts a new subpath at the old start.
    var needsMove = false
    /// The offset of the current argument set, for errors about its result.
    var argumentsOffset = 0
    /// The current command letter, for messages.
    var command: UInt8 = 0

    init(scanner: SVGScanner, maxElements: Int, limit: Int) {
        self.scanner = scanner
        self.maxElements = maxElements
        self.limit = limit
    }

    mutating func parse() throws(SVGScanError) -> BezierPath {
        scanner.skipWhitespace()
        if scanner.isAtEnd { return path }
        if let first = scanner.current, first != UInt8(ascii: "M"), first != UInt8(ascii: "m") {
            throw scanner.expectation("path data to start with 'M' or 'm'")
        }
        while true {
            scanner.skipWhitespace()
            guard let letter = scanner.current else { break }
            guard Self.isCommand(letter) else { throw scanner.expectation("a path command") }
            scanner.position += 1
            command = letter
            if letter | 0x20 == UInt8(ascii: "z") {
                try closePath()
                continue
            }
            scanner.skipWhitespace()
            repeat {
                argumentsOffset = scanner.position
                try readArguments()
                if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
                if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
            } while hasMoreArguments()
        }
        return path
    }

    /// After one argument set: skips a separator and tells whether another set follows.
    /// A comma must be followed by another set (the grammar allows no trailing comma).
    mutating func hasMoreArguments() -> Bool {
        scanner.skipWhitespace()
        if scanner.current == UInt8(ascii: ",") {
            scanner.position += 1
            scanner.skipWhitespace()
            return true
        }
        return scanner.isAtNumberStart
    }

    /// Reads the arguments of `command` once and draws.
    mutating func readArguments() throws(SVGScanError) {
        let relative = command >= UInt8(ascii: "a")
        let origin = relative ? current : .zero
        switch command | 0x20 {
        case UInt8(ascii: "m"):
            let p = try point(relativeTo: origin)
            try append(.move(to: p))
            needsMove = false
            current = p
            subpathStart = p
            previous = .other
        case UInt8(ascii: "l"):
            try lineTo(try point(relativeTo: origin))
        case UInt8(ascii: "h"):
            let x = try number() + origin.x
            try lineTo(Point(x: x, y: current.y))
        case UInt8(ascii: "v"):
            let y = try number() + origin.y
            try lineTo(Point(x: current.x, y: y))
        case UInt8(ascii: "c"):
            let c1 = try point(relativeTo: origin)
            separator()
            let c2 = try point(relativeTo: origin)
            separator()
            try curveTo(try point(relativeTo: origin), c1, c2)
        case UInt8(ascii: "s"):
            let c2 = try point(relativeTo: origin)
            separator()
            let end = try point(relativeTo: origin)
            var c1 = current
            if case .cubic(let control) = previous { c1 = reflect(control) }
            try curveTo(end, c1, c2)
        case UInt8(ascii: "q"):
            let control = try point(relativeTo: origin)
            separator()
            try quadTo(try point(relativeTo: origin), control)
        case UInt8(ascii: "t"):
            let end = try point(relativeTo: origin)
            var control = current
            if case .quad(let last) = previous { control = reflect(last) }
            try quadTo(end, control)
        default:
            try arc(relativeTo: origin)
        }
    }

    mutating func arc(relativeTo origin: Point) throws(SVGScanError) {
        let rx = try number()
        separator()
        let ry = try number()
        separator()
        let rotation = try number()
        separator()
        let expected = "a flag (0 or 1) after '\(name)'"
        let large = try scanner.flag(expected: expected)
        scanner.skipCommaWhitespace()
        let sweep = try scanner.flag(expected: expected)
        scanner.skipCommaWhitespace()
        let end = try point(relativeTo: origin)
        try checkFinite(end)
        let elements = SVGArc.elements(from: current, to: end, radiusX: rx, radiusY: ry,
                                       rotationDegrees: rotation, largeArc: large, sweep: sweep)
        for element in elements { try append(element) }
        current = end
        previous = .other
    }

    mutating func closePath() throws(SVGScanError) {
        argumentsOffset = scanner.position - 1
        try append(.close)
        current = subpathStart
        previous = .other
        needsMove = true
    }

    // MARK: Drawing

    mutating func lineTo(_ p: Point) throws(SVGScanError) {
        try checkFinite(p)
        try append(.line(to: p))
        current = p
        previous = .other
    }

    mutating func curveTo(_ p: Point, _ c1: Point, _ c2: Point) throws(SVGScanError) {
        try checkFinite(p, c1, c2)
        try append(.curve(to: p, control1: c1, control2: c2))
        current = p
        previous = .cubic(control: c2)
    }

    mutating func quadTo(_ p: Point, _ control: Point) throws(SVGScanError) {
        try checkFinite(p, control)
        try append(.quadCurve(to: p, control: control))
        current = p
        previous = .quad(control: control)
    }

    /// Appends an element, first restarting the subpath after a close, within the budget.
    mutating func append(_ element: BezierPath.Element) throws(SVGScanError) {
        if needsMove, element != .close {
            needsMove = false
            if case .move = element {} else { try append(.move(to: current)) }
        }
        guard path.elements.count < maxElements else {
            throw SVGScanError(offset: argumentsOffset,
                               message: "too many path segments (the limit is \(limit))")
        }
        path.append(element)
    }

    func reflect(_ control: Point) -> Point {
        Point(x: 2 * current.x - control.x, y: 2 * current.y - control.y)
    }

    func checkFinite(_ points: Point...) throws(SVGScanError) {
        for p in points where !(p.x.isFinite && p.y.isFinite) {
            throw SVGScanError(offset: argumentsOffset,
                               message: "coordinate out of range after '\(name)'")
        }
    }

    // MARK: Lexing

    var name: String { String(UnicodeScalar(command)) }

    mutating func number() throws(SVGScanError) -> Double {
        let name = self.name
        return try scanner.number(expected: "a number after '\(name)'")
    }

    mutating func point(relativeTo origin: Point) throws(SVGScanError) -> Point {
        let x = try number()
        separator()
        let y = try number()
        return Point(x: origin.x + x, y: origin.y + y)
    }

    /// The optional comma-whitespace between two numbers of one command.
    mutating func separator() {
        scanner.skipCommaWhitespace()
    }

    static func isCommand(_ byte: UInt8) -> Bool {
        switch byte | 0x20 {
        case UInt8(ascii: "m"), UInt8(ascii: "z"), UInt8(ascii: "l"), UInt8(ascii: "h"),
             UInt8(ascii: "v"), UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "q"),
             UInt8(ascii: "t"), UInt8(ascii: "a"):
            return SVGScanner.isLetter(byte)
        default:
            return false
        }
    }
}

extension BezierPath {
    /// Appends one element.
    fileprivate mutating func append(_ element: Element) {
        switch element {
        case .move(let p): move(to: p)
        case .line(let p): addLine(to: p)
        case .quadCurve(let p, let c): addQuadCurve(to: p, control: c)
        case .curve(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
        case .close: close()
        }
    }
}
