/// Paint-only attributes a layout manager keeps beside the text, never in the storage (Text
/// Kit's temporary attributes): spell-check underlines, find highlights, marked text.
public struct TemporaryAttributes: Hashable, Sendable {
    /// The colour of the glyphs, over the storage's.
    public var foregroundColor: Color?
    /// The colour behind the glyphs.
    public var backgroundColor: Color?
    /// An underline.
    public var underline: LineDecoration?

    /// Attributes from their parts (all nil: none).
    public init(foregroundColor: Color? = nil, backgroundColor: Color? = nil, underline: LineDecoration? = nil) {
        self.foregroundColor = foregroundColor
        self.backgroundColor = backgroundColor
        self.underline = underline
    }

    /// Whether no attribute is set.
    public var isEmpty: Bool { foregroundColor == nil && backgroundColor == nil && underline == nil }

    /// These attributes with those `other` sets put over them.
    public func merging(_ other: TemporaryAttributes) -> TemporaryAttributes {
        TemporaryAttributes(foregroundColor: other.foregroundColor ?? foregroundColor,
                            backgroundColor: other.backgroundColor ?? backgroundColor,
                            underline: other.underline ?? underline)
    }
}

/// Temporary attributes: kept as sorted runs of characters, moved with the text by every edit
/// (characters an edit replaces lose them; inserted ones have none), and never laid out: setting
/// them only tells the delegate which characters to draw again.
extension LayoutManager {
    /// Gives the characters of `range` exactly `attributes` (Text Kit's
    /// `setTemporaryAttributes(_:forCharacterRange:)`). Lays nothing out; tells the delegate.
    public func setTemporaryAttributes(_ attributes: TemporaryAttributes, forCharacterRange range: Range<Int>) {
        updateTemporaryAttributes(in: range) { _ in attributes }
    }

    /// Puts the attributes `attributes` sets over those the characters of `range` have (Text
    /// Kit's `addTemporaryAttributes(_:forCharacterRange:)`). Lays nothing out; tells the delegate.
    public func addTemporaryAttributes(_ attributes: TemporaryAttributes, forCharacterRange range: Range<Int>) {
        updateTemporaryAttributes(in: range) { $0.merging(attributes) }
    }

    /// Removes every temporary attribute from the characters of `range`. Lays nothing out;
    /// tells the delegate.
    public func removeTemporaryAttributes(forCharacterRange range: Range<Int>) {
        updateTemporaryAttributes(in: range) { _ in TemporaryAttributes() }
    }

