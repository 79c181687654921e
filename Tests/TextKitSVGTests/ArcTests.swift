import Foundation
import Testing
import TextKitGeometry
import TextKitSVG

@Suite("Elliptical arcs")
struct ArcTests {
    @Test(arguments: [
        ("M 10 20 A 30 40 15 0 1 57.3 81.9", pt(57.3, 81.9)),
        ("M 10 20 a 30 40 15 1 0 47.3 61.9", pt(57.3, 81.9)),
        ("M 0 0 A 1 1 0 0 1 0.1 0.3", pt(0.1, 0.3)),
        ("M 5 5 A 100 50 -30 1 1 -70 12.5", pt(-70, 12.5)),
    ])
    func endpointsLandExactly(data: String, end: Point) throws {
        let path = try SVGPathData.parse(data)
        #expect(lastPoint(path) == end)
        #expect(path.elements.dropFirst().allSatisfy { if case .curve = $0 { true } else { false } })
    }

    @Test func semicircleMidpointIsOnTheCircle() throws {
        // From (0, 0) to (100, 0) with radius 50, sweep 1: clockwise on screen, through (50, -50).
        let path = try SVGPathData.parse("M 0 0 A 50 50 0 0 1 100 0")
        let points = samples(path)
        for point in points { #expect(abs(distance(point, pt(50, 0)) - 50) < 1e-3) }
        #expect(points.contains { near($0, pt(50, -50), 1e-6) })
        #expect(points.allSatisfy { $0.y <= 1e-9 })
        // Sweep 0 goes the other way, through (50, 50).
        let other = samples(try SVGPathData.parse("M 0 0 A 50 50 0 0 0 100 0"))
        #expect(other.contains { near($0, pt(50, 50), 1e-6) })
    }

    @Test func largeArcFlagPicksTheLongWayRound() throws {
        // Radius 50 from (0, 0) to (50, 50): small arc stays near the chord, large arc goes round.
        let small = sampledBounds(try SVGPathData.parse("M 0 0 A 50 50 0 0 1 50 50"))
        let large = sampledBounds(try SVGPathData.parse("M 0 0 A 50 50 0 1 1 50 50"))
        #expect(small.maxX - small.minX <= 50 + 1e-6)
        #expect(large.maxX - large.minX > 99)
    }

    @Test func outOfRangeRadiiAreScaledUp() throws {
        // Radius 10 cannot span 100: it becomes 50, a semicircle around (50, 0).
        let path = try SVGPathData.parse("M 0 0 A 10 10 0 0 1 100 0")
        for point in samples(path) { #expect(abs(distance(point, pt(50, 0)) - 50) < 1e-3) }
        #expect(lastPoint(path) == pt(100, 0))
        // Elliptical: rx 2 ry 1 across 8 horizontally scales to rx 4 ry 2.
        let ellipse = sampledBounds(try SVGPathData.parse("M 0 0 A 2 1 0 0 1 8 0"))
        #expect(abs(ellipse.minY - -2) < 1e-6)
    }

    @Test func rotatedEllipse() throws {
        // An ellipse rx 20, ry 10 rotated 90°: a half from (0, -20) to (0, 20) bulges 10 to the side.
        let bounds = sampledBounds(try SVGPathData.parse("M 0 -20 A 20 10 90 0 1 0 20"))
        #expect(abs(bounds.maxX - 10) < 1e-6)
        #expect(abs(bounds.minX) < 1e-6)
    }

    @Test func zeroRadiusIsAStraightLineAndEqualEndpointsAreOmitted() throws {
        #expect(try elements("M 0 0 A 0 5 0 0 1 10 10") == [.move(to: pt(0, 0)), .line(to: pt(10, 10))])
        #expect(try elements("M 0 0 A 5 0 0 0 1 10 10") == [.move(to: pt(0, 0)), .line(to: pt(10, 10))])
        #expect(try elements("M 5 5 A 10 10 0 1 1 5 5 L 6 6") == [.move(to: pt(5, 5)), .line(to: pt(6, 6))])
    }

    @Test func negativeRadiiCountAsPositive() throws {
        #expect(try elements("M 0 0 A -50 -50 0 0 1 100 0") == elements("M 0 0 A 50 50 0 0 1 100 0"))
    }

    @Test func flagsWithoutSeparators() throws {
        let spaced = try elements("M 0 0 a 1 1 0 0 0 1 1")
        #expect(try elements("M0 0a1 1 0 001 1") == spaced)
        #expect(try elements("M0 0a1,1,0,0,0,1,1") == spaced)
        #expect(try elements("M0 0a1 1 0 0,0 1 1") == spaced)
        #expect(try elements("M0 0a1 1 0 11.5.5") == elements("M 0 0 a 1 1 0 1 1 .5 .5"))
    }

    @Test func implicitRepeatedArcs() throws {
        let path = try SVGPathData.parse("M 0 0 A 50 50 0 0 1 100 0 50 50 0 0 1 0 0")
        #expect(lastPoint(path) == pt(0, 0))
        #expect(path.elements.contains { if case .curve(let p, _, _) = $0 { p == pt(100, 0) } else { false } })
    }

    @Test func hugeRadiusIsAStraightLine() throws {
        #expect(try elements("M 0 0 A 1e300 1e300 0 0 1 10 0") == [.move(to: pt(0, 0)), .line(to: pt(10, 0))])
    }
}
