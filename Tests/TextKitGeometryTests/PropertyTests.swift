import Testing
import TextKitGeometry
import SeededRandom

/// Randomized and large-input checks of `FilledRegion.coveredSpans` against
/// `ReferenceProjection` and against point sampling.
@Suite struct PropertyTests {
    /// A random coordinate: often on a coarse grid, so that horizontal edges, shared vertex y's
    /// and vertices on band limits are common.
    func coordinate(_ rng: inout SplitMix64, grid: Bool) -> Double {
        grid ? Double(Int.random(in: 0...20, using: &rng)) * 5 : Double.random(in: 0...100, using: &rng)
    }

    func randomPolygons(_ rng: inout SplitMix64) -> [[Point]] {
        let grid = Bool.random(using: &rng)
        let contours = Int.random(in: 1...3, using: &rng)
        return (0..<contours).map { _ in
            let count = Int.random(in: 3...(Int.random(in: 0..<8, using: &rng) == 0 ? 60 : 10),
                                   using: &rng)
            return (0..<count).map { _ in
                Point(x: coordinate(&rng, grid: grid), y: coordinate(&rng, grid: grid))
            }
        }
    }

    func path(_ polygons: [[Point]], _ rule: FillRule) -> BezierPath {
        var path = BezierPath(fillRule: rule)
        for polygon in polygons {
            path.move(to: polygon[0])
            for point in polygon.dropFirst() { path.addLine(to: point) }
            path.close()
        }
        return path
    }

    /// A band: random, on vertex y's, or degenerate.
    func randomBand(_ rng: inout SplitMix64, _ polygons: [[Point]]) -> (Double, Double) {
        let ys = polygons.flatMap { $0.map(\.y) }
        switch Int.random(in: 0..<4, using: &rng) {
        case 0:
            let a = ys.randomElement(using: &rng)!, b = ys.randomElement(using: &rng)!
            return (min(a, b), max(a, b))
        case 1:
            let y = Bool.random(using: &rng) ? ys.randomElement(using: &rng)!
                : Double.random(in: -5...105, using: &rng)
            return (y, y)
        default:
            let y = Double.random(in: -10...100, using: &rng)
            return (y, y + Double.random(in: 0...30, using: &rng))
        }
    }

