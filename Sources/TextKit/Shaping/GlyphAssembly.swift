/// The glyph records of one run being assembled word by word: a buffer that grows by doubling,
/// written by a plain loop (an array's `append(contentsOf:)` costs more than copying a word).
/// One serves every run of a paragraph (``removeAll()`` between them): two allocations a
/// paragraph instead of two a run.
final class GlyphAssembly {
    private var storage: UnsafeMutablePointer<GlyphRecord>
    private var capacity: Int
    private(set) var count = 0
    /// Where a word or segment shaped on its own is read from HarfBuzz, before it is appended
    /// (and cached): one array for every word the thread shapes. (Not checked for exclusive
    /// access: an assembly belongs to one thread.)
    @exclusivity(unchecked) var shaped: [GlyphRecord] = []
    /// The segments missing from the cache that are shaped next, together, with the places
    /// their glyphs go (reused: only the first ones the cache counted are current).
    @exclusivity(unchecked) private(set) var missing: [ShapeCache.LookedUp] = []
    /// The text of missing segments that others lie between, copied one after another to be
    /// shaped in one buffer (reused).
    @exclusivity(unchecked) var missingText: [UInt16] = []
    /// The words of ``shaped`` to be added to the cache under its next lock: the first
    /// `shapedWordCount` (reused, as `missing`).
    @exclusivity(unchecked) private(set) var shapedWords: [ShapeCache.ShapedWord] = []
    @exclusivity(unchecked) var shapedWordCount = 0
    /// The cache styles this thread asked caches for lately, with the cache and the input (at
    /// most ``ShapeCache/threadStyleCount``, the oldest replaced first), and the inputs'
    /// ``ShapingInput/quickKey``s, searched first. A cache's styles never change: a run in the
    /// style of one of them, as in text that mixes scripts, skips the cache's lock and its search
    /// of the recent styles, and makes no memo.
    @exclusivity(unchecked) var recentStyles: [ShapeCache.StyleMemo] = []
    @exclusivity(unchecked) var recentStyleKeys: [UInt64] = []
    /// The memo replaced next once ``recentStyles`` is full.
    @exclusivity(unchecked) var oldestStyle = 0

    /// Forgets the recent styles (and the caches and fonts their memos hold).
    func forgetStyles() {
        recentStyles.removeAll()
        recentStyleKeys.removeAll()
        oldestStyle = 0
    }

    /// Keeps `segment` as the missing segment at `index` (at most one past the current ones).
    func keepMissing(_ segment: ShapeCache.LookedUp, at index: Int) {
        if index < missing.count { missing[index] = segment } else { missing.append(segment) }
    }

