import Testing
import TextKit

@Suite("Typography: justification and tab stops")
struct TypographyJustificationTests {
    @Test func stretchWithinTheLimitGoesToTheSpaces() {
        let result = Justification.justify(naturalWidth: 90, targetWidth: 100, spaceCount: 5,
                                           limits: .init(stretchPerSpace: 3, shrinkPerSpace: 1))
        #expect(result == Justification(spaceAdjustment: 2, letterSpacing: 0, ratio: 2.0 / 3, residual: 0))
    }

    @Test func letterSpacingIsTheLastResortThenSpacesGoBeyondTheirLimit() {
        // 20 short: spaces give 4 × 3 = 12, letters 40 × 0.1 = 4, the last 4 go to the spaces.
        let limits = Justification.Limits(stretchPerSpace: 3, shrinkPerSpace: 1, maximumLetterSpacing: 0.1)
        let filled = Justification.justify(naturalWidth: 80, targetWidth: 100, spaceCount: 4, letterGapCount: 40,
                                           limits: limits)
        #expect(abs(filled.spaceAdjustment - 4) < 1e-9)
        #expect(abs(filled.letterSpacing - 0.1) < 1e-12)
        #expect(abs(filled.ratio - 4.0 / 3) < 1e-12)
        #expect(abs(filled.residual) < 1e-9)

        var capped = limits
        capped.stretchSpacesBeyondLimit = false
        let short = Justification.justify(naturalWidth: 80, targetWidth: 100, spaceCount: 4, letterGapCount: 40,
                                          limits: capped)
        #expect(short.spaceAdjustment == 3)
        #expect(abs(short.residual - 4) < 1e-9)
    }

    @Test func letterSpacingSmallerThanItsLimitWhenThatSuffices() {
        let result = Justification.justify(naturalWidth: 95, targetWidth: 100, spaceCount: 1, letterGapCount: 20,
                                           limits: .init(stretchPerSpace: 3, shrinkPerSpace: 1, maximumLetterSpacing: 1))
        #expect(result.spaceAdjustment == 3)
        #expect(abs(result.letterSpacing - 0.1) < 1e-12)
        #expect(abs(result.residual) < 1e-9)
    }

    @Test func shrinkStopsAtItsLimitAndReportsOverflow() {
        let limits = Justification.Limits(stretchPerSpace: 3, shrinkPerSpace: 2)
        let fits = Justification.justify(naturalWidth: 104, targetWidth: 100, spaceCount: 4, limits: limits)
        #expect(fits == Justification(spaceAdjustment: -1, letterSpacing: 0, ratio: -0.5, residual: 0))
        let overfull = Justification.justify(naturalWidth: 120, targetWidth: 100, spaceCount: 4, limits: limits)
        #expect(overfull == Justification(spaceAdjustment: -2, letterSpacing: 0, ratio: -1, residual: -12))
    }

    @Test func aLineWithoutSpacesCannotBeFilledBySpaces() {
        let result = Justification.justify(naturalWidth: 50, targetWidth: 60, spaceCount: 0, letterGapCount: 5,
                                           limits: .init(stretchPerSpace: 3, shrinkPerSpace: 1, maximumLetterSpacing: 1))
        #expect(result.spaceAdjustment == 0)
        #expect(result.letterSpacing == 1)
        #expect(result.residual == 5)
        #expect(result.ratio == .infinity)
    }

    /// Justified lines end exactly at the span edge whenever they have a space and are short.
    @Test func filledLinesEndAtTheSpanEdge() {
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<500 {
            let target = Double.random(in: 50...400, using: &rng)
            let natural = target * Double.random(in: 0.5...1, using: &rng)
            let spaces = Int.random(in: 1...20, using: &rng), gaps = Int.random(in: 0...80, using: &rng)
            let limits = Justification.Limits(stretchPerSpace: Double.random(in: 0...5, using: &rng), shrinkPerSpace: 1,
                                              maximumLetterSpacing: Double.random(in: 0...0.5, using: &rng))
            let r = Justification.justify(naturalWidth: natural, targetWidth: target, spaceCount: spaces,
                                          letterGapCount: gaps, limits: limits)
            let width = natural + r.spaceAdjustment * Double(spaces) + r.letterSpacing * Double(gaps)
            #expect(abs(width - target) < 1e-9 * target)
            #expect(r.letterSpacing <= limits.maximumLetterSpacing)
            #expect(r.letterSpacing == 0 || r.spaceAdjustment >= limits.stretchPerSpace)
        }
    }

    // MARK: - Tab stops

    static let stops = [TextTab(.decimal, location: 200), TextTab(.left, location: 50),
                        TextTab(.right, location: 100), TextTab(.center, location: 150)]

    @Test func eachAlignmentPlacesItsSegment() {
        // Pen at 10 → the left stop at 50.
        #expect(TextTab.advance(penX: 10, tabStops: Self.stops, defaultInterval: 36, segmentWidth: 15) == 40)
        // Pen at 60 → the right stop at 100: the 15-wide segment ends there.
        #expect(TextTab.advance(penX: 60, tabStops: Self.stops, defaultInterval: 36, segmentWidth: 15) == 25)
        // Pen at 110 → centred on 150.
        #expect(TextTab.advance(penX: 110, tabStops: Self.stops, defaultInterval: 36, segmentWidth: 15) == 32.5)
        // Pen at 160 → the decimal separator at 200, 12 points into the segment.
        #expect(TextTab.advance(penX: 160, tabStops: Self.stops, defaultInterval: 36, segmentWidth: 15,
                                widthBeforeDecimal: 12) == 28)
        // No decimal separator: the segment ends at the stop, as a right tab.
        #expect(TextTab.advance(penX: 160, tabStops: Self.stops, defaultInterval: 36, segmentWidth: 15) == 25)
    }

    @Test func aStopAtThePenIsSkipped() {
        #expect(TextTab.nextStop(after: 50, tabStops: Self.stops, defaultInterval: 36) == TextTab(.right, location: 100))
    }

    @Test func pastTheLastStopTheDefaultIntervalApplies() {
        #expect(TextTab.advance(penX: 210, tabStops: Self.stops, defaultInterval: 36, segmentWidth: 15) == 6)
        #expect(TextTab.advance(penX: 216, tabStops: Self.stops, defaultInterval: 36, segmentWidth: 15) == 36)
        #expect(TextTab.advance(penX: 0, tabStops: [], defaultInterval: 28, segmentWidth: 5) == 28)
        #expect(TextTab.advance(penX: 30, tabStops: [], defaultInterval: 28, segmentWidth: 5) == 26)
    }

    @Test func noStopAndNoIntervalMeansNoAdvance() {
        #expect(TextTab.advance(penX: 30, tabStops: [], defaultInterval: 0, segmentWidth: 5) == 0)
        #expect(TextTab.nextStop(after: 30, tabStops: [TextTab(location: 20)], defaultInterval: 0) == nil)
    }

    @Test func textTooWideForItsStopStartsAtThePen() {
        #expect(TextTab.advance(penX: 60, tabStops: Self.stops, defaultInterval: 36, segmentWidth: 80) == 0)
        #expect(TextTab.advance(penX: 110, tabStops: Self.stops, defaultInterval: 36, segmentWidth: 100) == 0)
    }
}
