import SeededRandom
import Testing
import TextKit

/// `ICU.graphemeBoundaries` answers without ICU's break iterator when every code unit is below
/// U+0300 or has Grapheme_Cluster_Break Other; these tests hold that answer to the iterator's.
@Suite("Grapheme boundaries fast path")
struct GraphemeFastPathTests {
    /// Every BMP code point between two letters and before a second copy of itself: the fast
    /// path (taken exactly for the units the table calls Other) agrees with the iterator.
    @Test func everyBMPCodePointAgreesWithTheIterator() {
        var disagreements: [String] = []
        for value in UInt32(0x300)...0xFFFF where !(0xD800...0xDFFF).contains(value) {
            let unit = UInt16(value)
            for text: [UInt16] in [[0x61, unit, 0x62, unit], [unit, unit, 0x4E00], [0x05D0, unit, 0x0D, 0x0A, unit]] {
                let (fast, iterator) = boundaries(text)
                if fast != iterator { disagreements.append("U+\(String(value, radix: 16)) in \(text): \(fast) vs \(iterator)") }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }

    /// Random texts of Other units (Han, Kana, Hebrew, Arabic letters, punctuation), ASCII, CR,
    /// LF and a few units that are not Other (marks, ZWJ, a Hangul syllable, Thai vowels, a
    /// surrogate pair): the boundaries equal the iterator's.
    @Test func randomMixedTextsAgreeWithTheIterator() {
        let others = (UInt32(0x300)...0xFFFF).compactMap { value -> UInt16? in
            guard !(0xD800...0xDFFF).contains(value), ICU.isGraphemeOther(UInt16(value)) else { return nil }
            return UInt16(value)
        }
        let special: [UInt16] = [0x0D, 0x0A, 0x20, 0x61, 0x301, 0x200D, 0x200C, 0xAC00, 0x1100, 0x0E33, 0x0E31,
                                 0x094D, 0xFE0F, 0x0600, 0xD83D, 0xDE00]
        var generator = SplitMix64(seed: 0x5EED_6A9E)
        for _ in 0..<5_000 {
            let count = Int(generator.next() % 24) + 1
            let rare = generator.next() % 4 == 0  // a quarter of the texts leave the fast path
            let text = (0..<count).map { _ -> UInt16 in
                switch generator.next() % 8 {
                case 0 where rare: return special[Int(generator.next() % UInt64(special.count))]
                case 0, 1: return UInt16(0x20 + generator.next() % 0x5F)
                case 2: return [0x0D, 0x0A][Int(generator.next() % 2)]
                default: return others[Int(generator.next() % UInt64(others.count))]
                }
            }
            let (fast, iterator) = boundaries(text)
            #expect(fast == iterator, "\(text.map { String($0, radix: 16) })")
        }
    }

    /// The table's answer for a few code points whose class is known from UAX #29.
    @Test func knownClasses() {
        for unit: UInt16 in [0x2019, 0x201C, 0x2014, 0x4E00, 0x3042, 0x05D0, 0x0627, 0x0915, 0x0E01, 0x2122] {
            #expect(ICU.isGraphemeOther(unit), "U+\(String(unit, radix: 16)) is Other")
        }
        for unit: UInt16 in [0x0301, 0x200D, 0x200C, 0x0E33, 0x094D, 0xAC00, 0x1100, 0x0600, 0xFE0F, 0x2028, 0xD83D] {
            #expect(!ICU.isGraphemeOther(unit), "U+\(String(unit, radix: 16)) is not Other")
        }
    }

    private func boundaries(_ text: [UInt16]) -> (fast: [Int32], iterator: [Int32]) {
        text.withUnsafeBufferPointer { (ICU.graphemeBoundaries($0), ICU.iteratorGraphemeBoundaries($0)) }
    }
}
