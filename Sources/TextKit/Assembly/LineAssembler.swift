/// Places the glyphs of a broken line (Pango's `reorder-items.c` + alignment): bidi reordering
/// per fragment, alignment or justification inside each fragment's span, glyph positions.
///
/// Positions are in container coordinates; character indices are paragraph-relative scalar
/// offsets (the layout manager adds the paragraph start).
package struct LineAssembler {
    let paragraph: Paragraph
    let style: ParagraphStyle
    /// The line-fragment padding of the container of the line being assembled.
    var padding: Double
    /// Whether fragments that allow it get their glyphs written straight into compact columns
    /// (``directGlyphs(_:contentEnd:pen:baseline:hyphen:contentStart:)``); false places every
    /// fragment through the general path (tests compare the two).
    var writesColumnsDirectly = true
    /// Whether fragments that read their run keep an x column even where x can be read from the
    /// paragraph's advance prefix (tests compare the two).
    var keepsXColumns = false
    /// Maps a run's font and size to the layout's font index.
    let fontIndex: (Font, Double) -> Int

    package func assemble(_ line: BrokenLine, isLastLine: Bool) -> LineLayout {
        let baseline = line.band.minY + (line.height - line.metrics.natural) + line.metrics.ascent
        if let truncation = line.truncation, let (span, range) = line.fragments.first {
            var layout = LineLayout(rect: line.band, baseline: baseline, characterRange: characterRange(line.range),
                                    fragments: [placeTruncated(range, truncation, in: span, band: line.band, baseline: baseline)])
            layout.truncatedRange = characterRange(truncation.hidden)
            return layout
        }
        func place(_ fragment: (span: Span, range: Range<Int>)) -> LineFragment {
            // Every fragment is justified but the one that ends the paragraph or a mandatory
            // break: the first fragment of a paragraph's last, split line is justified too.
            let range = fragment.range
            let endsParagraph = range.upperBound == paragraph.utf16.count
            let endsAtBreak = line.endsWithMandatoryBreak && range.upperBound == line.range.upperBound
            return self.place(range, in: fragment.span, band: line.band, baseline: baseline,
                              justify: style.alignment == .justified && !endsParagraph && !endsAtBreak,
                              textRect: line.band, hyphenates: line.hyphenates(at: range.upperBound))
        }
        // One fragment (most lines) in an array literal: one allocation, where reserving room and
        // appending made two (callgrind: 41,890 for 20,968 lines).
        var fragments: [LineFragment]
        if line.fragments.count == 1 {
            fragments = [place(line.fragments[0])]
        } else {
            fragments = []
            fragments.reserveCapacity(line.fragments.count)
            for fragment in line.fragments { fragments.append(place(fragment)) }
        }
        if fragments.count > 1 { fragments.sort { $0.rect.minX < $1.rect.minX } }
        let characters = characterRange(line.range)
        return LineLayout(rect: line.band, baseline: baseline, characterRange: characters, fragments: fragments)
    }

    // MARK: - Internals

    private func characterRange(_ range: Range<Int>) -> Range<Int> {
        Int(paragraph.scalarOffsets[range.lowerBound])..<Int(paragraph.scalarOffsets[range.upperBound])
    }

    private func place(_ range: Range<Int>, in span: Span, band: Rect, baseline: Double, justify: Bool,
                       textRect: Rect, hyphenates: Bool = true) -> LineFragment {
        let rightToLeft = paragraph.bidi.paragraphLevel == 1
        let contentEnd = paragraph.trimmingTrailingWhitespace(range.lowerBound, range.upperBound)
        // Tabs advance to their stops, measured exactly as the breaker measured the line.
        let origin = paragraph.tabOrigin(of: span, in: textRect)
        let (contentWidth, tabs) = paragraph.tabbedLayout(range, contentEnd: contentEnd, origin: origin, style: style,
                                                          hyphenates: hyphenates)
        // Without tabs the content width is the fitting width of the content, measured once.
        let hanging = paragraph.fittingWidth(range, contentEnd: range.upperBound, hyphenates: hyphenates)
            - (tabs.isEmpty ? contentWidth
                            : paragraph.fittingWidth(range, contentEnd: contentEnd, hyphenates: hyphenates))
        let left = span.minX + padding, right = span.maxX - padding
        let available = right - left

        var extraPerSpace = 0.0, letterSpacing = 0.0
        var letterGaps: Set<Int> = []
        // A fragment with tabs is never justified: its columns stay at their stops.
        if justify, tabs.isEmpty, abs(available - contentWidth) > 1e-9 {
            (extraPerSpace, letterSpacing, letterGaps) = justification(range.lowerBound..<contentEnd,
                                                                       naturalWidth: contentWidth, available: available)
        }
        let spaceCount = extraPerSpace == 0 ? 0
            : (range.lowerBound..<contentEnd).reduce(0) { $0 + (paragraph.utf16[$1] == 0x20 ? 1 : 0) }
        let adjusted = extraPerSpace != 0 || letterSpacing != 0
        let stretched = contentWidth + extraPerSpace * Double(spaceCount) + letterSpacing * Double(letterGaps.count)
        // A justified line ends exactly at the edge; one the limits left short keeps its width.
        let fillsSpan = adjusted && abs(stretched - available) < 1e-6
        let lineWidth = fillsSpan ? available : adjusted ? stretched : contentWidth
        var alignment = style.alignment
        if alignment == .natural || alignment == .justified { alignment = rightToLeft ? .right : .left }
        var contentStart: Double = switch alignment {
        case .right: right - lineWidth
        case .center: left + (available - lineWidth) / 2
        default: left
        }
        if fillsSpan { contentStart = left }
        // Hanging white space sits at the logical end: right of the text in LTR, left in RTL.
        var pen = rightToLeft ? contentStart - hanging : contentStart

        let softHyphen = paragraph.softHyphen(endingAt: range.upperBound, hyphenates: hyphenates)
        let replacesGlyph = range.upperBound > 0 && paragraph.utf16[range.upperBound - 1] == 0x00AD
        let hangs = hanging > 0 && contentEnd > range.lowerBound
        let glyphs: PositionedGlyphs, attachments: [AttachmentPlacement]
        if writesColumnsDirectly, paragraph.attachments.isEmpty, tabs.isEmpty,
           extraPerSpace == 0, letterSpacing == 0, !(replacesGlyph && softHyphen != nil),
           let oneRun = oneVisualRun(range),
           let direct = directGlyphs(range, contentEnd: contentEnd, pen: pen, baseline: baseline,
                                     hyphen: softHyphen, contentStart: hangs ? contentStart : nil, rightToLeft: oneRun) {
            (glyphs, attachments) = (direct, [])
        } else {
            // About a glyph per UTF-16 unit (one more for a hyphen); a reserve per run would
            // reallocate the array for each.
            var positioned: [PositionedGlyph] = []
            positioned.reserveCapacity(range.count + 1)
            emitGlyphs(range, contentEnd: contentEnd, pen: &pen, baseline: baseline, extraPerSpace: extraPerSpace,
                       softHyphen: replacesGlyph ? softHyphen : nil, tabs: tabs, letterSpacing: letterSpacing,
                       letterGaps: letterGaps, into: &positioned)
            if let hyphen = softHyphen, !replacesGlyph, let last = positioned.last {
                // A hyphenation point: the hyphen follows the word's last glyph.
                positioned.append(PositionedGlyph(glyphID: hyphen.glyph, fontIndex: last.fontIndex,
                                                  position: Point(x: pen, y: baseline), advance: hyphen.advance,
                                                  characterIndex: last.characterIndex, isRightToLeft: last.isRightToLeft))
            }
            if hangs { placeHangingGlyphs(&positioned, firstHanging: Int(paragraph.scalarOffsets[contentEnd]),
                                          contentStart: contentStart) }
            (glyphs, attachments) = (PositionedGlyphs(positioned, baseline: baseline), attachmentPlacements(positioned))
        }
        let rect = Rect(x: span.minX, y: band.minY, width: span.width, height: band.height)
        let usedMinX = contentStart - padding
        let used = Rect(x: usedMinX, y: band.minY, width: lineWidth + 2 * padding, height: band.height)
        return LineFragment(rect: rect, usedRect: used, characterRange: characterRange(range),
                            glyphs: glyphs, attachments: attachments)
    }

    /// Whether the fragment `range` is one visual run, and its direction: left to right in a
    /// paragraph of level 0 throughout, right to left where every level of a right-to-left
    /// paragraph in it is 1 (rule L1 then changes nothing); nil otherwise.
    private func oneVisualRun(_ range: Range<Int>) -> Bool? {
        let bidi = paragraph.bidi
        if bidi.isLeftToRightOnly { return false }
        guard bidi.paragraphLevel == 1, !bidi.levels[range].contains(where: { $0 != 1 }) else { return nil }
        return true
    }

    /// Hanging white space goes wherever bidi puts it (rule L1 can leave it on either side): the
    /// glyphs of a fragment whose content ends at scalar `firstHanging` are moved so that the
    /// content itself starts at `contentStart`, after interior hanging glyphs are collapsed.
    private func placeHangingGlyphs(_ glyphs: inout [PositionedGlyph], firstHanging: Int, contentStart: Double) {
        collapseInteriorHangingGlyphs(&glyphs, firstHanging: firstHanging)
        var contentMinX: Double?
        for glyph in glyphs where glyph.characterIndex < firstHanging && glyph.advance > 0 {
            contentMinX = min(contentMinX ?? glyph.position.x, glyph.position.x)
        }
        if let contentMinX, abs(contentMinX - contentStart) > 1e-9 {
            let shift = contentStart - contentMinX
            for index in glyphs.indices { glyphs[index].position.x += shift }
        }
    }

    /// Hanging white space that bidi reordering leaves between content glyphs (trailing white
    /// space after a control character keeps the level of its run, so it can land inside the
    /// line) takes no room there: its glyphs get no advance and the content after them closes up.
    /// Hanging glyphs at either end of the line keep their advance.
    private func collapseInteriorHangingGlyphs(_ glyphs: inout [PositionedGlyph], firstHanging: Int) {
        guard let first = glyphs.firstIndex(where: { $0.characterIndex < firstHanging }),
              let last = glyphs.lastIndex(where: { $0.characterIndex < firstHanging }), first < last else { return }
        var removed = 0.0
        for index in first...last {
            glyphs[index].position.x -= removed
            if glyphs[index].characterIndex >= firstHanging {
                removed += glyphs[index].advance
                glyphs[index].advance = 0
            }
        }
        for index in glyphs.indices where index > last { glyphs[index].position.x -= removed }
    }

    /// How a justified fragment's content (`content`, `naturalWidth` wide) fills `available`:
    /// the width added to each inter-word space, the letter-spacing, and the grapheme
    /// boundaries that get it (``Justification`` with the paragraph style's limits).
    ///
    /// ```
    /// space   ← mean advance of the fragment's spaces
    /// limits  ← stretch: space × maximumWordSpacingStretch, shrink: space / 3 (as optimal breaking
    ///           assumes), letters: maximumLetterSpacing (left-to-right text only),
    ///           beyond the limits: spaces take the rest when allowsUnlimitedWordSpacing
    /// spaces fill the line exactly (no residual): each gets (available − natural) / spaces
    /// ```
    private func justification(_ content: Range<Int>, naturalWidth: Double,
                               available: Double) -> (perSpace: Double, letterSpacing: Double, gaps: Set<Int>) {
        let spaces = content.filter { paragraph.utf16[$0] == 0x20 }
        let spaceWidth = spaces.isEmpty ? 0 : spaces.reduce(0.0) { $0 + paragraph.width($1..<$1 + 1) } / Double(spaces.count)
        var gaps: Set<Int> = []
        if style.maximumLetterSpacing > 0, naturalWidth < available,
           !paragraph.visualRuns(content).contains(where: \.rightToLeft) {
            // Gaps between two grapheme clusters of a word (never next to white space).
            for boundary in paragraph.graphemes where boundary > content.lowerBound && boundary < content.upperBound {
                if !paragraph.isWhitespace(at: boundary - 1), !paragraph.isWhitespace(at: boundary) { gaps.insert(boundary) }
            }
        }
        let limits = Justification.Limits(stretchPerSpace: spaceWidth * max(0, style.maximumWordSpacingStretch),
                                          shrinkPerSpace: spaceWidth / 3,
                                          maximumLetterSpacing: max(0, style.maximumLetterSpacing),
                                          stretchSpacesBeyondLimit: style.allowsUnlimitedWordSpacing)
        let result = Justification.justify(naturalWidth: naturalWidth, targetWidth: available, spaceCount: spaces.count,
                                           letterGapCount: gaps.count, limits: limits)
        if result.letterSpacing == 0, abs(result.residual) <= 1e-6, !spaces.isEmpty {
            // The spaces alone fill the line: split the difference exactly.
            return ((available - naturalWidth) / Double(spaces.count), 0, [])
        }
        return (result.spaceAdjustment, result.letterSpacing, result.letterSpacing > 0 ? gaps : [])
    }

    /// A truncated line: the visible head and/or tail of `range` with an ellipsis where
    /// `truncation.hidden` is, aligned like any fragment (never justified).
    private func placeTruncated(_ range: Range<Int>, _ truncation: Truncation, in span: Span, band: Rect,
                                baseline: Double) -> LineFragment {
        let head = range.lowerBound..<truncation.hidden.lowerBound
        let tail = truncation.hidden.upperBound..<range.upperBound
        let headEnd = paragraph.trimmingTrailingWhitespace(head.lowerBound, head.upperBound)
        let headWidth = head.isEmpty ? 0 : paragraph.fittingWidth(head, contentEnd: headEnd)
        let tailWidth = tail.isEmpty ? 0 : paragraph.fittingWidth(tail, contentEnd: tail.upperBound)
        let width = headWidth + truncation.advance + tailWidth
        let left = span.minX + padding, right = span.maxX - padding
        let rightToLeft = paragraph.bidi.paragraphLevel == 1
        var alignment = style.alignment
        if alignment == .natural || alignment == .justified { alignment = rightToLeft ? .right : .left }
        let start: Double = switch alignment {
        case .right: right - width
        case .center: left + (right - left - width) / 2
        default: left
        }
        var pen = start
        var glyphs: [PositionedGlyph] = []
        if !head.isEmpty {
            emitGlyphs(head.lowerBound..<headEnd, contentEnd: headEnd, pen: &pen, baseline: baseline,
                       extraPerSpace: 0, softHyphen: nil, into: &glyphs)
        }
        if let ellipsis = truncation.glyph {
            glyphs.append(PositionedGlyph(
                glyphID: ellipsis, fontIndex: fontIndex(truncation.font, truncation.pointSize),
                position: Point(x: pen, y: baseline), advance: truncation.advance,
                characterIndex: Int(paragraph.scalarOffsets[min(truncation.hidden.lowerBound, paragraph.utf16.count - 1)])))
        }
        pen += truncation.advance
        if !tail.isEmpty {
            emitGlyphs(tail, contentEnd: tail.upperBound, pen: &pen, baseline: baseline, extraPerSpace: 0,
                       softHyphen: nil, into: &glyphs)
        }
        let rect = Rect(x: span.minX, y: band.minY, width: span.width, height: band.height)
        let used = Rect(x: start - padding, y: band.minY, width: width + 2 * padding, height: band.height)
        return LineFragment(rect: rect, usedRect: used, characterRange: characterRange(range),
                            glyphs: PositionedGlyphs(glyphs, baseline: baseline),
                            attachments: attachmentPlacements(glyphs))
    }

    /// The boxes of the attachment glyphs among `glyphs` (placed), in their order.
    private func attachmentPlacements(_ glyphs: [PositionedGlyph]) -> [AttachmentPlacement] {
        guard !paragraph.attachments.isEmpty else { return [] }
        return glyphs.compactMap { glyph in
            guard glyph.isAttachment, let attachment = paragraph.attachments[glyph.characterIndex] else { return nil }
            let box = attachment.bounds
            return AttachmentPlacement(characterIndex: glyph.characterIndex, attachment: attachment,
                                       rect: Rect(x: glyph.position.x + box.minX, y: glyph.position.y + box.minY,
                                                  width: box.width, height: box.height))
        }
    }

    /// Appends the glyphs of `range` in visual order from `pen`, advancing it.
    private func emitGlyphs(_ range: Range<Int>, contentEnd: Int, pen: inout Double, baseline: Double,
                            extraPerSpace: Double, softHyphen: (glyph: UInt32, advance: Double)?,
                            tabs: [Int: Double] = [:], letterSpacing: Double = 0, letterGaps: Set<Int> = [],
                            into glyphs: inout [PositionedGlyph]) {
        for visual in paragraph.visualRuns(range) {
            paragraph.forEachPiece(visual.range, backwards: visual.rightToLeft) { run, piece in
                let indices = run.glyphRange(for: piece)
                let font = fontIndex(run.font, run.pointSize)
                let plain = tabs.isEmpty && letterSpacing == 0 && extraPerSpace == 0 && softHyphen == nil
                for step in 0..<indices.count {
                    let g = visual.rightToLeft ? indices.upperBound - 1 - step : indices.lowerBound + step
                    if plain {
                        // Most glyphs: nothing but the pen moves.
                        let advance = Double(run.columns.advance(g)) * run.scale
                        glyphs.append(PositionedGlyph(
                            glyphID: run.columns.glyph(g), fontIndex: font,
                            position: Point(x: pen + Double(run.offsetX(g)) * run.scale,
                                            y: baseline - Double(run.offsetY(g)) * run.scale - run.style.baselineOffset),
                            advance: advance, characterIndex: Int(paragraph.scalarOffsets[Int(run.columns.cluster(g))]),
                            isRightToLeft: visual.rightToLeft))
                        pen += advance
                        continue
                    }
                    let cluster = Int(run.columns.cluster(g))
                    if letterSpacing != 0, letterGaps.contains(cluster), g == run.firstGlyph(atOrAfter: cluster) {
                        // Letter-spacing, the last resort of justification: a gap before the cluster.
                        pen += letterSpacing
                    }
                    var advance = Double(run.columns.advance(g)) * run.scale
                    var glyphID = run.columns.glyph(g)
                    if cluster == range.upperBound - 1, let hyphen = softHyphen {
                        // A line broken at a soft hyphen shows a hyphen in its place.
                        glyphID = hyphen.glyph
                        advance = hyphen.advance
                    }
                    if let tab = tabs[cluster] {
                        // A tab shows as a space glyph as wide as the way to its stop; the rest
                        // of its cluster (marks a shaper put on it) takes no room, as measured.
                        if g == run.firstGlyph(atOrAfter: cluster) {
                            glyphID = paragraph.tabGlyph(at: cluster) ?? glyphID
                            advance = tab
                        } else {
                            advance = 0
                        }
                    }
                    if extraPerSpace != 0, cluster < contentEnd, paragraph.utf16[cluster] == 0x20,
                       g == run.firstGlyph(atOrAfter: cluster) {
                        advance += extraPerSpace
                    }
                    glyphs.append(PositionedGlyph(
                        glyphID: glyphID, fontIndex: font,
                        position: Point(x: pen + Double(run.offsetX(g)) * run.scale,
                                        y: baseline - Double(run.offsetY(g)) * run.scale - run.style.baselineOffset),
                        advance: advance, characterIndex: Int(paragraph.scalarOffsets[cluster]),
                        isRightToLeft: visual.rightToLeft))
                    pen += advance
                }
            }
        }
    }

    /// Creates a value from its parts.
    package init(paragraph: Paragraph, style: ParagraphStyle, padding: Double, writesColumnsDirectly: Bool = true,
                 keepsXColumns: Bool = false, fontIndex: @escaping (Font, Double) -> Int) {
        self.paragraph = paragraph
        self.style = style
        self.padding = padding
        self.writesColumnsDirectly = writesColumnsDirectly
        self.keepsXColumns = keepsXColumns
        self.fontIndex = fontIndex
    }
}
