import Foundation
import Testing
import TextKitGeometry
import TextKitSVG

/// Shorthand for a point.
func pt(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// Whether two points are within `tolerance` of each other on both axes.
func near(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// Whether two element lists match, points compared within `tolerance`.
func near(_ a: [BezierPath.Element], _ b: [BezierPath.Element], _ tolerance: Double = 1e-9) -> Bool {
    guard a.count == b.count else { return false }
    return zip(a, b).allSatisfy { x, y in
        switch (x, y) {
        case (.move(let p), .move(let q)), (.line(let p), .line(let q)): near(p, q, tolerance)
        case (.quadCurve(let p, let c), .quadCurve(let q, let d)):
            near(p, q, tolerance) && near(c, d, tolerance)
        case (.curve(let p, let c1, let c2), .curve(let q, let d1, let d2)):
            near(p, q, tolerance) && near(c1, d1, tolerance) && near(c2, d2, tolerance)
        case (.close, .close): true
        default: false
        }
    }
}

/// The elements of parsed path data.
func elements(_ data: String) throws -> [BezierPath.Element] {
    try SVGPathData.parse(data).elements
}

/// The error that parsing `data` throws (nil, and a recorded issue, if it does not throw).
func pathError(_ data: String, limits: SVGLimits = SVGLimits(),
               sourceLocation: SourceLocation = #_sourceLocation) -> SVGError? {
    #expect(throws: SVGError.self, sourceLocation: sourceLocation) {
        _ = try SVGPathData.parse(data, limits: limits)
    }
}

/// A document whose root is `<svg …>` on line 1 with `body` starting on line 2.
func svg(_ body: String, root: String = #"width="612" height="792""#) -> String {
    "<svg xmlns=\"http://www.w3.org/2000/svg\" \(root)>\n\(body)\n</svg>\n"
}

/// Parses document text named `test.svg`.
func document(_ text: String, limits: SVGLimits = SVGLimits()) throws -> SVGDocument {
    try SVGDocument(data: Array(text.utf8), file: "test.svg", limits: limits)
}

/// The error that parsing document text throws.
func documentError(_ text: String, limits: SVGLimits = SVGLimits(),
                   sourceLocation: SourceLocation = #_sourceLocation) -> SVGError? {
    #expect(throws: SVGError.self, sourceLocation: sourceLocation) {
        _ = try document(text, limits: limits)
    }
}

/// The path of a fixture under `Fixtures/shapes`.
func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/shapes").appendingPathComponent(name)
        .standardizedFileURL.path
}

/// Points along every segment of `path` (`count` per segment, both ends included).
func samples(_ path: BezierPath, count: Int = 16) -> [Point] {
    var result: [Point] = []
    var start = Point.zero, current = Point.zero
    for element in path.elements {
        switch element {
        case .move(let p):
            start = p; current = p; result.append(p)
        case .line(let p):
            for i in 0...count { result.append(lerp(current, p, Double(i) / Double(count))) }
            current = p
        case .quadCurve(let p, let c):
            for i in 0...count {
                let t = Double(i) / Double(count)
                result.append(lerp(lerp(current, c, t), lerp(c, p, t), t))
            }
            current = p
        case .curve(let p, let c1, let c2):
            for i in 0...count { result.append(cubic(current, c1, c2, p, Double(i) / Double(count))) }
            current = p
        case .close:
            current = start
        }
    }
    return result
}

/// The point at `t` on a cubic Bézier.
func cubic(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, _ t: Double) -> Point {
    let a = lerp(p0, c1, t), b = lerp(c1, c2, t), c = lerp(c2, p1, t)
    return lerp(lerp(a, b, t), lerp(b, c, t), t)
}

/// The point a fraction `t` of the way from `a` to `b`.
func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
    Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
}

/// The distance between two points.
func distance(_ a: Point, _ b: Point) -> Double { hypot(a.x - b.x, a.y - b.y) }

/// The end point of the last element that has one.
func lastPoint(_ path: BezierPath) -> Point? {
    for element in path.elements.reversed() {
        switch element {
        case .move(let p), .line(let p), .quadCurve(let p, _), .curve(let p, _, _): return p
        case .close: continue
        }
    }
    return nil
}

/// The smallest box around sampled points of `path`.
func sampledBounds(_ path: BezierPath) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
    let points = samples(path)
    return (points.map(\.x).min()!, points.map(\.y).min()!, points.map(\.x).max()!, points.map(\.y).max()!)
}

