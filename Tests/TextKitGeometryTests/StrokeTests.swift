import Testing
import TextKitGeometry

/// `BezierPath.stroked` and `Exclusion(stroking:)`: caps, joins, miter limits and the
/// degenerate input a freehand pen produces, against values worked out by hand.
@Suite struct StrokeTests {
    func polyline(_ points: [(Double, Double)], closed: Bool = false) -> BezierPath {
        var path = BezierPath()
        path.move(to: Point(x: points[0].0, y: points[0].1))
        for (x, y) in points.dropFirst() { path.addLine(to: Point(x: x, y: y)) }
        if closed { path.close() }
        return path
    }

    let line = BezierPath(elements: [.move(to: Point(x: 0, y: 0)), .line(to: Point(x: 100, y: 0))])

    @Test func aLineExcludesNothingUntilStroked() {
        #expect(ExclusionRegion(Exclusion(path: line, margin: 10)).isEmpty)
        let stroke = ExclusionRegion(Exclusion(stroking: line, width: 10, lineCap: .butt))
        #expect(!stroke.isEmpty)
        #expect(spansMatch(stroke.coveredSpans(minY: -2, maxY: 2), spans((0, 100))))
        #expect(spansMatch(stroke.coveredSpans(minY: 4, maxY: 8), spans((0, 100))))
        #expect(stroke.coveredSpans(minY: 5, maxY: 8).isEmpty)  // touches the edge only
    }

