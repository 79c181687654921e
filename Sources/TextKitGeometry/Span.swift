/// A horizontal interval [minX, maxX].
///
/// Spans are what a band query answers: the parts of a line band covered by an exclusion, or
/// the free parts left for text.
public struct Span: Hashable, Sendable, Codable {
    /// The left end.
    public var minX: Double
    /// The right end (not less than `minX`).
    public var maxX: Double

    /// Creates a span; `minX` must not exceed `maxX`.
    public init(minX: Double, maxX: Double) {
        precondition(!(minX > maxX), "Span needs minX <= maxX, got [\(minX), \(maxX)]")
        self.minX = minX
        self.maxX = maxX
    }

    /// The length `maxX − minX`.
    public var width: Double { maxX - minX }
}

/// Subtracting covered spans from an available one.
extension Span {
    /// The parts of `self` not covered by any of `covered`, in increasing x, dropping parts
    /// narrower than `minimumWidth`.
    ///
    /// `covered` may be in any order and may overlap. Covered spans of zero width remove no
    /// width and are ignored; parts of zero width are never returned.
    ///
    /// - Complexity: O(c log c) for c covered spans.
    public func subtracting(_ covered: [Span], minimumWidth: Double = 0) -> [Span] {
        let relevant = covered
            .filter { $0.maxX > $0.minX && $0.maxX > minX && $0.minX < maxX }
            .sorted { $0.minX < $1.minX }
        return subtracting(sorted: relevant, minimumWidth: minimumWidth)
    }

    /// ``subtracting(_:minimumWidth:)`` for covered spans already sorted by `minX` (those of
    /// zero width or outside `self` are skipped here): the same parts, without copying them.
    package func subtracting(sorted covered: [Span], minimumWidth: Double = 0) -> [Span] {
        var result: [Span] = []
        result.reserveCapacity(covered.count + 1)  // the most parts there can be: one allocation
        func keep(_ lower: Double, _ upper: Double) {
            let width = upper - lower
            if width > 0 && width >= minimumWidth {
                result.append(Span(minX: lower, maxX: upper))
            }
        }
        var cursor = minX
        for span in covered where span.maxX > span.minX && span.maxX > minX && span.minX < maxX {
            if span.minX > cursor { keep(cursor, span.minX) }
            cursor = Swift.max(cursor, span.maxX)
            if cursor >= maxX { return result }
        }
        keep(cursor, maxX)
        return result
    }
}

// MARK: - Internals

extension Span {
    /// Sorts `spans` and merges those that overlap or are closer than `gap`.
    package static func merged(_ spans: [Span], joiningGapsUpTo gap: Double = 0) -> [Span] {
        var result = spans
        merge(&result, joiningGapsUpTo: gap)
        return result
    }

    /// ``merged(_:joiningGapsUpTo:)`` in place: `spans` sorted and merged in its own storage.
    static func merge(_ spans: inout [Span], joiningGapsUpTo gap: Double = 0) {
        guard spans.count > 1 else { return }
        if spans.count <= 32 {
            // Insertion sort: the standard sort allocates a buffer past 20 items, and a band
            // query merges a few dozen spans per line. (Equal minX may end up in either order:
            // the merged result is the same.)
            for index in 1..<spans.count {
                let span = spans[index]
                var place = index
                while place > 0 && spans[place - 1].minX > span.minX {
                    spans[place] = spans[place - 1]
                    place -= 1
                }
                spans[place] = span
            }
        } else {
            spans.sort { $0.minX < $1.minX }
        }
        var kept = 0, current = spans[0]
        for index in 1..<spans.count {
            let span = spans[index]
            if span.minX <= current.maxX + gap {
                current.maxX = Swift.max(current.maxX, span.maxX)
            } else {
                spans[kept] = current
                kept += 1
                current = span
            }
        }
        spans[kept] = current
        spans.removeLast(spans.count - kept - 1)
    }

    /// Adds `span` to `output` (sorted by x, disjoint, none touching), joined with the spans it
    /// overlaps or touches: the union stays exact (only min and max), and the list short.
    ///
    /// - Complexity: O(log n) to find the place, plus the moves of an insertion in the middle
    ///   (spans mostly arrive left to right within a slab, and overlap the ones of the slab above).
    @inline(__always)
    static func add(_ span: Span, to output: inout [Span]) {
        guard let last = output.last, span.minX <= last.maxX else {
            output.append(span)
            return
        }
        if last.minX <= span.maxX, output.count == 1 || output[output.count - 2].maxX < span.minX {
            // Only the last span meets it (the usual case: the slab above's union): joined in place.
            output[output.count - 1] = Span(minX: Swift.min(span.minX, last.minX), maxX: Swift.max(span.maxX, last.maxX))
            return
        }
        // The first span that does not end left of `span` (their ends increase too).
        var low = 0, high = output.count - 1
        while low < high {
            let mid = (low + high) / 2
            if output[mid].maxX < span.minX { low = mid + 1 } else { high = mid }
        }
        var end = low, joined = span
        while end < output.count && output[end].minX <= span.maxX {
            joined = Span(minX: Swift.min(joined.minX, output[end].minX), maxX: Swift.max(joined.maxX, output[end].maxX))
            end += 1
        }
        output.replaceSubrange(low..<end, with: CollectionOfOne(joined))
    }
}
