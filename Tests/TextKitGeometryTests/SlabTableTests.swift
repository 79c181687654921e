import Testing
import TextKitGeometry
import SeededRandom

/// The slab table (trapezoids listed once per region) must answer band queries as the band
/// sweep does, including regions whose edges cross (those slabs are swept).
@Suite struct SlabTableTests {
    /// The sweep's answer, without the table.
    func swept(_ region: FilledRegion, _ minY: Double, _ maxY: Double) -> [Span] {
        let top = max(minY, region.bounds.minY), bottom = min(maxY, region.bounds.maxY)
        guard top < bottom else { return [] }
        return Span.merged(region.bandSpans(top: top, bottom: bottom), joiningGapsUpTo: region.epsilon)
    }

    @Test func randomPolygonsAnswerAsTheSweep() {
        var rng = SplitMix64(seed: 0x51AB)
        let properties = PropertyTests()
        for _ in 0..<400 {
            let polygons = properties.randomPolygons(&rng)
            let rule: FillRule = Bool.random(using: &rng) ? .nonZero : .evenOdd
            let region = FilledRegion(path: properties.path(polygons, rule))
            #expect(region.slabs != nil)
            for _ in 0..<8 {
                let (minY, maxY) = properties.randomBand(&rng, polygons)
                guard minY < maxY else { continue }
                let fast = region.coveredSpans(minY: minY, maxY: maxY)
                #expect(spansMatch(fast, swept(region, minY, maxY), tolerance: 1e-9),
                        "\(polygons) \(rule) band \(minY)...\(maxY)")
            }
        }
    }

    @Test func curvedShapesAnswerAsTheSweepOnEveryLineBand() {
        var circle = BezierPath()
        circle.addArc(center: Point(x: 200, y: 200), radius: 90, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        circle.close()
        var ring = BezierPath(ovalIn: Rect(x: 100, y: 100, width: 200, height: 160), fillRule: .evenOdd)
        ring.append(BezierPath(ovalIn: Rect(x: 150, y: 140, width: 100, height: 60)))
        let frame = Rect(x: 90, y: 90, width: 230, height: 230)
        let regions = [FilledRegion(path: circle), FilledRegion(path: ring),
                       FilledRegion(complementOf: circle, within: frame)]
        for region in regions {
            #expect(region.slabs != nil)
            var y = 85.0
            while y < 320 {
                #expect(spansMatch(region.coveredSpans(minY: y, maxY: y + 14.3), swept(region, y, y + 14.3),
                                   tolerance: 1e-9))
                y += 3.7
            }
        }
    }

    /// Outlines with many vertices answer from the slab tree's stored unions: every line band
    /// of a 10,000-segment wavy outline and of large random polygons, as the sweep.
    @Test func manySlabsAnswerAsTheSweep() {
        var wavy: [(Double, Double)] = []
        for i in 0..<10_000 {
            let angle = 2 * Double.pi * Double(i) / 10_000
            let radius = 150 + 20 * sinTable(7 * angle)
            wavy.append((300 + radius * sinTable(angle + Double.pi / 2), 300 + radius * sinTable(angle)))
        }
        var regions = [FilledRegion(path: polygonPath([wavy]))]
        var rng = SplitMix64(seed: 0x7EE5)
        for _ in 0..<10 {
            // Around a centre with a wandering radius: simple, hundreds of slabs.
            let count = Int.random(in: 300...2_000, using: &rng)
            var radius = 200.0
            let contour = (0..<count).map { i in
                radius = min(280, max(60, radius + Double.random(in: -6...6, using: &rng)))
                let angle = 2 * Double.pi * Double(i) / Double(count)
                return (350 + radius * sinTable(angle + Double.pi / 2), 350 + radius * sinTable(angle))
            }
            regions.append(FilledRegion(path: polygonPath([contour])))
        }
        #expect(regions.allSatisfy { $0.slabs != nil })
        for _ in 0..<10 {
            // Self-intersecting: slabs with crossing edges between stored unions.
            let contour = (0..<Int.random(in: 20...40, using: &rng)).map { _ in
                (Double.random(in: 50...650, using: &rng), Double.random(in: 50...650, using: &rng))
            }
            regions.append(FilledRegion(path: polygonPath([contour], fillRule: Bool.random(using: &rng) ? .evenOdd : .nonZero)))
        }
        for region in regions {
            for _ in 0..<60 {
                let top = Double.random(in: 40...660, using: &rng)
                let bottom = top + (Bool.random(using: &rng) ? 14.2 : Double.random(in: 0.5...300, using: &rng))
                #expect(spansMatch(region.coveredSpans(minY: top, maxY: bottom), swept(region, top, bottom),
                                   tolerance: 1e-9))
            }
        }
    }

    /// Two overlapping squares in one path cross each other: the slabs between their crossing
    /// y's are swept, the others listed.
    @Test func crossingEdgesAreSwept() {
        let bowtie = polygonPath([[(0, 0), (100, 100), (100, 0), (0, 100)]])
        let region = FilledRegion(path: bowtie)
        #expect(spansMatch(region.coveredSpans(minY: 40, maxY: 60), spans((0, 100))))
        #expect(spansMatch(region.coveredSpans(minY: 30, maxY: 40), spans((0, 40), (60, 100))))
        #expect(spansMatch(region.coveredSpans(minY: 0, maxY: 10), spans((0, 10), (90, 100))))
        #expect(spansMatch(region.coveredSpans(minY: 45, maxY: 55), swept(region, 45, 55)))
    }

    /// Long edges spanning many vertex y's would make the table quadratic: over budget, the
    /// region keeps answering by sweeping.
    @Test func regionsOverBudgetSweep() {
        // A fan of 2,000 thin spikes from one centre: every spike's edges cross all y's.
        var polygon: [(Double, Double)] = []
        for i in 0..<2_000 {
            let angle = 2 * Double.pi * Double(i) / 2_000
            let radius = i % 2 == 0 ? 400.0 : 5.0
            polygon.append((500 + radius * sinTable(angle + Double.pi / 2), 500 + radius * sinTable(angle)))
        }
        let region = FilledRegion(path: polygonPath([polygon]))
        #expect(region.slabs == nil)
        #expect(!region.coveredSpans(minY: 480, maxY: 520).isEmpty)
    }
}
