extension LayoutManager {
    /// Lays out the dirty paragraphs in order, skipping clean ones that still start where they
    /// did (their lines are reused), and stopping at the first overflow.    ///
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
    /// paragraph) leaves the rest of the text unsplit. Returns whether everything was laid out.
    @discardableResult
    func runLayout(storage: TextStorage, parallel: Bool = false,
                   until stop: (ParagraphState, LayoutCursor) -> Bool) -> Bool {
        if !paragraphsSplit {
            paragraphs = []
            splitEnd = 0
            paragraphsSplit = true
        }
        for container in textContainers { containerRecords[ObjectIdentifier(container)] = record(container) }
        var cursor = LayoutCursor(container: 0, y: textContainers.first?.textRect.minY ?? 0)
        overflowStart = nil
        var newWarnings = warnings.filter { $0.kind != .overflow && $0.kind != .unbreakable }
        defer { warnings = newWarnings }
        var index = 0
        var chunk = 64
        while true {
            if index == paragraphs.count {
                guard overflowStart == nil, splitEnd < storage.length || paragraphs.isEmpty else { break }
                let next = Self.splitParagraphs(storage.scalars, from: splitEnd, minimumEnd: splitEnd + 1)
                paragraphs.append(contentsOf: next.map { ParagraphState(range: $0) })
                splitEnd = next.last?.upperBound ?? splitEnd
            }
            defer { index += 1 }
            if overflowStart != nil {
                paragraphs[index].lines = []
                paragraphs[index].validLines = 0
                paragraphs[index].startCursor = nil
                paragraphs[index].overflow = nil
                continue
            }
            if parallel, paragraphs[index].cache == nil {
                preshape(from: index, chunk: &chunk, storage: storage, warnings: &newWarnings)
            }
            let state = paragraphs[index]
            if state.isClean, state.startCursor == cursor {
                cursor = state.endCursor
            } else if let overflow = layOut(index, storage: storage, cursor: &cursor, warnings: &newWarnings) {
                overflowStart = paragraphs[index].range.lowerBound + overflow
                continue
            }
            if stop(paragraphs[index], cursor), index + 1 < paragraphs.count || splitEnd < storage.length {
                laidOutThrough = paragraphs[index].range.upperBound
                return false
            }
        }
        if let start = overflowStart {
            newWarnings.append(LayoutWarning(kind: .overflow, message:
                "characters \(start)..<\(storage.length) did not fit in the text containers"))
        }
        laidOutThrough = storage.length
        return true
    }

    /// Lays out paragraph `index` from `cursor`, reusing its valid leading lines when it starts
    /// where it did; returns the paragraph-relative scalar offset where it overflowed, if it did.
    private func layOut(_ index: Int, storage: TextStorage, cursor: inout LayoutCursor,
                        warnings: inout [LayoutWarning]) -> Int? {
        var state = paragraphs[index]
        defer { paragraphs[index] = state }
        let firstAttributes = paragraphAttributes(state.range, storage: storage)
        let style = firstAttributes.paragraphStyle
        if state.cache == nil || state.direction != style.baseWritingDirection {
            let job = shapingJob(state.range, storage: storage)
            let (paragraph, problems) = Self.shape(job, fonts: fontCollection, fallback: defaultFont(),
                                                   hyphenation: hyphenationDictionaries)
            record(paragraph, problems, warnings: &warnings)
            state.cache = paragraph
            state.direction = style.baseWritingDirection
            state.validLines = 0
        }
        guard let paragraph = state.cache else { return nil }
        statistics.paragraphsLaidOut += 1

        // Resume after the valid lines if the paragraph starts where it did.
        var keep = state.startCursor == cursor ? min(state.validLines, state.lines.count) : 0
        var position = 0
        if keep > 0, keep < state.lines.count {
            position = state.lines[keep].start
            cursor = state.lines[keep].searchStart
        } else if keep > 0, let overflow = state.overflow {
            position = overflow.offset
            cursor = overflow.cursor
        } else {
            keep = 0
        }
        state.lines.removeSubrange(keep...)
        state.overflow = nil
        if keep == 0 {
            state.startCursor = cursor
            cursor.y += style.paragraphSpacingBefore
        }

        let metrics = defaultMetrics(for: firstAttributes)
        var breaker = LineBreaker(paragraph: paragraph, style: style, containers: textContainers,
                                  defaultMetrics: metrics, minimumWidth: firstAttributes.font.size)
        breaker.hasFollowingText = state.range.upperBound < storage.length
        var first = keep == 0
        while first || position < paragraph.utf16.count {
            let searchStart = cursor
            switch breaker.nextLine(from: position, cursor: &cursor, isFirstLine: position == 0) {
            case .overflow(let unbreakable):
                let scalar = Int(paragraph.scalarOffsets[position])
                if unbreakable {
                    warnings.append(LayoutWarning(kind: .unbreakable, message:
                        "a cluster at character \(state.range.lowerBound + scalar) is wider than any line"))
                }
                state.overflow = (position, searchStart)
                state.validLines = state.lines.count
                state.endCursor = cursor
                return scalar
            case .line(let broken):
                let padding = textContainers[broken.container].lineFragmentPadding
                let assembler = LineAssembler(paragraph: paragraph, style: style, padding: padding) { font, size in
                    self.index(of: font, size: size)
                }
                let isLast = broken.range.upperBound == paragraph.utf16.count
                var line = assembler.assemble(broken, isLastLine: isLast)
                if isLast { line.characterRange = line.characterRange.lowerBound..<state.range.count }
                state.lines.append(PlacedLine(container: broken.container, start: position,
                                              searchStart: searchStart, line: line))
                statistics.linesLaidOut += 1
                cursor = LayoutCursor(container: broken.container, y: broken.band.maxY + style.lineSpacing,
                                      lines: cursor.lines + 1)
                position = broken.range.upperBound
            }
            first = false
        }
        cursor.y += style.paragraphSpacing
        state.endCursor = cursor
        state.validLines = state.lines.count
        return nil
    }

    func defaultMetrics(for attributes: TextAttributes) -> LineMetrics {
        let primary = FontResolver(collection: fontCollection, fallback: defaultFont()).primaryFont(for: attributes.font)
        let scale = primary.scale(forPointSize: attributes.font.size)
        return LineMetrics(ascent: Double(primary.ascender) * scale, descent: Double(primary.descender) * scale,
                           gap: Double(primary.lineGap) * scale)
    }

    func defaultFont() -> Font {
        if let font = explicitDefaultFont ?? resolvedDefaultFont { return font }
        var font = try? fontCollection.font(for: FontDescriptor(family: "sans-serif"))
        if font == nil, let path = fontCollection.defaultFontPath { font = try? fontCollection.font(file: path) }
        guard let font else { preconditionFailure("no font available: install fonts or pass a default font") }
        resolvedDefaultFont = font
        return font
    }

    func index(of font: Font, size: Double) -> Int {
        let key = UsedFont(font: font, pointSize: size)
        if let index = fontIndices[key] { return index }
        fontTable.append(key)
        fontIndices[key] = fontTable.count - 1
        return fontTable.count - 1
    }
}
