#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The shape of a stroke at the open ends of a subpath (Core Graphics' `CGLineCap`, SVG's
/// `stroke-linecap`).
public enum LineCap: String, Hashable, Sendable, Codable, CaseIterable {
    /// The stroke ends square, at the end point (the default of Core Graphics and SVG).
    case butt
    /// The stroke ends in a half disc around the end point, of the stroke's width.
    case round
    /// The stroke goes on past the end point by half its width, and ends square.
    case square
}

/// The shape of a stroke where two segments of a subpath meet (Core Graphics' `CGLineJoin`,
/// SVG's `stroke-linejoin`).
public enum LineJoin: String, Hashable, Sendable, Codable, CaseIterable {
    /// The outer edges are extended until they meet, unless that point lies further from the
    /// vertex than the miter limit allows; then the join is bevelled (the default).
    case miter
    /// A circular arc around the vertex joins the outer edges.
    case round
    /// A straight line joins the outer corners of the two segments.
    case bevel
}

extension BezierPath {
    /// The area a pen of `width` covers when it draws the path: an outline to fill with the
    /// nonzero rule (Core Graphics' `copy(strokingWithWidth:lineCap:lineJoin:miterLimit:)`).
    ///
    /// The area is the union of, for every subpath:
    ///
    /// - per segment, the rectangle of the points whose distance to the segment's line is at
    ///   most `width / 2` and whose foot lies on the segment;
    /// - per vertex where the subpath turns (and at the start of a closed subpath), the join on
    ///   the outer side of the turn: `round`, the disc sector between the two segments' outer
    ///   corners; `bevel`, the triangle of the vertex and those corners; `miter`, the
    ///   quadrilateral that adds the point where the outer edges meet, when its distance from
    ///   the vertex over `width / 2` is at most `miterLimit` (SVG and Core Graphics compare the
    ///   same ratio, 1 / sin(θ/2) for segments meeting at angle θ), else the bevel;
    /// - at the ends of an open subpath, the caps: `butt`, nothing; `square`, the end rectangles
    ///   grown by `width / 2` along the segment; `round`, discs of radius `width / 2`;
    /// - a subpath that draws only zero-length segments (`M p L p`, `M p Z`) is a dot: a disc
    ///   with `round` caps, an axis-aligned square with `square` caps (as SVG), nothing with
    ///   `butt`. A lone `move` draws nothing.
    ///
    /// So with round caps and joins, a point is inside exactly when its distance to the path is
    /// at most `width / 2`. A segment that doubles back (a 180° turn) gets no miter or bevel, as
    /// in Core Graphics: the two rectangles already end square there.
    ///
    /// The outline is built so that a point's winding number is the number of those pieces
    /// that contain it (see `Stroker`), so the nonzero rule fills their union whatever the path
    /// does: it may cross itself, turn back, or repeat points. The result's ``fillRule`` is
    /// therefore `.nonZero` (even-odd would open holes where the stroke overlaps itself). Each
    /// open subpath gives one contour, each closed one two (its two sides), each dot one; arcs
    /// are cubic segments within ``arcTolerance`` of the circle.
    ///
    /// Straight segments are stroked exactly (up to rounding). Curves are first flattened within
    /// `tolerance` (as ``flattened(tolerance:)`` cuts them) and the polyline is stroked, with
    /// the join at each point where it bends: the area lies within `tolerance` of the stroke of
    /// the exact curve (round joins keep exactly the points within `width / 2` of the polyline).
    ///
    /// Points with non-finite coordinates are ignored, as everywhere in the geometry, and so are
    /// points whose outline would leave the range of `Double` (a coordinate within `width / 2`
    /// of ±1.8 · 10³⁰⁸); consecutive equal points count once. A width that is not positive and
    /// finite strokes nothing (an empty path); a miter limit below 1, or NaN, counts as 1 (every
    /// turn is bevelled).
    ///
    /// - Parameters:
    ///   - width: the pen's width, in points.
    ///   - lineCap: the shape at the ends of open subpaths.
    ///   - lineJoin: the shape where segments meet.
    ///   - miterLimit: the largest ratio of a miter's length (from the inner to the outer
    ///     corner) to the width; sharper turns are bevelled (Core Graphics' default, 10; SVG's
    ///     is 4).
    ///   - tolerance: how far flattened curves may stray from the exact ones (0.01 pt, the
    ///     engine's flattening tolerance).
    /// - Complexity: O(n) for n segments after flattening; the outline has O(n) elements.
    /// - Precondition: `tolerance` is positive and finite.
    public func stroked(width: Double, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
                        miterLimit: Double = 10, tolerance: Double = 0.01) -> BezierPath {
        stroked(width: width, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit, tolerance: tolerance,
                elementBudget: .max) ?? BezierPath()
    }

