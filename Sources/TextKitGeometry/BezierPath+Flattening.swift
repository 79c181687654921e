#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension BezierPath {
    /// The subpaths flattened into closed polygons, every curve approximated within `tolerance`
    /// (max distance between curve and chord polyline), default 0.01 pt. Open subpaths are closed
    /// implicitly; degenerate subpaths (fewer than 2 distinct points) are dropped.
    ///
    /// Each polygon lists its vertices once: the closing edge from the last point back to the
    /// first is implied, and consecutive duplicates are removed. A segment that follows a `close`
    /// without a `move` starts a new subpath at the closed subpath's start, as in SVG.
    ///
    /// Curves are cut into equal parameter steps, as many as Wang's formula asks for (see
    /// `Flattening.segmentCount`), which bounds the distance between curve and polyline by
    /// `tolerance` however large the curve is; every point where a curve turns in x or y is a
    /// vertex, and where a curve runs nearly horizontally (near its top or bottom) steps are
    /// halved until the polyline is within `tolerance` of the curve measured along x as well,
    /// so that the width a band of lines sees is within `tolerance` of the curve's (a chord that
    /// is close to the curve can still be far from it sideways where both are almost flat). At
    /// most 65,536 steps are used per curve, and
    /// ``maximumFlattenedSegments`` in all: the curves of a path that would need more (curves
    /// millions of points long) share that many, in proportion to what each asks for, and are
    /// flattened more coarsely, so that no path costs unbounded time and memory.
    ///
    /// - Precondition: `tolerance` is positive and finite.
    public func flattened(tolerance: Double = 0.01) -> [[Point]] {
        flattenedSubpaths(tolerance: tolerance).compactMap { subpath in
            var points = subpath.points
            if points.count > 1 && points.last == points.first { points.removeLast() }
            return points.count >= 2 ? points : nil
        }
    }

    /// The most straight segments ``flattened(tolerance:)`` cuts a path's curves into in all
    /// (or four per path element, when that is more): 262,144, far more than any curve a page
    /// holds asks for at 0.01 pt.
    public static let maximumFlattenedSegments = 262_144

    /// Every subpath flattened into a polyline, as ``flattened(tolerance:)`` cuts curves, open
    /// ones kept open and degenerate ones kept (what stroking needs): consecutive duplicate points
    /// removed, a closed subpath's start not repeated at its end unless the path draws it there.
    package func flattenedSubpaths(tolerance: Double = 0.01) -> [FlattenedSubpath] {
        precondition(tolerance > 0 && tolerance.isFinite, "flattening tolerance must be positive")
        // What the curves ask for, and the share of it each gets within the budget.
        var asked = 0
        var previous = Point(x: 0, y: 0), subpathStart = previous
        for element in elements {
            switch element {
            case .move(let point):
                previous = point
                subpathStart = point
            case .line(let point):
                previous = point
            case .quadCurve(let end, let control):
                asked += Flattening.segmentCount(
                    secondDifferences: [Flattening.secondDifference(previous, control, end)], degree: 2, tolerance: tolerance)
                previous = end
            case .curve(let end, let control1, let control2):
                asked += Flattening.segmentCount(
                    secondDifferences: [Flattening.secondDifference(previous, control1, control2),
                                        Flattening.secondDifference(control1, control2, end)],
                    degree: 3, tolerance: tolerance)
                previous = end
            case .close:
                previous = subpathStart
            }
        }
        let budget = Swift.max(Self.maximumFlattenedSegments, 4 * elements.count)
        let share = asked > budget ? Double(budget) / Double(asked) : 1
        func scaled(_ count: Int) -> Int { share < 1 ? Swift.max(1, Int(Double(count) * share)) : count }
        var builder = SubpathBuilder()
        // Within the budget, near-horizontal stretches get extra vertices (see CurveRefinement).
        var refinement = CurveRefinement(tolerance: tolerance, budget: share < 1 ? nil : budget - asked)
        for element in elements {
            switch element {
            case .move(let point):
                builder.move(to: point)
            case .line(let point):
                builder.line(to: point)
            case .quadCurve(let end, let control):
                let start = builder.current
                let count = scaled(Flattening.segmentCount(
                    secondDifferences: [Flattening.secondDifference(start, control, end)],
                    degree: 2, tolerance: tolerance))
                let turns = [Flattening.quadExtremum(start.x, control.x, end.x),
                             Flattening.quadExtremum(start.y, control.y, end.y)].compactMap { $0 }
                refinement.emit(count: count, turns: turns, end: end, into: &builder) {
                    Flattening.quadPoint(start, control, end, $0)
                }
            case .curve(let end, let control1, let control2):
                let start = builder.current
                let count = scaled(Flattening.segmentCount(
                    secondDifferences: [Flattening.secondDifference(start, control1, control2),
                                        Flattening.secondDifference(control1, control2, end)],
                    degree: 3, tolerance: tolerance))
                let turns = Flattening.cubicExtrema(start.x, control1.x, control2.x, end.x)
                    + Flattening.cubicExtrema(start.y, control1.y, control2.y, end.y)
                refinement.emit(count: count, turns: turns, end: end, into: &builder) {
                    Flattening.cubicPoint(start, control1, control2, end, $0)
                }
            case .close:
                builder.close()
            }
        }
        builder.flush()
        return builder.subpaths
    }

    /// Tight bounds of the path's geometry (exact curve extrema, not control points); .zero for
    /// an empty path.
    ///
    /// A `move` that starts no segment adds nothing; a subpath of one `move` and a `close`
    /// adds its point.
    public var bounds: Rect {
        var box = BoundsAccumulator()
        var start = Point.zero, current = Point.zero
        for element in elements {
            switch element {
            case .move(let point):
                start = point
                current = point
            case .line(let point):
                box.add(current)
                box.add(point)
                current = point
            case .quadCurve(let end, let control):
                box.add(current)
                box.add(end)
                let tx = Flattening.quadExtremum(current.x, control.x, end.x)
                let ty = Flattening.quadExtremum(current.y, control.y, end.y)
                for t in [tx, ty].compactMap({ $0 }) {
                    box.add(Flattening.quadPoint(current, control, end, t))
                }
                current = end
            case .curve(let end, let control1, let control2):
                box.add(current)
                box.add(end)
                let roots = Flattening.cubicExtrema(current.x, control1.x, control2.x, end.x)
                    + Flattening.cubicExtrema(current.y, control1.y, control2.y, end.y)
                for t in roots {
                    box.add(Flattening.cubicPoint(current, control1, control2, end, t))
                }
                current = end
            case .close:
                box.add(current)
                box.add(start)
                current = start
            }
        }
        return box.rect ?? .zero
    }
}

