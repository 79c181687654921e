/// The glyphs of one run being assembled word by word, column by column (ids, clusters,
/// advances, x and y offsets, unsafe-to-break flags) in buffers that grow by doubling, written by
/// plain loops (an array's `append(contentsOf:)` costs more than copying a word). One serves every
/// run of a paragraph (``removeAll()`` between them): two allocations a paragraph instead of two
/// a run.
///
/// Kept as the run's columns are (``GlyphColumns``), so making them copies each column at once
/// (narrowing ids, clusters and advances to 16 bits when every one fits); the offset columns
/// are written only once a glyph has an offset (most runs have none), and whether any glyph has
/// an offset or a flag, or a value wider than 16 bits, is or-ed as glyphs are appended.
final class GlyphAssembly {
    // (None of the state is checked for exclusive access: an assembly belongs to one thread,
    // and a check costs more than most words' copies.)
    @exclusivity(unchecked) private var glyphs: UnsafeMutablePointer<UInt32>
    @exclusivity(unchecked) private var clusters: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) private var advances: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) private var offsetsX: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) private var offsetsY: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) private var flags: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private(set) var count = 0
    /// Whether the offset columns hold the first `count` glyphs' offsets (else every one is zero).
    @exclusivity(unchecked) private var writesOffsets = false
    /// The offsets and flags of the glyphs so far, or-ed (zero: none).
    @exclusivity(unchecked) private var xBits: Int32 = 0
    @exclusivity(unchecked) private var yBits: Int32 = 0
    @exclusivity(unchecked) private var flagBits: UInt8 = 0
    /// The bits of ids, clusters and advances that do not fit 16 bits, or-ed (zero: the
    /// columns can be narrow, ``GlyphColumns/Layout/narrow``).
    @exclusivity(unchecked) private var misfitBits: UInt32 = 0
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
        glyphs = .allocate(capacity: self.capacity)
        clusters = .allocate(capacity: self.capacity)
        advances = .allocate(capacity: self.capacity)
        offsetsX = .allocate(capacity: self.capacity)
        offsetsY = .allocate(capacity: self.capacity)
        flags = .allocate(capacity: self.capacity)
    }

    deinit {
        glyphs.deallocate()
        clusters.deallocate()
        advances.deallocate()
        offsetsX.deallocate()
        offsetsY.deallocate()
        flags.deallocate()
    }

    /// Forgets the glyphs, keeping the buffers.
    func removeAll() {
        count = 0
        writesOffsets = false
        (xBits, yBits, flagBits, misfitBits) = (0, 0, 0, 0)
    }

    /// Writes `records` at `at` (within the capacity), adding `clusterOffset` to their clusters;
    /// the offset columns from then on if one has an offset (the glyphs in use, up to `end`,
    /// given offsets of zero first).
    @inline(__always)
    private func write(_ records: UnsafeBufferPointer<GlyphRecord>, at: Int, clusterOffset: Int32, end: Int) {
        // (The columns read once into locals: a class's stored property is checked for exclusive
        // access at each read.)
        let (glyphs, clusters, advances, flags) = (glyphs, clusters, advances, flags)
        var x: Int32 = 0, y: Int32 = 0, unsafe: UInt8 = 0, misfit: UInt32 = 0
        for index in 0..<records.count {
            let record = records[index]
            let cluster = record.cluster &+ clusterOffset
            glyphs[at &+ index] = record.glyph
            clusters[at &+ index] = cluster
            advances[at &+ index] = record.advance
            misfit |= GlyphColumns.Layout.narrowMisfit(glyph: record.glyph, cluster: cluster, advance: record.advance)
            let flag = unsafeBitCast(record.unsafeToBreak, to: UInt8.self)
            flags[at &+ index] = flag
            x |= record.offsetX
            y |= record.offsetY
            unsafe |= flag
        }
        flagBits |= unsafe
        misfitBits |= misfit
        guard (x | y) != 0 || writesOffsets else { return }
        if !writesOffsets {
            // The first offsets: every glyph before had none.
            offsetsX.update(repeating: 0, count: end)
            offsetsY.update(repeating: 0, count: end)
            writesOffsets = true
        }
        let (offsetsX, offsetsY) = (offsetsX, offsetsY)
        for index in 0..<records.count {
            offsetsX[at &+ index] = records[index].offsetX
            offsetsY[at &+ index] = records[index].offsetY
        }
        xBits |= x
        yBits |= y
    }

    /// Appends `records`, adding `clusterOffset` to their clusters.
    func append(_ records: UnsafeBufferPointer<GlyphRecord>, clusterOffset: Int32) {
        if count + records.count > capacity { grow(to: count + records.count) }
        write(records, at: count, clusterOffset: clusterOffset, end: count)
        count += records.count
    }

    /// Appends the glyphs of a cached word, adding `clusterOffset` to their clusters.
    func append(_ cached: CachedGlyphs, clusterOffset: Int32) {
        guard cached.isCompact else { return append(cached.records, clusterOffset: clusterOffset) }
        if count + cached.count > capacity { grow(to: count + cached.count) }
        // (Compact records have no offsets.)
        let start = count, base = cached.base
        let (glyphs, clusters, advances, flags) = (glyphs, clusters, advances, flags)
        var unsafe: UInt8 = 0
        for index in 0..<cached.count {
            let at = CachedGlyphs.compactStride &* index
            glyphs[start &+ index] = UInt32(base.load(fromByteOffset: at, as: UInt16.self))
            advances[start &+ index] = Int32(base.load(fromByteOffset: at &+ 2, as: Int16.self))
            clusters[start &+ index] = Int32(base.load(fromByteOffset: at &+ 4, as: UInt8.self)) &+ clusterOffset
            let flag = base.load(fromByteOffset: at &+ 5, as: UInt8.self)
            flags[start &+ index] = flag
            unsafe |= flag
        }
        flagBits |= unsafe
        // (A compact record's id and advance fit 16 bits; its cluster is a byte past the offset,
        // the last the largest.)
        if cached.count > 0 { misfitBits |= UInt32(bitPattern: clusters[count &+ cached.count &- 1]) >> 16 }
        if writesOffsets {
            (offsetsX + start).update(repeating: 0, count: cached.count)
            (offsetsY + start).update(repeating: 0, count: cached.count)
        }
        count += cached.count
    }

    func append(_ records: [GlyphRecord], clusterOffset: Int32) {
        records.withUnsafeBufferPointer { append($0, clusterOffset: clusterOffset) }
    }

    /// Appends `space` (a style's space glyph) once for each of `clusters`, with that cluster.
    @inline(__always)
    func appendSpaces(_ space: GlyphRecord, at clusters: Range<Int>) {
        if count + clusters.count > capacity { grow(to: count + clusters.count) }
        guard (space.offsetX | space.offsetY) == 0 else {
            for cluster in clusters {
                var record = space
                record.cluster = Int32(cluster)
                withUnsafePointer(to: record) { write(UnsafeBufferPointer(start: $0, count: 1), at: count, clusterOffset: 0, end: count) }
                count += 1
            }
            return
        }
        let (glyphs, clusterColumn, advances, flags) = (glyphs, self.clusters, advances, flags)
        let flag = unsafeBitCast(space.unsafeToBreak, to: UInt8.self)
        var at = count
        for cluster in clusters {
            glyphs[at] = space.glyph
            clusterColumn[at] = Int32(truncatingIfNeeded: cluster)
            advances[at] = space.advance
            flags[at] = flag
            at += 1
        }
        if writesOffsets {
            (offsetsX + count).update(repeating: 0, count: clusters.count)
            (offsetsY + count).update(repeating: 0, count: clusters.count)
        }
        if at > count {
            flagBits |= flag
            misfitBits |= GlyphColumns.Layout.narrowMisfit(glyph: space.glyph, cluster: Int32(truncatingIfNeeded: clusters.upperBound - 1),
                                                           advance: space.advance)
        }
        count = at
    }

    /// Puts the glyphs of the last `count` shaped words (``shapedWords``, their records in
    /// ``shaped``, clusters from each segment's start) at the places of the first `count`
    /// ``missing`` segments, which they were shaped for: the glyphs after each place move up,
    /// in one pass from the last place back.
    func fillMissing(_ count: Int) {
        let firstWord = shapedWordCount - count
        var added = 0
        for k in 0..<count { added += shapedWords[firstWord + k].records.count }
        if self.count + added > capacity { grow(to: self.count + added) }
        var shift = added, end = self.count
        shaped.withUnsafeBufferPointer { shaped in
            for k in stride(from: count - 1, through: 0, by: -1) {
                let segment = missing[k], records = shapedWords[firstWord + k].records
                moveColumns(from: segment.hole, count: end - segment.hole, by: shift)
                shift -= records.count
                write(UnsafeBufferPointer(rebasing: shaped[records]), at: segment.hole + shift,
                      clusterOffset: Int32(segment.start), end: self.count + added)
                end = segment.hole
            }
        }
        self.count += added
    }

    /// Moves the `count` glyphs from `start` up by `shift` places (the ranges may overlap).
    private func moveColumns(from start: Int, count: Int, by shift: Int) {
        guard count > 0, shift > 0 else { return }
        func move<Value>(_ column: UnsafeMutablePointer<Value>) {
            UnsafeMutableRawPointer(column + start + shift)
                .copyMemory(from: column + start, byteCount: count * MemoryLayout<Value>.stride)
        }
        move(glyphs)
        move(clusters)
        move(advances)
        move(flags)
        if writesOffsets {
            move(offsetsX)
            move(offsetsY)
        }
    }

    private func grow(to minimum: Int) {
        let grown = Swift.max(2 * capacity, minimum)
        func regrow<Value>(_ column: inout UnsafeMutablePointer<Value>, _ valid: Int) {
            let new = UnsafeMutablePointer<Value>.allocate(capacity: grown)
            new.moveInitialize(from: column, count: valid)
            column.deallocate()
            column = new
        }
        regrow(&glyphs, count)
        regrow(&clusters, count)
        regrow(&advances, count)
        regrow(&flags, count)
        regrow(&offsetsX, writesOffsets ? count : 0)
        regrow(&offsetsY, writesOffsets ? count : 0)
        capacity = grown
    }

    /// The glyphs as a run's columns (ids, clusters and advances in 16 bits when every one fits;
    /// offsets left out when every one is zero, the unsafe-to-break flags when no glyph has one),
    /// in one allocation, each column copied (or narrowed) at once.
    func columns() -> GlyphColumns {
        let count = count
        let (offsetsX, offsetsY, flags) = (offsetsX, offsetsY, flags)
        return GlyphColumns(glyphs: UnsafeBufferPointer(start: glyphs, count: count),
                            clusters: UnsafeBufferPointer(start: clusters, count: count),
                            advances: UnsafeBufferPointer(start: advances, count: count), fitsNarrow: misfitBits == 0,
                            offsetsX: xBits != 0, offsetsY: yBits != 0, flags: flagBits != 0) { words, layout in
            guard count > 0 else { return }
            func copy<Value>(_ column: UnsafeMutablePointer<Value>, to start: Int32) {
                UnsafeMutableRawPointer(words + Int(start)).copyMemory(from: column, byteCount: count * MemoryLayout<Value>.stride)
            }
            if layout.offsetsX >= 0 { copy(offsetsX, to: layout.offsetsX) }
            if layout.offsetsY >= 0 { copy(offsetsY, to: layout.offsetsY) }
            if layout.flags >= 0 { copy(flags, to: layout.flags) }
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