    @Test func randomPolygonsMatchTheReferenceAndSampling() throws {
        var rng = SplitMix64(seed: 0x7E47_C0DE)
        for round in 0..<300 {
            let polygons = randomPolygons(&rng)
            let rule: FillRule = Bool.random(using: &rng) ? .nonZero : .evenOdd
            let region = FilledRegion(path: path(polygons, rule))
            let reference = ReferenceProjection(polygons: polygons, fillRule: rule)
            for _ in 0..<6 {
                let (minY, maxY) = randomBand(&rng, polygons)
                let actual = region.coveredSpans(minY: minY, maxY: maxY)
                let expected = reference.projection(minY: minY, maxY: maxY)
                #expect(sameCoverage(actual, expected, slack: 1e-6),
                        "round \(round) \(rule) band \(minY)...\(maxY): \(actual) vs \(expected) POLY \(polygons.map { $0.map { [$0.x, $0.y] } })")
                // Sorted, disjoint, non-empty spans.
                for (a, b) in zip(actual, actual.dropFirst()) { #expect(a.maxX < b.minX) }
                // Every sampled inside point of the band is covered.
                guard maxY > minY else { continue }
                for i in 0..<20 {
                    let y = minY + (maxY - minY) * Double(i) / 20
                    for j in 0...60 {
                        let point = Point(x: -5 + 110 * Double(j) / 60, y: y)
                        if region.contains(point) {
                            #expect(someSpan(in: actual, contains: Span(minX: point.x, maxX: point.x),
                                             slack: 1e-9), "round \(round): \(point) not covered")
                        }
                    }
                }
            }
        }
    }

    @Test func intersectsAgreesWithSpansOnRandomRects() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<200 {
            let polygons = randomPolygons(&rng)
            let rule: FillRule = Bool.random(using: &rng) ? .nonZero : .evenOdd
            let region = FilledRegion(path: path(polygons, rule))
            let reference = ReferenceProjection(polygons: polygons, fillRule: rule)
            let x = Double.random(in: -10...100, using: &rng), y = Double.random(in: -10...100, using: &rng)
            let rect = Rect(x: x, y: y, width: Double.random(in: 0.5...30, using: &rng),
                            height: Double.random(in: 0.5...30, using: &rng))
            let inner = reference.projection(minY: rect.minY + 1e-6, maxY: rect.maxY - 1e-6)
            let expected = inner.contains { $0.maxX > rect.minX + 1e-6 && $0.minX < rect.maxX - 1e-6 }
            #expect(region.intersects(rect) == expected)
        }
    }

    /// A sawtooth of 10,000 edges: vertices (i, 0) for even i and (i, 50) for odd i, i = 0...10,000,
    /// closed along the bottom y = 100. Each tooth spans [i − y/50, i + y/50] at height y < 50.
    @Test func tenThousandSegmentSawtooth() {
        var saw = BezierPath()
        saw.move(to: Point(x: 0, y: 0))
        for i in 1...10_000 { saw.addLine(to: Point(x: Double(i), y: i % 2 == 0 ? 0 : 50)) }
        saw.addLine(to: Point(x: 10_000, y: 100))
        saw.addLine(to: Point(x: 0, y: 100))
        saw.close()
        let region = FilledRegion(path: saw)
        let teeth = region.coveredSpans(minY: 20, maxY: 30)
        #expect(teeth.count == 5001)
        let expected = (0...5000).map { k in
            Span(minX: max(0, Double(2 * k) - 0.6), maxX: min(10_000, Double(2 * k) + 0.6))
        }
        #expect(spansMatch(teeth, expected))
        #expect(spansMatch(region.coveredSpans(minY: 45, maxY: 55), spans((0, 10_000))))
        #expect(spansMatch(region.coveredSpans(minY: 60, maxY: 70), spans((0, 10_000))))
        #expect(region.coveredSpans(minY: -10, maxY: 0).isEmpty)
        #expect(region.contains(Point(x: 4000, y: 10)))
        #expect(!region.contains(Point(x: 4001, y: 10)))
        #expect(!region.isEmpty)
    }

    /// A wavy closed curve flattened from 10,000 segments: many bands, each checked against
    /// the reference.
    @Test func tenThousandSegmentWavyShapeMatchesTheReference() {
        var polygon: [Point] = []
        var rng = SplitMix64(seed: 7)
        for i in 0..<10_000 {
            let angle = 2 * Double.pi * Double(i) / 10_000
            let radius = 80 + 15 * sinTable(7 * angle) + Double.random(in: -0.5...0.5, using: &rng)
            polygon.append(Point(x: 100 + radius * sinTable(angle + Double.pi / 2),
                                 y: 100 + radius * sinTable(angle)))
        }
        let region = FilledRegion(path: path([polygon], .nonZero))
        let reference = ReferenceProjection(polygons: [polygon], fillRule: .nonZero)
        for k in 0..<25 {
            let minY = 2 + Double(k) * 8
            let actual = region.coveredSpans(minY: minY, maxY: minY + 12)
            #expect(sameCoverage(actual, reference.projection(minY: minY, maxY: minY + 12),
                                 slack: 1e-6))
        }
    }
}

/// sin without Foundation, good enough to make test shapes.
func sinTable(_ x: Double) -> Double {
    var x = x.truncatingRemainder(dividingBy: 2 * Double.pi)
    if x > Double.pi { x -= 2 * Double.pi }
    if x < -Double.pi { x += 2 * Double.pi }
    var term = x, sum = x
    for n in 1..<20 {
        term *= -x * x / Double((2 * n) * (2 * n + 1))
        sum += term
    }
    return sum
}
