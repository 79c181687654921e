/// The estimated height of the whole text without laying it all out (TextKit 2's
/// `usageBoundsForTextContainer`): what a scroll view needs for its content size.
///
/// The laid-out prefix counts exactly. The rest is estimated from sample windows: stretches of
/// ``HeightSamples/windowCharacters`` characters from evenly spaced places (many small windows
/// rather than a few large ones, for text whose paragraphs vary a lot, such as documentation).
/// Each paragraph a window meets is laid out alone in a plain copy of the container (its width,
/// insets and padding; no exclusions) and counts for the characters it has in the window: every
/// character is as likely to be sampled as any other, whether in a long paragraph or in the
/// blank line after one (windows of whole paragraphs ending after a long one missed those, and
/// underestimated documentation by 6 %).
///
/// The windows do not give the rest's height per character directly: that varies with how
/// long the paragraphs are (a blank line or a table row is a whole line for a character or a
/// few), and documentation moved by a few paragraphs came out up to 7 % off. Every paragraph's
/// line count is predicted from its length instead (its characters at the samples' mean advance,
/// over the line width, rounded up, one line at least: read from the text in one scan), and
/// the windows give the ratio of true height to predicted lines (a ratio estimator), which
/// scales the rest's predicted lines: the paragraphs' lengths, known for all of them, carry
/// what the samples cannot see (tests hold the estimate within 5 % on real text, documentation
/// moved paragraph by paragraph among it: 3.7 % at most there, where it was 7.3 %).
extension LayoutManager {
    /// The rectangle the text is estimated to use in the first container (TextKit 2's
    /// `usageBoundsForTextContainer`): the width of its text area, from the top of the text area
    /// down to where the text is estimated to end (below its last line, paragraph spacing
    /// included). Does not lay out.
    ///
    /// Exact when everything is laid out. Otherwise the laid-out prefix is exact and the rest is
    /// estimated from sample windows spread over the text (laid out alone, without exclusions),
    /// so the estimate is refined as layout proceeds; the samples are kept across edits of the
    /// characters (taken again when the length changed by more than a tenth, and after attribute
    /// or container changes). With several containers, or a line limit, it is the first
    /// container's ``usedRect(for:)`` (which lays out through that container).
    ///
    /// Complexity: after the samples are taken (laying out 96 windows of about 500 characters
    /// and reading every paragraph's length, once), O(log n) in the paragraphs.
    public var usageBoundsForTextContainer: Rect {
        requireNoOpenEditingBatch()
        guard let container = textContainers.first, let storage = textStorage else { return .zero }
        let text = container.textRect
        guard textContainers.count == 1, container.maximumNumberOfLines == 0 else {
            return usedRect(for: container)
        }
        let end = validPrefixEnd(storage: storage, top: text.minY)
        var height = end.cursor.y - text.minY
        let remaining = storage.length - end.character
        if remaining > 0 {
            height += Double(remaining) * estimatedHeightPerCharacter(from: end, storage: storage, container: container)
        }
        return Rect(x: text.minX, y: text.minY, width: text.width, height: Swift.max(0, height))
    }

    // MARK: - Internals

    /// The end of the laid-out prefix whose layout is still valid (an edit invalidates from the
    /// paragraph it changed on): its first character not valid and the cursor there.
    func validPrefixEnd(storage: TextStorage, top: Double) -> PrefixEnd {
        let limit = needsLayout ? Swift.min(validThrough, laidOutThrough) : storage.length
        var low = 0, high = paragraphs.count
        while low < high {
            let mid = (low + high) / 2
            if paragraphs[mid].range.upperBound <= limit { low = mid + 1 } else { high = mid }
        }
        guard low > 0, paragraphs[low - 1].startCursor != nil else { return (0, LayoutCursor(container: 0, y: top)) }
        return (paragraphs[low - 1].range.upperBound, paragraphs[low - 1].endCursor)
    }

    /// Sample windows laid out alone, and every paragraph's predicted lines, for
    /// ``usageBoundsForTextContainer``.
    struct HeightSamples {
        /// About how many characters of whole paragraphs a window holds.
        static let windowCharacters = 500
        /// How many windows are spread over the text.
        static let windowCount = 96

