import Testing
import TextKitGeometry

/// Band queries on simple shapes, against values computed by hand.
@Suite struct CoveredSpansTests {
    /// Apex (5, 0), base from (0, 10) to (10, 10): at y the triangle spans [5 − y/2, 5 + y/2].
    let triangle = FilledRegion(path: polygonPath([[(5, 0), (10, 10), (0, 10)]]))

    @Test func triangleBandUsesItsWidestLine() {
        #expect(spansMatch(triangle.coveredSpans(minY: 2, maxY: 4), spans((3, 7))))
        #expect(spansMatch(triangle.coveredSpans(minY: 5, maxY: 15), spans((0, 10))))
        #expect(spansMatch(triangle.coveredSpans(minY: -3, maxY: 1), spans((4.5, 5.5))))
    }

    @Test func bandsAboveOrBelowAreEmpty() {
        #expect(triangle.coveredSpans(minY: -10, maxY: -5).isEmpty)
        #expect(triangle.coveredSpans(minY: 20, maxY: 30).isEmpty)
    }

    @Test func bandsTouchingTheShapeAreEmpty() {
        #expect(triangle.coveredSpans(minY: -5, maxY: 0).isEmpty)   // the apex only
        #expect(triangle.coveredSpans(minY: 10, maxY: 20).isEmpty)  // the base only
        #expect(triangle.coveredSpans(minY: 0, maxY: 0).isEmpty)    // a zero-width cut
    }

    @Test func degenerateBandIsTheCutAtThatY() {
        #expect(spansMatch(triangle.coveredSpans(minY: 4, maxY: 4), spans((3, 7))))
        #expect(spansMatch(triangle.coveredSpans(minY: 10, maxY: 10), spans((0, 10))))
    }

    @Test func invertedBandIsEmpty() {
        #expect(triangle.coveredSpans(minY: 6, maxY: 4).isEmpty)
    }

    @Test func slantedEdgesProjectOverTheWholeBand() {
        // A parallelogram: left edge x = y/2, right edge x = 10 + y/2.
        let region = FilledRegion(path: polygonPath([[(0, 0), (10, 0), (14, 8), (4, 8)]]))
        #expect(spansMatch(region.coveredSpans(minY: 2, maxY: 6), spans((1, 13))))
        #expect(spansMatch(region.coveredSpans(minY: -1, maxY: 1), spans((0, 10.5))))
    }

    @Test func rectangleWithVerticesOnTheBandLimits() {
        let region = FilledRegion(path: BezierPath(rect: Rect(x: 0, y: 0, width: 10, height: 10)))
        #expect(spansMatch(region.coveredSpans(minY: 0, maxY: 10), spans((0, 10))))
        #expect(spansMatch(region.coveredSpans(minY: 0, maxY: 5), spans((0, 10))))
        #expect(spansMatch(region.coveredSpans(minY: 9.5, maxY: 30), spans((0, 10))))
        #expect(region.coveredSpans(minY: 10, maxY: 12).isEmpty)
        #expect(region.coveredSpans(minY: -2, maxY: 0).isEmpty)
        #expect(spansMatch(region.coveredSpans(minY: 0, maxY: 0), spans((0, 10))))
    }

    @Test func diamondBandStraddlingAVertex() {
        let region = FilledRegion(path: polygonPath([[(5, 0), (10, 5), (5, 10), (0, 5)]]))
        #expect(spansMatch(region.coveredSpans(minY: 2, maxY: 3), spans((2, 8))))
        #expect(spansMatch(region.coveredSpans(minY: 4, maxY: 6), spans((0, 10))))
        #expect(spansMatch(region.coveredSpans(minY: 5, maxY: 5), spans((0, 10))))
        #expect(spansMatch(region.coveredSpans(minY: 7, maxY: 9.5), spans((2, 8))))
    }

    @Test func concaveShapeGivesTwoSpansAboveItsNotch() {
        // A U: two arms 0...3 and 7...10 from y = 0 to 7, joined below y = 7.
        let u = FilledRegion(path: polygonPath(
            [[(0, 0), (3, 0), (3, 7), (7, 7), (7, 0), (10, 0), (10, 10), (0, 10)]]))
        #expect(spansMatch(u.coveredSpans(minY: 2, maxY: 5), spans((0, 3), (7, 10))))
        #expect(spansMatch(u.coveredSpans(minY: 5, maxY: 7), spans((0, 3), (7, 10))))
        #expect(spansMatch(u.coveredSpans(minY: 6, maxY: 8), spans((0, 10))))
        #expect(spansMatch(u.coveredSpans(minY: 7, maxY: 7), spans((0, 10))))
    }

