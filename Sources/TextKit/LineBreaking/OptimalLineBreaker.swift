/// Total-fit line breaking of one paragraph (Knuth & Plass 1981) over the widths the geometry
/// really offers: every free span of every band the paragraph will occupy is one line "slot",
/// so a paragraph flowing past an exclusion is optimized with its changing, split widths.
///
/// ```
/// slots ← walk the containers as the greedy breaker does, one band at a time (first all of
///         the paragraph's tallest line height), listing each band's free spans in reading
///         order (lazily, as the solver asks for line j's width)
/// items ← per break opportunity: box (the word), then, justified: glue (its trailing space:
///         stretch ½, shrink ⅓ of it) or a penalty (hyphen: flagged, cost 50); any other
///         alignment: the ragged-right construction (fixed spaces, 6 line heights of stretch at a
///         line's end, so the demerits measure raggedness); mandatory: fil glue + forced break
/// breaks ← KnuthPlass.breakLines(items, lineWidth: slot widths)
/// lines ← consecutive lines in slots of one band form one line with several fragments
/// some line shorter than its band → solve again, band k as tall as line k was (at most
///         four solves; a solution where some line is taller than its band is dropped and
///         the last valid one kept)
/// ```
/// It gives up (the caller falls back to greedy) when the slots run out (overflow), when a
/// chosen line would not fit its slot even with its glue fully shrunk, or when the paragraph has
/// a tab (whose width depends on where its line starts).
struct OptimalLineBreaker {
    let paragraph: Paragraph
    let style: ParagraphStyle
    let containers: [TextContainer]
    let greedy: LineBreaker
    /// The paragraph's tallest line's height and metrics: every band's in the first solve.
    let height: Double
    let metrics: LineMetrics

    struct Result {
        var lines: [(line: BrokenLine, searchStart: LayoutCursor)]
        var end: LayoutCursor
        var quality: KnuthPlass.Quality
    }

    /// The lines of the paragraph laid out from `start`, or nil (see above); `reach` is moved
    /// down to the bottom of the lowest band any solve asked a width of (past the chain's end
    /// when the slots ran out), since unchosen breaks weighed there decided too.
    func breakLines(from start: LayoutCursor, reach: inout LayoutCursor) -> Result? {
        let count = paragraph.utf16.count
        // A tab's width depends on where its line starts: such paragraphs are broken greedily.
        guard count > 0, !paragraph.hasTabs else { return nil }
        let justified = style.alignment == .justified
        // Ragged text (every alignment but justified) keeps its spaces and measures a line by the
        // room left at its end (the ragged-right construction): optimal breaking minimizes raggedness.
        let raggedStretch = Self.raggedStretch * height
        // Items, and for each breakable item the UTF-16 offset a line breaking there ends at.
        var items: [KnuthPlass.Item] = []
        var ends: [Int: Int] = [:]
        var mandatory: Set<Int> = []
        var segmentStart = 0
        for opportunity in paragraph.breaks {
            let end = opportunity.offset
            let contentEnd = paragraph.trimmingTrailingWhitespace(segmentStart, end)
            items.append(.box(width: paragraph.width(segmentStart..<contentEnd)))
            if end >= count { break }
            if opportunity.isMandatory {
                items.append(.glue(width: 0, stretch: .infinity, shrink: 0))
                items.append(.penalty(width: 0, cost: KnuthPlass.forcedBreak, flagged: false))
                mandatory.insert(end)
            } else if contentEnd < end {
                let space = paragraph.width(contentEnd..<end)
                items += justified ? [.glue(width: space, stretch: space / 2, shrink: space / 3)]
                    : KnuthPlass.raggedBreak(space: space, stretch: raggedStretch)
            } else if let hyphen = paragraph.softHyphen(endingAt: end) {
                items += justified ? [.penalty(width: hyphen.advance, cost: 50, flagged: true)]
                    : KnuthPlass.raggedBreak(space: 0, stretch: raggedStretch, penaltyWidth: hyphen.advance, cost: 50,
                                             flagged: true)
            } else {
                items += justified ? [.penalty(width: 0, cost: 0, flagged: false)]
                    : KnuthPlass.raggedBreak(space: 0, stretch: raggedStretch)
            }
            if !justified, !opportunity.isMandatory {
                // The ragged construction breaks at its penalty, before the space's own glue.
                ends[items.count - 2] = end
                segmentStart = end
                continue
            }
            ends[items.count - 1] = end
            segmentStart = end
        }
        items = KnuthPlass.finish(items)
        ends[items.count - 1] = count

        // Every band as tall as the paragraph's tallest line first: always valid. When some
        // chosen line is shorter, solve again with each band as tall as the line it got, until
        // the heights agree (or give up and keep the last valid solution).
        var heights: [Double] = []
        var best: (result: Result, ownHeights: Bool)?
        for _ in 0..<Self.maximumSolves {
            guard let solved = solve(items, ends: ends, mandatory: mandatory, heights: heights, from: start,
                                     reach: &reach)
            else { break }
            // Line k is band k: each band holds one line (of one or more fragments).
            let real = solved.lines.map { realHeight($0.line) }
            let assumed = solved.lines.map(\.line.height)
            guard zip(real, assumed).allSatisfy({ $0 <= $1 + 1e-9 }) else { break }
            best = (solved, !heights.isEmpty)
            if zip(real, assumed).allSatisfy({ abs($0 - $1) <= 1e-9 }) { break }
            heights = real
        }
        guard var result = best?.result else { return nil }
        if best?.ownHeights == true {
            // Bands of their own lines' heights: each line's baseline from its own fonts.
            for index in result.lines.indices {
                result.lines[index].line.metrics = lineMetrics(result.lines[index].line)
            }
        }
        return result
    }

