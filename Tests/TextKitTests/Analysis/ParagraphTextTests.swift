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
}
