/// A run's glyph columns in one allocation: glyph ids, clusters and advances, then x offsets,
/// y offsets and the unsafe-to-break flags when some glyph has one (a column of zeros or of
/// false is left out, and reads as empty).
///
/// Kept as arrays, a run made three to six of them: for the short runs of short paragraphs and
/// of mixed scripts, those allocations and their releases cost more than filling them. Words
/// of 32 bits, column after column; the flags a byte a glyph (read and written as raw bytes,
/// whatever the words are bound to). Immutable once made (tracking is added while the run is
/// made, before it is shared).
package struct GlyphColumns {
    /// Where each column starts, in words (-1: left out), and the glyph count. Kept beside the
    /// storage, not in its header: a class's stored property is checked for exclusive access
    /// at each read, and these are read for every run a line takes glyphs from.
    struct Layout {
        var count: Int32
        var offsetsX: Int32 = -1, offsetsY: Int32 = -1, flags: Int32 = -1

        init(count: Int, offsetsX: Bool, offsetsY: Bool, flags: Bool) {
            self.count = Int32(count)
            var words = Int32(3 * count)
            if offsetsX { self.offsetsX = words; words += Int32(count) }
            if offsetsY { self.offsetsY = words; words += Int32(count) }
            if flags { self.flags = words }
        }

        /// Words in all.
        var words: Int {
            if flags >= 0 { return Int(flags) + (Int(count) + 3) / 4 }
            return Int(count) * (3 + (offsetsX >= 0 ? 1 : 0) + (offsetsY >= 0 ? 1 : 0))
        }
    }

    private let storage: ManagedBuffer<Void, UInt32>
    private let layout: Layout

    /// Columns laid out as `layout` says, every word written by `write` (given the first word;
    /// the flag bytes come false: zeroed first, though both writers write every flag, the
    /// assembly's columns cost less, 16.6 M against 20.0 for technical-en in callgrind).
    init(_ layout: Layout, writing write: (UnsafeMutablePointer<UInt32>) -> Void) {
        self.layout = layout
        storage = ManagedBuffer<Void, UInt32>.create(minimumCapacity: layout.words) { _ in }
        storage.withUnsafeMutablePointerToElements { words in
            if layout.flags >= 0 {
                (words + Int(layout.flags)).initialize(repeating: 0, count: layout.words - Int(layout.flags))
            }
            write(words)
        }
    }

    /// The columns of `shaped` (one copy of each).
    init(_ shaped: ShapedGlyphs) {
        let count = shaped.glyphs.count
        precondition(shaped.clusters.count == count && shaped.advances.count == count, "columns of unequal lengths")
        let layout = Layout(count: count, offsetsX: !shaped.offsetsX.isEmpty, offsetsY: !shaped.offsetsY.isEmpty,
                            flags: !shaped.unsafeToBreak.isEmpty)
        self.init(layout) { words in
            func copy<Value: FixedWidthInteger>(_ column: [Value], to start: Int) {
                precondition(column.count == count && Value.bitWidth == 32, "columns of unequal lengths")
                column.withUnsafeBytes { UnsafeMutableRawPointer(words + start).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            }
            guard count > 0 else { return }
            copy(shaped.glyphs, to: 0)
            copy(shaped.clusters, to: count)
            copy(shaped.advances, to: 2 * count)
            if layout.offsetsX >= 0 { copy(shaped.offsetsX, to: Int(layout.offsetsX)) }
            if layout.offsetsY >= 0 { copy(shaped.offsetsY, to: Int(layout.offsetsY)) }
            if layout.flags >= 0 {
                precondition(shaped.unsafeToBreak.count == count, "columns of unequal lengths")
                shaped.unsafeToBreak.withUnsafeBytes {
                    UnsafeMutableRawPointer(words + Int(layout.flags)).copyMemory(from: $0.baseAddress!, byteCount: count)
                }
            }
        }
    }

    /// The number of glyphs.
    @inline(__always)
    package var count: Int { Int(layout.count) }

    @inline(__always)
    package var glyphs: GlyphColumn<UInt32> { column(at: 0) }
    @inline(__always)
    package var clusters: GlyphColumn<Int32> { column(at: count) }
    @inline(__always)
    package var advances: GlyphColumn<Int32> { column(at: 2 * count) }
    /// Glyph offsets from the pen, or empty when every one is zero.
    @inline(__always)
    package var offsetsX: GlyphColumn<Int32> { column(at: Int(layout.offsetsX)) }
    /// Glyph offsets above the baseline, or empty when every one is zero.
    @inline(__always)
    package var offsetsY: GlyphColumn<Int32> { column(at: Int(layout.offsetsY)) }
    /// HarfBuzz's unsafe-to-break flags, or empty when no glyph has one.
    @inline(__always)
    package var unsafeToBreak: GlyphColumn<Bool> { column(at: Int(layout.flags)) }

    /// Calls `body` with the glyph ids, clusters, advances and x offsets (empty when left out),
    /// valid only during the call: the loops that read a run's columns together (a column
    /// asked for alone keeps the columns alive for as long as it lives, a retain and a release).
    @inline(__always)
    func withUnsafeColumns<R>(_ body: (_ glyphs: UnsafeBufferPointer<UInt32>, _ clusters: UnsafeBufferPointer<Int32>,
                                       _ advances: UnsafeBufferPointer<Int32>, _ offsetsX: UnsafeBufferPointer<Int32>) -> R) -> R {
        let (count, xStart) = (count, Int(layout.offsetsX))
        return storage.withUnsafeMutablePointerToElements { words in
            let signed = UnsafeRawPointer(words).assumingMemoryBound(to: Int32.self)
            return body(UnsafeBufferPointer(start: words, count: count),
                        UnsafeBufferPointer(start: signed + count, count: count),
                        UnsafeBufferPointer(start: signed + 2 * count, count: count),
                        xStart >= 0 ? UnsafeBufferPointer(start: signed + xStart, count: count)
                            : UnsafeBufferPointer(start: nil, count: 0))
        }
    }

    /// Whether some glyph has an x offset (the column is kept).
    var hasOffsetsX: Bool { layout.offsetsX >= 0 }
    /// Whether some glyph has a y offset (the column is kept).
    var hasOffsetsY: Bool { layout.offsetsY >= 0 }

    /// Glyph `index`'s id, cluster, advance and offsets (zero for a column left out), read
    /// without a column view (which keeps the storage alive: a retain and a release a read).
    @inline(__always) func glyph(_ index: Int) -> UInt32 { word(index, of: 0) }
    @inline(__always) func cluster(_ index: Int) -> Int32 { Int32(bitPattern: word(index, of: count)) }
    @inline(__always) func advance(_ index: Int) -> Int32 { Int32(bitPattern: word(index, of: 2 * count)) }
    @inline(__always) func offsetX(_ index: Int) -> Int32 {
        layout.offsetsX < 0 ? 0 : Int32(bitPattern: word(index, of: Int(layout.offsetsX)))
    }
    @inline(__always) func offsetY(_ index: Int) -> Int32 {
        layout.offsetsY < 0 ? 0 : Int32(bitPattern: word(index, of: Int(layout.offsetsY)))
    }
    /// Whether glyph `index` has HarfBuzz's unsafe-to-break flag.
    @inline(__always) func isUnsafeToBreak(_ index: Int) -> Bool {
        precondition(index >= 0 && index < count, "index out of range")
        guard layout.flags >= 0 else { return false }
        return storage.withUnsafeMutablePointerToElements {
            UnsafeRawPointer($0 + Int(layout.flags)).load(fromByteOffset: index, as: Bool.self)
        }
    }

    /// Word `index` of the column starting at word `start`.
    @inline(__always)
    private func word(_ index: Int, of start: Int) -> UInt32 {
        precondition(index >= 0 && index < count, "index out of range")
        return storage.withUnsafeMutablePointerToElements { $0[start &+ index] }
    }

    /// The column starting at word `start` (empty when -1).
    @inline(__always)
    private func column<Element: BitwiseCopyable>(at start: Int) -> GlyphColumn<Element> {
        guard start >= 0 else { return GlyphColumn(owner: nil, base: nil, count: 0) }
        let base = storage.withUnsafeMutablePointerToElements { UnsafeRawPointer($0 + start) }
        return GlyphColumn(owner: storage, base: base, count: count)
    }

    /// Index of the first glyph whose cluster is ≥ `offset`, in a run starting at UTF-16 offset
    /// `runStart` (see ``ShapedRun/firstGlyph(atOrAfter:)``).
    func firstGlyph(atOrAfter offset: Int, runStart: Int) -> Int {
        withUnsafeColumns { _, clusters, _, _ in
            // The answer is near glyph `offset − runStart` (one glyph a unit, but for a
            // ligature or a cluster here and there): steps doubling from there bound it, then a
            // bisection finds it (a few reads, where a bisection of the whole run takes seven).
            let count = clusters.count
            let guess = Swift.min(Swift.max(offset - runStart, 0), count)
            // Bounds: clusters[low] < offset (or low = −1), clusters[high] ≥ offset (or high = count).
            var low: Int, high: Int
            if guess == count || Int(clusters[guess]) >= offset {
                // At or before the guess: step down.
                high = guess
                low = guess - 1
                var step = 1
                while low >= 0, Int(clusters[low]) >= offset {
                    high = low
                    step &*= 2
                    low = high - step
                }
                low = Swift.max(low, -1)
            } else {
                // After it: step up.
                low = guess
                high = guess + 1
                var step = 1
                while high < count, Int(clusters[high]) < offset {
                    low = high
                    step &*= 2
                    high = low + step
                }
                high = Swift.min(high, count)
            }
            while high - low > 1 {
                let middle = low + (high - low) / 2
                if Int(clusters[middle]) < offset { low = middle } else { high = middle }
            }
            return high
        }
    }

    /// Adds `extra` units to the advance of the last glyph of each cluster (a style's tracking),
    /// while the columns are only the run's being made.
    mutating func addTracking(_ extra: Int32) {
        let count = count
        storage.withUnsafeMutablePointerToElements { words in
            let clusters = UnsafeRawPointer(words + count).assumingMemoryBound(to: Int32.self)
            let advances = UnsafeMutableRawPointer(words + 2 * count).assumingMemoryBound(to: Int32.self)
            for index in 0..<count where index + 1 == count || clusters[index + 1] != clusters[index] {
                advances[index] &+= extra
            }
        }
    }
}

/// One column of a run's ``GlyphColumns`` (glyph ids, clusters, advances, offsets or the
/// unsafe-to-break flags), read in place; it keeps the columns alive. Values are loaded as raw
/// bytes (the flags lie in memory bound to 32-bit words).
package struct GlyphColumn<Element: BitwiseCopyable>: RandomAccessCollection {
    fileprivate let owner: AnyObject?
    fileprivate let base: UnsafeRawPointer?
    package let count: Int

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }
    package var indices: Range<Int> { 0..<count }

    @inline(__always)
    package subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "index out of range")
        return withExtendedLifetime(owner) {
            base.unsafelyUnwrapped.load(fromByteOffset: index &* MemoryLayout<Element>.stride, as: Element.self)
        }
    }
}

extension GlyphColumn where Element: FixedWidthInteger {
    /// Calls `body` with the column's values (valid only during the call). (Int32 and UInt32
    /// are related types: each may read memory bound to the other.)
    @inline(__always)
    package func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try withExtendedLifetime(owner) {
            try body(UnsafeBufferPointer(start: base?.assumingMemoryBound(to: Element.self), count: count))
        }
    }
}

extension GlyphColumn where Element == Bool {
    /// Copies the flags of glyphs `range` to `target` (`range.count` of them).
    func copy(_ range: Range<Int>, to target: UnsafeMutablePointer<Bool>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
        guard let base, !range.isEmpty else { return }
        withExtendedLifetime(owner) {
            UnsafeMutableRawPointer(target).copyMemory(from: base + range.lowerBound, byteCount: range.count)
        }
    }
}

extension GlyphColumn: Equatable where Element: Equatable {
    package static func == (a: Self, b: Self) -> Bool { a.elementsEqual(b) }
}
