/// Looking words up in the cache, under its lock: the cached words of a run appended, and the
/// missing ones after them found.
extension ShapeCache {
    /// Appends the glyphs of the cached words from `start` on, each followed by the style's space
    /// glyph for each of its trailing spaces, up to the first segment that is not cached (or the
    /// end of `range`); returns where it stopped, how many words it took, and how many segments
    /// from there on are missing (``missingSegments(_:_:from:count:in:style:space:into:)``: 0
    /// when the first is not cacheable). One pass under the caller's lock.
    ///
    /// Words are looked up in batches (up to ``lookupBatch``), in stages: find the segments, read their
    /// first slots, read the words those name, then compare and copy. A word of a megabyte's
    /// vocabulary is rarely in the processor's cache; looked up one by one, each waited for its
    /// slot, then for its entry, where a batch waits about once for all of them.
    static func appendCachedWords(_ state: borrowing State, _ text: UnsafeBufferPointer<UInt16>, from start: Int,
                                  in range: Range<Int>, style cacheStyle: CacheStyle,
                                  to out: GlyphAssembly) -> (reached: Int, hits: Int, missing: Int) {
        var start = start, hits = 0, missing = 0
        let style = cacheStyle.id, readsContext = cacheStyle.readsContext
        let space = state.space(style)
        withUnsafeTemporaryAllocation(of: LookedUp.self, capacity: lookupBatch) { batch in
            // One word first, then batches doubling up to lookupBatch while every word hits: a
            // run whose first words miss (text in a language met for the first time) looks up
            // no words it will not use.
            var size = 1
            while start < range.upperBound {
                var count = 0, end = start
                while count < size, end < range.upperBound {
                    let segment = segmentEnd(text, from: end, limit: range.upperBound, style: style)
                    batch[count] = LookedUp(end: segment.end, wordEnd: segment.wordEnd, hash: segment.hash)
                    end = segment.end
                    count += 1
                }
                for index in 0..<count { batch[index].slot = state.words.slot(batch[index].hash) }
                for index in 0..<count { batch[index].entryHash = state.words.entryHash(batch[index].slot) }
                for index in 0..<count {
                    let word = batch[index]
                    let cacheable = isCacheable(text, start..<word.end, in: range, readsContext: readsContext)
                    guard cacheable, word.wordEnd == word.end || space != nil,
                          let glyphs = state.words.find(text, start..<word.wordEnd, hash: word.hash, style: style,
                                                        firstSlot: (word.slot, word.entryHash))
                    else {
                        if cacheable {
                            out.keepMissing(word, at: 0)
                            missing = missingSegments(state, text, from: word.end, count: 1, in: range,
                                                      style: cacheStyle, space: space, into: out)
                        }
                        return
                    }
                    hits += 1
                    out.append(glyphs, clusterOffset: Int32(start))
                    if let space { out.appendSpaces(space, at: word.wordEnd..<word.end) }
                    start = word.end
                }
                size = min(2 * size, lookupBatch)
            }
        }
        return (start, hits, missing)
    }

    /// Words looked up together by ``appendCachedWords(_:_:from:in:style:to:)``.
    static let lookupBatch = 16

    /// A segment being looked up: where it and its word end, its hash, and what its first slot
    /// holds.
    struct LookedUp {
        var end: Int, wordEnd: Int, hash: UInt64
        var slot: UInt64 = 0, entryHash: UInt64 = 0
    }

    /// The segments from `start` on that are missing from the cache, after the `count` found
    /// before them (``GlyphAssembly/missing``), up to the first found in it, not cacheable
    /// (``isCacheable(_:_:in:readsContext:)``), past `range`, or with the hash of one before it
    /// (a word met twice is shaped once: the second finds the first in the cache), at most
    /// ``missingBatch`` in all; kept in ``GlyphAssembly/missing``, returns how many it holds. A
    /// segment whose word is kept but whose spaces are not known yet (`space` nil) counts as
    /// missing: it is shaped with its spaces, which teach the cache the style's space glyph.
    private static func missingSegments(_ state: borrowing State, _ text: UnsafeBufferPointer<UInt16>, from start: Int,
                                        count: Int, in range: Range<Int>, style cacheStyle: CacheStyle,
                                        space: GlyphRecord?, into out: GlyphAssembly) -> Int {
        var start = start, count = count
        while start < range.upperBound, count < missingBatch {
            let (end, wordEnd, hash) = segmentEnd(text, from: start, limit: range.upperBound, style: cacheStyle.id)
            guard isCacheable(text, start..<end, in: range, readsContext: cacheStyle.readsContext),
                  !out.missing[..<count].contains(where: { $0.hash == hash }),
                  wordEnd < end && space == nil
                    || state.words.find(text, start..<wordEnd, hash: hash, style: cacheStyle.id) == nil else { break }
            out.keepMissing(LookedUp(end: end, wordEnd: wordEnd, hash: hash), at: count)
            count += 1
            start = end
        }
        return count
    }

    /// The most missing segments shaped in one buffer.
    static let missingBatch = 32
}
