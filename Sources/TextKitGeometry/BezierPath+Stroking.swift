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
    /// The outline is not one boundary but those pieces, each wound the same way (clockwise on
    /// screen), so the nonzero rule fills their union whatever the path does: it may cross
    /// itself, turn back, or repeat points. The result's ``fillRule`` is therefore `.nonZero`
    /// (even-odd would open holes where pieces overlap). Discs and sectors are cubic arcs within
    /// ``arcTolerance`` of the circle.
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

/// Builds a stroke's outline from flattened subpaths, one positively wound piece at a time.
///
///     for each subpath: keep its finite, representable points, without repeats
///         one point (and a segment drawn): the dot of the cap
///         each segment a→b, direction d, normal n = d rotated by 90° times h:
///             the rectangle a−n, b−n, b+n, a+n (square caps: a and b moved out by h·d at the ends)
///         each vertex b where d1 turns into d2 (turn φ = atan2(d1 × d2, d1 · d2) ≠ 0):
///             outer corners u, v: b + the normals on the outer side, ordered so the angle grows
///             round: the sector b, u ⌒ v; bevel: the triangle b, u, v;
///             miter: b, u, tip, v with tip = b + (u + v − 2b) / (1 + d1 · d2),
///                    when cos(φ/2) ≥ 1 / miterLimit (else the bevel)
///         round caps: a disc at each end of an open subpath
///
/// Every piece is convex and wound clockwise on screen (positive shoelace area with y down),
/// so the winding number of a point is the number of pieces that contain it.
struct Stroker {
    /// Half the pen's width.
    let h: Double
    let cap: LineCap
    let join: LineJoin
    /// The smallest cos(φ/2) that keeps a miter: 1 / miter limit.
    let minimumMiterCosine: Double
    /// The pieces so far.
    private(set) var outline = BezierPath(fillRule: .nonZero)

    init(halfWidth: Double, cap: LineCap, join: LineJoin, miterLimit: Double) {
        h = halfWidth
        self.cap = cap
        self.join = join
        minimumMiterCosine = 1 / (miterLimit >= 1 ? miterLimit : 1)
    }

    /// Adds the pieces of one subpath, stopping once the outline has more than `budget` elements.
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
        let closed = directions.count == points.count  // a closed subpath has its closing segment
        for (i, d) in directions.enumerated() {
            var a = points[i], b = points[(i + 1) % points.count]
            if cap == .square && !closed {
                if i == 0 { a = Point(x: a.x - d.x * h, y: a.y - d.y * h) }
                if i == directions.count - 1 { b = Point(x: b.x + d.x * h, y: b.y + d.y * h) }
            }
            rectangle(from: a, to: b, direction: d)
            if outline.elements.count > budget { return }
        }
        for vertex in (closed ? 0 : 1)..<(closed ? points.count : points.count - 1) {
            let incoming = directions[(vertex + directions.count - 1) % directions.count]
            joinPiece(at: points[vertex], from: incoming, to: directions[vertex])
            if outline.elements.count > budget { return }
        }
        if cap == .round && !closed {
            disc(at: first)
            disc(at: points[points.count - 1])
        }
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

    /// The rectangle around the segment a→b, of half width h.
    private mutating func rectangle(from a: Point, to b: Point, direction d: Point) {
        let nx = -d.y * h, ny = d.x * h
        polygon([Point(x: a.x - nx, y: a.y - ny), Point(x: b.x - nx, y: b.y - ny),
                 Point(x: b.x + nx, y: b.y + ny), Point(x: a.x + nx, y: a.y + ny)])
    }

    /// The join at `b` on the outer side of the turn from `d1` to `d2`.
    private mutating func joinPiece(at b: Point, from d1: Point, to d2: Point) {
        let cross = d1.x * d2.y - d1.y * d2.x, dot = d1.x * d2.x + d1.y * d2.y
        if cross == 0 && dot > 0 { return }  // straight on
        // The outer side is right of the path (d rotated by −90°) when it turns towards +angle;
        // u → v is then the growing-angle order, which winds the pieces clockwise on screen.
        let right = cross > 0 || (cross == 0 && dot < 0)
        func outer(_ d: Point) -> Point { right ? Point(x: d.y * h, y: -d.x * h) : Point(x: -d.y * h, y: d.x * h) }
        let (u, v) = right ? (outer(d1), outer(d2)) : (outer(d2), outer(d1))
        let corner1 = Point(x: b.x + u.x, y: b.y + u.y), corner2 = Point(x: b.x + v.x, y: b.y + v.y)
        switch join {
        case .round:
            let start = atan2(u.y, u.x)
            outline.move(to: b)
            outline.addArc(center: b, radius: h, startAngle: start, endAngle: start + abs(atan2(cross, dot)),
                           clockwise: true)
            outline.close()
        case .miter, .bevel:
            guard cross != 0 else { return }  // a 180° turn: nothing beyond the square ends
            let halfTurnCosine = ((1 + dot) / 2).squareRoot()
            if join == .miter && halfTurnCosine >= minimumMiterCosine {
                let tip = Point(x: b.x + (u.x + v.x) / (1 + dot), y: b.y + (u.y + v.y) / (1 + dot))
                if tip.x.isFinite && tip.y.isFinite {
                    polygon([b, corner1, tip, corner2])
                    return
                }
            }
            polygon([b, corner1, corner2])
        }
    }

    /// The cap of a subpath that goes nowhere: a disc or an axis-aligned square.
    private mutating func dot(at point: Point) {
        switch cap {
        case .butt: return
        case .round: disc(at: point)
        case .square:
            outline.append(BezierPath(rect: Rect(x: point.x - h, y: point.y - h, width: 2 * h, height: 2 * h)))
        }
    }

    /// A disc of radius h (clockwise on screen).
    private mutating func disc(at center: Point) {
        outline.append(BezierPath(ovalIn: Rect(x: center.x - h, y: center.y - h, width: 2 * h, height: 2 * h)))
    }

    /// A closed polygon, as given (the callers list its vertices clockwise on screen).
    private mutating func polygon(_ points: [Point]) {
        outline.move(to: points[0])
        for point in points.dropFirst() { outline.addLine(to: point) }
        outline.close()
    }
}