        /// Each window's first character, height, and predicted lines.
        var windows: [(start: Int, height: Double, lines: Double)] = []
        /// The text's length when they were taken.
        var length: Int
        /// Every paragraph's end (its terminator's end), in order, and the predicted lines of
        /// the paragraphs through it.
        var paragraphEnds: [Int] = []
        var linesThrough: [Double] = []

        /// The predicted lines of the text before character `offset` (a paragraph cut by it
        /// counts for its share of characters before it).
        func lines(before offset: Int) -> Double {
            let low = paragraph(containing: offset)
            let whole = low > 0 ? linesThrough[low - 1] : 0
            guard low < paragraphEnds.count else { return whole }
            let start = low > 0 ? paragraphEnds[low - 1] : 0
            let share = Double(Swift.max(0, offset - start)) / Double(Swift.max(1, paragraphEnds[low] - start))
            return whole + (linesThrough[low] - whole) * share
        }

        /// The index of the first paragraph ending after `offset` (the one holding the character
        /// there; `paragraphEnds.count` past the text).
        func paragraph(containing offset: Int) -> Int {
            var low = 0, high = paragraphEnds.count
            while low < high {
                let mid = (low + high) / 2
                if paragraphEnds[mid] <= offset { low = mid + 1 } else { high = mid }
            }
            return low
        }

        /// The predicted lines of the whole text.
        var totalLines: Double { linesThrough.last ?? 0 }

        /// The lines a paragraph of `characters` characters is predicted to take: its
        /// characters at `advance` points each over `lineWidth`, rounded up, one at least.
        static func predictedLines(_ characters: Int, advance: Double, lineWidth: Double) -> Double {
            Swift.max(1, (Double(characters) * advance / Swift.max(1, lineWidth)).rounded(.up))
        }
    }

    /// The estimated height per character of the text after `end`: its predicted lines times
    /// the height a predicted line takes in the sample windows there (at least four of them),
    /// else in all of them and the exact prefix together, spread over its characters.
    func estimatedHeightPerCharacter(from end: PrefixEnd, storage: TextStorage, container: TextContainer) -> Double {
        if let known = heightSamples, abs(known.length - storage.length) * 10 > Swift.max(1, known.length) {
            heightSamples = nil
        }
        let samples = heightSamples ?? takeHeightSamples(storage: storage, container: container)
        heightSamples = samples
        let after = samples.windows.filter { $0.start >= end.character }
        var lines = 0.0, height = 0.0
        if after.count >= 4 {
            for window in after {
                lines += window.lines
                height += window.height
            }
        } else {
            for window in samples.windows {
                lines += window.lines
                height += window.height
            }
            lines += samples.lines(before: end.character)
            height += end.cursor.y - container.textRect.minY
        }
        let remaining = storage.length - end.character
        guard lines > 0, remaining > 0 else { return 0 }
        // The table describes the text as it was when the samples were taken: after an edit
        // (of less than a tenth of it) its lines after `end` are scaled to the characters there
        // now, or, when `end` lies past the text it knew, its mean lines a character count.
        let known = samples.length - end.character
        let restLines = known > 0
            ? Swift.max(0, samples.totalLines - samples.lines(before: end.character)) * Double(remaining) / Double(known)
            : samples.totalLines / Double(Swift.max(1, samples.length)) * Double(remaining)
        return height / lines * restLines / Double(remaining)
    }

