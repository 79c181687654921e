#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The word cache's words: an open-addressing table over one arena in which each word's key and
/// glyphs lie side by side.
///
/// A cached word is found by reading two places: its slot (which holds a tag of the hash, so a
/// collision rarely reads a word) and its entry (hash, style, text, glyphs, contiguous). Kept in
/// separate arrays, the words' records, texts and glyphs cost a cache miss each: on a megabyte
/// of real text the lookups spent most of their time waiting for memory.
///
/// Both are allocated once at their largest size (2 × `maximumWords` slots; the arena fits
/// `maximumWords` words of ``ShapeCache/maximumWordLength`` units with `maximumGlyphs` glyphs in
/// all: one generation of ``ShapeCache``) and never move or grow; the system maps their pages as
/// they are first written, so a short text touches a few pages only.
///
/// Entry layout (8-byte aligned): hash (8 bytes), style (4), text length (2), glyph count (2;
/// its top bit set for compact glyphs), the text's UTF-16 units, padding to 4 bytes, then the
/// glyphs: ``GlyphRecord``s (24 bytes each) or, for a word whose glyphs have no offsets and ids
/// and advances that fit 16 bits (most words of most fonts), compact records of 6 bytes
/// (``CachedGlyphs``). A slot is 32 bits: the entry's offset / 8 + 1 in its low 21 bits (0:
/// empty) and the hash's top 11 bits above (a tag: a slot of another word is told apart without
/// reading it, but once in 2,048). At 4 bytes a slot the table takes 256 KB, a quarter of a
/// core's second-level cache here, leaving the rest to the words and HarfBuzz's tables; at 8
/// bytes (a 32-bit tag) the first layout of a megabyte of English took about 3 % longer
/// (Benchmarks/HISTORY.md).
///
/// Compact, the glyphs of a megabyte of English take a quarter of the memory: fewer pages
/// touched when the words are first kept, and fewer cache lines read for each word found.
struct CachedWords: ~Copyable {
    private let slots: UnsafeMutablePointer<UInt32>
    private let slotMask: Int
    private let arena: UnsafeMutableRawPointer
    private let arenaCapacity: Int
    /// The most words and glyphs kept (``insert(_:_:hash:style:glyphs:)`` refuses more).
    let maximumWords: Int, maximumGlyphs: Int
    /// Bytes of the arena in use.
    private var used = 0
    /// Words kept.
    private(set) var count = 0
    /// Glyphs kept, over all words.
    private(set) var glyphCount = 0
    /// Words kept with compact glyphs.
    private(set) var compactCount = 0

    private static let headerSize = 16

    /// Room for `maximumWords` words (a power of two) with `maximumGlyphs` glyphs in all.
    init(maximumWords: Int, maximumGlyphs: Int) {
        precondition(maximumWords > 0 && maximumWords & (maximumWords - 1) == 0, "word bound not a power of two")
        (self.maximumWords, self.maximumGlyphs) = (maximumWords, maximumGlyphs)
        let slotCount = 2 * maximumWords
        slots = calloc(slotCount, MemoryLayout<UInt32>.stride)!.bindMemory(to: UInt32.self, capacity: slotCount)
        slotMask = slotCount - 1
        let longestEntry = Self.glyphsOffset(textCount: ShapeCache.maximumWordLength) + 8
        arenaCapacity = maximumWords * longestEntry + maximumGlyphs * MemoryLayout<GlyphRecord>.stride
        precondition(arenaCapacity / 8 + 1 <= Self.offsetMask, "word arena larger than a slot can name")
        arena = malloc(arenaCapacity)!
    }

    deinit {
        free(slots)
        free(arena)
    }

    /// Where an entry's glyphs start, from the entry's start.
    @inline(__always)
    private static func glyphsOffset(textCount: Int) -> Int { (headerSize + 2 * textCount + 3) & ~3 }

    /// A slot's bits for its entry's offset / 8 + 1, and the mask of them.
    private static let offsetBits: UInt32 = 21
    private static let offsetMask: UInt32 = 1 << offsetBits - 1

