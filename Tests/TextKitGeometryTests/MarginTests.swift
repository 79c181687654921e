import Testing
import TextKitGeometry
import SeededRandom

/// Margins (CSS `shape-margin`): band extents of grown areas against values worked out by hand.
@Suite struct MarginTests {
    /// The square [0, 10] × [0, 10].
    let square = FilledRegion(path: polygonPath([[(0, 0), (10, 0), (10, 10), (0, 10)]]))
    /// Apex (5, 0), base from (0, 10) to (10, 10); its slanted sides have normals (±2, −1)/√5.
    let triangle = FilledRegion(path: polygonPath([[(5, 0), (10, 10), (0, 10)]]))
    let root5 = 5.0.squareRoot()

    @Test func squareBesideItsSidesGrowsByTheMargin() {
        #expect(spansMatch(square.coveredSpans(minY: 4, maxY: 6, margin: 2), spans((-2, 12))))
        #expect(spansMatch(square.coveredSpans(minY: -1, maxY: 11, margin: 2), spans((-2, 12))))
    }

    @Test func squareCornersAreRound() {
        // Band below the square: nearest y is 1 below the bottom, so the corner disks of
        // radius 2 reach √(4 − 1) = √3 sideways.
        let three = 3.0.squareRoot()
        #expect(spansMatch(square.coveredSpans(minY: 11, maxY: 13, margin: 2), spans((-three, 10 + three))))
        #expect(spansMatch(square.coveredSpans(minY: -5, maxY: -1, margin: 2), spans((-three, 10 + three))))
        let h = 1.75.squareRoot()  // 1.5 below: √(4 − 2.25)
        #expect(spansMatch(square.coveredSpans(minY: 11.5, maxY: 20, margin: 2), spans((-h, 10 + h))))
    }

    @Test func bandTouchingTheGrownAreaIsEmpty() {
        #expect(square.coveredSpans(minY: 12, maxY: 14, margin: 2).isEmpty)
        #expect(square.coveredSpans(minY: -9, maxY: -2, margin: 2).isEmpty)
        // A zero-height band on the grown outline is its cut: the bottom capsule's flat side.
        #expect(spansMatch(square.coveredSpans(minY: 12, maxY: 12, margin: 2), spans((0, 10))))
    }

    @Test func marginZeroIsPlainCoverage() {
        #expect(square.coveredSpans(minY: 4, maxY: 6, margin: 0) == square.coveredSpans(minY: 4, maxY: 6))
    }

