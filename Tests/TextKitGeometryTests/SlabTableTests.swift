import Testing
@testable import TextKitGeometry

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