    /// A slot's tag of `hash`: its top bits, above the offset.
    @inline(__always)
    private static func tag(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash >> (32 + UInt64(offsetBits))) }

    /// The glyph count's bit that marks compact glyphs.
    private static let compactFlag: UInt16 = 0x8000

    /// The most glyphs a word may have (the glyph count's other bits).
    static let maximumWordGlyphs = Int(compactFlag) - 1

    /// The glyphs of the word `text[segment]` in `style` (`hash` is ``ShapeCache``'s hash of both),
    /// clusters relative to the word's start; nil when it is not kept. The buffer is valid until
    /// the words are next changed.
    @inline(__always)
    func find(_ text: UnsafeBufferPointer<UInt16>, _ segment: Range<Int>, hash: UInt64,
              style: Int32) -> CachedGlyphs? {
        let first = slot(hash)
        return find(text, segment, hash: hash, style: style, firstSlot: (first, entryHash(first)))
    }

    /// What the first slot `hash` probes holds (read ahead of ``find(_:_:hash:style:firstSlot:)``:
    /// ``ShapeCache`` reads those of several words before it compares any, so their memory is on
    /// its way at once).
    @inline(__always)
    func slot(_ hash: UInt64) -> UInt64 { UInt64(slots[Int(truncatingIfNeeded: hash) & slotMask]) }

    /// The hash of the word `slot` names (0 when it is empty).
    @inline(__always)
    func entryHash(_ slot: UInt64) -> UInt64 { slot == 0 ? 0 : entry(slot).load(as: UInt64.self) }

    /// The start of the word a full slot names.
    @inline(__always)
    private func entry(_ slot: UInt64) -> UnsafeMutableRawPointer {
        arena + 8 * (Int(UInt32(truncatingIfNeeded: slot) & Self.offsetMask) - 1)
    }

    /// ``find(_:_:hash:style:)`` given the first slot's value, read before.
    @inline(__always)
    func find(_ text: UnsafeBufferPointer<UInt16>, _ segment: Range<Int>, hash: UInt64, style: Int32,
              firstSlot: (value: UInt64, hash: UInt64)) -> CachedGlyphs? {
        let tag = Self.tag(hash)
        var slot = Int(truncatingIfNeeded: hash) & slotMask
        var (value, entryHash) = firstSlot
        // A first slot read ahead from this table since it last changed names an entry in use
        // (read from the other generation's, before a turn, it may not: ``ShapeCache`` stops a
        // batch of look-ups when the young generation turns).
        assert(value == 0 || 8 * (Int(UInt32(truncatingIfNeeded: value) & Self.offsetMask) - 1) < used,
               "a slot read from another table")
        while value != 0 {
            if UInt32(truncatingIfNeeded: value) >> Self.offsetBits == tag {
                let entry = entry(value)
                if entryHash == hash, entry.load(fromByteOffset: 8, as: Int32.self) == style,
                   Int(entry.load(fromByteOffset: 12, as: UInt16.self)) == segment.count {
                    if CodeUnits.same(entry + Self.headerSize, text.baseAddress! + segment.lowerBound,
                                      count: segment.count) {
                        let counted = entry.load(fromByteOffset: 14, as: UInt16.self)
                        return CachedGlyphs(base: UnsafeRawPointer(entry + Self.glyphsOffset(textCount: segment.count)),
                                            count: Int(counted & ~Self.compactFlag),
                                            isCompact: counted & Self.compactFlag != 0)
                    }
                }
            }
            slot = (slot + 1) & slotMask
            value = UInt64(slots[slot])
            entryHash = UInt32(truncatingIfNeeded: value) >> Self.offsetBits == tag ? self.entryHash(value) : 0
        }
        return nil
    }

    /// Keeps the word `text[segment]` in `style` with `glyphs` (clusters relative to its start);
    /// false, keeping nothing, when it holds ``maximumWords`` words or the glyphs would pass
    /// ``maximumGlyphs``. The word must not be kept already.
    mutating func insert(_ text: UnsafeBufferPointer<UInt16>, _ segment: Range<Int>, hash: UInt64, style: Int32,
                         glyphs: UnsafeBufferPointer<GlyphRecord>) -> Bool {
        // (The misfits or-ed, without a branch a glyph.)
        var misfits: UInt32 = 0
        for record in glyphs { misfits |= CachedGlyphs.compactMisfit(record) }
        let compact = misfits == 0
        return insert(text, segment, hash: hash, style: style, glyphCount: glyphs.count, compact: compact) { target in
            if compact {
                CachedGlyphs.storeCompact(glyphs, at: target)
            } else if !glyphs.isEmpty {
                target.initializeMemory(as: GlyphRecord.self, from: glyphs.baseAddress!, count: glyphs.count)
            }
        }
    }

    /// Keeps the word `text[segment]` with the glyphs another table keeps for it (``find(_:_:hash:style:)``
    /// there), in their form; false, keeping nothing, as ``insert(_:_:hash:style:glyphs:)``.
    mutating func insert(_ text: UnsafeBufferPointer<UInt16>, _ segment: Range<Int>, hash: UInt64, style: Int32,
                         copying glyphs: CachedGlyphs) -> Bool {
        let recordSize = glyphs.isCompact ? CachedGlyphs.compactStride : MemoryLayout<GlyphRecord>.stride
        return insert(text, segment, hash: hash, style: style, glyphCount: glyphs.count, compact: glyphs.isCompact) {
            $0.copyMemory(from: glyphs.base, byteCount: glyphs.count * recordSize)
        }
    }

    /// Writes an entry of `glyphCount` glyphs (compact or not), its glyphs by `writeGlyphs` at their
    /// place, and names it in its slot.
    @inline(__always)
    private mutating func insert(_ text: UnsafeBufferPointer<UInt16>, _ segment: Range<Int>, hash: UInt64,
                                 style: Int32, glyphCount glyphs: Int, compact: Bool,
                                 writeGlyphs: (UnsafeMutableRawPointer) -> Void) -> Bool {
        guard count < maximumWords, glyphCount + glyphs <= maximumGlyphs,
              segment.count <= ShapeCache.maximumWordLength, glyphs <= Self.maximumWordGlyphs else { return false }
        let glyphsOffset = Self.glyphsOffset(textCount: segment.count)
        let recordSize = compact ? CachedGlyphs.compactStride : MemoryLayout<GlyphRecord>.stride
        let size = (glyphsOffset + glyphs * recordSize + 7) & ~7
        precondition(used + size <= arenaCapacity, "word arena sized below its bounds")
        let entry = arena + used
        entry.storeBytes(of: hash, as: UInt64.self)
        entry.storeBytes(of: style, toByteOffset: 8, as: Int32.self)
        entry.storeBytes(of: UInt16(segment.count), toByteOffset: 12, as: UInt16.self)
        entry.storeBytes(of: UInt16(glyphs) | (compact ? Self.compactFlag : 0), toByteOffset: 14, as: UInt16.self)
        (entry + Self.headerSize).initializeMemory(as: UInt16.self, from: text.baseAddress! + segment.lowerBound,
                                                   count: segment.count)
        writeGlyphs(entry + glyphsOffset)
        if compact { compactCount += 1 }
        var slot = Int(truncatingIfNeeded: hash) & slotMask
        while slots[slot] != 0 { slot = (slot + 1) & slotMask }
        slots[slot] = Self.tag(hash) << Self.offsetBits | UInt32(used / 8 + 1)
        used += size
        count += 1
        glyphCount += glyphs
        return true
    }

    /// Forgets every word (the memory stays, to be filled again).
    mutating func removeAll() {
        guard count > 0 else { return }
        memset(slots, 0, (slotMask + 1) * MemoryLayout<UInt32>.stride)
        used = 0
        count = 0
        glyphCount = 0
        compactCount = 0
    }
}

