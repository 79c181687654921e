/// Tab stops: a tab character's width depends on where its line fragment starts and on the
/// text around it, so the breaker (measuring a candidate line) and the assembler (placing it)
/// both call ``Paragraph/tabbedLayout(_:contentEnd:origin:style:)`` and agree exactly.
extension Paragraph {
    /// The content width of a fragment showing `range` (up to `contentEnd`, as
    /// ``fittingWidth(_:contentEnd:)`` measures it) with every tab before `contentEnd` advanced
    /// to its stop, and those tabs' advances by UTF-16 offset.
    ///
    /// ```
    /// pen ← origin (the fragment's pen start, from the leading edge of the text area)
    /// for each tab t, left to right (logical order):
    ///     pen += width of the text since the previous tab
    ///     segment ← the text after t up to the next tab or contentEnd
    ///     advance[t] ← TextTab.advance(pen, stops, interval, segment's width,
    ///                                  width of the segment before its first ".")
    ///     pen += advance[t]
    /// width ← fittingWidth + Σ (advance[t] − the tab glyph's own advance)
    /// ```
    /// Trailing tabs (after `contentEnd`) hang like other white space and keep their glyph's advance.
    /// Right-to-left paragraphs pass `origin` from the right edge and measure in logical order.
    func tabbedLayout(_ range: Range<Int>, contentEnd: Int, origin: Double, style: ParagraphStyle,
                      hyphenates: Bool = true) -> (width: Double, advances: [Int: Double]) {
        let base = fittingWidth(range, contentEnd: contentEnd, hyphenates: hyphenates)
        guard hasTabs else { return (base, [:]) }
        let tabs = (range.lowerBound..<contentEnd).filter { utf16[$0] == 0x09 }
        guard !tabs.isEmpty else { return (base, [:]) }
        var advances: [Int: Double] = [:]
        var pen = origin, delta = 0.0
        var segmentStart = range.lowerBound
        for (index, tab) in tabs.enumerated() {
            pen += width(segmentStart..<tab)
            let next = index + 1 < tabs.count ? tabs[index + 1] : contentEnd
            let segment = tab + 1..<next
            let decimal = segment.first { utf16[$0] == 0x2E }.map { width(tab + 1..<$0) }
            let advance = TextTab.advance(penX: pen, tabStops: style.tabStops,
                                          defaultInterval: style.defaultTabInterval,
                                          segmentWidth: width(segment), widthBeforeDecimal: decimal)
            advances[tab] = advance
            delta += advance - width(tab..<tab + 1)
            pen += advance
            segmentStart = tab + 1
        }
        return (base + delta, advances)
    }

    /// Where a fragment in `span` starts in the tab stops' coordinates: its distance from the
    /// text area's leading edge (the padding cancels out: stops start after it too).
    func tabOrigin(of span: Span, in textRect: Rect) -> Double {
        bidi.paragraphLevel == 1 ? textRect.maxX - span.maxX : span.minX - textRect.minX
    }

    /// The glyph drawn for a tab: the font's space (a tab has no glyph of its own in most fonts).
    func tabGlyph(at offset: Int) -> UInt32? {
        runs[runIndex(containing: offset)].font.shaper.nominalGlyph(0x20)
    }
}
