import Testing
import TextKitGeometry
import SeededRandom

/// `BezierPath.stroked` on random polylines against `ReferenceStroke` (membership) and
/// `ReferenceProjection` (band extents).
@Suite struct StrokePropertyTests {
    /// A random polyline with the degenerate cases drawn often: repeated points, points that
    /// turn straight back, a single point, grid coordinates (horizontal and vertical segments).
    func randomPolyline(_ rng: inout SplitMix64) -> [Point] {
        let grid = Bool.random(using: &rng)
        func coordinate() -> Double {
            grid ? Double(Int.random(in: 0...10, using: &rng)) * 10 : Double.random(in: 0...100, using: &rng)
        }
        var points = [Point(x: coordinate(), y: coordinate())]
        for _ in 0..<Int.random(in: 0...6, using: &rng) {
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: points.append(points[points.count - 1])  // a zero-length segment
            case 1 where points.count > 1: points.append(points[points.count - 2])  // straight back
            case 2 where points.count > 1:  // straight back, part of the way
                let a = points[points.count - 2], b = points[points.count - 1]
                points.append(b + (a - b) * 0.5)
            default: points.append(Point(x: coordinate(), y: coordinate()))
            }
        }
        return points
    }

    func path(_ points: [Point], closed: Bool) -> BezierPath {
        var path = BezierPath()
        path.move(to: points[0])
        if points.count == 1 { path.addLine(to: points[0]) }
        for point in points.dropFirst() { path.addLine(to: point) }
        if closed { path.close() }
        return path
    }

    struct Case {
        var points: [Point], closed: Bool, width: Double, cap: LineCap, join: LineJoin, miterLimit: Double
        var reference: ReferenceStroke {
            ReferenceStroke(points: points, closed: closed, width: width, cap: cap, join: join, miterLimit: miterLimit)
        }
    }

    func randomCase(_ rng: inout SplitMix64) -> Case {
        Case(points: randomPolyline(&rng), closed: Int.random(in: 0..<4, using: &rng) == 0,
             width: Double.random(in: 0.5...30, using: &rng), cap: LineCap.allCases.randomElement(using: &rng)!,
             join: LineJoin.allCases.randomElement(using: &rng)!, miterLimit: Double.random(in: 0.5...6, using: &rng))
    }

    /// Points clearly inside (inside the stroke `slack` narrower) are inside; points clearly
    /// outside (outside the stroke `slack` wider) are outside. The flattened arcs lie within
    /// 0.01 pt of the circles, so a slack of 0.02 decides.
    @Test func membershipMatchesTheGeometricRules() {
        var rng = SplitMix64(seed: 0x5770_4E5)
        let slack = 0.02
        var decided = 0
        for round in 0..<400 {
            let c = randomCase(&rng)
            let region = FilledRegion(path: path(c.points, closed: c.closed)
                .stroked(width: c.width, lineCap: c.cap, lineJoin: c.join, miterLimit: c.miterLimit))
            let reference = c.reference, h = c.width / 2
            for _ in 0..<150 {
                let p = Point(x: Double.random(in: -40...140, using: &rng), y: Double.random(in: -40...140, using: &rng))
                let inside = region.contains(p)
                if reference.contains(p, halfWidth: h - slack) {
                    #expect(inside, "round \(round) \(c) at \(p): should be inside")
                    decided += 1
                } else if !reference.contains(p, halfWidth: h + slack) {
                    #expect(!inside, "round \(round) \(c) at \(p): should be outside")
                    decided += 1
                }
            }
        }
        #expect(decided > 50_000)
    }

    /// With round caps and joins the stroke is exactly the points within width / 2 of the path.
    @Test func roundStrokeIsTheSetWithinHalfTheWidth() {
        var rng = SplitMix64(seed: 0xD15C)
        for round in 0..<200 {
            var c = randomCase(&rng)
            c.cap = .round
            c.join = .round
            let region = FilledRegion(path: path(c.points, closed: c.closed)
                .stroked(width: c.width, lineCap: .round, lineJoin: .round))
            let reference = c.reference, h = c.width / 2
            for _ in 0..<150 {
                let p = Point(x: Double.random(in: -40...140, using: &rng), y: Double.random(in: -40...140, using: &rng))
                let distance = reference.distance(to: p)
                guard abs(distance - h) > 0.02 else { continue }
                let inside = region.contains(p)
                #expect(inside == (distance < h), "round \(round) \(c) at \(p): distance \(distance)")
            }
        }
    }

    /// The band extents layout reads match the slow reference projection of the outline's
    /// flattened polygons (overlapping pieces, coincident edges and all).
    @Test func bandExtentsMatchTheReferenceProjection() {
        var rng = SplitMix64(seed: 0xBA4D)
        for round in 0..<120 {
            let c = randomCase(&rng)
            let stroke = path(c.points, closed: c.closed)
                .stroked(width: Double.random(in: 0.5...12, using: &rng), lineCap: c.cap, lineJoin: c.join,
                         miterLimit: c.miterLimit, tolerance: 0.25)
            let region = FilledRegion(path: stroke, tolerance: 0.25)
            let reference = ReferenceProjection(polygons: stroke.flattened(tolerance: 0.25), fillRule: .nonZero)
            let ys = c.points.map(\.y)
            for _ in 0..<3 {
                let minY: Double, maxY: Double
                if Bool.random(using: &rng) {
                    minY = ys.randomElement(using: &rng)! + [-5, 0, 5].randomElement(using: &rng)!
                    maxY = minY + [0, 0.5, 12].randomElement(using: &rng)!
                } else {
                    minY = Double.random(in: -20...110, using: &rng)
                    maxY = minY + Double.random(in: 0...25, using: &rng)
                }
                let actual = region.coveredSpans(minY: minY, maxY: maxY)
                let expected = reference.projection(minY: minY, maxY: maxY)
                #expect(sameCoverage(actual, expected, slack: 1e-6), "round \(round) \(c) band \(minY)...\(maxY): \(actual) vs \(expected)")
            }
        }
    }

    /// Through ExclusionRegion, with a margin: a stroked line grown by a margin covers what a
    /// round pen wider by twice the margin covers. Flattened arcs lie up to 0.01 inside their
    /// circles, so the grown stroke lies between the pens 0.04 narrower and 0.04 wider.
    @Test func marginGrowsAStrokeLikeAWiderRoundPen() {
        var rng = SplitMix64(seed: 0x3A26)
        for round in 0..<60 {
            var points = randomPolyline(&rng)
            if points.count == 1 { points.append(Point(x: 50, y: 50)) }
            let margin = Double.random(in: 0.5...8, using: &rng), width = Double.random(in: 1...10, using: &rng)
            let line = path(points, closed: false)
            let grown = ExclusionRegion(Exclusion(stroking: line, width: width, margin: margin))
            let narrower = ExclusionRegion(Exclusion(stroking: line, width: width + 2 * margin - 0.04))
            let wider = ExclusionRegion(Exclusion(stroking: line, width: width + 2 * margin + 0.04))
            for _ in 0..<4 {
                let minY = Double.random(in: -30...120, using: &rng), maxY = minY + Double.random(in: 0...20, using: &rng)
                let spans = grown.coveredSpans(minY: minY, maxY: maxY)
                let inner = narrower.coveredSpans(minY: minY, maxY: maxY), outer = wider.coveredSpans(minY: minY, maxY: maxY)
                #expect(inner.allSatisfy { someSpan(in: spans, contains: $0, slack: 1e-9) }, "round \(round) \(points) band \(minY)...\(maxY)")
                #expect(spans.allSatisfy { someSpan(in: outer, contains: $0, slack: 1e-9) }, "round \(round) \(points) band \(minY)...\(maxY)")
            }
        }
    }
}
