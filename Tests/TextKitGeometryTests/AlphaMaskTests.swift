import Testing
import TextKitGeometry
import SeededRandom

/// Tracing alpha masks into pixel-exact outlines.
@Suite struct AlphaMaskTests {
    /// A mask from rows of characters: `#` opaque, `+` alpha 128, anything else transparent.
    func mask(_ rows: [String]) -> AlphaMask {
        let width = rows.first?.count ?? 0
        let alpha = rows.flatMap { row in row.map { $0 == "#" ? UInt8(255) : $0 == "+" ? 128 : 0 } }
        return AlphaMask(width: width, height: rows.count, alpha: alpha)
    }

    /// The region of `rows` stretched one pixel per point at the origin.
    func region(_ rows: [String], threshold: Double = 0) -> FilledRegion {
        let m = mask(rows)
        return FilledRegion(path: BezierPath(contoursOf: m, threshold: threshold,
                                             in: Rect(x: 0, y: 0, width: Double(m.width), height: Double(m.height))))
    }

    @Test func blockIsOneRectangle() {
        let path = BezierPath(contoursOf: mask(["....", ".##.", ".##.", "...."]), in: Rect(x: 0, y: 0, width: 4, height: 4))
        #expect(path.elements.count == 5)  // move, 3 lines, close: collinear steps merged
        #expect(path.fillRule == .evenOdd)
        #expect(path.bounds == Rect(x: 1, y: 1, width: 2, height: 2))
    }

    @Test func bandsFollowThePixelGrid() {
        let r = region(["#...", "##..", "###.", "####"])
        #expect(r.coveredSpans(minY: 0, maxY: 1) == spans((0, 1)))
        #expect(r.coveredSpans(minY: 1.5, maxY: 2.5) == spans((0, 3)))
        #expect(r.coveredSpans(minY: 0.2, maxY: 0.8) == spans((0, 1)))
    }

    @Test func holesStayHoles() {
        let r = region(["#####", "#...#", "#...#", "#####"])
        #expect(r.coveredSpans(minY: 1, maxY: 3) == spans((0, 1), (4, 5)))
        #expect(r.coveredSpans(minY: 0, maxY: 1) == spans((0, 5)))
    }

    @Test func diagonalPixelsTouchAtACorner() {
        let r = region(["#.", ".#"])
        #expect(r.contains(Point(x: 0.5, y: 0.5)) && r.contains(Point(x: 1.5, y: 1.5)))
        #expect(!r.contains(Point(x: 1.5, y: 0.5)) && !r.contains(Point(x: 0.5, y: 1.5)))
        #expect(r.coveredSpans(minY: 0, maxY: 1) == spans((0, 1)))
    }

    @Test func thresholdIsStrictlyGreater() {
        let rows = ["+#"]
        #expect(region(rows, threshold: 0).coveredSpans(minY: 0, maxY: 1) == spans((0, 2)))
        #expect(region(rows, threshold: 0.5).coveredSpans(minY: 0, maxY: 1) == spans((0, 2)))   // 128/255 > 0.5
        #expect(region(rows, threshold: 0.51).coveredSpans(minY: 0, maxY: 1) == spans((1, 2)))
        #expect(region(rows, threshold: 1).coveredSpans(minY: 0, maxY: 1).isEmpty)
    }

    @Test func maskIsStretchedOntoTheRect() {
        let m = mask(["##..", "##.."])
        let path = BezierPath(contoursOf: m, in: Rect(x: 100, y: 200, width: 40, height: 10))
        #expect(path.bounds == Rect(x: 100, y: 200, width: 20, height: 10))
    }

    @Test func emptyAndClearMasksGiveEmptyPaths() {
        #expect(BezierPath(contoursOf: AlphaMask(width: 0, height: 0, alpha: []), in: .zero).isEmpty)
        #expect(BezierPath(contoursOf: mask(["...", "..."]), in: Rect(x: 0, y: 0, width: 3, height: 2)).isEmpty)
    }

    /// Random masks: the traced area's cut through every pixel row's middle is exactly the
    /// row's runs of kept pixels.
    @Test func randomMasksMatchTheirPixels() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<30 {
            let width = Int.random(in: 1...12, using: &random), height = Int.random(in: 1...12, using: &random)
            let alpha = (0..<(width * height)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let m = AlphaMask(width: width, height: height, alpha: alpha)
            let r = FilledRegion(path: BezierPath(contoursOf: m, threshold: 0.5,
                                                  in: Rect(x: 0, y: 0, width: Double(width), height: Double(height))))
            for y in 0..<height {
                var runs: [Span] = []
                for x in 0..<width where Double(m[x, y]) > 127.5 {
                    if let last = runs.last, last.maxX == Double(x) {
                        runs[runs.count - 1].maxX += 1
                    } else {
                        runs.append(Span(minX: Double(x), maxX: Double(x + 1)))
                    }
                }
                #expect(r.coveredSpans(minY: Double(y) + 0.5, maxY: Double(y) + 0.5) == runs)
            }
        }
    }
}
