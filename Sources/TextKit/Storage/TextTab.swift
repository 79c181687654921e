/// A tab stop of a paragraph style (Text Kit's `NSTextTab`): where text after a tab character
/// goes, and which of its edges (or its decimal separator) lines up there.
public struct TextTab: Sendable, Hashable, Codable {
    /// Which part of the text after the tab lines up with the stop.
    public enum Alignment: String, Sendable, Hashable, Codable, CaseIterable {
        /// The text starts at the stop.
        case left
        /// The text (up to the next tab or the end of the line) ends at the stop.
        case right
        /// The text is centred on the stop.
        case center
        /// The text's decimal separator is at the stop; text without one ends at the stop.
        case decimal
    }

    /// How the text lines up with the stop.
    public var alignment: Alignment
    /// The stop's distance from the start of the line's coordinate space (the same space as the
    /// pen position passed to ``advance(penX:tabStops:defaultInterval:segmentWidth:widthBeforeDecimal:)``).
    public var location: Double

    /// A stop at `location` with the given alignment.
    public init(_ alignment: Alignment = .left, location: Double) {
        self.alignment = alignment
        self.location = location
    }

    /// The advance of a tab character whose pen position is `penX`: how far the pen moves so the
    /// text that follows lines up with the next stop.
    ///
    /// ```
    /// stop ← the first of tabStops (by location) with location > penX
    ///        none: the next multiple of defaultInterval > penX, left-aligned
    ///        (no default interval: advance 0)
    /// left:    stop − penX
    /// right:   stop − segmentWidth − penX
    /// center:  stop − segmentWidth / 2 − penX
    /// decimal: stop − (widthBeforeDecimal ?? segmentWidth) − penX
    /// never negative: text too wide for its stop starts at the pen
    /// ```
    /// Left-to-right; a right-to-left line passes distances from its right edge.
    /// - Parameters:
    ///   - segmentWidth: width of the text after the tab, up to the next tab or the line's end.
    ///   - widthBeforeDecimal: width of that text up to its decimal separator (nil: it has none).
    public static func advance(penX: Double, tabStops: [TextTab], defaultInterval: Double,
                               segmentWidth: Double, widthBeforeDecimal: Double? = nil) -> Double {
        guard let stop = nextStop(after: penX, tabStops: tabStops, defaultInterval: defaultInterval) else {
            return 0
        }
        let alignedWidth: Double
        switch stop.alignment {
        case .left: alignedWidth = 0
        case .right: alignedWidth = segmentWidth
        case .center: alignedWidth = segmentWidth / 2
        case .decimal: alignedWidth = widthBeforeDecimal ?? segmentWidth
        }
        return max(0, stop.location - alignedWidth - penX)
    }

    /// The stop a tab at `penX` goes to: the first explicit stop past `penX`, else a left stop at
    /// the next multiple of `defaultInterval` (Text Kit's `defaultTabInterval`), else nil.
    public static func nextStop(after penX: Double, tabStops: [TextTab], defaultInterval: Double) -> TextTab? {
        if let stop = tabStops.filter({ $0.location > penX }).min(by: { $0.location < $1.location }) {
            return stop
        }
        guard defaultInterval > 0, defaultInterval.isFinite else { return nil }
        var multiple = (penX / defaultInterval).rounded(.down) + 1
        if multiple * defaultInterval <= penX { multiple += 1 }
        return TextTab(.left, location: multiple * defaultInterval)
    }
}
