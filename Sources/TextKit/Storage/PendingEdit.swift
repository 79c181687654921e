/// The edits of a batch so far, kept apart by stretch: what ``TextStorage`` records between
/// `beginEditing()` and `endEditing()` and turns into a ``TextEdit``.
///
/// Every range is in the text as it is now (after the last edit recorded); each edit maps the
/// ranges recorded before it into its own coordinates.
///
/// Complexity: recording an edit costs O(log r) plus the number of replacements after it (they
/// shift), r being the stretches recorded; ``edit`` costs O(r log r).
struct PendingEdit {
    /// Stretches whose characters were replaced: sorted, disjoint and never touching.
    private(set) var replacements: [Replacement] = []
    /// Attribute changes, in the order they were made (they may overlap).
    private(set) var attributeChanges: [(range: Range<Int>, changes: AttributeChange)] = []

    /// A stretch of the current text standing for `replacedLength` characters of the text before
    /// the batch.
    struct Replacement {
        var range: Range<Int>
        var replacedLength: Int
    }

    /// Records that `range` (in the text before this edit) was replaced by `length` characters.
    ///
    /// Replacements meeting or touching `range` merge with it into one: the merged stretch stands
    /// for what they stood for plus the characters of `range` outside them, which were original.
    mutating func replace(_ range: Range<Int>, withLength length: Int) {
        let delta = length - range.count
        var low = 0, high = replacements.count
        while low < high {
            let mid = (low + high) / 2
            if replacements[mid].range.upperBound < range.lowerBound { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < replacements.count, replacements[end].range.lowerBound <= range.upperBound { end += 1 }
        var start = range.lowerBound, upper = range.upperBound, replaced = range.count
        if low < end {
            let merged = replacements[low..<end]
            start = min(start, merged.first!.range.lowerBound)
            upper = max(upper, merged.last!.range.upperBound)
            replaced = upper - start - merged.reduce(0) { $0 + $1.range.count - $1.replacedLength }
        }
        for index in end..<replacements.count {
            let shifted = replacements[index].range
            replacements[index].range = shifted.lowerBound + delta..<shifted.upperBound + delta
        }
        replacements.replaceSubrange(low..<end, with: [Replacement(range: start..<upper + delta, replacedLength: replaced)])
        // Attribute changes keep what survives of them: the replaced characters are new anyway.
        let removedEnd = range.upperBound
        attributeChanges = attributeChanges.compactMap { change in
            let lower = change.range.lowerBound, upper = change.range.upperBound
            let newLower = lower <= range.lowerBound ? lower : (lower >= removedEnd ? lower + delta : range.lowerBound + length)
            let newUpper = upper <= range.lowerBound ? upper : (upper >= removedEnd ? upper + delta : range.lowerBound)
            return newLower < newUpper ? (newLower..<newUpper, change.changes) : nil
        }
    }

    /// Records that the attributes of `range` changed in the classes `changes`.
    mutating func changeAttributes(in range: Range<Int>, _ changes: AttributeChange) {
        guard !range.isEmpty, !changes.isEmpty else { return }
        attributeChanges.append((range, changes))
    }

    /// Whether nothing was recorded.
    var isEmpty: Bool { replacements.isEmpty && attributeChanges.isEmpty }

    /// The batch as sorted, disjoint stretches (nil when nothing was recorded).
    ///
    /// ```
    /// cut the text at every boundary of a replacement or attribute change
    /// for each piece between two cuts, in order:
    ///     inside a replacement → it joins the replacement's change (its attribute classes too)
    ///     otherwise            → the union of the attribute changes over it, merged with the
    ///                            piece before when that changed the same classes right before it
    /// a replacement that is empty (characters only deleted) is its own change at its place
    /// ```
    var edit: TextEdit? {
        guard !isEmpty else { return nil }
        if attributeChanges.isEmpty {
            // Characters only (typing): the replacements are the stretches.
            return TextEdit(changes: replacements.map {
                .init(mask: .characters, range: $0.range, replacedLength: $0.replacedLength, attributeChanges: [])
            })
        }
        var cuts = Set<Int>()
        for change in attributeChanges { cuts.insert(change.range.lowerBound); cuts.insert(change.range.upperBound) }
        for replacement in replacements {
            cuts.insert(replacement.range.lowerBound)
            cuts.insert(replacement.range.upperBound)
        }
        let points = cuts.sorted()
        var position: [Int: Int] = [:]
        for (index, point) in points.enumerated() { position[point] = index }
        // How many attribute changes of each class (bits 0…2) begin (+1) and end (−1) at each cut.
        var steps = [(Int, Int, Int)](repeating: (0, 0, 0), count: points.count)
        for change in attributeChanges {
            let bits = change.changes.rawValue
            let ends = [(position[change.range.lowerBound]!, 1), (position[change.range.upperBound]!, -1)]
            for (index, step) in ends {
                if bits & 1 != 0 { steps[index].0 += step }
                if bits & 2 != 0 { steps[index].1 += step }
                if bits & 4 != 0 { steps[index].2 += step }
            }
        }
        var changes: [TextEdit.Change] = []
        var counts = (0, 0, 0)
        var next = 0   // the first replacement not yet emitted
        for (index, point) in points.enumerated() {
            counts = (counts.0 + steps[index].0, counts.1 + steps[index].1, counts.2 + steps[index].2)
            // Past the replacements ending here; a deletion (empty) is emitted at its place.
            while next < replacements.count, replacements[next].range.upperBound <= point {
                if replacements[next].range.isEmpty {
                    let replacement = replacements[next]
                    changes.append(.init(mask: .characters, range: replacement.range,
                                         replacedLength: replacement.replacedLength, attributeChanges: []))
                }
                next += 1
            }
            guard index + 1 < points.count else { break }
            let piece = point..<points[index + 1]
            let classes = AttributeChange(rawValue: (counts.0 > 0 ? 1 : 0) | (counts.1 > 0 ? 2 : 0) | (counts.2 > 0 ? 4 : 0))
            if next < replacements.count, replacements[next].range.lowerBound <= piece.lowerBound {
                // Inside replacement `next`: its change starts with its first piece.
                let replacement = replacements[next]
                if piece.lowerBound == replacement.range.lowerBound {
                    changes.append(.init(mask: .characters, range: replacement.range,
                                         replacedLength: replacement.replacedLength, attributeChanges: []))
                }
                if !classes.isEmpty {
                    changes[changes.count - 1].mask.insert(.attributes)
                    changes[changes.count - 1].attributeChanges.formUnion(classes)
                }
            } else if !classes.isEmpty {
                if let last = changes.last, last.mask == .attributes, last.attributeChanges == classes,
                   last.range.upperBound == piece.lowerBound {
                    changes[changes.count - 1].range = last.range.lowerBound..<piece.upperBound
                    changes[changes.count - 1].replacedLength += piece.count
                } else {
                    changes.append(.init(mask: .attributes, range: piece, replacedLength: piece.count,
                                         attributeChanges: classes))
                }
            }
        }
        return TextEdit(changes: changes)
    }
}
