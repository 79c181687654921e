/// Noncontiguous layout (Text Kit's `allowsNonContiguousLayout`): in a single container, a query
/// far past the laid-out text lays out the paragraphs it needs at an estimated position instead
/// of laying out everything before them.
///
/// The text laid out exactly is always a prefix (from the start, exactly as a full layout). An
/// *estimated island* is a run of paragraphs after it, laid out from a cursor whose y is
/// estimated from the prefix (its average height per character), their lines exact relative to
/// each other. Queries answer from the prefix and the island; ``LayoutManager/hasNonContiguousLayout``
/// tells that some answers are estimates. The island's paragraphs keep the cursor they were laid
/// out from, so when exact layout reaches them it lays them out again from the true cursor (or
/// reuses them only if the estimate was exactly right): estimates become exact, never stale.
extension LayoutManager {
    /// Whether a noncontiguous estimate may be laid out: one container without a line limit.
    var canEstimate: Bool {
        allowsNonContiguousLayout && textContainers.count == 1 && textContainers[0].maximumNumberOfLines == 0
            && (textStorage?.length ?? 0) > 0
    }

    /// Where an exact prefix ends: its first unlaid character and the cursor there.
    typealias PrefixEnd = (character: Int, cursor: LayoutCursor)

    /// The end of the exact prefix laid out now.
    var exactEnd: PrefixEnd {
        let top = LayoutCursor(container: 0, y: textContainers.first?.textRect.minY ?? 0)
        let count = currentParagraphCount
        guard count > 0 else { return (0, top) }
        return (paragraphs[count - 1].range.upperBound, paragraphs[count - 1].endCursor)
    }

    /// The estimated height of one character's share of the text after the exact prefix ending
    /// at `end`: from the sample windows of ``usageBoundsForTextContainer`` (so islands are placed
    /// where the estimated document height puts them), with the prefix itself when few windows
    /// lie after it.
    func estimatedHeightPerCharacter(after end: PrefixEnd) -> Double {
        guard let storage = textStorage, let container = textContainers.first else { return 1 }
        return estimatedHeightPerCharacter(from: end, storage: storage, container: container)
    }

    /// The estimated y of character `index`, past the exact prefix ending at `end`.
    func estimatedY(ofCharacter index: Int, after end: PrefixEnd) -> Double {
        end.cursor.y + Double(Swift.max(0, index - end.character)) * estimatedHeightPerCharacter(after: end)
    }

    /// The character estimated to lie at `y`, past the exact prefix ending at `end`.
    func estimatedCharacter(atY y: Double, after end: PrefixEnd) -> Int {
        let perCharacter = estimatedHeightPerCharacter(after: end)
        guard perCharacter > 0, y > end.cursor.y else { return end.character }
        let offset = ((y - end.cursor.y) / perCharacter).rounded(.down)
        return Swift.min(textStorage?.length ?? 0, end.character + Int(Swift.min(offset, 1e15)))
    }

    /// Lays out exactly until `stop` or, with noncontiguous layout, until the exact prefix is as
    /// long as it was before and `target` (a character, estimated from the prefix's end) lies
    /// more than ``LayoutTuning/estimationDistance`` characters past it; then lays out an estimated island
    /// from `target`'s paragraph until `stop`.
    func ensureLayout(near target: (PrefixEnd) -> Int, until stop: (Int, LayoutCursor) -> Bool) {
        requireNoOpenEditingBatch()
        guard let storage = textStorage, needsLayout else { return }
        guard canEstimate else {
            if runLayout(storage: storage, parallel: false, until: stop) { needsLayout = false }
            return
        }
        let previousIsland = island
        let reach = laidOutThrough
        // Exact layout through the old prefix (its edited paragraphs), or to the target if near.
        var farTarget: Int?
        let complete = runLayout(storage: storage, until: { index, cursor in
            if stop(index, cursor) { return true }
            let end = self.paragraphs[index].range.upperBound
            guard end >= reach else { return false }
            let wanted = target((end, cursor))
            if wanted - end > self.tuning.estimationDistance {
                farTarget = wanted
                return true
            }
            return false
        })
        if complete {
            needsLayout = false
            return
        }
        guard let wanted = farTarget else { return }
        layOutIsland(at: wanted, continuing: previousIsland, storage: storage, until: stop)
    }

    /// Lays out an estimated island from the paragraph holding `character` (or continues
    /// `previous` when `character` lies inside it or a little after it) until `stop`.
    private func layOutIsland(at character: Int, continuing previous: Range<Int>?, storage: TextStorage,
                              until stop: (Int, LayoutCursor) -> Bool) {
        // A place past the end means the last paragraph.
        let character = Swift.max(0, Swift.min(character, storage.length - 1))
        // Split the text into paragraphs through the target.
        while splitEnd < storage.length, splitEnd <= character {
            let next = storage.scalars.paragraphRanges(from: splitEnd, minimumEnd: Swift.max(splitEnd + 1, character + 1))
            paragraphs.append(contentsOf: next.map { ParagraphState(range: $0) })
            glyphCounts = nil
            splitEnd = next.last?.upperBound ?? storage.length
        }
        let prefix = currentParagraphCount
        var low = prefix, high = paragraphs.count
        while low < high {
            let mid = (low + high) / 2
            if paragraphs[mid].range.upperBound <= character { low = mid + 1 } else { high = mid }
        }
        guard low < paragraphs.count else { return }
        var first = low
        var cursor: LayoutCursor
        if let previous, previous.lowerBound >= prefix, previous.upperBound <= paragraphs.count,
           paragraphs[previous.lowerBound].range.lowerBound <= character,
           character - paragraphs[previous.upperBound - 1].range.upperBound <= tuning.estimationDistance {
            // Continue the island on screen: the same estimate for its start, its lines reused.
            first = previous.lowerBound
            cursor = paragraphs[first].startCursor ?? LayoutCursor(container: 0, y: estimatedY(
                ofCharacter: paragraphs[first].range.lowerBound, after: exactEnd))
        } else {
            cursor = LayoutCursor(container: 0, y: estimatedY(ofCharacter: paragraphs[first].range.lowerBound, after: exactEnd))
        }
        cleanAfter = nil
        // The island's paragraphs start at estimated places: none of them is in a clean prefix.
        if let prefix = cleanBefore, prefix > first {
            cleanBefore = first
            reachedContainers.removeSubrange(min(first, reachedContainers.count)...)
        }
        var newWarnings = passWarnings
        let known = passWarnings.count
        var index = first
        while true {
            if index == paragraphs.count {
                guard splitEnd < storage.length else { break }
                let next = storage.scalars.paragraphRanges(from: splitEnd, minimumEnd: splitEnd + 1)
                paragraphs.append(contentsOf: next.map { ParagraphState(range: $0) })
                glyphCounts = nil
                splitEnd = next.last?.upperBound ?? storage.length
            }
            if paragraphs[index].isClean,
               paragraphs[index].startCursor == cursor || moveParagraphs(from: index, to: cursor, limit: 1) == 1 {
                cursor = paragraphs[index].endCursor
            } else if layOut(index, storage: storage, cursor: &cursor, warnings: &newWarnings) != nil {
                index += 1
                break
            }
            index += 1
            if stop(index - 1, cursor) || index == paragraphs.count && splitEnd >= storage.length { break }
        }
        reportLayoutPass(storage: storage)
        // Shaping warnings stay; overflow in an estimate is not real.
        passWarnings += newWarnings[known...].filter { $0.kind != .overflow && $0.kind != .unbreakable }
        island = first..<index
    }
}