    /// ``stroked(width:lineCap:lineJoin:miterLimit:tolerance:)``, or nil as soon as the outline
    /// has more than `elementBudget` elements (so that hostile input costs bounded memory).
    package func stroked(width: Double, lineCap: LineCap, lineJoin: LineJoin, miterLimit: Double,
                         tolerance: Double, elementBudget: Int) -> BezierPath? {
        let subpaths = flattenedSubpaths(tolerance: tolerance)
        guard width > 0, width.isFinite else { return BezierPath() }
        var stroker = Stroker(halfWidth: width / 2, cap: lineCap, join: lineJoin, miterLimit: miterLimit)
        for subpath in subpaths {
            stroker.add(subpath, budget: elementBudget)
            if stroker.outline.elements.count > elementBudget { return nil }
        }
        return stroker.outline
    }
}

// MARK: - Internals

/// Builds a stroke's outline from flattened subpaths.
///
/// The pieces (per segment a→b with unit direction d and normal n = (−d.y, d.x)·h: the
/// rectangle a−n → b−n → b+n → a+n; per turning vertex, the join on its outer side; per open
/// end, the cap) are all wound the same way (clockwise on screen), so the winding number of a
/// point is the number of pieces containing it. Winding numbers add up over edges, so an edge
/// drawn once each way may be left out: the rectangles' ends and the joins' radii cancel at
/// every vertex, which leaves one contour per side (the classic stroker's outline, with the
/// inner side of each turn drawn through the vertex):
///
///     right side (−n), forward:  a0−n0 → b0−n0, at each vertex b from segment i to j:
///         outer (the path turns left, d_i × d_j > 0): the join from b−n_i to b−n_j
///         inner: b−n_i → b → b−n_j          (nothing when the path runs straight on)
///     end cap: butt b−n → b+n, square (the last segment lengthened by h), round: the half
///              circle through b + d·h
///     left side (+n), backward: the same, from b+n_j to b+n_i, outer when d_i × d_j < 0
///     start cap, close
///
/// A closed subpath has no caps and a join at every vertex: its right side and its left side
/// are two closed contours. A 180° turn counts as a left turn for a round join (its half disc
/// beyond the vertex) and gets no miter or bevel. Joins: round, the arc from one outer corner
/// to the other; bevel, the straight line; miter, through tip = b + (u + v) / (1 + d_i · d_j)
/// for the outer corners' offsets u, v, when cos(φ/2) ≥ 1 / miterLimit for the turn φ.
struct Stroker {
    /// Half the pen's width.
    let h: Double
    let cap: LineCap
    let join: LineJoin
    /// The smallest cos(φ/2) that keeps a miter: 1 / miter limit.
    let minimumMiterCosine: Double
    /// The contours so far.
    private(set) var outline = BezierPath(fillRule: .nonZero)

    init(halfWidth: Double, cap: LineCap, join: LineJoin, miterLimit: Double) {
        h = halfWidth
        self.cap = cap
        self.join = join
        minimumMiterCosine = 1 / (miterLimit >= 1 ? miterLimit : 1)
    }

    /// Adds the contours of one subpath, stopping once the outline has more than `budget` elements.
    mutating func add(_ subpath: FlattenedSubpath, budget: Int = .max) {
        // Points whose outline stays finite (|p| + h must not overflow).
        let reach = Double.greatestFiniteMagnitude - h
        var points: [Point] = [], directions: [Point] = []
        for point in subpath.points where abs(point.x) <= reach && abs(point.y) <= reach {
            // abs(NaN) <= reach is false: non-finite points are left out here too.
            if let last = points.last {
                guard let direction = Self.direction(from: last, to: point) else { continue }
                directions.append(direction)
            }
            points.append(point)
        }
        if subpath.isClosed, points.count > 1 {
            if points.last == points.first {
                points.removeLast()
                directions.removeLast()
            }
            if points.count > 1, let closing = Self.direction(from: points[points.count - 1], to: points[0]) {
                directions.append(closing)
            }
        }
        guard let first = points.first else { return }
        guard points.count > 1 else {
            if subpath.drawsSegment { dot(at: first) }
            return
        }
        let normals = directions.map { Point(x: -$0.y * h, y: $0.x * h) }
        let count = directions.count
        if count == points.count {  // closed: it has its closing segment
            // Right side: segment i runs from points[i] to points[i + 1].
            outline.move(to: points[0] - normals[0])
            for i in 0..<count {
                let j = (i + 1) % count, b = points[j]
                outline.addLine(to: b - normals[i])
                turn(at: b, from: i, to: j, directions: directions, normals: normals, leftSide: false)
                if outline.elements.count > budget { return }
            }
            outline.close()
            // Left side, backward: segment i from points[i + 1] back to points[i].
            outline.move(to: points[0] + normals[count - 1])
            for i in stride(from: count - 1, through: 0, by: -1) {
                let before = (i + count - 1) % count
                outline.addLine(to: points[i] + normals[i])
                turn(at: points[i], from: before, to: i, directions: directions, normals: normals, leftSide: true)
                if outline.elements.count > budget { return }
            }
            outline.close()
            return
        }
        // Open: the ends move out by h along the path for square caps.
        var start = points[0], end = points[count]
        if cap == .square {
            start = start - directions[0] * h
            end = end + directions[count - 1] * h
        }
        outline.move(to: start - normals[0])
        for i in 0..<count {
            outline.addLine(to: (i == count - 1 ? end : points[i + 1]) - normals[i])
            if i < count - 1 {
                turn(at: points[i + 1], from: i, to: i + 1, directions: directions, normals: normals, leftSide: false)
            }
            if outline.elements.count > budget { return }
        }
        roundCap(at: points[count], from: -normals[count - 1])
        outline.addLine(to: end + normals[count - 1])
        for i in stride(from: count - 1, through: 0, by: -1) {
            outline.addLine(to: (i == 0 ? start : points[i]) + normals[i])
            if i > 0 {
                turn(at: points[i], from: i - 1, to: i, directions: directions, normals: normals, leftSide: true)
            }
            if outline.elements.count > budget { return }
        }
        roundCap(at: points[0], from: normals[0])
        outline.close()
    }

