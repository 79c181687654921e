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

    /// Replaces `range` with `newLength` characters carrying `attributes`.
    mutating func replace(_ range: Range<Int>, withLength newLength: Int, attributes: TextAttributes) {
        // Flatten to (start, value) pieces, rebuild around the replaced range, then merge.
        var pieces: [(Int, TextAttributes)] = []
        let delta = newLength - range.count
        for index in starts.indices {
            let run = runRange(index)
            if run.lowerBound < range.lowerBound { pieces.append((run.lowerBound, values[index])) }
        }
        if newLength > 0 { pieces.append((range.lowerBound, attributes)) }
        if range.upperBound < length {
            let after = runIndex(at: range.upperBound)
            pieces.append((range.upperBound + delta, values[after]))
            for index in (after + 1)..<starts.count { pieces.append((starts[index] + delta, values[index])) }
        }
        length += delta
        starts = []
        values = []
        for (start, value) in pieces where start < length || (length == 0 && starts.isEmpty) {
            if let last = starts.last, last == start {
                values[values.count - 1] = value
            } else if values.last == value {
                continue
            } else {
                starts.append(start)
                values.append(value)
            }
        }
        if starts.isEmpty {
            starts = [0]
            values = [attributes]
        }
        starts[0] = 0
    }
}
