internal import CICUShim

extension ICU {
    /// Merged into one region for ICU: special units fewer than this many plain units apart
    /// (each region costs the iterator a new text).
    static let graphemeRegionGap = 16

    /// ``graphemeBoundaries(_:pool:)`` of a text with some unit that is not plain (a mark, a
    /// joiner, a Hangul jamo, a surrogate, a CR …; plain: below U+0300 but CR, or
    /// Grapheme_Cluster_Break Other, LV or LVT): every offset between two plain units is a
    /// boundary, as no rule but GB999 (and GB4–GB5 around controls) joins or splits them, and
    /// ICU's character iterator breaks the rest.
    ///
    /// ICU reads each region around special units alone: from the unit before the first special
    /// one to the unit after the last, special units fewer than ``graphemeRegionGap`` plain ones
    /// apart sharing a region. A region starts and ends between two plain units, where every
    /// rule reads no further: the rules that look back past a neighbour (GB9c, GB11, GB12–13)
    /// look back over special units only (Extend, ZWJ, Linker, Regional_Indicator) to the unit
    /// before them, which the region holds. So in a paragraph of Arabic with a few vowel signs,
    /// or of Latin with one emoji, ICU reads a few units around each instead of the whole text.
    ///
    /// `firstSpecial` is the first unit from U+0300 on that is not plain (the scan of
    /// ``graphemeOffsets(_:pool:)`` found it; the units before it are plain or CRs, looked for
    /// again). The iterator takes each region's text once.
    static func regionGraphemeBoundaries(_ text: UnsafeBufferPointer<UInt16>, firstSpecial: Int,
                                         pool: BreakIteratorPool?) -> [Int32] {
        let count = text.count
        let found = graphemePlain.withUnsafeBufferPointer { table -> [Int32]? in
            @inline(__always) func isPlain(_ index: Int) -> Bool { isPlainGraphemeUnit(text[index], in: table) }
            /// The region around the special unit at `index`: from the unit before it to the unit after
            /// the last special unit fewer than ``graphemeRegionGap`` plain units from the one before.
            func regionAround(_ index: Int) -> Range<Int> {
                var end = Swift.min(index + 2, count), scan = index + 1
                while scan < Swift.min(end + graphemeRegionGap, count) {
                    if !isPlain(scan) { end = Swift.min(scan + 2, count) }
                    scan += 1
                }
                return Swift.max(index - 1, 0)..<end
            }
            // (A CR before the first special unit is special too: the first region starts there.)
            var first = 0
            while first < firstSpecial, text[first] != 0x0D { first += 1 }
            var out: [Int32] = []
            out.reserveCapacity(count + 1)
            out.append(0)
            // The next offset to append.
            var next = 1
            let firstRegion = regionAround(first)
            let read = withBreaker(kind: Int32(TSICU_BRK_CHARACTER), locale: "",
                                   text: UnsafeBufferPointer(rebasing: text[firstRegion]), pool: pool) { breaker -> Bool in
                var region = firstRegion
                while true {
                    // The offsets before the region lie between plain units; its start too.
                    while next <= region.lowerBound {
                        out.append(Int32(truncatingIfNeeded: next))
                        next += 1
                    }
                    if region != firstRegion {
                        var status: Int32 = 0
                        tsicu_breaker_set_text(breaker, text.baseAddress! + region.lowerBound, Int32(region.count), &status)
                        guard status <= 0 else { return false }
                    }
                    var position = tsicu_breaker_next(breaker)
                    while position != Int32(TSICU_DONE) {
                        out.append(Int32(truncatingIfNeeded: region.lowerBound) &+ position)
                        position = tsicu_breaker_next(breaker)
                    }
                    next = region.upperBound + 1
                    var special = region.upperBound
                    while special < count, isPlain(special) { special += 1 }
                    guard special < count else { return true }
                    region = regionAround(special)
                }
            }
            guard read == true else { return nil }
            while next <= count {
                out.append(Int32(truncatingIfNeeded: next))
                next += 1
            }
            return out
        }
        return found ?? iteratorGraphemeBoundaries(text, pool: pool)
    }

    /// Whether `unit` is plain for grapheme boundaries: below U+0300 but CR (GB3 joins it to an
    /// LF; GB4–GB5 break around every other control), or Grapheme_Cluster_Break Other, LV or LVT
    /// (``isGraphemePlain(_:in:)``).
    @inline(__always)
    static func isPlainGraphemeUnit(_ unit: UInt16, in table: UnsafeBufferPointer<UInt64>) -> Bool {
        unit < 0x300 ? unit != 0x0D : isGraphemePlain(unit, in: table)
    }
}
