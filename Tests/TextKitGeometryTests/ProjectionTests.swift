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

    /// One closed loop of `curves` cubics with control points away from their ends, drawn
    /// `copies` times (as issue 16's path of 100,000 cubics draws 3,500 curves over and over).
    static func repeatedLoop(curves: Int, copies: Int, rule: FillRule) -> BezierPath {
        func point(_ i: Int) -> Point { Point(x: Double(i % 40 * 9), y: Double(i % 25 * 20)) }
        var path = BezierPath(fillRule: rule)
        path.move(to: point(curves - 1))
        for i in 0..<copies * curves {
            path.addCurve(to: point(i % curves), control1: Point(x: 800, y: -400), control2: Point(x: -400, y: 900))
        }
        path.close()
        return path
    }

    /// Edges drawn over each other used to send every band they meet to the sweep, which
    /// computes every crossing (minutes for issue 16's path); each line of them is now one
    /// piece per stretch of equal net winding, read once: the projection reads no more edges
    /// for three copies than for one, and answers as the sweep (nonzero: as one copy; even-odd:
    /// as one copy for three, nothing for two).
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func edgesDrawnOverEachOtherAreReadOnce(rule: FillRule) {
        let once = FilledRegion(path: Self.repeatedLoop(curves: 70, copies: 1, rule: rule))
        let twice = FilledRegion(path: Self.repeatedLoop(curves: 70, copies: 2, rule: rule))
        let thrice = FilledRegion(path: Self.repeatedLoop(curves: 70, copies: 3, rule: rule))
        #expect(thrice.projectionEdgeCount <= once.projectionEdgeCount)
        #expect(thrice.projectionEdgeCount > 0)
        var rng = SplitMix64(seed: 0x0F1E)
        for _ in 0..<40 {
            let minY = Double.random(in: -20...500, using: &rng)
            let maxY = minY + Double.random(in: 0.5...30, using: &rng)
            let one = once.coveredSpans(minY: minY, maxY: maxY), three = thrice.coveredSpans(minY: minY, maxY: maxY)
            #expect(spansMatch(three, swept(thrice, minY, maxY), tolerance: 1e-9), "band \(minY)...\(maxY)")
            #expect(spansMatch(three, one, tolerance: 1e-9), "band \(minY)...\(maxY)")
            let two = twice.coveredSpans(minY: minY, maxY: maxY)
            #expect(spansMatch(two, rule == .nonZero ? one : [], tolerance: 1e-9), "band \(minY)...\(maxY)")
        }
    }
}