    /// Lays out the sample windows' paragraphs, each alone, in a plain copy of `container`.
    private func takeHeightSamples(storage: TextStorage, container: TextContainer) -> HeightSamples {
        var samples = HeightSamples(length: storage.length)
        let plain = TextContainer(size: Size(width: container.size.width, height: .infinity), insets: container.insets)
        plain.lineFragmentPadding = container.lineFragmentPadding
        plain.minimumFragmentWidth = container.minimumFragmentWidth
        let length = storage.length
        guard length > 0 else {
            // The empty text's one empty line.
            let cursor = layOutAlone(0..<0, from: LayoutCursor(container: 0, y: plain.textRect.minY), storage: storage,
                                     in: plain).cursor
            samples.windows.append((0, cursor.y - plain.textRect.minY, 1))
            samples.paragraphEnds = [0]
            samples.linesThrough = [1]
            return samples
        }
        let count = Swift.min(HeightSamples.windowCount, Swift.max(1, length / HeightSamples.windowCharacters))
        // Every paragraph, read once: the windows' paragraphs and the predicted lines of all.
        let paragraphs = storage.scalars.paragraphRanges()
        samples.paragraphEnds = paragraphs.map(\.upperBound)
        // Each paragraph's height and advance, laid out once however many windows meet it.
        var measured: [Int: (height: Double, advance: Double, characters: Int)] = [:]
        var windows: [(start: Int, paragraphs: [(range: Range<Int>, inWindow: Int)])] = []
        for index in 0..<count {
            // Evenly spaced windows (the text's start first), each the paragraphs it meets, from
            // the one holding its first character.
            let window = length * index / count..<Swift.min(length, length * index / count + HeightSamples.windowCharacters)
            var met: [(range: Range<Int>, inWindow: Int)] = []
            for range in paragraphs[samples.paragraph(containing: window.lowerBound)...] {
                guard range.lowerBound < window.upperBound else { break }
                if measured[range.lowerBound] == nil {
                    let top = LayoutCursor(container: 0, y: plain.textRect.minY, lines: range.lowerBound == 0 ? 0 : 1)
                    let (cursor, advance) = layOutAlone(range, from: top, storage: storage, in: plain)
                    measured[range.lowerBound] = (cursor.y - plain.textRect.minY, advance, range.count)
                }
                met.append((range, range.clamped(to: window).count))
            }
            windows.append((window.lowerBound, met))
        }
        // The model: the sampled paragraphs' mean advance a character, every paragraph's length.
        let sampledCharacters = measured.values.reduce(0) { $0 + $1.characters }
        let advance = measured.values.reduce(0) { $0 + $1.advance } / Double(Swift.max(1, sampledCharacters))
        let lineWidth = Self.widestLine(in: plain)
        for window in windows {
            var height = 0.0, lines = 0.0
            for (range, inWindow) in window.paragraphs {
                let share = Double(inWindow) / Double(Swift.max(1, range.count))
                height += measured[range.lowerBound]!.height * share
                lines += HeightSamples.predictedLines(range.count, advance: advance, lineWidth: lineWidth) * share
            }
            samples.windows.append((window.start, height, lines))
        }
        var total = 0.0
        samples.linesThrough = paragraphs.map { range in
            total += HeightSamples.predictedLines(range.count, advance: advance, lineWidth: lineWidth)
            return total
        }
        return samples
    }

    /// Lays paragraph `range` out alone (greedy breaking) from `cursor` in `container`, and
    /// returns the cursor after it and the paragraph's advance (its glyphs' widths, in points).
    private func layOutAlone(_ range: Range<Int>, from cursor: LayoutCursor, storage: TextStorage,
                             in container: TextContainer) -> (cursor: LayoutCursor, advance: Double) {
        let attributes = paragraphAttributes(range, storage: storage)
        let style = attributes.paragraphStyle
        // (The pass's working memory: this runs on the layout manager's thread, between passes.)
        let (paragraph, _) = Self.shape(shapingJob(range, storage: storage), fonts: fontCollection,
                                        fallback: defaultFont(), context: measuring, scratch: passScratch)
        var breaker = LineBreaker(paragraph: paragraph, style: style, containers: [container],
                                  defaultMetrics: defaultMetrics(for: attributes.font), minimumWidth: attributes.font.size)
        breaker.hasFollowingText = true
        var cursor = cursor
        cursor.y += style.paragraphSpacingBefore
        var position = 0, first = true
        while first || position < paragraph.utf16.count {
            var reach = cursor
            guard case .line(let broken) = breaker.nextLine(from: position, cursor: &cursor, isFirstLine: position == 0,
                                                            reach: &reach) else { break }
            cursor = LayoutCursor(container: 0, y: broken.band.maxY + style.lineSpacing, lines: cursor.lines + 1)
            position = broken.range.upperBound
            first = false
        }
        cursor.y += style.paragraphSpacing
        return (cursor, paragraph.width(0..<paragraph.utf16.count))
    }
}
