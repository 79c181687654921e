/// An ``Exclusion`` prepared for band queries: its path flattened and indexed by y once.
/// Immutable, Sendable.
public struct ExclusionRegion: Sendable {
    /// The exclusion as given.
    public let exclusion: Exclusion
    /// The bounds of the excluded area, margin included (.zero when it has no area).
    public let bounds: Rect
    /// The path's filled area.
    public let region: FilledRegion
    /// Whether the path fills no area at all (then the margin grows nothing either).
    public let isEmpty: Bool

    /// Prepares `exclusion`, flattening curves within `tolerance`.
    ///
    /// - Complexity: O(n log n) for n flattened edges.
    public init(_ exclusion: Exclusion, tolerance: Double = 0.01) {
        self.exclusion = exclusion
        region = FilledRegion(path: exclusion.path, tolerance: tolerance)
        isEmpty = region.isEmpty
        let box = region.bounds, margin = exclusion.margin
        bounds = isEmpty ? .zero : Rect(x: box.minX - margin, y: box.minY - margin,
                                        width: box.width + 2 * margin, height: box.height + 2 * margin)
    }

    /// The exact x-projection of the excluded area (margin included) over the band, as
    /// ``FilledRegion/coveredSpans(minY:maxY:margin:)``: sorted, disjoint spans.
    public func coveredSpans(minY: Double, maxY: Double) -> [Span] {
        var spans: [Span] = []
        coveredSpans(minY: minY, maxY: maxY, into: &spans)
        return spans
    }

    /// ``coveredSpans(minY:maxY:)`` written into `spans` (its contents replaced, its storage reused).
    package func coveredSpans(minY: Double, maxY: Double, into spans: inout [Span]) {
        guard !isEmpty, maxY >= bounds.minY, minY <= bounds.maxY else {
            spans.removeAll(keepingCapacity: true)
            return
        }
        region.coveredSpans(minY: minY, maxY: maxY, margin: exclusion.margin, into: &spans)
    }

    /// The parts of the line `available` (a band `minY ≤ y ≤ maxY`) that text must leave empty
    /// because of this exclusion, by its wrap side (unsorted, possibly overlapping):
    ///
    /// - `both`: the covered spans (holes stay free);
    /// - `left` / `right`: from the leftmost covered x to the right end of `available` / from
    ///   its left end to the rightmost covered x;
    /// - `largest`: `left` when the free width left of the covered hull is at least the width
    ///   right of it, else `right`;
    /// - `clear`: all of `available`, whenever the band meets the excluded area at all, even
    ///   outside `available` (the line then moves below the exclusion).
    ///
    /// Empty when the band does not meet the excluded area.
    public func blockedSpans(in available: Span, minY: Double, maxY: Double) -> [Span] {
        var blocked: [Span] = [], covered: [Span] = []
        appendBlockedSpans(in: available, minY: minY, maxY: maxY, to: &blocked, covered: &covered)
        return blocked
    }

    /// ``blockedSpans(in:minY:maxY:)`` appended to `output`; `covered` is work space (its
    /// contents replaced, its storage reused), so a line breaker's queries allocate nothing.
    package func appendBlockedSpans(in available: Span, minY: Double, maxY: Double, to output: inout [Span],
                                    covered: inout [Span]) {
        if output.isEmpty, exclusion.wrapSide == .both {
            // The usual case, the first exclusion a band meets: its covered spans, written in place.
            coveredSpans(minY: minY, maxY: maxY, into: &output)
            return
        }
        coveredSpans(minY: minY, maxY: maxY, into: &covered)
        guard let first = covered.first, let last = covered.last else { return }
        let leftWidth = first.minX - available.minX, rightWidth = available.maxX - last.maxX
        switch exclusion.wrapSide {
        case .both:
            for span in covered { output.append(span) }
        case .clear:
            output.append(available)
        case .left:
            output.append(Span(minX: first.minX, maxX: Swift.max(last.maxX, available.maxX)))
        case .right:
            output.append(Span(minX: Swift.min(first.minX, available.minX), maxX: last.maxX))
        case .largest:
            output.append(leftWidth >= rightWidth
                ? Span(minX: first.minX, maxX: Swift.max(last.maxX, available.maxX))
                : Span(minX: Swift.min(first.minX, available.minX), maxX: last.maxX))
        }
    }

    /// Whether the rectangle, shrunk by `tolerance` on every side, meets the excluded area
    /// (margin included); touching does not count.
    public func intersects(_ rect: Rect, tolerance: Double = 1e-6) -> Bool {
        let minX = rect.minX + tolerance, maxX = rect.maxX - tolerance
        let minY = rect.minY + tolerance, maxY = rect.maxY - tolerance
        guard minX < maxX, minY < maxY, minX < bounds.maxX, maxX > bounds.minX,
              minY < bounds.maxY, maxY > bounds.minY else { return false }
        return Self.meets(coveredSpans(minY: minY, maxY: maxY), rect, tolerance: tolerance)
    }

    /// Whether `rect`'s x range, shrunk by `tolerance` at both ends, meets one of `covered` (the
    /// region's spans over `rect`'s band shrunk by `tolerance`): the test of
    /// ``intersects(_:tolerance:)`` for callers that ask one band for many rectangles.
    package static func meets(_ covered: [Span], _ rect: Rect, tolerance: Double) -> Bool {
        let minX = rect.minX + tolerance, maxX = rect.maxX - tolerance
        return minX < maxX && covered.contains { $0.maxX > minX && $0.minX < maxX }
    }
}