    /// The unit vector from `a` to `b`, without overflow for far-apart points; nil when they
    /// are the same.
    static func direction(from a: Point, to b: Point) -> Point? {
        var dx = b.x - a.x, dy = b.y - a.y
        if !(dx.isFinite && dy.isFinite) {
            dx = b.x / 2 - a.x / 2
            dy = b.y / 2 - a.y / 2
        }
        let scale = Swift.max(abs(dx), abs(dy))
        guard scale > 0, scale.isFinite else { return nil }
        dx /= scale
        dy /= scale
        let length = (dx * dx + dy * dy).squareRoot()
        return Point(x: dx / length, y: dy / length)
    }

    /// One side of the outline at vertex `b`, where segment `i` turns into segment `j`: on the
    /// right side (forward) from b − n_i to b − n_j, on the left side (backward) from b + n_j
    /// to b + n_i; the join where that side is the outer one, else through the vertex.
    private mutating func turn(at b: Point, from i: Int, to j: Int, directions: [Point], normals: [Point],
                               leftSide: Bool) {
        let d1 = directions[i], d2 = directions[j]
        let cross = d1.x * d2.y - d1.y * d2.x, dot = d1.x * d2.x + d1.y * d2.y
        // Where this side's walk comes from and goes to, as offsets from b.
        let (u, v) = leftSide ? (normals[j], normals[i]) : (-normals[i], -normals[j])
        if cross == 0 && dot > 0 {  // straight on
            outline.addLine(to: b + v)
            return
        }
        let outer = leftSide ? cross < 0 : (cross > 0 || (cross == 0 && join == .round))
        guard outer else {
            outline.addLine(to: b)
            outline.addLine(to: b + v)
            return
        }
        switch join {
        case .round:
            // The arc grows in angle from u to v (clockwise on screen), by the turn.
            let startAngle = atan2(u.y, u.x)
            outline.addArc(center: b, radius: h, startAngle: startAngle, endAngle: startAngle + abs(atan2(cross, dot)),
                           clockwise: true)
        case .miter where cross != 0 && ((1 + dot) / 2).squareRoot() >= minimumMiterCosine:
            let tip = b + (u + v) * (1 / (1 + dot))
            if tip.x.isFinite && tip.y.isFinite { outline.addLine(to: tip) }
        case .miter, .bevel:
            break
        }
        outline.addLine(to: b + v)
    }

    /// A round cap's half circle around `center`, from center + `offset` to center − `offset`
    /// (growing angle, through the end's outward direction); nothing for other caps, whose
    /// straight end the next line draws.
    private mutating func roundCap(at center: Point, from offset: Point) {
        guard cap == .round else { return }
        let startAngle = atan2(offset.y, offset.x)
        outline.addArc(center: center, radius: h, startAngle: startAngle, endAngle: startAngle + .pi, clockwise: true)
    }

    /// The cap of a subpath that goes nowhere: a disc or an axis-aligned square.
    private mutating func dot(at point: Point) {
        let box = Rect(x: point.x - h, y: point.y - h, width: 2 * h, height: 2 * h)
        switch cap {
        case .butt: return
        case .round: outline.append(BezierPath(ovalIn: box))
        case .square: outline.append(BezierPath(rect: box))
        }
    }
}

/// Vector arithmetic for the stroker.
extension Point {
    fileprivate static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    fileprivate static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    fileprivate static prefix func - (a: Point) -> Point { Point(x: -a.x, y: -a.y) }
    fileprivate static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
}
