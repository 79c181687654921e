extension LayoutManager {
    /// Lays out the dirty paragraphs in order, skipping clean ones that still start where they
    /// did (their lines are reused), and stopping at the first overflow.
    ///
    /// ```
    /// cursor ← top of the first container
    /// for each paragraph:
    ///     after an overflow       → no lines
    ///     clean and same start    → reuse its lines, cursor ← its end
    ///     otherwise               → keep its valid leading lines, break the rest from the first
    ///                               invalid line (or the overflow point), cursor ← its new end
    /// ```
    ///
    /// Paragraphs are split lazily: layout that stops early (`stop` returns true after a
    /// paragraph, given its index and the cursor after it) leaves the rest of the text unsplit.
    /// Returns whether everything was laid out.
    @discardableResult
    func runLayout(storage: TextStorage, parallel: Bool = false,
                   until stop: (_ paragraph: Int, LayoutCursor) -> Bool) -> Bool {
        if !paragraphsSplit {
            replaceParagraphs(paragraphs.indices, with: [])
            glyphCounts = nil
            splitEnd = 0
            paragraphsSplit = true
        }
        // Containers laid out for the first time get their record; the others' records follow
        // every change they notify (`textContainerChanged`), so a pass need not copy them again
        // (laying out page after page would copy every page's geometry for each page added).
        for container in unrecordedContainers
        where container.layoutManager === self && containerRecords[ObjectIdentifier(container)] == nil {
            containerRecords[ObjectIdentifier(container)] = record(container)
        }
        unrecordedContainers.removeAll(keepingCapacity: true)
        // Declared first: runs last, once the pass's state is complete.
        defer { reportLayoutPass(storage: storage) }
        island = nil
        var cursor = LayoutCursor(container: 0, y: textContainers.first?.textRect.minY ?? 0)
        overflowStart = nil
        var newWarnings = passWarnings.filter { $0.kind != .overflow && $0.kind != .unbreakable }
        defer { passWarnings = newWarnings }
        // Runs before the line above: nothing is left shaping in the background after a pass.
        lastShaped = nil
        defer { drainShaping(warnings: &newWarnings) }
        var index = 0
        var window = 64
        let knownClean = parallel ? cleanAfter : nil
        cleanAfter = nil
        // A full pass starts after the clean prefix (a partial one visits it: `stop` may end it there).
        if parallel, let prefix = cleanBefore, prefix > 0, prefix <= paragraphs.count,
           reachedContainers.count >= prefix {
            index = prefix
            cursor = paragraphs[prefix - 1].endCursor
        }
        reachedContainers.removeSubrange(min(index, reachedContainers.count)...)
        cleanBefore = nil
        // Paragraphs before this index are clean and chained: the pass went through them.
        defer { cleanBefore = reachedContainers.count }
        while true {
            if let clean = knownClean, index >= clean, index < paragraphs.count, overflowStart == nil,
               paragraphs[index].isClean, paragraphs[index].startCursor == cursor {
                // Re-synchronized inside the clean, chained tail: all of it is reused as it is.
                cursor = paragraphs[paragraphs.count - 1].endCursor
                index = paragraphs.count
            }
            if overflowStart == nil, skipCleanParagraphs(from: &index, cursor: &cursor, storage: storage, stop: stop) {
                return false
            }
            if index == paragraphs.count {
                guard overflowStart == nil, splitEnd < storage.length || paragraphs.isEmpty else { break }
                let next = storage.scalars.paragraphRanges(from: splitEnd, minimumEnd: splitEnd + 1)
                paragraphs.append(contentsOf: next.map { ParagraphState(range: $0) })
                glyphCounts = nil
                splitEnd = next.last?.upperBound ?? splitEnd
            }
            defer { index += 1 }
            if overflowStart != nil {
                if reachedContainers.count > index { reachedContainers.removeSubrange(index...) }
                noteDisplayChange(ofLinesOf: paragraphs[index])
                for line in paragraphs[index].lines { statistics.addQuality(of: line.quality, sign: -1) }
                paragraphs[index].lines = []
                paragraphs[index].validLines = 0
                paragraphs[index].startCursor = nil
                paragraphs[index].overflow = nil
                paragraphs[index].countGlyphs()
                glyphCounts?.set(index, to: 0)
                continue
            }
            if parallel, paragraphs[index].cache == nil {
                preshape(from: index, window: &window, storage: storage, warnings: &newWarnings)
            }
            // Read in place: copying a paragraph's state per paragraph made a pass over a long,
            // clean document cost a retain and release of each of its fields.
            if paragraphs[index].isClean,
               paragraphs[index].startCursor == cursor || moveParagraphs(from: index, to: cursor, limit: 1) == 1 {
                cursor = paragraphs[index].endCursor
            } else if let overflow = layOut(index, storage: storage, cursor: &cursor, warnings: &newWarnings) {
                overflowStart = paragraphs[index].range.lowerBound + overflow
                continue
            }
            recordReach(of: index)
            if stop(index, cursor), index + 1 < paragraphs.count || splitEnd < storage.length {
                laidOutThrough = paragraphs[index].range.upperBound
                return false
            }
        }
        if let start = overflowStart {
            newWarnings.append(LayoutWarning(kind: .overflow, message:
                "characters \(start)..<\(storage.length) did not fit in the text containers"))
        }
        laidOutThrough = storage.length
        if overflowStart == nil { cleanAfter = 0 }
        return true
    }

    /// Moves `index` and `cursor` past the clean paragraphs that start where the cursor is, or
    /// can be moved there with the same lines (see ``moveParagraphs(from:to:limit:)``): they are
    /// reused as they are, in tight passes over the array. After an edit in a long document this
    /// is all the work left for the paragraphs after it. Returns true when `stop` asked to stop
    /// after one of them (``laidOutThrough`` is then set).
    private func skipCleanParagraphs(from index: inout Int, cursor: inout LayoutCursor, storage: TextStorage,
                                     stop: (Int, LayoutCursor) -> Bool) -> Bool {
        var position = index, current = cursor, stopped = false
        while true {
            paragraphs.withUnsafeBufferPointer { states in
                while position < states.count, states[position].cache != nil, states[position].isClean,
                      states[position].startCursor == current {
                    current = states[position].endCursor
                    if reachedContainers.count == position {
                        reachedContainers.append(max(reachedContainers.last ?? -1, Self.reachedContainer(states[position])))
                    }
                    position += 1
                    if stop(position - 1, current), position < states.count || splitEnd < storage.length {
                        stopped = true
                        return
                    }
                }
            }
            // Read-only above (`stop` may read the paragraphs): paragraphs are moved out here, a
            // batch at a time, so that a pass that stops early moves few past where it stops.
            guard !stopped, position < paragraphs.count,
                  moveParagraphs(from: position, to: current, limit: 256) > 0 else { break }
        }
        if stopped { laidOutThrough = paragraphs[position - 1].range.upperBound }
        index = position
        cursor = current
        return stopped
    }

    /// Appends paragraph `index`'s reach to ``reachedContainers`` when every paragraph before it
    /// is recorded there (the pass went through them all).
    private func recordReach(of index: Int) {
        guard reachedContainers.count == index else { return }
        reachedContainers.append(max(reachedContainers.last ?? -1, Self.reachedContainer(paragraphs[index])))
    }

    /// The highest container index `state` started in or looked at (-1: none).
    static func reachedContainer(_ state: ParagraphState) -> Int {
        max(state.maximumReach, state.solverReach?.container ?? -1, state.startCursor?.container ?? -1)
    }

    /// Lays out paragraph `index` from `cursor`, reusing its valid leading lines when it starts
    /// where it did; returns the paragraph-relative scalar offset where it overflowed, if it did.
    /// `cursor` is in container coordinates; the lines are placed in the paragraph's frame (see
    /// ``ParagraphState``).
    func layOut(_ index: Int, storage: TextStorage, cursor: inout LayoutCursor,
                        warnings: inout [LayoutWarning]) -> Int? {
        var state = paragraphs[index]
        // The state is written back at the end; meanwhile its lines are only `state`'s, so
        // trimming and appending them never copies them (a page added to a paragraph of
        // thousands of lines would copy every one).
        paragraphs[index].lines = []
        // The lines from this one on are new (set once the valid ones are known).
        var firstNew = 0
        defer {
            // (Asked only with a delegate: passing `state` copies it.)
            if delegate != nil { noteDisplayChange(ofLinesOf: state, from: firstNew) }
            state.extent = state.frameExtent()
            state.countGlyphs()
            glyphCounts?.set(index, to: state.glyphCount)
            // Swapped in, not assigned (`state` then holds the emptied copy left in the array):
            // an assignment copied the state, a retain of each of its references, only for this
            // copy to be released at once.
            swap(&paragraphs[index], &state)
        }
        // Only the paragraph style and font of the first character: read in place, not all its attributes.
        let (style, firstFont) = paragraphStyleAndFont(state.range, storage: storage)
        if state.cache == nil || state.direction != style.baseWritingDirection {
            let job = shapingJob(state.range, storage: storage)
            let (paragraph, problems) = Self.shape(job, fonts: fontCollection, fallback: defaultFont(),
                                                   context: measuring, scratch: passScratch)
            record(paragraph, problems, warnings: &warnings)
            state.cache = paragraph
            state.direction = style.baseWritingDirection
            state.validLines = 0
        }
        guard let paragraph = state.cache else { return nil }
        statistics.paragraphsLaidOut += 1

        // Resume after the valid lines if the paragraph starts where it did.
        // Optimal breaking chooses the whole paragraph at once: it is never resumed midway.
        var keep = state.startCursor == cursor && style.lineBreakStrategy == .greedy
            ? min(state.validLines, state.lines.count) : 0
        var position = 0
        let start = cursor
        if keep > 0, keep < state.lines.count {
            position = state.lines[keep].start
            cursor = state.lines[keep].searchStart
        } else if keep > 0, let overflow = state.overflow {
            position = overflow.offset
            cursor = overflow.cursor
        } else {
            keep = 0
        }
        if delegate != nil { noteDisplayChange(ofLinesOf: state, from: keep) }
        firstNew = keep
        for line in state.lines[keep...] { statistics.addQuality(of: line.quality, sign: -1) }
        // (A general `replaceSubrange` even when nothing is removed: a first layout keeps none.)
        if keep < state.lines.count { state.lines.removeSubrange(keep...) }
        state.overflow = nil
        if keep == 0 {
            state.solverReach = nil
            state.startCursor = start
            cursor = LayoutCursor(container: start.container, y: style.paragraphSpacingBefore)
        }
        // From here on the cursor is in the paragraph's frame; the caller gets it back placed.
        defer { cursor = cursor.placed(at: start) }

        let metrics = defaultMetrics(for: firstFont)
        // One assembler for the paragraph's lines, its padding set for each line's container (one
        // a line copied the paragraph style each time).
        var assembler = LineAssembler(paragraph: paragraph, style: style, padding: 0,
                                      writesColumnsDirectly: tuning.placesGlyphsDirectly) { font, size in
            self.index(of: font, size: size)
        }
        var breaker = LineBreaker(paragraph: paragraph, style: style, containers: textContainers,
                                  defaultMetrics: metrics, minimumWidth: firstFont.size)
        breaker.hasFollowingText = state.range.upperBound < storage.length
        breaker.origin = start
        breaker.searchesCandidates = tuning.searchesBreaksByWidth && LineBreaker.widthsNeverDecrease(paragraph)
        if keep == 0, style.lineBreakStrategy == .optimal, style.lineBreakMode == .wordWrapping {
            var solverReach = cursor
            let optimal = optimalLines(paragraph, style: style, breaker: breaker, cursor: cursor, reach: &solverReach)
            state.solverReach = solverReach
            if let optimal {
                for (broken, searchStart) in optimal.lines {
                    let reach = LayoutCursor(container: broken.container, y: broken.band.maxY)
                    place(broken, searchStart: searchStart, reach: reach, assembler: &assembler, state: &state)
                }
                cursor = optimal.end
                cursor.y += style.paragraphSpacing
                state.relativeEnd = cursor
                state.validLines = state.lines.count
                return nil
            }
        }
        if state.lines.capacity == 0, cursor.container < textContainers.count {
            // Room for about as many lines as the paragraph's width fills in this container's
            // line (one more): appended one by one, the array was made again as it doubled.
            let geometry = textContainers[cursor.container].lineGeometry
            let lineWidth = geometry.textRect.width - 2 * geometry.lineFragmentPadding
            let lines = paragraph.width(0..<paragraph.utf16.count) / lineWidth
            state.lines.reserveCapacity(lines.isFinite && lines > 0 ? Int(min(lines, 256)) + 1 : 1)
        }
        var first = keep == 0
        while first || position < paragraph.utf16.count {
            let searchStart = cursor
            var reach = cursor
            switch breaker.nextLine(from: position, cursor: &cursor, isFirstLine: position == 0, reach: &reach) {
            case .overflow(let unbreakable):
                let scalar = Int(paragraph.scalarOffsets[position])
                if unbreakable {
                    warnings.append(LayoutWarning(kind: .unbreakable, message:
                        "a cluster at character \(state.range.lowerBound + scalar) is wider than any line"))
                }
                state.overflow = (position, searchStart)
                state.validLines = state.lines.count
                state.relativeEnd = cursor
                return scalar
            case .line(let broken):
                place(broken, searchStart: searchStart, reach: reach, assembler: &assembler, state: &state)
                cursor = LayoutCursor(container: broken.container, y: broken.band.maxY + style.lineSpacing,
                                      lines: cursor.lines + 1)
                position = broken.range.upperBound
            }
            first = false
        }
        cursor.y += style.paragraphSpacing
        state.relativeEnd = cursor
        state.validLines = state.lines.count
        return nil
    }

    /// Knuth–Plass lines for a whole paragraph, every line as tall as its tallest; nil when it
    /// does not fit the containers (greedy breaking then handles the overflow). `reach` is moved
    /// down to the lowest band the solver looked at, whatever the outcome.
    private func optimalLines(_ paragraph: Paragraph, style: ParagraphStyle, breaker: LineBreaker,
                              cursor: LayoutCursor, reach: inout LayoutCursor) -> OptimalLineBreaker.Result? {
        var metrics = breaker.defaultMetrics
        for run in paragraph.runs { metrics.include(run) }
        let optimal = OptimalLineBreaker(paragraph: paragraph, style: style, containers: textContainers,
                                         greedy: breaker, height: breaker.lineHeight(metrics), metrics: metrics)
        return optimal.breakLines(from: cursor, reach: &reach)
    }

    /// Places the glyphs of a broken line (the last line of a paragraph also takes its
    /// terminator), records it and its quality.
    private func place(_ broken: BrokenLine, searchStart: LayoutCursor, reach: LayoutCursor,
                       assembler: inout LineAssembler, state: inout ParagraphState) {
        let padding = textContainers[broken.container].lineGeometry.lineFragmentPadding
        assembler.padding = padding
        let paragraph = assembler.paragraph
        let isLast = broken.range.upperBound == paragraph.utf16.count
        var line = assembler.assemble(broken, isLastLine: isLast)
        if isLast { line.characterRange = line.characterRange.lowerBound..<state.range.count }
        let quality = measure(broken, paragraph, padding: padding, isLast: isLast)
        statistics.addLine(of: quality)
        // (The line moved in: passed as it is, it was copied, a retain and a release of its fragments.)
        state.lines.append(PlacedLine(container: broken.container, start: broken.range.lowerBound,
                                      searchStart: searchStart, reach: reach, line: consume line, quality: quality))
        state.maximumReach = max(state.maximumReach, reach.container)
    }

    /// A line's adjustment ratios, slack and fill as quality statistics (lines that end a
    /// paragraph or at a mandatory break and truncated lines do not count; lines without spaces
    /// have no adjustment ratio).
    private func measure(_ broken: BrokenLine, _ paragraph: Paragraph, padding: Double, isLast: Bool) -> LineQuality {
        var statistics = LineQuality()
        guard !isLast, !broken.endsWithMandatoryBreak, broken.truncation == nil else { return statistics }
        for (span, range) in broken.fragments {
            let available = span.width - 2 * padding
            let hyphenates = broken.hyphenates(at: range.upperBound)
            let contentEnd = paragraph.trimmingTrailingWhitespace(range.lowerBound, range.upperBound)
            let natural = paragraph.fittingWidth(range, contentEnd: contentEnd, hyphenates: hyphenates)
            let slack = available - natural
            statistics.raggedness += slack * slack
            if natural < LayoutStatistics.shortLineFill * available { statistics.shortLines += 1 }
            guard let ratio = adjustmentRatio(paragraph, range.lowerBound..<contentEnd, slack: slack) else { continue }
            statistics.squaredAdjustmentRatios += ratio * ratio
            if ratio > 1 { statistics.veryLooseLines += 1 }
        }
        return statistics
    }

    /// A line's adjustment ratio as optimal breaking measures it: the space it has to fill
    /// (`slack`, the available width less its natural width) over its spaces' stretch (half
    /// their width; `content` is the line without its trailing white space); nil for a line
    /// without spaces.
    private func adjustmentRatio(_ paragraph: Paragraph, _ content: Range<Int>, slack: Double) -> Double? {
        // Every space adds half its width, in order (other units would add 0: skipped).
        var stretch = 0.0
        paragraph.utf16.withUnsafeBufferPointer { text in
            for offset in content where text[offset] == 0x20 {
                stretch += paragraph.width(offset..<offset + 1) / 2
            }
        }
        guard stretch > 0 else { return nil }
        return slack / stretch
    }

    /// The line metrics of the primary font of `font` at its size (the height of a line without
    /// glyphs). The answer for the descriptor asked for last is kept: the collection and the
    /// default font never change, so it depends on the descriptor alone, and most paragraphs ask
    /// for the one before's.
    func defaultMetrics(for font: FontDescriptor) -> LineMetrics {
        if let last = lastDefaultMetrics, last.font == font { return last.metrics }
        let primary = FontResolver(collection: fontCollection, fallback: defaultFont()).primaryFont(for: font)
        let scale = primary.scale(forPointSize: font.size)
        let metrics = LineMetrics(ascent: Double(primary.ascender) * scale, descent: Double(primary.descender) * scale,
                                  gap: Double(primary.lineGap) * scale)
        lastDefaultMetrics = (font, metrics)
        return metrics
    }

    func defaultFont() -> Font {
        if let font = explicitDefaultFont ?? resolvedDefaultFont { return font }
        var font = try? fontCollection.font(for: FontDescriptor(family: "sans-serif"))
        if font == nil, let path = fontCollection.defaultFontPath { font = try? fontCollection.font(file: path) }
        guard let font else { preconditionFailure("no font available: install fonts or pass a default font") }
        resolvedDefaultFont = font
        return font
    }

    /// A font object and a size: the key of ``fontIndices``, equal only for the same object.
    struct FontObjectKey: Hashable {
        var font: Font
        var pointSize: Double

        static func == (lhs: FontObjectKey, rhs: FontObjectKey) -> Bool {
            lhs.font === rhs.font && lhs.pointSize == rhs.pointSize
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(font))
            hasher.combine(pointSize)
        }
    }

    func index(of font: Font, size: Double) -> Int {
        let identity = ObjectIdentifier(font)
        if lastFontIndex?.identity == identity, lastFontIndex?.key.pointSize == size, let index = lastFontIndex?.index {
            return index
        }
        // (The font before, by identity too: lines of two fonts alternate between them.)
        if let previous = previousFontIndex, previous.identity == identity, previous.key.pointSize == size {
            (lastFontIndex, previousFontIndex) = (previous, lastFontIndex)
            return previous.index
        }
        let key = UsedFont(font: font, pointSize: size)
        if let last = lastFontIndex, last.key == key { return last.index }
        if let previous = previousFontIndex, previous.key == key {
            (lastFontIndex, previousFontIndex) = (previous, lastFontIndex)
            return previous.index
        }
        let index: Int, objectKey = FontObjectKey(font: font, pointSize: size)
        if let known = fontIndices[objectKey] {
            index = known
        } else {
            // A font object met first: an equal font in the table (a rare second load of one
            // file) lends its index, compared without reading the files' digests unless their
            // lengths agree (``Font/==(_:_:)``).
            if let equal = fontTable.firstIndex(of: key) {
                index = equal
            } else {
                fontTable.append(key)
                index = fontTable.count - 1
            }
            fontIndices[objectKey] = index
        }
        previousFontIndex = lastFontIndex
        lastFontIndex = (key, identity, index)
        return index
    }
}
