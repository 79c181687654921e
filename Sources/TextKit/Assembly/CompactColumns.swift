/// Offsets of a paragraph (UTF-16 or scalar offsets) kept in 32 bits and read as `Int` (half the
/// memory of `[Int]`; offsets inside a paragraph already fit 32 bits, as ``Paragraph/scalarOffsets``
/// assumes), or not kept at all when element `i` is `i` (an identity table: the grapheme boundaries
/// of text whose every unit is a cluster, the scalar offsets of text without surrogate pairs, which
/// is most text).
package struct CompactOffsets: RandomAccessCollection, Equatable, ExpressibleByArrayLiteral, Sendable {
    /// The offsets; empty for an identity table.
    private var storage: [Int32]
    /// The number of offsets.
    private let count32: Int32

    /// `offsets`, each of which must fit 32 bits.
    package init(_ offsets: some Collection<Int>) {
        self.init(narrow: offsets.map { offset in
            guard let narrow = Int32(exactly: offset) else { preconditionFailure("paragraph offset \(offset) past 2³¹") }
            return narrow
        })
    }

    package init(arrayLiteral elements: Int...) { self.init(elements) }

    /// Offsets already narrowed; kept as an identity table when they are 0, 1, 2 … (looked at only
    /// when the first is 0 and the last one less than their count).
    package init(narrow offsets: [Int32]) {
        count32 = Int32(offsets.count)
        let increasing = offsets.first == 0 && offsets.last == Int32(offsets.count - 1)
        storage = increasing && zip(offsets, offsets.dropFirst()).allSatisfy({ $0 < $1 }) ? [] : offsets
    }

    /// The identity table 0 ..< `count`: element `i` is `i`.
    package init(identity count: Int) {
        precondition(Int32(exactly: count) != nil, "paragraph offset \(count) past 2³¹")
        storage = []
        count32 = Int32(count)
    }

    /// Whether element `i` is `i` for every element.
    package var isIdentity: Bool { storage.isEmpty }

    /// Reads the offsets through ``Reader`` (no bounds checks), for loops over many of them.
    package func withReader<R>(_ body: (Reader) throws -> R) rethrows -> R {
        // (An empty array may still hand out a base address: an identity table is told by its emptiness.)
        try storage.withUnsafeBufferPointer { try body(Reader(base: $0.isEmpty ? nil : $0.baseAddress, count: Int(count32))) }
    }

    /// The offsets as a loop reads them: from the kept table, or the index itself for an identity
    /// table. Valid only inside ``withReader(_:)``.
    package struct Reader {
        fileprivate let base: UnsafePointer<Int32>?
        package let count: Int

        @inline(__always)
        package subscript(index: Int) -> Int32 { base.map { $0[index] } ?? Int32(truncatingIfNeeded: index) }
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { Int(count32) }

    @inline(__always)
    package subscript(index: Int) -> Int {
        precondition(index >= 0 && index < Int(count32), "offset index out of range")
        return storage.isEmpty ? index : Int(storage[index])
    }

    /// The index of the first offset at or after `offset` (`endIndex` when none is), for offsets
    /// that never decrease (grapheme boundaries): a binary search.
    package func firstIndex(atOrAfter offset: Int) -> Int {
        if storage.isEmpty { return Swift.min(Swift.max(offset, 0), Int(count32)) }
        var low = 0, high = storage.count
        while low < high {
            let mid = (low + high) / 2
            if Int(storage[mid]) < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Whether both hold the same offsets (each table is kept one way only: an identity is
    /// always recognised, so tables compare by what they store).
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count32 == rhs.count32 && lhs.storage == rhs.storage
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
        if differences == 0 {
            self.narrow = narrow
        } else {
            // A copy of its own, as long as the values: `values` is often a thread's scratch,
            // grown to the longest paragraph it met (kept itself, each paragraph in a font of
            // 1,000 units per em held that capacity: 36 MB of 1 MB of multilingual text).
            wide = [Double](count: values.count, filler: 0) { copy in
                values.withUnsafeBufferPointer { copy.baseAddress!.update(from: $0.baseAddress!, count: $0.count) }
                return values.count
            }
        }
        isNondecreasing = values.withUnsafeBufferPointer { v in
            // No early exit: the compiler vectorizes this (it runs for every paragraph shaped).
            var decreases: UInt8 = 0
            for index in v.indices.dropFirst() { decreases |= v[index - 1] <= v[index] ? 0 : 1 }
            return decreases == 0
        }
    }

    /// Whether every value is an exact sum (``init(exactSums:)``): a difference of two values is
    /// then exactly the sum of the terms between them.
    private(set) var holdsExactSums = false

    /// Prefix sums already narrowed, none less than the one before it, each exactly the sum of
    /// the terms before it (the caller's word: ``Paragraph/narrowAdvancePrefix(of:count:)``).
    init(exactSums narrow: [Float]) {
        self.narrow = narrow
        holdsExactSums = true
    }

    /// Bytes the values take allocated (their arrays' capacity).
    var allocatedBytes: Int { narrow.capacity * MemoryLayout<Float>.stride + wide.capacity * MemoryLayout<Double>.stride }

    /// The values, when they are exact sums (``holdsExactSums``: kept narrow).
    var exactSums: [Float]? { holdsExactSums ? narrow : nil }

    @inline(__always)
    subscript(index: Int) -> Double { wide.isEmpty ? Double(narrow[index]) : wide[index] }
}
