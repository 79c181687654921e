import Foundation
import Testing
@testable import TextKitGeometry

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

    /// Every line band of a scribble of n and of 4n cubics: the time grows about 4× (edges per
    /// band × log), where sweeping the crossings grew about 16× (they are quadratic in the edges).
    @Test func bandQueriesScaleWithTheEdges() {
        func seconds(_ count: Int) -> Double {
            let region = FilledRegion(path: Self.scribble(count, seed: 9))
            var best = Double.infinity
            for _ in 0..<3 {
                let start = Date()
                var spans: [Span] = []
                var y = 0.0
                while y < 600 {
                    region.coveredSpans(minY: y, maxY: y + 14, into: &spans)
                    y += 14
                }
                best = min(best, Date().timeIntervalSince(start))
            }
            return best
        }
        let small = seconds(25), large = seconds(100)
        #expect(large / small <= 5, "25 cubics: \(small) s, 100 cubics: \(large) s")
    }

    /// Long edges all starting near one y (cubics through ±10⁷ from one point): building the
    /// region (flattening, index, slab table) for n and 4n curves. The slab table used to
    /// insertion-sort the edges starting at a vertex y, quadratic when 100,000 start at once.
    @Test func longEdgesBuildInLinearTime() {
        func path(_ count: Int) -> BezierPath {
            var rng = SplitMix64(seed: 0x1E22)
            func far() -> Double { Double.random(in: -1e7...1e7, using: &rng) }
            var path = BezierPath()
            for _ in 0..<count {
                path.move(to: Point(x: 0, y: 0))
                path.addCurve(to: Point(x: 10, y: 10), control1: Point(x: far(), y: far()),
                              control2: Point(x: far(), y: far()))
                path.close()
            }
            return path
        }
        func seconds(_ count: Int) -> Double {
            let shape = path(count)
            var best = Double.infinity
            for _ in 0..<3 {
                let start = Date()
                let region = FilledRegion(path: shape, tolerance: 1e4)
                _ = region.coveredSpans(minY: 0, maxY: 14)
                best = min(best, Date().timeIntervalSince(start))
            }
            return best
        }
        let small = seconds(250), large = seconds(1000)
        #expect(large / small <= 5, "250 curves: \(small) s, 1,000 curves: \(large) s")
    }
}
