/// Looking words up in the cache, under its lock: the cached words of a run appended, and room
/// left for the missing ones between them.
extension ShapeCache {
    /// Appends the glyphs of the cached words from `start` on, each followed by the style's space
    /// glyph for each of its trailing spaces; a missing segment is kept in
    /// ``GlyphAssembly/missing`` with the place its glyphs go (a hole: the glyphs after it are
    /// moved up once it is shaped, ``GlyphAssembly/fillMissing(_:)``), and the scan goes on. It
    /// stops at the end of `range`, at a segment that is not cacheable (shaped in place next),
    /// at a missing word met before in this scan (found in the cache once the others are shaped
    /// and kept), after ``missingBatch`` missing segments, or once ``wordsPerLock`` words are
    /// looked up or once the young generation turned (`paused`: the caller lets the lock go and
    /// goes on; after a turn the slots read ahead are another table's). Returns where it stopped,
    /// how many words it took from the cache, and how many segments are missing. One pass under
    /// the caller's lock.
    ///
    /// Words are looked up in batches (up to ``lookupBatch``), in stages: find the segments, read their
    /// first slots, read the words those name, then compare and copy. A word of a megabyte's
    /// vocabulary is rarely in the processor's cache; looked up one by one, each waited for its
    /// slot, then for its entry, where a batch waits about once for all of them.
    static func appendCachedWords(_ state: inout State, _ text: UnsafeBufferPointer<UInt16>, from start: Int,
                                  in range: Range<Int>, style cacheStyle: CacheStyle,
                                  to out: GlyphAssembly) -> (reached: Int, hits: Int, missing: Int, paused: Bool) {
        var start = start, hits = 0, missing = 0, paused = false
        let style = cacheStyle.id, readsContext = cacheStyle.readsContext
        let space = state.space(style), turns = state.turns
        withUnsafeTemporaryAllocation(of: LookedUp.self, capacity: lookupBatch) { batch in
            // One word first, then batches doubling up to lookupBatch: a run whose first word is
            // all there is looks up no words it will not use.
            var size = 1
            while start < range.upperBound {
                var count = 0, end = start
                while count < size, end < range.upperBound {
                    let segment = segmentEnd(text, from: end, limit: range.upperBound, style: style)
                    batch[count] = LookedUp(start: end, end: segment.end, wordEnd: segment.wordEnd, hash: segment.hash)
                    end = segment.end
                    count += 1
                }
                for index in 0..<count { batch[index].slot = state.words.slot(batch[index].hash) }
                for index in 0..<count { batch[index].entryHash = state.words.entryHash(batch[index].slot) }
                for index in 0..<count {
                    var word = batch[index]
                    guard isCacheable(text, start..<word.end, in: range, readsContext: readsContext) else { return }
                    // (A word kept whose spaces are not known yet counts as missing: shaped with its
                    // spaces, it teaches the cache the style's space glyph.)
                    let keyed = word.wordEnd == word.end || space != nil
                    var found = keyed ? state.words.find(text, start..<word.wordEnd, hash: word.hash, style: style,
                                                         firstSlot: (word.slot, word.entryHash)) : nil
                    var turned = false
                    if keyed, found == nil, state.older.count > 0 {
                        // (Only once the young generation has turned: most texts never get here.)
                        // Looked for in the young generation again, not by the slot read ahead: a
                        // word twice in the batch was copied into it by its first look-up.
                        found = state.find(text, start..<word.wordEnd, hash: word.hash, style: style)
                        turned = state.turns != turns
                    }
                    if let glyphs = found {
                        hits += 1
                        out.append(glyphs, clusterOffset: Int32(start))
                        if let space { out.appendSpaces(space, at: word.wordEnd..<word.end) }
                    } else {
                        guard missing < missingBatch, !out.missing[..<missing].contains(where: { $0.hash == word.hash })
                        else { return }
                        word.hole = out.count
                        out.keepMissing(word, at: missing)
                        missing += 1
                    }
                    start = word.end
                    if turned {
                        paused = start < range.upperBound
                        return
                    }
                }
                size = min(2 * size, lookupBatch)
                if hits + missing >= wordsPerLock, start < range.upperBound {
                    paused = true
                    return
                }
            }
        }
        return (start, hits, missing, paused)
    }

    /// The most words one hold of the cache's lock looks up: a long paragraph's run is looked up
    /// in pieces, so a thread waiting for the lock waits for one piece (some tens of
    /// microseconds at most, within ``Locked``'s spin before it sleeps), not for the whole run.
    static let wordsPerLock = 64

    /// Words looked up together by ``appendCachedWords(_:_:from:in:style:to:)``.
    static let lookupBatch = 16

    /// A segment being looked up: where it starts, where it and its word end, its hash, and what
    /// its first slot holds; once missing, the place among the run's glyphs where its own go.
    struct LookedUp {
        var start: Int, end: Int, wordEnd: Int, hash: UInt64
        var slot: UInt64 = 0, entryHash: UInt64 = 0
        var hole = 0
    }

    /// The most missing segments shaped in one buffer.
    static let missingBatch = 32
}
