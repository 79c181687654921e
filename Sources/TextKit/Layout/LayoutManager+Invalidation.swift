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
        guard paragraphsSplit, !paragraphs.isEmpty else { return }
        let editStart = edit.range.lowerBound, editEnd = edit.range.upperBound
        let delta = edit.changeInLength
        let oldEnd = editEnd - delta
        guard editStart <= splitEnd else { return }
        var first = paragraphIndex(atOrBefore: editStart)
        if first > 0, paragraphs[first].range.lowerBound == editStart { first -= 1 }
        let last = paragraphIndex(atOrBefore: min(oldEnd, splitEnd))
        let regionStart = paragraphs[first].range.lowerBound
        let minimumEnd = max(paragraphs[last].range.upperBound + delta, editEnd)
        let newRanges = Self.splitParagraphs(storage.scalars, from: regionStart, minimumEnd: minimumEnd)
        let regionEnd = newRanges.last?.upperBound ?? regionStart
        var lastOld = first
        while lastOld + 1 < paragraphs.count, paragraphs[lastOld + 1].range.upperBound <= regionEnd - delta { lastOld += 1 }
        if paragraphs[lastOld].range.upperBound > regionEnd - delta, lastOld > first { lastOld -= 1 }

        var byStart: [Int: Int] = [:]
        for index in first...lastOld { byStart[paragraphs[index].range.lowerBound] = index }
        var region: [ParagraphState] = []
        region.reserveCapacity(newRanges.count)
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
            region.append(state)
        }
        let wasLast = lastOld == paragraphs.count - 1
        if delta != 0 {
            for index in (lastOld + 1)..<paragraphs.count {
                let range = paragraphs[index].range
                paragraphs[index].range = range.lowerBound + delta..<range.upperBound + delta
            }
        }
        paragraphs.replaceSubrange(first...lastOld, with: region)
        splitEnd = wasLast ? max(regionEnd, splitEnd + delta) : splitEnd + delta
    }

    // MARK: - Internals

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
        var exclusions: [Exclusion]
        var shape: BezierPath?
    }

    func record(_ container: TextContainer) -> ContainerRecord {
        ContainerRecord(size: container.size, insets: container.insets, padding: container.lineFragmentPadding,
                        minimumFragmentWidth: container.minimumFragmentWidth,
                        exclusions: container.exclusions, shape: container.shape)
    }

    /// The y range a change of `container` affects, or nil for the whole container.
    func changedBand(of container: TextContainer, index: Int) -> ClosedRange<Double>? {
        let id = ObjectIdentifier(container)
        defer { containerRecords[id] = record(container) }
        guard let old = containerRecords[id] else { return nil }
        let new = record(container)
        guard old.size == new.size, old.insets == new.insets, old.padding == new.padding,
              old.minimumFragmentWidth == new.minimumFragmentWidth, old.shape == new.shape else { return nil }
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
        paragraphs = []
        paragraphsSplit = false
        splitEnd = 0
        needsLayout = true
        containerRecords = [:]
    }

    /// Invalidates the lines of container `index` (and after) whose searched band meets `band`
    /// (nil: every line of that container), and every paragraph that overflowed. Two lines more
    /// are laid out again above the first one met: widow and orphan control places a line by
    /// looking at the next two.
    func invalidateLines(inContainer index: Int, band: ClosedRange<Double>?) {
        if let band, band.isEmpty { return }
        for p in paragraphs.indices {
            let state = paragraphs[p]
            // An overflowed paragraph resumes two lines early: with room added, widow and orphan
            // control may now move one of its last lines.
            if state.overflow != nil { paragraphs[p].validLines = min(state.validLines, max(0, state.lines.count - 2)) }
            guard state.startCursor != nil else { continue }
            if let first = state.lines.firstIndex(where: { placed in
                guard placed.container >= index else { return false }
                guard placed.container == index, let band else { return true }
                let top = placed.searchStart.container == index ? placed.searchStart.y : placed.line.rect.minY
                return band.upperBound > top && band.lowerBound < placed.line.rect.maxY
            }) {
                paragraphs[p].validLines = min(state.validLines, max(0, first - 2))
            } else if state.lines.isEmpty, state.startCursor.map({ $0.container >= index }) == true {
                paragraphs[p].validLines = 0
                paragraphs[p].startCursor = nil
            }
        }
        needsLayout = true
    }

    /// After containers were inserted or removed at `index`: lines in later containers now
    /// belong to other containers.
    func invalidate(fromContainer index: Int) {
        containerRecords = containerRecords.filter { key, _ in textContainers.contains { ObjectIdentifier($0) == key } }
        for p in paragraphs.indices {
            let state = paragraphs[p]
            if state.overflow != nil { paragraphs[p].validLines = min(state.validLines, max(0, state.lines.count - 2)) }
            if let first = state.lines.firstIndex(where: { $0.container >= index || $0.searchStart.container >= index }) {
                paragraphs[p].validLines = min(state.validLines, max(0, first - 2))
            }
            if let start = state.startCursor, start.container >= index { paragraphs[p].startCursor = nil }
        }
        needsLayout = true
    }
}
