extension TextStorage {
    /// The text of a ``TextStorage`` as Unicode scalars, indexed by scalar offset.
    ///
    /// Kept as a gap buffer, as editors keep text: the free space sits where the last edit was,
    /// so an edit costs what it inserts plus the distance from the previous edit, not the length
    /// of the document (typing in the middle of 10 MB moves no text). Reading is O(1).
    /// A value: a copy held while the storage is edited keeps the old text.
    public struct UnicodeScalarView: RandomAccessCollection, Equatable, Sendable {
        /// Offsets `0..<count`.
        public typealias Indices = Range<Int>

        /// The text before the gap, then free slots, then the text after the gap.
        private var buffer: [Unicode.Scalar]
        private var gapStart: Int
        private var gapEnd: Int

        init<Scalars: Collection>(_ scalars: Scalars) where Scalars.Element == Unicode.Scalar {
            buffer = Array(scalars)
            gapStart = buffer.count
            let gap = Self.gapSize(forLength: buffer.count)
            buffer.append(contentsOf: repeatElement(Self.filler, count: gap))
            gapEnd = buffer.count
        }

        /// Zero.
        public var startIndex: Int { 0 }
        /// The number of scalars.
        public var endIndex: Int { buffer.count - (gapEnd - gapStart) }
        /// `0..<count`.
        public var indices: Range<Int> { 0..<endIndex }

        /// The scalar at offset `position`.
        @inline(__always)
        public subscript(position: Int) -> Unicode.Scalar {
            precondition(position >= 0 && position < endIndex, "index out of range")
            return buffer[position < gapStart ? position : position + (gapEnd - gapStart)]
        }

        /// Whether both hold the same scalars.
        public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }

        /// The scalars of `range` as an array slice: shares the storage (no copy) unless the range
        /// straddles the gap.
        package func contiguousSlice(_ range: Range<Int>) -> ArraySlice<Unicode.Scalar> {
            precondition(range.lowerBound >= 0 && range.upperBound <= endIndex, "range out of bounds")
            if range.upperBound <= gapStart { return buffer[range] }
            let gap = gapEnd - gapStart
            if range.lowerBound >= gapStart { return buffer[range.lowerBound + gap..<range.upperBound + gap] }
            return ArraySlice(buffer[range.lowerBound..<gapStart] + buffer[gapEnd..<range.upperBound + gap])
        }

        /// The offset of the first paragraph separator (LF, CR, NEL, U+2029) at or after `start`,
        /// or ``endIndex`` when there is none: one pass over each side of the gap, without the
        /// gap arithmetic of the subscript (splitting a long text into paragraphs reads every scalar).
        func firstParagraphSeparator(from start: Int) -> Int {
            let gap = gapEnd - gapStart
            return buffer.withUnsafeBufferPointer { all in
                func scan(_ from: Int, _ to: Int) -> Int? {
                    var index = from
                    // Eight scalars at a time, each compared with every separator in 32-bit lanes
                    // (SSE2 has the lane-wise equality a scalar's 32 bits need, where it has no
                    // 32-bit minimum): a block without a separator is passed over at once, the
                    // one with it searched below.
                    if let base = all.baseAddress {
                        let raw = UnsafeRawPointer(base)
                        while index + 8 <= to {
                            let a = raw.loadUnaligned(fromByteOffset: index &* 4, as: SIMD4<UInt32>.self)
                            let b = raw.loadUnaligned(fromByteOffset: index &* 4 &+ 16, as: SIMD4<UInt32>.self)
                            let hits = (a .== 0x0A) .| (a .== 0x0D) .| (a .== 0x85) .| (a .== 0x2029)
                                .| (b .== 0x0A) .| (b .== 0x0D) .| (b .== 0x85) .| (b .== 0x2029)
                            if any(hits) { break }
                            index &+= 8
                        }
                    }
                    while index < to {
                        let value = all[index].value
                        if value > 0x0D ? value == 0x85 || value == 0x2029 : value == 0x0A || value == 0x0D {
                            return index
                        }
                        index += 1
                    }
                    return nil
                }
                if start < gapStart, let found = scan(start, gapStart) { return found }
                return scan(Swift.max(start, gapStart) + gap, all.count).map { $0 - gap } ?? endIndex
            }
        }

        /// Replaces the scalars in `range` with `replacement`: the gap moves to `range` first.
        mutating func replaceSubrange(_ range: Range<Int>, with replacement: [Unicode.Scalar]) {
            precondition(range.lowerBound >= 0 && range.upperBound <= endIndex, "range out of bounds")
            moveGap(to: range.lowerBound)
            gapEnd += range.count
            if gapEnd - gapStart < replacement.count { grow(toFit: replacement.count) }
            buffer.withUnsafeMutableBufferPointer { slots in
                for (offset, scalar) in replacement.enumerated() { slots[gapStart + offset] = scalar }
            }
            gapStart += replacement.count
        }

        // MARK: - Internals

        private static let filler = Unicode.Scalar(UInt8(0))

        /// Free slots for a text of `length` scalars: enough for a burst of typing, a small share
        /// of the text at most.
        private static func gapSize(forLength length: Int) -> Int { Swift.min(Swift.max(64, length / 64), 1 << 16) }

        /// Moves the gap so that it starts at `position` (moving the text between).
        private mutating func moveGap(to position: Int) {
            guard position != gapStart else { return }
            let start = gapStart, end = gapEnd
            buffer.withUnsafeMutableBufferPointer { slots in
                let base = slots.baseAddress!
                if position < start {
                    // Text in position..<start moves to the end of the gap.
                    let count = start - position
                    (base + end - count).update(from: base + position, count: count)
                } else {
                    // Text after the gap, up to `position`, moves to the gap's start.
                    let count = position - start
                    (base + start).update(from: base + end, count: count)
                }
            }
            gapEnd = position + (end - start)
            gapStart = position
        }

        /// Makes the gap at least `needed` long (the text after it moves to the new end).
        private mutating func grow(toFit needed: Int) {
            let length = endIndex
            let gap = Swift.max(needed, Self.gapSize(forLength: length + needed))
            var grown: [Unicode.Scalar] = []
            grown.reserveCapacity(length + gap)
            grown.append(contentsOf: buffer[..<gapStart])
            grown.append(contentsOf: repeatElement(Self.filler, count: gap))
            grown.append(contentsOf: buffer[gapEnd...])
            gapEnd = gapStart + gap
            buffer = grown
        }
    }
}
