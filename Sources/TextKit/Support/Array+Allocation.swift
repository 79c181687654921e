/// Arrays made where every paragraph or line makes some (about fifteen a paragraph), allocated
/// through code specialized for their element type.
///
/// The standard library's `init(repeating:count:)` and `init(unsafeUninitializedCapacity:
/// initializingWith:)` allocate through an unspecialized function that looks the storage type
/// up in the runtime's generic metadata cache on every call (a hash-map search; on Linux about
/// 450 instructions, more than filling a paragraph's array). `reserveCapacity` on an empty array
/// takes the specialized path, whose metadata reference is cached where it is used: one layout
/// of 1 MB of technical English makes 163,000 such arrays.
extension Array {
    /// `count` copies of `value`, as `init(repeating:count:)` gives them.
    init(filledWith value: Element, count: Int) {
        self.init()
        reserveCapacity(count)
        append(contentsOf: repeatElement(value, count: count))
    }

    /// The first `body`-returned number of `count` elements that `body` wrote into a buffer of
    /// `count` copies of `filler` (the `initializingWith` form of creating an array, for element
    /// types with a cheap filler).
    init(count: Int, filler: Element, writing body: (UnsafeMutableBufferPointer<Element>) throws -> Int) rethrows {
        self.init(filledWith: filler, count: count)
        try keepWritten(by: body)
    }

    /// Lets `body` write the elements in place, then keeps the first number of them it returns.
    fileprivate mutating func keepWritten(by body: (UnsafeMutableBufferPointer<Element>) throws -> Int) rethrows {
        let count = self.count
        let kept = try withUnsafeMutableBufferPointer { try body($0) }
        precondition(kept >= 0 && kept <= count, "more elements kept than written")
        if kept < count { removeLast(count - kept) }
    }
}

extension Array where Element: BitwiseCopyable {
    /// `count` copies of `value`, as `init(repeating:count:)` gives them; a value whose bytes
    /// are all zero (0, 0.0, false: the filler of almost every column) is written as bytes, one
    /// `memset`, instead of element by element (``ZeroBytes``).
    init(filledWith value: Element, count: Int) {
        self.init()
        reserveCapacity(count)
        if Self.isZeroBytes(value) {
            append(contentsOf: ZeroBytes(count: count))
        } else {
            append(contentsOf: repeatElement(value, count: count))
        }
    }

    /// ``init(count:filler:writing:)`` filled through ``init(filledWith:count:)`` of these types.
    init(count: Int, filler: Element, writing body: (UnsafeMutableBufferPointer<Element>) throws -> Int) rethrows {
        self.init(filledWith: filler, count: count)
        try keepWritten(by: body)
    }

    /// Whether every byte of `value` is zero.
    @inline(__always)
    private static func isZeroBytes(_ value: Element) -> Bool {
        Swift.withUnsafeBytes(of: value) { bytes in bytes.allSatisfy { $0 == 0 } }
    }
}

/// `count` elements of all-zero bytes, written into an array's storage as it appends them
/// (`_copyContents(initializing:)`, the requirement through which `Array.append(contentsOf:)`
/// writes a sequence's elements) by one `memset`.
private struct ZeroBytes<Element: BitwiseCopyable>: Sequence {
    let count: Int

    var underestimatedCount: Int { count }

    func makeIterator() -> EmptyCollection<Element>.Iterator { EmptyCollection().makeIterator() }

    func _copyContents(initializing buffer: UnsafeMutableBufferPointer<Element>)
        -> (EmptyCollection<Element>.Iterator, Int) {
        precondition(buffer.count >= count, "storage smaller than reserved")
        if count > 0 {
            UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[..<(count * MemoryLayout<Element>.stride)])
                .initializeMemory(as: UInt8.self, repeating: 0)
        }
        return (makeIterator(), count)
    }
}
