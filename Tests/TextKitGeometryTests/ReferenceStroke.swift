import TextKitGeometry

/// A slow, obviously correct membership test for the stroke of one polyline, to check
/// `BezierPath.stroked`: the rules of Core Graphics and SVG written as distances and
/// half-planes, not as the outline's pieces.
///
/// A point p is inside when, for pen half-width h:
///
/// - some segment a→b (unit direction d, length L) has |(p − a) × d| ≤ h and
///   (p − a) · d in [0, L] (butt), widened by h at the open ends for square caps;
/// - a round cap: |p − end| ≤ h at an open end;
/// - a join at a vertex b that turns: p − b lies in the cone between the outer unit normals
///   n1, n2 (the normals pointing away from the turn) and, by join,
///   round: |p − b| ≤ h; bevel: (p − b) · m ≤ h·cos(φ/2) for the bisector m of the normals and
///   the turn φ; miter (when 1 / cos(φ/2) ≤ limit): (p − b) · n1 ≤ h and (p − b) · n2 ≤ h;
/// - a polyline of one point (drawn): round, |p − c| ≤ h; square, |Δx| ≤ h and |Δy| ≤ h.
///
/// With round caps and joins this is the set of points within h of the polyline
/// (``distance(to:)``), which the tests also check directly.
struct ReferenceStroke {
    var points: [Point]
    var closed: Bool
    var halfWidth: Double
    var cap: LineCap
    var join: LineJoin
    var miterLimit: Double

    /// `points` without consecutive repeats (and without a closing repeat of the first point).
    init(points: [Point], closed: Bool, width: Double, cap: LineCap, join: LineJoin, miterLimit: Double) {
        var kept: [Point] = []
        for point in points where kept.last != point { kept.append(point) }
        if closed && kept.count > 1 && kept.last == kept.first { kept.removeLast() }
        self.points = kept
        self.closed = closed
        halfWidth = width / 2
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
    }

    /// The segments, as index pairs.
    var segments: [(Int, Int)] {
        let count = points.count
        guard count > 1 else { return [] }
        return (0..<(closed ? count : count - 1)).map { ($0, ($0 + 1) % count) }
    }

    /// The distance from `p` to the polyline.
    func distance(to p: Point) -> Double {
        if points.count == 1 { return length(p - points[0]) }
        return segments.map { TextKitGeometryTests.distance(from: p, toSegment: points[$0.0], points[$0.1]) }.min() ?? .infinity
    }

    /// Whether `p` is inside the stroke of half-width `h` (the rules above).
    func contains(_ p: Point, halfWidth h: Double) -> Bool {
        guard let first = points.first else { return false }
        if points.count == 1 {
            switch cap {
            case .butt: return false
            case .round: return length(p - first) <= h
            case .square: return abs(p.x - first.x) <= h && abs(p.y - first.y) <= h
            }
        }
        let all = segments
        for (k, (i, j)) in all.enumerated() {
            let a = points[i], b = points[j]
            let d = unit(b - a), q = p - a
            let along = dot(q, d), across = abs(cross(q, d))
            let low = !closed && cap == .square && k == 0 ? -h : 0
            let high = length(b - a) + (!closed && cap == .square && k == all.count - 1 ? h : 0)
            if across <= h && along >= low && along <= high { return true }
        }
        if !closed && cap == .round && (length(p - first) <= h || length(p - points[points.count - 1]) <= h) {
            return true
        }
        let vertices = closed ? Array(points.indices) : Array(points.indices.dropFirst().dropLast())
        for v in vertices {
            let b = points[v]
            let before = points[(v + points.count - 1) % points.count], after = points[(v + 1) % points.count]
            let d1 = unit(b - before), d2 = unit(after - b)
            if joinContains(p - b, d1, d2, h) { return true }
        }
        return false
    }

    /// Whether `q` (relative to the vertex) is in the join of a turn from `d1` to `d2`.
    func joinContains(_ q: Point, _ d1: Point, _ d2: Point, _ h: Double) -> Bool {
        let turnCross = cross(d1, d2), turnDot = dot(d1, d2)
        if turnCross == 0 {
            // Straight on: no join. Straight back: a round join is the half disc beyond the
            // vertex; miters and bevels add nothing.
            return turnDot < 0 && join == .round && dot(q, d1) >= 0 && length(q) <= h
        }
        // The outer normals: segment 1's points away from where segment 2 goes, segment 2's
        // towards where segment 1 was heading.
        func normal(_ d: Point, pointingWith reference: Point) -> Point {
            let left = Point(x: -d.y, y: d.x)
            return dot(left, reference) > 0 ? left : left * -1
        }
        let n1 = normal(d1, pointingWith: d2 * -1), n2 = normal(d2, pointingWith: d1)
        // In the cone from n1 to n2, which turns as the path turns (by φ, under 180°).
        let turn: Double = turnCross > 0 ? 1 : -1
        guard turn * cross(n1, q) >= 0 && turn * cross(q, n2) >= 0 else { return false }
        let halfTurnCosine = ((1 + turnDot) / 2).squareRoot()  // cos(φ/2) = |n1 + n2| / 2
        switch join {
        case .round:
            return length(q) <= h
        case .miter where 1 / halfTurnCosine <= max(1, miterLimit):
            return dot(q, n1) <= h && dot(q, n2) <= h
        case .miter, .bevel:
            // The bisector of n1 and n2 is the direction of d1 − d2 (well defined however sharp the turn).
            return dot(q, unit(d1 - d2)) <= h * halfTurnCosine
        }
    }
}

func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
func dot(_ a: Point, _ b: Point) -> Double { a.x * b.x + a.y * b.y }
func cross(_ a: Point, _ b: Point) -> Double { a.x * b.y - a.y * b.x }
func length(_ a: Point) -> Double { (a.x * a.x + a.y * a.y).squareRoot() }
func unit(_ a: Point) -> Point { a * (1 / length(a)) }
