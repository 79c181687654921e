/// The part of a paragraph a truncated line hides behind an ellipsis.
package struct Truncation {
    /// UTF-16 range of the paragraph hidden.
    var hidden: Range<Int>
    /// The ellipsis glyph; nil for a clipped line (nothing shows where the text is hidden).
    var glyph: UInt32?
    /// The ellipsis's advance in points.
    var advance: Double
    var font: Font
    var pointSize: Double
}

/// Vertical metrics of a line, in points.
package struct LineMetrics {
    package var ascent = 0.0, descent = 0.0, gap = 0.0
    var natural: Double { ascent + descent + gap }

    /// Metrics with the given ascent, descent and line gap (points).
    package init(ascent: Double = 0, descent: Double = 0, gap: Double = 0) {
        self.ascent = ascent
        self.descent = descent
        self.gap = gap
    }

    /// Grows the metrics to the run's font (raised by its baseline offset) and, for an
    /// attachment's run, to the attachment's box: its part above the baseline and below it.
    mutating func include(_ run: ShapedRun) {
        let raise = run.style.baselineOffset
        let scale = run.fontScale
        ascent = max(ascent, Double(run.font.ascender) * scale + raise)
        descent = max(descent, Double(run.font.descender) * scale - raise)
        gap = max(gap, Double(run.font.lineGap) * scale)
        if let attachment = run.attachment {
            ascent = max(ascent, attachment.ascent + raise)
            descent = max(descent, attachment.descent - raise)
        }
    }
}

/// A line the breaker accepted: its band and the UTF-16 range of each fragment.
package struct BrokenLine {
    var container: Int
    var band: Rect
    var metrics: LineMetrics
    var height: Double
    /// (Kept in a ``ShortList``: most lines have one fragment, which then needs no allocation.)
    var fragments: ShortList<(span: Span, range: Range<Int>)>
    var range: Range<Int>
    var endsWithMandatoryBreak: Bool
    /// (No default values here: with them, the initializer set each field twice and copied the
    /// line out of its `self`, a retain and a release of each array, every line.)
    var truncation: Optional<Truncation>
    /// Ends of fragments that cut a word between grapheme clusters at a hyphenation point or
    /// after a soft hyphen because no break opportunity fit there: they show no hyphen.
    var cutsWithoutHyphen: [Int]

    /// Whether the fragment ending at `end` shows the hyphen of a break there.
    func hyphenates(at end: Int) -> Bool { cutsWithoutHyphen.isEmpty || !cutsWithoutHyphen.contains(end) }

    /// Creates a value from its parts.
    package init(container: Int, band: Rect, metrics: LineMetrics, height: Double, fragments: ShortList<(span: Span, range: Range<Int>)>, range: Range<Int>, endsWithMandatoryBreak: Bool, truncation: Truncation? = nil, cutsWithoutHyphen: [Int] = []) {
        self.container = container
        self.band = band
        self.metrics = metrics
        self.height = height
        self.fragments = fragments
        self.range = range
        self.endsWithMandatoryBreak = endsWithMandatoryBreak
        self.truncation = truncation
        self.cutsWithoutHyphen = cutsWithoutHyphen
    }
}