    /// How many times a paragraph is solved at most (the first solve uses the tallest height).
    static let maximumSolves = 4

    /// The room a ragged line may leave at its end at ratio 1, in line heights.
    /// Raggedness measured on the real-prose fixture barely depends on it (1 to 6 line heights:
    /// within 3 %); a large value keeps every ragged paragraph within the first two passes.
    static let raggedStretch = 6.0

    /// The metrics of the text a line shows.
    private func lineMetrics(_ line: BrokenLine) -> LineMetrics { greedy.metrics(for: line.range) }

    /// The height the text of `line` needs.
    private func realHeight(_ line: BrokenLine) -> Double { greedy.lineHeight(lineMetrics(line)) }

    /// One Knuth–Plass solve with band `k` as tall as `heights[k]` (the tallest line past the end).
    private func solve(_ items: [KnuthPlass.Item], ends: [Int: Int], mandatory: Set<Int>, heights: [Double],
                       from start: LayoutCursor, reach: inout LayoutCursor) -> Result? {
        let count = paragraph.utf16.count
        let justified = style.alignment == .justified
        let tallest = height
        var walker = SlotWalker(breaker: greedy, containers: containers,
                                height: { $0 < heights.count ? heights[$0] : tallest },
                                lineSpacing: style.lineSpacing, cursor: start)
        let solution = KnuthPlass.breakLines(items, lineWidth: { walker.width(of: $0) })
        if walker.ranOut {
            reach.extend(through: .pastEnd(of: containers.count))
        } else if let last = walker.slots.last {
            reach.extend(through: LayoutCursor(container: last.container, y: last.band.maxY))
        }
        guard let result = solution, result.breaks.count <= walker.slots.count, !walker.ranOut else { return nil }

        var lines: [(line: BrokenLine, searchStart: LayoutCursor)] = []
        var lineStart = 0
        for (index, item) in result.breaks.enumerated() {
            guard let end = ends[item] else { return nil }
            let slot = walker.slots[index]
            let range = lineStart..<end
            let contentEnd = paragraph.trimmingTrailingWhitespace(range.lowerBound, range.upperBound)
            let available = slot.span.width - 2 * containers[slot.container].lineFragmentPadding
            let natural = paragraph.fittingWidth(range, contentEnd: contentEnd)
            // The assembler shrinks spaces only on justified lines that go on: not on the
            // paragraph's last line nor before a mandatory break.
            let shrinks = justified && end < count && !mandatory.contains(end)
            let shrinkable = shrinks ? (range.lowerBound..<contentEnd).reduce(0.0) {
                $0 + (paragraph.utf16[$1] == 0x20 ? paragraph.width($1..<$1 + 1) / 3 : 0)
            } : 0
            guard natural - shrinkable <= available + 1e-6 else { return nil }
            if let last = lines.last, last.line.band == slot.band, last.line.container == slot.container {
                lines[lines.count - 1].line.fragments.append((slot.span, range))
                lines[lines.count - 1].line.range = last.line.range.lowerBound..<end
                lines[lines.count - 1].line.endsWithMandatoryBreak = mandatory.contains(end)
            } else {
                lines.append((BrokenLine(container: slot.container, band: slot.band, metrics: metrics, height: slot.band.height,
                                         fragments: ShortList((slot.span, range)), range: range,
                                         endsWithMandatoryBreak: mandatory.contains(end)), slot.searchStart))
            }
            lineStart = end
        }
        if style.preventsWidowsAndOrphans, lines.count >= 2 {
            // A first line alone at a container's bottom or a last line alone at the next's top:
            // greedy breaking, which moves lines between containers, handles the paragraph.
            let containers = lines.map(\.line.container)
            if containers[0] != containers[1] || containers[containers.count - 1] != containers[containers.count - 2] {
                return nil
            }
        }
        return Result(lines: lines, end: walker.slots[result.breaks.count - 1].after, quality: result.quality)
    }
}

