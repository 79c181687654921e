/// UTF-16 offsets of a ``TextStorage`` in O(log n): the conversions of
/// ``TextStorage/utf16Offset(forScalarOffset:)`` and its companions, from an index of where the
/// scalars above U+FFFF (the surrogate pairs) are, for editors that convert often on long texts.
///
/// The index is built at the first question (O(n)) and kept up to date from the edits the
/// storage reports to its observers (O(a + e) per edit for a scalars above U+FFFF in the text
/// and e edited scalars), as soon as they are reported (in `willProcess`), so that other
/// observers may use it when told that a batch is done. It holds its storage; the storage holds
/// it weakly, as every observer.
///
/// The storage reports an editing batch when the batch ends: between
/// ``TextStorage/beginEditing()`` and ``TextStorage/endEditing()`` the index still describes the
/// text as it was before the batch. Asking it then is a programmer error (it traps when the
/// length has changed; an edit that keeps the length goes unnoticed until the batch ends): ask
/// the storage's own methods inside a batch. Knowing every edit as it happens would need a hook
/// in ``TextStorage`` itself.
public final class UTF16OffsetIndex: TextStorageObserver {
    /// The storage whose offsets this converts.
    public let storage: TextStorage

    /// Creates an index of `storage`'s surrogate pairs, built at the first question, and
    /// starts observing the storage's edits.
    public init(_ storage: TextStorage) {
        self.storage = storage
        storage.addObserver(self)
    }

    /// The length of the text in UTF-16 code units. O(1) once built.
    public var utf16Count: Int { current.utf16Count }

    /// ``TextStorage/utf16Offset(forScalarOffset:)``, in O(log n).
    public func utf16Offset(forScalarOffset offset: Int) -> Int { current.utf16Offset(forScalarOffset: offset) }

    /// ``TextStorage/scalarOffset(forUTF16Offset:)``, in O(log n).
    public func scalarOffset(forUTF16Offset offset: Int) -> Int? { current.scalarOffset(forUTF16Offset: offset) }

    /// ``TextStorage/scalarOffset(forUTF16Offset:rounding:)``, in O(log n).
    public func scalarOffset(forUTF16Offset offset: Int, rounding: TextStorage.UTF16Rounding) -> Int {
        current.scalarOffset(forUTF16Offset: offset, rounding: rounding)
    }

    /// ``TextStorage/utf16Range(forScalarRange:)``, in O(log n).
    public func utf16Range(forScalarRange range: Range<Int>) -> Range<Int> { current.utf16Range(forScalarRange: range) }

    /// ``TextStorage/scalarRange(forUTF16Range:)``, in O(log n).
    public func scalarRange(forUTF16Range range: Range<Int>) -> Range<Int>? { current.scalarRange(forUTF16Range: range) }

    /// Updates the index for a batch of edits as soon as the storage reports it, so that it is
    /// current when observers are told the batch is done: drops the pairs of the replaced text,
    /// shifts those after it and finds those of the new text (attribute changes change nothing).
    public func textStorage(_ storage: TextStorage, willProcess edit: TextEdit) {
        applied = edit
        guard edit.mask.contains(.characters), var table = pairs else { return }
        table.update(for: edit, in: storage.scalars)
        pairs = table
    }

    /// Checks that the batch did not change after ``textStorage(_:willProcess:)`` (another
    /// observer may add to it there); if it did, the index is built again when next asked.
    public func textStorage(_ storage: TextStorage, didProcess edit: TextEdit) {
        if edit != applied { pairs = nil }
        applied = nil
    }

    // MARK: - Internals

    /// The table, nil until first needed (or after a batch it could not follow).
    private var pairs: SurrogatePairTable?
    /// The edit the table was updated for in `willProcess`.
    private var applied: TextEdit?

    /// The table, built if needed.
    private var current: SurrogatePairTable {
        if let pairs {
            precondition(pairs.scalarCount == storage.length,
                         "UTF16OffsetIndex asked inside an editing batch that changed the text: ask the TextStorage")
            return pairs
        }
        let built = SurrogatePairTable(storage.scalars)
        pairs = built
        return built
    }
}

/// The scalar offsets of the scalars above U+FFFF, each two UTF-16 code units, in order.
///
/// The UTF-16 offset of scalar k is k plus the number of them before k; the i-th of them starts
/// at UTF-16 offset `starts[i] + i`, which grows by at least 2 from one to the next, so both
/// directions are binary searches.
struct SurrogatePairTable: UTF16Locating {
    /// The offsets of the scalars above U+FFFF.
    private(set) var starts: [Int]
    /// The length of the text it describes, in scalars.
    private(set) var scalarCount: Int

    init(_ scalars: TextStorage.UnicodeScalarView) {
        starts = Self.pairs(in: scalars, 0..<scalars.count)
        scalarCount = scalars.count
    }

    var utf16Count: Int { scalarCount + starts.count }

    func utf16Offset(forScalarOffset offset: Int) -> Int {
        precondition(offset >= 0 && offset <= scalarCount, "scalar offset \(offset) out of bounds")
        return offset + firstIndex { $0 >= offset }
    }

    func scalar(atUTF16Offset offset: Int) -> (offset: Int, splitsPair: Bool) {
        precondition(offset >= 0 && offset <= utf16Count, "UTF-16 offset \(offset) out of bounds")
        // The pairs that end at or before `offset`; the next one may start just before it.
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] + middle + 2 <= offset { low = middle + 1 } else { high = middle }
        }
        if low < starts.count && starts[low] + low == offset - 1 { return (starts[low], true) }
        return (offset - low, false)
    }

    /// Follows an edit (its range in the new text; the text before and after it unchanged).
    mutating func update(for edit: TextEdit, in scalars: TextStorage.UnicodeScalarView) {
        let oldEnd = edit.range.upperBound - edit.changeInLength
        let first = firstIndex { $0 >= edit.range.lowerBound }, end = firstIndex { $0 >= oldEnd }
        let fresh = Self.pairs(in: scalars, edit.range)
        starts.replaceSubrange(first..<end, with: fresh)
        for i in (first + fresh.count)..<starts.count { starts[i] += edit.changeInLength }
        scalarCount = scalars.count
    }

    /// The index of the first start that satisfies `isAtOrAfter` (a predicate false, then true).
    private func firstIndex(where isAtOrAfter: (Int) -> Bool) -> Int {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if isAtOrAfter(starts[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The offsets in `range` of the scalars above U+FFFF.
    private static func pairs(in scalars: TextStorage.UnicodeScalarView, _ range: Range<Int>) -> [Int] {
        range.filter { scalars[$0].value > 0xFFFF }
    }
}
