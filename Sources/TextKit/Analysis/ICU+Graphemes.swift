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
    static func regionGraphemeBoundaries(_ text: UnsafeBufferPointer<UInt16>, pool: BreakIteratorPool?) -> [Int32] {
        let count = text.count
        guard count > 0 else { return [0] }
        let table = graphemePlain
        let found = table.withUnsafeBufferPointer { other -> [Int32]? in
            @inline(__always) func isPlain(_ index: Int) -> Bool {
                let unit = text[index]
                return unit < 0x300 ? unit != 0x0D : isGraphemePlain(unit, in: other)
            }
            var out: [Int32] = []
            out.reserveCapacity(count + 1)
            out.append(0)
            // The next offset to append, and the next unit to look at.
            var next = 1, index = 0
            let read = withBreaker(kind: Int32(TSICU_BRK_CHARACTER), locale: "", text: text, pool: pool) { breaker -> Bool in
                while index < count {
                    if isPlain(index) {
                        index += 1
                        continue
                    }
                    let start = Swift.max(index - 1, 0)
                    var end = Swift.min(index + 2, count), scan = index + 1
                    while scan < Swift.min(end + graphemeRegionGap, count) {
                        if !isPlain(scan) { end = Swift.min(scan + 2, count) }
                        scan += 1
                    }
                    // The offsets before the region lie between plain units; its start too.
                    while next <= start {
                        out.append(Int32(truncatingIfNeeded: next))
                        next += 1
                    }
                    var status: Int32 = 0
                    tsicu_breaker_set_text(breaker, text.baseAddress! + start, Int32(end - start), &status)
                    guard status <= 0 else { return false }
                    var position = tsicu_breaker_next(breaker)
                    while position != Int32(TSICU_DONE) {
                        out.append(Int32(truncatingIfNeeded: start) &+ position)
                        position = tsicu_breaker_next(breaker)
                    }
                    next = end + 1
                    index = end
                }
                return true
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
}
