extension LayoutManager {
    /// Receives the storage's edits and invalidates what they require, stretch by stretch
    /// (``TextEdit/changes``), so that a batch never costs more than its edits one by one.
    ///
    /// Replaced characters: only the paragraphs around each replaced stretch are split again (the
    /// one before it too, since a CR may meet an LF) and reshaped; stretches whose paragraphs
    /// meet are split together. The paragraphs between and after them are shifted, keeping their
    /// shaping and lines, which are reused if they still start where they did. Changed
    /// attributes: shaping attributes reshape the paragraphs they meet, paragraph styles re-break
    /// them, paint-only attributes redo nothing.
    ///
    /// Complexity: O(characters of the paragraphs split again + number of paragraphs + number of
    /// stretches × log of the number of paragraphs).
    public func textStorage(_ storage: TextStorage, didProcess edit: TextEdit) {
        needsLayout = true
        forgetCleanPrefix()
        moveTemporaryAttributes(through: edit)
        if edit.changes.contains(where: { $0.mask.contains(.attributes) && !$0.attributeChanges.isSubset(of: .paint) }) {
            heightSamples = nil
        }
        for change in edit.changes where change.mask == .attributes && change.attributeChanges == .paint {
            delegate?.layoutManager(self, didInvalidateDisplayForCharacterRange: change.range)
        }
        guard paragraphsSplit, !paragraphs.isEmpty else {
            validThrough = 0
            return
        }
        // A replacement of nothing by nothing (text typed and deleted again) changes nothing.
        let replaced = edit.changes.filter { $0.mask.contains(.characters) && ($0.replacedLength > 0 || !$0.range.isEmpty) }
        var lastChanged = replaced.isEmpty ? -1 : splitAgain(around: replaced, in: storage.scalars)
        for change in edit.changes where change.mask == .attributes && change.range.lowerBound < splitEnd {
            guard !change.attributeChanges.isSubset(of: .paint) else { continue }
            var index = paragraphIndex(atOrBefore: change.range.lowerBound)
            while index < paragraphs.count, paragraphs[index].range.lowerBound < change.range.upperBound {
                if change.attributeChanges.contains(.shaping) { paragraphs[index].cache = nil }
                paragraphs[index].validLines = 0
                lastChanged = max(lastChanged, index)
                index += 1
            }
        }
        if let clean = cleanAfter { cleanAfter = max(clean, lastChanged + 1) }
        // The first character whose layout is no longer valid: from the paragraph before the first
        // stretch that changed more than paint, the first paragraph left invalid.
        if let first = edit.changes.first(where: { $0.mask.contains(.characters) || !$0.attributeChanges.isSubset(of: .paint) }) {
            var p = max(0, paragraphIndex(atOrBefore: first.range.lowerBound) - 1)
            let before = validThrough
            while p < paragraphs.count, validThrough == before, paragraphs[p].range.lowerBound < before {
                lowerValidThrough(to: p)
                p += 1
            }
            if first.range.lowerBound >= splitEnd { validThrough = min(validThrough, first.range.lowerBound) }
        }
    }

    // MARK: - Internals

