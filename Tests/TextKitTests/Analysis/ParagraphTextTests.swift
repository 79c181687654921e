import Testing
@testable import TextKit
import SeededRandom

/// A paragraph's UTF-16 (what ICU and HarfBuzz read) is made in one pass when no scalar is beyond
/// the BMP, and with surrogate pairs and a table of scalar offsets otherwise: both must give the
/// standard library's UTF-16 and, at every unit, the scalar it belongs to.
@Suite("Paragraph UTF-16")
struct ParagraphTextTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func unitsAndScalarOffsetsAreTheStandardLibrarys(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let pieces = ["a", "Word ", "é", "\u{FFFF}", "\u{10000}", "😀", "𝔸", "漢", "\u{0}", "\u{D7FF}", "\u{E000}",
                      "\u{10FFFF}", "שלום", " "]
        for length in 0..<200 {
            let text = (0..<(length % 50)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let scalars = Array(text.unicodeScalars)
            let paragraph = ParagraphText(scalars[...])
            #expect(paragraph.utf16 == Array(text.utf16), "\(text.debugDescription)")
            var expected: [Int] = []
            for (index, scalar) in scalars.enumerated() {
                expected += Array(repeating: index, count: scalar.utf16.count)
            }
            expected.append(scalars.count)
            #expect((0...paragraph.utf16.count).map { Int(paragraph.scalarOffsets[$0]) } == expected, "\(text.debugDescription)")
        }
    }

    /// The searches for tabs, soft hyphens and mandatory breaks (minimum reductions over the
    /// 16-bit text, in one pass) and for .notdef glyphs (a bit reduction over 16- or 32-bit glyph
    /// ids) find what they look for at every position, blocks and tail included, and nothing else
    /// (neighbours of each character looked for are put in too; ids with their top bit set).
    @Test func searchesFindTheValueAnywhere() {
        let mandatory: [UInt16] = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
        let near: [UInt16] = [0x08, 0x0E, 0x84, 0x86, 0xAC, 0xAE, 0x2027, 0x202A]
        func contains<Value: FixedWidthInteger & UnsignedInteger>(_ value: Value, in values: [Value]) -> Bool {
            values.withUnsafeBufferPointer { Paragraph.contains(value, in: $0) }
        }
        for count in 0..<40 {
            let glyphs = (0..<count).map { [1, 2, 3, 7, 0x8000, 0xFFFF, 0x8000_0000, .max][$0 % 8] as UInt32 }
            let narrowGlyphs = glyphs.map { UInt16(truncatingIfNeeded: $0) | 1 }
            let units = (0..<count).map { near[$0 % near.count] &+ UInt16($0 % 2) * 0x100 }
            let facts = ParagraphAnalysis.characterFacts(units)
            #expect(!contains(0, in: glyphs) && !contains(0, in: narrowGlyphs) && !facts.hasTabs && !facts.hasSoftHyphens
                    && !facts.hasMandatoryBreaks, "\(count)")
            for position in 0..<count {
                var withGlyph = glyphs, withNarrowGlyph = narrowGlyphs
                withGlyph[position] = 0
                withNarrowGlyph[position] = 0
                #expect(contains(0, in: withGlyph) && contains(0, in: withNarrowGlyph), "\(count) \(position)")
                #expect(!contains(8, in: withGlyph) && !contains(8, in: withNarrowGlyph))
                for (unit, kind) in [(UInt16(0x09), 0), (0xAD, 1)] + mandatory.map { ($0, 2) } {
                    var withUnit = units
                    withUnit[position] = unit
                    let found = ParagraphAnalysis.characterFacts(withUnit)
                    #expect([found.hasTabs, found.hasSoftHyphens, found.hasMandatoryBreaks]
                            == [kind == 0, kind == 1, kind == 2], "\(count) \(position) \(unit)")
                }
            }
        }
    }
}
