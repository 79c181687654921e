extension LayoutManager {
    /// Receives the storage's edits and invalidates what they require.
    ///
    /// Only the paragraphs around the edit are split again (the one before it too, since a CR
    /// may meet an LF); the paragraphs after it are shifted, keeping their shaping and lines,
    /// which are reused if they still start where they did. A touched paragraph keeps its
    /// shaping unless characters or shaping attributes changed, and its lines only for a
    /// paint-only change.
    ///
    /// Complexity: O(characters of the touched paragraphs + number of paragraphs).
    public func textStorage(_ storage: TextStorage, didProcess edit: TextEdit) {
        needsLayout = true
        forgetCleanPrefix()
        guard paragraphsSplit, !paragraphs.isEmpty else {
            validThrough = 0
            return
        }
        let editStart = edit.range.lowerBound, editEnd = edit.range.upperBound
        let delta = edit.changeInLength
        let oldEnd = editEnd - delta
        guard editStart <= splitEnd else {
            validThrough = min(validThrough, editStart)
            return
        }
        var first = paragraphIndex(atOrBefore: editStart)
        if first > 0, paragraphs[first].range.lowerBound == editStart { first -= 1 }
        let last = paragraphIndex(atOrBefore: min(oldEnd, splitEnd))
        let regionStart = paragraphs[first].range.lowerBound
        let minimumEnd = max(paragraphs[last].range.upperBound + delta, editEnd)
        let newRanges = storage.scalars.paragraphRanges(from: regionStart, minimumEnd: minimumEnd)
        let regionEnd = newRanges.last?.upperBound ?? regionStart
        var lastOld = first
        while lastOld + 1 < paragraphs.count, paragraphs[lastOld + 1].range.upperBound <= regionEnd - delta { lastOld += 1 }
        if paragraphs[lastOld].range.upperBound > regionEnd - delta, lastOld > first { lastOld -= 1 }

        var byStart: [Int: Int] = [:]
        for index in first...lastOld { byStart[paragraphs[index].range.lowerBound] = index }
        var region: [ParagraphState] = []
        region.reserveCapacity(newRanges.count)
        // The layout is valid up to the first paragraph of the region laid out again.
        var firstInvalid: Int?
        for range in newRanges {
            var state = ParagraphState(range: range)
            let touched = range.upperBound > editStart && range.lowerBound < editEnd
                || (range.isEmpty && range.lowerBound == editStart)
            let before = range.upperBound <= editStart && !touched
            let oldStart = before ? range.lowerBound : range.lowerBound - delta
            if let oldIndex = byStart[oldStart], paragraphs[oldIndex].range.count == range.count,
               !(touched && edit.mask.contains(.characters)) {
                state = paragraphs[oldIndex]
                state.range = range
                if touched && edit.attributeChanges.contains(.shaping) { state.cache = nil }
                if touched && !edit.attributeChanges.isSubset(of: .paint) { state.validLines = 0 }
            }
            if firstInvalid == nil, state.startCursor == nil || state.validLines == 0 || state.cache == nil {
                firstInvalid = range.lowerBound
            }
            region.append(state)
        }
        if let firstInvalid { validThrough = min(validThrough, firstInvalid) }
        let wasLast = lastOld == paragraphs.count - 1
        if delta != 0 {
            for index in (lastOld + 1)..<paragraphs.count {
                let range = paragraphs[index].range
                paragraphs[index].range = range.lowerBound + delta..<range.upperBound + delta
            }
        }
        if let clean = cleanAfter {
            let shifted = clean > lastOld ? clean + region.count - (lastOld - first + 1) : 0
            cleanAfter = max(first + region.count, shifted)
        }
        paragraphs.replaceSubrange(first...lastOld, with: region)
        splitEnd = wasLast ? max(regionEnd, splitEnd + delta) : splitEnd + delta
    }

    // MARK: - Internals

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
        validThrough = 0
        cleanAfter = nil
        forgetCleanPrefix()
        paragraphs = []
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
               SearchedRegion(start: start, reach: solver).meets(container: index, band: band) {
                paragraphs[p].validLines = 0
            } else if let first = state.lines.firstIndex(where: { $0.searched.meets(container: index, band: band) }) {
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
        if state.startCursor == nil || state.validLines == 0 {
            validThrough = min(validThrough, offset)
        } else if state.validLines < state.lines.count {
            validThrough = min(validThrough, offset + state.lines[state.validLines].line.characterRange.lowerBound)
        }
    }
}
