/// Greedy line breaking of one paragraph into the free spans of a container chain.
///
/// Geometry asks, breaker answers: for each line the breaker asks the container for the free
/// spans of the band the line would occupy, fills the first span with as many break-opportunity
/// segments as fit (trailing white space hangs), continues in the next span, and re-asks with the
/// real height when the line's fonts turn out taller than assumed.
///
/// ```
/// for each line:
///     height ← height of the fonts at the line start
///     loop:
///         no room left in this container → next container (none left → overflow)
///         spans ← free spans of [y, y + height)
///         fill spans from the current offset
///         nothing fits → y += step (or next container once below every exclusion)
///         real height > height → height ← real height, ask again
///         accept the line
/// ```
package struct LineBreaker {
    let paragraph: Paragraph
    let style: ParagraphStyle
    let containers: [TextContainer]
    /// Metrics of the paragraph's font, for empty paragraphs and the first guess.
    let defaultMetrics: LineMetrics
    /// Spans narrower than this (after padding) are skipped, unless the container sets its own
    /// ``TextContainer/minimumFragmentWidth``.
    let minimumWidth: Double
    /// How far to move down when a band has no room.
    let step = 1.0
    /// Whether text follows this paragraph (a truncated line hides it).
    var hasFollowingText = false
    /// Whether `fill` finds the break opportunities that fit by searching instead of measuring
    /// each in turn; valid only when ``widthsNeverDecrease(_:)`` holds for the paragraph.
    var searchesCandidates = false
    /// The cursor the paragraph starts at, when the cursors given and returned are in its frame
    /// (``LayoutCursor/placed(at:)``: y and line count measured from it in its container, as
    /// layout keeps them); nil when they are in container coordinates.
    var origin: LayoutCursor?

    enum Outcome {
        case line(BrokenLine)
        /// Nothing from `offset` on fits anywhere.
        case overflow(unbreakable: Bool)
    }

    var rightToLeft: Bool { paragraph.bidi.paragraphLevel == 1 }

    /// Breaks the line starting at UTF-16 `start`, moving `cursor` down as needed, and with
    /// ``ParagraphStyle/preventsWidowsAndOrphans`` moves it to the next container when it would
    /// be an orphan or leave a widow.
    ///
    /// ```
    /// line ← the line placed as usual
    /// control on, the paragraph goes on after it, a next container exists, and the line is not
    /// the first of its container:
    ///     first line:  the next line (placed as usual) is in another container → orphan
    ///                  or the next line would itself move as below → it would leave an orphan
    ///     other lines: the next line is the paragraph's last and in another container → widow
    ///     either: place the line at the top of the next container instead
    /// ```
    /// Every decision depends only on `start`, `cursor`, `isFirstLine` and the geometry between
    /// `cursor` and `reach`, which is moved down to the bottom of the lowest band any placement
    /// looked at (look-ahead lines included, past the chain's end when it looked beyond it or
    /// asked whether a next container exists): resuming layout at a line's recorded search start
    /// reproduces it while that region is unchanged.
    func nextLine(from start: Int, cursor: inout LayoutCursor, isFirstLine: Bool,
                  reach: inout LayoutCursor) -> Outcome {
        var placed = cursor
        let outcome = placeLine(from: start, cursor: &placed, isFirstLine: isFirstLine, reach: &reach)
        guard style.preventsWidowsAndOrphans, case .line(let line) = outcome, line.truncation == nil,
              line.range.upperBound < paragraph.utf16.count, containerLines(placed) > 0 else {
            cursor = placed
            return outcome
        }
        // Whether a next container exists decides too: inserting one after this line's
        // container must reconsider it.
        reach.extend(through: LayoutCursor(container: line.container + 1, y: -.infinity))
        guard line.container + 1 < containers.count,
              isFirstLine ? leavesOrphan(line, cursor: placed, reach: &reach)
                          : leavesWidow(line, cursor: placed, reach: &reach)
        else {
            cursor = placed
            return outcome
        }
        var moved = LayoutCursor(container: line.container + 1, y: containers[line.container + 1].textRect.minY)
        let retry = placeLine(from: start, cursor: &moved, isFirstLine: isFirstLine, reach: &reach)
        guard case .line = retry else {
            cursor = placed
            return outcome
        }
        cursor = moved
        return retry
    }

    // MARK: - Widows and orphans

    /// The line after `line` (placed at `cursor`), placed as usual.
    private func lineAfter(_ line: BrokenLine, cursor: LayoutCursor, reach: inout LayoutCursor) -> BrokenLine? {
        var next = LayoutCursor(container: line.container, y: line.band.maxY + style.lineSpacing, lines: cursor.lines + 1)
        guard case .line(let following) = placeLine(from: line.range.upperBound, cursor: &next, isFirstLine: false,
                                                    reach: &reach)
        else { return nil }
        return following
    }

    /// Whether the paragraph's last line would start the next container alone after `line`.
    private func leavesWidow(_ line: BrokenLine, cursor: LayoutCursor, reach: inout LayoutCursor) -> Bool {
        // Cheap test first: text wider than any container cannot all be on the next line (tabs
        // may be narrower than their glyphs: not then).
        let rest = paragraph.width(line.range.upperBound..<paragraph.utf16.count)
        guard paragraph.hasTabs || rest <= containers.map(\.textRect.width).max() ?? 0,
              let next = lineAfter(line, cursor: cursor, reach: &reach) else { return false }
        return next.container != line.container && next.range.upperBound == paragraph.utf16.count
    }

    /// Whether the paragraph's first line `line` would stay alone at the bottom of its container.
    private func leavesOrphan(_ line: BrokenLine, cursor: LayoutCursor, reach: inout LayoutCursor) -> Bool {
        guard let next = lineAfter(line, cursor: cursor, reach: &reach) else { return false }
        if next.container != line.container { return true }
        // The second line moves on to avoid a widow: the first must go with it.
        let second = LayoutCursor(container: line.container, y: line.band.maxY + style.lineSpacing, lines: cursor.lines + 1)
        return next.range.upperBound < paragraph.utf16.count && leavesWidow(next, cursor: second, reach: &reach)
    }

    /// Breaks the line starting at UTF-16 `start` without widow and orphan control, moving
    /// `reach` down to the bottom of the line's band (past the chain's end on overflow, or when
    /// the line may be truncated: that depends on being in the last container).
    private func placeLine(from start: Int, cursor: inout LayoutCursor, isFirstLine: Bool,
                           reach: inout LayoutCursor) -> Outcome {
        let outcome = placeLine(from: start, cursor: &cursor, isFirstLine: isFirstLine, lookedAt: &reach)
        switch outcome {
        case .line(let line):
            reach.extend(through: LayoutCursor(container: line.container, y: line.band.maxY))
            let geometry = containers[line.container].lineGeometry
            if geometry.lineBreakMode != .wordWrap, geometry.maximumNumberOfLines > 0 {
                reach.extend(through: LayoutCursor(container: line.container + 1, y: -.infinity))
            }
        case .overflow:
            reach.extend(through: .pastEnd(of: containers.count))
        }
        return outcome
    }

    /// Breaks the line starting at UTF-16 `start` without widow and orphan control; `lookedAt`
    /// is moved down to the bottom of the lowest band the look-ahead for a wider band examined.
    ///
    /// Where no break opportunity fits the spans of a band, the line moves down to the first
    /// band of its container where one does; when no band below does (an overlong word beside
    /// an exclusion at the container's foot, a word and its hyphen wider than every band), the
    /// word is broken between grapheme clusters in the spans there are instead, so no span is
    /// left empty for want of a wider one.
    private func placeLine(from start: Int, cursor: inout LayoutCursor, isFirstLine: Bool,
                           lookedAt: inout LayoutCursor) -> Outcome {
        var height = lineHeight(metrics(for: start..<min(start + 1, paragraph.utf16.count)))
        // Set once the look-ahead found no band of this container where a break opportunity fits.
        var breaksWords = false
        while cursor.container < containers.count {
            let container = containers[cursor.container], geometry = container.lineGeometry
            let full = geometry.maximumNumberOfLines > 0 && containerLines(cursor) >= geometry.maximumNumberOfLines
            let top = containerY(cursor)
            guard !full, geometry.contains(bandAt: top, height: height) else {
                cursor.moveToNextContainer(of: containers)
                breaksWords = false
                continue
            }
            let proposed = proposedSpan(in: geometry, isFirstLine: isFirstLine)
            let minimum = geometry.minimumFragmentWidth ?? minimumWidth
            let spans = container.freeSpans(in: proposed, minY: top, height: height, minimumWidth: minimum)
            let band = Rect(x: geometry.textRect.minX, y: cursor.y, width: geometry.textRect.width, height: height)
            let maxWidth = proposed.width - 2 * geometry.lineFragmentPadding
            if paragraph.utf16.isEmpty {
                // An empty line (an empty paragraph, the extra line fragment) takes the first free
                // span; with none it moves down like any line that found no room.
                if let span = spans.first {
                    return .line(BrokenLine(container: cursor.container, band: band, metrics: defaultMetrics,
                                            height: height, fragments: ShortList((span, 0..<0)), range: 0..<0,
                                            endsWithMandatoryBreak: false))
                }
                if top >= lowestExclusionBottom(container) || maxWidth < minimum {
                    cursor.moveToNextContainer(of: containers)
                } else {
                    cursor.y += step
                }
                continue
            }
            switch fill(spans, from: start, padding: geometry.lineFragmentPadding, maxWidth: maxWidth,
                        textRect: geometry.textRect, breaksWords: breaksWords) {
            case .impossible:
                return .overflow(unbreakable: true)
            case .nothing:
                if !breaksWords, !spans.isEmpty {
                    if let y = firstFittingBand(below: cursor, height: height, start: start, isFirstLine: isFirstLine,
                                                lookedAt: &lookedAt) {
                        cursor.y = y
                    } else {
                        breaksWords = true
                    }
                } else if top >= lowestExclusionBottom(container) || maxWidth < minimum {
                    cursor.moveToNextContainer(of: containers)
                    breaksWords = false
                } else {
                    cursor.y += step
                }
            case .fragments(let fragments, let end, let mandatory, let cuts):
                let metrics = metrics(for: start..<end)
                let real = lineHeight(metrics)
                if real > height + 1e-9 {
                    height = real
                    continue
                }
                if case .some(let mode) = truncationMode(geometry, cursor: cursor, end: end, mandatory: mandatory),
                   let first = fragments.first {
                    let available = first.span.width - 2 * geometry.lineFragmentPadding
                    let truncation = truncate(from: start, available: available, mode: mode)
                    return .line(BrokenLine(container: cursor.container, band: band, metrics: metrics, height: height,
                                            fragments: ShortList((first.span, start..<paragraph.utf16.count)),
                                            range: start..<paragraph.utf16.count, endsWithMandatoryBreak: false,
                                            truncation: truncation))
                }
                return .line(BrokenLine(container: cursor.container, band: band, metrics: metrics, height: height,
                                        fragments: fragments, range: start..<end, endsWithMandatoryBreak: mandatory,
                                        cutsWithoutHyphen: cuts))
            }
        }
        return .overflow(unbreakable: false)
    }

    // MARK: - Internals

    /// The first y below `cursor` in its container, moving down by ``step`` as the line would,
    /// where a break opportunity from `start` fits a span of the band `height` tall; nil when
    /// the container ends (or the bands below every exclusion are reached) first. `lookedAt`
    /// is moved down to the lowest band examined.
    private func firstFittingBand(below cursor: LayoutCursor, height: Double, start: Int, isFirstLine: Bool,
                                  lookedAt: inout LayoutCursor) -> Double? {
        let container = containers[cursor.container], geometry = container.lineGeometry
        let proposed = proposedSpan(in: geometry, isFirstLine: isFirstLine)
        let minimum = geometry.minimumFragmentWidth ?? minimumWidth
        let maxWidth = proposed.width - 2 * geometry.lineFragmentPadding
        let bottom = lowestExclusionBottom(container)
        var y = cursor.y
        defer { lookedAt.extend(through: LayoutCursor(container: cursor.container, y: y + height)) }
        while containerY(LayoutCursor(container: cursor.container, y: y)) < bottom, maxWidth >= minimum {
            y += step
            let top = containerY(LayoutCursor(container: cursor.container, y: y))
            guard geometry.contains(bandAt: top, height: height) else { return nil }
            let spans = container.freeSpans(in: proposed, minY: top, height: height, minimumWidth: minimum)
            if case .fragments = fill(spans, from: start, padding: geometry.lineFragmentPadding, maxWidth: maxWidth,
                                      textRect: geometry.textRect, breaksWords: false) {
                return y
            }
        }
        // At or below every exclusion's bottom, where a line that found nothing moves on to the
        // next container.
        return nil
    }

    private enum Fill {
        case fragments(ShortList<(span: Span, range: Range<Int>)>, end: Int, mandatory: Bool, cuts: [Int])
        case nothing
        case impossible
    }

    /// Fills `spans` (in reading order) with text from `start`. Where no break opportunity fits
    /// a span, the word there is broken between grapheme clusters when `breaksWords` is set or
    /// when it fits no line at all (wider than `maxWidth`, with the hyphen a break there draws).
    private func fill(_ spans: [Span], from start: Int, padding: Double, maxWidth: Double, textRect: Rect,
                      breaksWords: Bool) -> Fill {
        let count = paragraph.utf16.count
        var current = start
        var fragments = ShortList<(span: Span, range: Range<Int>)>()
        var cuts: [Int] = []
        for span in rightToLeft ? spans.reversed() : spans where current < count {
            let available = span.width - 2 * padding
            let origin = paragraph.tabOrigin(of: span, in: textRect)
            if style.lineBreakMode == .charWrapping {
                // Before the first grapheme cluster that does not fit, or at a mandatory break.
                guard case .some(.some(var end)) = graphemeBreak(from: current, limit: count, available: available,
                                                          maxWidth: maxWidth, origin: origin) else { return .impossible }
                guard end > current else { continue }
                let breaks = paragraph.breaks
                let first = firstBreak(after: current, in: breaks), last = firstBreak(after: end, in: breaks)
                let mandatory = (first..<last).first { breaks[$0].isMandatory }
                if let mandatory { end = breaks[mandatory].offset }
                fragments.append((span, current..<end))
                current = end
                if mandatory != nil { return .fragments(fragments, end: current, mandatory: true, cuts: cuts) }
                continue
            }
            if searchesCandidates, fitsWhole(from: current, available: available, origin: origin) {
                fragments.append((span, current..<count))
                current = count
                continue
            }
            let breaks = paragraph.breaks
            // The candidate ends are the opportunities `breaks[firstCandidate ..< firstCandidate + candidates]`.
            var firstCandidate = firstBreak(after: current, in: breaks)
            // A line that starts at a soft hyphen (the word was broken before it) does not end
            // right after it: that line would show nothing but the hyphen.
            if firstCandidate < breaks.count, breaks[firstCandidate].offset == current + 1,
               paragraph.utf16[current] == 0x00AD {
                firstCandidate += 1
            }
            var candidates = 0
            var mandatory = false
            var index = firstCandidate
            if searchesCandidates {
                (candidates, mandatory, index) = searchCandidates(from: current, first: firstCandidate,
                                                                  available: available, in: breaks)
            }
            while !searchesCandidates, index < breaks.count {
                let opportunity = breaks[index]
                let end = paragraph.trimmingTrailingWhitespace(current, opportunity.offset)
                let hyphen = paragraph.softHyphen(endingAt: end)?.advance ?? 0
                let width = paragraph.hasTabs
                    ? paragraph.tabbedLayout(current..<end, contentEnd: end, origin: origin, style: style).width
                    : paragraph.width(current..<end) + hyphen
                guard width <= available + 1e-9 else { break }
                candidates += 1
                if opportunity.isMandatory {
                    mandatory = true
                    break
                }
                index += 1
            }
            // Prefix sums are exact unless a cut reshapes glyphs: check the chosen end, back off.
            while candidates > 0,
                  !fits(current..<breaks[firstCandidate + candidates - 1].offset, available, origin: origin) {
                candidates -= 1
                mandatory = false
            }
            var best = candidates > 0 ? breaks[firstCandidate + candidates - 1].offset : nil
            if best == nil, index < breaks.count {
                let opportunity = breaks[index].offset
                let wordEnd = paragraph.trimmingTrailingWhitespace(current, opportunity)
                if breaksWords || !fits(current..<opportunity, maxWidth, origin: origin) {
                    // The word can never fit on a line: break it between grapheme clusters.
                    switch graphemeBreak(from: current, limit: wordEnd, available: available, maxWidth: maxWidth,
                                         origin: origin) {
                    case .some(let end): best = end
                    case .none: return .impossible
                    }
                    if best == current {
                        best = nil
                    } else if let end = best, paragraph.softHyphen(endingAt: end) != nil {
                        cuts.append(end)
                    }
                }
            }
            guard let end = best else { continue }
            fragments.append((span, current..<end))
            current = end
            if mandatory { return .fragments(fragments, end: current, mandatory: true, cuts: cuts) }
        }
        return fragments.isEmpty ? .nothing : .fragments(fragments, end: current, mandatory: false, cuts: cuts)
    }

    /// The farthest grapheme boundary after `start` whose width (without a hyphen: a word cut
    /// between clusters shows none; tabs advance to their stops from `origin`) fits `available`;
    /// `start` when none fits here; nil when even the first cluster is wider than `maxWidth`
    /// (fits nowhere).
    private func graphemeBreak(from start: Int, limit: Int, available: Double, maxWidth: Double,
                               origin: Double) -> Int?? {
        let graphemes = paragraph.graphemes
        let low = graphemes.firstIndex(atOrAfter: start + 1)
        guard low < graphemes.count else { return .some(start) }
        if paragraph.width(start..<graphemes[low]) > maxWidth + 1e-9 { return .none }
        var best = start
        var index = low
        while index < graphemes.count, graphemes[index] <= limit,
              paragraph.width(start..<graphemes[index]) <= available + 1e-9 {
            best = graphemes[index]
            index += 1
        }
        while best > start, !fits(start..<best, available, origin: origin, hyphenates: false) {
            best = graphemes[graphemes.lastIndex { $0 < best }!]
        }
        return .some(best)
    }

    /// Whether the text of `range`, cut and shaped as the line would show it, fits `available`
    /// (trailing white space hangs; tabs advance to their stops from `origin`; the hyphen of a
    /// break at its end counts unless `hyphenates` is false).
    private func fits(_ range: Range<Int>, _ available: Double, origin: Double = 0, hyphenates: Bool = true) -> Bool {
        let contentEnd = paragraph.trimmingTrailingWhitespace(range.lowerBound, range.upperBound)
        if paragraph.hasTabs {
            return paragraph.tabbedLayout(range, contentEnd: contentEnd, origin: origin, style: style,
                                          hyphenates: hyphenates).width <= available + 1e-9
        }
        return paragraph.fittingWidth(range, contentEnd: contentEnd, hyphenates: hyphenates) <= available + 1e-9
    }

    /// The container's text width minus the paragraph's indents for this line.
    func proposedSpan(in geometry: TextContainer.LineGeometry, isFirstLine: Bool) -> Span {
        let text = geometry.textRect
        let head = isFirstLine ? style.firstLineHeadIndent : style.headIndent
        let tail = style.tailIndent
        let left = rightToLeft ? tail : head, right = rightToLeft ? head : tail
        return Span(minX: text.minX + max(0, left), maxX: max(text.minX + max(0, left), text.maxX - max(0, right)))
    }

    func metrics(for range: Range<Int>) -> LineMetrics {
        guard !range.isEmpty else { return defaultMetrics }
        var metrics = LineMetrics()
        var index = paragraph.runIndex(containing: range.lowerBound)
        while index < paragraph.runs.count, paragraph.runs[index].range.lowerBound < range.upperBound {
            metrics.include(paragraph.runs[index])
            index += 1
        }
        return metrics.natural > 0 ? metrics : defaultMetrics
    }

    /// A line's height: its fonts' natural height times ``ParagraphStyle/lineHeightMultiple``,
    /// then at least ``ParagraphStyle/minimumLineHeight`` and at most
    /// ``ParagraphStyle/maximumLineHeight`` (where set).
    func lineHeight(_ metrics: LineMetrics) -> Double {
        var height = metrics.natural * max(0, style.lineHeightMultiple)
        if style.minimumLineHeight > 0 { height = max(height, style.minimumLineHeight) }
        if style.maximumLineHeight > 0 { height = min(height, style.maximumLineHeight) }
        return height
    }

    /// The y of `cursor` in its container's coordinates (see ``origin``).
    func containerY(_ cursor: LayoutCursor) -> Double {
        guard let origin, cursor.container == origin.container else { return cursor.y }
        return origin.y + cursor.y
    }

    /// The lines `cursor`'s container holds before it (see ``origin``).
    func containerLines(_ cursor: LayoutCursor) -> Int {
        guard let origin, cursor.container == origin.container else { return cursor.lines }
        return origin.lines + cursor.lines
    }

    func lowestExclusionBottom(_ container: TextContainer) -> Double {
        container.regions.reduce(container.textRect.minY) { max($0, $1.bounds.maxY) }
    }
}
