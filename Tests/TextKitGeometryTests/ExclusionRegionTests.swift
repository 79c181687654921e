import Testing
import TextKitGeometry

/// Wrap sides and shape complements, on a 100-wide line.
@Suite struct ExclusionRegionTests {
    let line = Span(minX: 0, maxX: 100)
    /// [30, 50] × [0, 20].
    let box = polygonPath([[(30, 0), (50, 0), (50, 20), (30, 20)]])

    func blocked(_ side: WrapSide, margin: Double = 0, path: BezierPath? = nil,
                 minY: Double = 5, maxY: Double = 10) -> [Span] {
        ExclusionRegion(Exclusion(path: path ?? box, margin: margin, wrapSide: side))
            .blockedSpans(in: line, minY: minY, maxY: maxY)
    }

    @Test func bothBlocksTheCoveredSpans() {
        #expect(blocked(.both) == spans((30, 50)))
        #expect(spansMatch(blocked(.both, margin: 4), spans((26, 54))))
    }

    @Test func leftAndRightBlockTheOtherSide() {
        #expect(blocked(.left) == spans((30, 100)))
        #expect(blocked(.right) == spans((0, 50)))
        #expect(spansMatch(blocked(.left, margin: 4), spans((26, 100))))
    }

    @Test func largestKeepsTheWiderSide() {
        #expect(blocked(.largest) == spans((0, 50)))  // 30 left of it, 50 right
        let mirrored = polygonPath([[(50, 0), (70, 0), (70, 20), (50, 20)]])
        #expect(blocked(.largest, path: mirrored) == spans((50, 100)))  // 50 left, 30 right
        let centred = polygonPath([[(40, 0), (60, 0), (60, 20), (40, 20)]])
        #expect(blocked(.largest, path: centred) == spans((40, 100)))  // a tie keeps the left
    }

    @Test func clearBlocksTheWholeLineWheneverTheBandMeetsIt() {
        #expect(blocked(.clear) == [line])
        #expect(blocked(.clear, minY: 20, maxY: 30).isEmpty)            // touching only
        #expect(blocked(.clear, margin: 3, minY: 20, maxY: 30) == [line])  // the margin reaches
        let outside = polygonPath([[(150, 0), (160, 0), (160, 20), (150, 20)]])
        #expect(blocked(.clear, path: outside) == [line])  // even beside the line's span
    }

    @Test func bandsMissingTheExclusionBlockNothing() {
        for side in WrapSide.allCases { #expect(blocked(side, minY: 30, maxY: 40).isEmpty) }
    }

    @Test func ringHoleStaysFreeOnlyForBoth() {
        let ring = polygonPath([[(10, 0), (90, 0), (90, 80), (10, 80)], [(30, 20), (70, 20), (70, 60), (30, 60)]],
                               fillRule: .evenOdd)
        #expect(blocked(.both, path: ring, minY: 30, maxY: 40) == spans((10, 30), (70, 90)))
        #expect(blocked(.left, path: ring, minY: 30, maxY: 40) == spans((10, 100)))
    }

    @Test func intersectsCountsTheMargin() {
        let region = ExclusionRegion(Exclusion(path: box, margin: 5))
        #expect(region.intersects(Rect(x: 52, y: 5, width: 10, height: 5)))
        #expect(!region.intersects(Rect(x: 55, y: 5, width: 10, height: 5)))
        #expect(region.bounds == Rect(x: 25, y: -5, width: 30, height: 30))
    }

    @Test func complementCoversWhatIsNotInsideForTheWholeBand() {
        // A triangle apex (50, 0), base (0, 100)–(100, 100): inside at y from 50 − y/2 to 50 + y/2.
        let triangle = polygonPath([[(50, 0), (100, 100), (0, 100)]])
        let outside = FilledRegion(complementOf: triangle, within: Rect(x: -1, y: -1, width: 102, height: 102))
        // Over [40, 60] every y is inside only for x in [30, 70] (the narrowest line, y = 40).
        #expect(Span(minX: 0, maxX: 100).subtracting(outside.coveredSpans(minY: 40, maxY: 60)) == spans((30, 70)))
        #expect(outside.contains(Point(x: 10, y: 10)))
        #expect(!outside.contains(Point(x: 50, y: 50)))
        #expect(!outside.contains(Point(x: 200, y: 50)))  // outside the frame
    }

    @Test func complementOfARingKeepsTheHoleOut() {
        for rule in [FillRule.evenOdd, .nonZero] {
            // For nonzero the inner contour runs the other way, so it is a hole too.
            let inner: [(Double, Double)] = rule == .evenOdd
                ? [(40, 40), (60, 40), (60, 60), (40, 60)] : [(40, 40), (40, 60), (60, 60), (60, 40)]
            let ring = polygonPath([[(0, 0), (100, 0), (100, 100), (0, 100)], inner], fillRule: rule)
            let outside = FilledRegion(complementOf: ring, within: Rect(x: -1, y: -1, width: 102, height: 102))
            #expect(Span(minX: 0, maxX: 100).subtracting(outside.coveredSpans(minY: 45, maxY: 50))
                == spans((0, 40), (60, 100)))
        }
    }
}