    /// Keeps `word` after the current shaped words.
    func keepShapedWord(_ word: ShapeCache.ShapedWord) {
        if shapedWordCount < shapedWords.count { shapedWords[shapedWordCount] = word } else { shapedWords.append(word) }
        shapedWordCount += 1
    }

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 8)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// Forgets the records, keeping the buffer.
    func removeAll() { count = 0 }

    /// Appends `records`, adding `clusterOffset` to their clusters.
    func append(_ records: UnsafeBufferPointer<GlyphRecord>, clusterOffset: Int32) {
        if count + records.count > capacity { grow(to: count + records.count) }
        let end = storage + count
        for index in 0..<records.count {
            var record = records[index]
            record.cluster &+= clusterOffset
            (end + index).initialize(to: record)
        }
        count += records.count
    }

    /// Appends the glyphs of a cached word, adding `clusterOffset` to their clusters.
    func append(_ glyphs: CachedGlyphs, clusterOffset: Int32) {
        guard glyphs.isCompact else { return append(glyphs.records, clusterOffset: clusterOffset) }
        if count + glyphs.count > capacity { grow(to: count + glyphs.count) }
        let end = storage + count
        for index in 0..<glyphs.count {
            (end + index).initialize(to: glyphs.compactRecord(index, clusterOffset: clusterOffset))
        }
        count += glyphs.count
    }

    func append(_ records: [GlyphRecord], clusterOffset: Int32) {
        records.withUnsafeBufferPointer { append($0, clusterOffset: clusterOffset) }
    }

    /// Appends `space` (a style's space glyph) once for each of `clusters`, with that cluster.
    func appendSpaces(_ space: GlyphRecord, at clusters: Range<Int>) {
        if count + clusters.count > capacity { grow(to: count + clusters.count) }
        for cluster in clusters {
            var record = space
            record.cluster = Int32(cluster)
            (storage + count).initialize(to: record)
            count += 1
        }
    }

    /// Puts the glyphs of the last `count` shaped words (``shapedWords``, their records in
    /// ``shaped``, clusters from each segment's start) at the places of the first `count`
    /// ``missing`` segments, which they were shaped for: the records after each place move up,
    /// in one pass from the last place back.
    func fillMissing(_ count: Int) {
        let firstWord = shapedWordCount - count
        var added = 0
        for k in 0..<count { added += shapedWords[firstWord + k].records.count }
        if self.count + added > capacity { grow(to: self.count + added) }
        let storage = storage
        var shift = added, end = self.count
        shaped.withUnsafeBufferPointer { shaped in
            for k in stride(from: count - 1, through: 0, by: -1) {
                let segment = missing[k], records = shapedWords[firstWord + k].records
                // (A memmove: the two ranges overlap.)
                UnsafeMutableRawPointer(storage + segment.hole + shift)
                    .copyMemory(from: storage + segment.hole, byteCount: (end - segment.hole) * MemoryLayout<GlyphRecord>.stride)
                shift -= records.count
                let clusterOffset = Int32(segment.start)
                let source = shaped.baseAddress! + records.lowerBound, target = storage + segment.hole + shift
                for index in 0..<records.count {
                    var record = source[index]
                    record.cluster &+= clusterOffset
                    (target + index).initialize(to: record)
                }
                end = segment.hole
            }
        }
        self.count += added
    }

    private func grow(to minimum: Int) {
        let grown = UnsafeMutablePointer<GlyphRecord>.allocate(capacity: Swift.max(2 * capacity, minimum))
        grown.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = grown
        capacity = Swift.max(2 * capacity, minimum)
    }

    /// The records as a run's columns (offsets left out when every one is zero, the
    /// unsafe-to-break flags when no glyph has one), in one allocation.
    func columns() -> GlyphColumns {
        let storage = storage, count = count
        // Each column's offsets or-ed (zero when all are zero), and whether some glyph is unsafe:
        // a pass of its own, as the one allocation needs the columns it holds. (Or-ed as bits,
        // not `||`: a branch in the loop costs more than the or.)
        var xBits: Int32 = 0, yBits: Int32 = 0, unsafeBits: UInt8 = 0
        for index in 0..<count {
            unsafeBits |= unsafeBitCast(storage[index].unsafeToBreak, to: UInt8.self)
            xBits |= storage[index].offsetX
            yBits |= storage[index].offsetY
        }
        let layout = GlyphColumns.Layout(count: count, offsetsX: xBits != 0, offsetsY: yBits != 0, flags: unsafeBits != 0)
        return GlyphColumns(layout) { words in
            // (Int32 and UInt32 are related types: the signed columns are written through the
            // words' memory as they are.)
            let signed = UnsafeMutableRawPointer(words).assumingMemoryBound(to: Int32.self)
            for index in 0..<count {
                let record = storage[index]
                words[index] = record.glyph
                signed[count &+ index] = record.cluster
                signed[2 &* count &+ index] = record.advance
            }
            let (xStart, yStart, flagStart) = (Int(layout.offsetsX), Int(layout.offsetsY), Int(layout.flags))
            if xStart >= 0 {
                for index in 0..<count { signed[xStart &+ index] = storage[index].offsetX }
            }
            if yStart >= 0 {
                for index in 0..<count { signed[yStart &+ index] = storage[index].offsetY }
            }
            if flagStart >= 0 {
                let flags = UnsafeMutableRawPointer(words + flagStart)
                for index in 0..<count { flags.storeBytes(of: storage[index].unsafeToBreak, toByteOffset: index, as: Bool.self) }
            }
        }
    }
}

/// One shaped glyph as the cache keeps and assembles it: one record per glyph, so a word is
/// copied in one loop (``ShapedGlyphs`` keeps a column per field).
struct GlyphRecord {
    var glyph: UInt32 = 0
    var cluster: Int32 = 0
    var advance: Int32 = 0
    var offsetX: Int32 = 0
    var offsetY: Int32 = 0
    var unsafeToBreak = false

    /// Whether this is `space` (a style's space glyph) at cluster `cluster`.
    func isSpace(_ space: GlyphRecord, at cluster: Int32) -> Bool {
        glyph == space.glyph && self.cluster == cluster && advance == space.advance && offsetX == 0 && offsetY == 0
            && space.offsetX == 0 && space.offsetY == 0 && !unsafeToBreak && !space.unsafeToBreak
    }
}
