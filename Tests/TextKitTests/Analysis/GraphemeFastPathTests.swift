import Foundation
import SeededRandom
import TestFixtures
import Testing
import TextKit

/// `ICU.graphemeBoundaries` answers without ICU's break iterator when every code unit is below
/// U+0300 or has Grapheme_Cluster_Break Other, LV or LVT (plain), and otherwise asks the
/// iterator only about the regions around the other units; these tests hold that answer to the
/// iterator's on the whole text.
@Suite("Grapheme boundaries fast path")
struct GraphemeFastPathTests {
    /// Every BMP code point between two letters and before a second copy of itself: the fast
    /// path (taken exactly for the units the table calls plain) agrees with the iterator.
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

    /// Random texts of plain units (Han, Kana, Hebrew, Arabic letters, Hangul syllables,
    /// punctuation), ASCII, CR, LF and a few units that are not plain (marks, ZWJ, Hangul jamo,
    /// Thai vowels, a surrogate pair): the boundaries equal the iterator's.
    @Test func randomMixedTextsAgreeWithTheIterator() {
        let others = (UInt32(0x300)...0xFFFF).compactMap { value -> UInt16? in
            guard !(0xD800...0xDFFF).contains(value), ICU.isGraphemePlain(UInt16(value)) else { return nil }
            return UInt16(value)
        }
        let special: [UInt16] = [0x0D, 0x0A, 0x20, 0x61, 0x301, 0x200D, 0x200C, 0xAC00, 0x1100, 0x1161, 0x11A8, 0x0E33, 0x0E31,
                                 0x094D, 0xFE0F, 0x0600, 0xD83D, 0xDE00]
        var generator = SplitMix64(seed: 0x5EED_6A9E)
        for round in 0..<8_000 {
            // Short texts, and (one in four) long ones with special units far apart.
            let count = round % 4 == 3 ? Int(generator.next() % 160) + 1 : Int(generator.next() % 24) + 1
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

    /// Every BMP code point that is not plain, alone and in pairs, near and far from the next
    /// (so regions start, end and merge at every distance around ``ICU/graphemeRegionGap``),
    /// between plain units of several kinds: the boundaries equal the iterator's on the whole text.
    @Test func everySpecialUnitAtEveryDistanceAgreesWithTheIterator() {
        let specials = (UInt32(0x300)...0xFFFF).compactMap { value -> UInt16? in
            guard !(0xD800...0xDFFF).contains(value), !ICU.isGraphemePlain(UInt16(value)) else { return nil }
            return UInt16(value)
        }
        #expect(specials.count > 1_000)
        let plain: [UInt16] = [0x61, 0x4E00, 0x0915, 0x0627, 0x20]
        var disagreements: [String] = []
        var generator = SplitMix64(seed: 0x6A9E_0002)
        for (number, unit) in specials.enumerated() {
            let other = specials[Int(generator.next() % UInt64(specials.count))]
            let gap = [0, 1, 2, 3, 14, 15, 16, 17, 30][number % 9]
            let filler = plain[number % plain.count]
            var text = [UInt16](repeating: filler, count: 3) + [unit] + [UInt16](repeating: 0x62, count: gap) + [other, unit]
            text += [UInt16](repeating: filler, count: 20) + [unit, 0x0D, 0x0A, unit]
            let (fast, iterator) = boundaries(text)
            if fast != iterator { disagreements.append("U+\(String(unit, radix: 16)), gap \(gap): \(fast) vs \(iterator)") }
            // At the text's ends.
            for edge: [UInt16] in [[unit, filler, filler], [filler, filler, unit], [unit]] {
                let (fast, iterator) = boundaries(edge)
                if fast != iterator { disagreements.append("U+\(String(unit, radix: 16)) at an end: \(fast) vs \(iterator)") }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }

    /// Every case of `GraphemeBreakTest.txt` padded with plain units, alone and twice over at
    /// several distances, and the fixture texts of every script (UDHR included), paragraph by
    /// paragraph: the boundaries equal the iterator's.
    @Test func testFileCasesAndFixtureTextsInContextAgreeWithTheIterator() throws {
        let file = try String(contentsOfFile: Fixtures.path("Fixtures/unicode/GraphemeBreakTest.txt"), encoding: .utf8)
        var cases = 0
        for line in file.split(separator: "\n") where !line.hasPrefix("#") {
            let codes = line.split(separator: "#")[0].split(whereSeparator: { "÷×\t ".contains($0) })
            let scalars = codes.compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            guard !scalars.isEmpty else { continue }
            let utf16 = Array(String(String.UnicodeScalarView(scalars)).utf16)
            cases += 1
            for gap in [0, 5, 16, 40] {
                let text = Array("ab".utf16) + utf16 + Array(String(repeating: "c", count: gap).utf16) + utf16 + Array("\u{4E00}d".utf16)
                let (fast, iterator) = boundaries(text)
                #expect(fast == iterator, "\(line), gap \(gap)")
            }
        }
        #expect(cases > 500)
        var paragraphs = 0
        let udhr = try FileManager.default.contentsOfDirectory(atPath: Fixtures.path("Fixtures/texts/udhr"))
            .filter { $0.hasSuffix(".txt") }.map { "udhr/\($0)" }
        let scripts = try FileManager.default.contentsOfDirectory(atPath: Fixtures.path("Fixtures/unicode/texts"))
            .filter { $0.hasSuffix(".txt") }.map { "../unicode/texts/\($0)" }
        for name in udhr + scripts {
            for paragraph in try Fixtures.text(name).split(separator: "\n") {
                let (fast, iterator) = boundaries(Array(paragraph.utf16))
                #expect(fast == iterator, "\(name): \(paragraph.prefix(40))")
                paragraphs += 1
            }
        }
        #expect(paragraphs >= 25)
    }

    /// The table's answer for a few code points whose class is known from UAX #29 (Hangul
    /// syllables LV 가 and LVT 각 are plain, jamo are not).
    @Test func knownClasses() {
        for unit: UInt16 in [0x2019, 0x201C, 0x2014, 0x4E00, 0x3042, 0x05D0, 0x0627, 0x0915, 0x0E01, 0x2122, 0xAC00, 0xAC01] {
            #expect(ICU.isGraphemePlain(unit), "U+\(String(unit, radix: 16)) is plain")
        }
        for unit: UInt16 in [0x0301, 0x200D, 0x200C, 0x0E33, 0x094D, 0x1100, 0x1161, 0x11A8, 0x0600, 0xFE0F, 0x2028, 0xD83D] {
            #expect(!ICU.isGraphemePlain(unit), "U+\(String(unit, radix: 16)) is not plain")
        }
    }

    private func boundaries(_ text: [UInt16]) -> (fast: [Int32], iterator: [Int32]) {
        text.withUnsafeBufferPointer { (ICU.graphemeBoundaries($0), ICU.iteratorGraphemeBoundaries($0)) }
    }
}
