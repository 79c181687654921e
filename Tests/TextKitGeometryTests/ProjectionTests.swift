import Foundation
import Testing
import TextKitGeometry
import SeededRandom

/// Band queries of regions whose edges cross (a scribble of curves) answer from the edges'
/// projections, as the sweep of all crossings does, and in time linear-ish in the edges.
@Suite struct ProjectionTests {
    /// A closed path of `count` random cubics in the box 0…400 × 0…600.
    static func scribble(_ count: Int, seed: UInt64, rule: FillRule = .nonZero) -> BezierPath {
        var rng = SplitMix64(seed: seed)
        func point() -> Point {
            Point(x: Double.random(in: 0...400, using: &rng), y: Double.random(in: 0...600, using: &rng))
        }
        var path = BezierPath(fillRule: rule)
        path.move(to: point())
        for _ in 0..<count { path.addCurve(to: point(), control1: point(), control2: point()) }
        path.close()
        return path
    }

    /// The sweep's answer over the band (every crossing computed).
    func swept(_ region: FilledRegion, _ minY: Double, _ maxY: Double) -> [Span] {
        let top = max(minY, region.bounds.minY), bottom = min(maxY, region.bounds.maxY)
        guard top < bottom else { return [] }
        return Span.merged(region.bandSpans(top: top, bottom: bottom), joiningGapsUpTo: region.epsilon)
    }

    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func scribblesAnswerAsTheSweep(rule: FillRule) {
        var rng = SplitMix64(seed: 0x5C21)
        for round in 0..<12 {
            let region = FilledRegion(path: Self.scribble(3 + round * 2, seed: UInt64(round), rule: rule))
            for _ in 0..<20 {
                let minY = Double.random(in: -10...600, using: &rng)
                let maxY = minY + Double.random(in: 0.5...40, using: &rng)
                #expect(spansMatch(region.coveredSpans(minY: minY, maxY: maxY), swept(region, minY, maxY),
                                   tolerance: 1e-9), "round \(round) band \(minY)...\(maxY)")
            }
        }
    }

    /// Polygons with collinear and repeated vertices (zero-area spikes, edges drawn back over
    /// others) still answer as the sweep: those bands are swept.
    @Test func degenerateOutlinesAnswerAsTheSweep() {
        let spike = [[Point(x: 30, y: 0), Point(x: 35, y: 5), Point(x: 65, y: 35)]]
        let backAndForth = [[Point(x: 0, y: 0), Point(x: 50, y: 0), Point(x: 50, y: 50),
                             Point(x: 50, y: 20), Point(x: 50, y: 50), Point(x: 0, y: 50)]]
        let flatSpike = [[Point(x: 0, y: 0), Point(x: 40, y: 0), Point(x: 40, y: 30), Point(x: 80, y: 30),
                          Point(x: 40, y: 30), Point(x: 0, y: 30)]]
        for polygons in [spike, backAndForth, flatSpike] {
            for rule in [FillRule.nonZero, .evenOdd] {
                let region = FilledRegion(polygons: polygons, fillRule: rule)
                for (minY, maxY) in [(0.0, 50.0), (10, 20), (25, 35), (29, 31), (1, 4)] {
                    #expect(spansMatch(region.coveredSpans(minY: minY, maxY: maxY), swept(region, minY, maxY),
                                       tolerance: 1e-9), "\(polygons) \(rule) \(minY)...\(maxY)")
                }
            }
        }
    }
}
