import Testing
import TextKitGeometry

@Suite struct SpanTests {
    @Test func width() {
        #expect(Span(minX: 2, maxX: 7.5).width == 5.5)
        #expect(Span(minX: 3, maxX: 3).width == 0)
    }

    @Test func subtractingNothingKeepsTheWholeSpan() {
        #expect(Span(minX: 0, maxX: 10).subtracting([]) == spans((0, 10)))
    }

    @Test func subtractingAMiddlePartLeavesTwoSides() {
        let free = Span(minX: 0, maxX: 10).subtracting(spans((3, 4)))
        #expect(free == spans((0, 3), (4, 10)))
    }

    @Test func subtractingUnsortedOverlappingSpans() {
        let covered = spans((8, 12), (2, 4), (3, 5), (-3, 1))
        let free = Span(minX: 0, maxX: 10).subtracting(covered)
        #expect(free == spans((1, 2), (5, 8)))
    }

    @Test func subtractingEverythingLeavesNothing() {
        #expect(Span(minX: 0, maxX: 10).subtracting(spans((-1, 11))).isEmpty)
        #expect(Span(minX: 0, maxX: 10).subtracting(spans((0, 5), (5, 10))).isEmpty)
    }

    @Test func spansOutsideOrTouchingChangeNothing() {
        let free = Span(minX: 0, maxX: 10).subtracting(spans((-5, 0), (10, 12), (20, 30)))
        #expect(free == spans((0, 10)))
    }

    @Test func zeroWidthCoveredSpansAreIgnored() {
        #expect(Span(minX: 0, maxX: 10).subtracting(spans((5, 5))) == spans((0, 10)))
    }

    @Test func minimumWidthDropsNarrowParts() {
        let covered = spans((1, 4), (6, 8.5))
        let all = Span(minX: 0, maxX: 10).subtracting(covered)
        #expect(all == spans((0, 1), (4, 6), (8.5, 10)))
        let wide = Span(minX: 0, maxX: 10).subtracting(covered, minimumWidth: 1.5)
        #expect(wide == spans((4, 6), (8.5, 10)))
        let exact = Span(minX: 0, maxX: 10).subtracting(covered, minimumWidth: 2)
        #expect(exact == spans((4, 6)))
    }

    @Test func equalityAndHashingUseTheEnds() {
        let a = Span(minX: 1, maxX: 2), b = Span(minX: 1, maxX: 2)
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
    }
}
