#if canImport(Glibc)
import Glibc
#endif
import Testing
import TextKitGeometry

@Suite struct FlatteningTests {
    /// The largest distance from densely sampled curve points to the polygon's outline.
    func maximumDeviation(of path: BezierPath, from polygons: [[Point]], samples: Int) -> Double {
        let outline = polygons.flatMap { polygon in
            polygon.indices.map { (polygon[$0], polygon[($0 + 1) % polygon.count]) }
        }
        var worst = 0.0
        var current = Point.zero
        for element in path.elements {
            var curvePoints: [Point] = []
            switch element {
            case .move(let p), .line(let p): current = p
            case .quadCurve(let end, let control):
                curvePoints = (0...samples).map {
                    Flattening.quadPoint(current, control, end, Double($0) / Double(samples))
                }
                current = end
            case .curve(let end, let c1, let c2):
                curvePoints = (0...samples).map {
                    Flattening.cubicPoint(current, c1, c2, end, Double($0) / Double(samples))
                }
                current = end
            case .close: break
            }
            for point in curvePoints {
                let nearest = outline.map { distance(from: point, toSegment: $0.0, $0.1) }.min()!
                worst = max(worst, nearest)
            }
        }
        return worst
    }

    @Test func bigCircleStaysWithinATinyTolerance() {
        var path = BezierPath()
        path.addArc(center: Point(x: 0, y: 0), radius: 1000, startAngle: 0,
                    endAngle: 2 * Double.pi, clockwise: true)
        path.close()
        let tolerance = 0.001
        let polygons = path.flattened(tolerance: tolerance)
        #expect(polygons.count == 1)
        #expect(maximumDeviation(of: path, from: polygons, samples: 400) <= tolerance)
        // Every vertex lies on the curve, so on the circle up to the arc's own error.
        for point in polygons[0] {
            #expect(abs((point.x * point.x + point.y * point.y).squareRoot() - 1000) < 1e-4)
        }
    }

    @Test func quadraticAndCubicCurvesStayWithinTolerance() {
        var path = BezierPath()
        path.move(to: Point(x: 0, y: 0))
        path.addQuadCurve(to: Point(x: 500, y: 0), control: Point(x: 250, y: 800))
        path.addCurve(to: Point(x: 0, y: 0), control1: Point(x: 900, y: -700),
                      control2: Point(x: -400, y: -300))
        path.close()
        for tolerance in [1.0, 0.01, 0.0005] {
            let polygons = path.flattened(tolerance: tolerance)
            #expect(maximumDeviation(of: path, from: polygons, samples: 1000) <= tolerance)
        }
    }

