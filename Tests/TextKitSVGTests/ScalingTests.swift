import Foundation
import Testing
import TextKitGeometry
import TextKitSVG

/// Inputs that once took super-linear time (issue 16), answered quickly now.
@Suite struct ScalingTests {
    /// `regressions/curves1000-scribble.svg`: 1,000 cubics crossing each other millions of times.
    /// Every line band of the page is asked for, as a layout does; it used to sweep every
    /// crossing in every band (over 120 s for a page of text).
    @Test func scribbleOfAThousandCurvesAnswersEveryBand() throws {
        let doc = try SVGDocument(contentsOfFile: fixture("regressions/curves1000-scribble.svg"))
        let path = try #require(doc.shapes.first?.path)
        let region = ExclusionRegion(Exclusion(path: path))
        #expect(!region.isEmpty)
        let start = Date()
        var y = 0.0, covered = 0
        while y < 792 {
            covered += region.coveredSpans(minY: y, maxY: y + 14.3).count
            y += 14.3
        }
        #expect(covered > 0)
        // Far above what it takes (well under a second in a debug build), far below the old cost.
        #expect(Date().timeIntervalSince(start) < 30)
    }

    /// 100,000 cubics with control points at ±10²² (issue 16, ran past 120 s): refused at once,
    /// at the path element, by ``SVGLimits/maxCoordinate``.
    @Test func curvesThroughTenToTheTwentyTwoAreRefused() throws {
        var d = "M 0 0"
        for i in 0..<100_000 { d += " C 1e22 -1e22 -1e22 1e22 \(i % 500) \(i % 700)" }
        let start = Date()
        let error = try #require(documentError(svg(#"<path d="\#(d) Z"/>"#)))
        #expect((error.line, error.column) == (2, 1))
        #expect(error.message == "coordinates out of range after transforms (the limit is ±1000000000 pt)")
        #expect(Date().timeIntervalSince(start) < 30)
    }
}
