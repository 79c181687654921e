/// A small value a thread has computed for each BMP code unit it asked about (an ICU property,
/// say), kept in a table of 64 KB made at the first ask: a unit asked again costs a load, where
/// asking ICU for its properties costs some 60 instructions. Never shared between threads
/// (``ShapingScratch`` keeps its memos).
package final class CodeUnitMemo {
    /// Unit u's value, or `unknown`; allocated when first asked for.
    private var storage: UnsafeMutablePointer<UInt8>?
    /// What an entry not computed yet holds: values from here on are computed at each ask.
    static let unknown: UInt8 = 0xFF

    package init() {}

    deinit { storage?.deallocate() }

    /// The table, made at the first ask.
    var table: UnsafeMutablePointer<UInt8> {
        if let storage { return storage }
        let made = UnsafeMutablePointer<UInt8>.allocate(capacity: 0x1_0000)
        made.initialize(repeating: Self.unknown, count: 0x1_0000)
        storage = made
        return made
    }

    /// `compute(unit)`, kept in `table` when it lies in 0..<``unknown``.
    @inline(__always)
    static func value(of unit: UInt16, in table: UnsafeMutablePointer<UInt8>, compute: (UInt16) -> Int32) -> Int32 {
        let known = table[Int(unit)]
        if known != unknown { return Int32(known) }
        let value = compute(unit)
        if value >= 0, value < Int32(unknown) { table[Int(unit)] = UInt8(value) }
        return value
    }
}

/// Comparisons of UTF-16 text kept in memory.
enum CodeUnits {
    /// Whether the `count` UTF-16 units at `stored` and at `text` are the same, compared four
    /// at a time.
    @inline(__always)
    static func same(_ stored: UnsafeRawPointer, _ text: UnsafeRawPointer, count: Int) -> Bool {
        let bytes = 2 * count
        var offset = 0
        while offset + 8 <= bytes {
            guard stored.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == text.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
            offset += 8
        }
        while offset < bytes {
            guard stored.loadUnaligned(fromByteOffset: offset, as: UInt16.self)
                    == text.loadUnaligned(fromByteOffset: offset, as: UInt16.self) else { return false }
            offset += 2
        }
        return true
    }
}
