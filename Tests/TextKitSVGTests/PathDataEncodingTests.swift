import SeededRandom
import Testing
import TextKitGeometry
import TextKitSVG

/// `SVGPathData.string(from:)`: path data that parses back to the same path, up to its rounding.
@Suite("Path data encoding")
struct PathDataEncodingTests {
    @Test func everyElementKind() throws {
        var path = BezierPath()
        path.move(to: pt(1, 2))
        path.addLine(to: pt(3.25, -4))
        path.addQuadCurve(to: pt(5, 6), control: pt(7, 8))
        path.addCurve(to: pt(9, 10), control1: pt(11, 12.5), control2: pt(13, 14))
        path.close()
        #expect(SVGPathData.string(from: path) == "M 1 2 L 3.25 -4 Q 7 8 5 6 C 11 12.5 13 14 9 10 Z")
        #expect(SVGPathData.string(from: BezierPath()) == "")
    }

    @Test func roundsToThePrecisionWithoutBinaryNoise() {
        var path = BezierPath()
        path.move(to: pt(0.07, 1.005))
        path.addLine(to: pt(-0.004, 123.456))
        #expect(SVGPathData.string(from: path) == "M 0.07 1 L 0 123.46")
        #expect(SVGPathData.string(from: path, precision: 0.5) == "M 0 1 L 0 123.5")
    }

    /// Random paths survive encoding and parsing within half the rounding step.
    @Test func randomPathsRoundTrip() throws {
        var random = SplitMix64(seed: 0x5E7E)
        for _ in 0..<200 {
            var path = BezierPath()
            func point() -> Point { pt(Double.random(in: -1000...1000, using: &random), Double.random(in: -1000...1000, using: &random)) }
            path.move(to: point())
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                switch Int.random(in: 0..<4, using: &random) {
                case 0: path.addLine(to: point())
                case 1: path.addQuadCurve(to: point(), control: point())
                case 2: path.addCurve(to: point(), control1: point(), control2: point())
                default: path.close(); path.move(to: point())
                }
            }
            let parsed = try SVGPathData.parse(SVGPathData.string(from: path))
            #expect(near(parsed.elements, path.elements, 0.005 + 1e-9))
        }
    }
}