/// Walks the container chain band by band as the greedy breaker moves, listing free spans.
private struct SlotWalker {
    struct Slot {
        var container: Int
        var band: Rect
        var span: Span
        var searchStart: LayoutCursor
        /// Where layout continues after this slot's band.
        var after: LayoutCursor
    }

    let breaker: LineBreaker
    let containers: [TextContainer]
    /// The height of band k of the paragraph.
    let height: (Int) -> Double
    let lineSpacing: Double
    var cursor: LayoutCursor
    var slots: [Slot] = []
    var bands = 0
    var ranOut = false

    init(breaker: LineBreaker, containers: [TextContainer], height: @escaping (Int) -> Double, lineSpacing: Double,
         cursor: LayoutCursor) {
        self.breaker = breaker
        self.containers = containers
        self.height = height
        self.lineSpacing = lineSpacing
        self.cursor = cursor
    }

    /// The width of line slot `index` (a tiny one past the last container: such breaks are
    /// rejected afterwards).
    mutating func width(of index: Int) -> Double {
        while slots.count <= index, !ranOut { nextBand() }
        guard index < slots.count else { return 1e-3 }
        let slot = slots[index]
        return slot.span.width - 2 * containers[slot.container].lineFragmentPadding
    }

    private mutating func nextBand() {
        let searchStart = cursor
        let height = self.height(bands)
        while cursor.container < containers.count {
            let container = containers[cursor.container], geometry = container.lineGeometry
            let full = geometry.maximumNumberOfLines > 0
                && breaker.containerLines(cursor) >= geometry.maximumNumberOfLines
            let top = breaker.containerY(cursor)
            guard !full, geometry.contains(bandAt: top, height: height) else {
                cursor.moveToNextContainer(of: containers)
                continue
            }
            let proposed = breaker.proposedSpan(in: geometry, isFirstLine: bands == 0)
            // Every slot gets at least one word, so slots narrower than four ems (or the
            // container's minimum) are left empty: a lone word there would be very loose.
            let minimum = max(geometry.minimumFragmentWidth ?? breaker.minimumWidth, 4 * breaker.minimumWidth)
            let spans = container.freeSpans(in: proposed, minY: top, height: height, minimumWidth: minimum)
            if spans.isEmpty {
                if top >= breaker.lowestExclusionBottom(container) {
                    cursor.moveToNextContainer(of: containers)
                } else {
                    cursor.y += breaker.step
                }
                continue
            }
            let band = Rect(x: container.textRect.minX, y: cursor.y, width: container.textRect.width, height: height)
            let after = LayoutCursor(container: cursor.container, y: band.maxY + lineSpacing, lines: cursor.lines + 1)
            for span in breaker.rightToLeft ? spans.reversed() : spans {
                slots.append(Slot(container: cursor.container, band: band, span: span, searchStart: searchStart,
                                  after: after))
            }
            bands += 1
            cursor = after
            return
        }
        ranOut = true
    }
}
