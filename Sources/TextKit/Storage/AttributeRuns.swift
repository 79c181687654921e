/// Attributes stored as runs: sorted run starts with the attributes of each run.
///
/// Adjacent runs with equal attributes are merged, so the number of runs stays small.
struct AttributeRuns {
    private(set) var starts: [Int]
    private(set) var values: [TextAttributes]
    private(set) var length: Int
    let defaultAttributes: TextAttributes

    init(length: Int, attributes: TextAttributes) {
        self.length = length
        self.defaultAttributes = attributes
        starts = [0]
        values = [attributes]
    }

    /// Index of the run containing `position` (0 ≤ position < length).
    func runIndex(at position: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= position { low = mid } else { high = mid - 1 }
        }
        return low
    }

    func runRange(_ index: Int) -> Range<Int> {
        starts[index]..<(index + 1 < starts.count ? starts[index + 1] : length)
    }

    func attributes(at position: Int) -> (value: TextAttributes, range: Range<Int>) {
        let index = runIndex(at: position)
        return (values[index], runRange(index))
    }

    /// Calls `body` for each run meeting `range`, clipped to it.
    func enumerate(in range: Range<Int>, _ body: (TextAttributes, Range<Int>) -> Void) {
        guard !range.isEmpty, length > 0 else { return }
        var index = runIndex(at: range.lowerBound)
        while index < starts.count, starts[index] < range.upperBound {
            let run = runRange(index).clamped(to: range)
            if !run.isEmpty { body(values[index], run) }
            index += 1
        }
    }

    /// Runs from consecutive (range, attributes) pieces covering `0..<length`, merging equal
    /// neighbours: one pass.
    init(length: Int, pieces: [(Range<Int>, TextAttributes)], defaultAttributes: TextAttributes) {
        self.length = length
        self.defaultAttributes = defaultAttributes
        starts = []
        values = []
        for (range, value) in pieces where !range.isEmpty {
            if values.last == value { continue }
            starts.append(range.lowerBound)
            values.append(value)
        }
        if starts.isEmpty {
            starts = [0]
            values = [defaultAttributes]
        }
        starts[0] = 0
    }

    /// Replaces `range` with `newLength` characters carrying `attributes`.
    ///
    /// Complexity: O(runs) integer shifts; only the runs around the range are rebuilt.
    mutating func replace(_ range: Range<Int>, withLength newLength: Int, attributes: TextAttributes) {
        let delta = newLength - range.count
        let first = length == 0 ? 0 : runIndex(at: min(range.lowerBound, length - 1))
        let firstStart = length == 0 ? 0 : starts[first]
        // The run holding the first character after the range (nil: the range reaches the end).
        let after = range.upperBound < length ? runIndex(at: range.upperBound) : nil
        var newStarts: [Int] = []
        var newValues: [TextAttributes] = []
        func add(_ start: Int, _ value: TextAttributes) {
            if let last = newStarts.last, last == start {
                newValues[newValues.count - 1] = value
            } else if newValues.last != value {
                newStarts.append(start)
                newValues.append(value)
            }
        }
        if length > 0, firstStart < range.lowerBound { add(firstStart, values[first]) }
        if newLength > 0 { add(range.lowerBound, attributes) }
        if let after { add(range.upperBound + delta, values[after]) }
        let replaced = length == 0 ? 0..<starts.count : first..<(after.map { $0 + 1 } ?? starts.count)
        length += delta
        if delta != 0 {
            for index in replaced.upperBound..<starts.count { starts[index] += delta }
        }
        starts.replaceSubrange(replaced, with: newStarts)
        values.replaceSubrange(replaced, with: newValues)
        // Merge with the neighbours outside the rebuilt part.
        let low = max(0, replaced.lowerBound - 1)
        var index = min(low + newStarts.count + 1, starts.count - 1)
        while index > low {
            if index < values.count, values[index] == values[index - 1] {
                starts.remove(at: index)
                values.remove(at: index)
            }
            index -= 1
        }
        if starts.isEmpty {
            starts = [0]
            values = [attributes]
        }
        starts[0] = 0
    }
}