/// The glyphs of a kept word, lent by ``CachedWords/find(_:_:hash:style:)`` until the words
/// next change: `count` ``GlyphRecord``s at `base`, or compact records (6 bytes each: id and
/// advance, 16 bits each, cluster and unsafe-to-break flag, a byte each; no offsets).
struct CachedGlyphs {
    let base: UnsafeRawPointer
    let count: Int
    let isCompact: Bool

    /// Bytes of a compact record.
    static let compactStride = 6

    /// Zero when a compact record keeps `record` exactly: an id and an advance that fit narrow
    /// columns (``GlyphColumns/Layout/narrowMisfit(glyph:cluster:advance:)``), a cluster in UInt8
    /// and no offsets (the bits that do not fit, or-ed).
    @inline(__always)
    static func compactMisfit(_ record: GlyphRecord) -> UInt32 {
        GlyphColumns.Layout.narrowMisfit(glyph: record.glyph, cluster: 0, advance: record.advance)
            | UInt32(bitPattern: record.cluster) >> 8 | UInt32(bitPattern: record.offsetX | record.offsetY)
    }

    /// Writes `records` (each fitting) as compact records at `target` (2-byte aligned).
    static func storeCompact(_ records: UnsafeBufferPointer<GlyphRecord>, at target: UnsafeMutableRawPointer) {
        for (index, record) in records.enumerated() {
            let at = compactStride * index
            target.storeBytes(of: UInt16(truncatingIfNeeded: record.glyph), toByteOffset: at, as: UInt16.self)
            target.storeBytes(of: Int16(truncatingIfNeeded: record.advance), toByteOffset: at + 2, as: Int16.self)
            target.storeBytes(of: UInt8(truncatingIfNeeded: record.cluster), toByteOffset: at + 4, as: UInt8.self)
            target.storeBytes(of: record.unsafeToBreak, toByteOffset: at + 5, as: Bool.self)
        }
    }

