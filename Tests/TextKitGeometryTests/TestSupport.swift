import TextKitGeometry


/// A path made of straight closed contours.
func polygonPath(_ contours: [[(Double, Double)]], fillRule: FillRule = .nonZero) -> BezierPath {
    var path = BezierPath(fillRule: fillRule)
    for contour in contours {
        guard let first = contour.first else { continue }
        path.move(to: Point(x: first.0, y: first.1))
        for (x, y) in contour.dropFirst() { path.addLine(to: Point(x: x, y: y)) }
        path.close()
    }
    return path
}

/// Whether two span lists have the same count and endpoints within `tolerance`.
func spansMatch(_ actual: [Span], _ expected: [Span], tolerance: Double = 1e-9) -> Bool {
    actual.count == expected.count && zip(actual, expected).allSatisfy {
        abs($0.minX - $1.minX) <= tolerance && abs($0.maxX - $1.maxX) <= tolerance
    }
}

/// Shorthand for a list of spans.
func spans(_ pairs: (Double, Double)...) -> [Span] {
    pairs.map { Span(minX: $0.0, maxX: $0.1) }
}

/// The distance from `point` to the segment [a, b].
func distance(from point: Point, toSegment a: Point, _ b: Point) -> Double {
    let dx = b.x - a.x, dy = b.y - a.y
    let lengthSquared = dx * dx + dy * dy
    var t = lengthSquared > 0 ? ((point.x - a.x) * dx + (point.y - a.y) * dy) / lengthSquared : 0
    t = min(1, max(0, t))
    let x = a.x + t * dx - point.x, y = a.y + t * dy - point.y
    return (x * x + y * y).squareRoot()
}
