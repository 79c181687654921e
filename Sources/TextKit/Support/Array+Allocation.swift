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
        let kept = try withUnsafeMutableBufferPointer { try body($0) }
        precondition(kept >= 0 && kept <= count, "more elements kept than written")
        if kept < count { removeLast(count - kept) }
    }
}
