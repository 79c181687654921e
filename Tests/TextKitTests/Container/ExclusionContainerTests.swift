import Testing
import TextKit

/// `TextContainer.freeSpans` with the full exclusion model, against values worked out by hand.
@Suite struct ExclusionContainerTests {
    let line = Span(minX: 0, maxX: 200)

    func container(shape: BezierPath? = nil, _ exclusions: [Exclusion] = []) -> TextContainer {
        let container = TextContainer(size: Size(width: 200, height: 200))
        container.lineFragmentPadding = 0
        container.shape = shape
        container.exclusions = exclusions
        return container
    }

    func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> BezierPath {
        BezierPath(rect: Rect(x: x, y: y, width: w, height: h))
    }

    func near(_ a: [Span], _ b: [Span], _ tolerance: Double = 1e-9) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0.minX - $1.minX) <= tolerance && abs($0.maxX - $1.maxX) <= tolerance }
    }

    @Test func circleShapeKeepsTheChordOfTheNarrowestLine() {
        let circle = container(shape: BezierPath(ovalIn: Rect(x: 20, y: 20, width: 160, height: 160)))
        // Band [90, 110] around the centre (100, 100), r = 80: narrowest at 10 from the centre.
        let half = (6400.0 - 100).squareRoot()
        #expect(near(circle.freeSpans(in: line, minY: 90, height: 20, minimumWidth: 0),
                     [Span(minX: 100 - half, maxX: 100 + half)], 0.02))
        #expect(circle.freeSpans(in: line, minY: 10, height: 20, minimumWidth: 0).isEmpty)  // above the top
        #expect(circle.freeSpans(in: line, minY: 175, height: 10, minimumWidth: 0).isEmpty)  // past the bottom
    }

    @Test func exclusionsStillApplyInsideAShape() {
        let box = container(shape: rect(10, 10, 180, 180), [Exclusion(path: rect(90, 0, 20, 200), margin: 5)])
        #expect(box.freeSpans(in: line, minY: 50, height: 10, minimumWidth: 0)
            == [Span(minX: 10, maxX: 85), Span(minX: 115, maxX: 190)])
    }

    @Test func ringShapeLeavesItsHoleOut() {
        var ring = rect(0, 0, 200, 200)
        ring.append(rect(80, 80, 40, 40))
        ring.fillRule = .evenOdd
        let c = container(shape: ring)
        #expect(c.freeSpans(in: line, minY: 90, height: 10, minimumWidth: 0) == [Span(minX: 0, maxX: 80), Span(minX: 120, maxX: 200)])
    }

    @Test func wrapSidesOnAContainer() {
        let square = rect(60, 50, 40, 40)  // x 60…100: 60 free on its left, 100 on its right
        func free(_ side: WrapSide) -> [Span] {
            container([Exclusion(path: square, wrapSide: side)]).freeSpans(in: line, minY: 60, height: 10, minimumWidth: 0)
        }
        #expect(free(.both) == [Span(minX: 0, maxX: 60), Span(minX: 100, maxX: 200)])
        #expect(free(.left) == [Span(minX: 0, maxX: 60)])
        #expect(free(.right) == [Span(minX: 100, maxX: 200)])
        #expect(free(.largest) == [Span(minX: 100, maxX: 200)])
        #expect(free(.clear).isEmpty)
        // Below the square (and a margin), a clear exclusion frees the line again.
        let clear = container([Exclusion(path: square, margin: 4, wrapSide: .clear)])
        #expect(clear.freeSpans(in: line, minY: 92, height: 10, minimumWidth: 0).isEmpty)
        #expect(clear.freeSpans(in: line, minY: 94, height: 10, minimumWidth: 0) == [line])
    }

    @Test func perExclusionMinimumFragmentWidth() {
        let wall = rect(0, 0, 150, 200)  // leaves [150, 200]: 50 wide
        func free(own: Double?, container minimum: Double) -> [Span] {
            container([Exclusion(path: wall, minimumFragmentWidth: own)])
                .freeSpans(in: line, minY: 10, height: 10, minimumWidth: minimum)
        }
        #expect(free(own: nil, container: 10) == [Span(minX: 150, maxX: 200)])
        #expect(free(own: 60, container: 10).isEmpty)                          // the exclusion asks for more
        #expect(free(own: 40, container: 60).isEmpty)                          // the container's edge side asks 60
        let between = container([Exclusion(path: rect(0, 0, 100, 200), minimumFragmentWidth: 30),
                                 Exclusion(path: rect(140, 0, 60, 200), minimumFragmentWidth: 30)])
        #expect(between.freeSpans(in: line, minY: 10, height: 10, minimumWidth: 60) == [Span(minX: 100, maxX: 140)])
    }

    @Test func exclusionPathsIsThePlainCase() {
        let c = container()
        c.exclusionPaths = [rect(0, 0, 10, 10)]
        #expect(c.exclusions == [Exclusion(path: rect(0, 0, 10, 10))])
        c.exclusions = [Exclusion(path: rect(5, 5, 1, 1), margin: 3, wrapSide: .left)]
        #expect(c.exclusionPaths == [rect(5, 5, 1, 1)])
    }
}