    /// The temporary attributes of character `index` and the longest range around it with the
    /// same ones (Text Kit's `temporaryAttributes(atCharacterIndex:effectiveRange:)`).
    ///
    /// Complexity: O(log r) in the runs.
    public func temporaryAttributes(atCharacterIndex index: Int) -> (attributes: TemporaryAttributes, range: Range<Int>) {
        let length = textStorage?.length ?? 0
        let runs = temporaryRuns
        var low = 0, high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if runs[mid].range.upperBound <= index { low = mid + 1 } else { high = mid }
        }
        if low < runs.count, runs[low].range.contains(index) { return runs[low].attributes.withRange(runs[low].range) }
        let start = low > 0 ? runs[low - 1].range.upperBound : 0
        let end = low < runs.count ? runs[low].range.lowerBound : max(length, index + 1)
        return (TemporaryAttributes(), start..<max(start, end))
    }

    /// Calls `body` with each stretch of characters of `range` that has temporary attributes, in
    /// order (clipped to `range`).
    public func enumerateTemporaryAttributes(in range: Range<Int>, _ body: (TemporaryAttributes, Range<Int>) -> Void) {
        for run in temporaryRuns where run.range.overlaps(range) {
            body(run.attributes, max(run.range.lowerBound, range.lowerBound)..<min(run.range.upperBound, range.upperBound))
        }
    }

    // MARK: - Internals

    /// Replaces the attributes of the characters of `range` with `transform` of them, keeps the
    /// runs sorted, merged and non-empty, and tells the delegate.
    private func updateTemporaryAttributes(in range: Range<Int>, _ transform: (TemporaryAttributes) -> TemporaryAttributes) {
        guard !range.isEmpty else { return }
        var pieces: [(range: Range<Int>, attributes: TemporaryAttributes)] = []
        var position = range.lowerBound
        for run in temporaryRuns {
            guard run.range.overlaps(range) else {
                pieces.append(run)
                continue
            }
            if run.range.lowerBound < range.lowerBound { pieces.append((run.range.lowerBound..<range.lowerBound, run.attributes)) }
            let inside = max(run.range.lowerBound, range.lowerBound)..<min(run.range.upperBound, range.upperBound)
            if position < inside.lowerBound { pieces.append((position..<inside.lowerBound, transform(TemporaryAttributes()))) }
            pieces.append((inside, transform(run.attributes)))
            position = inside.upperBound
            if run.range.upperBound > range.upperBound { pieces.append((range.upperBound..<run.range.upperBound, run.attributes)) }
        }
        if position < range.upperBound { pieces.append((position..<range.upperBound, transform(TemporaryAttributes()))) }
        temporaryRuns = Self.normalized(pieces)
        invalidateDisplay(forCharacterRange: range)
    }

    /// `pieces` sorted by start, without empty ones, equal neighbours merged.
    static func normalized(_ pieces: [(range: Range<Int>, attributes: TemporaryAttributes)])
        -> [(range: Range<Int>, attributes: TemporaryAttributes)] {
        var out: [(range: Range<Int>, attributes: TemporaryAttributes)] = []
        for piece in pieces.sorted(by: { $0.range.lowerBound < $1.range.lowerBound })
        where !piece.range.isEmpty && !piece.attributes.isEmpty {
            if let last = out.last, last.range.upperBound == piece.range.lowerBound, last.attributes == piece.attributes {
                out[out.count - 1].range = last.range.lowerBound..<piece.range.upperBound
            } else {
                out.append(piece)
            }
        }
        return out
    }

    /// Moves the runs with the text through `edit`'s replaced stretches: characters replaced lose
    /// their temporary attributes, the others keep them at their new offsets.
    func moveTemporaryAttributes(through edit: TextEdit) {
        guard !temporaryRuns.isEmpty else { return }
        // Each replaced stretch in the old text, and the shift of what follows it.
        var replaced: [(old: Range<Int>, shiftAfter: Int)] = []
        var shift = 0
        for change in edit.changes where change.mask.contains(.characters) {
            let start = change.range.lowerBound - shift
            shift += change.changeInLength
            replaced.append((start..<start + change.replacedLength, shift))
        }
        guard !replaced.isEmpty else { return }
        var pieces: [(range: Range<Int>, attributes: TemporaryAttributes)] = []
        for run in temporaryRuns {
            // What is left of the run (old offsets) and the shift of the stretches before it.
            var start = run.range.lowerBound, offset = 0
            for stretch in replaced {
                if stretch.old.upperBound <= start {
                    offset = stretch.shiftAfter
                    continue
                }
                guard stretch.old.lowerBound < run.range.upperBound else { break }
                // The stretch replaces part of the run, or inserts inside it: it splits the run.
                if start < stretch.old.lowerBound {
                    pieces.append((start + offset..<stretch.old.lowerBound + offset, run.attributes))
                }
                start = max(start, stretch.old.upperBound)
                offset = stretch.shiftAfter
            }
            if start < run.range.upperBound { pieces.append((start + offset..<run.range.upperBound + offset, run.attributes)) }
        }
        temporaryRuns = Self.normalized(pieces)
    }
}

extension TemporaryAttributes {
    /// The pair a lookup answers.
    fileprivate func withRange(_ range: Range<Int>) -> (attributes: TemporaryAttributes, range: Range<Int>) { (self, range) }
}