    @Test func coarserToleranceGivesFewerPoints() {
        let path = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 200, height: 100))
        let fine = path.flattened(tolerance: 0.001)[0].count
        let coarse = path.flattened(tolerance: 1)[0].count
        #expect(coarse < fine)
        #expect(coarse >= 4)
    }

    @Test func straightSegmentsKeepTheirVerticesOnly() {
        let path = polygonPath([[(0, 0), (10, 0), (10, 5), (0, 5)]])
        #expect(path.flattened() == [[Point(x: 0, y: 0), Point(x: 10, y: 0),
                                      Point(x: 10, y: 5), Point(x: 0, y: 5)]])
    }

    @Test func openSubpathsAreClosedImplicitly() {
        var path = BezierPath()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 4, y: 0))
        path.addLine(to: Point(x: 0, y: 3))
        path.move(to: Point(x: 10, y: 10))
        path.addLine(to: Point(x: 12, y: 10))
        path.addLine(to: Point(x: 12, y: 12))
        let polygons = path.flattened()
        #expect(polygons == [[Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 0, y: 3)],
                             [Point(x: 10, y: 10), Point(x: 12, y: 10), Point(x: 12, y: 12)]])
    }

    @Test func degenerateSubpathsAreDroppedAndDuplicatesRemoved() {
        var path = BezierPath()
        path.move(to: Point(x: 1, y: 1))                      // a lone move
        path.move(to: Point(x: 5, y: 5))
        path.addLine(to: Point(x: 5, y: 5))                   // zero length
        path.close()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 2, y: 0))
        path.addLine(to: Point(x: 2, y: 0))
        path.addLine(to: Point(x: 2, y: 2))
        path.addLine(to: Point(x: 0, y: 0))                   // back to the start, then close
        path.close()
        #expect(path.flattened() == [[Point(x: 0, y: 0), Point(x: 2, y: 0), Point(x: 2, y: 2)]])
    }

    @Test func segmentAfterCloseStartsAtTheSubpathStart() {
        var path = BezierPath()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 4, y: 0))
        path.addLine(to: Point(x: 4, y: 4))
        path.close()
        path.addLine(to: Point(x: -4, y: 0))
        path.addLine(to: Point(x: -4, y: -4))
        let polygons = path.flattened()
        #expect(polygons.count == 2)
        #expect(polygons[1] == [Point(x: 0, y: 0), Point(x: -4, y: 0), Point(x: -4, y: -4)])
    }

    @Test func boundsOfACircleIsItsSquare() {
        let oval = BezierPath(ovalIn: Rect(x: 10, y: 20, width: 60, height: 60))
        #expect(oval.bounds == Rect(x: 10, y: 20, width: 60, height: 60))
        var arc = BezierPath()
        arc.addArc(center: Point(x: 50, y: -30), radius: 200, startAngle: 0,
                   endAngle: 2 * Double.pi, clockwise: true)
        let b = arc.bounds
        #expect(abs(b.minX - -150) < 1e-9 && abs(b.maxX - 250) < 1e-9)
        #expect(abs(b.minY - -230) < 1e-9 && abs(b.maxY - 170) < 1e-9)
    }

    @Test func boundsUseCurveExtremaNotControlPoints() {
        var quad = BezierPath()
        quad.move(to: Point(x: 0, y: 0))
        quad.addQuadCurve(to: Point(x: 10, y: 0), control: Point(x: 5, y: 10))
        #expect(quad.bounds == Rect(x: 0, y: 0, width: 10, height: 5))

        var cubic = BezierPath()
        cubic.move(to: Point(x: 0, y: 0))
        cubic.addCurve(to: Point(x: 30, y: 0), control1: Point(x: 0, y: 40),
                       control2: Point(x: 30, y: 40))
        let b = cubic.bounds
        // y(t) = 120 t (1 − t): largest at t = 1/2, where it is 30.
        #expect(b.minX == 0 && b.maxX == 30 && b.minY == 0)
        #expect(abs(b.maxY - 30) < 1e-12)
    }

    @Test func boundsOfEmptyPathIsZero() {
        #expect(BezierPath().bounds == .zero)
        var path = BezierPath()
        path.move(to: Point(x: 5, y: 5))
        #expect(path.bounds == .zero)
    }

    @Test func boundsMatchTheFlattenedPolygon() {
        let path = BezierPath(roundedRect: Rect(x: -3, y: 4, width: 50, height: 20),
                              cornerRadiusX: 8, cornerRadiusY: 5)
        let region = FilledRegion(path: path, tolerance: 0.001)
        #expect(region.bounds == path.bounds)
    }

    /// Curves millions of points long (fuzzing found an SVG arc of radius 10²² that took seconds
    /// to flatten and index): their segments are capped per path, shared in proportion; a
    /// page-sized path is flattened exactly as before.
    @Test func hugeCurvesShareABoundedNumberOfSegments() {
        var huge = BezierPath()
        huge.move(to: Point(x: 0, y: 0))
        for i in 1...24 {
            let far = Double(i) * 1e12
            huge.addCurve(to: Point(x: far, y: 0), control1: Point(x: far, y: far), control2: Point(x: -far, y: far))
        }
        huge.close()
        let segments = huge.flattened().reduce(0) { $0 + $1.count }
        #expect(segments <= BezierPath.maximumFlattenedSegments + 26)
        #expect(segments > BezierPath.maximumFlattenedSegments / 2)
        let region = FilledRegion(path: huge, tolerance: 0.01)
        #expect(region.bounds.width > 1e12)
        // An ellipse the size of a page asks for far fewer and keeps its 0.01 pt tolerance.
        let page = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 600, height: 800))
        let polygons = page.flattened()
        #expect(polygons[0].count < 2_000)
        #expect(maximumDeviation(of: page, from: polygons, samples: 200) <= 0.01 + 1e-9)
    }
}