// MARK: - Internals

/// Curve evaluation, extrema and the flattening segment count.
package enum Flattening {
    /// Most steps one curve is cut into, whatever its size and the tolerance.
    static let maximumSegmentCount = 65_536

    /// The number of equal parameter steps after which the chords of a Bézier curve of `degree`
    /// stay within `tolerance` of it (Wang's formula).
    ///
    /// With step h, a chord differs from its arc by at most h²/8 · max|B''|, and for a curve of
    /// degree d, |B''| ≤ d(d−1) · M where M is the longest second difference of its control
    /// points. So n = ⌈√(d(d−1) · M / (8 · tolerance))⌉ steps suffice.
    static func segmentCount(secondDifferences: [Double], degree: Int, tolerance: Double) -> Int {
        let m = secondDifferences.max() ?? 0
        let factor = Double(degree * (degree - 1)) / 8
        let n = (factor * m / tolerance).squareRoot().rounded(.up)
        guard n.isFinite, n >= 1 else { return 1 }
        return n >= Double(maximumSegmentCount) ? maximumSegmentCount : Int(n)
    }

    /// |p0 − 2·p1 + p2|.
    static func secondDifference(_ p0: Point, _ p1: Point, _ p2: Point) -> Double {
        let x = p0.x - 2 * p1.x + p2.x, y = p0.y - 2 * p1.y + p2.y
        return (x * x + y * y).squareRoot()
    }

    /// The quadratic Bézier point at parameter t.
    package static func quadPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ t: Double) -> Point {
        let mt = 1 - t
        let a = mt * mt, b = 2 * mt * t, c = t * t
        return Point(x: a * p0.x + b * p1.x + c * p2.x, y: a * p0.y + b * p1.y + c * p2.y)
    }

    /// The cubic Bézier point at parameter t.
    package static func cubicPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point,
                           _ t: Double) -> Point {
        let mt = 1 - t
        let a = mt * mt * mt, b = 3 * mt * mt * t, c = 3 * mt * t * t, d = t * t * t
        return Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                     y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// The parameter in (0, 1) where one coordinate of a quadratic curve turns, if any.
    static func quadExtremum(_ a: Double, _ b: Double, _ c: Double) -> Double? {
        let denominator = a - 2 * b + c
        guard denominator != 0 else { return nil }
        let t = (a - b) / denominator
        return t > 0 && t < 1 ? t : nil
    }

    /// The parameters in (0, 1) where one coordinate of a cubic curve turns.
    ///
    /// The derivative is 3·(A t² + B t + C) with A = a − 2b + c, B = 2(b − a), C = a for the
    /// control differences a = p1 − p0, b = p2 − p1, c = p3 − p2.
    static func cubicExtrema(_ p0: Double, _ p1: Double, _ p2: Double,
                             _ p3: Double) -> [Double] {
        let a = p1 - p0, b = p2 - p1, c = p3 - p2
        return quadraticRoots(a - 2 * b + c, 2 * (b - a), a).filter { $0 > 0 && $0 < 1 }
    }

    /// The real roots of A t² + B t + C (numerically stable form).
    static func quadraticRoots(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
        if a == 0 {
            return b == 0 ? [] : [-c / b]
        }
        let discriminant = b * b - 4 * a * c
        guard discriminant >= 0 else { return [] }
        let root = discriminant.squareRoot()
        let q = -0.5 * (b + (b < 0 ? -root : root))
        if q == 0 { return [0] }
        return [q / a, c / q]
    }
}