    /// Splits the paragraphs around the replaced stretches `replaced` (sorted, in the text after
    /// the edit) again, shifts the others, and returns the index of the last paragraph split
    /// again (-1 when every stretch lies past the split text).
    ///
    /// ```
    /// shift ← 0                                  (new offset − old offset, past the stretches done)
    /// for each group of stretches whose new paragraphs meet, in order:
    ///     region ← the old paragraphs from the one before the first stretch's start through the
    ///              one holding the last stretch's old end, split again in the new text
    ///     for each new paragraph of the region:
    ///         touches a stretch                  → new state (reshaped)
    ///         an old one started where it starts
    ///         (less the shift of the stretches before it) with its length → that old state, moved
    ///     the old paragraphs between groups      → moved by the shift
    /// the paragraphs after the last group      → moved by the whole shift
    /// ```
    private func splitAgain(around replaced: [TextEdit.Change], in text: TextStorage.UnicodeScalarView) -> Int {
        var middle: [ParagraphState] = []
        var start: Int?            // the first old paragraph `middle` replaces
        var next = 0               // the first old paragraph not in `middle` yet
        var shift = 0
        var regionEnd = 0, endsSplit = false
        var i = 0
        while i < replaced.count {
            let oldStart = replaced[i].range.lowerBound - shift
            guard oldStart <= splitEnd else { break }
            var first = paragraphIndex(atOrBefore: oldStart)
            if first > 0, paragraphs[first].range.lowerBound == oldStart { first -= 1 }
            if start == nil { start = first; next = first }
            assert(first >= next, "groups of stretches never share a paragraph")
            for index in next..<first { middle.append(moved(paragraphs[index], by: shift)) }
            // The group: stretches join while they start in (or right after) the region.
            let regionStart = paragraphs[first].range.lowerBound + shift
            var ranges: [Range<Int>] = []
            var j = i, after = shift
            while true {
                let change = replaced[j]
                let before = after
                after += change.changeInLength
                let oldEnd = change.range.lowerBound - before + change.replacedLength
                let last = paragraphIndex(atOrBefore: min(oldEnd, splitEnd))
                let minimumEnd = max(paragraphs[last].range.upperBound + after, change.range.upperBound)
                if ranges.isEmpty {
                    ranges = text.paragraphRanges(from: regionStart, minimumEnd: minimumEnd)
                } else if minimumEnd > regionEnd, regionEnd < text.count {
                    ranges += text.paragraphRanges(from: regionEnd, minimumEnd: minimumEnd)
                }
                regionEnd = ranges.last?.upperBound ?? regionStart
                guard j + 1 < replaced.count, replaced[j + 1].range.lowerBound <= regionEnd else { break }
                j += 1
            }
            var lastOld = first
            while lastOld + 1 < paragraphs.count, paragraphs[lastOld + 1].range.upperBound <= regionEnd - after { lastOld += 1 }
            var byStart: [Int: Int] = [:]
            for index in first...lastOld { byStart[paragraphs[index].range.lowerBound] = index }
            var k = i, before = shift
            for range in ranges {
                while k <= j, replaced[k].range.upperBound <= range.lowerBound,
                      !(range.isEmpty && replaced[k].range.lowerBound == range.lowerBound) {
                    before += replaced[k].changeInLength
                    k += 1
                }
                let touched = k <= j && (replaced[k].range.lowerBound < range.upperBound
                    || (range.isEmpty && replaced[k].range.lowerBound == range.lowerBound))
                var state = ParagraphState(range: range)
                if !touched, let old = byStart[range.lowerBound - before], paragraphs[old].range.count == range.count {
                    state = moved(paragraphs[old], by: range.lowerBound - paragraphs[old].range.lowerBound)
                }
                middle.append(state)
            }
            next = lastOld + 1
            endsSplit = next == paragraphs.count
            shift = after
            i = j + 1
        }
        guard let start else { return -1 }
        if let clean = cleanAfter {
            cleanAfter = clean >= next ? clean + middle.count - (next - start) : start + middle.count
        }
        if shift != 0 {
            for index in next..<paragraphs.count {
                let range = paragraphs[index].range
                paragraphs[index].range = range.lowerBound + shift..<range.upperBound + shift
            }
        }
        for index in start..<next { noteDisplayChange(ofLinesOf: paragraphs[index]) }
        if middle.count == next - start {
            for (offset, state) in middle.enumerated() { glyphCounts?.set(start + offset, to: state.glyphCount) }
        } else {
            glyphCounts = nil
        }
        replaceParagraphs(start..<next, with: middle)
        splitEnd = endsSplit ? max(regionEnd, splitEnd + shift) : splitEnd + shift
        return start + middle.count - 1
    }

    /// Replaces `paragraphs[range]` with `states`, the quality measures of ``statistics`` with
    /// them: those of the lines dropped are taken back, those of the lines the new states bring
    /// (a paragraph moved keeps its lines) added, as laying a line out again takes back its
    /// earlier measure.
    func replaceParagraphs(_ range: Range<Int>, with states: [ParagraphState]) {
        for state in paragraphs[range] {
            for line in state.lines { statistics.addQuality(of: line.quality, sign: -1) }
        }
        for state in states {
            for line in state.lines { statistics.addQuality(of: line.quality) }
        }
        paragraphs.replaceSubrange(range, with: states)
    }

    /// `state` with its range moved by `offset` (its lines are paragraph-relative).
    private func moved(_ state: ParagraphState, by offset: Int) -> ParagraphState {
        var state = state
        state.range = state.range.lowerBound + offset..<state.range.upperBound + offset
        return state
    }


    /// Forgets which paragraphs form a clean prefix (a change may have touched any of them).
    func forgetCleanPrefix() {
        cleanBefore = nil
        reachedContainers.removeAll(keepingCapacity: true)
    }

    /// The index of the last split paragraph starting at or before `offset`.
    func paragraphIndex(atOrBefore offset: Int) -> Int {
        var low = 0, high = paragraphs.count
        while low < high {
            let mid = (low + high) / 2
            if paragraphs[mid].range.lowerBound <= offset { low = mid + 1 } else { high = mid }
        }
        return max(0, low - 1)
    }

    /// Geometry of a container when it was last laid out, to find what a change touched.
    struct ContainerRecord {
        var size: Size
        var insets: EdgeInsets
        var padding: Double
        var minimumFragmentWidth: Double?
        var maximumNumberOfLines: Int
        var lineBreakMode: LineBreakMode
        var exclusions: [Exclusion]
        var shape: BezierPath?
    }

    func record(_ container: TextContainer) -> ContainerRecord {
        ContainerRecord(size: container.size, insets: container.insets, padding: container.lineFragmentPadding,
                        minimumFragmentWidth: container.minimumFragmentWidth,
                        maximumNumberOfLines: container.maximumNumberOfLines, lineBreakMode: container.lineBreakMode,
                        exclusions: container.exclusions, shape: container.shape)
    }