    @Test func capsEndTheLine() {
        for (cap, expected) in [(LineCap.butt, (0.0, 100.0)), (.square, (-5, 105)), (.round, (-5, 105))] {
            let region = FilledRegion(path: line.stroked(width: 10, lineCap: cap))
            let band = region.coveredSpans(minY: -1, maxY: 1)
            #expect(band.count == 1 && abs(band[0].minX - expected.0) < 0.011 && abs(band[0].maxX - expected.1) < 0.011,
                    "\(cap): \(band)")
        }
        // 4 below the line: a round cap's chord is ±√(25 − 16) = ±3 around the end; a square one is full.
        let round = FilledRegion(path: line.stroked(width: 10, lineCap: .round)).coveredSpans(minY: 4, maxY: 4)
        #expect(round.count == 1 && abs(round[0].minX + 3) < 0.02 && abs(round[0].maxX - 103) < 0.02, "\(round)")
        let square = FilledRegion(path: line.stroked(width: 10, lineCap: .square)).coveredSpans(minY: 4, maxY: 4)
        #expect(spansMatch(square, spans((-5, 105))))
    }

    @Test func aPointIsADotWithRoundOrSquareCaps() {
        let point = BezierPath(elements: [.move(to: Point(x: 10, y: 20)), .line(to: Point(x: 10, y: 20))])
        let disc = FilledRegion(path: point.stroked(width: 8, lineCap: .round))
        #expect(disc.contains(Point(x: 13.9, y: 20)) && disc.contains(Point(x: 12.8, y: 22.8)))
        #expect(!disc.contains(Point(x: 14.1, y: 20)) && !disc.contains(Point(x: 13.9, y: 23.9)))
        let square = FilledRegion(path: point.stroked(width: 8, lineCap: .square))
        #expect(square.contains(Point(x: 13.9, y: 23.9)) && !square.contains(Point(x: 14.1, y: 20)))
        #expect(point.stroked(width: 8, lineCap: .butt).isEmpty)
        // `M p Z` draws a zero-length segment too; a lone `M p` draws nothing.
        let closedDot = BezierPath(elements: [.move(to: Point(x: 10, y: 20)), .close])
        #expect(FilledRegion(path: closedDot.stroked(width: 8, lineCap: .round)).contains(Point(x: 10, y: 23)))
        #expect(BezierPath(elements: [.move(to: Point(x: 10, y: 20))]).stroked(width: 8, lineCap: .round).isEmpty)
    }

    @Test func repeatedPointsChangeNothing() {
        let repeated = polyline([(0, 0), (0, 0), (50, 0), (50, 0), (50, 0), (50, 40), (50, 40)])
        let plain = polyline([(0, 0), (50, 0), (50, 40)])
        for join in LineJoin.allCases {
            for cap in LineCap.allCases {
                #expect(repeated.stroked(width: 6, lineCap: cap, lineJoin: join)
                        == plain.stroked(width: 6, lineCap: cap, lineJoin: join), "\(cap) \(join)")
            }
        }
    }

    @Test func miterLimitBevelsSharpTurns() {
        // A right angle: the miter is √2 ≈ 1.414 times the width.
        let corner = polyline([(0, 0), (50, 0), (50, 50)])
        let tip = Point(x: 54.9, y: -4.9)  // near the miter's tip at (55, −5)
        #expect(FilledRegion(path: corner.stroked(width: 10, lineJoin: .miter, miterLimit: 1.5)).contains(tip))
        #expect(!FilledRegion(path: corner.stroked(width: 10, lineJoin: .miter, miterLimit: 1.4)).contains(tip))
        #expect(!FilledRegion(path: corner.stroked(width: 10, lineJoin: .bevel)).contains(tip))
        // The bevel cuts from (50, −5) to (55, 0): (52, −2) is inside, (53, −3) is not.
        let bevel = FilledRegion(path: corner.stroked(width: 10, lineJoin: .bevel))
        #expect(bevel.contains(Point(x: 52, y: -2.4)) && !bevel.contains(Point(x: 53, y: -3)))
        let round = FilledRegion(path: corner.stroked(width: 10, lineJoin: .round))
        #expect(round.contains(Point(x: 53.5, y: -3.5)) && !round.contains(Point(x: 53.7, y: -3.7)))
        // NaN and limits below 1 bevel everything.
        #expect(corner.stroked(width: 10, lineJoin: .miter, miterLimit: .nan) == corner.stroked(width: 10, lineJoin: .bevel))
        #expect(corner.stroked(width: 10, lineJoin: .miter, miterLimit: 0.2) == corner.stroked(width: 10, lineJoin: .bevel))
    }

    @Test func aTurnStraightBackEndsSquareOrRound() {
        let back = polyline([(0, 0), (50, 0), (10, 0)])
        for join in [LineJoin.miter, .bevel] {
            let region = FilledRegion(path: back.stroked(width: 10, lineJoin: join, miterLimit: .infinity))
            #expect(spansMatch(region.coveredSpans(minY: -1, maxY: 1), spans((0, 50))), "\(join)")
        }
        let round = FilledRegion(path: back.stroked(width: 10, lineJoin: .round)).coveredSpans(minY: -1, maxY: 1)
        #expect(round.count == 1 && round[0].minX == 0 && abs(round[0].maxX - 55) < 0.011, "\(round)")
        // A closed two-point subpath turns back at both ends.
        let closed = FilledRegion(path: polyline([(0, 0), (50, 0)], closed: true).stroked(width: 10, lineJoin: .round))
        let both = closed.coveredSpans(minY: -1, maxY: 1)
        #expect(both.count == 1 && abs(both[0].minX + 5) < 0.011 && abs(both[0].maxX - 55) < 0.011, "\(both)")
    }

    @Test func aSelfCrossingStrokeHasNoHoles() {
        // A figure eight and a loop drawn over itself: every point within the pen is inside.
        let eight = polyline([(0, 0), (100, 100), (100, 0), (0, 100), (0, 0)])
        for join in LineJoin.allCases {
            let region = FilledRegion(path: eight.stroked(width: 12, lineCap: .round, lineJoin: join))
            for point in [Point(x: 50, y: 50), Point(x: 53, y: 50), Point(x: 50, y: 55), Point(x: 100, y: 50), Point(x: 0, y: 50)] {
                #expect(region.contains(point), "\(join) \(point)")
            }
            #expect(!region.contains(Point(x: 80, y: 50)) && !region.contains(Point(x: 50, y: 20)))
        }
        let twice = polyline([(0, 0), (100, 0), (0, 0), (100, 0)])
        #expect(FilledRegion(path: twice.stroked(width: 4)).contains(Point(x: 50, y: 1.9)))
    }

    @Test func badInputStrokesNothingOrIsIgnored() {
        for width: Double in [0, -3, .nan, .infinity, -.infinity] {
            #expect(line.stroked(width: width).isEmpty, "\(width)")
        }
        // Non-finite points are left out, as FilledRegion leaves them out.
        var withNaN = BezierPath()
        withNaN.move(to: Point(x: 0, y: 0))
        withNaN.addLine(to: Point(x: .nan, y: 5))
        withNaN.addLine(to: Point(x: 100, y: .infinity))
        withNaN.addLine(to: Point(x: 100, y: 0))
        #expect(withNaN.stroked(width: 4, lineJoin: .round) == line.stroked(width: 4, lineJoin: .round))
        var onlyNaN = BezierPath()
        onlyNaN.move(to: Point(x: .nan, y: 0))
        onlyNaN.addCurve(to: Point(x: 1, y: .nan), control1: Point(x: .infinity, y: 0), control2: Point(x: 0, y: 0))
        #expect(FilledRegion(path: onlyNaN.stroked(width: 4, lineCap: .round)).isEmpty)
    }

    @Test func hugeCoordinatesStayExactAndFinite() {
        // Far from the origin: the band is still exactly ±5 around the line.
        let far = polyline([(1e12, 1e12), (1e12 + 100, 1e12)])
        let region = FilledRegion(path: far.stroked(width: 10))
        #expect(region.contains(Point(x: 1e12 + 50, y: 1e12 + 4.9)) && !region.contains(Point(x: 1e12 + 50, y: 1e12 + 5.1)))
        // Points across the whole range of Double: no overflow, every coordinate finite.
        let wide = polyline([(-1.7e308, -1.7e308), (1.7e308, 1.7e308), (1.7e308, -1.7e308)])
        let vast = polyline([(-1e150, -1e150), (1e150, 1e150), (1e150, -1e150)])
        for join in LineJoin.allCases {
            for cap in LineCap.allCases {
                let outline = wide.stroked(width: 1e300, lineCap: cap, lineJoin: join, miterLimit: 1e6)
                #expect(!outline.isEmpty && outline.elements.allSatisfy { isFinite($0) }, "\(cap) \(join)")
                let region = FilledRegion(path: vast.stroked(width: 1e140, lineCap: cap, lineJoin: join), tolerance: 1e137)
                #expect(region.contains(Point(x: 1e139, y: 1e139)) && !region.contains(Point(x: 0, y: 1e141)), "\(cap) \(join)")
            }
        }
        // A pen so wide its outline would overflow is left out, not made infinite.
        #expect(BezierPath(elements: [.move(to: Point(x: 1.7e308, y: 0)), .line(to: Point(x: 1.7e308, y: 0))])
            .stroked(width: 1e308, lineCap: .round).isEmpty)
    }

    @Test func curvesAreFlattenedWithinTheTolerance() {
        var curve = BezierPath()
        curve.move(to: Point(x: 0, y: 0))
        curve.addCurve(to: Point(x: 300, y: 0), control1: Point(x: 50, y: 200), control2: Point(x: 250, y: -200))
        let h = 6.0
        let region = FilledRegion(path: curve.stroked(width: 2 * h, lineJoin: .round))
        for step in 1..<100 {
            let t = Double(step) / 100, dt = 1e-6
            let p = Flattening.cubicPoint(Point(x: 0, y: 0), Point(x: 50, y: 200), Point(x: 250, y: -200), Point(x: 300, y: 0), t)
            let q = Flattening.cubicPoint(Point(x: 0, y: 0), Point(x: 50, y: 200), Point(x: 250, y: -200), Point(x: 300, y: 0), t + dt)
            let normal = unit(Point(x: -(q.y - p.y), y: q.x - p.x))
            for side in [-1.0, 1] {
                #expect(region.contains(p + normal * (side * (h - 0.03))), "t \(t) side \(side)")
                #expect(!region.contains(p + normal * (side * (h + 0.03))), "t \(t) side \(side)")
            }
        }
    }

    @Test func outlineIsNonZeroAndWoundOneWay() {
        let stroke = polyline([(0, 0), (40, 10), (10, 30), (60, 60)]).stroked(width: 8, lineCap: .round, lineJoin: .round)
        #expect(stroke.fillRule == .nonZero)
        // One contour for an open path, wound clockwise on screen: positive shoelace area with y down.
        let polygons = stroke.flattened()
        #expect(polygons.count == 1)
        for polygon in polygons {
            let area = zip(polygon, polygon.dropFirst() + [polygon[0]]).reduce(0) { $0 + cross($1.0, $1.1) }
            #expect(area > 0)
        }
        // A closed path: its two sides.
        #expect(polyline([(0, 0), (40, 10), (10, 30)], closed: true).stroked(width: 4).flattened().count == 2)
    }

    func isFinite(_ element: BezierPath.Element) -> Bool {
        switch element {
        case .move(let p), .line(let p): p.x.isFinite && p.y.isFinite
        case .quadCurve(let p, let c): [p, c].allSatisfy { $0.x.isFinite && $0.y.isFinite }
        case .curve(let p, let c1, let c2): [p, c1, c2].allSatisfy { $0.x.isFinite && $0.y.isFinite }
        case .close: true
        }
    }
}