/// One subpath of a path flattened into a polyline (``BezierPath/flattenedSubpaths(tolerance:)``).
package struct FlattenedSubpath: Hashable, Sendable {
    /// The points, without consecutive duplicates (one point for a subpath that goes nowhere).
    package var points: [Point]
    /// Whether the subpath ends with a `close`.
    package var isClosed: Bool
    /// Whether it draws a segment at all (a lone `move` draws none; `M p L p` and `M p Z` do,
    /// of zero length, which a stroke's caps make a dot).
    package var drawsSegment: Bool
}

/// Collects the subpaths of a flattened path.
struct SubpathBuilder {
    /// The finished subpaths.
    private(set) var subpaths: [FlattenedSubpath] = []
    /// The points of the subpath being built.
    private var points: [Point] = []
    /// Whether the subpath being built has drawn a segment.
    private var drawsSegment = false
    /// The start of the current subpath.
    private var start = Point.zero
    /// The point the next segment starts from.
    private(set) var current = Point.zero

    mutating func move(to point: Point) {
        flush()
        start = point
        current = point
        points = [point]
    }

    mutating func line(to point: Point) {
        if points.isEmpty {
            start = current
            points = [current]
        }
        if points.last != point { points.append(point) }
        drawsSegment = true
        current = point
    }

    mutating func close() {
        if !points.isEmpty { drawsSegment = true }
        flush(closed: true)
        current = start
    }

    /// Ends the current subpath.
    mutating func flush(closed: Bool = false) {
        var kept = points
        if closed && kept.count > 1 && kept.last == kept.first { kept.removeLast() }
        if !kept.isEmpty {
            subpaths.append(FlattenedSubpath(points: kept, isClosed: closed, drawsSegment: drawsSegment))
        }
        points = []
        drawsSegment = false
    }
}

/// The smallest rectangle around the points added.
struct BoundsAccumulator {
    private var minX = Double.infinity, minY = Double.infinity
    private var maxX = -Double.infinity, maxY = -Double.infinity

    mutating func add(_ point: Point) {
        guard point.x.isFinite && point.y.isFinite else { return }
        minX = min(minX, point.x)
        minY = min(minY, point.y)
        maxX = max(maxX, point.x)
        maxY = max(maxY, point.y)
    }

    /// The rectangle, or nil when no point was added.
    var rect: Rect? {
        minX <= maxX ? Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : nil
    }
}
