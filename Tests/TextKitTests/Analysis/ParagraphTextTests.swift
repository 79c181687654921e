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

    /// The searches for tabs, soft hyphens and .notdef glyphs (a minimum reduction for 16-bit
    /// units, lane-wise equality eight at a time for 32-bit glyph ids) answer as `contains` does,
    /// with the value at every position, blocks and tail included.
    @Test func searchesFindTheValueAnywhere() {
        for count in 0..<40 {
            let glyphs = (0..<count).map { UInt32(1 + $0 % 7) }, units = (0..<count).map { UInt16(0x20 + $0 % 50) }
            #expect(!Paragraph.contains(0, in: glyphs) && !Paragraph.contains(0x09, in: units))
            for position in 0..<count {
                var withGlyph = glyphs, withUnit = units
                withGlyph[position] = 0
                withUnit[position] = 0x09
                #expect(Paragraph.contains(0, in: withGlyph), "\(count) \(position)")
                #expect(Paragraph.contains(0x09, in: withUnit), "\(count) \(position)")
                #expect(!Paragraph.contains(8, in: withGlyph))
            }
        }
    }
}