    /// The y range a change of `container` affects, or nil for the whole container.
    func changedBand(of container: TextContainer, index: Int) -> ClosedRange<Double>? {
        let id = ObjectIdentifier(container)
        defer { containerRecords[id] = record(container) }
        guard let old = containerRecords[id] else { return nil }
        let new = record(container)
        guard old.size == new.size, old.insets == new.insets, old.padding == new.padding,
              old.minimumFragmentWidth == new.minimumFragmentWidth, old.maximumNumberOfLines == new.maximumNumberOfLines,
              old.lineBreakMode == new.lineBreakMode, old.shape == new.shape else { return nil }
        // Only exclusions changed: the paths added or removed bound the change.
        var changed: Rect?
        for exclusion in old.exclusions where !new.exclusions.contains(exclusion) {
            changed = changed.map { $0.union(exclusion.bounds) } ?? exclusion.bounds
        }
        for exclusion in new.exclusions where !old.exclusions.contains(exclusion) {
            changed = changed.map { $0.union(exclusion.bounds) } ?? exclusion.bounds
        }
        guard let changed else { return 0...0 }
        return changed.minY...changed.maxY
    }

    func invalidateAll() {
        for state in paragraphs { noteDisplayChange(ofLinesOf: state) }
        temporaryRuns = []
        validThrough = 0
        cleanAfter = nil
        forgetCleanPrefix()
        replaceParagraphs(paragraphs.indices, with: [])
        glyphCounts = nil
        heightSamples = nil
        paragraphsSplit = false
        splitEnd = 0
        needsLayout = true
        containerRecords = [:]
        unrecordedContainers = textContainers
    }

    /// Invalidates every line whose searched region (from its search start down to the lowest
    /// band its placement looked at, widow and orphan look-ahead included) meets `band` of
    /// container `index` (nil: the whole container), and the lines after it in its paragraph.
    ///
    /// A line's region can reach into later containers than its own: a paragraph's last line
    /// alone at the top of the next container pulls the line before it along, so an exclusion
    /// added or removed there reconsiders lines of the container before. Optimal breaking looks
    /// at bands below its lines too: a change there re-breaks the whole paragraph. Lines whose
    /// region the change misses keep their place, so layout re-synchronizes after it.
    func invalidateLines(inContainer index: Int, band: ClosedRange<Double>?) {
        cleanAfter = nil
        forgetCleanPrefix()
        if let band, band.isEmpty { return }
        for p in paragraphs.indices {
            let state = paragraphs[p]
            guard let start = state.startCursor else { continue }
            if let solver = state.solverReach,
               SearchedRegion(start: start, reach: solver.placed(at: start)).meets(container: index, band: band) {
                paragraphs[p].validLines = 0
            } else if let first = state.lines.firstIndex(where: { $0.searched(from: start).meets(container: index, band: band) }) {
                paragraphs[p].validLines = min(state.validLines, first)
            } else if state.lines.isEmpty, start.container >= index {
                paragraphs[p].validLines = 0
                paragraphs[p].startCursor = nil
            }
            lowerValidThrough(to: p)
        }
        needsLayout = true
    }

    /// After containers were inserted or removed at `index`: lines in later containers now
    /// belong to other containers, and lines whose placement looked at container `index` or
    /// later (or asked whether it exists) are laid out again.
    func invalidate(fromContainer index: Int) {
        cleanAfter = nil
        // Most paragraphs lie wholly before the change (a page appended at the end): nothing of
        // theirs reached it. Those of the clean prefix that did not are found by bisection; the
        // rest are checked in one pass over the states in place, without copying them.
        var from = 0
        if let prefix = cleanBefore, reachedContainers.count >= prefix {
            var low = 0, high = prefix
            while low < high {
                let mid = (low + high) / 2
                if reachedContainers[mid] < index { low = mid + 1 } else { high = mid }
            }
            from = low
            cleanBefore = low
            reachedContainers.removeSubrange(low...)
        } else {
            forgetCleanPrefix()
        }
        var reached: [Int] = []
        paragraphs.withUnsafeBufferPointer { states in
            for p in from..<states.count where states[p].maximumReach >= index
                || (states[p].solverReach?.container ?? -1) >= index || (states[p].startCursor?.container ?? -1) >= index {
                reached.append(p)
            }
        }
        for p in reached {
            let state = paragraphs[p]
            if let solver = state.solverReach, solver.container >= index { paragraphs[p].validLines = 0 }
            if let first = state.lines.firstIndex(where: { $0.reach.container >= index }) {
                paragraphs[p].validLines = min(paragraphs[p].validLines, first)
            }
            if let start = state.startCursor, start.container >= index { paragraphs[p].startCursor = nil }
            lowerValidThrough(to: p)
        }
        needsLayout = true
    }

    /// Lowers ``validThrough`` to the first character of paragraph `p` whose line is no longer
    /// valid, if it has one.
    private func lowerValidThrough(to p: Int) {
        let state = paragraphs[p]
        let offset = state.range.lowerBound
        if state.startCursor == nil || state.validLines == 0 || state.cache == nil {
            validThrough = min(validThrough, offset)
        } else if state.validLines < state.lines.count {
            validThrough = min(validThrough, offset + state.lines[state.validLines].line.characterRange.lowerBound)
        }
    }
}