    @Test func circleBandInTheTopHalfIsWidestAtItsBottom() {
        var path = BezierPath()
        path.addArc(center: Point(x: 100, y: 100), radius: 50, startAngle: 0,
                    endAngle: 2 * Double.pi, clockwise: true)
        path.close()
        let circle = FilledRegion(path: path, tolerance: 0.001)
        for (y0, y1) in [(60.0, 70.0), (51.0, 52.5), (75.0, 99.0)] {
            let half = (2500 - (100 - y1) * (100 - y1)).squareRoot()
            #expect(spansMatch(circle.coveredSpans(minY: y0, maxY: y1),
                               spans((100 - half, 100 + half)), tolerance: 0.01))
        }
        #expect(spansMatch(circle.coveredSpans(minY: 90, maxY: 110), spans((50, 150)),
                           tolerance: 0.01))
        // The bottom half mirrors the top: the widest line is the band's top.
        let half = (2500.0 - 30 * 30).squareRoot()
        #expect(spansMatch(circle.coveredSpans(minY: 130, maxY: 140),
                           spans((100 - half, 100 + half)), tolerance: 0.01))
        #expect(circle.coveredSpans(minY: 150.01, maxY: 160).isEmpty)
    }

    @Test func openSubpathIsClosedImplicitly() {
        var open = BezierPath()
        open.move(to: Point(x: 5, y: 0))
        open.addLine(to: Point(x: 10, y: 10))
        open.addLine(to: Point(x: 0, y: 10))
        let region = FilledRegion(path: open)
        #expect(spansMatch(region.coveredSpans(minY: 2, maxY: 4), spans((3, 7))))
        #expect(region.contains(Point(x: 5, y: 9)))
    }

    @Test func lineAndCancellingContoursHaveNoArea() {
        var line = BezierPath()
        line.move(to: Point(x: 0, y: 0))
        line.addLine(to: Point(x: 10, y: 10))
        let lone = FilledRegion(path: line)
        #expect(lone.isEmpty)
        #expect(lone.coveredSpans(minY: 2, maxY: 4).isEmpty)
        #expect(lone.coveredSpans(minY: 3, maxY: 3).isEmpty)
        #expect(!lone.intersects(Rect(x: 0, y: 0, width: 10, height: 10)))

        let square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
        let cancelling = FilledRegion(path: polygonPath([square, square.reversed()]))
        #expect(cancelling.isEmpty)
        #expect(cancelling.coveredSpans(minY: 2, maxY: 4).isEmpty)
        #expect(!FilledRegion(path: polygonPath([square])).isEmpty)
        #expect(FilledRegion(path: BezierPath()).isEmpty)
        #expect(FilledRegion(path: BezierPath()).coveredSpans(minY: 0, maxY: 1).isEmpty)
    }

    @Test func separateShapesGiveSeparateSpans() {
        let region = FilledRegion(path: polygonPath([
            [(20, 0), (30, 0), (30, 10), (20, 10)],
            [(0, 5), (5, 5), (5, 15), (0, 15)],
            [(4, 0), (8, 0), (8, 3), (4, 3)],
        ]))
        #expect(spansMatch(region.coveredSpans(minY: 2, maxY: 6), spans((0, 8), (20, 30))))
        #expect(spansMatch(region.coveredSpans(minY: 11, maxY: 12), spans((0, 5))))
    }

    @Test func intersectsIgnoresTouching() {
        let region = FilledRegion(path: BezierPath(rect: Rect(x: 0, y: 0, width: 10, height: 10)))
        #expect(region.intersects(Rect(x: 2, y: 2, width: 1, height: 1)))
        #expect(region.intersects(Rect(x: 9.9, y: -5, width: 5, height: 6)))
        #expect(!region.intersects(Rect(x: 10, y: 0, width: 5, height: 5)))
        #expect(!region.intersects(Rect(x: -5, y: 10, width: 20, height: 5)))
        #expect(!region.intersects(Rect(x: 20, y: 20, width: 5, height: 5)))
        #expect(!region.intersects(Rect(x: 10 - 1e-7, y: 0, width: 5, height: 5)))
        // Beside the apex of a triangle, inside its bounds but outside its area.
        #expect(!triangle.intersects(Rect(x: 0, y: 0, width: 3, height: 3)))
        #expect(triangle.intersects(Rect(x: 0, y: 0, width: 3, height: 5)))
    }
}
