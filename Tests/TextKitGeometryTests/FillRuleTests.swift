#if canImport(Glibc)
import Glibc
#endif
import Testing
import TextKitGeometry

/// Self-intersecting and nested contours under both fill rules.
@Suite struct FillRuleTests {
    /// The x where the line through p and q meets the height y.
    func lineX(_ p: Point, _ q: Point, atY y: Double) -> Double {
        p.x + (q.x - p.x) * (y - p.y) / (q.y - p.y)
    }

    /// The tips of a regular pentagram of radius 100 around the origin, top tip first, clockwise.
    var tips: [Point] {
        (0..<5).map { k in
            let angle = 2 * Double.pi * Double(k) / 5
            return Point(x: 100 * sin(angle), y: -100 * cos(angle))
        }
    }

    /// The pentagram drawn in one stroke: tips 0, 2, 4, 1, 3.
    func star(_ rule: FillRule) -> FilledRegion {
        let t = tips
        return FilledRegion(path: polygonPath([[0, 2, 4, 1, 3].map { (t[$0].x, t[$0].y) }],
                                              fillRule: rule))
    }

    @Test func pentagramCentreIsFilledOnlyForNonZero() throws {
        let t = tips
        // In the band −1...1, the arms are bounded outside by the lines 1–3 and 4–2 and inside
        // (the central pentagon) by 0–2 and 0–3; all widest at the band's top, y = −1.
        let outer = lineX(t[1], t[3], atY: -1), inner = lineX(t[0], t[2], atY: -1)
        #expect(spansMatch(star(.nonZero).coveredSpans(minY: -1, maxY: 1),
                           spans((-outer, outer))))
        #expect(spansMatch(star(.evenOdd).coveredSpans(minY: -1, maxY: 1),
                           spans((-outer, -inner), (inner, outer))))
        #expect(star(.nonZero).contains(Point(x: 0, y: 0)))
        #expect(!star(.evenOdd).contains(Point(x: 0, y: 0)))
        #expect(star(.evenOdd).contains(Point(x: 0, y: -60)))
        #expect(!star(.evenOdd).intersects(Rect(x: -5, y: -5, width: 10, height: 10)))
        #expect(star(.nonZero).intersects(Rect(x: -5, y: -5, width: 10, height: 10)))
    }

    @Test func pentagramTipBandsAgreeForBothRules() {
        // Above the central pentagon (y < −30.9) only the top tip is crossed.
        let t = tips
        let half = lineX(t[0], t[2], atY: -40)
        for rule in [FillRule.nonZero, .evenOdd] {
            #expect(spansMatch(star(rule).coveredSpans(minY: -90, maxY: -40),
                               spans((-half, half))))
        }
    }

    let outer = [(0.0, 0.0), (30.0, 0.0), (30.0, 30.0), (0.0, 30.0)]
    let inner = [(10.0, 10.0), (20.0, 10.0), (20.0, 20.0), (10.0, 20.0)]

    @Test func ringWithHoleUnderEachRule() {
        let evenOdd = FilledRegion(path: polygonPath([outer, inner], fillRule: .evenOdd))
        let opposite = FilledRegion(path: polygonPath([outer, inner.reversed()]))
        let same = FilledRegion(path: polygonPath([outer, inner]))
        for ring in [evenOdd, opposite] {
            #expect(spansMatch(ring.coveredSpans(minY: 12, maxY: 18), spans((0, 10), (20, 30))))
            #expect(spansMatch(ring.coveredSpans(minY: 12, maxY: 22), spans((0, 30))))
            #expect(!ring.contains(Point(x: 15, y: 15)))
            #expect(ring.contains(Point(x: 5, y: 15)))
            #expect(!ring.intersects(Rect(x: 10, y: 10, width: 10, height: 10)))
        }
        #expect(spansMatch(same.coveredSpans(minY: 12, maxY: 18), spans((0, 30))))
        #expect(same.contains(Point(x: 15, y: 15)))
        #expect(same.intersects(Rect(x: 10, y: 10, width: 10, height: 10)))
    }

    @Test func circularRingWithHole() {
        var path = BezierPath(fillRule: .evenOdd)
        path.addArc(center: Point(x: 0, y: 0), radius: 100, startAngle: 0,
                    endAngle: 2 * Double.pi, clockwise: true)
        path.close()
        path.addArc(center: Point(x: 0, y: 0), radius: 40, startAngle: 0,
                    endAngle: 2 * Double.pi, clockwise: true)
        path.close()
        let ring = FilledRegion(path: path, tolerance: 0.001)
        // Band −10...10 straddles the centre: the hole is narrowest at y = ±10.
        let hole = (1600.0 - 100).squareRoot()
        #expect(spansMatch(ring.coveredSpans(minY: -10, maxY: 10),
                           spans((-100, -hole), (hole, 100)), tolerance: 0.01))
    }

    @Test func bowTieCrossingInsideTheBand() {
        // Edges (0,0)–(10,10) and (10,0)–(0,10) cross at (5, 5). The left triangle spans
        // [0, min(y, 10 − y)] and the right one [max(y, 10 − y), 10], so in the band 4...6 both
        // reach x = 5 at y = 5: sampling only y = 4 and y = 6 would leave a gap (4, 6).
        let bowTie = [(0.0, 0.0), (10.0, 10.0), (10.0, 0.0), (0.0, 10.0)]
        for rule in [FillRule.nonZero, .evenOdd] {
            let region = FilledRegion(path: polygonPath([bowTie], fillRule: rule))
            #expect(spansMatch(region.coveredSpans(minY: 4, maxY: 6), spans((0, 10))))
            #expect(spansMatch(region.coveredSpans(minY: 4.5, maxY: 6), spans((0, 10))))
            #expect(spansMatch(region.coveredSpans(minY: 1, maxY: 3), spans((0, 3), (7, 10))))
            #expect(spansMatch(region.coveredSpans(minY: 5, maxY: 5), spans((0, 10))))
            #expect(!region.isEmpty)
        }
    }

    @Test func asymmetricBowTieReachesFurthestAtTheCrossing() {
        // Edges (0,0)–(12,8) and (12,0)–(0,8) cross at (6, 4); the band 3...6 holds the crossing.
        // Left lobe: [0, min(1.5y, 12 − 1.5y)], widest at y = 4 (x = 6); the band's limits only
        // reach 4.5 and 3.
        let region = FilledRegion(path: polygonPath(
            [[(0, 0), (12, 8), (12, 0), (0, 8)]]))
        #expect(spansMatch(region.coveredSpans(minY: 3, maxY: 6), spans((0, 12))))
        #expect(spansMatch(region.coveredSpans(minY: 0.5, maxY: 2), spans((0, 3), (9, 12))))
    }

    @Test func overlappingContoursNonZeroVersusEvenOdd() {
        let a = [(0.0, 0.0), (20.0, 0.0), (20.0, 10.0), (0.0, 10.0)]
        let b = [(10.0, 0.0), (30.0, 0.0), (30.0, 10.0), (10.0, 10.0)]
        let nonZero = FilledRegion(path: polygonPath([a, b]))
        let evenOdd = FilledRegion(path: polygonPath([a, b], fillRule: .evenOdd))
        #expect(spansMatch(nonZero.coveredSpans(minY: 2, maxY: 8), spans((0, 30))))
        #expect(spansMatch(evenOdd.coveredSpans(minY: 2, maxY: 8), spans((0, 10), (20, 30))))
        #expect(evenOdd.fillRule == .evenOdd)
    }
}
