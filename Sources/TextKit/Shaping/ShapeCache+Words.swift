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
/// Both are allocated once at their largest size (2 × ``ShapeCache/maximumWords`` slots; the
/// arena fits ``ShapeCache/maximumWords`` words of ``ShapeCache/maximumWordLength`` units with
/// ``ShapeCache/maximumGlyphs`` glyphs in all) and never move or grow; the system maps their
/// pages as they are first written, so a short text touches a few pages only.
///
/// Entry layout (8-byte aligned): hash (8 bytes), style (4), text length (2), glyph count (2),
/// the text's UTF-16 units, padding to 4 bytes, the ``GlyphRecord``s. A slot is the entry's
/// offset / 8 + 1 in its low 32 bits (0: empty) and the hash's high 32 bits above.
struct CachedWords: ~Copyable {
    private let slots: UnsafeMutablePointer<UInt64>
    private let slotMask: Int
    private let arena: UnsafeMutableRawPointer
    private let arenaCapacity: Int
    /// Bytes of the arena in use.
    private var used = 0
    /// Words kept.
    private(set) var count = 0
    /// Glyphs kept, over all words.
    private(set) var glyphCount = 0

    private static let headerSize = 16

    init() {
        let slotCount = 2 * ShapeCache.maximumWords
        slots = calloc(slotCount, MemoryLayout<UInt64>.stride)!.bindMemory(to: UInt64.self, capacity: slotCount)
        slotMask = slotCount - 1
        let longestEntry = Self.glyphsOffset(textCount: ShapeCache.maximumWordLength) + 8
        arenaCapacity = ShapeCache.maximumWords * longestEntry
            + ShapeCache.maximumGlyphs * MemoryLayout<GlyphRecord>.stride
        arena = malloc(arenaCapacity)!
    }

    deinit {
        free(slots)
        free(arena)
    }

    /// Where an entry's glyphs start, from the entry's start.
    @inline(__always)
    private static func glyphsOffset(textCount: Int) -> Int { (headerSize + 2 * textCount + 3) & ~3 }

    /// The glyphs of the word `text[segment]` in `style` (`hash` is ``ShapeCache``'s hash of both),
    /// clusters relative to the word's start; nil when it is not kept. The buffer is valid until
    /// the words are next changed.
    @inline(__always)
    func find(_ text: UnsafeBufferPointer<UInt16>, _ segment: Range<Int>, hash: UInt64,
              style: Int32) -> UnsafeBufferPointer<GlyphRecord>? {
        let first = slot(hash)
        return find(text, segment, hash: hash, style: style, firstSlot: (first, entryHash(first)))
    }

    /// What the first slot `hash` probes holds (read ahead of ``find(_:_:hash:style:firstSlot:)``:
    /// ``ShapeCache`` reads those of several words before it compares any, so their memory is on
    /// its way at once).
    @inline(__always)
    func slot(_ hash: UInt64) -> UInt64 { slots[Int(truncatingIfNeeded: hash) & slotMask] }

    /// The hash of the word `slot` names (0 when it is empty).
    @inline(__always)
    func entryHash(_ slot: UInt64) -> UInt64 { slot == 0 ? 0 : entry(slot).load(as: UInt64.self) }

    /// The start of the word a full slot names.
    @inline(__always)
    private func entry(_ slot: UInt64) -> UnsafeMutableRawPointer {
        arena + 8 * (Int(UInt32(truncatingIfNeeded: slot)) - 1)
    }

    /// ``find(_:_:hash:style:)`` given the first slot's value, read before.
    @inline(__always)
    func find(_ text: UnsafeBufferPointer<UInt16>, _ segment: Range<Int>, hash: UInt64, style: Int32,
              firstSlot: (value: UInt64, hash: UInt64)) -> UnsafeBufferPointer<GlyphRecord>? {
        let tag = UInt32(truncatingIfNeeded: hash >> 32)
        var slot = Int(truncatingIfNeeded: hash) & slotMask
        var (value, entryHash) = firstSlot
        while value != 0 {
            if UInt32(truncatingIfNeeded: value >> 32) == tag {
                let entry = entry(value)
                if entryHash == hash, entry.load(fromByteOffset: 8, as: Int32.self) == style,
                   Int(entry.load(fromByteOffset: 12, as: UInt16.self)) == segment.count {
                    if CodeUnits.same(entry + Self.headerSize, text.baseAddress! + segment.lowerBound,
                                      count: segment.count) {
                        let glyphs = entry + Self.glyphsOffset(textCount: segment.count)
                        return UnsafeBufferPointer(start: glyphs.assumingMemoryBound(to: GlyphRecord.self),
                                                   count: Int(entry.load(fromByteOffset: 14, as: UInt16.self)))
                    }
                }
            }
            slot = (slot + 1) & slotMask
            value = slots[slot]
            entryHash = UInt32(truncatingIfNeeded: value >> 32) == tag ? self.entryHash(value) : 0
        }
        return nil
    }

    /// Keeps the word `text[segment]` in `style` with `glyphs` (clusters relative to its start);
    /// false, keeping nothing, when the cache holds ``ShapeCache/maximumWords`` words or the
    /// glyphs would pass ``ShapeCache/maximumGlyphs``. The word must not be kept already.
    mutating func insert(_ text: UnsafeBufferPointer<UInt16>, _ segment: Range<Int>, hash: UInt64, style: Int32,
                         glyphs: UnsafeBufferPointer<GlyphRecord>) -> Bool {
        guard count < ShapeCache.maximumWords, glyphCount + glyphs.count <= ShapeCache.maximumGlyphs,
              segment.count <= ShapeCache.maximumWordLength else { return false }
        let glyphsOffset = Self.glyphsOffset(textCount: segment.count)
        let size = (glyphsOffset + glyphs.count * MemoryLayout<GlyphRecord>.stride + 7) & ~7
        precondition(used + size <= arenaCapacity, "word arena sized below its bounds")
        let entry = arena + used
        entry.storeBytes(of: hash, as: UInt64.self)
        entry.storeBytes(of: style, toByteOffset: 8, as: Int32.self)
        entry.storeBytes(of: UInt16(segment.count), toByteOffset: 12, as: UInt16.self)
        entry.storeBytes(of: UInt16(glyphs.count), toByteOffset: 14, as: UInt16.self)
        (entry + Self.headerSize).initializeMemory(as: UInt16.self, from: text.baseAddress! + segment.lowerBound,
                                                   count: segment.count)
        if !glyphs.isEmpty {
            (entry + glyphsOffset).initializeMemory(as: GlyphRecord.self, from: glyphs.baseAddress!, count: glyphs.count)
        }
        var slot = Int(truncatingIfNeeded: hash) & slotMask
        while slots[slot] != 0 { slot = (slot + 1) & slotMask }
        slots[slot] = (hash >> 32) << 32 | UInt64(used / 8 + 1)
        used += size
        count += 1
        glyphCount += glyphs.count
        return true
    }

    /// Forgets every word (the memory stays, to be filled again).
    mutating func removeAll() {
        guard count > 0 else { return }
        memset(slots, 0, (slotMask + 1) * MemoryLayout<UInt64>.stride)
        used = 0
        count = 0
        glyphCount = 0
    }
}
