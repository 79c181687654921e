import TextKitGeometry

/// A slow, obviously correct band projection for closed polygons, to check `FilledRegion`.
///
/// The band is cut at every vertex y and every y where two edges meet (all pairs, O(n²)); in
/// each slab between those the filled area is a set of trapezoids, found by walking the
/// edges at the slab's top and bottom, and projected one by one.
struct ReferenceProjection {
    struct Segment {
        var a: Point, b: Point
    }

    let segments: [Segment]
    let fillRule: FillRule
    /// Widths below this are rounding noise (coincident edges), not area.
    static let noise = 1e-9

    init(segments: [Segment], fillRule: FillRule) {
        self.segments = segments
        self.fillRule = fillRule
    }

    init(polygons: [[Point]], fillRule: FillRule) {
        var segments: [Segment] = []
        for polygon in polygons {
            for i in polygon.indices {
                segments.append(Segment(a: polygon[i], b: polygon[(i + 1) % polygon.count]))
            }
        }
        self.segments = segments
        self.fillRule = fillRule
    }

    func isFilled(_ winding: Int) -> Bool {
        fillRule == .nonZero ? winding != 0 : winding % 2 != 0
    }

    /// The gaps between consecutive edges crossing the line at `y`, taken just below
    /// (`below`) or just above it, evaluated on the line, with whether each is filled.
    func gaps(at y: Double, below: Bool) -> [(left: Double, right: Double, filled: Bool)] {
        var hits: [(x: Double, key: Double, winding: Int)] = []
        for s in segments where s.a.y != s.b.y {
            let top = min(s.a.y, s.b.y), bottom = max(s.a.y, s.b.y)
            let through = below ? (top <= y && y < bottom) : (top < y && y <= bottom)
            guard through else { continue }
            let t = (y - s.a.y) / (s.b.y - s.a.y)
            let x = y == s.a.y ? s.a.x : (y == s.b.y ? s.b.x : s.a.x + t * (s.b.x - s.a.x))
            let slope = (s.b.x - s.a.x) / (s.b.y - s.a.y)
            hits.append((x, below ? slope : -slope, s.b.y > s.a.y ? 1 : -1))
        }
        hits.sort { $0.x < $1.x || ($0.x == $1.x && $0.key < $1.key) }
        var result: [(left: Double, right: Double, filled: Bool)] = []
        var winding = 0
        for i in hits.indices.dropLast() {
            winding += hits[i].winding
            result.append((hits[i].x, hits[i + 1].x, isFilled(winding)))
        }
        return result
    }

    /// The filled intervals of the line at `y`, from just below or just above it.
    func cut(at y: Double, below: Bool) -> [Span] {
        gaps(at: y, below: below).filter { $0.filled && $0.right - $0.left > Self.noise }
            .map { Span(minX: $0.left, maxX: $0.right) }
    }

    /// Every y in [minY, maxY] where a vertex lies or two segments meet.
    func criticalYs(minY: Double, maxY: Double) -> [Double] {
        let inBand = segments.filter { max($0.a.y, $0.b.y) >= minY && min($0.a.y, $0.b.y) <= maxY }
        var ys = [minY, maxY]
        for s in inBand {
            for y in [s.a.y, s.b.y] where y > minY && y < maxY { ys.append(y) }
        }
        for i in inBand.indices {
            for j in inBand.indices where j > i {
                let p = inBand[i], q = inBand[j]
                let r = Point(x: p.b.x - p.a.x, y: p.b.y - p.a.y)
                let s = Point(x: q.b.x - q.a.x, y: q.b.y - q.a.y)
                let denominator = r.x * s.y - r.y * s.x
                guard denominator != 0 else { continue }
                let w = Point(x: q.a.x - p.a.x, y: q.a.y - p.a.y)
                let t = (w.x * s.y - w.y * s.x) / denominator
                let u = (w.x * r.y - w.y * r.x) / denominator
                guard t >= 0, t <= 1, u >= 0, u <= 1 else { continue }
                let y = p.a.y + t * r.y
                if y > minY && y < maxY { ys.append(y) }
            }
        }
        return ys
    }

    /// The projection of the filled area over the band (the closure cut when minY == maxY).
    func projection(minY: Double, maxY: Double) -> [Span] {
        let local = segments.filter { max($0.a.y, $0.b.y) >= minY && min($0.a.y, $0.b.y) <= maxY }
        if local.count < segments.count {
            return ReferenceProjection(segments: local, fillRule: fillRule)
                .projection(minY: minY, maxY: maxY)
        }
        if minY == maxY {
            return mergedSpans(cut(at: minY, below: true) + cut(at: minY, below: false))
        }
        // Between consecutive critical y's the same edges cross in the same order, so gap i at
        // the slab's top and gap i at its bottom bound one trapezoid.
        let ys = Array(Set(criticalYs(minY: minY, maxY: maxY))).sorted()
        var pieces: [Span] = []
        for (top, bottom) in zip(ys, ys.dropFirst()) {
            let upper = gaps(at: top, below: true), lower = gaps(at: bottom, below: false)
            precondition(upper.count == lower.count, "edges change inside a slab")
            for (u, l) in zip(upper, lower) where u.filled && max(u.right - u.left, l.right - l.left) > Self.noise {
                pieces.append(Span(minX: min(u.left, l.left), maxX: max(u.right, l.right)))
            }
        }
        return mergedSpans(pieces)
    }
}

/// Whether some span of `list` contains `span`, allowing `slack` at both ends.
func someSpan(in list: [Span], contains span: Span, slack: Double) -> Bool {
    list.contains { $0.minX - slack <= span.minX && span.maxX <= $0.maxX + slack }
}

/// Whether two span lists cover the same set, up to `slack`: each span of one lies within a
/// single span of the other (so gaps wider than `slack` must match too).
func sameCoverage(_ a: [Span], _ b: [Span], slack: Double) -> Bool {
    a.allSatisfy { someSpan(in: b, contains: $0, slack: slack) }
        && b.allSatisfy { someSpan(in: a, contains: $0, slack: slack) }
}

/// `spans` sorted, with overlapping or touching ones (up to 1e-9, rounding at crossings) joined.
func mergedSpans(_ spans: [Span]) -> [Span] {
    var result: [Span] = []
    for span in spans.sorted(by: { $0.minX < $1.minX }) {
        if let last = result.last, span.minX <= last.maxX + 1e-9 {
            result[result.count - 1].maxX = max(last.maxX, span.maxX)
        } else {
            result.append(span)
        }
    }
    return result
}
