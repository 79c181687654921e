/// A run's glyph columns in one allocation: glyph ids, clusters and advances, then x offsets,
/// y offsets and the unsafe-to-break flags when some glyph has one (a column of zeros or of
/// false is left out, and reads as empty).
///
/// Kept as arrays, a run made three to six of them: for the short runs of short paragraphs and
/// of mixed scripts, those allocations and their releases cost more than filling them. Ids,
/// clusters and advances take 16 bits each when every one fits (``Layout/narrow``: ids below
/// 65,536, as OpenType's always are, clusters of paragraphs shorter than 65,536 units, advances
/// within ±32,767 font units; nearly every run), else 32; offsets are words of 32 bits; the
/// flags a byte a glyph (read and written as raw bytes, whatever the words are bound to). A
/// glyph thus keeps 6 bytes where it kept 12: the columns were a quarter of the pages a first
/// layout touches. Immutable once made (tracking is added while the run is made, before it is
/// shared).
package struct GlyphColumns {
    /// Where each column starts, in words (-1: left out), the glyph count, and whether ids,
    /// clusters and advances are 16-bit. Kept beside the storage, not in its header: a class's
    /// stored property is checked for exclusive access at each read, and these are read for
    /// every run a line takes glyphs from.
    struct Layout {
        /// The glyph count, with ``narrow`` in the top bit (a flag of its own made the layout,
        /// and every run and line that keeps one, 8 bytes larger).
        private let countAndWidth: Int32
        var offsetsX: Int32 = -1, offsetsY: Int32 = -1, flags: Int32 = -1

        /// The number of glyphs.
        var count: Int32 { countAndWidth & Int32.max }
        /// Whether ids (UInt16), clusters (UInt16) and advances (Int16) are 16-bit, one column
        /// after the other from byte 0 (else words: ids, clusters, advances).
        var narrow: Bool { countAndWidth < 0 }

        init(count: Int, narrow: Bool = false, offsetsX: Bool, offsetsY: Bool, flags: Bool) {
            precondition(count >= 0 && count <= Int(Int32.max), "too many glyphs in one run")
            countAndWidth = Int32(count) | (narrow ? Int32.min : 0)
            var words = Int32(Self.coreWords(count: count, narrow: narrow))
            if offsetsX { self.offsetsX = words; words += Int32(count) }
            if offsetsY { self.offsetsY = words; words += Int32(count) }
            if flags { self.flags = words }
        }

        /// Words taken by the ids, clusters and advances.
        static func coreWords(count: Int, narrow: Bool) -> Int { narrow ? (6 * count + 3) / 4 : 3 * count }

        /// Words in all.
        var words: Int {
            if flags >= 0 { return Int(flags) + (Int(count) + 3) / 4 }
            return Self.coreWords(count: Int(count), narrow: narrow)
                + Int(count) * ((offsetsX >= 0 ? 1 : 0) + (offsetsY >= 0 ? 1 : 0))
        }

        /// Whether `glyph`, `cluster` and `advance` fit the narrow columns (the bits that do not, or-ed:
        /// zero when they fit).
        @inline(__always)
        static func narrowMisfit(glyph: UInt32, cluster: Int32, advance: Int32) -> UInt32 {
            glyph >> 16 | UInt32(bitPattern: cluster) >> 16 | UInt32(bitPattern: advance &+ 0x8000) >> 16
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

    /// Columns of the glyphs whose ids, clusters and advances are copied from `glyphs`,
    /// `clusters` and `advances` (narrow when every one fits), offsets and flags written by
    /// `write` (given the first word; ``Layout`` says where their columns start).
    /// `fitsNarrow`, when the caller knows it (every value fits 16 bits, as
    /// ``Layout/narrowMisfit(glyph:cluster:advance:)`` tells), spares a pass over the values.
    init(glyphs: UnsafeBufferPointer<UInt32>, clusters: UnsafeBufferPointer<Int32>, advances: UnsafeBufferPointer<Int32>,
         fitsNarrow: Bool? = nil, offsetsX: Bool, offsetsY: Bool, flags: Bool,
         writing write: (UnsafeMutablePointer<UInt32>, Layout) -> Void) {
        let count = glyphs.count
        precondition(clusters.count == count && advances.count == count, "columns of unequal lengths")
        var narrow = true
        if let fitsNarrow {
            narrow = fitsNarrow
        } else {
            // (Or-ed in one pass the compiler vectorizes.)
            var misfit: UInt32 = 0
            for index in 0..<count {
                misfit |= Layout.narrowMisfit(glyph: glyphs[index], cluster: clusters[index], advance: advances[index])
            }
            narrow = misfit == 0
        }
        let layout = Layout(count: count, narrow: narrow, offsetsX: offsetsX, offsetsY: offsetsY, flags: flags)
        self.init(layout) { words in
            if count > 0 {
                let bytes = UnsafeMutableRawPointer(words)
                if layout.narrow {
                    // The words' memory seen as 16-bit values while they are written (Int16 and
                    // UInt16 are related types). A loop a column: each one the compiler vectorizes.
                    words.withMemoryRebound(to: UInt16.self, capacity: 3 * count) { halves in
                        for index in 0..<count { halves[index] = UInt16(truncatingIfNeeded: glyphs[index]) }
                        for index in 0..<count { halves[count &+ index] = UInt16(truncatingIfNeeded: clusters[index]) }
                        let widths = UnsafeMutableRawPointer(halves + 2 * count).assumingMemoryBound(to: Int16.self)
                        for index in 0..<count { widths[index] = Int16(truncatingIfNeeded: advances[index]) }
                    }
                } else {
                    bytes.copyMemory(from: glyphs.baseAddress!, byteCount: 4 * count)
                    (bytes + 4 * count).copyMemory(from: clusters.baseAddress!, byteCount: 4 * count)
                    (bytes + 8 * count).copyMemory(from: advances.baseAddress!, byteCount: 4 * count)
                }
            }
            write(words, layout)
        }
    }

    /// The columns of `shaped` (one copy of each).
    init(_ shaped: ShapedGlyphs) {
        let count = shaped.glyphs.count
        precondition(shaped.clusters.count == count && shaped.advances.count == count, "columns of unequal lengths")
        precondition(shaped.offsetsX.isEmpty || shaped.offsetsX.count == count, "columns of unequal lengths")
        precondition(shaped.offsetsY.isEmpty || shaped.offsetsY.count == count, "columns of unequal lengths")
        precondition(shaped.unsafeToBreak.isEmpty || shaped.unsafeToBreak.count == count, "columns of unequal lengths")
        self = shaped.glyphs.withUnsafeBufferPointer { glyphs in
            shaped.clusters.withUnsafeBufferPointer { clusters in
                shaped.advances.withUnsafeBufferPointer { advances in
                    GlyphColumns(glyphs: glyphs, clusters: clusters, advances: advances, offsetsX: !shaped.offsetsX.isEmpty, offsetsY: !shaped.offsetsY.isEmpty,
                                 flags: !shaped.unsafeToBreak.isEmpty) { words, layout in
                        func copy(_ column: [Int32], to start: Int32) {
                            column.withUnsafeBytes { UnsafeMutableRawPointer(words + Int(start)).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
                        }
                        if layout.offsetsX >= 0 { copy(shaped.offsetsX, to: layout.offsetsX) }
                        if layout.offsetsY >= 0 { copy(shaped.offsetsY, to: layout.offsetsY) }
                        if layout.flags >= 0 {
                            shaped.unsafeToBreak.withUnsafeBytes {
                                UnsafeMutableRawPointer(words + Int(layout.flags)).copyMemory(from: $0.baseAddress!, byteCount: $0.count)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The number of glyphs.
    @inline(__always)
    package var count: Int { Int(layout.count) }

    @inline(__always)
    package var glyphs: GlyphColumn<UInt32> { layout.narrow ? column(atByte: 0, width: .unsigned16) : column(at: 0) }
    @inline(__always)
    package var clusters: GlyphColumn<Int32> {
        layout.narrow ? column(atByte: 2 * count, width: .unsigned16) : column(at: count)
    }
    @inline(__always)
    package var advances: GlyphColumn<Int32> {
        layout.narrow ? column(atByte: 4 * count, width: .signed16) : column(at: 2 * count)
    }
    /// Glyph offsets from the pen, or empty when every one is zero.
    @inline(__always)
    package var offsetsX: GlyphColumn<Int32> { column(at: Int(layout.offsetsX)) }
    /// Glyph offsets above the baseline, or empty when every one is zero.
    @inline(__always)
    package var offsetsY: GlyphColumn<Int32> { column(at: Int(layout.offsetsY)) }
    /// HarfBuzz's unsafe-to-break flags, or empty when no glyph has one.
    @inline(__always)
    package var unsafeToBreak: GlyphColumn<Bool> { column(at: Int(layout.flags)) }

    /// Whether ids, clusters and advances are kept in 16 bits (``Layout/narrow``).
    var isNarrow: Bool { layout.narrow }

    /// Calls `narrow` or `wide`, as the columns are kept, with the glyph ids, clusters, advances
    /// and x offsets (empty when left out), valid only during the call: the loops that read a
    /// run's columns together (a column asked for alone keeps the columns alive for as long as
    /// it lives, a retain and a release). Callers pass one generic function as both, so each
    /// loop is compiled once for each width, with no test of the width inside it.
    @inline(__always)
    func withUnsafeColumns<R>(
        narrow: (_ glyphs: UnsafeBufferPointer<UInt16>, _ clusters: UnsafeBufferPointer<UInt16>,
                 _ advances: UnsafeBufferPointer<Int16>, _ offsetsX: UnsafeBufferPointer<Int32>) -> R,
        wide: (_ glyphs: UnsafeBufferPointer<UInt32>, _ clusters: UnsafeBufferPointer<Int32>,
               _ advances: UnsafeBufferPointer<Int32>, _ offsetsX: UnsafeBufferPointer<Int32>) -> R) -> R {
        let (count, xStart, isNarrow) = (count, Int(layout.offsetsX), layout.narrow)
        return storage.withUnsafeMutablePointerToElements { words in
            let raw = UnsafeRawPointer(words), signed = raw.assumingMemoryBound(to: Int32.self)
            let offsets = xStart >= 0 ? UnsafeBufferPointer(start: signed + xStart, count: count)
                : UnsafeBufferPointer(start: nil, count: 0)
            if isNarrow {
                // (The words' memory seen as 16-bit values during the call: Int16 and UInt16 are
                // related types.)
                return words.withMemoryRebound(to: UInt16.self, capacity: 3 * count) { halves in
                    narrow(UnsafeBufferPointer(start: halves, count: count),
                           UnsafeBufferPointer(start: halves + count, count: count),
                           UnsafeBufferPointer(start: UnsafeRawPointer(halves + 2 * count).assumingMemoryBound(to: Int16.self),
                                               count: count),
                           offsets)
                }
            }
            return wide(UnsafeBufferPointer(start: words, count: count),
                        UnsafeBufferPointer(start: signed + count, count: count),
                        UnsafeBufferPointer(start: signed + 2 * count, count: count),
                        offsets)
        }
    }

    /// Whether some glyph is .notdef (id 0).
    var hasNotdef: Bool {
        @inline(__always)
        func search<G: FixedWidthInteger & UnsignedInteger, C, A>(_ glyphs: UnsafeBufferPointer<G>, _: UnsafeBufferPointer<C>,
                                                                  _: UnsafeBufferPointer<A>, _: UnsafeBufferPointer<Int32>) -> Bool {
            Paragraph.contains(0, in: glyphs)
        }
        return withUnsafeColumns(narrow: search, wide: search)
    }

    /// Whether some glyph has an x offset (the column is kept).
    var hasOffsetsX: Bool { layout.offsetsX >= 0 }
    /// Whether some glyph has a y offset (the column is kept).
    var hasOffsetsY: Bool { layout.offsetsY >= 0 }

    /// Glyph `index`'s id, cluster, advance and offsets (zero for a column left out), read
    /// without a column view (which keeps the storage alive: a retain and a release a read).
    @inline(__always) func glyph(_ index: Int) -> UInt32 {
        layout.narrow ? UInt32(half(index, at: 0, as: UInt16.self)) : word(index, of: 0)
    }
    @inline(__always) func cluster(_ index: Int) -> Int32 {
        layout.narrow ? Int32(half(index, at: 2 * count, as: UInt16.self)) : Int32(bitPattern: word(index, of: count))
    }
    @inline(__always) func advance(_ index: Int) -> Int32 {
        layout.narrow ? Int32(half(index, at: 4 * count, as: Int16.self)) : Int32(bitPattern: word(index, of: 2 * count))
    }
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

    /// Value `index` of the 16-bit column starting at byte `start`.
    @inline(__always)
    private func half<Value: FixedWidthInteger>(_ index: Int, at start: Int, as: Value.Type) -> Value {
        precondition(index >= 0 && index < count, "index out of range")
        return storage.withUnsafeMutablePointerToElements {
            UnsafeRawPointer($0).load(fromByteOffset: start &+ 2 &* index, as: Value.self)
        }
    }

    /// The column starting at word `start` (empty when -1).
    @inline(__always)
    private func column<Element: BitwiseCopyable>(at start: Int) -> GlyphColumn<Element> {
        guard start >= 0 else { return GlyphColumn(owner: nil, base: nil, count: 0, width: .element) }
        let base = storage.withUnsafeMutablePointerToElements { UnsafeRawPointer($0 + start) }
        return GlyphColumn(owner: storage, base: base, count: count, width: .element)
    }

    /// The 16-bit column starting at byte `start`, read as `Element`s.
    @inline(__always)
    private func column<Element: BitwiseCopyable>(atByte start: Int, width: GlyphColumnWidth) -> GlyphColumn<Element> {
        let base = storage.withUnsafeMutablePointerToElements { UnsafeRawPointer($0) + start }
        return GlyphColumn(owner: storage, base: base, count: count, width: width)
    }

    /// Index of the first glyph whose cluster is ≥ `offset`, in a run starting at UTF-16 offset
    /// `runStart` (see ``ShapedRun/firstGlyph(atOrAfter:)``).
    func firstGlyph(atOrAfter offset: Int, runStart: Int) -> Int {
        @inline(__always)
        func search<G, C: FixedWidthInteger, A>(_: UnsafeBufferPointer<G>, _ clusters: UnsafeBufferPointer<C>,
                                                _: UnsafeBufferPointer<A>, _: UnsafeBufferPointer<Int32>) -> Int {
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
        return withUnsafeColumns(narrow: search, wide: search)
    }

    /// Adds `extra` units to the advance of the last glyph of each cluster (a style's tracking),
    /// while the columns are only the run's being made.
    mutating func addTracking(_ extra: Int32) {
        let count = count
        // Whether the columns are to be narrow once tracked: in place when that is how they are
        // kept (most runs), else made again in the other width (a tracked advance past 16 bits,
        // or the only wide values advances that tracking brings within them).
        @inline(__always)
        func fitNarrow<G: FixedWidthInteger, C: FixedWidthInteger, A: FixedWidthInteger>(
            _ glyphs: UnsafeBufferPointer<G>, _ clusters: UnsafeBufferPointer<C>, _ advances: UnsafeBufferPointer<A>,
            _: UnsafeBufferPointer<Int32>) -> Bool {
            var misfit: UInt32 = 0
            for index in 0..<count {
                let ends = index + 1 == count || clusters[index + 1] != clusters[index]
                misfit |= Layout.narrowMisfit(glyph: UInt32(truncatingIfNeeded: glyphs[index]),
                                              cluster: Int32(truncatingIfNeeded: clusters[index]),
                                              advance: Int32(truncatingIfNeeded: advances[index]) &+ (ends ? extra : 0))
            }
            return misfit == 0
        }
        let narrow = layout.narrow
        if withUnsafeColumns(narrow: fitNarrow, wide: fitNarrow) == narrow {
            func addInPlace<C: FixedWidthInteger, A: FixedWidthInteger>(_ clusters: UnsafePointer<C>,
                                                                       _ advances: UnsafeMutablePointer<A>) {
                for index in 0..<count where index + 1 == count || clusters[index + 1] != clusters[index] {
                    advances[index] = A(truncatingIfNeeded: Int32(truncatingIfNeeded: advances[index]) &+ extra)
                }
            }
            storage.withUnsafeMutablePointerToElements { words in
                guard narrow else {
                    let signed = UnsafeMutableRawPointer(words).assumingMemoryBound(to: Int32.self)
                    return addInPlace(signed + count, signed + 2 * count)
                }
                words.withMemoryRebound(to: UInt16.self, capacity: 3 * count) { halves in
                    addInPlace(halves + count, UnsafeMutableRawPointer(halves + 2 * count).assumingMemoryBound(to: Int16.self))
                }
            }
            return
        }
        func tracked<G: FixedWidthInteger, C: FixedWidthInteger, A: FixedWidthInteger>(
            _ glyphs: UnsafeBufferPointer<G>, _ clusters: UnsafeBufferPointer<C>, _ advances: UnsafeBufferPointer<A>,
            _: UnsafeBufferPointer<Int32>) -> ([UInt32], [Int32], [Int32]) {
            let ids = glyphs.map { UInt32(truncatingIfNeeded: $0) }, units = clusters.map { Int32(truncatingIfNeeded: $0) }
            var widths = advances.map { Int32(truncatingIfNeeded: $0) }
            for index in 0..<count where index + 1 == count || units[index + 1] != units[index] { widths[index] &+= extra }
            return (ids, units, widths)
        }
        let (ids, units, widths) = withUnsafeColumns(narrow: tracked, wide: tracked)
        let old = self
        self = ids.withUnsafeBufferPointer { ids in
            units.withUnsafeBufferPointer { units in
                widths.withUnsafeBufferPointer { widths in
                    GlyphColumns(glyphs: ids, clusters: units, advances: widths, offsetsX: old.hasOffsetsX,
                                 offsetsY: old.hasOffsetsY, flags: old.layout.flags >= 0) { words, layout in
                        old.storage.withUnsafeMutablePointerToElements { source in
                            func copy(from start: Int32, to target: Int32, words count: Int) {
                                guard start >= 0 else { return }
                                (words + Int(target)).update(from: source + Int(start), count: count)
                            }
                            copy(from: old.layout.offsetsX, to: layout.offsetsX, words: count)
                            copy(from: old.layout.offsetsY, to: layout.offsetsY, words: count)
                            copy(from: old.layout.flags, to: layout.flags, words: (count + 3) / 4)
                        }
                    }
                }
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
    /// How the values are kept: as `Element`s, or in 16 bits (ids, clusters and advances of
    /// narrow columns) widened to `Element` (32 bits) as they are read.
    fileprivate let width: GlyphColumnWidth

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }
    package var indices: Range<Int> { 0..<count }

    @inline(__always)
    package subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "index out of range")
        return withExtendedLifetime(owner) {
            let base = base.unsafelyUnwrapped
            switch width {
            case .element: return base.load(fromByteOffset: index &* MemoryLayout<Element>.stride, as: Element.self)
            case .unsigned16: return Self.widened(UInt32(base.load(fromByteOffset: 2 &* index, as: UInt16.self)))
            case .signed16:
                return Self.widened(UInt32(bitPattern: Int32(base.load(fromByteOffset: 2 &* index, as: Int16.self))))
            }
        }
    }

    /// A 32-bit `Element` with the bits of `value`.
    @inline(__always)
    private static func widened(_ value: UInt32) -> Element {
        precondition(MemoryLayout<Element>.size == 4, "a 16-bit column read as other than 32 bits")
        return withUnsafeBytes(of: value) { $0.load(as: Element.self) }
    }
}

/// How a ``GlyphColumn`` keeps its values.
enum GlyphColumnWidth {
    case element, unsigned16, signed16
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
