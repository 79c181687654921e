#if canImport(Glibc)
import Glibc
#endif
import Testing
import TextKitGeometry

/// AffineTransform, BezierPath.applying and arcs.
@Suite struct TransformTests {
    func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    @Test func basicTransformsMapPoints() {
        let p = Point(x: 3, y: 4)
        #expect(AffineTransform.identity.apply(to: p) == p)
        #expect(AffineTransform.identity.isIdentity)
        #expect(AffineTransform(translationX: 10, y: -2).apply(to: p) == Point(x: 13, y: 2))
        #expect(AffineTransform(scaleX: 2, y: -1).apply(to: p) == Point(x: 6, y: -4))
        // A quarter turn takes +x to +y: clockwise on screen, where y points down.
        let quarter = AffineTransform(rotationAngle: Double.pi / 2)
        #expect(close(quarter.apply(to: Point(x: 1, y: 0)), Point(x: 0, y: 1)))
        #expect(close(quarter.apply(to: p), Point(x: -4, y: 3)))
        let skew = AffineTransform(skewXAngle: Double.pi / 4)
        #expect(close(skew.apply(to: p), Point(x: 7, y: 4)))
        let skewY = AffineTransform(skewYAngle: Double.pi / 4)
        #expect(close(skewY.apply(to: p), Point(x: 3, y: 7)))
        #expect(!quarter.isIdentity)
    }

    @Test func concatenatingAppliesSelfFirst() {
        let translate = AffineTransform(translationX: 1, y: 0)
        let scale = AffineTransform(scaleX: 2, y: 3)
        let p = Point(x: 1, y: 1)
        #expect(translate.concatenating(scale).apply(to: p) == Point(x: 4, y: 3))
        #expect(scale.concatenating(translate).apply(to: p) == Point(x: 3, y: 3))
        let turn = AffineTransform(rotationAngle: 0.3)
        let back = AffineTransform(rotationAngle: -0.3)
        #expect(close(turn.concatenating(back).apply(to: p), p))
    }

    @Test func applyingMovesEveryPointAndKeepsTheFillRule() {
        var path = BezierPath(fillRule: .evenOdd)
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 10, y: 0))
        path.addQuadCurve(to: Point(x: 10, y: 10), control: Point(x: 15, y: 5))
        path.addCurve(to: Point(x: 0, y: 10), control1: Point(x: 7, y: 12),
                      control2: Point(x: 3, y: 12))
        path.close()
        let moved = path.applying(AffineTransform(translationX: 5, y: 100))
        #expect(moved.fillRule == .evenOdd)
        #expect(moved.elements == [
            .move(to: Point(x: 5, y: 100)),
            .line(to: Point(x: 15, y: 100)),
            .quadCurve(to: Point(x: 15, y: 110), control: Point(x: 20, y: 105)),
            .curve(to: Point(x: 5, y: 110), control1: Point(x: 12, y: 112),
                   control2: Point(x: 8, y: 112)),
            .close,
        ])
        #expect(moved.bounds == path.bounds.offsetBy(dx: 5, dy: 100))
        #expect(path.applying(.identity) == path)
    }

    @Test func scaledRegionScalesItsSpans() {
        let triangle = polygonPath([[(5, 0), (10, 10), (0, 10)]])
        let region = FilledRegion(path: triangle.applying(AffineTransform(scaleX: 2, y: 2)))
        // The triangle doubled: at y it spans [10 − y/2, 10 + y/2].
        #expect(spansMatch(region.coveredSpans(minY: 4, maxY: 8), spans((6, 14))))
    }

    @Test func clockwiseArcEndpoints() {
        var path = BezierPath()
        path.addArc(center: Point(x: 0, y: 0), radius: 10, startAngle: 0,
                    endAngle: Double.pi / 2, clockwise: true)
        guard case .move(let start) = path.elements.first else {
            Issue.record("an arc on an empty path starts a subpath")
            return
        }
        #expect(close(start, Point(x: 10, y: 0)))
        #expect(close(path.currentPoint, Point(x: 0, y: 10)))
        let b = path.bounds
        #expect(abs(b.minX) < 1e-9 && abs(b.maxX - 10) < 1e-9)
        #expect(abs(b.minY) < 1e-9 && abs(b.maxY - 10) < 1e-9)
        // The curve stays on the circle.
        for point in path.flattened(tolerance: 0.001)[0] {
            #expect(abs((point.x * point.x + point.y * point.y).squareRoot() - 10) < 1e-3)
        }
    }

    @Test func counterClockwiseArcGoesTheLongWay() {
        var path = BezierPath()
        path.addArc(center: Point(x: 0, y: 0), radius: 10, startAngle: 0,
                    endAngle: Double.pi / 2, clockwise: false)
        #expect(close(path.currentPoint, Point(x: 0, y: 10)))
        let b = path.bounds
        #expect(abs(b.minX + 10) < 1e-9 && abs(b.maxX - 10) < 1e-9)
        #expect(abs(b.minY + 10) < 1e-9 && abs(b.maxY - 10) < 1e-9)
    }

    @Test func arcAfterASegmentJoinsWithALine() {
        var path = BezierPath()
        path.move(to: Point(x: -20, y: 0))
        path.addArc(center: Point(x: 0, y: 0), radius: 5, startAngle: Double.pi,
                    endAngle: 2 * Double.pi, clockwise: true)
        guard case .line(let joint) = path.elements[1] else {
            Issue.record("expected a line to the arc's start")
            return
        }
        #expect(close(joint, Point(x: -5, y: 0)))
        #expect(close(path.currentPoint, Point(x: 5, y: 0)))
        // Clockwise from π to 2π passes through the top (y = −5), since y points down.
        #expect(abs(path.bounds.minY + 5) < 1e-9)
        #expect(abs(path.bounds.maxY) < 1e-9)
    }

    @Test func fullCircleRegionMatchesTheCircle() {
        var path = BezierPath()
        path.addArc(center: Point(x: 500, y: 500), radius: 400, startAngle: 0,
                    endAngle: 2 * Double.pi, clockwise: true)
        path.close()
        let region = FilledRegion(path: path, tolerance: 0.001)
        #expect(region.contains(Point(x: 500, y: 500)))
        #expect(region.contains(Point(x: 500 + 399.9, y: 500)))
        #expect(!region.contains(Point(x: 500 + 400.1, y: 500)))
        #expect(!region.contains(Point(x: 500 + 290, y: 500 + 290)))
        #expect(region.contains(Point(x: 500 + 282, y: 500 + 282)))
        #expect(abs(region.bounds.minX - 100) < 1e-6 && abs(region.bounds.maxY - 900) < 1e-6)
    }
}
