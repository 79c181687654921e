import Foundation
import TextKitGeometry

/// Shape elements and their length and point-list attributes (SVG 1.1 §9, SVG 2 §10).
extension SVGDocumentBuilder {
    /// The current shape element's outline in its own user space, or nil when SVG renders
    /// nothing for it (zero size, empty `d` or `points`).
    ///
    /// `rect`: `rx`/`ry` default to each other, then 0, and are clamped to half the sides;
    /// `ellipse`: a missing radius takes the other's value; `line` stays an open 2-point path
    /// (it has no fill area); a `polyline` stays open, a `polygon` is closed. Negative sizes
    /// and radii, an odd number of coordinates and a path over the remaining `budget` of
    /// segments are errors.
    func shapePath(budget: Int) throws(SVGError) -> BezierPath? {
        switch elementName {
        case "path":
            guard attributes["d"] != nil else { return nil }
            let path = try scan("d") { bytes throws(SVGScanError) in
                try SVGPathData.parse(bytes: bytes, maxElements: budget, limit: limits.maxPathSegments)
            }
            return path.isEmpty ? nil : path
        case "rect":
            let x = try length("x", default: 0), y = try length("y", default: 0)
            let width = try length("width", default: 0, negative: false)
            let height = try length("height", default: 0, negative: false)
            let rx = try optionalLength("rx", negative: false)
            let ry = try optionalLength("ry", negative: false)
            guard width > 0, height > 0 else { return nil }
            return BezierPath(roundedRect: Rect(x: x, y: y, width: width, height: height),
                              cornerRadiusX: rx ?? ry ?? 0, cornerRadiusY: ry ?? rx ?? 0)
        case "circle":
            let cx = try length("cx", default: 0), cy = try length("cy", default: 0)
            let r = try length("r", default: 0, negative: false)
            guard r > 0 else { return nil }
            return BezierPath(ovalIn: Rect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r))
        case "ellipse":
            let cx = try length("cx", default: 0), cy = try length("cy", default: 0)
            let rx = try optionalLength("rx", negative: false)
            let ry = try optionalLength("ry", negative: false)
            let radiusX = rx ?? ry ?? 0, radiusY = ry ?? rx ?? 0
            guard radiusX > 0, radiusY > 0 else { return nil }
            return BezierPath(ovalIn: Rect(x: cx - radiusX, y: cy - radiusY,
                                           width: 2 * radiusX, height: 2 * radiusY))
        case "line":
            let start = Point(x: try length("x1", default: 0), y: try length("y1", default: 0))
            let end = Point(x: try length("x2", default: 0), y: try length("y2", default: 0))
            return BezierPath(elements: [.move(to: start), .line(to: end)])
        default:  // polyline, polygon
            let points = try scan("points") { bytes throws(SVGScanError) in try Self.points(bytes) }
            guard points.count >= 2 else { return nil }
            var path = BezierPath()
            path.move(to: points[0])
            for point in points.dropFirst() { path.addLine(to: point) }
            if elementName == "polygon" { path.close() }
            return path
        }
    }

    /// A length attribute in user units, or `default` when absent or `auto`.
    func length(_ name: String, default value: Double, negative: Bool = true) throws(SVGError) -> Double {
        try optionalLength(name, negative: negative) ?? value
    }

    /// A length attribute in user units (a plain number or `px`), nil when absent or `auto`.
    func optionalLength(_ name: String, negative: Bool = true,
                        units: [(String, Double)] = [("", 1), ("px", 1)]) throws(SVGError) -> Double? {
        guard let value = attributes[name] else { return nil }
        if value.trimmingCharacters(in: .whitespaces) == "auto" { return nil }
        return try scan(name) { bytes throws(SVGScanError) in
            try Self.length(bytes, name: name, negative: negative, units: units)
        }
    }

    /// The root's `width` or `height` in points, nil when absent or `auto`: a plain number or
    /// `pt` is points, `px` is 0.75 pt (CSS: 96 px per inch), `mm`, `cm` and `in` are absolute.
    func rootLength(_ name: String) throws(SVGError) -> Double? {
        try optionalLength(name, negative: false, units: Self.absoluteUnits)
    }

    /// Points per unit, for the root's size.
    static let absoluteUnits: [(String, Double)] = [
        ("", 1), ("pt", 1), ("px", 0.75), ("mm", 72 / 25.4), ("cm", 72 / 2.54), ("in", 72),
    ]

    // MARK: - Internals

    /// Parses `wsp* number unit? wsp*`.
    static func length(_ bytes: [UInt8], name: String, negative: Bool, units: [(String, Double)])
        throws(SVGScanError) -> Double {
        var scanner = SVGScanner(bytes)
        scanner.skipWhitespace()
        let start = scanner.position
        let value = try scanner.number(expected: "a length")
        let unitStart = scanner.position
        var unit = scanner.letters()
        if unit.isEmpty, scanner.current == UInt8(ascii: "%") {
            scanner.position += 1
            unit = "%"
        }
        guard let scale = units.first(where: { $0.0 == unit })?.1 else {
            let allowed = units.map(\.0).filter { !$0.isEmpty }.map { "'\($0)'" }.joined(separator: ", ")
            throw SVGScanError(offset: unitStart, message:
                "unsupported unit '\(unit)' (use plain numbers or \(allowed))")
        }
        scanner.skipWhitespace()
        guard scanner.isAtEnd else { throw scanner.expectation("the end of the length") }
        guard negative || value >= 0 else {
            throw SVGScanError(offset: start, message: "\(name) must not be negative")
        }
        return value * scale
    }

    /// Parses a `points` list: numbers separated by comma-whitespace, read in pairs.
    static func points(_ bytes: [UInt8]) throws(SVGScanError) -> [Point] {
        var scanner = SVGScanner(bytes)
        var numbers: [Double] = []
        var lastStart = 0
        scanner.skipWhitespace()
        while !scanner.isAtEnd {
            if !numbers.isEmpty { scanner.skipCommaWhitespace() }
            lastStart = scanner.position
            numbers.append(try scanner.number(expected: "a number"))
            scanner.skipWhitespace()
        }
        guard numbers.count % 2 == 0 else {
            throw SVGScanError(offset: lastStart, message:
                "odd number of coordinates (\(numbers.count)): the last point has no y")
        }
        return stride(from: 0, to: numbers.count, by: 2).map { Point(x: numbers[$0], y: numbers[$0 + 1]) }
    }
}