    @Test func triangleSidesMoveOutAlongTheirNormals() {
        // The right side x = 5 + y/2 moves to x = 5 + (y + √5)/2; the band's widest line is y = 6.
        #expect(spansMatch(triangle.coveredSpans(minY: 4, maxY: 6, margin: 1),
                           spans((2 - root5 / 2, 8 + root5 / 2))))
        // Up to the apex line: the offset sides at y = 0.
        #expect(spansMatch(triangle.coveredSpans(minY: -3, maxY: 0, margin: 1),
                           spans((5 - root5 / 2, 5 + root5 / 2))))
    }

    @Test func triangleApexAndBaseCornersAreRound() {
        // 0.5 above the apex only the apex disk reaches: ±√(1 − 0.25).
        let h = 0.75.squareRoot()
        #expect(spansMatch(triangle.coveredSpans(minY: -3, maxY: -0.5, margin: 1), spans((5 - h, 5 + h))))
        // 0.5 below the base: the base corners' disks (the sides' rectangles end above).
        #expect(spansMatch(triangle.coveredSpans(minY: 10.5, maxY: 12, margin: 1), spans((-h, 10 + h))))
    }

    @Test func ringHoleShrinksByTheMargin() {
        // Even-odd ring: outer [0, 100]², hole [40, 60]²; margin 5 leaves [45, 55] free.
        let ring = FilledRegion(path: polygonPath([[(0, 0), (100, 0), (100, 100), (0, 100)],
                                                   [(40, 40), (60, 40), (60, 60), (40, 60)]],
                                                  fillRule: .evenOdd))
        #expect(spansMatch(ring.coveredSpans(minY: 48, maxY: 52, margin: 5), spans((-5, 45), (55, 105))))
        // Margin 10 fills the hole.
        #expect(spansMatch(ring.coveredSpans(minY: 48, maxY: 52, margin: 10), spans((-10, 110))))
    }

    @Test func separateShapesMergeWhenMarginsMeet() {
        let two = FilledRegion(path: polygonPath([[(0, 0), (10, 0), (10, 10), (0, 10)],
                                                  [(14, 0), (24, 0), (24, 10), (14, 10)]]))
        #expect(spansMatch(two.coveredSpans(minY: 2, maxY: 4, margin: 1), spans((-1, 11), (13, 25))))
        #expect(spansMatch(two.coveredSpans(minY: 2, maxY: 4, margin: 2), spans((-2, 26))))
    }

    @Test func circleGrowsToTheLargerCircleWithinFlatteningTolerance() {
        // A circle of radius 40 at (50, 50) with margin 10 is the circle of radius 50.
        let circle = FilledRegion(path: BezierPath(ovalIn: Rect(x: 10, y: 10, width: 80, height: 80)))
        let band = circle.coveredSpans(minY: 0, maxY: 4, margin: 10)
        let half = (2500.0 - 46.0 * 46.0).squareRoot()  // the nearest line y = 4 is 46 from the centre
        #expect(spansMatch(band, spans((50 - half, 50 + half)), tolerance: 0.02))
    }

    @Test func lineWithoutAreaGrowsToNothing() {
        let line = ExclusionRegion(Exclusion(path: BezierPath(elements: [
            .move(to: Point(x: 0, y: 0)), .line(to: Point(x: 10, y: 10))]), margin: 5))
        #expect(line.isEmpty)
        #expect(line.coveredSpans(minY: 0, maxY: 10).isEmpty)
    }

    /// Random concave polygons: every point within the margin is covered, and nothing left of a
    /// span's start or right of its end is within the margin anywhere in the band (on a grid).
    @Test func randomPolygonsAgainstDistances() {
        var random = SplitMix64(seed: 42)
        for _ in 0..<40 {
            let count = Int.random(in: 3...9, using: &random)
            let points = (0..<count).map { _ in
                Point(x: Double.random(in: 0...100, using: &random), y: Double.random(in: 0...100, using: &random))
            }
            let path = polygonPath([points.map { ($0.x, $0.y) }])
            let region = FilledRegion(path: path)
            let margin = Double.random(in: 0.5...15, using: &random)
            let minY = Double.random(in: -20...110, using: &random), maxY = minY + Double.random(in: 0.5...20, using: &random)
            let covered = region.coveredSpans(minY: minY, maxY: maxY, margin: margin)
            func within(_ p: Point, _ slack: Double) -> Bool {
                if region.contains(p) { return true }
                return points.indices.contains {
                    distance(from: p, toSegment: points[$0], points[($0 + 1) % count]) <= margin + slack
                }
            }
            for _ in 0..<300 {
                let p = Point(x: Double.random(in: -30...130, using: &random), y: Double.random(in: minY...maxY, using: &random))
                if within(p, -1e-7) {
                    #expect(covered.contains { $0.minX <= p.x + 1e-9 && p.x <= $0.maxX + 1e-9 })
                }
            }
            for span in covered {
                for step in 0...200 {
                    let y = minY + (maxY - minY) * Double(step) / 200
                    for x in [span.minX - 1e-6, span.maxX + 1e-6] where !covered.contains(where: { $0.minX <= x && x <= $0.maxX }) {
                        #expect(!within(Point(x: x, y: y), -1e-9))
                    }
                }
            }
        }
    }
}
