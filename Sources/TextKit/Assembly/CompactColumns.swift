/// UTF-16 offsets of a paragraph kept in 32 bits and read as `Int` (half the memory of `[Int]`;
/// offsets inside a paragraph already fit 32 bits, as ``Paragraph/scalarOffsets`` assumes).
package struct CompactOffsets: RandomAccessCollection, Equatable, ExpressibleByArrayLiteral, Sendable {
    private var storage: [Int32]

    init(_ offsets: some Collection<Int>) {
        storage = offsets.map { offset in
            guard let narrow = Int32(exactly: offset) else { preconditionFailure("paragraph offset \(offset) past 2³¹") }
            return narrow
        }
    }

    package init(arrayLiteral elements: Int...) { self.init(elements) }

    /// Offsets already narrowed.
    init(narrow offsets: [Int32]) { storage = offsets }

    /// The offsets in 32 bits, for loops over every one.
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Int32>) throws -> R) rethrows -> R {
        try storage.withUnsafeBufferPointer(body)
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { storage.count }
    package subscript(index: Int) -> Int { Int(storage[index]) }

    /// The index of the first offset at or after `offset` (`endIndex` when none is), for offsets
    /// that never decrease (grapheme boundaries): a binary search.
    func firstIndex(atOrAfter offset: Int) -> Int {
        var low = 0, high = storage.count
        while low < high {
            let mid = (low + high) / 2
            if Int(storage[mid]) < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

/// Points kept as Float when every one converts back exactly (the usual case: advances in font
/// units times a scale such as 12/2048 sum on a binary grid), else as Double. Reads give back
/// exactly the Double stored.
struct CompactDoubles: Sendable {
    private var narrow: [Float] = []
    private var wide: [Double] = []
    /// Whether no value is less than the one before it (for prefix sums: no negative term).
    private(set) var isNondecreasing = true

    init(_ values: [Double]) {
        // No uninitialized array of capacity 0 (it writes into the shared empty storage).
        guard !values.isEmpty else { return }
        var differences: UInt64 = 0 // bits that differ after the round trip, over all values
        let narrow = [Float](count: values.count, filler: 0) { buffer in
            values.withUnsafeBufferPointer { values in
                for index in 0..<values.count {
                    let value = Float(values[index])
                    buffer[index] = value
                    differences |= Double(value).bitPattern ^ values[index].bitPattern
                }
            }
            return values.count
        }
        if differences == 0 { self.narrow = narrow } else { wide = values }
        isNondecreasing = values.withUnsafeBufferPointer { v in
            // No early exit: the compiler vectorizes this (it runs for every paragraph shaped).
            var decreases: UInt8 = 0
            for index in v.indices.dropFirst() { decreases |= v[index - 1] <= v[index] ? 0 : 1 }
            return decreases == 0
        }
    }

    @inline(__always)
    subscript(index: Int) -> Double { wide.isEmpty ? Double(narrow[index]) : wide[index] }
}