    /// Compact record `index` as a record, its cluster plus `clusterOffset` (full records are
    /// read as they are: ``records``).
    @inline(__always)
    func compactRecord(_ index: Int, clusterOffset: Int32) -> GlyphRecord {
        let at = Self.compactStride &* index
        return GlyphRecord(glyph: UInt32(base.load(fromByteOffset: at, as: UInt16.self)),
                           cluster: Int32(base.load(fromByteOffset: at &+ 4, as: UInt8.self)) &+ clusterOffset,
                           advance: Int32(base.load(fromByteOffset: at &+ 2, as: Int16.self)),
                           unsafeToBreak: base.load(fromByteOffset: at &+ 5, as: Bool.self))
    }

    /// The full records (not compact ones).
    var records: UnsafeBufferPointer<GlyphRecord> {
        UnsafeBufferPointer(start: base.assumingMemoryBound(to: GlyphRecord.self), count: count)
    }
}

/// The two generations of ``ShapeCache``'s words (see its discussion).
extension ShapeCache.State {
    /// The glyphs of the word `text[segment]` in `style`, from the young generation or, failing
    /// that, from the older one, then copied into the young one (so a word in use survives the
    /// next ``turn()``); nil when neither keeps it. The buffer is valid until the words next
    /// change.
    @inline(__always)
    mutating func find(_ text: UnsafeBufferPointer<UInt16>, _ segment: Range<Int>, hash: UInt64,
                       style: Int32) -> CachedGlyphs? {
        words.find(text, segment, hash: hash, style: style) ?? promote(text, segment, hash: hash, style: style)
    }

    /// ``find(_:_:hash:style:)`` in the older generation only, for a word the young one does not
    /// keep: its glyphs, now copied into the young one (which turns first when it is full), or nil.
    private mutating func promote(_ text: UnsafeBufferPointer<UInt16>, _ segment: Range<Int>, hash: UInt64,
                                  style: Int32) -> CachedGlyphs? {
        guard older.count > 0, let glyphs = older.find(text, segment, hash: hash, style: style) else { return nil }
        promoted += 1
        if words.insert(text, segment, hash: hash, style: style, copying: glyphs) { return glyphs }
        // The young generation is full: it turns, forgetting the older one, so the glyphs are
        // read out before.
        let records = (0..<glyphs.count).map { glyphs.isCompact ? glyphs.compactRecord($0, clusterOffset: 0) : glyphs.records[$0] }
        turn()
        return records.withUnsafeBufferPointer { records in
            guard words.insert(text, segment, hash: hash, style: style, glyphs: records) else { return nil }
            return words.find(text, segment, hash: hash, style: style)
        }
    }

    /// The young generation, full, becomes the older one; the older one is forgotten and its
    /// memory starts the young one.
    mutating func turn() {
        swap(&words, &older)
        words.removeAll()
        turns += 1
    }
}
