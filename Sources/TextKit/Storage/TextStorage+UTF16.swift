/// UTF-16 offsets, as `NSString`, `NSRange`, JavaScript and document formats count them.
///
/// A ``TextStorage`` counts Unicode scalars; UTF-16 counts a scalar above U+FFFF (emoji,
/// astral CJK, historic scripts) as two code units, a surrogate pair. A UTF-16 offset between
/// the two halves of a pair names no scalar boundary: ``scalarOffset(forUTF16Offset:)`` answers
/// nil there, and ``scalarOffset(forUTF16Offset:rounding:)`` moves it to the start
/// (``UTF16Rounding/down``) or the end (``UTF16Rounding/up``) of the pair's scalar.
///
/// These methods scan the text from its start, so a call costs time in proportion to the offset
/// (O(n) at the end of the text), and they are always right, inside editing batches too. For
/// many conversions on a long text, keep a ``UTF16OffsetIndex``, which answers in O(log n) and
/// follows the storage's edits.
extension TextStorage {
    /// Where a UTF-16 offset between the two halves of a surrogate pair goes.
    public enum UTF16Rounding: Hashable, Sendable {
        /// To the start of the scalar the pair encodes (the offset before the pair).
        case down
        /// To the end of that scalar (the offset after the pair).
        case up
    }

    /// The length of the text in UTF-16 code units (`NSString`'s `length`).
    ///
    /// - Complexity: O(n).
    public var utf16Count: Int { UTF16Scan(scalars).utf16Count }

    /// The UTF-16 offset at which the scalar at `offset` starts (``length`` gives ``utf16Count``).
    ///
    /// - Precondition: `0 <= offset <= length`.
    /// - Complexity: O(offset).
    public func utf16Offset(forScalarOffset offset: Int) -> Int {
        UTF16Scan(scalars).utf16Offset(forScalarOffset: offset)
    }

    /// The scalar offset at UTF-16 offset `offset`, or nil when `offset` falls between the two
    /// halves of a surrogate pair.
    ///
    /// - Precondition: `0 <= offset <= utf16Count`.
    /// - Complexity: O(offset).
    public func scalarOffset(forUTF16Offset offset: Int) -> Int? {
        UTF16Scan(scalars).scalarOffset(forUTF16Offset: offset)
    }

    /// The scalar offset at UTF-16 offset `offset`; one between the two halves of a surrogate
    /// pair goes to the start (`down`) or the end (`up`) of the pair's scalar.
    ///
    /// - Precondition: `0 <= offset <= utf16Count`.
    /// - Complexity: O(offset).
    public func scalarOffset(forUTF16Offset offset: Int, rounding: UTF16Rounding) -> Int {
        UTF16Scan(scalars).scalarOffset(forUTF16Offset: offset, rounding: rounding)
    }

    /// The UTF-16 range of the scalars in `range` (an `NSRange`'s location and length).
    ///
    /// - Precondition: `range` lies within `0...length`.
    /// - Complexity: O(range.upperBound).
    public func utf16Range(forScalarRange range: Range<Int>) -> Range<Int> {
        UTF16Scan(scalars).utf16Range(forScalarRange: range)
    }

    /// The scalar range of the UTF-16 range `range`, or nil when one of its ends falls between
    /// the two halves of a surrogate pair. To widen such a range to whole scalars instead, round
    /// its lower end down and its upper end up with ``scalarOffset(forUTF16Offset:rounding:)``.
    ///
    /// - Precondition: `range` lies within `0...utf16Count`.
    /// - Complexity: O(range.upperBound).
    public func scalarRange(forUTF16Range range: Range<Int>) -> Range<Int>? {
        UTF16Scan(scalars).scalarRange(forUTF16Range: range)
    }
}

// MARK: - Internals

/// The UTF-16 conversions, built on two answers a scan of the text or an index gives.
protocol UTF16Locating {
    /// The number of scalars.
    var scalarCount: Int { get }
    /// The number of UTF-16 code units.
    var utf16Count: Int { get }
    /// The UTF-16 offset at which scalar `offset` starts, for `0...scalarCount`.
    func utf16Offset(forScalarOffset offset: Int) -> Int
    /// The scalar that starts at UTF-16 offset `offset` (`scalarCount` at the end), or, when
    /// `offset` is the second half of a surrogate pair, the pair's scalar with `splitsPair` set.
    func scalar(atUTF16Offset offset: Int) -> (offset: Int, splitsPair: Bool)
}

extension UTF16Locating {
    func scalarOffset(forUTF16Offset offset: Int) -> Int? {
        let found = scalar(atUTF16Offset: offset)
        return found.splitsPair ? nil : found.offset
    }

    func scalarOffset(forUTF16Offset offset: Int, rounding: TextStorage.UTF16Rounding) -> Int {
        let found = scalar(atUTF16Offset: offset)
        return found.splitsPair && rounding == .up ? found.offset + 1 : found.offset
    }

    func utf16Range(forScalarRange range: Range<Int>) -> Range<Int> {
        precondition(range.lowerBound >= 0 && range.upperBound <= scalarCount, "scalar range out of bounds")
        return utf16Offset(forScalarOffset: range.lowerBound)..<utf16Offset(forScalarOffset: range.upperBound)
    }

    func scalarRange(forUTF16Range range: Range<Int>) -> Range<Int>? {
        guard let lower = scalarOffset(forUTF16Offset: range.lowerBound),
              let upper = scalarOffset(forUTF16Offset: range.upperBound) else { return nil }
        return lower..<upper
    }
}

/// The conversions by scanning the scalars from the start of the text.
struct UTF16Scan: UTF16Locating {
    let scalars: TextStorage.UnicodeScalarView

    init(_ scalars: TextStorage.UnicodeScalarView) { self.scalars = scalars }

    var scalarCount: Int { scalars.count }

    var utf16Count: Int { utf16Offset(forScalarOffset: scalars.count) }

    func utf16Offset(forScalarOffset offset: Int) -> Int {
        precondition(offset >= 0 && offset <= scalars.count, "scalar offset \(offset) out of bounds")
        var units = offset
        for index in 0..<offset where scalars[index].value > 0xFFFF { units += 1 }
        return units
    }

    func scalar(atUTF16Offset offset: Int) -> (offset: Int, splitsPair: Bool) {
        precondition(offset >= 0, "UTF-16 offset \(offset) out of bounds")
        let count = scalars.count
        var units = 0, index = 0
        while units < offset {
            precondition(index < count, "UTF-16 offset \(offset) out of bounds")
            units += scalars[index].value > 0xFFFF ? 2 : 1
            index += 1
        }
        return units > offset ? (index - 1, true) : (index, false)
    }
}
